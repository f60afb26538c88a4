//! The standard streams as the process was given them.
//!
//! When a program starts with stdin, stdout or stderr closed (`>&-` in a
//! shell), Rust's runtime quietly opens `/dev/null` in its place before
//! `main`, so writes "succeed" and a closed stdout would look like success.
//! A constructor that runs before the runtime's start-up notes which of the
//! three descriptors were closed, so the commands can say so instead.
//!
//! This is the only state outside `main`: written once, before `main`, and
//! only read after.

use std::sync::atomic::{AtomicU8, Ordering};

/// Bit `fd` is set when descriptor `fd` (0, 1 or 2) was closed at start.
static CLOSED_AT_START: AtomicU8 = AtomicU8::new(0);

/// Whether stdin was closed when the process started.
pub fn stdin_closed() -> bool {
    CLOSED_AT_START.load(Ordering::Relaxed) & 1 != 0
}

/// Whether stdout was closed when the process started.
pub fn stdout_closed() -> bool {
    CLOSED_AT_START.load(Ordering::Relaxed) & 2 != 0
}

/// Whether `signal` is ignored now, as a shell leaves SIGINT for a
/// background job or `nohup` SIGHUP. Such a signal must stay ignored:
/// whoever started us asked for that.
#[cfg(unix)]
#[allow(unsafe_code)]
pub fn ignored(signal: i32) -> bool {
    // SAFETY: with a null new action, `sigaction` only writes the current
    // action into `old`, a properly sized and aligned value we own; it is
    // zeroed first, which is a valid `sigaction` value.
    unsafe {
        let mut old: libc::sigaction = std::mem::zeroed();
        libc::sigaction(signal, std::ptr::null(), &mut old) == 0
            && old.sa_sigaction == libc::SIG_IGN
    }
}

/// Starts a thread that waits for SIGINT, SIGTERM and SIGHUP (those not
/// ignored when the process started: whoever started us asked for that),
/// runs `last` with the first that comes, then ends the process as the
/// signal's default action would, so the shell sees the usual status (128
/// plus the signal's number).
#[cfg(unix)]
pub fn on_ending_signal(last: impl FnOnce(i32) + Send + 'static) {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    use signal_hook::iterator::Signals;
    let wanted: Vec<i32> = [SIGINT, SIGTERM, SIGHUP]
        .into_iter()
        .filter(|&s| !ignored(s))
        .collect();
    let Ok(mut signals) = Signals::new(wanted) else {
        return;
    };
    std::thread::spawn(move || {
        if let Some(signal) = signals.forever().next() {
            last(signal);
            let _ = signal_hook::low_level::emulate_default_handler(signal);
            // Raised again with its default action, the signal ends the
            // process; on a loaded machine its delivery can lag, so give it
            // time before ending the process by hand with the shell's code.
            std::thread::sleep(std::time::Duration::from_secs(2));
            std::process::exit(128 + signal);
        }
    });
}

/// Signals are not watched on this platform.
#[cfg(not(unix))]
pub fn on_ending_signal(_last: impl FnOnce(i32) + Send + 'static) {}

/// The settings of the terminal on stdin (echo, line editing), noted so
/// that they can be put back from a signal's thread when the game ends in
/// the middle of the line editor, which keeps the terminal raw while it
/// reads.
#[derive(Clone, Copy)]
pub struct TerminalMode {
    #[cfg(unix)]
    termios: libc::termios,
}

impl std::fmt::Debug for TerminalMode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("TerminalMode")
    }
}

impl TerminalMode {
    /// The settings of the terminal on stdin now; `None` when stdin is not
    /// a terminal.
    #[cfg(unix)]
    #[allow(unsafe_code)]
    pub fn of_stdin() -> Option<TerminalMode> {
        // SAFETY: `tcgetattr` writes the settings into `termios`, a value we
        // own of the right size and alignment (zeroed first, a valid
        // `termios`); it fails without writing when fd 0 is no terminal.
        unsafe {
            let mut termios: libc::termios = std::mem::zeroed();
            (libc::tcgetattr(0, &mut termios) == 0).then_some(TerminalMode { termios })
        }
    }

    /// Not on this platform.
    #[cfg(not(unix))]
    pub fn of_stdin() -> Option<TerminalMode> {
        None
    }

    /// Puts the settings back, once the output written so far is sent; a
    /// failure (the terminal is gone) is ignored.
    #[cfg(unix)]
    #[allow(unsafe_code)]
    pub fn restore(&self) {
        // SAFETY: `tcsetattr` only reads `termios`, a valid value we own;
        // on a descriptor that is no longer a terminal it fails harmlessly.
        unsafe {
            libc::tcsetattr(0, libc::TCSADRAIN, &self.termios);
        }
    }

    /// Not on this platform.
    #[cfg(not(unix))]
    pub fn restore(&self) {}
}

#[cfg(target_os = "linux")]
#[allow(unsafe_code)]
mod at_start {
    use super::*;

    /// Records which of the descriptors 0, 1, 2 are closed. It runs from
    /// the C library's start-up, before Rust's runtime opens `/dev/null` on
    /// the closed ones.
    extern "C" fn note_closed_descriptors() {
        let mut closed = 0;
        for fd in 0..3 {
            // SAFETY: `fcntl(F_GETFD)` only reads the descriptor's flags;
            // it has no memory arguments and is safe on any integer,
            // failing with EBADF on a descriptor that is not open.
            if unsafe { libc::fcntl(fd, libc::F_GETFD) } == -1 {
                closed |= 1 << fd;
            }
        }
        CLOSED_AT_START.store(closed, Ordering::Relaxed);
    }

    // SAFETY: an entry of `.init_array` is called once by the C library
    // before `main`, on the main thread, with (argc, argv, envp) that a
    // function of no arguments ignores under the C calling convention. The
    // function touches only an atomic and makes one system call, so it needs
    // nothing that Rust's runtime sets up later.
    #[used]
    #[link_section = ".init_array"]
    static NOTE_CLOSED: extern "C" fn() = note_closed_descriptors;
}

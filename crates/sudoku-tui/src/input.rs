//! The event loop's input: terminal events read on one thread and stop
//! signals (SIGTERM, SIGHUP, SIGINT) and the suspend signal (SIGTSTP)
//! caught on another, merged into one channel. The loop blocks on the channel, with a timeout only when a tick
//! is due, so an idle game uses no CPU and a signal wakes it at once.
//!
//! A signal does not end the process: the loop gets it as an [`Input`], so
//! it can save the game and restore the terminal as a quit does.

use std::io;
use std::sync::mpsc::{self, Receiver, Sender};
use std::thread;
use std::time::Duration;

use ratatui::crossterm::event::{self, Event};

/// The signals that end the game like Ctrl-C: `kill` (SIGTERM), a closed
/// terminal (SIGHUP) and an interrupt sent from outside (SIGINT; in raw
/// mode Ctrl-C is a key, not a signal).
#[cfg(unix)]
pub const STOP_SIGNALS: [i32; 3] = [
    signal_hook::consts::SIGTERM,
    signal_hook::consts::SIGHUP,
    signal_hook::consts::SIGINT,
];

/// No signals elsewhere.
#[cfg(not(unix))]
pub const STOP_SIGNALS: [i32; 0] = [];

/// The signal that suspends the game: SIGTSTP sent from outside (`kill
/// -TSTP`; in raw mode Ctrl-Z is a key). The game gives the terminal back,
/// stops with [`stop_process`], and takes the terminal again when continued.
#[cfg(unix)]
pub const SUSPEND_SIGNALS: [i32; 1] = [signal_hook::consts::SIGTSTP];

/// No signals elsewhere.
#[cfg(not(unix))]
pub const SUSPEND_SIGNALS: [i32; 0] = [];

/// Stops the process as SIGTSTP would have (the shell gets the terminal);
/// returns once it is continued (`fg`, SIGCONT).
#[cfg(unix)]
pub fn stop_process() -> io::Result<()> {
    signal_hook::low_level::emulate_default_handler(signal_hook::consts::SIGTSTP)
}

/// Does nothing: there is no job control here.
#[cfg(not(unix))]
pub fn stop_process() -> io::Result<()> {
    Ok(())
}

/// Something for the event loop.
#[derive(Debug)]
pub enum Input {
    /// A terminal event: a key, the mouse, a resize.
    Event(Event),
    /// A signal arrived (its number).
    Signal(i32),
    /// Reading the terminal failed; no more events will come.
    Failed(io::Error),
}

/// The merged input channel.
#[derive(Debug)]
pub struct Inputs {
    sender: Sender<Input>,
    receiver: Receiver<Input>,
}

impl Default for Inputs {
    fn default() -> Self {
        Inputs::new()
    }
}

impl Inputs {
    /// A channel with nothing feeding it yet.
    pub fn new() -> Inputs {
        let (sender, receiver) = mpsc::channel();
        Inputs { sender, receiver }
    }

    /// Catches `signals` from now on: instead of their default action
    /// (ending the process on the spot), each arrives as an
    /// [`Input::Signal`].
    #[cfg(unix)]
    pub fn watch_signals(&self, signals: &[i32]) -> io::Result<()> {
        let mut caught = signal_hook::iterator::Signals::new(signals)?;
        let sender = self.sender.clone();
        thread::Builder::new()
            .name("signals".to_string())
            .spawn(move || {
                for signal in caught.forever() {
                    if sender.send(Input::Signal(signal)).is_err() {
                        break;
                    }
                }
            })?;
        Ok(())
    }

    /// Does nothing: there are no signals to catch here.
    #[cfg(not(unix))]
    pub fn watch_signals(&self, _signals: &[i32]) -> io::Result<()> {
        Ok(())
    }

    /// Reads terminal events on a thread of their own from now on (once
    /// the terminal is in raw mode). The thread blocks on the terminal and
    /// ends with the program.
    pub fn read_terminal(&self) -> io::Result<()> {
        let sender = self.sender.clone();
        thread::Builder::new()
            .name("terminal".to_string())
            .spawn(move || loop {
                let input = match event::read() {
                    Ok(event) => Input::Event(event),
                    Err(err) => Input::Failed(err),
                };
                let failed = matches!(input, Input::Failed(_));
                if sender.send(input).is_err() || failed {
                    break;
                }
            })?;
        Ok(())
    }

    /// The next input, waiting at most `timeout` (`None`: as long as it
    /// takes); `None` when the time ran out.
    pub fn next(&self, timeout: Option<Duration>) -> Option<Input> {
        match timeout {
            Some(timeout) => self.receiver.recv_timeout(timeout).ok(),
            // The channel keeps a sender of its own, so it never disconnects.
            None => self.receiver.recv().ok(),
        }
    }
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use signal_hook::consts::SIGUSR2;
    use std::time::Instant;

    #[test]
    fn a_signal_wakes_the_wait_and_nothing_is_a_timeout() {
        let inputs = Inputs::new();
        let start = Instant::now();
        assert!(inputs.next(Some(Duration::from_millis(30))).is_none());
        assert!(start.elapsed() >= Duration::from_millis(30));
        inputs.watch_signals(&[SIGUSR2]).unwrap();
        signal_hook::low_level::raise(SIGUSR2).unwrap();
        let start = Instant::now();
        let input = inputs.next(Some(Duration::from_secs(10)));
        assert!(matches!(input, Some(Input::Signal(SIGUSR2))), "{input:?}");
        assert!(
            start.elapsed() < Duration::from_secs(5),
            "woken, not timed out"
        );
    }
}

//! The few system calls the standard library does not offer, each behind a
//! safe function: whether a descriptor can be read without waiting, waiting
//! on several pipes at once with a deadline, non-blocking pipes, and
//! signals to a process group. Unix only; the rest
//! of the command never calls `libc` for these.
#![allow(unsafe_code)]

use std::io;
use std::os::fd::{AsRawFd, RawFd};
use std::time::Duration;

/// Whether a read of `fd` would return at once (with data, the end of the
/// input or an error) instead of waiting for a writer. Unknown (a failed
/// `poll`) counts as "would wait", which only makes a caller flush early.
pub fn ready_to_read(fd: RawFd) -> bool {
    let mut watch = [Watch::read(fd)];
    matches!(wait(&mut watch, Duration::ZERO), Ok(n) if n > 0)
}

/// One descriptor to wait on: for reading or for writing, and whether it
/// is ready after [`wait`].
#[derive(Clone, Copy, Debug)]
pub struct Watch {
    fd: RawFd,
    events: libc::c_short,
    revents: libc::c_short,
}

impl Watch {
    /// `fd`, until it can be read (or is at its end).
    pub fn read(fd: RawFd) -> Watch {
        Watch {
            fd,
            events: libc::POLLIN,
            revents: 0,
        }
    }

    /// `fd`, until it can be written (or its reader is gone).
    pub fn write(fd: RawFd) -> Watch {
        Watch {
            fd,
            events: libc::POLLOUT,
            revents: 0,
        }
    }

    /// Whether the last [`wait`] found it ready: data, room, the end, a
    /// hang-up or an error, any of which a read or write then tells apart.
    pub fn ready(&self) -> bool {
        self.revents != 0
    }
}

/// Waits until one of `watches` is ready or `timeout` has passed (at most
/// about 24 days); how many are ready. A signal that interrupts the wait
/// counts as a wait with nothing ready.
pub fn wait(watches: &mut [Watch], timeout: Duration) -> io::Result<usize> {
    let mut fds: Vec<libc::pollfd> = watches
        .iter()
        .map(|w| libc::pollfd {
            fd: w.fd,
            events: w.events,
            revents: 0,
        })
        .collect();
    let millis = timeout
        .as_millis()
        .min(i32::MAX as u128)
        .try_into()
        .unwrap_or(i32::MAX);
    // SAFETY: `fds` is a live, properly initialised array of `fds.len()`
    // `pollfd`s that `poll` may write `revents` into; nothing else refers
    // to it during the call.
    let n = unsafe { libc::poll(fds.as_mut_ptr(), fds.len() as libc::nfds_t, millis) };
    if n < 0 {
        let e = io::Error::last_os_error();
        if e.kind() == io::ErrorKind::Interrupted {
            watches.iter_mut().for_each(|w| w.revents = 0);
            return Ok(0);
        }
        return Err(e);
    }
    for (w, fd) in watches.iter_mut().zip(&fds) {
        w.revents = fd.revents;
    }
    Ok(n as usize)
}

/// Puts `file` (one end of a pipe) in non-blocking mode: a read or write
/// that would wait fails with [`io::ErrorKind::WouldBlock`] instead.
pub fn set_nonblocking(file: &impl AsRawFd) -> io::Result<()> {
    let fd = file.as_raw_fd();
    // SAFETY: `fcntl` with F_GETFL and F_SETFL takes and returns plain
    // integers; on a descriptor that is not open it fails with EBADF.
    unsafe {
        let flags = libc::fcntl(fd, libc::F_GETFL);
        if flags < 0 || libc::fcntl(fd, libc::F_SETFL, flags | libc::O_NONBLOCK) < 0 {
            return Err(io::Error::last_os_error());
        }
    }
    Ok(())
}

/// Sends SIGKILL to every process of the process group `pgid`; whether
/// there was one to send it to.
pub fn kill_group(pgid: u32) -> bool {
    match i32::try_from(pgid) {
        // Never 0 or 1: those mean "our own group" and "every process".
        Ok(pgid) if pgid > 1 => {
            // SAFETY: `kill` takes plain integers; a negative pid names a
            // process group, and a group that is gone fails with ESRCH.
            unsafe { libc::kill(-pgid, libc::SIGKILL) == 0 }
        }
        _ => false,
    }
}

/// Sends SIGKILL to process `pid`; whether it was there.
pub fn kill(pid: u32) -> bool {
    match i32::try_from(pid) {
        Ok(pid) if pid > 1 => {
            // SAFETY: as in `kill_group`, with a positive pid: one process.
            unsafe { libc::kill(pid, libc::SIGKILL) == 0 }
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::{Read, Write};
    use std::process::{Command, Stdio};
    use std::time::Instant;

    #[test]
    fn a_pipe_is_ready_when_written_and_waits_otherwise() {
        let mut child = Command::new("sh")
            .args(["-c", "sleep 0.3; echo x"])
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let mut out = child.stdout.take().unwrap();
        assert!(!ready_to_read(out.as_raw_fd()));
        let mut watch = [Watch::read(out.as_raw_fd())];
        let start = Instant::now();
        assert_eq!(wait(&mut watch, Duration::from_secs(30)).unwrap(), 1);
        assert!(watch[0].ready() && start.elapsed() < Duration::from_secs(20));
        let mut text = String::new();
        out.read_to_string(&mut text).unwrap();
        assert_eq!(text, "x\n");
        child.wait().unwrap();
    }

    #[test]
    fn a_full_non_blocking_pipe_says_would_block() {
        let mut child = Command::new("sleep")
            .arg("30")
            .stdin(Stdio::piped())
            .spawn()
            .unwrap();
        let mut input = child.stdin.take().unwrap();
        set_nonblocking(&input).unwrap();
        let block = vec![b'x'; 1 << 16];
        let blocked = (0..100).find_map(|_| input.write(&block).err());
        assert_eq!(blocked.map(|e| e.kind()), Some(io::ErrorKind::WouldBlock));
        let mut watch = [Watch::write(input.as_raw_fd())];
        assert_eq!(wait(&mut watch, Duration::from_millis(50)).unwrap(), 0);
        assert!(kill(child.id()));
        child.wait().unwrap();
        assert!(!kill_group(0) && !kill(1));
    }
}

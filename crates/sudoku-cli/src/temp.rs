//! A temporary file that is removed whatever happens: when it is dropped
//! unfinished, and when SIGINT, SIGTERM or SIGHUP arrive while it exists
//! (the process then ends as the signal's default action would, so the
//! shell sees the conventional status).

use std::fs::{self, File, OpenOptions};
use std::io;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, MutexGuard};

/// The path of a temporary file while it exists, shared with the thread
/// that waits for signals.
type Slot = Arc<Mutex<Option<PathBuf>>>;

/// A temporary file beside the file it will become.
pub struct TempFile {
    slot: Slot,
}

impl TempFile {
    /// Creates a new temporary file in `target`'s folder, named after it,
    /// with the permissions any new file gets (0666 less the umask).
    pub fn create_for(target: &Path) -> io::Result<(TempFile, File)> {
        let dir = match target.parent() {
            Some(d) if !d.as_os_str().is_empty() => d,
            _ => Path::new("."),
        };
        let stem = target
            .file_name()
            .map_or_else(|| "output".into(), |n| n.to_string_lossy());
        let pid = std::process::id();
        for n in 0u32.. {
            let path = dir.join(format!(".{stem}.{pid}-{n}.tmp"));
            match OpenOptions::new().write(true).create_new(true).open(&path) {
                Ok(file) => {
                    let slot: Slot = Arc::new(Mutex::new(Some(path)));
                    watch_signals(Arc::clone(&slot));
                    return Ok((TempFile { slot }, file));
                }
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists && n < 1000 => continue,
                Err(e) => return Err(e),
            }
        }
        unreachable!("the loop returns by its 1001st try")
    }

    /// Runs `finish` on the temporary file's path (a rename, say) so that
    /// no signal can remove it meanwhile; afterwards the path is no longer
    /// the temporary file's, whatever `finish` did with it.
    pub fn persist(self, finish: impl FnOnce(&Path) -> io::Result<()>) -> io::Result<()> {
        let mut slot = lock(&self.slot);
        let result = match slot.as_deref() {
            Some(path) => finish(path),
            None => Err(io::Error::other("the temporary file is gone")),
        };
        if result.is_ok() {
            *slot = None;
        }
        result
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        if let Some(path) = lock(&self.slot).take() {
            let _ = fs::remove_file(path);
        }
    }
}

/// An unnamed temporary file in the system's temporary folder (`TMPDIR`,
/// else `/tmp`), open for reading and writing: created, then unlinked at
/// once, so it goes when it is closed, however the process ends. The error
/// names the folder.
pub fn anonymous() -> Result<File, String> {
    let dir = std::env::temp_dir();
    let pid = std::process::id();
    let failed = |e: io::Error| {
        format!(
            "cannot make a temporary file in {}: {}",
            dir.display(),
            crate::input::lower(&e)
        )
    };
    for n in 0u32..1000 {
        let path = dir.join(format!(".sudoku.{pid}-{n}.tmp"));
        match OpenOptions::new()
            .read(true)
            .write(true)
            .create_new(true)
            .open(&path)
        {
            Ok(file) => {
                fs::remove_file(&path).map_err(failed)?;
                return Ok(file);
            }
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(failed(e)),
        }
    }
    Err(failed(io::Error::from(io::ErrorKind::AlreadyExists)))
}

/// The slot, even when a thread panicked while holding it.
fn lock(slot: &Slot) -> MutexGuard<'_, Option<PathBuf>> {
    slot.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Starts a thread that, on SIGINT, SIGTERM or SIGHUP, removes the file in
/// `slot` (if any) and ends the process as the signal would have. A signal
/// that was ignored when we started (SIGINT in a background job, SIGHUP
/// under `nohup`) stays ignored.
fn watch_signals(slot: Slot) {
    crate::stdio::on_ending_signal(move |_| {
        if let Some(path) = lock(&slot).take() {
            let _ = fs::remove_file(path);
        }
    });
}

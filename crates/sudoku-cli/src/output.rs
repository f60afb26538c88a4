//! Writing a command's output: stdout, or the file named by `-o`.
//!
//! A regular file (new or existing) is written whole or not at all: the
//! output goes to a temporary file beside it, which takes the target's place
//! at the end. An existing file keeps its mode and owner, and one with
//! other hard links is rewritten in place at the end so the links keep
//! sharing it; a new file is created as any program would (0666 less the
//! umask). A symbolic link is followed and its target written. Anything
//! that is not a regular file (a FIFO, a device such as `/dev/null`) is
//! written directly, never replaced. The temporary file is removed when the
//! command fails, and on SIGINT, SIGTERM and SIGHUP.

use std::fs::{self, File, OpenOptions};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use sudoku_core::session::follow_links;

use crate::input::lower;
use crate::stdio;
use crate::temp::TempFile;

/// Why output stopped early.
#[derive(Debug)]
pub enum Stopped {
    /// The reader went away (a closed pipe, as with `| head -1`): the normal
    /// end of a filter, not worth a word.
    PipeClosed,
    /// Output could not be written; the message names where it was going.
    Failed(String),
}

/// Where output goes.
pub struct Output {
    sink: Sink,
    /// The name messages use: the path as given, or `<stdout>`.
    name: String,
}

enum Sink {
    Stdout(BufWriter<io::Stdout>),
    /// A FIFO, a device or another file that is not replaced.
    Direct(BufWriter<File>),
    /// A temporary file that becomes `target` at the end: by a rename, or
    /// by copying it into `target` when `in_place` (a file with hard links).
    Replace {
        writer: BufWriter<File>,
        temp: TempFile,
        target: PathBuf,
        in_place: bool,
    },
}

impl Output {
    /// Output to `path`, or stdout when there is none (or it is `-`).
    pub fn create(path: Option<&Path>) -> Result<Output, Stopped> {
        let Some(path) = file_path(path) else {
            return Output::stdout();
        };
        let name = path.display().to_string();
        let failed = |e: io::Error| Stopped::Failed(format!("cannot write {name}: {}", lower(&e)));
        let target = follow_links(path).map_err(failed)?;
        let sink = match fs::metadata(&target) {
            Ok(meta) if meta.is_dir() => {
                return Err(Stopped::Failed(format!(
                    "cannot write {name}: is a directory"
                )))
            }
            Ok(meta) if !meta.is_file() => {
                let file = OpenOptions::new()
                    .write(true)
                    .open(&target)
                    .map_err(failed)?;
                Sink::Direct(BufWriter::with_capacity(1 << 16, file))
            }
            Ok(meta) => {
                let (temp, file) = TempFile::create_for(&target).map_err(failed)?;
                keep_mode_and_owner(&file, &meta);
                Sink::Replace {
                    writer: BufWriter::with_capacity(1 << 16, file),
                    temp,
                    target,
                    in_place: has_other_links(&meta),
                }
            }
            Err(e) if e.kind() == io::ErrorKind::NotFound => {
                let (temp, file) = TempFile::create_for(&target).map_err(|e| {
                    if e.kind() == io::ErrorKind::NotFound {
                        Stopped::Failed(format!("cannot write {name}: no such directory"))
                    } else {
                        failed(e)
                    }
                })?;
                Sink::Replace {
                    writer: BufWriter::with_capacity(1 << 16, file),
                    temp,
                    target,
                    in_place: false,
                }
            }
            Err(e) => return Err(failed(e)),
        };
        Ok(Output { sink, name })
    }

    /// Output straight into `path` (or stdout, as [`Output::create`]):
    /// the file is emptied and written as output is flushed, so what was
    /// flushed stays there however the process ends. For output made over
    /// a long time, where losing it all to a signal would be worse than
    /// leaving a partial file.
    pub fn create_direct(path: Option<&Path>) -> Result<Output, Stopped> {
        let Some(path) = file_path(path) else {
            return Output::stdout();
        };
        let name = path.display().to_string();
        let failed = |e: io::Error| {
            Stopped::Failed(if e.kind() == io::ErrorKind::NotFound {
                format!("cannot write {name}: no such directory")
            } else if e.kind() == io::ErrorKind::IsADirectory {
                format!("cannot write {name}: is a directory")
            } else {
                format!("cannot write {name}: {}", lower(&e))
            })
        };
        let target = follow_links(path).map_err(failed)?;
        if fs::metadata(&target).is_ok_and(|m| m.is_dir()) {
            return Err(Stopped::Failed(format!(
                "cannot write {name}: is a directory"
            )));
        }
        let file = OpenOptions::new()
            .write(true)
            .create(true)
            .truncate(true)
            .open(&target)
            .map_err(failed)?;
        Ok(Output {
            sink: Sink::Direct(BufWriter::with_capacity(1 << 16, file)),
            name,
        })
    }

    /// Output to stdout; an error when the process was started with stdout
    /// closed.
    pub fn stdout() -> Result<Output, Stopped> {
        if stdio::stdout_closed() {
            return Err(Stopped::Failed(
                "cannot write <stdout>: standard output is closed".to_string(),
            ));
        }
        Ok(Output {
            sink: Sink::Stdout(BufWriter::with_capacity(1 << 16, io::stdout())),
            name: "<stdout>".to_string(),
        })
    }

    /// The writer.
    pub fn writer(&mut self) -> &mut dyn Write {
        match &mut self.sink {
            Sink::Stdout(w) => w,
            Sink::Direct(w) => w,
            Sink::Replace { writer, .. } => writer,
        }
    }

    /// What a failed write of this output means.
    pub fn stopped(&self, e: &io::Error) -> Stopped {
        stopped(&self.name, e)
    }

    /// Writes everything out, and puts a replacement file in place.
    pub fn finish(self) -> Result<(), Stopped> {
        let name = self.name;
        match self.sink {
            Sink::Stdout(mut w) => w.flush().map_err(|e| stopped(&name, &e)),
            Sink::Direct(mut w) => w.flush().map_err(|e| stopped(&name, &e)),
            Sink::Replace {
                writer,
                temp,
                target,
                in_place,
            } => {
                let file = writer.into_inner().map_err(|e| stopped(&name, e.error()))?;
                file.sync_all().map_err(|e| stopped(&name, &e))?;
                drop(file);
                temp.persist(|temp| {
                    if in_place {
                        copy_into(temp, &target)
                    } else {
                        fs::rename(temp, &target)
                    }
                })
                .map_err(|e| stopped(&name, &e))
            }
        }
    }
}

/// The file `-o` names, or `None` for stdout (no `-o`, or `-`).
fn file_path(path: Option<&Path>) -> Option<&Path> {
    path.filter(|p| *p != Path::new("-"))
}

/// What a failed write to `name` means: a closed pipe, or a failure.
pub fn stopped(name: &str, e: &io::Error) -> Stopped {
    if e.kind() == io::ErrorKind::BrokenPipe {
        Stopped::PipeClosed
    } else {
        Stopped::Failed(format!("cannot write {name}: {}", lower(e)))
    }
}

/// Gives a new file an existing file's permissions and, where allowed, its
/// owner. A failure leaves the new file as created (0666 less the umask).
fn keep_mode_and_owner(file: &File, meta: &fs::Metadata) {
    let _ = file.set_permissions(meta.permissions());
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        let _ = std::os::unix::fs::fchown(file, Some(meta.uid()), Some(meta.gid()));
    }
}

/// Whether a file has other names (hard links) that a rename would part.
fn has_other_links(meta: &fs::Metadata) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        meta.nlink() > 1
    }
    #[cfg(not(unix))]
    {
        let _ = meta;
        false
    }
}

/// Copies the finished `temp` into `target`, whose inode (and so its links,
/// mode and owner) stays.
fn copy_into(temp: &Path, target: &Path) -> io::Result<()> {
    let mut from = File::open(temp)?;
    let mut to = OpenOptions::new().write(true).truncate(true).open(target)?;
    io::copy(&mut from, &mut to)?;
    to.sync_all()?;
    fs::remove_file(temp)
}

/// Writes `bytes` to stdout: status 0, or 2 when stdout cannot be written.
pub fn print(bytes: &[u8]) -> ExitCode {
    let written = Output::stdout().and_then(|mut out| match out.writer().write_all(bytes) {
        Ok(()) => out.finish(),
        Err(e) => Err(out.stopped(&e)),
    });
    match written {
        Ok(()) => ExitCode::SUCCESS,
        Err(stopped) => crate::batch::stop_status(stopped, ExitCode::SUCCESS),
    }
}

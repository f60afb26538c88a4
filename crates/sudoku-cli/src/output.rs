//! Writing a filter's output: stdout, or a file written whole or not at all.

use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

use tempfile::NamedTempFile;

use crate::input::lower;

/// Where output goes. A file is written to a temporary file beside it and
/// renamed into place by [`Output::finish`], so an interrupted run never
/// leaves a half-written file.
pub enum Output {
    /// Standard output.
    Stdout(BufWriter<io::Stdout>),
    /// A temporary file, and the path it becomes.
    File(BufWriter<NamedTempFile>, PathBuf),
}

impl Output {
    /// Output to `path`, or stdout when there is none (or it is `-`).
    pub fn create(path: Option<&Path>) -> Result<Output, String> {
        match path {
            None => Ok(Output::Stdout(BufWriter::with_capacity(
                1 << 16,
                io::stdout(),
            ))),
            Some(p) if p == Path::new("-") => Ok(Output::create(None)?),
            Some(path) => {
                let dir = match path.parent() {
                    Some(d) if !d.as_os_str().is_empty() => d,
                    _ => Path::new("."),
                };
                let temp = NamedTempFile::new_in(dir).map_err(|e| {
                    format!(
                        "{}: cannot create a file in {}: {}",
                        path.display(),
                        dir.display(),
                        lower(&e)
                    )
                })?;
                Ok(Output::File(
                    BufWriter::with_capacity(1 << 16, temp),
                    path.to_path_buf(),
                ))
            }
        }
    }

    /// The writer.
    pub fn writer(&mut self) -> &mut dyn Write {
        match self {
            Output::Stdout(w) => w,
            Output::File(w, _) => w,
        }
    }

    /// Flushes, and renames a temporary file into place.
    pub fn finish(self) -> Result<(), String> {
        match self {
            Output::Stdout(mut w) => w.flush().map_err(|e| format!("<stdout>: {}", lower(&e))),
            Output::File(w, path) => {
                let name = path.display().to_string();
                let temp = w
                    .into_inner()
                    .map_err(|e| format!("{name}: {}", lower(e.error())))?;
                temp.persist(&path)
                    .map_err(|e| format!("{name}: {}", lower(&e.error)))?;
                Ok(())
            }
        }
    }
}

//! Opening the inputs of a filter: files by name, `-` or nothing for stdin.

use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
use std::path::{Path, PathBuf};

/// One input of a filter, opened.
pub struct Input {
    /// The name used in messages: the path, or `<stdin>`.
    pub name: String,
    /// The input's size in bytes, when known (for progress).
    pub len: Option<u64>,
    /// Where the bytes come from.
    source: Source,
}

/// An input's bytes, unbuffered.
enum Source {
    Stdin(io::Stdin),
    File(File),
}

impl Read for Source {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        match self {
            Source::Stdin(stdin) => stdin.read(buf),
            Source::File(file) => file.read(buf),
        }
    }
}

/// Bytes read from an input at a time.
const BUFFER: usize = 1 << 16;

impl Input {
    /// The input, buffered.
    pub fn reader(self) -> Box<dyn BufRead + Send> {
        Box::new(BufReader::with_capacity(BUFFER, self.source))
    }

    /// The input, buffered, for [`PuzzleReader::poll_next`]: before a read
    /// that would wait (what was read is used up and nothing more is ready:
    /// a slow pipe, a terminal, `tail -f`), a read fails once with
    /// [`io::ErrorKind::WouldBlock`], so that a filter answers what it has
    /// before it waits; the read after it waits. A regular file is always
    /// ready.
    ///
    /// [`PuzzleReader::poll_next`]: sudoku_core::PuzzleReader::poll_next
    pub fn paced(self) -> Box<dyn BufRead + Send> {
        Box::new(BufReader::with_capacity(
            BUFFER,
            Paced {
                source: self.source,
                said: false,
            },
        ))
    }
}

/// A source that says "nothing for now" once before a read that would wait.
struct Paced {
    source: Source,
    /// Whether the last read said so: the next one waits.
    said: bool,
}

impl Read for Paced {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if !self.said && !self.ready() {
            self.said = true;
            return Err(io::ErrorKind::WouldBlock.into());
        }
        self.said = false;
        self.source.read(buf)
    }
}

impl Paced {
    /// Whether a read would return without waiting.
    #[cfg(unix)]
    fn ready(&self) -> bool {
        use std::os::fd::AsRawFd;
        let fd = match &self.source {
            Source::Stdin(stdin) => stdin.as_raw_fd(),
            Source::File(file) => file.as_raw_fd(),
        };
        crate::sys::ready_to_read(fd)
    }

    /// Not known here: every read is taken as one that could wait.
    #[cfg(not(unix))]
    fn ready(&self) -> bool {
        false
    }
}

/// The names to read: the given files, or stdin when there are none.
pub fn names(files: &[PathBuf]) -> Vec<PathBuf> {
    if files.is_empty() {
        vec![PathBuf::from("-")]
    } else {
        files.to_vec()
    }
}

/// Opens `path` (`-` is stdin). The error names the file.
pub fn open(path: &Path) -> Result<Input, String> {
    if path == Path::new("-") {
        if crate::stdio::stdin_closed() {
            return Err("<stdin>: cannot read: standard input is closed".to_string());
        }
        return Ok(Input {
            name: "<stdin>".to_string(),
            len: None,
            source: Source::Stdin(io::stdin()),
        });
    }
    let name = path.display().to_string();
    let file = File::open(path).map_err(|e| format!("{name}: {}", lower(&e)))?;
    let meta = file
        .metadata()
        .map_err(|e| format!("{name}: {}", lower(&e)))?;
    if meta.is_dir() {
        return Err(format!("{name}: is a directory"));
    }
    Ok(Input {
        name,
        len: Some(meta.len()),
        source: Source::File(file),
    })
}

/// Reads a whole file that is expected to be small (a puzzle to play, say),
/// refusing anything larger than `max` bytes.
pub fn read_small(path: &Path, max: u64) -> Result<String, String> {
    let name = path.display().to_string();
    let file = File::open(path).map_err(|e| format!("{name}: {}", lower(&e)))?;
    let mut bytes = Vec::new();
    file.take(max + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| format!("{name}: {}", lower(&e)))?;
    if bytes.len() as u64 > max {
        return Err(format!(
            "{name}: larger than {max} bytes; not a puzzle file"
        ));
    }
    if bytes.starts_with(b"\xFF\xFE") || bytes.starts_with(b"\xFE\xFF") {
        return Err(format!("{name}: {}", sudoku_core::ParseErrorKind::Utf16));
    }
    String::from_utf8(bytes).map_err(|e| {
        format!(
            "{name}: not text (invalid UTF-8 at byte {})",
            e.utf8_error().valid_up_to()
        )
    })
}

/// An I/O error as a lowercase message without the OS error number.
pub fn lower(e: &io::Error) -> String {
    let text = match e.kind() {
        io::ErrorKind::NotFound => "no such file".to_string(),
        io::ErrorKind::PermissionDenied => "permission denied".to_string(),
        _ => e.to_string(),
    };
    let text = match text.find(" (os error ") {
        Some(at) if text.ends_with(')') => text[..at].to_string(),
        _ => text,
    };
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_lowercase().chain(chars).collect(),
        None => text,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn io_errors_read_as_lowercase_sentences() {
        let full = io::Error::from_raw_os_error(28);
        assert_eq!(lower(&full), "no space left on device");
        let gone = io::Error::from(io::ErrorKind::NotFound);
        assert_eq!(lower(&gone), "no such file");
        assert_eq!(lower(&io::Error::other("Odd (os error")), "odd (os error");
    }
}

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
    /// The reader.
    pub reader: Box<dyn BufRead + Send>,
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
            reader: Box::new(BufReader::with_capacity(1 << 16, io::stdin())),
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
        reader: Box::new(BufReader::with_capacity(1 << 16, file)),
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

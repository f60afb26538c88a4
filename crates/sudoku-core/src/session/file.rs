//! The file-system side of the save store: opening a save without
//! blocking, following symbolic links, and writing a save whole or not at
//! all through a temporary file whose name no other writer can take.

use std::collections::hash_map::RandomState;
use std::fs::{self, File, OpenOptions};
use std::hash::{BuildHasher, Hasher};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// How many symbolic links [`follow_links`] follows before giving up (as
/// the kernel does).
const MAX_LINKS: usize = 40;

/// How many names a temporary file tries before giving up; each is new
/// random bits, so a second try is already rare.
const TEMP_TRIES: usize = 100;

/// The ending of a temporary file's name.
pub(crate) const TEMP_SUFFIX: &str = ".tmp";

/// Opens `path` for reading without waiting: on Unix with `O_NONBLOCK`, so
/// that a FIFO with no writer does not block in `open`. The caller checks
/// that the open file is a regular one (`file.metadata()?.is_file()`)
/// before reading, and bounds the read; the frontends' own small files
/// (the terminal game's old save) are opened the same way.
pub fn open_for_reading(path: &Path) -> io::Result<File> {
    let mut options = OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK);
    }
    options.open(path)
}

/// `path` with symbolic links followed to what they name, which need not
/// exist yet (a link to a file not yet written is followed too). A
/// relative link is read from the link's own folder.
///
/// ```
/// use sudoku_core::session::follow_links;
/// let plain = std::path::Path::new("no-such-dir/game.save");
/// assert_eq!(follow_links(plain)?, plain);
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn follow_links(path: &Path) -> io::Result<PathBuf> {
    let mut path = path.to_path_buf();
    for _ in 0..MAX_LINKS {
        match fs::symlink_metadata(&path) {
            Ok(meta) if meta.file_type().is_symlink() => {
                let to = fs::read_link(&path)?;
                path = match path.parent() {
                    Some(dir) if to.is_relative() => dir.join(to),
                    _ => to,
                };
            }
            _ => return Ok(path),
        }
    }
    Err(io::Error::other("too many levels of symbolic links"))
}

/// The name prefix of `target`'s temporary files: `.NAME.` in its folder.
pub(crate) fn temp_prefix(target: &Path) -> String {
    let name = target
        .file_name()
        .map_or_else(|| "save".into(), |n| n.to_string_lossy().into_owned());
    format!(".{name}.")
}

/// A new temporary file beside `target`: `.NAME.PID-RANDOM.tmp`, made with
/// `create_new`, so it is never an existing file or a link, and a name
/// left behind by a process that died (even one with the same process id,
/// as in a container where the game is process 1) is never in the way.
fn create_temp(target: &Path) -> io::Result<(PathBuf, File)> {
    let prefix = temp_prefix(target);
    let pid = std::process::id();
    let mut last = None;
    for _ in 0..TEMP_TRIES {
        let path = target.with_file_name(format!("{prefix}{pid}-{:016x}{TEMP_SUFFIX}", random()));
        match OpenOptions::new().write(true).create_new(true).open(&path) {
            Ok(file) => return Ok((path, file)),
            Err(err) if err.kind() == io::ErrorKind::AlreadyExists => last = Some(err),
            Err(err) => return Err(err),
        }
    }
    Err(last.unwrap_or_else(|| io::Error::other("no free temporary name")))
}

/// 64 random bits from the standard library's per-process hash keys (new
/// keys for each call), so no clock and no random-number crate is needed.
fn random() -> u64 {
    let mut hasher = RandomState::new().build_hasher();
    hasher.write_u32(std::process::id());
    hasher.finish()
}

/// Writes `bytes` to `path` whole or not at all: through a temporary file
/// in the same folder, renamed over it. A symbolic link is followed and its
/// target written (the link stays a link). The new file keeps the old one's
/// permissions; when anything fails, the old file stays as it was and the
/// temporary file is removed. Errors are the system's; the caller names
/// `path`.
pub(crate) fn write_atomically(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let target = follow_links(path)?;
    let (temp, file) = create_temp(&target)?;
    let written = fill(file, &target, bytes).and_then(|()| fs::rename(&temp, &target));
    if let Err(err) = written {
        let _ = fs::remove_file(&temp);
        return Err(err);
    }
    #[cfg(unix)]
    if let Some(dir) = target.parent() {
        // The rename is durable once the folder is on disk; a failure here
        // loses nothing that was there before.
        let _ = File::open(dir).and_then(|d| d.sync_all());
    }
    Ok(())
}

/// Writes `bytes` to the new `file`, gives it the permissions of the file
/// at `replaced` if there is one, and flushes it to disk.
fn fill(mut file: File, replaced: &Path, bytes: &[u8]) -> io::Result<()> {
    file.write_all(bytes)?;
    if let Ok(meta) = fs::metadata(replaced) {
        if meta.is_file() {
            file.set_permissions(meta.permissions())?;
        }
    }
    file.sync_all()
}

/// Removes the temporary files of `target` left behind by writers that
/// died (`kill -9` between creating one and renaming it). Only call it
/// while no other writer can be writing `target`. Returns how many went.
pub(crate) fn remove_stale_temps(target: &Path) -> usize {
    let Ok(target) = follow_links(target) else {
        return 0;
    };
    let dir = match target.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let prefix = temp_prefix(&target);
    let Ok(entries) = fs::read_dir(dir) else {
        return 0;
    };
    let mut removed = 0;
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(name) = name.to_str() else { continue };
        let Some(middle) = name
            .strip_prefix(&prefix)
            .and_then(|rest| rest.strip_suffix(TEMP_SUFFIX))
        else {
            continue;
        };
        // Only names this module makes: PID-HEX, or the previous release's PID.
        let ours = middle.bytes().all(|b| b.is_ascii_hexdigit() || b == b'-');
        if ours && !middle.is_empty() && fs::remove_file(entry.path()).is_ok() {
            removed += 1;
        }
    }
    removed
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dir(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("sudoku-file-{}-{name}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn a_left_over_temporary_file_of_the_same_pid_is_not_in_the_way() {
        let dir = dir("pid");
        let target = dir.join("game.save");
        // What the previous release named its temporary file, and a
        // leftover of this one's form with our own process id.
        let pid = std::process::id();
        let old = dir.join(format!(".game.save.{pid}.tmp"));
        fs::write(&old, "half").unwrap();
        let mine = dir.join(format!(".game.save.{pid}-{:016x}.tmp", 7));
        fs::write(&mine, "half").unwrap();
        write_atomically(&target, b"whole").unwrap();
        assert_eq!(fs::read(&target).unwrap(), b"whole");
        assert_eq!(remove_stale_temps(&target), 2);
        assert!(!old.exists() && !mine.exists());
        let names: Vec<_> = fs::read_dir(&dir).unwrap().flatten().collect();
        assert_eq!(names.len(), 1, "only the save is left");
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn other_files_are_not_taken_for_temporary_ones() {
        let dir = dir("others");
        let target = dir.join("game.save");
        for name in [
            ".game.save.notes.tmp",
            ".game.save.tmp",
            ".other.save.1.tmp",
        ] {
            fs::write(dir.join(name), "keep").unwrap();
        }
        assert_eq!(remove_stale_temps(&target), 0);
        assert_eq!(fs::read_dir(&dir).unwrap().count(), 3);
        fs::remove_dir_all(&dir).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn a_link_is_written_through_and_stays_a_link() {
        let dir = dir("link");
        let synced = dir.join("synced");
        fs::create_dir_all(&synced).unwrap();
        let target = synced.join("game.save");
        fs::write(&target, "old").unwrap();
        let link = dir.join("game.save");
        std::os::unix::fs::symlink("synced/game.save", &link).unwrap();
        write_atomically(&link, b"new").unwrap();
        assert!(fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink());
        assert_eq!(fs::read(&target).unwrap(), b"new");
        // A link to a file not written yet is followed too.
        let dangling = dir.join("later.save");
        std::os::unix::fs::symlink(synced.join("later.save"), &dangling).unwrap();
        write_atomically(&dangling, b"first").unwrap();
        assert_eq!(fs::read(synced.join("later.save")).unwrap(), b"first");
        assert!(fs::symlink_metadata(&dangling)
            .unwrap()
            .file_type()
            .is_symlink());
        fs::remove_dir_all(&dir).unwrap();
    }
}

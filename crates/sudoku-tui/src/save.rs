//! Saved games on screen: where the store is, and the store's answers
//! (an import, parts of a save left out, saves that cannot be read) as
//! sentences for the picker and the status bar. The saving itself is the
//! core's [`SaveStore`], shared with the text game.

use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use sudoku_core::session::{Date, Import, PartError, SaveStore, StoreError};

/// The store both games share: `DATA/sudoku`, where `DATA` is the user's
/// data directory (`$XDG_DATA_HOME`, usually `~/.local/share`, on Linux);
/// `None` when the system names none.
pub fn shared_store() -> Option<SaveStore> {
    dirs::data_dir().map(|data| SaveStore::new(data.join("sudoku")))
}

/// Where the previous release of the terminal game kept its one save:
/// `DATA/sudoku-tui/save.txt`.
pub fn legacy_save() -> Option<PathBuf> {
    dirs::data_dir().map(|data| data.join("sudoku-tui").join("save.txt"))
}

/// A sentence about the parts of the save `path` left out or replaced,
/// `None` when nothing was.
pub fn ignored_note(path: &Path, ignored: &[PartError]) -> Option<String> {
    let first = ignored.first()?;
    let more = match ignored.len() - 1 {
        0 => String::new(),
        n => format!(" (and {n} more)"),
    };
    Some(format!(
        "Ignored part of the saved game: {}: {first}{more}",
        path.display()
    ))
}

/// What the picker says after [`SaveStore::import`] of the old save
/// `legacy`; `None` when there was nothing to import. A save that could
/// not be read stays where it was, and the sentence says so.
pub fn import_note(legacy: &Path, import: &Result<Import, StoreError>) -> Option<String> {
    match import {
        Ok(Import::Nothing) => None,
        Ok(Import::Imported { path, ignored }) => Some(match ignored_note(path, ignored) {
            Some(note) => format!("Moved the old saved game into the list. {note}"),
            None => "Moved the old saved game into the list".to_string(),
        }),
        Ok(Import::AlreadySaved { .. }) => Some(
            "The old saved game's puzzle is already in the list (the newer save is kept)"
                .to_string(),
        ),
        Err(err) => Some(format!(
            "The old saved game cannot be moved into the list ({err}); {} is left as it is",
            legacy.display()
        )),
    }
}

/// What the picker says about saves of the list that cannot be read;
/// `None` when every one could.
pub fn unreadable_note(errors: &[StoreError]) -> Option<String> {
    let first = errors.first()?;
    let more = match errors.len() - 1 {
        0 => String::new(),
        n => format!(" (and {n} more)"),
    };
    Some(format!("A saved game cannot be read: {first}{more}"))
}

/// How long ago `then` was at `now`, as the list of saved games shows it:
/// `just now`, `5 min ago`, `3 h ago`, `2 days ago`, and from 30 days on
/// the date (`2024-06-10`, UTC). A time in the future (a clock set back)
/// is `just now`.
pub fn ago(then: SystemTime, now: SystemTime) -> String {
    let age = now.duration_since(then).unwrap_or(Duration::ZERO).as_secs();
    match age {
        0..60 => "just now".to_string(),
        60..3600 => format!("{} min ago", age / 60),
        3600..86_400 => format!("{} h ago", age / 3600),
        86_400..172_800 => "1 day ago".to_string(),
        172_800..2_592_000 => format!("{} days ago", age / 86_400),
        _ => date(then),
    }
}

/// `then`'s date in UTC, `YYYY-MM-DD`.
fn date(then: SystemTime) -> String {
    Date::of_time(then).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ages_read_as_a_person_says_them() {
        let now = SystemTime::UNIX_EPOCH + Duration::from_secs(1_718_000_000);
        let before = |secs| now - Duration::from_secs(secs);
        assert_eq!(ago(before(0), now), "just now");
        assert_eq!(ago(now + Duration::from_secs(99), now), "just now");
        assert_eq!(ago(before(59), now), "just now");
        assert_eq!(ago(before(60), now), "1 min ago");
        assert_eq!(ago(before(3599), now), "59 min ago");
        assert_eq!(ago(before(3 * 3600 + 5), now), "3 h ago");
        assert_eq!(ago(before(86_400 + 7), now), "1 day ago");
        assert_eq!(ago(before(29 * 86_400), now), "29 days ago");
        assert_eq!(ago(before(30 * 86_400), now), "2024-05-11");
        assert_eq!(date(SystemTime::UNIX_EPOCH), "1970-01-01");
        // 2000-02-29, a leap day of a century year
        assert_eq!(
            date(SystemTime::UNIX_EPOCH + Duration::from_secs(951_782_400)),
            "2000-02-29"
        );
        assert_eq!(
            date(SystemTime::UNIX_EPOCH + Duration::from_secs(253_402_300_799)),
            "9999-12-31"
        );
    }

    #[test]
    fn notes_name_the_files_and_count_the_rest() {
        let legacy = Path::new("/d/sudoku-tui/save.txt");
        assert_eq!(import_note(legacy, &Ok(Import::Nothing)), None);
        let moved = Import::Imported {
            path: PathBuf::from("/d/sudoku/1.save"),
            ignored: Vec::new(),
        };
        assert_eq!(
            import_note(legacy, &Ok(moved)).unwrap(),
            "Moved the old saved game into the list"
        );
        let refused = Err(StoreError::NotAFile {
            path: legacy.to_path_buf(),
        });
        assert_eq!(
            import_note(legacy, &refused).unwrap(),
            "The old saved game cannot be moved into the list (/d/sudoku-tui/save.txt: not a \
             regular file); /d/sudoku-tui/save.txt is left as it is"
        );
        assert_eq!(unreadable_note(&[]), None);
        let errors = [
            StoreError::NotAFile {
                path: PathBuf::from("/d/sudoku/a.save"),
            },
            StoreError::NotAFile {
                path: PathBuf::from("/d/sudoku/b.save"),
            },
        ];
        assert_eq!(
            unreadable_note(&errors).unwrap(),
            "A saved game cannot be read: /d/sudoku/a.save: not a regular file (and 1 more)"
        );
    }
}

use std::time::{Duration, UNIX_EPOCH};

use super::*;
use crate::fixtures::{cell, PUZZLE};
use crate::pos::Cell;
use crate::session::Origin;

/// A fresh, empty directory for one test.
fn dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("sudoku-store-{}-{name}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    dir
}

fn session(name: &str, puzzle: &str) -> Session {
    let mut s = Session::new(puzzle.parse().unwrap(), name, Origin::Text).unwrap();
    let blank = Cell::all().find(|&c| !s.game().is_given(c)).unwrap();
    let digit = s.game().solution().get(blank).unwrap();
    s.place(blank, digit).unwrap();
    s
}

const OTHER: &str =
    "98.3.7..6..36.2.7.7..5...........8..5.18.49.3..8...........3..8.2.9.17..3..7.8.15";

fn at(secs: u64) -> SystemTime {
    UNIX_EPOCH + Duration::from_secs(secs)
}

/// The names of the files in `dir`.
fn files(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn one_save_per_puzzle_listed_newest_first() {
    let dir = dir("list");
    let store = SaveStore::new(&dir);
    assert!(store.list().unwrap().games.is_empty(), "no directory yet");
    let puzzle: Grid = PUZZLE.parse().unwrap();
    assert!(store.load(&puzzle).unwrap().is_none());
    let mut first = session("classic", PUZZLE);
    let path = store.save(&first, at(1000)).unwrap();
    assert_eq!(path, dir.join(format!("{}.save", PUZZLE.replace('.', "0"))));
    let mut second = session("medium", OTHER);
    second.set_level(Some(Level::Medium));
    second.add_time(Duration::from_secs(75));
    store.save(&second, at(2000)).unwrap();
    first.enter(cell("2b"), 7).unwrap();
    store.save(&first, at(3000)).unwrap();
    assert_eq!(files(&dir).len(), 2, "one file per puzzle, no litter");
    fs::write(dir.join("notes.txt"), "not a save").unwrap();
    let listing = store.list().unwrap();
    assert!(listing.errors.is_empty());
    let names: Vec<&str> = listing.games.iter().map(|g| g.name.as_str()).collect();
    assert_eq!(names, ["classic", "medium"], "the newest first");
    let medium = &listing.games[1];
    assert_eq!(medium.level, Some(Level::Medium));
    assert_eq!(medium.time, Duration::from_secs(75));
    assert_eq!(medium.saved_at, Some(at(2000)));
    assert_eq!(medium.progress.filled, 1);
    assert!(!medium.solved);
    assert_eq!(listing.games[0].progress.to_string(), "2/51");
    let loaded = store.load(&puzzle).unwrap().unwrap();
    assert_eq!(loaded.session, first);
    assert!(store.delete(&puzzle).unwrap());
    assert!(!store.delete(&puzzle).unwrap());
    assert_eq!(store.list().unwrap().games.len(), 1);
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn unreadable_saves_are_listed_as_errors_naming_the_file() {
    let dir = dir("errors");
    let store = SaveStore::new(&dir);
    store.save(&session("classic", PUZZLE), at(5)).unwrap();
    let other: Grid = OTHER.parse().unwrap();
    let corrupt = store.path_of(&other);
    fs::write(&corrupt, "sudoku save 2\nname: x\n").unwrap();
    let listing = store.list().unwrap();
    assert_eq!(listing.games.len(), 1);
    assert_eq!(
        listing.errors[0].to_string(),
        format!("{}: the field 'puzzle' is missing", corrupt.display())
    );
    let misnamed = save::to_string(&session("classic", PUZZLE), None);
    fs::write(&corrupt, misnamed).unwrap();
    let err = store.load(&other).unwrap_err().to_string();
    assert_eq!(
        err,
        format!(
            "{}: holds the puzzle {PUZZLE}, not the one its name says",
            corrupt.display()
        )
    );
    assert!(matches!(
        &store.list().unwrap().errors[..],
        [StoreError::OtherPuzzle { .. }]
    ));
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_failed_write_keeps_the_old_save_and_leaves_no_litter() {
    let dir = dir("atomic");
    let store = SaveStore::new(&dir);
    let mut s = session("classic", PUZZLE);
    let path = store.save(&s, at(1)).unwrap();
    let before = fs::read(&path).unwrap();
    let before_files = files(&dir);
    // The rename cannot replace a non-empty directory: put one where the
    // temporary file's rename goes by making the save path a directory.
    fs::remove_file(&path).unwrap();
    fs::create_dir_all(path.join("inside")).unwrap();
    s.enter(cell("2b"), 7).unwrap();
    let err = store.save(&s, at(2)).unwrap_err();
    assert!(
        err.to_string().starts_with(&path.display().to_string()),
        "{err}"
    );
    assert_eq!(files(&dir), before_files, "no temporary file left");
    fs::remove_dir_all(&path).unwrap();
    fs::write(&path, &before).unwrap();
    // A temporary file that cannot be made: the old save stays as it was.
    let temp = dir.join(format!(
        ".{}.{}.tmp",
        path.file_name().unwrap().to_string_lossy(),
        std::process::id()
    ));
    fs::create_dir(&temp).unwrap();
    let err = store.save(&s, at(3)).unwrap_err();
    assert!(
        err.to_string().starts_with(&temp.display().to_string()),
        "{err}"
    );
    assert_eq!(fs::read(&path).unwrap(), before, "the old save is whole");
    assert!(temp.is_dir(), "what was not ours is not removed");
    fs::remove_dir(&temp).unwrap();
    store.save(&s, at(4)).unwrap();
    assert_eq!(store.load(s.game().puzzle()).unwrap().unwrap().session, s);
    fs::remove_dir_all(&dir).unwrap();
}

#[cfg(unix)]
#[test]
fn a_save_keeps_the_mode_of_the_file_it_replaces() {
    use std::os::unix::fs::PermissionsExt;
    let dir = dir("mode");
    let store = SaveStore::new(&dir);
    let s = session("classic", PUZZLE);
    let path = store.save(&s, at(1)).unwrap();
    fs::set_permissions(&path, fs::Permissions::from_mode(0o600)).unwrap();
    store.save(&s, at(2)).unwrap();
    let mode = fs::metadata(&path).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o600);
    fs::remove_dir_all(&dir).unwrap();
}

/// `load` of `puzzle` in `store` on a thread: its error within five
/// seconds (a panic if it hangs or loads).
fn load_error_in_time(store: SaveStore, puzzle: Grid) -> String {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(
            store
                .load(&puzzle)
                .map(|l| l.is_some())
                .map_err(|e| e.to_string()),
        );
    });
    match rx.recv_timeout(Duration::from_secs(5)) {
        Ok(Err(err)) => err,
        Ok(Ok(found)) => panic!("loaded (a game: {found}) instead of refusing"),
        Err(_) => panic!("the load hangs"),
    }
}

#[cfg(unix)]
#[test]
fn a_device_a_fifo_or_a_directory_is_refused_at_once() {
    let dir = dir("special");
    fs::create_dir_all(&dir).unwrap();
    let store = SaveStore::new(&dir);
    let puzzle: Grid = PUZZLE.parse().unwrap();
    let path = store.path_of(&puzzle);
    let want = format!("{}: not a regular file", path.display());
    std::os::unix::fs::symlink("/dev/zero", &path).unwrap();
    assert_eq!(load_error_in_time(store.clone(), puzzle), want);
    fs::remove_file(&path).unwrap();
    let made = std::process::Command::new("mkfifo")
        .arg(&path)
        .status()
        .unwrap();
    assert!(made.success());
    assert_eq!(load_error_in_time(store.clone(), puzzle), want);
    fs::remove_file(&path).unwrap();
    fs::create_dir(&path).unwrap();
    assert_eq!(load_error_in_time(store.clone(), puzzle), want);
    assert!(matches!(
        &store.list().unwrap().errors[..],
        [StoreError::NotAFile { .. }]
    ));
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_large_file_is_read_only_up_to_the_limit() {
    let dir = dir("big");
    let store = SaveStore::new(&dir);
    let s = session("classic", PUZZLE);
    let path = store.save(&s, at(1)).unwrap();
    let mut text = fs::read_to_string(&path).unwrap();
    text.push_str(&"x: y\n".repeat(300_000));
    fs::write(&path, text).unwrap();
    assert_eq!(
        load_error_in_time(store, *s.game().puzzle()),
        format!("{}: larger than 1048576 bytes", path.display())
    );
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn keys_are_the_puzzle_and_only_keys_are_listed() {
    let puzzle: Grid = PUZZLE.parse().unwrap();
    let key = SaveStore::key(&puzzle);
    assert_eq!(key.len(), 81);
    assert_eq!(
        key.parse::<Grid>().unwrap(),
        puzzle,
        "the key is the puzzle"
    );
    assert_eq!(
        store_key(Path::new(&format!("/d/{key}.save"))),
        Some(key.as_str())
    );
    for name in [
        format!(".{key}.save.12.tmp"),
        format!("{key}.txt"),
        format!("{key}save"),
        format!("{}.save", &key[1..]),
        "save.txt".to_string(),
    ] {
        assert_eq!(store_key(Path::new(&name)), None, "{name}");
    }
}

#[test]
fn the_old_single_save_is_imported_once() {
    let dir = dir("import");
    let store = SaveStore::new(dir.join("sudoku"));
    let legacy = dir.join("save.txt");
    assert_eq!(store.import(&legacy).unwrap(), Import::Nothing);
    fs::create_dir_all(&dir).unwrap();
    let v1 = include_str!("../../../tests/data/tui-v1-builtin.txt");
    fs::write(&legacy, v1).unwrap();
    let Import::Imported { path, ignored } = store.import(&legacy).unwrap() else {
        panic!("imported")
    };
    assert!(ignored.is_empty());
    assert!(!legacy.exists(), "imported once");
    let listing = store.list().unwrap();
    assert_eq!(listing.games[0].path, path);
    assert_eq!(listing.games[0].name, "sudoku01-easy.txt");
    assert!(listing.games[0].saved_at.is_some(), "the old file's time");
    let loaded = store.load(&listing.games[0].puzzle).unwrap().unwrap();
    assert_eq!(loaded.version, 2);
    assert_eq!(loaded.session.moves(), 9);
    // A newer save of the same puzzle is kept.
    fs::write(&legacy, v1.replace("moves: 9", "moves: 1")).unwrap();
    assert_eq!(
        store.import(&legacy).unwrap(),
        Import::AlreadySaved { path: path.clone() }
    );
    assert_eq!(
        store
            .load(&listing.games[0].puzzle)
            .unwrap()
            .unwrap()
            .session
            .moves(),
        9
    );
    assert!(!legacy.exists());
    // A broken old save stays where it is, and the error names it.
    fs::write(&legacy, "sudoku-tui save 1\n").unwrap();
    let err = store.import(&legacy).unwrap_err().to_string();
    assert_eq!(
        err,
        format!("{}: the field 'puzzle' is missing", legacy.display())
    );
    assert!(legacy.exists());
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn an_unreadable_save_is_set_aside_not_replaced() {
    let dir = dir("aside");
    let store = SaveStore::new(&dir);
    let puzzle: Grid = PUZZLE.parse().unwrap();
    assert_eq!(store.set_aside(&puzzle).unwrap(), None, "no save");
    let path = store.path_of(&puzzle);
    let key = SaveStore::key(&puzzle);
    for n in ["", "2", "3"] {
        fs::create_dir_all(&dir).unwrap();
        fs::write(&path, format!("sudoku save 2\ngarbage {n}\n")).unwrap();
        assert!(store.load(&puzzle).is_err());
        let aside = store.set_aside(&puzzle).unwrap().unwrap();
        assert_eq!(aside, dir.join(format!("{key}.save.bad{n}")));
        assert_eq!(
            fs::read_to_string(&aside).unwrap(),
            format!("sudoku save 2\ngarbage {n}\n"),
            "kept as it was"
        );
        assert!(store.load(&puzzle).unwrap().is_none());
    }
    let listing = store.list().unwrap();
    assert!(listing.games.is_empty() && listing.errors.is_empty());
    store.save(&session("classic", PUZZLE), at(5)).unwrap();
    assert_eq!(
        files(&dir).len(),
        4,
        "the new save beside the three set aside"
    );
}

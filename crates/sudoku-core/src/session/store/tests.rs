use std::time::{Duration, UNIX_EPOCH};

use super::*;
use crate::fixtures::{cell, PUZZLE};
use crate::pos::{Cell, Digit};
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
    // Temporary files left behind by a writer that died, one of them
    // with our own process id (as when the game is process 1 of a
    // container each time): never in the way (see `file::tests`), and gone
    // once the puzzle is locked, as every save locks it.
    let name = path.file_name().unwrap().to_string_lossy().into_owned();
    let pid = std::process::id();
    let left = [
        format!(".{name}.{pid}.tmp"),
        format!(".{name}.{pid}-00000000000000aa.tmp"),
    ];
    for temp in &left {
        fs::write(dir.join(temp), "half a save").unwrap();
    }
    store.save(&s, at(3)).unwrap();
    assert_eq!(store.load(s.game().puzzle()).unwrap().unwrap().session, s);
    assert_eq!(files(&dir), before_files, "no litter, no lock file left");
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

#[test]
fn a_locked_puzzle_is_refused_to_every_other_game_until_let_go() {
    let dir = dir("lock");
    let store = SaveStore::new(&dir);
    let puzzle: Grid = PUZZLE.parse().unwrap();
    let mut s = session("classic", PUZZLE);
    let lock = store.lock(&puzzle, "sudoku play").unwrap();
    assert!(lock.is_held());
    let path = store.path_of(&puzzle);
    let in_use = format!(
        "{}: this puzzle is open in another game (sudoku play, pid {})",
        path.display(),
        std::process::id()
    );
    let err = store.lock(&puzzle, "sudoku-tui").unwrap_err();
    assert_eq!(err.to_string(), in_use);
    assert_eq!(err.path(), path, "the error names the save");
    // Nobody else writes or removes the save meanwhile.
    assert_eq!(store.save(&s, at(1)).unwrap_err().to_string(), in_use);
    assert_eq!(store.delete(&puzzle).unwrap_err().to_string(), in_use);
    // The game itself saves and removes through its lock.
    assert_eq!(lock.save(&s, at(2)).unwrap(), path);
    s.enter(cell("2b"), 7).unwrap();
    lock.save(&s, at(3)).unwrap();
    assert_eq!(store.load(&puzzle).unwrap().unwrap().session, s);
    let other = session("other", OTHER);
    assert!(matches!(
        lock.save(&other, at(4)),
        Err(StoreError::OtherPuzzle { .. })
    ));
    // Other puzzles are free.
    store.save(&other, at(5)).unwrap();
    assert!(lock.delete().unwrap());
    drop(lock);
    assert!(
        !files(&dir).iter().any(|f| f.ends_with(".lock")),
        "the lock file goes with the lock: {:?}",
        files(&dir)
    );
    let again = store.lock(&puzzle, "sudoku-tui").unwrap();
    assert!(again.is_held());
    drop(again);
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_lock_left_by_a_dead_game_is_not_in_the_way() {
    let dir = dir("dead-lock");
    let store = SaveStore::new(&dir);
    let puzzle: Grid = PUZZLE.parse().unwrap();
    // What a game killed with SIGKILL leaves: the file, no lock on it.
    fs::create_dir_all(&dir).unwrap();
    let file = dir.join(format!(".{}.lock", SaveStore::key(&puzzle)));
    fs::write(&file, "sudoku play, pid 1\n").unwrap();
    let lock = store.lock(&puzzle, "sudoku play").unwrap();
    assert!(lock.is_held());
    assert_eq!(
        fs::read_to_string(&file).unwrap(),
        format!("sudoku play, pid {}\n", std::process::id())
    );
    drop(lock);
    assert!(!file.exists());
    fs::remove_dir_all(&dir).unwrap();
}

#[cfg(unix)]
#[test]
fn a_save_that_is_a_link_is_written_and_removed_through_it() {
    let dir = dir("link");
    let store = SaveStore::new(dir.join("store"));
    let synced = dir.join("synced");
    fs::create_dir_all(&synced).unwrap();
    fs::create_dir_all(store.dir()).unwrap();
    let mut s = session("classic", PUZZLE);
    let puzzle = *s.game().puzzle();
    let path = store.path_of(&puzzle);
    let target = synced.join("classic.save");
    std::os::unix::fs::symlink(&target, &path).unwrap();
    store.save(&s, at(1)).unwrap();
    s.enter(cell("2b"), 7).unwrap();
    store.save(&s, at(2)).unwrap();
    assert!(fs::symlink_metadata(&path)
        .unwrap()
        .file_type()
        .is_symlink());
    let through = save::parse(&fs::read_to_string(&target).unwrap()).unwrap();
    assert_eq!(through.session, s, "the link's target is the save");
    assert_eq!(store.list().unwrap().games[0].progress.filled, 2);
    assert!(store.delete(&puzzle).unwrap());
    assert!(!target.exists() && fs::symlink_metadata(&path).is_err());
    fs::remove_dir_all(&dir).unwrap();
}

/// A session of `moves` moves (placing and erasing cells in turn), with a
/// pencil mark, and `undone` of them undone.
fn long_game(moves: usize, undone: usize) -> Session {
    let mut s = Session::new(PUZZLE.parse().unwrap(), "long", Origin::Text).unwrap();
    let blanks: Vec<Cell> = Cell::all().filter(|&c| !s.game().is_given(c)).collect();
    let solution = *s.game().solution();
    s.set_marks(
        blanks[40],
        [1, 2].into_iter().filter_map(Digit::new).collect(),
    );
    for i in 0..moves {
        let cell = blanks[i % 30];
        let digit = match s.game().grid().get(cell) {
            Some(_) => None,
            None => solution.get(cell),
        };
        s.set(cell, digit).unwrap();
    }
    for _ in 0..undone {
        s.undo().unwrap();
    }
    s
}

#[test]
fn every_save_written_is_read_back_whole_at_and_past_the_history_bound() {
    let dir = dir("long");
    let store = SaveStore::new(&dir);
    for (moves, undone) in [
        (save::MAX_HISTORY, 0),
        (save::MAX_HISTORY + 5, 0),
        (280_001, 0),
        (280_001, 150_000),
        (save::MAX_HISTORY + 1, save::MAX_HISTORY + 1),
    ] {
        let s = long_game(moves, undone);
        let path = store.save(&s, at(1)).unwrap();
        let size = fs::metadata(&path).unwrap().len();
        assert!(
            size < save::MAX_SAVE_BYTES / 2,
            "{moves} moves: {size} bytes"
        );
        let loaded = store.load(s.game().puzzle()).unwrap().unwrap();
        assert_eq!(loaded.ignored, [], "{moves} moves, {undone} undone");
        let r = &loaded.session;
        assert_eq!(r.game().grid(), s.game().grid(), "{moves} moves");
        assert_eq!(r.moves(), s.moves());
        assert_eq!(r.pencil(), s.pencil());
        let history = r.game().history();
        assert!(history.undo_len() + history.redo_len() <= save::MAX_HISTORY);
        if moves + undone <= save::MAX_HISTORY {
            assert_eq!(r, &s, "a history within the bound is kept as it is");
        }
        // Undo and redo as far as they go keep to the real game: the
        // newest moves undo as they were made.
        let mut a = r.clone();
        let mut b = s.clone();
        for _ in 0..1000.min(history.undo_len()) {
            assert_eq!(a.undo().unwrap(), b.undo().unwrap());
        }
        let mut a = r.clone();
        let mut b = s.clone();
        for _ in 0..history.redo_len() {
            assert_eq!(a.redo().unwrap(), b.redo().unwrap());
            assert_eq!(a.game().grid(), b.game().grid());
        }
        // Saved again, it is the same save.
        store.save(r, at(1)).unwrap();
        assert_eq!(store.load(s.game().puzzle()).unwrap().unwrap().session, *r);
        let info = &store.list().unwrap().games[0];
        assert_eq!(info.board, *s.game().grid());
        assert_eq!(info.moves, s.moves());
    }
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_list_reads_what_a_whole_read_gives() {
    let dir = dir("summary");
    let store = SaveStore::new(&dir);
    let mut s = long_game(2_000, 7);
    s.set_level(Some(Level::Hard));
    s.add_time(Duration::from_millis(61_250));
    store.save(&s, at(1234)).unwrap();
    let path = store.path_of(s.game().puzzle());
    let whole = |path: &Path| {
        let (loaded, _) = read_save(path).unwrap().unwrap();
        save::Summary::of(&loaded)
    };
    let listed = |store: &SaveStore| store.list().unwrap().games.remove(0);
    let info = listed(&store);
    let summary = whole(&path);
    assert_eq!(
        (info.board, info.moves, info.time, info.level, info.saved_at),
        (
            summary.board,
            summary.moves,
            summary.time,
            summary.level,
            summary.saved_at
        )
    );
    assert_eq!(info.progress, s.progress());
    // Without a usable grid line before the history, the whole save is
    // read: the same entry.
    let text = fs::read_to_string(&path).unwrap();
    let grid_line = text.lines().find(|l| l.starts_with("grid: ")).unwrap();
    for edited in [
        text.replace(&format!("{grid_line}\n"), ""),
        text.replace(grid_line, "grid: nonsense"),
        text.replace(grid_line, &format!("grid: {}", PUZZLE.replace('5', "."))),
    ] {
        fs::write(&path, edited).unwrap();
        let again = listed(&store);
        assert_eq!((again.board, again.progress), (info.board, info.progress));
    }
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_copy_is_kept_of_a_save_read_with_parts_left_out() {
    let dir = dir("copy");
    let store = SaveStore::new(&dir);
    let s = session("classic", PUZZLE);
    let puzzle = *s.game().puzzle();
    assert_eq!(store.keep_copy(&puzzle).unwrap(), None);
    let path = store.save(&s, at(1)).unwrap();
    let text = fs::read_to_string(&path)
        .unwrap()
        .replace("moves: 1", "moves: 5000000");
    fs::write(&path, &text).unwrap();
    assert_eq!(store.load(&puzzle).unwrap().unwrap().ignored.len(), 1);
    let copy = store.keep_copy(&puzzle).unwrap().unwrap();
    assert_eq!(copy, path.with_extension("save.bad"));
    assert_eq!(fs::read_to_string(&copy).unwrap(), text);
    assert_eq!(fs::read_to_string(&path).unwrap(), text, "the save stays");
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn short_paths_put_home_as_a_tilde_and_cut_save_keys() {
    let key = SaveStore::key(&PUZZLE.parse().unwrap());
    let home = Path::new("/home/ann");
    let save = home.join(".local/share/sudoku").join(format!("{key}.save"));
    let cut = format!("{}...{}", &key[..8], &key[73..]);
    assert_eq!(
        short_path(&save, Some(home)),
        format!("~/.local/share/sudoku/{cut}.save")
    );
    let bad = save.with_extension("save.bad");
    assert_eq!(
        short_path(&bad, Some(home)),
        format!("~/.local/share/sudoku/{cut}.save.bad")
    );
    // outside home, no home, a home of `/`: the whole folder, the key cut
    let elsewhere = Path::new("/data/sudoku").join(format!("{key}.save"));
    assert_eq!(
        short_path(&elsewhere, Some(home)),
        format!("/data/sudoku/{cut}.save")
    );
    assert_eq!(
        short_path(&save, None),
        format!("/home/ann/.local/share/sudoku/{cut}.save")
    );
    assert_eq!(
        short_path(&elsewhere, Some(Path::new("/"))),
        format!("/data/sudoku/{cut}.save")
    );
    // not a save: as it is
    assert_eq!(
        short_path(&home.join("notes.txt"), Some(home)),
        "~/notes.txt"
    );
    assert_eq!(
        short_path(Path::new("/home/annie/x"), Some(home)),
        "/home/annie/x"
    );
}

//! Choosing a puzzle: the numbered list of `sudoku*.txt` files, built-in
//! puzzles and new random puzzles, the question that picks one, and loading
//! a file (or generating a puzzle) with one clear line for anything wrong.

use std::io;
use std::path::{Path, PathBuf};

use sudoku_core::builtin::{Builtin, PUZZLES};
use sudoku_core::session::{Daily, Origin};
use sudoku_core::{parse_many, Grid, Level, RandomPuzzle};

use super::{Console, Failure};
use crate::input;

/// The largest puzzle file read, in bytes: a collection of some twelve
/// thousand one-line puzzles.
pub const MAX_FILE_BYTES: u64 = 1 << 20;

/// The directory listed when `--dir` is not given and it exists.
const DEFAULT_DIR: &str = "puzzles";

/// Where a puzzle comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Source {
    /// A file on disk.
    File(PathBuf),
    /// A puzzle embedded in the program.
    Builtin(&'static Builtin),
    /// A new random puzzle of a level, from a fresh seed.
    Random(Level),
}

impl Source {
    /// The name used in the list and in messages.
    fn name(&self) -> String {
        match self {
            Source::File(path) => path.display().to_string(),
            Source::Builtin(builtin) => builtin.name.to_string(),
            Source::Random(level) => format!("new random puzzle: {level}"),
        }
    }
}

/// The puzzles of one file, each with the line it starts on.
#[derive(Clone, Debug)]
pub struct Loaded {
    name: String,
    grids: Vec<(usize, Grid)>,
    /// Where the puzzles came from, for their sessions' origin.
    from: Provenance,
}

/// Where [`Loaded`] puzzles came from.
#[derive(Clone, Debug)]
enum Provenance {
    /// A file, by its path as a save records it (absolute when it can be).
    File(String),
    /// A built-in puzzle file, by name.
    Builtin(&'static str),
    /// The generator.
    Random(RandomPuzzle),
}

/// The puzzle to play, its name in messages (`FILE`, or `FILE, puzzle 3`
/// in a collection) and where it came from.
#[derive(Clone, Debug)]
pub struct Picked {
    /// The name in messages.
    pub label: String,
    /// The puzzle.
    pub grid: Grid,
    /// Where it came from: a file and line, a built-in file, the generator.
    pub origin: Origin,
}

/// The directory to list: `dir` when given (it must exist), else
/// `./puzzles` when it exists, else none.
pub fn puzzle_dir(dir: Option<&Path>) -> Result<Option<PathBuf>, String> {
    match dir {
        Some(dir) if dir.is_dir() => Ok(Some(dir.to_path_buf())),
        Some(dir) if dir.exists() => Err(format!("{}: not a directory", dir.display())),
        Some(dir) => Err(format!("{}: no such directory", dir.display())),
        None => Ok(Path::new(DEFAULT_DIR)
            .is_dir()
            .then(|| PathBuf::from(DEFAULT_DIR))),
    }
}

/// The puzzles to offer: the `sudoku*.txt` files of `dir` by name, then the
/// built-in puzzles whose name no listed file has, then a new random puzzle
/// of each level.
pub fn entries(dir: Option<&Path>) -> Result<Vec<Source>, String> {
    let mut files = Vec::new();
    if let Some(dir) = dir {
        let listing = std::fs::read_dir(dir)
            .map_err(|e| format!("{}: {}", dir.display(), input::lower(&e)))?;
        for entry in listing.flatten() {
            let name = entry.file_name();
            let Some(name) = name.to_str() else { continue };
            if name.starts_with("sudoku") && name.ends_with(".txt") && entry.path().is_file() {
                files.push(name.to_string());
            }
        }
    }
    files.sort();
    let builtins = PUZZLES
        .iter()
        .filter(|b| !files.iter().any(|f| f == b.name))
        .map(Source::Builtin);
    let random = Level::ALL.into_iter().map(Source::Random);
    let dir = dir.unwrap_or(Path::new("."));
    Ok(files
        .iter()
        .map(|f| Source::File(dir.join(f)))
        .chain(builtins)
        .chain(random)
        .collect())
}

/// Prints the numbered list.
pub fn show_list(
    console: &mut Console<'_>,
    dir: Option<&Path>,
    entries: &[Source],
) -> io::Result<()> {
    let files = entries
        .iter()
        .filter(|e| matches!(e, Source::File(_)))
        .count();
    if let Some(dir) = dir {
        console.say(format_args!("sudoku*.txt files in {}:", dir.display()))?;
        if files == 0 {
            console.say("  (none)")?;
        }
    }
    let builtins = entries
        .iter()
        .filter(|e| matches!(e, Source::Builtin(_)))
        .count();
    for (i, entry) in entries.iter().enumerate() {
        if i == files && builtins > 0 {
            console.say("Built-in puzzles:")?;
        }
        let name = match entry {
            Source::File(path) => path
                .file_name()
                .map_or_else(|| entry.name(), |n| n.to_string_lossy().into_owned()),
            Source::Builtin(_) | Source::Random(_) => entry.name(),
        };
        console.say(format_args!("{:>4}  {name}", i + 1))?;
    }
    Ok(())
}

/// Asks which puzzle to play until the answer is good: a number of the
/// list, or a file name (as given, or in `dir`). `None` when the player
/// says `end` or the input ends.
pub fn ask(
    console: &mut Console<'_>,
    dir: Option<&Path>,
    entries: &[Source],
) -> io::Result<Option<Source>> {
    let n = entries.len();
    let prompt = format!("Choose a puzzle (1-{n} or a file name; list, end): ");
    loop {
        let Some(line) = console.ask(&prompt)? else {
            return Ok(None);
        };
        let answer = line.trim();
        match answer.to_ascii_lowercase().as_str() {
            "" => continue,
            "end" | "quit" | "exit" => return Ok(None),
            "list" => {
                show_list(console, dir, entries)?;
                continue;
            }
            _ => {}
        }
        if let Ok(k) = answer.parse::<u64>() {
            match usize::try_from(k).ok().filter(|&k| (1..=n).contains(&k)) {
                Some(k) => return Ok(Some(entries[k - 1].clone())),
                None => console.say(format_args!("there is no puzzle {k}: choose 1-{n}"))?,
            }
            continue;
        }
        let typed = PathBuf::from(answer);
        let in_dir = dir.map(|d| d.join(answer));
        match [Some(typed), in_dir]
            .into_iter()
            .flatten()
            .find(|p| p.is_file())
        {
            Some(path) => return Ok(Some(Source::File(path))),
            None => console.say(format_args!(
                "no puzzle '{answer}': type a number from 1 to {n} or the name of a file"
            ))?,
        }
    }
}

/// Reads every puzzle of `source`, or generates a new random one. The error
/// is one line naming the file, and the line for a malformed puzzle.
pub fn load(source: &Source) -> Result<Loaded, String> {
    let name = source.name();
    let (text, from) = match source {
        Source::File(path) if path.is_dir() => return Err(format!("{name}: is a directory")),
        Source::File(path) => {
            let text = input::read_small(path, MAX_FILE_BYTES)?;
            let full = std::path::absolute(path).unwrap_or_else(|_| path.clone());
            (text, Provenance::File(full.to_string_lossy().into_owned()))
        }
        Source::Builtin(builtin) => (builtin.text.to_string(), Provenance::Builtin(builtin.name)),
        Source::Random(level) => return generate(RandomPuzzle::fresh(*level)),
    };
    let mut grids = Vec::new();
    for record in parse_many(&text) {
        match record {
            Ok(record) => grids.push((record.line, record.grid)),
            Err(e) => {
                return Err(match e.line() {
                    Some(line) => format!("{name}:{line}: {}", e.detail()),
                    None => format!("{name}: {e}"),
                })
            }
        }
    }
    if grids.is_empty() {
        return Err(format!("{name}: no puzzle found"));
    }
    Ok(Loaded { name, grids, from })
}

/// The puzzle of `random`, named as the games name it (`random hard
/// #1234`), so that `--random LEVEL --seed SEED` plays it again. The error
/// is one line naming it.
pub fn generate(random: RandomPuzzle) -> Result<Loaded, String> {
    generate_named(random, random.name())
}

/// The daily puzzle of `daily`'s date and level, named `daily 2026-11-27
/// hard`.
pub fn daily(daily: Daily) -> Result<Loaded, String> {
    generate_named(daily.random(), daily.name())
}

/// Makes `random`'s puzzle, named `name`.
fn generate_named(random: RandomPuzzle, name: String) -> Result<Loaded, String> {
    match random.generate() {
        Ok(grid) => Ok(Loaded {
            name,
            grids: vec![(1, grid)],
            from: Provenance::Random(random),
        }),
        Err(e) => Err(format!("{name}: {e}")),
    }
}

/// The puzzle to play from `loaded`: its only one, the `index`th (from 1),
/// or the one the player names when it holds several. `Ok(None)` when the
/// player says `end` or the input ends.
pub fn pick(
    console: &mut Console<'_>,
    loaded: &Loaded,
    index: Option<u64>,
) -> Result<Option<Picked>, Failure> {
    let n = loaded.grids.len();
    let picked = |k: usize| {
        let (line, grid) = loaded.grids[k - 1];
        Picked {
            label: if n == 1 {
                loaded.name.clone()
            } else {
                format!("{}, puzzle {k}", loaded.name)
            },
            grid,
            origin: match &loaded.from {
                Provenance::File(path) => Origin::File {
                    path: path.clone(),
                    line,
                },
                Provenance::Builtin(name) => Origin::Builtin {
                    name: name.to_string(),
                },
                Provenance::Random(random) => Origin::Random(*random),
            },
        }
    };
    if let Some(k) = index {
        return match usize::try_from(k).ok().filter(|&k| (1..=n).contains(&k)) {
            Some(k) => Ok(Some(picked(k))),
            None => Err(Failure::Refused(format!(
                "{}: there is no puzzle {k}; the file holds {}",
                loaded.name,
                count(n)
            ))),
        };
    }
    if n == 1 {
        return Ok(Some(picked(1)));
    }
    let prompt = format!("{} holds {n} puzzles; which one (1-{n})? ", loaded.name);
    loop {
        let Some(line) = console.ask(&prompt)? else {
            return Ok(None);
        };
        let answer = line.trim();
        if ["end", "quit", "exit"].contains(&answer.to_ascii_lowercase().as_str()) {
            return Ok(None);
        }
        match answer.parse::<usize>() {
            Ok(k) if (1..=n).contains(&k) => return Ok(Some(picked(k))),
            Ok(k) => console.say(format_args!("there is no puzzle {k}: choose 1-{n}"))?,
            Err(_) if answer.is_empty() => {}
            Err(_) => console.say(format_args!("'{answer}' is not a number: choose 1-{n}"))?,
        }
    }
}

/// `1 puzzle` or `N puzzles`.
fn count(n: usize) -> String {
    if n == 1 {
        "1 puzzle".to_string()
    } else {
        format!("{n} puzzles")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ask_with(script: &str, entries: &[Source]) -> (Option<Source>, String) {
        let mut input = script.as_bytes();
        let mut out = Vec::new();
        let mut console = Console::new(&mut input, &mut out, true);
        let answer = ask(&mut console, None, entries).unwrap();
        (answer, String::from_utf8(out).unwrap())
    }

    #[test]
    fn bad_answers_are_explained_and_asked_again() {
        let entries = entries(None).unwrap();
        assert_eq!(entries.len(), PUZZLES.len() + Level::ALL.len());
        let n = entries.len();
        let (answer, out) = ask_with("0\n99\nnowhere.txt\n\n2\n", &entries);
        assert_eq!(answer, Some(Source::Builtin(&PUZZLES[1])));
        assert!(out.contains("there is no puzzle 0: choose 1-"));
        assert!(out.contains(&format!("there is no puzzle 99: choose 1-{n}")));
        assert!(out.contains("no puzzle 'nowhere.txt': type a number from 1 to"));
        let (answer, _) = ask_with("", &entries);
        assert_eq!(answer, None, "the end of input");
        let (answer, _) = ask_with("END\n1\n", &entries);
        assert_eq!(answer, None);
    }

    #[test]
    fn the_list_ends_with_a_random_puzzle_of_each_level() {
        let entries = entries(None).unwrap();
        let last: Vec<String> = entries[PUZZLES.len()..].iter().map(Source::name).collect();
        assert_eq!(
            last,
            ["easy", "medium", "hard", "expert", "extreme"]
                .map(|l| format!("new random puzzle: {l}"))
        );
        let loaded = load(&Source::Random(Level::Easy)).unwrap();
        assert_eq!(loaded.grids.len(), 1);
        assert!(loaded.name.starts_with("random easy #"), "{}", loaded.name);
    }

    #[test]
    fn a_random_puzzle_is_named_by_its_level_and_seed() {
        let random = RandomPuzzle::new(Level::Medium, 7);
        let loaded = generate(random).unwrap();
        assert_eq!(loaded.name, "random medium #7");
        assert_eq!(loaded.grids, [(1, random.generate().unwrap())]);
    }

    #[test]
    fn every_builtin_loads_as_one_puzzle() {
        for builtin in PUZZLES {
            let loaded = load(&Source::Builtin(builtin)).unwrap();
            assert_eq!(loaded.grids.len(), 1, "{}", builtin.name);
        }
    }
}

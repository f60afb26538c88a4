//! `sudoku play`: the plain-text game, pleasant at a terminal and fully
//! scriptable through a pipe.
//!
//! The modules follow the flow of a game: [`choose`] finds and loads a
//! puzzle (or has the core generate one), [`saves`] finds its saved game in
//! the store both games share, [`session`] runs the game loop on the core's
//! `Session`, which reads lines as a [`command::Command`] and draws the
//! board with [`board`]; [`help`] is the table of commands that `help`
//! lists and the man page documents. Everything reads from a [`BufRead`] (or, on a
//! terminal, a line editor) and writes to a [`Write`], so tests drive it
//! with plain text; only [`run`] touches the real stdin and stdout.

mod board;
mod choose;
mod command;
pub(crate) mod help;
mod paint;
mod saves;
mod session;
mod signals;

use std::collections::VecDeque;
use std::fmt::Display;
use std::io::{self, BufRead, IsTerminal, Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant, SystemTime};

use clap::{Args, ValueEnum};
use rustyline::error::ReadlineError;
use rustyline::DefaultEditor;
use sudoku_core::generator::fresh_seed;
use sudoku_core::session::{Daily, Date, DateError, Session};
use sudoku_core::text::escape_controls;
use sudoku_core::{Level, PuzzleError, RandomPuzzle};

pub(crate) use saves::{short_path, NO_DATA_DIR};

use choose::{Picked, Source};
use saves::{Found, Saves};
use session::{Ending, Start};

use crate::diag;

/// Arguments of `sudoku play`.
#[derive(Debug, Args)]
pub struct PlayArgs {
    /// A puzzle file in any format the programs read; without one, choose
    /// from the sudoku*.txt files of --dir, the built-in puzzles and new
    /// random ones.
    file: Option<PathBuf>,
    /// Play the Nth puzzle (from 1) of FILE without asking.
    #[arg(long, value_name = "N", requires = "file",
          value_parser = clap::value_parser!(u64).range(1..))]
    index: Option<u64>,
    /// Where to look for sudoku*.txt files [default: ./puzzles when it exists].
    #[arg(long, value_name = "DIR", conflicts_with = "file")]
    dir: Option<PathBuf>,
    /// Play a new random puzzle of this level (one solution, graded exactly
    /// LEVEL): easy, medium, hard, expert or extreme.
    #[arg(long, value_name = "LEVEL", conflicts_with_all = ["file", "index", "dir"],
          value_parser = crate::generate::parse_level)]
    random: Option<Level>,
    /// The seed of the --random puzzle: the same seed gives the same puzzle
    /// (the one `sudoku generate puzzles 1 --difficulty LEVEL --seed SEED`
    /// prints). Default: a fresh one, shown in the puzzle's name.
    #[arg(long, requires = "random")]
    seed: Option<u64>,
    /// When to colour the board: auto is when stdout is a terminal and
    /// NO_COLOR is not set.
    #[arg(long, value_enum, value_name = "WHEN", default_value_t = ColorWhen::Auto)]
    color: ColorWhen,
    /// No colour: the same as --color never.
    #[arg(long)]
    no_color: bool,
    /// List the saved games (of both games: the store is shared) and go on
    /// with one.
    #[arg(long, conflicts_with_all = ["file", "index", "dir", "random", "seed"])]
    resume: bool,
    /// Play today's daily puzzle of LEVEL [default: medium]: the same
    /// puzzle for everyone on the same date (in UTC). A won daily puzzle
    /// adds to the daily streak (`sudoku stats`).
    #[arg(long, value_name = "LEVEL", num_args = 0..=1, default_missing_value = "medium",
          conflicts_with_all = ["file", "index", "dir", "random", "seed", "resume"],
          value_parser = crate::generate::parse_level)]
    daily: Option<Level>,
    /// The date of the --daily puzzle, YYYY-MM-DD, instead of today (to
    /// catch up on a day missed).
    #[arg(long, value_name = "YYYY-MM-DD", requires = "daily")]
    date: Option<String>,
}

/// The date of the daily puzzle: `--date`, else today in UTC. A bad date
/// is one line (status 2).
fn daily_date(date: Option<&str>) -> Result<Date, Failure> {
    match date {
        Some(text) => text
            .parse()
            .map_err(|e: DateError| Failure::Usage(format!("--date: {e}"))),
        None => Ok(Date::of_time(SystemTime::now())),
    }
}

/// The choices of `--color`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ColorWhen {
    /// Colour when stdout is a terminal and NO_COLOR is not set.
    Auto,
    /// Always colour, even into a pipe.
    Always,
    /// Never colour.
    Never,
}

/// Whether to draw in colour: `--no-color` and `--color never` say no,
/// `--color always` yes; otherwise (auto) only on a terminal without
/// `NO_COLOR` in the environment, whatever its value.
fn use_color(when: ColorWhen, no_color_flag: bool, no_color_env: bool, terminal: bool) -> bool {
    match when {
        _ if no_color_flag => false,
        ColorWhen::Never => false,
        ColorWhen::Always => true,
        ColorWhen::Auto => terminal && !no_color_env,
    }
}

/// Why `sudoku play` stops with a failure status.
#[derive(Debug)]
enum Failure {
    /// The puzzle named on the command line cannot be played (status 1).
    Refused(String),
    /// A bad `--dir` (status 2).
    Usage(String),
    /// Reading stdin or writing stdout failed.
    Io(io::Error),
    /// The game ended unsolved and could not be saved; the game said why
    /// (status 1).
    Unsaved,
}

impl From<io::Error> for Failure {
    fn from(e: io::Error) -> Failure {
        Failure::Io(e)
    }
}

/// `text` with the control characters of each line escaped, its line
/// breaks kept.
fn shown(text: &str) -> String {
    text.split('\n')
        .map(escape_controls)
        .collect::<Vec<_>>()
        .join("\n")
}

/// The directory of the store both games share (and of the statistics
/// beside it): `sudoku` in the user's data directory, if there is one.
pub fn store_dir() -> Option<PathBuf> {
    dirs::data_dir().map(|dir| dir.join("sudoku"))
}

/// Runs `sudoku play`.
pub fn run(args: PlayArgs) -> ExitCode {
    let color = use_color(
        args.color,
        args.no_color,
        // As no-color.org asks: set and not empty.
        std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty()),
        io::stdout().is_terminal(),
    );
    // Typed input is echoed by the terminal; piped input is echoed by us so
    // that the output reads as a transcript. Time is counted only while a
    // person at a terminal is thinking, so piped games are reproducible.
    let terminal = io::stdin().is_terminal();
    if crate::stdio::stdout_closed() {
        diag::error("cannot write <stdout>: standard output is closed");
        return ExitCode::from(2);
    }
    let mut input = io::stdin().lock();
    let mut output = io::stdout().lock();
    let editor = if terminal && io::stdout().is_terminal() {
        line_editor()
    } else {
        None
    };
    let mut console = Console {
        input: match editor {
            Some(editor) => Input::Editor(editor),
            None => Input::Plain {
                lines: &mut input,
                echo: !terminal,
            },
        },
        pending: VecDeque::new(),
        out: &mut output,
        clock: terminal,
    };
    let result = start(&args, &mut console, color);
    let flushed = output.flush();
    match result.and(flushed.map_err(Failure::Io)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Unsaved) => ExitCode::from(1),
        Err(Failure::Refused(msg)) => {
            diag::error(&msg);
            ExitCode::from(1)
        }
        Err(Failure::Usage(msg)) => {
            diag::error(&msg);
            ExitCode::from(2)
        }
        // The reader of our output went away: nobody is left to tell.
        Err(Failure::Io(e)) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::from(2),
        Err(Failure::Io(e)) => {
            diag::error(&crate::input::lower(&e));
            ExitCode::from(2)
        }
    }
}

/// The line editor for a terminal: history of this game's lines, no
/// completion. `None` (plain reading) when the terminal cannot be set up.
fn line_editor() -> Option<Box<DefaultEditor>> {
    // Bracketed paste (the default) puts a paste of several lines in the
    // line as it is; `Console::ask` then runs each of its lines in turn.
    let config = rustyline::Config::builder()
        .max_history_size(1000)
        .ok()?
        .history_ignore_dups(true)
        .ok()?
        .auto_add_history(false)
        .build();
    DefaultEditor::with_config(config).ok().map(Box::new)
}

/// Plays the puzzle named on the command line (a file or `--random`), a
/// saved game (`--resume`), or one chosen from the list.
fn start(args: &PlayArgs, console: &mut Console<'_>, color: bool) -> Result<(), Failure> {
    let mut saves = Saves::open();
    if args.resume {
        return resume(&mut saves, console, color);
    }
    let loaded = if let Some(level) = args.daily {
        let date = daily_date(args.date.as_deref())?;
        choose::daily(Daily::new(date, level))
    } else if let Some(level) = args.random {
        let random = RandomPuzzle::new(level, args.seed.unwrap_or_else(fresh_seed));
        choose::generate(random)
    } else if let Some(path) = &args.file {
        choose::load(&Source::File(path.clone()))
    } else {
        return choose_and_play(args, &mut saves, console, color);
    };
    let loaded = loaded.map_err(Failure::Refused)?;
    let Some(picked) = choose::pick(console, &loaded, args.index)? else {
        return Ok(());
    };
    let session =
        new_session(&picked).map_err(|e| Failure::Refused(format!("{}: {e}", picked.label)))?;
    saves
        .claim(session.game().puzzle())
        .map_err(Failure::Refused)?;
    play_or_resume(session, picked.label, &mut saves, console, color)
}

/// A new session on the picked puzzle; refused as the core refuses it.
fn new_session(picked: &Picked) -> Result<Session, PuzzleError> {
    Session::new(picked.grid, picked.label.as_str(), picked.origin.clone())
}

/// Plays `session`, or the saved game of its puzzle when the store holds
/// one (and says so). The caller holds the puzzle's lock.
fn play_or_resume(
    session: Session,
    label: String,
    saves: &mut Saves,
    console: &mut Console<'_>,
    color: bool,
) -> Result<(), Failure> {
    let start = start_of(session, label, saves, console)?;
    let ending = session::play(start, saves, console, color)?;
    finish(ending, saves, console, color)
}

/// The game to play on `session`'s puzzle: its saved game when the store
/// holds one (and says so), else `session`.
fn start_of(
    session: Session,
    label: String,
    saves: &mut Saves,
    console: &mut Console<'_>,
) -> Result<Start, Failure> {
    Ok(match saves.find(session.game().puzzle(), console)? {
        Found::Game(loaded) => Start {
            session: loaded.session,
            label,
            resumed: Some(loaded.saved_at),
            over_solved: false,
        },
        Found::Solved => {
            console.say(
                "The saved game of this puzzle is solved; starting afresh (a move or a mark \
                 replaces it)",
            )?;
            Start {
                session,
                label,
                resumed: None,
                over_solved: true,
            }
        }
        Found::Nothing => Start {
            session,
            label,
            resumed: None,
            over_solved: false,
        },
    })
}

/// The name of a puzzle opened with `open LINE`.
const TYPED_NAME: &str = "typed puzzle";

/// After a game: the status, or the next game when it ended with `open`
/// (the typed puzzle's saved game, when the store holds one).
fn finish(
    mut ending: Ending,
    saves: &mut Saves,
    console: &mut Console<'_>,
    color: bool,
) -> Result<(), Failure> {
    loop {
        let puzzle = match ending {
            Ending::Done => return Ok(()),
            Ending::Unsaved => return Err(Failure::Unsaved),
            Ending::Open(puzzle) => puzzle,
        };
        let session = match Session::new(puzzle, TYPED_NAME, sudoku_core::Origin::Text) {
            Ok(session) => session,
            Err(e) => return console.say(format_args!("open: {e}")).map_err(Failure::Io),
        };
        if let Err(why) = saves.claim(&puzzle) {
            return console.say(why).map_err(Failure::Io);
        }
        let start = start_of(session, TYPED_NAME.to_string(), saves, console)?;
        ending = session::play(start, saves, console, color)?;
    }
}

/// `--resume`: lists the saved games, asks which one and plays it; a save
/// that cannot be read, or a game open elsewhere, is explained and the
/// list asks again.
fn resume(saves: &mut Saves, console: &mut Console<'_>, color: bool) -> Result<(), Failure> {
    let Some(dir) = saves.dir().map(PathBuf::from) else {
        return Err(Failure::Refused(saves::NO_DATA_DIR.to_string()));
    };
    let listing = saves.list().map_err(Failure::Refused)?;
    saves::show_list(console, &dir, &listing)?;
    let n = listing.games.len();
    if n == 0 {
        return Ok(());
    }
    let prompt = if n == 1 {
        "Resume it (1 or yes; list, end)? ".to_string()
    } else {
        format!("Resume which game (1-{n}; list, end)? ")
    };
    loop {
        let Some(line) = console.ask(&prompt)? else {
            return Ok(());
        };
        let answer = line.trim();
        match answer.to_ascii_lowercase().as_str() {
            "" => continue,
            "end" | "quit" | "exit" | "no" | "n" => return Ok(()),
            "list" => {
                saves::show_list(console, &dir, &listing)?;
                continue;
            }
            _ => {}
        }
        let yes = n == 1 && matches!(answer.to_ascii_lowercase().as_str(), "yes" | "y");
        let Some(info) = answer
            .parse::<usize>()
            .ok()
            .or(yes.then_some(1))
            .filter(|k| (1..=n).contains(k))
            .map(|k| &listing.games[k - 1])
        else {
            let choose = if n == 1 {
                "1".to_string()
            } else {
                format!("1-{n}")
            };
            console.say(format_args!(
                "'{answer}' is not a game of the list: choose {choose}"
            ))?;
            continue;
        };
        if let Err(why) = saves.claim(&info.puzzle) {
            console.say(why)?;
            continue;
        }
        return resume_listed(info, saves, console, color);
    }
}

/// Plays the listed game `info`, read again (it may have changed since the
/// list was made) as `sudoku play FILE` reads a save: parts left out are
/// reported and the save as it was is kept; an unreadable one is set
/// aside and a new game starts. The caller holds the puzzle's lock.
fn resume_listed(
    info: &sudoku_core::session::SavedInfo,
    saves: &mut Saves,
    console: &mut Console<'_>,
    color: bool,
) -> Result<(), Failure> {
    let fresh = Session::new(
        info.puzzle,
        info.name.as_str(),
        sudoku_core::Origin::Unknown,
    )
    .map_err(|e| Failure::Refused(format!("{}: {e}", info.name)))?;
    play_or_resume(fresh, info.name.clone(), saves, console, color)
}

/// Lists the puzzles, asks for one and plays it; a puzzle that cannot be
/// played is explained and the list asks again.
fn choose_and_play(
    args: &PlayArgs,
    saves: &mut Saves,
    console: &mut Console<'_>,
    color: bool,
) -> Result<(), Failure> {
    let dir = choose::puzzle_dir(args.dir.as_deref()).map_err(Failure::Usage)?;
    let entries = choose::entries(dir.as_deref()).map_err(Failure::Usage)?;
    choose::show_list(console, dir.as_deref(), &entries)?;
    loop {
        let Some(source) = choose::ask(console, dir.as_deref(), &entries)? else {
            return Ok(());
        };
        let loaded = match choose::load(&source) {
            Ok(loaded) => loaded,
            Err(msg) => {
                console.say(msg)?;
                continue;
            }
        };
        let Some(picked) = choose::pick(console, &loaded, None)? else {
            return Ok(());
        };
        let session = match new_session(&picked) {
            Ok(session) => session,
            Err(e) => {
                console.say(format_args!("{}: {}", picked.label, sentence(&e)))?;
                continue;
            }
        };
        match saves.claim(session.game().puzzle()) {
            Ok(()) => return play_or_resume(session, picked.label, saves, console, color),
            Err(why) => console.say(why)?,
        }
    }
}

/// A puzzle error as a sentence: `There are 2 conflicts in the puzzle: ...`.
fn sentence(e: &PuzzleError) -> String {
    let text = e.to_string();
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => text,
    }
}

/// The longest line read from the player, in bytes; the rest of a longer
/// line is skipped.
const MAX_LINE: u64 = 1024;

/// The widest line the game writes (its messages are wrapped at words to
/// fit; a word longer than that is left whole).
pub const WIDTH: usize = 80;

/// The player's side: lines in, text out.
pub struct Console<'a> {
    input: Input<'a>,
    /// Lines that came in together (a paste of several lines), still to
    /// run, in order.
    pending: VecDeque<String>,
    out: &'a mut dyn Write,
    /// Whether the time spent waiting for a line is game time: stdin is a
    /// terminal, so a person is typing.
    clock: bool,
}

/// Where lines come from.
enum Input<'a> {
    /// Plain reading, as through a pipe.
    Plain {
        lines: &'a mut dyn BufRead,
        /// Write each line read after its prompt, so that piped output
        /// reads as a transcript.
        echo: bool,
    },
    /// A terminal: line editing, and the arrow keys go through the lines
    /// typed before.
    Editor(Box<DefaultEditor>),
}

impl<'a> Console<'a> {
    /// A console reading `input` plainly and writing `out`; see
    /// [`Console::ask`] for `echo`. The clock does not run.
    #[cfg(test)]
    pub fn new(input: &'a mut dyn BufRead, out: &'a mut dyn Write, echo: bool) -> Console<'a> {
        Console {
            input: Input::Plain { lines: input, echo },
            pending: VecDeque::new(),
            out,
            clock: false,
        }
    }

    /// Whether the time spent waiting for a line counts as time played.
    pub fn clock_runs(&self) -> bool {
        self.clock
    }

    /// Writes `prompt` (no newline) and reads one line; `None` at the end of
    /// the input (or Ctrl-D, or Ctrl-C at a terminal). With `echo`, the line
    /// is written after the prompt. Several lines that come in at once (a
    /// paste into the line editor) are each answered in turn, the later
    /// ones shown after their prompt as if typed.
    pub fn ask(&mut self, prompt: &str) -> io::Result<Option<String>> {
        if let Some(line) = self.pending.pop_front() {
            writeln!(self.out, "{}{}", shown(prompt), shown(&line))?;
            return Ok(Some(line));
        }
        let line = match self.read(prompt)? {
            Some(line) if line.contains('\n') => line,
            other => return Ok(other),
        };
        let mut lines = line
            .split('\n')
            .map(|l| l.trim_end_matches('\r').to_string());
        let first = lines.next().unwrap_or_default();
        self.pending.extend(lines.filter(|l| !l.trim().is_empty()));
        Ok(Some(first))
    }

    /// Reads one line after `prompt`, as [`Console::ask`] describes.
    fn read(&mut self, prompt: &str) -> io::Result<Option<String>> {
        match &mut self.input {
            Input::Plain { lines, echo } => {
                write!(self.out, "{}", shown(prompt))?;
                self.out.flush()?;
                let Some(line) = read_line(&mut **lines)? else {
                    writeln!(self.out)?;
                    return Ok(None);
                };
                if *echo {
                    // A line read is run even when its echo cannot be
                    // written (the output closed as it came): the move is
                    // made, and the next write fails, which saves it.
                    let _ = writeln!(self.out, "{}", shown(line.trim_end()));
                }
                Ok(Some(line))
            }
            Input::Editor(editor) => {
                self.out.flush()?;
                match editor.readline(&shown(prompt)) {
                    Ok(line) => {
                        let line = cut(line);
                        if !line.trim().is_empty() {
                            // Only the history's memory can fail here.
                            let _ = editor.add_history_entry(line.as_str());
                        }
                        Ok(Some(line))
                    }
                    Err(ReadlineError::Eof | ReadlineError::Interrupted) => {
                        writeln!(self.out)?;
                        Ok(None)
                    }
                    Err(ReadlineError::Io(err)) => Err(err),
                    Err(err) => Err(io::Error::other(err.to_string())),
                }
            }
        }
    }

    /// As [`Console::ask`], and how long the player took when the clock
    /// runs (zero otherwise).
    pub fn ask_timed(&mut self, prompt: &str) -> io::Result<(Option<String>, Duration)> {
        let asked = Instant::now();
        let line = self.ask(prompt)?;
        let waited = if self.clock {
            asked.elapsed()
        } else {
            Duration::ZERO
        };
        Ok((line, waited))
    }

    /// Writes one line (or a few), control characters escaped: messages
    /// quote what the player typed and names from files. A line wider than
    /// [`WIDTH`] is wrapped at words, its later lines indented by two.
    pub fn say(&mut self, line: impl Display) -> io::Result<()> {
        for line in shown(&line.to_string()).split('\n') {
            for part in wrap(line, WIDTH) {
                writeln!(self.out, "{part}")?;
            }
        }
        Ok(())
    }

    /// Writes `text` as it is.
    pub fn print(&mut self, text: &str) -> io::Result<()> {
        self.out.write_all(text.as_bytes())
    }
}

/// `line` in lines of at most `width` characters, broken at spaces; the
/// lines after the first are indented by two spaces (and keep the line's
/// own indent). A word too long for a line of its own (only hostile input
/// makes one: paths are shortened, quotes of input are cut) is split.
fn wrap(line: &str, width: usize) -> Vec<String> {
    if line.chars().count() <= width {
        return vec![line.to_string()];
    }
    let indent: String = line.chars().take_while(|&c| c == ' ').collect();
    let more = format!("{indent}  ");
    let room = width.saturating_sub(more.len()).max(1);
    let mut lines = Vec::new();
    let mut lead = indent.as_str();
    let mut words = String::new();
    let pieces = line.split(' ').filter(|w| !w.is_empty()).flat_map(|word| {
        let chars: Vec<char> = word.chars().collect();
        chars
            .chunks(room)
            .map(|c| c.iter().collect::<String>())
            .collect::<Vec<_>>()
    });
    for word in pieces {
        let len = lead.len() + words.chars().count() + 1 + word.chars().count();
        if !words.is_empty() && len > width {
            lines.push(format!("{lead}{words}"));
            words.clear();
            lead = &more;
        }
        if !words.is_empty() {
            words.push(' ');
        }
        words.push_str(&word);
    }
    lines.push(format!("{lead}{words}"));
    lines
}

/// A line from the editor cut to [`MAX_LINE`] bytes, as plain reading
/// cuts it.
fn cut(mut line: String) -> String {
    if line.len() > MAX_LINE as usize {
        let mut end = MAX_LINE as usize;
        while !line.is_char_boundary(end) {
            end -= 1;
        }
        line.truncate(end);
    }
    line
}

/// One line of `input` without its end, at most [`MAX_LINE`] bytes of it,
/// invalid UTF-8 replaced; `None` at the end of the input.
fn read_line(input: &mut dyn BufRead) -> io::Result<Option<String>> {
    let mut bytes = Vec::new();
    let n = (&mut *input).take(MAX_LINE).read_until(b'\n', &mut bytes)?;
    if n == 0 {
        return Ok(None);
    }
    if bytes.last() != Some(&b'\n') && n as u64 == MAX_LINE {
        let mut rest = Vec::new();
        loop {
            rest.clear();
            let n = (&mut *input).take(MAX_LINE).read_until(b'\n', &mut rest)?;
            if n == 0 || rest.last() == Some(&b'\n') {
                break;
            }
        }
    }
    let text = String::from_utf8_lossy(&bytes);
    Ok(Some(text.trim_end_matches(['\n', '\r']).to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colour_only_on_a_terminal_without_no_color() {
        use ColorWhen::*;
        assert!(use_color(Auto, false, false, true));
        assert!(!use_color(Auto, false, true, true), "NO_COLOR is honoured");
        assert!(!use_color(Auto, false, false, false), "not a terminal");
        assert!(!use_color(Auto, true, false, true), "--no-color");
        assert!(!use_color(Always, true, false, true), "--no-color wins");
        assert!(!use_color(Never, false, false, true));
        assert!(
            use_color(Always, false, true, false),
            "an explicit flag beats NO_COLOR"
        );
    }

    #[test]
    fn lines_are_bounded_and_lossy() {
        let long = format!("{}\nnext\n", "x".repeat(5000));
        let mut input = long.as_bytes();
        let first = read_line(&mut input).unwrap().unwrap();
        assert_eq!(first.len(), MAX_LINE as usize);
        assert_eq!(read_line(&mut input).unwrap().as_deref(), Some("next"));
        assert_eq!(read_line(&mut input).unwrap(), None);
        let mut input: &[u8] = b"5c\xff6\r\nlast";
        assert_eq!(
            read_line(&mut input).unwrap().as_deref(),
            Some("5c\u{fffd}6")
        );
        assert_eq!(read_line(&mut input).unwrap().as_deref(), Some("last"));
        assert_eq!(read_line(&mut input).unwrap(), None);
    }

    #[test]
    fn console_echoes_piped_input() {
        let mut input: &[u8] = b"5c6\n";
        let mut out = Vec::new();
        let mut console = Console::new(&mut input, &mut out, true);
        assert_eq!(console.ask("Move: ").unwrap().as_deref(), Some("5c6"));
        assert_eq!(console.ask("Move: ").unwrap(), None);
        assert_eq!(String::from_utf8(out).unwrap(), "Move: 5c6\nMove: \n");
    }

    #[test]
    fn long_lines_wrap_at_words_within_the_width() {
        let text = "Hint: X-wing: in rows 2 and 7, 5 can only go in columns c and h, so remove 5 \
                    from 1c, 4c, 5h and 9h";
        let lines = wrap(text, 40);
        assert!(lines.iter().all(|l| l.chars().count() <= 40), "{lines:?}");
        assert_eq!(lines[0], "Hint: X-wing: in rows 2 and 7, 5 can");
        assert!(lines[1..].iter().all(|l| l.starts_with("  ")));
        let words: Vec<&str> = lines.iter().flat_map(|l| l.split_whitespace()).collect();
        assert_eq!(words.join(" "), text, "no word lost or split");
        assert_eq!(wrap("  short", 40), ["  short"]);
        let indented = wrap(&format!("  {}", "word ".repeat(20).trim_end()), 30);
        assert!(indented[0].starts_with("  word") && indented[1].starts_with("    word"));
        let long = "x".repeat(30);
        assert_eq!(
            wrap(&format!("a {long} {long} b"), 40),
            [format!("a {long}"), format!("  {long} b")]
        );
        let hostile = "y".repeat(100);
        let split = wrap(&format!("unknown '{hostile}'"), 40);
        assert!(split.iter().all(|l| l.chars().count() <= 40), "{split:?}");
        assert_eq!(
            split.concat().replace(' ', ""),
            format!("unknown'{hostile}'")
        );
    }

    #[test]
    fn several_lines_at_once_are_each_answered_in_turn() {
        let mut input: &[u8] = b"";
        let mut out = Vec::new();
        let mut console = Console::new(&mut input, &mut out, false);
        console
            .pending
            .extend(["show".to_string(), "time".to_string()]);
        assert_eq!(console.ask("Move: ").unwrap().as_deref(), Some("show"));
        assert_eq!(console.ask("Move: ").unwrap().as_deref(), Some("time"));
        assert_eq!(console.ask("Move: ").unwrap(), None);
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "Move: show\nMove: time\nMove: \n"
        );
    }

    #[test]
    fn puzzle_errors_read_as_sentences() {
        assert_eq!(
            sentence(&PuzzleError::AlreadyComplete),
            "The puzzle is already complete"
        );
    }
}

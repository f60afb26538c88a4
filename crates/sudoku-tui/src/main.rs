//! `sudoku-tui`: the full-screen terminal Sudoku game.
//!
//! This file only reads the arguments, builds the [`App`], holds the
//! terminal guard and runs the event loop; everything else lives in the
//! library.

use std::fmt::Display;
use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use clap::{CommandFactory, FromArgMatches, Parser};
use sudoku_core::generator::{fresh_seed, RandomPuzzle};
use sudoku_core::session::Date;
use sudoku_core::Level;
use sudoku_tui::action::{action_for, Action};
use sudoku_tui::app::App;
use sudoku_tui::geometry::Geometry;
use sudoku_tui::input::{self, Input, Inputs, STOP_SIGNALS, SUSPEND_SIGNALS};
use sudoku_tui::keys;
use sudoku_tui::picker::Picker;
use sudoku_tui::puzzles::{self, Entry};
use sudoku_tui::save::{legacy_save, shared_store};
use sudoku_tui::terminal::TerminalGuard;
use sudoku_tui::ui::{self, theme::Theme};

/// Play Sudoku full screen, with keyboard and mouse.
#[derive(Debug, Parser)]
#[command(version, about)]
struct Args {
    /// A folder (its sudoku*.txt files are listed) or a puzzle file (a
    /// collection lists its puzzles; a file of one puzzle opens it,
    /// resuming its saved game when there is one). Default: ./puzzles and
    /// the built-in puzzles.
    path: Option<PathBuf>,
    /// Go straight back to the game saved last (by either game).
    #[arg(long, conflicts_with = "random")]
    resume: bool,
    /// Start on a new random puzzle of this level: easy, medium, hard,
    /// expert or extreme.
    #[arg(long, value_name = "LEVEL")]
    random: Option<Level>,
    /// The seed of the --random puzzle: the same seed gives the same puzzle
    /// (the one `sudoku generate puzzles 1 --difficulty LEVEL --seed SEED`
    /// prints). Default: a fresh one.
    #[arg(long, requires = "random")]
    seed: Option<u64>,
    /// Start on today's daily puzzle of LEVEL [default: medium]: the same
    /// puzzle for everyone on the same date (in UTC).
    #[arg(long, value_name = "LEVEL", num_args = 0..=1, default_missing_value = "medium",
          conflicts_with_all = ["random", "resume"])]
    daily: Option<Level>,
    /// The date of the daily puzzle (--daily and the picker's "Today's
    /// puzzle"), YYYY-MM-DD, instead of today; the statistics screen
    /// counts the streak on it.
    #[arg(long, value_name = "YYYY-MM-DD")]
    date: Option<String>,
    /// Print the shell completion script for SHELL (bash, zsh, fish,
    /// elvish or powershell) and exit.
    #[arg(long, value_name = "SHELL", exclusive = true)]
    completions: Option<clap_complete::Shell>,
    /// Print the man page (roff), with every key and mouse action, and exit.
    #[arg(long, exclusive = true)]
    man: bool,
}

/// The command line: the arguments, then the keys (`-h` names the main
/// ones, `--help` lists them all, from the table the help screen shows).
fn command() -> clap::Command {
    Args::command()
        .after_help(keys::SUMMARY)
        .after_long_help(format!("{}\n\n{}", keys::SUMMARY, keys::text().trim_end()))
}

/// Writes `bytes` to stdout: status 0 (also when the reader went away),
/// or 2 with the error.
fn print(bytes: &[u8]) -> ExitCode {
    let mut out = io::stdout().lock();
    match out.write_all(bytes).and_then(|()| out.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            report(format!("cannot write <stdout>: {e}"));
            ExitCode::from(2)
        }
    }
}

/// How the game ended.
enum Ended {
    /// The player quit.
    Quit,
    /// A signal asked it to stop (its number).
    Signal(i32),
}

fn main() -> ExitCode {
    let args = Args::from_arg_matches(&command().get_matches()).unwrap_or_else(|e| e.exit());
    if let Some(shell) = args.completions {
        let mut script = Vec::new();
        clap_complete::generate(shell, &mut command(), "sudoku-tui", &mut script);
        return print(&script);
    }
    if args.man {
        return match sudoku_tui::manual::page(command()) {
            Ok(roff) => print(roff.as_bytes()),
            Err(e) => {
                report(format!("cannot make the man page: {e}"));
                ExitCode::from(2)
            }
        };
    }
    let entries = match entries(args.path.as_deref()) {
        Ok(entries) => entries,
        Err(err) => {
            report(err);
            return ExitCode::FAILURE;
        }
    };
    let date = match args.date.as_deref().map(str::parse::<Date>).transpose() {
        Ok(date) => date,
        Err(e) => {
            report(format_args!("--date: {e}"));
            return ExitCode::from(2);
        }
    };
    if !io::stdin().is_terminal() || !io::stdout().is_terminal() {
        report("needs a terminal (stdin and stdout); for scripts use `sudoku`");
        return ExitCode::FAILURE;
    }
    let mut app = build_app(entries);
    app.set_daily_date(date);
    if args.resume {
        app.resume();
    } else if let Some(level) = args.daily {
        app.open_daily(level);
    } else if let Some(level) = args.random {
        app.open_random(RandomPuzzle::new(
            level,
            args.seed.unwrap_or_else(fresh_seed),
        ));
    } else if args.path.is_some() && app.picker().entries().len() == 1 {
        // the puzzle named (its own saved game, if any), not the saved
        // games above it in the list
        app.open_entry(0);
    }
    if let Some(why) = app.busy() {
        // the puzzle asked for is another game's: said before the terminal
        // is taken, as a file that cannot be read is
        report(why);
        return ExitCode::FAILURE;
    }
    app.carry_note_to_board();
    // The terminal is restored when `play` returns: only then is anything
    // printed.
    let ended = play(&mut app);
    if let Err(err) = &ended {
        report(err);
    }
    if let Some(err) = app.unsaved() {
        report(format_args!("the game was not saved: {err}"));
    }
    if let Some(path) = app.saved_on_quit() {
        tell_where(path);
    }
    match ended {
        Ok(Ended::Quit) if app.unsaved().is_none() => ExitCode::SUCCESS,
        // As if the signal had ended the process: 128 + its number.
        Ok(Ended::Signal(signal)) => ExitCode::from(u8::try_from(128 + signal).unwrap_or(1)),
        Ok(Ended::Quit) | Err(_) => ExitCode::FAILURE,
    }
}

/// Prints `sudoku-tui: MESSAGE` on stderr, its control characters
/// escaped. A message that cannot be written (stderr closed or full) is
/// dropped: the exit status still tells.
fn report(message: impl Display) {
    let message = message.to_string();
    let line = sudoku_tui::text::escape_controls(&message);
    let _ = writeln!(io::stderr(), "sudoku-tui: {line}");
}

/// Tells the shell, on stdout, where the game in progress went: `the game
/// is saved (~/.local/share/sudoku/53007000...00080079.save); sudoku-tui
/// --resume goes on`. A failed write is ignored (the terminal may be gone).
fn tell_where(path: &Path) {
    let home = dirs::home_dir();
    let shown = sudoku_core::session::short_path(path, home.as_deref());
    let line = sudoku_tui::text::escape_controls(&shown);
    let mut out = io::stdout().lock();
    let _ = writeln!(
        out,
        "sudoku-tui: the game is saved ({line}); sudoku-tui --resume goes on"
    )
    .and_then(|()| out.flush());
}

/// The picker's entries for the `path` argument.
fn entries(path: Option<&Path>) -> Result<Vec<Entry>, puzzles::LoadError> {
    match path {
        None => Ok(puzzles::default_entries(Path::new("puzzles"))),
        Some(dir) if dir.is_dir() => puzzles::dir_entries(dir),
        Some(file) => {
            puzzles::read_capped(file)?;
            Ok(puzzles::file_entries(file))
        }
    }
}

/// The app on `entries`, with the saved games of the store both games
/// share; the previous release's save is moved into it first (once).
fn build_app(entries: Vec<Entry>) -> App {
    let store = shared_store();
    let mut app = App::new(Picker::new(entries, Vec::new()), store.clone());
    match (store, legacy_save()) {
        (Some(_), Some(legacy)) => app.import_legacy(&legacy),
        _ => app.note("Games will not be saved: the system names no data folder (is HOME set?)"),
    }
    app
}

/// Runs the game in the terminal until the player quits or a stop signal
/// comes. Whatever ends it, the terminal is restored (by the guard) and an
/// unfinished game is saved, as a quit does.
fn play(app: &mut App) -> io::Result<Ended> {
    let inputs = Inputs::new();
    inputs.watch_signals(&[&STOP_SIGNALS[..], &SUSPEND_SIGNALS[..]].concat())?;
    let mut guard = TerminalGuard::enter()?;
    inputs.read_terminal()?;
    let ended = run(app, &mut guard, &inputs);
    if ended.is_err() {
        app.update(Action::ForceQuit);
    }
    ended
}

/// The event loop: draw, wait for the next action, update.
fn run(app: &mut App, guard: &mut TerminalGuard, inputs: &Inputs) -> io::Result<Ended> {
    let theme = Theme::from_env();
    loop {
        let mut geometry = Geometry::default();
        guard
            .terminal()
            .draw(|frame| geometry = ui::draw(frame, app, &theme))?;
        app.set_geometry(geometry);
        if app.should_quit() {
            return Ok(Ended::Quit);
        }
        match next_action(app, inputs)? {
            Next::Action(action) => app.update(action),
            Next::Suspend => suspend(app, guard)?,
            Next::Stop(signal) => {
                app.update(Action::ForceQuit);
                return Ok(Ended::Signal(signal));
            }
        }
    }
}

/// Gives the terminal back and stops the process (SIGTSTP from outside);
/// once continued, takes the terminal again. The clock does not count the
/// time away.
fn suspend(app: &mut App, guard: &mut TerminalGuard) -> io::Result<()> {
    app.update(Action::Suspend);
    guard.suspend();
    input::stop_process()?;
    guard.resume()?;
    app.update(Action::Continue);
    Ok(())
}

/// What the event loop does next.
enum Next {
    /// Something for the app.
    Action(Action),
    /// Stop for a while (SIGTSTP).
    Suspend,
    /// End the game (a stop signal: its number).
    Stop(i32),
}

/// Waits for the next action: an input event that means something, or a
/// tick when the app asked for one; or a signal. Without a tick due it
/// blocks until input or a signal comes (no busy loop).
fn next_action(app: &App, inputs: &Inputs) -> io::Result<Next> {
    let deadline = app.next_tick().map(|wait| Instant::now() + wait);
    loop {
        let left = deadline.map(|d| d.saturating_duration_since(Instant::now()));
        match inputs.next(left) {
            None => return Ok(Next::Action(Action::Tick)),
            Some(Input::Signal(signal)) if SUSPEND_SIGNALS.contains(&signal) => {
                return Ok(Next::Suspend)
            }
            Some(Input::Signal(signal)) => return Ok(Next::Stop(signal)),
            Some(Input::Failed(err)) => return Err(err),
            Some(Input::Event(event)) => {
                if let Some(action) = action_for(&event, app.context()) {
                    return Ok(Next::Action(action));
                }
            }
        }
    }
}

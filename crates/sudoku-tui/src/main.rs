//! `sudoku-tui`: the full-screen terminal Sudoku game.
//!
//! This file only reads the arguments, builds the [`App`], holds the
//! terminal guard and runs the event loop; everything else lives in the
//! library.

use std::io::{self, IsTerminal};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use clap::Parser;
use ratatui::crossterm::event;
use sudoku_tui::action::{action_for, Action};
use sudoku_tui::app::App;
use sudoku_tui::geometry::Geometry;
use sudoku_tui::picker::Picker;
use sudoku_tui::puzzles::{self, Entry};
use sudoku_tui::save::SaveStore;
use sudoku_tui::terminal::TerminalGuard;
use sudoku_tui::ui::{self, theme::Theme};

/// Play Sudoku full screen, with keyboard and mouse.
#[derive(Debug, Parser)]
#[command(version, about)]
struct Args {
    /// A folder (its sudoku*.txt files are listed) or a puzzle file (a
    /// collection lists its puzzles). Default: ./puzzles and the built-in
    /// puzzles.
    path: Option<PathBuf>,
    /// Go straight back to the game saved on the last quit.
    #[arg(long)]
    resume: bool,
}

fn main() -> ExitCode {
    let args = Args::parse();
    let entries = match entries(args.path.as_deref()) {
        Ok(entries) => entries,
        Err(err) => {
            eprintln!("sudoku-tui: {err}");
            return ExitCode::FAILURE;
        }
    };
    if !io::stdin().is_terminal() || !io::stdout().is_terminal() {
        eprintln!("sudoku-tui: needs a terminal (stdin and stdout); for scripts use `sudoku`");
        return ExitCode::FAILURE;
    }
    let mut app = build_app(entries);
    if args.resume {
        app.resume();
    } else if args.path.is_some() && app.picker().entries().len() == 1 {
        app.update(Action::Confirm);
    }
    match play(app) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("sudoku-tui: {err}");
            ExitCode::FAILURE
        }
    }
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

/// The app on `entries`, offering the saved game when there is one.
fn build_app(entries: Vec<Entry>) -> App {
    let mut message = None;
    let store = match SaveStore::in_data_dir() {
        Ok(store) => Some(store),
        Err(err) => {
            message = Some(format!("Games will not be saved: {err}"));
            None
        }
    };
    let saved = match store.as_ref().map(SaveStore::load) {
        Some(Ok(saved)) => saved,
        Some(Err(err)) => {
            message = Some(format!("Ignored the saved game: {err}"));
            None
        }
        _ => None,
    };
    let mut picker = Picker::new(entries, saved);
    picker.message = message;
    App::new(picker, store)
}

/// Runs the game in the terminal until the player quits.
fn play(mut app: App) -> io::Result<()> {
    let mut guard = TerminalGuard::enter()?;
    let theme = Theme::from_env();
    loop {
        let mut geometry = Geometry::default();
        guard
            .terminal()
            .draw(|frame| geometry = ui::draw(frame, &app, &theme))?;
        app.set_geometry(geometry);
        if app.should_quit() {
            return Ok(());
        }
        let action = next_action(&app)?;
        app.update(action);
    }
}

/// Waits for the next action: an input event that means something, or a
/// tick when the app asked for one. Without a tick due it blocks on input
/// (no busy loop).
fn next_action(app: &App) -> io::Result<Action> {
    let deadline = app.next_tick().map(|wait| Instant::now() + wait);
    loop {
        if let Some(deadline) = deadline {
            let left = deadline.saturating_duration_since(Instant::now());
            if !event::poll(left)? {
                return Ok(Action::Tick);
            }
        }
        if let Some(action) = action_for(&event::read()?, app.context()) {
            return Ok(action);
        }
    }
}

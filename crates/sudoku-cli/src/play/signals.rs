//! A game is saved when a signal ends it: SIGHUP (the terminal closed, an
//! ssh connection dropped), SIGTERM (`kill`, a shutdown) and SIGINT
//! (Ctrl-C while the game is working, or `kill -INT`).
//!
//! The game loop hands the [`Keeper`] a copy of the game after every
//! command (only when there is something to save), and says when it waits
//! for the player, so the time spent thinking is counted too. A thread of
//! its own waits for the signals; when one comes it writes the last copy
//! through the game's own lock, says where on stderr, puts the terminal's
//! settings back (the line editor keeps the terminal raw while it reads)
//! and ends the process by the signal, so the shell sees the usual status
//! (129, 130, 143). A signal ignored when the game started (SIGHUP under
//! `nohup`, SIGINT in a background job) stays ignored.

use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use sudoku_core::session::Session;

use super::saves::Target;
use crate::diag;
use crate::stdio::TerminalMode;

/// The game to save if a signal comes.
struct Kept {
    session: Session,
    target: Target,
    /// Since when the player is being waited for, when the clock runs.
    waiting_since: Option<Instant>,
}

type Slot = Arc<Mutex<Option<Kept>>>;

/// Keeps the latest copy of the game for the signal thread.
#[derive(Clone)]
pub struct Keeper {
    slot: Slot,
}

impl std::fmt::Debug for Keeper {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Keeper")
    }
}

impl Keeper {
    /// Starts the thread that waits for the signals.
    pub fn start() -> Keeper {
        let keeper = Keeper {
            slot: Arc::default(),
        };
        watch(Arc::clone(&keeper.slot), TerminalMode::of_stdin());
        keeper
    }

    /// The game to save on a signal from now on (a copy of `session`, into
    /// `target`); `None` when there is nothing to save.
    pub fn keep(&self, game: Option<(&Session, &Target)>) {
        *lock(&self.slot) = game.map(|(session, target)| Kept {
            session: session.clone(),
            target: target.clone(),
            waiting_since: None,
        });
    }

    /// Lets go of the kept game and holds the keeper until the guard is
    /// dropped: a signal that comes meanwhile waits, so a save the game is
    /// writing as it ends is finished before the process ends.
    pub fn hold_empty(&self) -> MutexGuard<'_, impl Sized> {
        let mut slot = lock(&self.slot);
        *slot = None;
        slot
    }

    /// Notes that the player is being waited for since `since` (`None`:
    /// no longer, or the clock does not run).
    pub fn waiting(&self, since: Option<Instant>) {
        if let Some(kept) = lock(&self.slot).as_mut() {
            kept.waiting_since = since;
        }
    }
}

/// The slot, even when a thread panicked while holding it.
fn lock(slot: &Slot) -> MutexGuard<'_, Option<Kept>> {
    slot.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Writes the kept game, if any, and says so on stderr.
fn save_kept(slot: &Slot, signal: i32, on_terminal: bool) {
    let Some(mut kept) = lock(slot).take() else {
        return;
    };
    let waited = kept
        .waiting_since
        .map_or(Duration::ZERO, |since| since.elapsed());
    kept.session.add_time(waited);
    let name = signal_name(signal);
    // A prompt may be waiting for its line: start a fresh one.
    let start = if on_terminal { "\n" } else { "" };
    match kept.target.write(&kept.session) {
        Ok(path) => diag::line(&format!(
            "{start}sudoku: {name}: the game is saved ({}); sudoku play --resume goes on",
            super::saves::short_path(&path)
        )),
        Err(err) => diag::line(&format!(
            "{start}sudoku: {name}: the game is not saved: {err}"
        )),
    }
}

fn signal_name(signal: i32) -> &'static str {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    match signal {
        SIGHUP => "SIGHUP",
        SIGINT => "SIGINT",
        SIGTERM => "SIGTERM",
        _ => "a signal",
    }
}

fn watch(slot: Slot, terminal: Option<TerminalMode>) {
    crate::stdio::on_ending_signal(move |signal| {
        save_kept(&slot, signal, terminal.is_some());
        if let Some(mode) = terminal {
            mode.restore();
        }
    });
}

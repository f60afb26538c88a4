//! The terminal guard: raw mode, the alternate screen, mouse capture and
//! bracketed paste on the way in; all four undone (and the cursor shown)
//! on the way out, whether the game ends normally, with an error or with a
//! panic, and while the process is stopped (SIGTSTP).
//!
//! Bracketed paste makes the terminal mark pasted text, so it reaches the
//! game as one paste ([`Action::Paste`](crate::action::Action::Paste)),
//! never as keys that would play moves or quit.

use std::io::{self, Stdout};

use ratatui::backend::CrosstermBackend;
use ratatui::crossterm::cursor::Show;
use ratatui::crossterm::event::{
    DisableBracketedPaste, DisableMouseCapture, EnableBracketedPaste, EnableMouseCapture,
};
use ratatui::crossterm::execute;
use ratatui::crossterm::terminal::{
    disable_raw_mode, enable_raw_mode, EnterAlternateScreen, LeaveAlternateScreen,
};
use ratatui::Terminal;

/// The terminal in game mode; dropping it restores the terminal.
#[derive(Debug)]
pub struct TerminalGuard {
    terminal: Terminal<CrosstermBackend<Stdout>>,
}

impl TerminalGuard {
    /// Enters raw mode, the alternate screen, mouse capture and bracketed
    /// paste, and installs a panic hook that restores the terminal before
    /// the panic message is printed.
    pub fn enter() -> io::Result<TerminalGuard> {
        install_panic_hook();
        enable_raw_mode()?;
        let entered = execute!(
            io::stdout(),
            EnterAlternateScreen,
            EnableMouseCapture,
            EnableBracketedPaste
        )
        .and_then(|()| Terminal::new(CrosstermBackend::new(io::stdout())));
        match entered {
            Ok(mut terminal) => {
                terminal.hide_cursor()?;
                terminal.clear()?;
                Ok(TerminalGuard { terminal })
            }
            Err(err) => {
                restore();
                Err(err)
            }
        }
    }

    /// Gives the terminal back for a while (the process is about to stop):
    /// everything [`TerminalGuard::enter`] did is undone.
    pub fn suspend(&mut self) {
        restore();
    }

    /// Takes the terminal again after [`TerminalGuard::suspend`]; the next
    /// frame is drawn whole.
    pub fn resume(&mut self) -> io::Result<()> {
        enable_raw_mode()?;
        execute!(
            io::stdout(),
            EnterAlternateScreen,
            EnableMouseCapture,
            EnableBracketedPaste
        )?;
        self.terminal.hide_cursor()?;
        self.terminal.clear()
    }

    /// The ratatui terminal to draw on.
    pub fn terminal(&mut self) -> &mut Terminal<CrosstermBackend<Stdout>> {
        &mut self.terminal
    }
}

impl Drop for TerminalGuard {
    fn drop(&mut self) {
        restore();
    }
}

/// Undoes everything [`TerminalGuard::enter`] did. Safe to call twice;
/// errors are ignored, as there is nowhere left to report them.
pub fn restore() {
    let _ = disable_raw_mode();
    let _ = execute!(
        io::stdout(),
        DisableBracketedPaste,
        DisableMouseCapture,
        LeaveAlternateScreen,
        Show
    );
}

fn install_panic_hook() {
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        restore();
        previous(info);
    }));
}

//! Terminal events to [`Action`]s. Which action a key means depends on
//! what is on screen ([`Context`]): in the picker letters search, on the
//! board they are commands. Only key *press* events count (terminals that
//! report releases and repeats would otherwise act twice). Pasted text
//! (bracketed paste) is one [`Action::Paste`], never keys.

use std::time::Instant;

use ratatui::crossterm::event::{
    Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};
use sudoku_core::Digit;

/// A direction the cursor or selection moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    /// Up.
    Up,
    /// Down.
    Down,
    /// Left.
    Left,
    /// Right.
    Right,
}

/// What the player asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// Move the cursor (board) or the selection (picker).
    Move(Direction),
    /// Place a digit, or toggle it as a pencil mark in pencil mode.
    Digit(Digit),
    /// Erase the cell under the cursor.
    Erase,
    /// Take back the last move.
    Undo,
    /// Make the last undone move again.
    Redo,
    /// Toggle pencil-mark mode.
    TogglePencil,
    /// Toggle automatic candidates.
    ToggleCandidates,
    /// Change the pen to the next colour (`v`).
    NextPen,
    /// Paint the cursor's cell with the pen, or take it off (`x`).
    PaintCell,
    /// Paint a candidate of the cursor's cell: a digit follows (`X`).
    PaintCandidate,
    /// Turn the digit filter on or off: a digit follows (`f`).
    Filter,
    /// Ask for a hint.
    Hint,
    /// Show the entries that differ from the solution (counts as a hint).
    Mistakes,
    /// Start the auto-solve animation.
    Solve,
    /// Animate faster.
    Faster,
    /// Animate slower.
    Slower,
    /// Pause or resume the animation.
    PauseAnimation,
    /// Pause the game (the board is hidden, the time stops) or resume it.
    Pause,
    /// Show or hide the timer.
    ToggleTimer,
    /// Show the help overlay.
    Help,
    /// Show the statistics screen.
    Stats,
    /// Esc: cancel the current mode or selection, or ask to leave.
    Cancel,
    /// Quit (asking first when a game is unfinished).
    Quit,
    /// Ctrl-C: quit now (the game is saved).
    ForceQuit,
    /// Enter: open the selected puzzle, or accept.
    Confirm,
    /// Answer yes to a question.
    Yes,
    /// Answer no to a question.
    No,
    /// One window up in the picker.
    PageUp,
    /// One window down in the picker.
    PageDown,
    /// The first row of the picker.
    Home,
    /// The last row of the picker.
    End,
    /// A character typed into the picker's search.
    Search(char),
    /// Backspace in the picker's search.
    SearchBack,
    /// Delete in the picker: remove the selected saved game (asks first).
    DeleteSave,
    /// A left click at a screen position, at a time (for double clicks).
    Click {
        /// Screen column.
        x: u16,
        /// Screen row.
        y: u16,
        /// When it happened.
        at: Instant,
    },
    /// A right click.
    RightClick,
    /// The mouse wheel: negative up, positive down.
    Scroll(isize),
    /// Text pasted into the terminal (bracketed paste), whole: a puzzle
    /// to open in the picker; refused everywhere else. Never taken as keys.
    Paste(String),
    /// Time passed (animation frame or timer second).
    Tick,
    /// The terminal changed size (the next frame redraws everything).
    Resize,
    /// The process is about to stop (SIGTSTP from outside): the clock stops.
    Suspend,
    /// The process runs again after a stop: the clock goes on if it ran.
    Continue,
}

/// What is on screen, which decides what keys mean.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Context {
    /// The puzzle picker (letters search).
    Picker,
    /// The board, playing.
    Board,
    /// The auto-solve animation on the board.
    Animation,
    /// A question or the win screen (yes/no).
    Dialog,
    /// A question whose yes loses something (after a failed save: leave
    /// without saving; deleting a saved game): Enter means the safe answer
    /// (no), so a habitual Enter never throws a game away.
    SafeDialog,
    /// The help overlay (any key closes it).
    Help,
}

/// The action `event` means in `context`, or `None` when it means nothing.
pub fn action_for(event: &Event, context: Context) -> Option<Action> {
    match event {
        Event::Key(key) if key.kind == KeyEventKind::Press => key_action(key, context),
        Event::Mouse(mouse) => mouse_action(mouse, Instant::now()),
        Event::Resize(..) => Some(Action::Resize),
        Event::Paste(text) => Some(Action::Paste(text.clone())),
        _ => None,
    }
}

/// The action of a mouse event happening at `at`.
pub fn mouse_action(mouse: &MouseEvent, at: Instant) -> Option<Action> {
    match mouse.kind {
        MouseEventKind::Down(MouseButton::Left) => Some(Action::Click {
            x: mouse.column,
            y: mouse.row,
            at,
        }),
        MouseEventKind::Down(MouseButton::Right) => Some(Action::RightClick),
        MouseEventKind::ScrollUp => Some(Action::Scroll(-1)),
        MouseEventKind::ScrollDown => Some(Action::Scroll(1)),
        _ => None,
    }
}

fn key_action(key: &KeyEvent, context: Context) -> Option<Action> {
    let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
    if ctrl {
        return match key.code {
            KeyCode::Char('c') => Some(Action::ForceQuit),
            KeyCode::Char('q') => Some(Action::Quit),
            KeyCode::Char('z') if context == Context::Board => Some(Action::Undo),
            KeyCode::Char('y') if context == Context::Board => Some(Action::Redo),
            _ => None,
        };
    }
    match context {
        Context::Picker => picker_key(key.code),
        Context::Board => board_key(key.code),
        Context::Animation => animation_key(key.code),
        Context::Dialog => dialog_key(key.code),
        Context::SafeDialog => match key.code {
            KeyCode::Enter => Some(Action::No),
            code => dialog_key(code),
        },
        Context::Help => Some(help_key(key.code)),
    }
}

fn picker_key(code: KeyCode) -> Option<Action> {
    Some(match code {
        KeyCode::Up => Action::Move(Direction::Up),
        KeyCode::Down => Action::Move(Direction::Down),
        KeyCode::PageUp => Action::PageUp,
        KeyCode::PageDown => Action::PageDown,
        KeyCode::Home => Action::Home,
        KeyCode::End => Action::End,
        KeyCode::Enter => Action::Confirm,
        KeyCode::Esc => Action::Cancel,
        KeyCode::Backspace => Action::SearchBack,
        KeyCode::Delete => Action::DeleteSave,
        KeyCode::F(1) => Action::Help,
        KeyCode::F(2) => Action::Stats,
        KeyCode::Char(c) if !c.is_control() => Action::Search(c),
        _ => return None,
    })
}

fn board_key(code: KeyCode) -> Option<Action> {
    let action = match code {
        KeyCode::Up | KeyCode::Char('k' | 'w') => Action::Move(Direction::Up),
        KeyCode::Down | KeyCode::Char('j' | 's') => Action::Move(Direction::Down),
        KeyCode::Left | KeyCode::Char('h' | 'a') => Action::Move(Direction::Left),
        KeyCode::Right | KeyCode::Char('l' | 'd') => Action::Move(Direction::Right),
        KeyCode::Char(c @ '1'..='9') => Action::Digit(digit(c)?),
        KeyCode::Char('0' | '.' | ' ') | KeyCode::Delete => Action::Erase,
        KeyCode::Backspace | KeyCode::Char('u') => Action::Undo,
        KeyCode::Char('r') => Action::Redo,
        KeyCode::Char('n') => Action::TogglePencil,
        KeyCode::Char('c') => Action::ToggleCandidates,
        KeyCode::Char('v') => Action::NextPen,
        KeyCode::Char('x') => Action::PaintCell,
        KeyCode::Char('X') => Action::PaintCandidate,
        KeyCode::Char('f') => Action::Filter,
        KeyCode::Char('H') => Action::Hint,
        KeyCode::Char('m') => Action::Mistakes,
        KeyCode::Char('S') => Action::Solve,
        KeyCode::Char('p') => Action::Pause,
        KeyCode::Char('t') => Action::ToggleTimer,
        KeyCode::Esc => Action::Cancel,
        KeyCode::Char('q') => Action::Quit,
        _ => return common_key(code),
    };
    Some(action)
}

fn animation_key(code: KeyCode) -> Option<Action> {
    match code {
        KeyCode::Char(' ') => Some(Action::PauseAnimation),
        KeyCode::Esc | KeyCode::Enter => Some(Action::Cancel),
        KeyCode::Char('q') => Some(Action::Quit),
        _ => common_key(code),
    }
}

/// Keys that mean the same on the board and during the animation.
fn common_key(code: KeyCode) -> Option<Action> {
    match code {
        KeyCode::Char('+' | '=') => Some(Action::Faster),
        KeyCode::Char('-' | '_') => Some(Action::Slower),
        KeyCode::Char('?') | KeyCode::F(1) => Some(Action::Help),
        KeyCode::F(2) => Some(Action::Stats),
        _ => None,
    }
}

/// In the help, the arrows and pages scroll; any other key closes it.
fn help_key(code: KeyCode) -> Action {
    match code {
        KeyCode::Up => Action::Move(Direction::Up),
        KeyCode::Down => Action::Move(Direction::Down),
        KeyCode::PageUp => Action::PageUp,
        KeyCode::PageDown => Action::PageDown,
        _ => Action::Cancel,
    }
}

fn dialog_key(code: KeyCode) -> Option<Action> {
    match code {
        KeyCode::Char('y' | 'Y') | KeyCode::Enter => Some(Action::Yes),
        KeyCode::Char('n' | 'N') | KeyCode::Esc => Some(Action::No),
        KeyCode::Char('q') => Some(Action::Quit),
        _ => None,
    }
}

fn digit(c: char) -> Option<Digit> {
    Digit::new(u8::try_from(c.to_digit(10)?).ok()?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::crossterm::event::KeyEventState;

    fn key(code: KeyCode) -> Event {
        Event::Key(KeyEvent::new(code, KeyModifiers::NONE))
    }

    fn ctrl(c: char) -> Event {
        Event::Key(KeyEvent::new(KeyCode::Char(c), KeyModifiers::CONTROL))
    }

    fn board(event: Event) -> Option<Action> {
        action_for(&event, Context::Board)
    }

    #[test]
    fn every_board_key() {
        use Direction::*;
        let cases = [
            (
                vec![KeyCode::Up, KeyCode::Char('k'), KeyCode::Char('w')],
                Action::Move(Up),
            ),
            (
                vec![KeyCode::Down, KeyCode::Char('j'), KeyCode::Char('s')],
                Action::Move(Down),
            ),
            (
                vec![KeyCode::Left, KeyCode::Char('h'), KeyCode::Char('a')],
                Action::Move(Left),
            ),
            (
                vec![KeyCode::Right, KeyCode::Char('l'), KeyCode::Char('d')],
                Action::Move(Right),
            ),
            (
                vec![KeyCode::Char('7')],
                Action::Digit(Digit::new(7).unwrap()),
            ),
            (
                vec![
                    KeyCode::Char('0'),
                    KeyCode::Char('.'),
                    KeyCode::Char(' '),
                    KeyCode::Delete,
                ],
                Action::Erase,
            ),
            (vec![KeyCode::Backspace, KeyCode::Char('u')], Action::Undo),
            (vec![KeyCode::Char('r')], Action::Redo),
            (vec![KeyCode::Char('n')], Action::TogglePencil),
            (vec![KeyCode::Char('c')], Action::ToggleCandidates),
            (vec![KeyCode::Char('H')], Action::Hint),
            (vec![KeyCode::Char('m')], Action::Mistakes),
            (vec![KeyCode::Char('S')], Action::Solve),
            (vec![KeyCode::Char('p')], Action::Pause),
            (vec![KeyCode::Char('t')], Action::ToggleTimer),
            (vec![KeyCode::Char('v')], Action::NextPen),
            (vec![KeyCode::Char('x')], Action::PaintCell),
            (vec![KeyCode::Char('X')], Action::PaintCandidate),
            (vec![KeyCode::Char('f')], Action::Filter),
            (vec![KeyCode::Char('+'), KeyCode::Char('=')], Action::Faster),
            (vec![KeyCode::Char('-'), KeyCode::Char('_')], Action::Slower),
            (vec![KeyCode::Char('?'), KeyCode::F(1)], Action::Help),
            (vec![KeyCode::Esc], Action::Cancel),
            (vec![KeyCode::Char('q')], Action::Quit),
        ];
        for (codes, want) in cases {
            for code in codes {
                assert_eq!(board(key(code)), Some(want.clone()), "{code:?}");
            }
        }
        assert_eq!(board(ctrl('z')), Some(Action::Undo));
        assert_eq!(board(ctrl('y')), Some(Action::Redo));
        assert_eq!(board(ctrl('c')), Some(Action::ForceQuit));
        assert_eq!(board(key(KeyCode::Char('o'))), None);
    }

    #[test]
    fn a_paste_is_one_action_in_every_context_never_keys() {
        let text = "q\u{1b}y5\n".to_string();
        for context in [
            Context::Picker,
            Context::Board,
            Context::Animation,
            Context::Dialog,
            Context::SafeDialog,
            Context::Help,
        ] {
            assert_eq!(
                action_for(&Event::Paste(text.clone()), context),
                Some(Action::Paste(text.clone())),
                "{context:?}"
            );
        }
    }

    #[test]
    fn only_presses_count() {
        let mut release = KeyEvent::new(KeyCode::Char('5'), KeyModifiers::NONE);
        release.kind = KeyEventKind::Release;
        release.state = KeyEventState::NONE;
        assert_eq!(board(Event::Key(release)), None);
        let mut repeat = release;
        repeat.kind = KeyEventKind::Repeat;
        assert_eq!(board(Event::Key(repeat)), None);
    }

    #[test]
    fn picker_keys_search() {
        let picker = |e: Event| action_for(&e, Context::Picker);
        assert_eq!(picker(key(KeyCode::Char('q'))), Some(Action::Search('q')));
        assert_eq!(picker(key(KeyCode::Char('j'))), Some(Action::Search('j')));
        assert_eq!(picker(key(KeyCode::Up)), Some(Action::Move(Direction::Up)));
        assert_eq!(
            picker(key(KeyCode::Down)),
            Some(Action::Move(Direction::Down))
        );
        assert_eq!(picker(key(KeyCode::PageUp)), Some(Action::PageUp));
        assert_eq!(picker(key(KeyCode::PageDown)), Some(Action::PageDown));
        assert_eq!(picker(key(KeyCode::Home)), Some(Action::Home));
        assert_eq!(picker(key(KeyCode::End)), Some(Action::End));
        assert_eq!(picker(key(KeyCode::Enter)), Some(Action::Confirm));
        assert_eq!(picker(key(KeyCode::Esc)), Some(Action::Cancel));
        assert_eq!(picker(key(KeyCode::Backspace)), Some(Action::SearchBack));
        assert_eq!(picker(key(KeyCode::Delete)), Some(Action::DeleteSave));
        assert_eq!(picker(key(KeyCode::F(1))), Some(Action::Help));
        assert_eq!(picker(ctrl('q')), Some(Action::Quit));
        assert_eq!(picker(ctrl('z')), None);
    }

    #[test]
    fn animation_dialog_and_help_keys() {
        let anim = |e: Event| action_for(&e, Context::Animation);
        assert_eq!(anim(key(KeyCode::Char(' '))), Some(Action::PauseAnimation));
        assert_eq!(anim(key(KeyCode::Esc)), Some(Action::Cancel));
        assert_eq!(anim(key(KeyCode::Char('+'))), Some(Action::Faster));
        assert_eq!(anim(key(KeyCode::Char('5'))), None);
        let dialog = |e: Event| action_for(&e, Context::Dialog);
        assert_eq!(dialog(key(KeyCode::Char('y'))), Some(Action::Yes));
        assert_eq!(dialog(key(KeyCode::Enter)), Some(Action::Yes));
        assert_eq!(dialog(key(KeyCode::Char('n'))), Some(Action::No));
        assert_eq!(dialog(key(KeyCode::Esc)), Some(Action::No));
        assert_eq!(dialog(key(KeyCode::Char('q'))), Some(Action::Quit));
        let help = |e: Event| action_for(&e, Context::Help);
        assert_eq!(help(key(KeyCode::Char('z'))), Some(Action::Cancel));
        assert_eq!(help(ctrl('c')), Some(Action::ForceQuit));
    }

    #[test]
    fn mouse_buttons_and_wheel() {
        let at = Instant::now();
        let mouse = |kind| MouseEvent {
            kind,
            column: 12,
            row: 7,
            modifiers: KeyModifiers::NONE,
        };
        assert_eq!(
            mouse_action(&mouse(MouseEventKind::Down(MouseButton::Left)), at),
            Some(Action::Click { x: 12, y: 7, at })
        );
        assert_eq!(
            mouse_action(&mouse(MouseEventKind::Down(MouseButton::Right)), at),
            Some(Action::RightClick)
        );
        assert_eq!(
            mouse_action(&mouse(MouseEventKind::ScrollUp), at),
            Some(Action::Scroll(-1))
        );
        assert_eq!(
            mouse_action(&mouse(MouseEventKind::ScrollDown), at),
            Some(Action::Scroll(1))
        );
        assert_eq!(
            mouse_action(&mouse(MouseEventKind::Up(MouseButton::Left)), at),
            None
        );
        assert_eq!(mouse_action(&mouse(MouseEventKind::Moved), at), None);
        assert_eq!(
            action_for(&Event::Resize(80, 24), Context::Board),
            Some(Action::Resize)
        );
    }
}

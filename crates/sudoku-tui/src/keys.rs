//! Every key and mouse action of the game with what it does, as data: the
//! help screen lists them, and `--help` and the man page print them, so
//! the three always agree. [`action`](crate::action) is where the keys
//! are read; its tests and this table's name the same keys.

/// A group of bindings that work in one place: the board, the mouse, the
/// puzzle list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Group {
    /// What the group is, as a heading: `Keys on the board`.
    pub title: &'static str,
    /// Each binding: the keys or mouse action, then what it does.
    pub bindings: &'static [(&'static str, &'static str)],
}

/// The keys of a game on the board.
pub const BOARD: Group = Group {
    title: "Keys on the board",
    bindings: &[
        ("arrows hjkl wasd", "move the cursor (wraps around)"),
        ("1-9", "place a digit (pencil mode: toggle a mark)"),
        ("0 . space Delete", "erase the cell"),
        ("Backspace u Ctrl-Z", "undo"),
        ("r Ctrl-Y", "redo"),
        ("n", "pencil-mark mode on/off"),
        ("c", "automatic candidates on/off"),
        ("v", "pen colour: a, b ... f, then a again"),
        ("x", "colour the cell with the pen (again: off)"),
        (
            "X (shift-x)",
            "then 1-9: colour that candidate; then 0: clear all",
        ),
        ("f", "then 1-9: filter: * where it can go, : peers; f 0 off"),
        (
            "H (shift-h)",
            "hint: each H tells more (4 rungs), then fills a cell",
        ),
        ("m", "mistakes: mark the wrong digits (counts as a hint)"),
        ("S (shift-s)", "auto-solve, animated"),
        ("+ -", "auto-solve faster / slower"),
        ("space (solving)", "pause / resume the auto-solve"),
        ("p", "pause: hide the board and stop the time; p resumes"),
        ("t", "hide / show the timer"),
        ("? F1", "the help screen: every key"),
        ("F2", "statistics: games won, best times, daily streak"),
        (
            "Esc",
            "stop the auto-solve, pause or pencil mode; else leave",
        ),
        ("q Ctrl-Q", "quit (asks first; the game is saved)"),
        ("Ctrl-C", "quit now (the game is saved)"),
    ],
};

/// The mouse, on the board and in the list.
pub const MOUSE: Group = Group {
    title: "The mouse",
    bindings: &[
        (
            "left click",
            "select a cell / pick a puzzle (double click plays)",
        ),
        ("right click", "clear the selection"),
        ("wheel", "scroll the puzzle list"),
    ],
};

/// The puzzle list (the picker), where letters search.
pub const PICKER: Group = Group {
    title: "The puzzle list",
    bindings: &[
        (
            "picker",
            "type to search, ↑↓ PgUp PgDn Home End, Enter plays",
        ),
        (
            "Resume rows",
            "saved games, the latest first; Enter resumes",
        ),
        (
            "Delete (picker)",
            "delete the selected saved game (asks first)",
        ),
        ("End (picker)", "new random puzzles: one row per level"),
        ("Today row", "Today's puzzle: the same for everyone today"),
        (
            "F2 (picker)",
            "statistics: games won, best times, daily streak",
        ),
        ("paste", "a puzzle pasted in the list opens it"),
    ],
};

/// Every group, in the order the help lists them.
pub const GROUPS: [Group; 3] = [BOARD, MOUSE, PICKER];

/// Every binding of every group, in the order the help lists them.
pub fn bindings() -> impl Iterator<Item = &'static (&'static str, &'static str)> {
    GROUPS.iter().flat_map(|group| group.bindings.iter())
}

/// The keys `sudoku-tui -h` names, in one line: the main ones and the
/// help key, each one of [`BOARD`]'s.
pub const SUMMARY: &str = "Keys: arrows or hjkl move, 1-9 place a digit, 0 erases, u undoes, \
                           n pencil marks, H hint, q quits; press ? (F1 in the puzzle list) \
                           for every key. The mouse selects cells and puzzles.";

/// Every binding as `--help` ends with it: a heading per group, then one
/// line per binding, the keys in a column.
pub fn text() -> String {
    let width = bindings()
        .map(|(keys, _)| keys.chars().count())
        .max()
        .unwrap_or(0);
    let mut out = String::new();
    for (i, group) in GROUPS.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        out.push_str(group.title);
        out.push_str(":\n");
        for (keys, what) in group.bindings {
            out.push_str(&format!("  {keys:<width$}  {what}\n"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::action::{action_for, Action, Context};
    use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};

    /// The action of `key` (with `modifiers`) in `context`.
    fn act(code: KeyCode, modifiers: KeyModifiers, context: Context) -> Option<Action> {
        action_for(&Event::Key(KeyEvent::new(code, modifiers)), context)
    }

    /// A key named in the table as the event it is.
    fn key(name: &str) -> Option<(KeyCode, KeyModifiers)> {
        let none = KeyModifiers::NONE;
        if let Some(c) = name.strip_prefix("Ctrl-") {
            let c = c.chars().next()?.to_ascii_lowercase();
            return Some((KeyCode::Char(c), KeyModifiers::CONTROL));
        }
        let code = match name {
            "space" => KeyCode::Char(' '),
            "Delete" => KeyCode::Delete,
            "Backspace" => KeyCode::Backspace,
            "Esc" => KeyCode::Esc,
            "F1" => KeyCode::F(1),
            "F2" => KeyCode::F(2),
            "End" => KeyCode::End,
            "1-9" => KeyCode::Char('5'),
            _ if name.chars().count() == 1 => KeyCode::Char(name.chars().next()?),
            _ => return None,
        };
        Some((code, none))
    }

    #[test]
    fn every_key_of_the_board_table_does_something_on_the_board() {
        let mut checked = 0;
        for (keys, what) in BOARD.bindings {
            if keys.starts_with("arrows") || keys.contains("(solving)") {
                continue;
            }
            for name in keys.split(' ').filter(|w| !w.starts_with('(')) {
                let (code, modifiers) =
                    key(name).unwrap_or_else(|| panic!("{name:?} of {keys:?} is not a key"));
                assert!(
                    act(code, modifiers, Context::Board).is_some(),
                    "{name} ({what}) does nothing on the board"
                );
                checked += 1;
            }
        }
        assert!(checked >= 20, "{checked} keys checked");
        for c in "hjklwasd".chars() {
            assert!(act(KeyCode::Char(c), KeyModifiers::NONE, Context::Board).is_some());
        }
        assert_eq!(
            act(KeyCode::Char(' '), KeyModifiers::NONE, Context::Animation),
            Some(Action::PauseAnimation)
        );
    }

    #[test]
    fn the_picker_keys_of_the_table_work_in_the_picker() {
        for (code, action) in [
            (KeyCode::Delete, Action::DeleteSave),
            (KeyCode::End, Action::End),
            (KeyCode::Enter, Action::Confirm),
            (KeyCode::F(1), Action::Help),
            (KeyCode::F(2), Action::Stats),
        ] {
            assert_eq!(act(code, KeyModifiers::NONE, Context::Picker), Some(action));
        }
    }

    #[test]
    fn the_summary_names_only_keys_of_the_board() {
        for name in ["1-9", "0", "u", "n", "H", "q", "?", "F1"] {
            assert!(SUMMARY.contains(name), "{name}");
            assert!(
                BOARD
                    .bindings
                    .iter()
                    .any(|(keys, _)| keys.split(' ').any(|k| k == name)),
                "{name} is not in the table"
            );
        }
    }

    #[test]
    fn the_text_has_every_binding_under_its_group() {
        let text = text();
        for group in GROUPS {
            let at = text.find(group.title).unwrap();
            for (keys, what) in group.bindings {
                let line = text[at..]
                    .lines()
                    .find(|l| l.trim_start().starts_with(keys))
                    .unwrap_or_else(|| panic!("{keys} missing"));
                assert!(line.ends_with(what), "{line}");
            }
        }
    }
}

//! The game loop: read a line, turn it into a [`Command`], apply it to the
//! core's [`Game`], draw the board and say what happened.

use std::io;

use sudoku_core::{Cell, Digit, Game, Hint, Move, Outcome};

use super::board;
use super::command::{self, Command};
use super::Console;

/// The prompt of the game, a modern form of the original's.
pub const PROMPT: &str = "Move (5c6 = row 5, column c, digit 6; bk undo, end quit, help): ";

/// The list of commands `help` prints.
const HELP: &str = "\
Commands (upper or lower case, spaces around ignored):
  5c6      put 6 in row 5, column c (also 5c 6, c5 6, c56)
  5c0      erase row 5, column c
  bk       undo the last move, again and again (also undo)
  rd       redo the last undone move (also redo)
  check    count the conflicts and say where they are
  hint     explain the next logical step; hint again places a digit
  solve    show the solution and end the game
  restart  take every entry off the board
  show     draw the board again
  help     this list (also ?)
  end      quit without solving (also quit, exit, or end of input)
On the board: . is a blank cell, [7] a digit in conflict, >7< the last move.";

/// Whether the game goes on after a command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Flow {
    Continue,
    Stop,
}

/// A game being played.
struct Session {
    game: Game,
    hints: usize,
    color: bool,
    /// Whether the last command was a `hint` that explained a step.
    explained: bool,
}

/// Plays `game` (called `label` in messages) until it is solved, the
/// player gives up or the input ends.
pub fn play(game: Game, label: &str, console: &mut Console<'_>, color: bool) -> io::Result<()> {
    let to_fill = 81 - game.puzzle().givens();
    console.say(format_args!(
        "Playing {label}: {} givens, {to_fill} cells to fill. Type help for the commands.",
        game.puzzle().givens()
    ))?;
    if !game.is_unique() {
        console.say("This puzzle has more than one solution; hints follow one of them.")?;
    }
    let mut session = Session {
        game,
        hints: 0,
        color,
        explained: false,
    };
    console.print(&board::current(&session.game, color))?;
    loop {
        let Some(line) = console.ask(PROMPT)? else {
            return session.handle(Command::End, console).map(|_| ());
        };
        let flow = match command::parse(&line) {
            Ok(Some(command)) => session.handle(command, console)?,
            Ok(None) => Flow::Continue,
            Err(e) => {
                console.say(e)?;
                Flow::Continue
            }
        };
        if flow == Flow::Stop {
            return Ok(());
        }
    }
}

/// The one place the game asks for a hint.
fn hint(game: &Game) -> Option<Hint> {
    game.hint()
}

impl Session {
    /// Applies one command: `Flow::Stop` when the game is over.
    fn handle(&mut self, command: Command, console: &mut Console<'_>) -> io::Result<Flow> {
        if command != Command::Hint {
            self.explained = false;
        }
        match command {
            Command::Enter { cell, value } => self.enter(cell, value, console),
            Command::Undo => match self.game.undo() {
                Ok(mv) => self.after_history("Undid", mv, console),
                Err(_) => console.say("Nothing to undo").map(|()| Flow::Continue),
            },
            Command::Redo => match self.game.redo() {
                Ok(mv) => self.after_history("Redid", mv, console),
                Err(_) => console.say("Nothing to redo").map(|()| Flow::Continue),
            },
            Command::Check => self.check(console),
            Command::Hint => self.hint(console),
            Command::Solve => self.solve(console),
            Command::Restart => {
                self.game.restart();
                self.hints = 0;
                self.draw(console)?;
                console.say("Restarted: every entry is off the board")?;
                Ok(Flow::Continue)
            }
            Command::Show => {
                self.draw(console)?;
                console.say(state(&self.game))?;
                Ok(Flow::Continue)
            }
            Command::Help => console.say(HELP).map(|()| Flow::Continue),
            Command::End => {
                let blanks = 81 - self.game.grid().givens();
                console.say(format_args!(
                    "Game over after {}; {blanks} {} still to fill",
                    moves(self.game.moves()),
                    if blanks == 1 { "cell" } else { "cells" }
                ))?;
                Ok(Flow::Stop)
            }
        }
    }

    /// A move: `value` in `cell`, 0 erasing.
    fn enter(&mut self, cell: Cell, value: u8, console: &mut Console<'_>) -> io::Result<Flow> {
        if !self.game.is_given(cell) && self.game.grid().get(cell) == Digit::new(value) {
            match value {
                0 => console.say(format_args!("{cell} is already blank"))?,
                v => console.say(format_args!("{cell} already holds {v}"))?,
            }
            return Ok(Flow::Continue);
        }
        match self.game.enter(cell, value) {
            Ok(outcome) => self.after_move(outcome, console),
            Err(e) => console.say(e).map(|()| Flow::Continue),
        }
    }

    fn solve(&self, console: &mut Console<'_>) -> io::Result<Flow> {
        console.print(&board::solution(&self.game, self.color))?;
        let which = if self.game.is_unique() {
            "The solution"
        } else {
            "One of the solutions"
        };
        console.say(format_args!(
            "{which}; the game ends after {}",
            moves(self.game.moves())
        ))?;
        Ok(Flow::Stop)
    }

    fn draw(&self, console: &mut Console<'_>) -> io::Result<()> {
        console.print(&board::current(&self.game, self.color))
    }

    /// Draws the board and says what the move left: `Legal move`, the
    /// conflicts, or the congratulation that ends the game.
    fn after_move(&self, outcome: Outcome, console: &mut Console<'_>) -> io::Result<Flow> {
        self.draw(console)?;
        match outcome {
            Outcome::Legal => console.say("Legal move")?,
            Outcome::Conflicts(n) => console.say(conflicts(n))?,
            Outcome::Solved => {
                console.say(format_args!(
                    "Congratulations! You solved the puzzle in {}",
                    moves(self.game.moves())
                ))?;
                if self.hints > 0 {
                    let s = if self.hints == 1 { "" } else { "s" };
                    console.say(format_args!("(with {} hint{s})", self.hints))?;
                }
                return Ok(Flow::Stop);
            }
        }
        Ok(Flow::Continue)
    }

    fn after_history(&self, done: &str, mv: Move, console: &mut Console<'_>) -> io::Result<Flow> {
        if self.game.is_solved() {
            return self.after_move(Outcome::Solved, console);
        }
        self.draw(console)?;
        let value = mv.after.map_or(0, Digit::get);
        console.say(format_args!("{done} {}{value}", mv.cell))?;
        console.say(state(&self.game))?;
        Ok(Flow::Continue)
    }

    fn check(&self, console: &mut Console<'_>) -> io::Result<Flow> {
        let found = self.game.conflicts();
        if found.is_empty() {
            console.say("No conflicts")?;
        } else {
            let list: Vec<String> = found.iter().map(ToString::to_string).collect();
            console.say(format_args!(
                "{}: {}",
                conflicts(found.len()),
                list.join(", ")
            ))?;
        }
        let blanks = 81 - self.game.grid().givens();
        match blanks {
            1 => console.say("1 cell to fill")?,
            n => console.say(format_args!("{n} cells to fill"))?,
        }
        Ok(Flow::Continue)
    }

    /// The first `hint` explains the next logical step; a second one in a
    /// row places a digit. A wrong entry is fixed at once.
    fn hint(&mut self, console: &mut Console<'_>) -> io::Result<Flow> {
        if !std::mem::take(&mut self.explained) {
            if let Some(step) = self.game.next_step() {
                console.say(format_args!("Hint: {step}"))?;
                console.say("Type hint again to place a digit")?;
                self.explained = true;
                return Ok(Flow::Continue);
            }
        }
        let Some(hint) = hint(&self.game) else {
            console.say("No hint: the puzzle is solved")?;
            return Ok(Flow::Continue);
        };
        match self.game.grid().get(hint.cell) {
            Some(wrong) if hint.replaces_wrong_digit => console.say(format_args!(
                "Hint: {} is {}, not {wrong}",
                hint.cell, hint.digit
            ))?,
            _ => console.say(format_args!("Hint: {} is {}", hint.cell, hint.digit))?,
        }
        if hint.step.is_none() && !hint.replaces_wrong_digit {
            console
                .say("(no technique finds it from here: the digit is taken from the solution)")?;
        }
        match self.game.place(hint.cell, hint.digit) {
            Ok(outcome) => {
                self.hints += 1;
                self.after_move(outcome, console)
            }
            Err(e) => console.say(e).map(|()| Flow::Continue),
        }
    }
}

/// `There is 1 conflict` or `There are N conflicts` (as the core counts
/// them: a digit repeated in a row, column or box).
fn conflicts(n: usize) -> String {
    if n == 1 {
        "There is 1 conflict".to_string()
    } else {
        format!("There are {n} conflicts")
    }
}

/// The board's state after undo, redo and `show`.
fn state(game: &Game) -> String {
    match game.conflict_count() {
        0 => "No conflicts".to_string(),
        n => conflicts(n),
    }
}

/// `1 move` or `N moves`.
fn moves(n: usize) -> String {
    if n == 1 {
        "1 move".to_string()
    } else {
        format!("{n} moves")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PUZZLE: &str =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286.7.";

    fn transcript(script: &str) -> String {
        let game = Game::new(PUZZLE.parse().unwrap()).unwrap();
        let mut input = script.as_bytes();
        let mut out = Vec::new();
        let mut console = Console::new(&mut input, &mut out, true);
        play(game, "test", &mut console, false).unwrap();
        String::from_utf8(out).unwrap()
    }

    /// The lines that follow a prompt's echo, boards left out.
    fn replies(text: &str) -> Vec<&str> {
        text.lines()
            .filter(|l| !l.starts_with(' ') && l.get(1..3) != Some(" |"))
            .map(|l| l.strip_prefix(PROMPT).unwrap_or(l))
            .collect()
    }

    #[test]
    fn a_short_game() {
        let out = transcript("9i7\nbk\nbk\nrd\n\n9i0\n9i9\n9i9\ncheck\n9g1\nhelp\n");
        assert_eq!(
            replies(&out),
            [
                "Playing test: 79 givens, 2 cells to fill. Type help for the commands.",
                "9i7",
                "There are 3 conflicts",
                "bk",
                "Undid 9i7",
                "No conflicts",
                "bk",
                "Nothing to undo",
                "rd",
                "Redid 9i7",
                "There are 3 conflicts",
                "",
                "9i0",
                "Legal move",
                "9i9",
                "Legal move",
                "9i9",
                "9i already holds 9",
                "check",
                "No conflicts",
                "1 cell to fill",
                "9g1",
                "Congratulations! You solved the puzzle in 4 moves",
            ]
        );
    }

    #[test]
    fn hints_count_and_the_end_of_input_ends() {
        let out = transcript("hint\nhint\n");
        let replies = replies(&out);
        let why = replies
            .iter()
            .position(|r| r.starts_with("Hint: Full house"))
            .expect(&out);
        assert_eq!(replies[why + 1], "Type hint again to place a digit");
        assert!(replies.contains(&"Hint: 9g is 1"), "{out}");
        assert!(replies.contains(&"Legal move"));
        assert_eq!(
            replies.last(),
            Some(&"Game over after 1 move; 1 cell still to fill")
        );
        let out = transcript("9i5\nhint\nhint\nhint\n");
        assert!(out.contains("Hint: 9i is 9, not 5"), "{out}");
        assert!(
            out.ends_with("Congratulations! You solved the puzzle in 3 moves\n(with 2 hints)\n")
        );
    }

    #[test]
    fn solve_and_restart() {
        let out = transcript("9g1\nrestart\nsolve\n5c5\n");
        assert!(out.contains("Restarted: every entry is off the board"));
        assert!(
            out.ends_with("The solution; the game ends after 0 moves\n"),
            "{out}"
        );
        assert!(out.contains("9 | 3  4  5 | 2  8  6 | 1  7  9 |"));
    }
}

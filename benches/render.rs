//! How long a full frame takes to render into ratatui's `TestBackend`
//! (100x40, the size of the end-to-end test): the board mid-game with
//! conflicts and pencil marks, the board during the auto-solve, and the
//! picker. Every iteration starts from an empty buffer, so nothing is
//! saved by the backend's diffing.

use criterion::{criterion_group, criterion_main, Criterion};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use std::hint::black_box;
use sudoku_core::Digit;
use sudoku_tui::action::{Action, Direction};
use sudoku_tui::app::App;
use sudoku_tui::picker::Picker;
use sudoku_tui::puzzles::builtin_entries;
use sudoku_tui::ui::{self, theme::Theme};

fn board_app() -> App {
    let mut app = App::new(Picker::new(builtin_entries(), Vec::new()), None);
    app.update(Action::Confirm);
    for (digit, step) in [
        (4, Direction::Right),
        (5, Direction::Down),
        (8, Direction::Right),
    ] {
        app.update(Action::Digit(Digit::new(digit).expect("a digit")));
        app.update(Action::Move(step));
    }
    app.update(Action::ToggleCandidates);
    app
}

fn frame(c: &mut Criterion) {
    let area = Rect::new(0, 0, 100, 40);
    let theme = Theme::new(true);
    let mut group = c.benchmark_group("full frame 100x40");
    let board = board_app();
    group.bench_function("board with conflicts and candidates", |b| {
        b.iter(|| {
            let mut buf = Buffer::empty(area);
            black_box(ui::render(&mut buf, area, black_box(&board), &theme));
        })
    });
    let mut solving = board_app();
    for _ in 0..3 {
        solving.update(Action::Undo);
    }
    solving.update(Action::Solve);
    for _ in 0..20 {
        solving.update(Action::Tick);
    }
    group.bench_function("board during the auto-solve", |b| {
        b.iter(|| {
            let mut buf = Buffer::empty(area);
            black_box(ui::render(&mut buf, area, black_box(&solving), &theme));
        })
    });
    let picker = App::new(Picker::new(builtin_entries(), Vec::new()), None);
    group.bench_function("picker", |b| {
        b.iter(|| {
            let mut buf = Buffer::empty(area);
            black_box(ui::render(&mut buf, area, black_box(&picker), &theme));
        })
    });
    group.finish();
}

criterion_group!(benches, frame);
criterion_main!(benches);

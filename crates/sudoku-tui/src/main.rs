//! The full-screen terminal game (not built yet).
fn main() {
    eprintln!("sudoku-tui: the full-screen game is not built yet; use `sudoku play`");
    std::process::exit(1);
}

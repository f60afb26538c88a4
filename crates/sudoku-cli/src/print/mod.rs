//! `sudoku print`: puzzles on paper. Reads puzzles from files or stdin as
//! the filters do, grades each one for its caption, lays the grids out a
//! few to a page ([`layout`]) and writes a PDF ([`pdf`]) or an SVG
//! ([`svg`]), chosen by the output's extension or `--format`.

use std::io::{self, IsTerminal};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Args, ValueEnum};
use sudoku_core::text::escape_controls;
use sudoku_core::{grade, Grade, GradeError, Grid, PuzzleReader};

use crate::batch::{fail, stop_status, Invalid, Status, Workers};
use crate::diag::{self, Reports};
use crate::input;
use crate::output::Output;

pub mod layout;
pub mod pdf;
pub mod svg;

use layout::{fit_caption, Layout, Paper, Slot, PER_PAGE};

/// Arguments of `sudoku print`.
#[derive(Debug, Args)]
pub struct PrintArgs {
    /// Puzzle files in any format the programs read; `-` or none for stdin.
    files: Vec<PathBuf>,
    /// Write to this file: a PDF or an SVG by its extension (`.pdf`,
    /// `.svg`); `-` for stdout, with --format.
    #[arg(short, long, value_name = "OUT", required = true)]
    output: PathBuf,
    /// The output format, whatever OUT's extension [default: by OUT's
    /// extension].
    #[arg(long, value_enum)]
    format: Option<Format>,
    /// Grids per page: 1, 2, 4 or 6.
    #[arg(long, value_name = "N", default_value = "4", value_parser = parse_per_page)]
    per_page: usize,
    /// Add the solutions, on pages after the puzzles.
    #[arg(long)]
    solutions: bool,
    /// The paper size.
    #[arg(long, value_enum, default_value_t = Paper::A4)]
    paper: Paper,
}

/// Output formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// A PDF document, one page per sheet of paper.
    Pdf,
    /// One SVG document, the pages one below the other.
    Svg,
}

fn parse_per_page(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(n) if PER_PAGE.contains(&n) => Ok(n),
        _ => Err(format!("expected 1, 2, 4 or 6, found {text:?}")),
    }
}

/// One grid on a sheet, with its caption in three parts so that a long
/// file name can be shortened without losing the rest (see
/// [`fit_caption`]).
#[derive(Clone, Debug)]
pub struct Item {
    /// The digits shown.
    pub grid: Grid,
    /// The puzzle's givens: written in black; the other digits of `grid`
    /// (those of a solution) in grey.
    pub givens: Grid,
    /// Shown before the name, whole: `Solution of ` or nothing.
    pub lead: &'static str,
    /// The input's name, control characters escaped.
    pub name: String,
    /// Shown after the name, whole: the number, line and grade.
    pub rest: String,
}

impl Item {
    /// Whether the digit in cell `index` (0..81) is a given.
    pub fn is_given(&self, index: usize) -> bool {
        self.givens.cells()[index] != 0
    }

    /// The caption, fitted under the grid of `slot`.
    pub fn caption(&self, slot: &Slot) -> String {
        fit_caption(
            self.lead,
            &self.name,
            &self.rest,
            slot.caption_size,
            slot.grid.side,
        )
    }
}

/// What is printed: the layout shared by every page, and the items of
/// each page, in the order of the layout's slots.
#[derive(Clone, Debug)]
pub struct Sheet {
    /// Where things go on a page.
    pub layout: Layout,
    /// The items of each page; a page may hold fewer than the slots.
    pub pages: Vec<Vec<Item>>,
}

/// A puzzle read from an input.
struct Puzzle {
    /// The input's name, control characters escaped.
    name: String,
    /// Its number among the puzzles of its input, from 1.
    number: usize,
    /// The line it starts on.
    line: usize,
    grid: Grid,
}

/// Runs `sudoku print`.
pub fn run(args: PrintArgs) -> ExitCode {
    let format = match format_of(&args.output, args.format) {
        Ok(format) => format,
        Err(msg) => return fail(&msg),
    };
    let to_stdout = args.output == Path::new("-");
    if to_stdout && format == Format::Pdf && io::stdout().is_terminal() {
        return fail("will not write a PDF to a terminal: redirect stdout or name a file with -o");
    }
    let (puzzles, mut status) = read(&args.files);
    if puzzles.is_empty() {
        diag::error("no puzzle to print");
        status.invalid = true;
        return status.code();
    }
    let workers = match Workers::new(None) {
        Ok(workers) => workers,
        Err(msg) => return fail(&msg),
    };
    let grades = workers.map(&puzzles, |p| grade(&p.grid));
    let mut pages = pages(items(&puzzles, &grades), args.per_page);
    if args.solutions {
        pages.extend(self::pages(solutions(&puzzles, &grades), args.per_page));
    }
    let sheet = Sheet {
        layout: layout::layout(args.paper, args.per_page),
        pages,
    };
    let bytes = match format {
        Format::Pdf => pdf::write(&sheet),
        Format::Svg => svg::write(&sheet).into_bytes(),
    };
    let mut out = match Output::create(Some(&args.output)) {
        Ok(out) => out,
        Err(stopped) => return stop_status(stopped, ExitCode::from(2)),
    };
    if let Err(e) = out.writer().write_all(&bytes) {
        return stop_status(out.stopped(&e), status.code());
    }
    match out.finish() {
        Ok(()) => status.code(),
        Err(stopped) => stop_status(stopped, status.code()),
    }
}

/// The format asked for, or the one OUT's extension names.
fn format_of(output: &Path, asked: Option<Format>) -> Result<Format, String> {
    if let Some(format) = asked {
        return Ok(format);
    }
    if output == Path::new("-") {
        return Err("-o - needs --format pdf or --format svg".to_string());
    }
    let extension = output.extension().and_then(|e| e.to_str()).unwrap_or("");
    if extension.eq_ignore_ascii_case("pdf") {
        Ok(Format::Pdf)
    } else if extension.eq_ignore_ascii_case("svg") {
        Ok(Format::Svg)
    } else {
        Err(format!(
            "cannot tell the format of {:?}: name a .pdf or .svg file, or give --format",
            output.display().to_string()
        ))
    }
}

/// Every puzzle of the inputs, in order. Invalid records and unreadable
/// inputs are reported on stderr and noted in the status.
fn read(files: &[PathBuf]) -> (Vec<Puzzle>, Status) {
    let mut puzzles = Vec::new();
    let mut status = Status::default();
    let mut reports = Reports::default();
    for path in input::names(files) {
        let source = match input::open(&path) {
            Ok(source) => source,
            Err(msg) => {
                diag::error(&msg);
                status.unreadable = true;
                continue;
            }
        };
        let name = escape_controls(&source.name).into_owned();
        let source_name = source.name.clone();
        let mut number = 0;
        for record in PuzzleReader::new(source.reader()) {
            match record {
                Ok(record) => {
                    number += 1;
                    puzzles.push(Puzzle {
                        name: name.clone(),
                        number,
                        line: record.line,
                        grid: record.grid,
                    });
                }
                Err(e) => {
                    status.invalid = true;
                    let why = Invalid::parse(&e);
                    reports.report(&source_name, e.line(), why.kind, &why.message);
                }
            }
        }
        reports.end_input(&source_name);
    }
    (puzzles, status)
}

/// Every puzzle, captioned with its grade.
fn items(puzzles: &[Puzzle], grades: &[Result<Grade, GradeError>]) -> Vec<Item> {
    puzzles
        .iter()
        .zip(grades)
        .map(|(p, grade)| Item {
            grid: p.grid,
            givens: p.grid,
            lead: "",
            name: p.name.clone(),
            rest: format!("{}: {}", where_in_input(p), grade_text(grade)),
        })
        .collect()
}

/// The solution of every puzzle that has exactly one (every puzzle that
/// was graded).
fn solutions(puzzles: &[Puzzle], grades: &[Result<Grade, GradeError>]) -> Vec<Item> {
    let solver = sudoku_core::SolverKind::default().solver();
    puzzles
        .iter()
        .zip(grades)
        .filter(|(_, grade)| grade.is_ok())
        .filter_map(|(p, _)| {
            Some(Item {
                grid: solver.solve(&p.grid)?,
                givens: p.grid,
                lead: "Solution of ",
                name: p.name.clone(),
                rest: where_in_input(p),
            })
        })
        .collect()
}

/// `items` cut into pages of `per_page`.
fn pages(items: Vec<Item>, per_page: usize) -> Vec<Vec<Item>> {
    items.chunks(per_page).map(<[Item]>::to_vec).collect()
}

/// ` #3, line 7`: the puzzle's number in its input and its line.
fn where_in_input(p: &Puzzle) -> String {
    format!(" #{}, line {}", p.number, p.line)
}

/// `hard 4.2`, or why the puzzle has no grade.
fn grade_text(grade: &Result<Grade, GradeError>) -> String {
    match grade {
        Ok(grade) => format!("{} {}", grade.level, grade.rating),
        Err(e) => format!("not graded, {e}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const EASY: &str =
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

    fn puzzle(text: &str, number: usize) -> Puzzle {
        Puzzle {
            name: "p.txt".to_string(),
            number,
            line: number * 2,
            grid: text.parse().unwrap(),
        }
    }

    #[test]
    fn the_format_comes_from_the_extension_unless_asked() {
        let of = |name: &str, asked| format_of(Path::new(name), asked);
        assert_eq!(of("a.pdf", None), Ok(Format::Pdf));
        assert_eq!(of("dir/A.PDF", None), Ok(Format::Pdf));
        assert_eq!(of("a.svg", None), Ok(Format::Svg));
        assert_eq!(of("a.txt", Some(Format::Svg)), Ok(Format::Svg));
        assert_eq!(of("-", Some(Format::Pdf)), Ok(Format::Pdf));
        assert_eq!(
            of("a.txt", None),
            Err(
                "cannot tell the format of \"a.txt\": name a .pdf or .svg file, or give --format"
                    .to_string()
            )
        );
        assert!(of("-", None).unwrap_err().contains("--format"));
        assert!(of("pdf", None).is_err());
    }

    #[test]
    fn per_page_is_one_of_four_counts() {
        assert_eq!(parse_per_page("6"), Ok(6));
        assert_eq!(
            parse_per_page("3"),
            Err("expected 1, 2, 4 or 6, found \"3\"".to_string())
        );
        assert!(parse_per_page("x").is_err());
    }

    #[test]
    fn captions_carry_the_grade_and_solutions_follow() {
        let blank = ".".repeat(81);
        let puzzles = [puzzle(EASY, 1), puzzle(&blank, 2)];
        let grades: Vec<_> = puzzles.iter().map(|p| grade(&p.grid)).collect();
        let all = items(&puzzles, &grades);
        assert_eq!(all.len(), 2);
        assert_eq!(all[0].rest, " #1, line 2: easy 1.2");
        assert_eq!(
            all[1].rest,
            " #2, line 4: not graded, the puzzle has more than one solution"
        );
        // One solution: the blank grid has many.
        let solved = solutions(&puzzles, &grades);
        assert_eq!(solved.len(), 1);
        let solution = &solved[0];
        assert_eq!(
            (solution.lead, solution.rest.as_str()),
            ("Solution of ", " #1, line 2")
        );
        assert!(solution.grid.is_solved() && puzzles[0].grid.is_solved_by(&solution.grid));
        assert!(solution.is_given(2) && !solution.is_given(0));
    }

    #[test]
    fn pages_hold_per_page_items_at_most() {
        let blank = ".".repeat(81);
        let puzzles: Vec<Puzzle> = (1..=5).map(|n| puzzle(&blank, n)).collect();
        let grades: Vec<_> = puzzles.iter().map(|_| Err(GradeError::NotUnique)).collect();
        let sizes = |per_page| -> Vec<usize> {
            pages(items(&puzzles, &grades), per_page)
                .iter()
                .map(Vec::len)
                .collect()
        };
        assert_eq!(sizes(1), [1, 1, 1, 1, 1]);
        assert_eq!(sizes(2), [2, 2, 1]);
        assert_eq!(sizes(4), [4, 1]);
        assert_eq!(sizes(6), [5]);
    }
}

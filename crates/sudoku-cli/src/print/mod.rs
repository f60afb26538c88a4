//! `sudoku print`: puzzles on paper. Reads puzzles from files or stdin as
//! the filters do, grades them for their captions on every core, lays the
//! grids out a few to a page ([`layout`]) and writes a PDF ([`pdf`]) or an
//! SVG ([`svg`]), chosen by the output's extension or `--format`.
//!
//! The puzzles wait between the reading and the writing in a temporary
//! file ([`spool`]), and the document is written page by page as it is
//! made, so memory does not grow with the number of puzzles. The output is
//! opened (and so its path checked) before any puzzle is read.

use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Args, ValueEnum};
use sudoku_core::text::escape_controls;
use sudoku_core::{grade, Grade, GradeError, Grid, PuzzleReader, SolverKind};

use crate::batch::{fail, stop_status, Invalid, Status, Workers};
use crate::diag::{self, Reports};
use crate::input;
use crate::output::Output;
use crate::progress::{Progress, Unit};

pub mod layout;
pub mod pdf;
pub mod spool;
pub mod svg;

use layout::{fit_caption, Layout, Paper, Slot, PER_PAGE};
use spool::{Entry, Replay, Spool};

/// Puzzles read, then graded by the worker threads, at a time.
const CHUNK: usize = 1024;

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
    /// Leave the grades out of the captions (and the time grading takes):
    /// a caption then names the puzzle only.
    #[arg(long)]
    no_grade: bool,
    /// What the captions say.
    #[arg(long, value_enum, default_value_t = Captions::Book)]
    caption: Captions,
}

/// Output formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// A PDF document, one page per sheet of paper.
    Pdf,
    /// One SVG document, the pages one below the other.
    Svg,
}

/// The forms of the captions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Captions {
    /// As in a puzzle book: `Puzzle 3 - medium 2.3`, `Solution 3`; with
    /// several files, the file's name before them (`hard.txt: Puzzle 3 -
    /// hard 4.2`).
    Book,
    /// Where each puzzle came from, for logs: `hard.txt #3, line 7: medium
    /// 2.3`, `Solution of hard.txt #3, line 7`.
    Log,
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
    /// Whether it is a solution (or a puzzle).
    pub solution: bool,
    /// Shown before the name, whole: `Solution of ` or nothing.
    pub lead: &'static str,
    /// The input's name, control characters escaped; may be empty.
    pub name: String,
    /// Shown after the name, whole: the number and the grade.
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

/// How the captions are made: the form, and the inputs' names.
struct Captioner {
    form: Captions,
    /// Whether several inputs were named (a book caption then names them).
    several: bool,
    /// What the captions call each input: its path (log) or its file's
    /// name (book), control characters escaped.
    names: Vec<String>,
}

/// A puzzle read from an input.
struct Puzzle {
    /// The input it came from.
    input: u32,
    /// Its number among the puzzles of its input, from 1.
    number: usize,
    /// The line it starts on.
    line: usize,
    grid: Grid,
}

/// Why a print stopped: the output, or the temporary file, failed.
enum Failure {
    Output(io::Error),
    Spool(io::Error),
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
    let workers = match Workers::new(None) {
        Ok(workers) => workers,
        Err(msg) => return fail(&msg),
    };
    // The output first: a path that cannot be written is said at once.
    let mut out = match Output::create(Some(&args.output)) {
        Ok(out) => out,
        Err(stopped) => return stop_status(stopped, ExitCode::from(2)),
    };
    let mut spool = match Spool::new() {
        Ok(spool) => spool,
        Err(msg) => return fail(&msg),
    };
    let files = input::names(&args.files);
    let mut captions = Captioner {
        form: args.caption,
        several: files.len() > 1,
        names: Vec::with_capacity(files.len()),
    };
    let mut status = match read(&files, &args, &workers, &mut captions, &mut spool) {
        Ok(status) => status,
        Err(e) => return fail(&spool_message(&e)),
    };
    if spool.puzzles == 0 {
        diag::error("no puzzle to print");
        status.invalid = true;
        return status.code();
    }
    let layout = layout::layout(args.paper, args.per_page);
    match write(&mut out, format, &layout, &args, &captions, spool) {
        Ok(()) => {}
        Err(Failure::Output(e)) => return stop_status(out.stopped(&e), status.code()),
        Err(Failure::Spool(e)) => return fail(&spool_message(&e)),
    }
    match out.finish() {
        Ok(()) => status.code(),
        Err(stopped) => stop_status(stopped, status.code()),
    }
}

/// What a failure of the temporary file means.
fn spool_message(e: &io::Error) -> String {
    format!(
        "cannot use a temporary file in {}: {}",
        std::env::temp_dir().display(),
        input::lower(e)
    )
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

/// Reads every puzzle of the inputs, in order, grades them (unless
/// `--no-grade`) on the workers a chunk at a time, with a progress bar on
/// a terminal, and puts them in `spool` with their captions. Invalid
/// records and unreadable inputs are reported on stderr and noted in the
/// status; the error is a failure of the spool.
fn read(
    files: &[PathBuf],
    args: &PrintArgs,
    workers: &Workers,
    captions: &mut Captioner,
    spool: &mut Spool,
) -> io::Result<Status> {
    let mut status = Status::default();
    let mut reports = Reports::default();
    for (input, path) in files.iter().enumerate() {
        let input = u32::try_from(input).unwrap_or(u32::MAX);
        captions.names.push(captions.name_of(path));
        let source = match input::open(path) {
            Ok(source) => source,
            Err(msg) => {
                diag::error(&msg);
                status.unreadable = true;
                continue;
            }
        };
        let source_name = source.name.clone();
        let unit = if args.no_grade {
            Unit("puzzle", "puzzles")
        } else {
            Unit("puzzle graded", "puzzles graded")
        };
        // A count, not a bar over the bytes: the input is read far ahead
        // of the grading.
        let progress = Progress::new(None, unit);
        let mut records = PuzzleReader::new(source.reader());
        let mut number = 0;
        loop {
            let mut chunk = Vec::with_capacity(CHUNK);
            for record in records.by_ref() {
                match record {
                    Ok(record) => {
                        number += 1;
                        chunk.push(Puzzle {
                            input,
                            number,
                            line: record.line,
                            grid: record.grid,
                        });
                        if chunk.len() == CHUNK {
                            break;
                        }
                    }
                    Err(e) => {
                        status.invalid = true;
                        let why = Invalid::parse(&e);
                        reports.report(&source_name, e.line(), why.kind, &why.message);
                    }
                }
            }
            if chunk.is_empty() {
                break;
            }
            let entries = workers.map(&chunk, |p| {
                let entry = captions.entry(p, args);
                progress.add(1);
                entry
            });
            for entry in &entries {
                spool.push(entry)?;
            }
        }
        progress.finish();
        reports.end_input(&source_name);
    }
    Ok(status)
}

impl Captioner {
    /// What captions call the input at `path`.
    fn name_of(&self, path: &Path) -> String {
        let shown = if path == Path::new("-") {
            "<stdin>".to_string()
        } else {
            match self.form {
                Captions::Log => path.display().to_string(),
                Captions::Book => path.file_name().map_or_else(
                    || path.display().to_string(),
                    |n| n.to_string_lossy().into_owned(),
                ),
            }
        };
        escape_controls(&shown).into_owned()
    }

    /// The entry of puzzle `p`: graded (unless `--no-grade`), with its
    /// solution (with `--solutions`, when it has exactly one) and the
    /// captions of both.
    fn entry(&self, p: &Puzzle, args: &PrintArgs) -> Entry {
        let graded = (!args.no_grade).then(|| grade(&p.grid));
        let solution = if args.solutions {
            solution_of(&p.grid, graded.as_ref())
        } else {
            None
        };
        Entry {
            input: p.input,
            givens: p.grid,
            solution,
            caption: self.puzzle_caption(p, graded.as_ref()),
            solution_caption: self.solution_caption(p),
        }
    }

    /// What a puzzle's caption says after the input's name.
    fn puzzle_caption(&self, p: &Puzzle, graded: Option<&Result<Grade, GradeError>>) -> String {
        match self.form {
            Captions::Log => {
                let grade = match graded {
                    Some(Ok(grade)) => format!(": {} {}", grade.level, grade.rating),
                    Some(Err(e)) => format!(": not graded, {e}"),
                    None => String::new(),
                };
                format!(" #{}, line {}{grade}", p.number, p.line)
            }
            Captions::Book => {
                let grade = match graded {
                    Some(Ok(grade)) => format!(" - {} {}", grade.level, grade.rating),
                    Some(Err(e)) => format!(" - not graded: {}", briefly(e)),
                    None => String::new(),
                };
                format!("{}Puzzle {}{grade}", self.after_name(), p.number)
            }
        }
    }

    /// What a solution's caption says after the input's name.
    fn solution_caption(&self, p: &Puzzle) -> String {
        match self.form {
            Captions::Log => format!(" #{}, line {}", p.number, p.line),
            Captions::Book => format!("{}Solution {}", self.after_name(), p.number),
        }
    }

    /// What separates a book caption from the input's name, when it has one.
    fn after_name(&self) -> &'static str {
        if self.several {
            ": "
        } else {
            ""
        }
    }

    /// The item of `entry`'s puzzle, or of its solution.
    fn item(&self, entry: &Entry, solution: bool) -> Option<Item> {
        let name = match (self.form, self.several) {
            (Captions::Book, false) => String::new(),
            _ => self
                .names
                .get(entry.input as usize)
                .cloned()
                .unwrap_or_default(),
        };
        if !solution {
            return Some(Item {
                grid: entry.givens,
                givens: entry.givens,
                solution: false,
                lead: "",
                name,
                rest: entry.caption.clone(),
            });
        }
        Some(Item {
            grid: entry.solution?,
            givens: entry.givens,
            solution: true,
            lead: match self.form {
                Captions::Log => "Solution of ",
                Captions::Book => "",
            },
            name,
            rest: entry.solution_caption.clone(),
        })
    }
}

/// The solution of a puzzle that has exactly one: one that was graded, or
/// (not graded) one the fast solver finds only one solution of.
fn solution_of(puzzle: &Grid, graded: Option<&Result<Grade, GradeError>>) -> Option<Grid> {
    let solver = SolverKind::default().solver();
    match graded {
        Some(Ok(_)) => solver.solve(puzzle),
        Some(Err(_)) => None,
        None if solver.solutions_count_up_to(puzzle, 2) == 1 => solver.solve(puzzle),
        None => None,
    }
}

/// Why a puzzle has no grade, in a few words for a book caption.
fn briefly(e: &GradeError) -> &'static str {
    match e {
        GradeError::Conflicts(_) => "conflicting givens",
        GradeError::Unsolvable => "no solution",
        GradeError::NotUnique => "several solutions",
    }
}

/// A document being written, page by page.
enum Document<'a> {
    Pdf(pdf::Writer<'a, dyn Write + 'a>),
    Svg(svg::Writer<'a, dyn Write + 'a>),
}

impl Document<'_> {
    fn page(&mut self, items: &[Item]) -> io::Result<()> {
        match self {
            Document::Pdf(w) => w.page(items),
            Document::Svg(w) => w.page(items),
        }
    }

    fn finish(self) -> io::Result<()> {
        match self {
            Document::Pdf(w) => w.finish(),
            Document::Svg(w) => w.finish(),
        }
    }
}

/// Writes the document of the spooled puzzles to `out`: the puzzles'
/// pages, then (with `--solutions`) the solutions' pages, each page as it
/// is made.
fn write(
    out: &mut Output,
    format: Format,
    layout: &Layout,
    args: &PrintArgs,
    captions: &Captioner,
    spool: Spool,
) -> Result<(), Failure> {
    let per_page = args.per_page as u64;
    let mut pages = spool.puzzles.div_ceil(per_page);
    if args.solutions {
        pages += spool.solutions.div_ceil(per_page);
    }
    let pages = usize::try_from(pages).unwrap_or(usize::MAX);
    let mut replay = spool.replay().map_err(Failure::Spool)?;
    let writer = out.writer();
    let mut document = match format {
        Format::Pdf => {
            Document::Pdf(pdf::Writer::begin(writer, layout, pages).map_err(Failure::Output)?)
        }
        Format::Svg => {
            Document::Svg(svg::Writer::begin(writer, layout, pages).map_err(Failure::Output)?)
        }
    };
    let progress = Progress::new(None, Unit("page", "pages"));
    write_pages(
        &mut document,
        &mut replay,
        captions,
        args.per_page,
        false,
        &progress,
    )?;
    if args.solutions {
        write_pages(
            &mut document,
            &mut replay,
            captions,
            args.per_page,
            true,
            &progress,
        )?;
    }
    progress.finish();
    document.finish().map_err(Failure::Output)
}

/// Writes the pages of the puzzles of `replay`, or of their solutions.
fn write_pages(
    document: &mut Document,
    replay: &mut Replay,
    captions: &Captioner,
    per_page: usize,
    solutions: bool,
    progress: &Progress,
) -> Result<(), Failure> {
    replay.rewind().map_err(Failure::Spool)?;
    let mut items = Vec::with_capacity(per_page);
    loop {
        let entry = replay.next_entry().map_err(Failure::Spool)?;
        if let Some(item) = entry.as_ref().and_then(|e| captions.item(e, solutions)) {
            items.push(item);
        }
        let last = entry.is_none();
        if items.len() == per_page || (last && !items.is_empty()) {
            document.page(&items).map_err(Failure::Output)?;
            progress.add(1);
            items.clear();
        }
        if last {
            return Ok(());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    const EASY: &str =
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

    fn puzzle(text: &str, number: usize) -> Puzzle {
        Puzzle {
            input: 0,
            number,
            line: number * 2,
            grid: text.parse().unwrap(),
        }
    }

    /// The arguments of `sudoku print -o x.pdf EXTRA...`.
    fn args(extra: &[&str]) -> PrintArgs {
        #[derive(Parser)]
        struct Cli {
            #[command(flatten)]
            print: PrintArgs,
        }
        let mut argv = vec!["print", "-o", "x.pdf"];
        argv.extend_from_slice(extra);
        Cli::parse_from(argv).print
    }

    fn captioner(form: Captions, several: bool) -> Captioner {
        Captioner {
            form,
            several,
            names: vec!["dir/p.txt".to_string()],
        }
    }

    /// The captions of `items`, unfitted.
    fn captions(c: &Captioner, puzzles: &[Puzzle], args: &PrintArgs) -> Vec<String> {
        let entries: Vec<Entry> = puzzles.iter().map(|p| c.entry(p, args)).collect();
        let mut all = Vec::new();
        for solution in [false, true] {
            for e in &entries {
                if let Some(item) = c.item(e, solution) {
                    all.push(format!("{}{}{}", item.lead, item.name, item.rest));
                }
            }
        }
        all
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
    fn book_captions_name_the_puzzle_and_its_grade() {
        let blank = ".".repeat(81);
        let puzzles = [puzzle(EASY, 1), puzzle(&blank, 2)];
        let with = args(&["--solutions"]);
        assert_eq!(
            captions(&captioner(Captions::Book, false), &puzzles, &with),
            [
                "Puzzle 1 - easy 1.2",
                "Puzzle 2 - not graded: several solutions",
                "Solution 1",
            ]
        );
        // Several files: the file's name first.
        assert_eq!(
            captions(&captioner(Captions::Book, true), &puzzles, &with),
            [
                "dir/p.txt: Puzzle 1 - easy 1.2",
                "dir/p.txt: Puzzle 2 - not graded: several solutions",
                "dir/p.txt: Solution 1",
            ]
        );
        // Without grades: the puzzle only, and still the one solution.
        assert_eq!(
            captions(
                &captioner(Captions::Book, false),
                &puzzles,
                &args(&["--solutions", "--no-grade"])
            ),
            ["Puzzle 1", "Puzzle 2", "Solution 1"]
        );
    }

    #[test]
    fn log_captions_say_where_each_puzzle_came_from() {
        let blank = ".".repeat(81);
        let puzzles = [puzzle(EASY, 1), puzzle(&blank, 2)];
        let c = captioner(Captions::Log, false);
        assert_eq!(
            captions(&c, &puzzles, &args(&["--solutions"])),
            [
                "dir/p.txt #1, line 2: easy 1.2",
                "dir/p.txt #2, line 4: not graded, the puzzle has more than one solution",
                "Solution of dir/p.txt #1, line 2",
            ]
        );
        assert_eq!(
            captions(&c, &puzzles[..1], &args(&["--no-grade"])),
            ["dir/p.txt #1, line 2"]
        );
        // A solution keeps the givens, in black, and fills the rest.
        let entry = c.entry(&puzzles[0], &args(&["--solutions"]));
        let solution = c.item(&entry, true).unwrap();
        assert!(solution.solution && puzzles[0].grid.is_solved_by(&solution.grid));
        assert!(solution.is_given(2) && !solution.is_given(0));
        assert!(c.item(&entry, false).is_some_and(|i| !i.solution));
    }

    #[test]
    fn inputs_are_named_by_path_or_file_name() {
        let book = captioner(Captions::Book, true);
        let log = captioner(Captions::Log, true);
        assert_eq!(book.name_of(Path::new("some/dir/hard.txt")), "hard.txt");
        assert_eq!(
            log.name_of(Path::new("some/dir/hard.txt")),
            "some/dir/hard.txt"
        );
        assert_eq!(book.name_of(Path::new("-")), "<stdin>");
        assert_eq!(book.name_of(Path::new("a\x1b.txt")), "a\\e.txt");
    }
}

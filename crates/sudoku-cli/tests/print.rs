//! `sudoku print` through the real binary: PDFs rendered with `pdftoppm`
//! (poppler-utils, which `.ci/run` installs) and checked page by page for
//! ink, SVGs parsed as XML, and the errors.
//!
//! Without `pdftoppm` the tests that render PDFs (and without `script`, the
//! two that need a terminal) are reported as ignored, with the reason, by
//! the harness of `sudoku-test-support` (this target has `harness = false`).

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Output};

use sudoku_test_support::{needs, tests, Missing};

mod common;
use common::{pipe, text};

fn main() -> ExitCode {
    sudoku_test_support::run(tests![
        needs::nothing => [
            generated_puzzles_pipe_into_a_sheet,
            svg_holds_grids_digits_and_captions,
            invalid_records_are_reported_and_the_rest_printed,
            control_characters_in_names_are_escaped,
            pdf_goes_to_stdout_through_a_pipe,
            usage_errors_write_nothing,
            the_output_path_is_checked_before_any_puzzle_is_read,
            no_grade_leaves_the_grades_out_of_the_captions,
            a_long_print_is_written_page_by_page_in_bounded_memory,
        ],
        pdftoppm => [
            pdf_pages_for_each_count_per_page,
            solutions_follow_on_pages_of_their_own_on_letter_paper,
            generated_puzzles_pipe_into_a_pdf,
        ],
        script => [
            pdf_is_refused_on_a_terminal,
            grading_shows_its_progress_on_a_terminal,
        ],
    ])
}

/// Renders the PDFs into pictures, to look at their pages.
fn pdftoppm() -> Result<(), Missing> {
    needs::program("pdftoppm", "poppler-utils")
}

/// Runs a command with a terminal as its stdout and stderr.
fn script() -> Result<(), Missing> {
    needs::program("script", "bsdutils")
}

const EASY: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
/// Seventeen givens with more than one solution.
const AMBIGUOUS: &str =
    "1........2........3........4........5........6........7........8........9........";

fn sudoku(args: &[&str], stdin: &str) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_sudoku"));
    cmd.args(args);
    pipe(cmd, stdin)
}

fn temp_dir(name: &str) -> common::Folder {
    common::folder("print", name)
}

fn classics() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../puzzles/collection-classics.txt")
}

/// The first `n` puzzles of the classics collection, one per line.
fn first_classics(n: usize) -> Vec<String> {
    fs::read_to_string(classics())
        .unwrap()
        .lines()
        .filter(|l| l.len() == 81 && !l.starts_with('#'))
        .take(n)
        .map(str::to_string)
        .collect()
}

fn path(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// A page rendered in shades of grey.
struct Page {
    width: usize,
    height: usize,
    pixels: Vec<u8>,
}

impl Page {
    /// The share of dark pixels in rows `from..to` (fractions of the height).
    fn ink(&self, from: f64, to: f64) -> f64 {
        let (a, b) = (
            (from * self.height as f64) as usize,
            (to * self.height as f64) as usize,
        );
        let rows = &self.pixels[a * self.width..b * self.width];
        rows.iter().filter(|&&p| p < 160).count() as f64 / rows.len() as f64
    }
}

/// Reads a binary PGM (`P5`) as `pdftoppm -gray` writes it.
fn read_pgm(bytes: &[u8]) -> Page {
    let mut fields = Vec::new();
    let mut at = 0;
    while fields.len() < 4 {
        while bytes[at].is_ascii_whitespace() {
            at += 1;
        }
        let start = at;
        while !bytes[at].is_ascii_whitespace() {
            at += 1;
        }
        fields.push(std::str::from_utf8(&bytes[start..at]).unwrap().to_string());
    }
    assert_eq!((fields[0].as_str(), fields[3].as_str()), ("P5", "255"));
    let (width, height) = (fields[1].parse().unwrap(), fields[2].parse().unwrap());
    let pixels = bytes[at + 1..].to_vec();
    assert_eq!(pixels.len(), width * height);
    Page {
        width,
        height,
        pixels,
    }
}

/// The pages of `pdf`, rendered at 30 dots per inch.
fn render(pdf: &Path) -> Vec<Page> {
    let dir = pdf.parent().unwrap();
    let stem = format!("{}-page", pdf.file_stem().unwrap().to_str().unwrap());
    let prefix = dir.join(&stem);
    let out = Command::new("pdftoppm")
        .args(["-r", "30", "-gray", path(pdf), path(&prefix)])
        .output()
        .unwrap();
    assert!(out.status.success(), "pdftoppm: {}", text(&out.stderr));
    let mut files: Vec<PathBuf> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            let name = p.file_name().unwrap().to_str().unwrap();
            name.starts_with(&format!("{stem}-")) && name.ends_with(".pgm")
        })
        .collect();
    files.sort();
    files
        .iter()
        .map(|f| read_pgm(&fs::read(f).unwrap()))
        .collect()
}

/// Prints `input` to `name` in a new directory with `args`; the output
/// file. The command must succeed.
fn print_ok(dir: &Path, name: &str, args: &[&str], input: &str) -> PathBuf {
    let out_file = dir.join(name);
    let mut all = vec!["print", "-o", path(&out_file)];
    all.extend_from_slice(args);
    let out = sudoku(&all, input);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(out.stdout.is_empty());
    out_file
}

/// Every page has grids on it: some ink, but far from all of it.
fn assert_not_blank(pages: &[Page]) {
    for (i, page) in pages.iter().enumerate() {
        let ink = page.ink(0.0, 1.0);
        assert!(ink > 0.01 && ink < 0.5, "page {}: {ink} of it dark", i + 1);
    }
}

fn pdf_pages_for_each_count_per_page() {
    let dir = temp_dir("per-page");
    let puzzles = first_classics(7).join("\n") + "\n";
    for (per_page, expected) in [(1, 7), (2, 4), (4, 2), (6, 2)] {
        let name = format!("p{per_page}.pdf");
        let pdf = print_ok(
            &dir,
            &name,
            &["--per-page", &per_page.to_string()],
            &puzzles,
        );
        let pages = render(&pdf);
        assert_eq!(pages.len(), expected, "--per-page {per_page}");
        assert_not_blank(&pages);
        // A4 at 30 dots per inch (248.03 by 350.79 dots, rounded up).
        assert_eq!((pages[0].width, pages[0].height), (249, 351));
    }
    // The last page of 6 per page holds one grid, at the top left: the
    // rest of the page is white.
    let six = render(&dir.join("p6.pdf"));
    assert!(six[1].ink(0.0, 0.3) > 0.02);
    assert!(six[1].ink(0.4, 1.0) < 0.001);
    fs::remove_dir_all(&dir).unwrap();
}

fn solutions_follow_on_pages_of_their_own_on_letter_paper() {
    let dir = temp_dir("solutions");
    // Six puzzles on two pages, and five solutions (the ambiguous puzzle
    // has none) on two more.
    let mut puzzles = first_classics(5);
    puzzles.push(AMBIGUOUS.to_string());
    let input = puzzles.join("\n") + "\n";
    let args = ["--solutions", "--paper", "letter"];
    let pdf = print_ok(&dir, "sol.pdf", &args, &input);
    let pages = render(&pdf);
    assert_eq!(pages.len(), 4);
    assert_not_blank(&pages);
    // Letter at 30 dots per inch.
    assert_eq!((pages[0].width, pages[0].height), (255, 330));
    // Page 2 holds two puzzles in its top half; the solutions start on a
    // new page, and the last one holds one solution.
    assert!(pages[1].ink(0.6, 1.0) < 0.001);
    assert!(pages[3].ink(0.6, 1.0) < 0.001);
    // A solution page has more digits than a puzzle page.
    assert!(pages[2].ink(0.0, 1.0) > pages[0].ink(0.0, 1.0));
    let plain = print_ok(&dir, "plain.pdf", &["--paper", "letter"], &input);
    assert_eq!(render(&plain).len(), 2);
    fs::remove_dir_all(&dir).unwrap();
}

/// Six hard puzzles from `sudoku generate`, one per line.
fn generated_hard_puzzles() -> String {
    let made = sudoku(
        &["generate", "puzzles", "6", "--level", "hard", "--seed", "5"],
        "",
    );
    assert!(made.status.success(), "{}", text(&made.stderr));
    let puzzles = text(&made.stdout);
    assert_eq!(puzzles.lines().count(), 6);
    puzzles
}

fn generated_puzzles_pipe_into_a_sheet() {
    // The issue's example: `sudoku generate puzzles 6 --level hard | sudoku print -o hard.pdf`.
    let puzzles = generated_hard_puzzles();
    let dir = temp_dir("generate");
    let svg = print_ok(&dir, "hard.svg", &[], &puzzles);
    let svg = fs::read_to_string(svg).unwrap();
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let captions = texts(&doc, "caption");
    assert_eq!(captions.len(), 6);
    for (i, caption) in captions.iter().enumerate() {
        let start = format!("Puzzle {} - hard ", i + 1);
        assert!(caption.starts_with(&start), "{caption}");
    }
    fs::remove_dir_all(&dir).unwrap();
}

fn generated_puzzles_pipe_into_a_pdf() {
    let puzzles = generated_hard_puzzles();
    let dir = temp_dir("generate-pdf");
    let pdf = print_ok(&dir, "hard.pdf", &[], &puzzles);
    let pages = render(&pdf);
    assert_eq!(pages.len(), 2);
    assert_not_blank(&pages);
    fs::remove_dir_all(&dir).unwrap();
}

/// The elements of `class`, in document order.
fn with_class<'a>(
    doc: &'a roxmltree::Document<'a>,
    tag: &str,
    class: &str,
) -> Vec<roxmltree::Node<'a, 'a>> {
    doc.descendants()
        .filter(|n| n.has_tag_name(tag) && n.attribute("class") == Some(class))
        .collect()
}

/// The texts of the `<text>` elements of `class`.
fn texts(doc: &roxmltree::Document, class: &str) -> Vec<String> {
    with_class(doc, "text", class)
        .iter()
        .map(|n| n.text().unwrap_or("").to_string())
        .collect()
}

fn svg_holds_grids_digits_and_captions() {
    let dir = temp_dir("svg");
    let file = dir.join("two.txt");
    fs::write(&file, format!("# two\n{EASY}\n\n{AMBIGUOUS}\n")).unwrap();
    let svg = print_ok(
        &dir,
        "out.SVG",
        &["--per-page", "1", "--solutions", path(&file)],
        "",
    );
    let svg = fs::read_to_string(svg).unwrap();
    let doc = roxmltree::Document::parse(&svg).unwrap();
    // Two puzzles and one solution, one to a page, stacked in one document.
    assert_eq!(with_class(&doc, "g", "page").len(), 3);
    let puzzles = with_class(&doc, "g", "puzzle");
    assert_eq!(puzzles.len(), 2);
    assert_eq!(with_class(&doc, "g", "solution").len(), 1);
    let root = doc.root_element();
    assert_eq!(root.attribute("viewBox"), Some("0 0 595.28 2573.67"));
    // The first grid's digits are the puzzle's givens, in reading order.
    let digits: String = puzzles[0]
        .descendants()
        .filter(|n| n.attribute("class") == Some("given"))
        .map(|n| n.text().unwrap())
        .collect();
    let givens: String = EASY.chars().filter(|c| *c != '.').collect();
    assert_eq!(digits, givens);
    assert!(puzzles[0]
        .descendants()
        .all(|n| n.attribute("class") != Some("solved")));
    // The solution keeps the givens and fills the rest, in grey.
    let given = givens.len();
    assert_eq!(texts(&doc, "given").len(), given + 9 + given);
    assert_eq!(texts(&doc, "solved").len(), 81 - given);
    assert_eq!(
        texts(&doc, "caption"),
        [
            "Puzzle 1 - easy 1.2",
            "Puzzle 2 - not graded: several solutions",
            "Solution 1",
        ]
    );
    // The captions for logs say where each puzzle came from.
    let log = [
        "--per-page",
        "1",
        "--solutions",
        "--caption",
        "log",
        path(&file),
    ];
    let svg = fs::read_to_string(print_ok(&dir, "log.svg", &log, "")).unwrap();
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let name = path(&file);
    assert_eq!(
        texts(&doc, "caption"),
        [
            format!("{name} #1, line 2: easy 1.2"),
            format!("{name} #2, line 4: not graded, the puzzle has more than one solution"),
            format!("Solution of {name} #1, line 2"),
        ]
    );
    fs::remove_dir_all(&dir).unwrap();
}

fn invalid_records_are_reported_and_the_rest_printed() {
    let input = format!("12345\n{EASY}\n");
    let out = sudoku(&["print", "-o", "-", "--format", "svg"], &input);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stderr),
        "<stdin>:1: found 5 cells, expected 81 (a one-line puzzle) or 9 (a grid row)\n"
    );
    let svg = text(&out.stdout);
    let doc = roxmltree::Document::parse(&svg).unwrap();
    assert_eq!(with_class(&doc, "g", "puzzle").len(), 1);
    assert_eq!(texts(&doc, "caption"), ["Puzzle 1 - easy 1.2"]);
}

fn control_characters_in_names_are_escaped() {
    let dir = temp_dir("controls");
    let file = dir.join("a\x1b]2;x\x07.txt");
    fs::write(&file, format!("{EASY}\n")).unwrap();
    let other = dir.join("b.txt");
    fs::write(&other, format!("{EASY}\n")).unwrap();
    for (args, end) in [
        (
            vec!["--caption", "log"],
            "a\\e]2;x\\x07.txt #1, line 1: easy 1.2",
        ),
        (vec![path(&other)], "a\\e]2;x\\x07.txt: Puzzle 1 - easy 1.2"),
    ] {
        let mut all = vec!["print", "-o", "-", "--format", "svg", path(&file)];
        all.extend(args);
        let out = sudoku(&all, "");
        assert!(out.status.success(), "{}", text(&out.stderr));
        let svg = text(&out.stdout);
        let doc = roxmltree::Document::parse(&svg).unwrap();
        let caption = &texts(&doc, "caption")[0];
        assert!(caption.ends_with(end), "{caption}");
    }
    fs::remove_dir_all(&dir).unwrap();
}

fn pdf_goes_to_stdout_through_a_pipe() {
    let out = sudoku(&["print", "-o", "-", "--format", "pdf"], EASY);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(out.stdout.starts_with(b"%PDF-"));
    assert!(out.stdout.ends_with(b"%%EOF"));
}

fn usage_errors_write_nothing() {
    let dir = temp_dir("errors");
    let target = dir.join("out.txt");
    let out = sudoku(&["print", "-o", path(&target)], EASY);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        text(&out.stderr),
        format!(
            "sudoku: cannot tell the format of {:?}: name a .pdf or .svg file, or give --format\n",
            path(&target)
        )
    );
    let out = sudoku(&["print", "-o", "-"], EASY);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        text(&out.stderr),
        "sudoku: -o - needs --format pdf or --format svg\n"
    );
    let out = sudoku(&["print", "--per-page", "3", "-o", "a.pdf"], EASY);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("expected 1, 2, 4 or 6, found \"3\""));
    let out = sudoku(&["print"], EASY);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("--output <OUT>"));
    // Nothing to print: no file.
    let pdf = dir.join("empty.pdf");
    let out = sudoku(&["print", "-o", path(&pdf)], "# only a comment\n");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(text(&out.stderr), "sudoku: no puzzle to print\n");
    let missing = dir.join("missing.txt");
    let out = sudoku(&["print", "-o", path(&pdf), path(&missing)], "");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        text(&out.stderr),
        format!(
            "sudoku: {}: no such file\nsudoku: no puzzle to print\n",
            path(&missing)
        )
    );
    assert_eq!(fs::read_dir(&dir).unwrap().count(), 0);
    fs::remove_dir_all(&dir).unwrap();
}

fn pdf_is_refused_on_a_terminal() {
    // `script` runs the command with a terminal as stdout.
    let dir = temp_dir("terminal");
    let file = dir.join("easy.txt");
    fs::write(&file, format!("{EASY}\n")).unwrap();
    let bin = env!("CARGO_BIN_EXE_sudoku");
    let run = |format: &str| {
        let line = format!("{bin} print -o - --format {format} {}", path(&file));
        let typescript = dir.join(format!("typescript-{format}"));
        let out = Command::new("script")
            .args(["-qec", &line, path(&typescript)])
            .output()
            .unwrap();
        (out.status.code(), text(&out.stdout))
    };
    let (code, shown) = run("pdf");
    assert_eq!(code, Some(2), "{shown}");
    assert!(
        shown.contains(
            "sudoku: will not write a PDF to a terminal: redirect stdout or name a file with -o"
        ),
        "{shown}"
    );
    assert!(!shown.contains("%PDF"));
    // An SVG is text: it may go to a terminal.
    let (code, shown) = run("svg");
    assert_eq!(code, Some(0), "{shown}");
    assert!(shown.contains("<svg "), "{shown}");
    fs::remove_dir_all(&dir).unwrap();
}

/// `sudoku ARGS` with stdin from `stdin`, its HOME, XDG_DATA_HOME and
/// TMPDIR in `dir`.
fn sudoku_in(dir: &Path, args: &[&str], stdin: &str) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_sudoku"));
    cmd.args(args)
        .env("HOME", dir)
        .env("XDG_DATA_HOME", dir.join("data"))
        .env("TMPDIR", dir);
    pipe(cmd, stdin)
}

fn the_output_path_is_checked_before_any_puzzle_is_read() {
    let dir = temp_dir("missing-dir");
    let target = dir.join("missing/dir/out.pdf");
    // The input never ends: only a refusal before reading it can return.
    let mut cmd = Command::new("sh");
    cmd.args(["-c", "exec \"$BIN\" print -o \"$OUT\""])
        .env("BIN", env!("CARGO_BIN_EXE_sudoku"))
        .env("OUT", &target)
        .env("HOME", &*dir)
        .env("TMPDIR", &*dir);
    let mut child = cmd
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let _open_input = child.stdin.take();
    let start = std::time::Instant::now();
    while child.try_wait().unwrap().is_none() && start.elapsed().as_secs() < 30 {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let running = child.try_wait().unwrap().is_none();
    if running {
        let _ = child.kill();
    }
    let out = child.wait_with_output().unwrap();
    assert!(!running, "print read its input before checking -o");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        text(&out.stderr),
        format!(
            "sudoku: cannot write {}: no such directory\n",
            path(&target)
        )
    );
    assert_eq!(fs::read_dir(&dir).unwrap().count(), 0);
}

fn no_grade_leaves_the_grades_out_of_the_captions() {
    let dir = temp_dir("no-grade");
    let input = format!("{EASY}\n{AMBIGUOUS}\n");
    for (args, captions) in [
        (
            vec!["--no-grade", "--solutions"],
            vec!["Puzzle 1", "Puzzle 2", "Solution 1"],
        ),
        (
            vec!["--no-grade", "--caption", "log"],
            vec!["<stdin> #1, line 1", "<stdin> #2, line 2"],
        ),
    ] {
        let mut all = vec!["print", "-o", "-", "--format", "svg"];
        all.extend(args);
        let out = sudoku_in(&dir, &all, &input);
        assert!(out.status.success(), "{}", text(&out.stderr));
        let svg = text(&out.stdout);
        let doc = roxmltree::Document::parse(&svg).unwrap();
        assert_eq!(texts(&doc, "caption"), captions);
    }
    assert_eq!(
        fs::read_dir(&dir).unwrap().count(),
        0,
        "nothing left in TMPDIR"
    );
}

fn a_long_print_is_written_page_by_page_in_bounded_memory() {
    let dir = temp_dir("long");
    let puzzles = dir.join("puzzles.txt");
    // 20,000 puzzles and their solutions made 223 MB when the whole
    // document was built before it was written: 8,000 would still make
    // about 90 MB, well over the bound checked below.
    let count: usize = sudoku_test_support::size::quick_or_full(8_000, 20_000);
    let made = sudoku_in(
        &dir,
        &[
            "generate",
            "puzzles",
            &count.to_string(),
            "--seed",
            "3",
            "--unique",
            "-o",
            path(&puzzles),
        ],
        "",
    );
    assert!(made.status.success(), "{}", text(&made.stderr));
    for (name, extra) in [("long.pdf", vec!["--solutions"]), ("long.svg", vec![])] {
        let target = dir.join(name);
        let mut cmd = Command::new("sh");
        // The address space is bounded too, so a regression fails fast
        // rather than filling memory; the bound leaves room for glibc's
        // per-thread heaps, which reserve 64 MB of addresses each: under
        // 200 MB every allocation of the worker threads retried a failing
        // `mmap` and the print took 40 s of system time instead of 1 s.
        let script = format!(
            "ulimit -v 400000; exec \"$BIN\" print \"$IN\" -o \"$OUT\" {}",
            extra.join(" ")
        );
        cmd.args(["-c", &script])
            .env("BIN", env!("CARGO_BIN_EXE_sudoku"))
            .env("IN", &puzzles)
            .env("OUT", &target)
            .env("HOME", &*dir)
            .env("TMPDIR", &*dir);
        let run = common::watch(cmd, b"", std::time::Duration::from_secs(600));
        assert_eq!(
            run.status.and_then(|s| s.code()),
            Some(0),
            "{}",
            text(&run.stderr)
        );
        assert!(run.peak_kib < 40_000, "{name}: peak {} KiB", run.peak_kib);
        let written = fs::read(&target).unwrap();
        if name.ends_with(".pdf") {
            assert!(written.starts_with(b"%PDF-") && written.ends_with(b"%%EOF"));
            let text = String::from_utf8_lossy(&written);
            // Four puzzles a page, then four solutions a page.
            let pages = count / 4 * 2;
            assert!(text.contains(&format!("/Count {pages}\n")), "{pages} pages");
        } else {
            let text = String::from_utf8(written).unwrap();
            assert_eq!(text.matches("<g class=\"page\"").count(), count / 4);
            assert!(text.ends_with("</svg>\n"));
        }
    }
    // The puzzles, the PDF and the SVG; no temporary file.
    assert_eq!(fs::read_dir(&dir).unwrap().count(), 3);
}

fn grading_shows_its_progress_on_a_terminal() {
    // `script` runs the command with a terminal as stderr, and keeps what
    // the terminal showed in a file of its own (the typescript).
    let dir = temp_dir("progress");
    // AI Escargot and Inkala's 2012 puzzle.
    let famous: Vec<String> = fs::read_to_string(classics())
        .unwrap()
        .lines()
        .filter(|l| l.starts_with("1....7.9.") || l.starts_with("8........"))
        .map(str::to_string)
        .collect();
    assert_eq!(famous.len(), 2);
    let file = dir.join("famous.txt");
    fs::write(&file, famous.join("\n") + "\n").unwrap();
    let bin = env!("CARGO_BIN_EXE_sudoku");
    // The bar shows once a job has run for 0.8 s: the puzzles come through
    // a pipe held open for 1.5 s more, so the job lasts that long however
    // fast the machine grades them (a fast one grades both in 0.4 s).
    let line = format!(
        "(cat {}; sleep 1.5) | {bin} print - -o {}",
        path(&file),
        path(&dir.join("out.pdf"))
    );
    let out = Command::new("script")
        .args(["-qec", &line, path(&dir.join("typescript"))])
        .env("TMPDIR", &*dir)
        .output()
        .unwrap();
    let shown = text(&out.stdout);
    assert!(out.status.success(), "{shown}");
    assert!(shown.contains("puzzles graded"), "{shown}");
    // Not on a terminal: not a word.
    let quiet = sudoku_in(
        &dir,
        &["print", path(&file), "-o", path(&dir.join("quiet.pdf"))],
        "",
    );
    assert!(quiet.status.success());
    assert_eq!(text(&quiet.stderr), "");
}

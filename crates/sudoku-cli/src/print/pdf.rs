//! The PDF writer: one page per page of the sheet, drawn as vectors, with
//! Helvetica, one of the standard fonts every PDF reader has, so no font
//! is embedded. The standard fonts know the Windows Latin 1 characters
//! only: any other character of a caption is written as `?`.
//!
//! The document is written as it goes: the catalog, the page tree (the
//! number of pages is known before the first), the font and the document
//! information first, then each page and its content stream as it is made,
//! and the cross-reference table at the end, all a piece at a time. Only
//! the objects' offsets are kept (8 bytes each, two objects a page), never
//! a page once written.

use std::fmt::Write as _;
use std::io::{self, Write};

use pdf_writer::writers::{Catalog, DocumentInfo};
use pdf_writer::{Chunk, Content, Finish, Name, Rect, Ref, Str, TextStr};

use super::layout::{Layout, Square, Text};
use super::Item;

/// The font's name in each page's resources.
const FONT: Name<'static> = Name(b"F1");
/// The grey of a solution's digits that were not givens.
const SOLVED_GREY: f32 = 0.45;
/// The file's first lines: the version, and bytes above 127 that tell
/// programs the file is binary (as `pdf_writer::Pdf` starts its files).
const HEADER: &[u8] = b"%PDF-1.7\n%\x80\x80\x80\x80\n\n";

const CATALOG: Ref = Ref::new(1);
const TREE: Ref = Ref::new(2);
const FONT_REF: Ref = Ref::new(3);
const INFO: Ref = Ref::new(4);

/// Page `i` (from 0) takes two objects: the page and its content stream.
fn page_ref(i: usize) -> Ref {
    Ref::new(5 + 2 * i as i32)
}

fn content_ref(i: usize) -> Ref {
    Ref::new(6 + 2 * i as i32)
}

/// A PDF document being written to `out`, page by page.
pub struct Writer<'a, W: Write + ?Sized> {
    out: &'a mut W,
    layout: &'a Layout,
    /// Bytes written so far.
    at: u64,
    /// The offset of each object written, by number from 1.
    offsets: Vec<u64>,
    /// Pages written so far.
    pages: usize,
    /// Pages the document has.
    total: usize,
}

impl<'a, W: Write + ?Sized> Writer<'a, W> {
    /// Starts a document of `total` pages (at most about a billion) laid
    /// out as `layout`: everything that comes before the first page.
    pub fn begin(out: &'a mut W, layout: &'a Layout, total: usize) -> io::Result<Self> {
        if total > (i32::MAX as usize - 6) / 2 {
            return Err(io::Error::other(format!(
                "{total} pages are more than a PDF holds"
            )));
        }
        let mut writer = Writer {
            out,
            layout,
            at: 0,
            offsets: Vec::with_capacity(4 + 2 * total),
            pages: 0,
            total,
        };
        writer.bytes(HEADER)?;
        let mut chunk = Chunk::new();
        chunk.indirect(CATALOG).start::<Catalog>().pages(TREE);
        writer.object(&chunk)?;
        writer.tree()?;
        let mut chunk = Chunk::new();
        chunk
            .type1_font(FONT_REF)
            .base_font(Name(b"Helvetica"))
            .encoding_predefined(Name(b"WinAnsiEncoding"));
        writer.object(&chunk)?;
        let mut chunk = Chunk::new();
        chunk
            .indirect(INFO)
            .start::<DocumentInfo>()
            .title(TextStr("Sudoku"))
            .producer(TextStr("sudoku print"));
        writer.object(&chunk)?;
        Ok(writer)
    }

    /// Writes the page tree, its list of pages a piece at a time (a
    /// million pages are 12 MB of it), as `pdf_writer` writes a `Pages`
    /// dictionary.
    fn tree(&mut self) -> io::Result<()> {
        self.offsets.push(self.at);
        let mut text = format!("{} 0 obj\n<<\n  /Type /Pages\n  /Kids [", TREE.get());
        for i in 0..self.total {
            if i > 0 {
                text.push(' ');
            }
            write!(text, "{} 0 R", page_ref(i).get()).map_err(io::Error::other)?;
            if text.len() > 1 << 16 {
                self.bytes(text.as_bytes())?;
                text.clear();
            }
        }
        write!(text, "]\n  /Count {}\n>>\nendobj\n\n", self.total).map_err(io::Error::other)?;
        self.bytes(text.as_bytes())
    }

    /// Writes the next page: `items` in the layout's slots.
    pub fn page(&mut self, items: &[Item]) -> io::Result<()> {
        if self.pages == self.total {
            return Err(io::Error::other(
                "more pages than the document was begun with",
            ));
        }
        let i = self.pages;
        let layout = self.layout;
        let mut chunk = Chunk::new();
        let mut page = chunk.page(page_ref(i));
        page.media_box(Rect::new(0.0, 0.0, layout.width, layout.height))
            .parent(TREE)
            .contents(content_ref(i));
        page.resources().fonts().pair(FONT, FONT_REF);
        page.finish();
        self.object(&chunk)?;
        let mut content = Content::new();
        let flip = Flip(layout.height);
        for (item, slot) in items.iter().zip(&layout.slots) {
            draw_lines(&mut content, flip, &slot.grid);
            draw_digits(&mut content, flip, &slot.grid, item);
            let caption = item.caption(slot);
            content.set_fill_gray(0.0);
            show(
                &mut content,
                flip,
                slot.caption(&caption),
                &winansi(&caption),
            );
        }
        let content = content.finish();
        let mut chunk = Chunk::with_capacity(content.len() + 64);
        chunk.stream(content_ref(i), &content);
        self.object(&chunk)?;
        self.pages += 1;
        Ok(())
    }

    /// Writes the cross-reference table and the trailer; the document is
    /// then whole.
    pub fn finish(mut self) -> io::Result<()> {
        if self.pages != self.total {
            return Err(io::Error::other(format!(
                "{} pages written of the {} begun",
                self.pages, self.total
            )));
        }
        let xref = self.at;
        let size = self.offsets.len() + 1;
        // The table a piece at a time: 20 bytes an object.
        let mut table = Vec::with_capacity(1 << 16);
        write!(table, "xref\n0 {size}\n{:010} {:05} f\r\n", 0, 65535)?;
        for i in 0..self.offsets.len() {
            write!(table, "{:010} 00000 n\r\n", self.offsets[i])?;
            if table.len() > 1 << 16 {
                self.bytes(&table)?;
                table.clear();
            }
        }
        write!(
            table,
            "trailer\n<<\n  /Size {size}\n  /Root {} 0 R\n  /Info {} 0 R\n>>\nstartxref\n{xref}\n%%EOF",
            CATALOG.get(),
            INFO.get()
        )?;
        self.bytes(&table)?;
        self.out.flush()
    }

    /// Writes `chunk`, which holds one object, the next by number.
    fn object(&mut self, chunk: &Chunk) -> io::Result<()> {
        debug_assert_eq!(
            chunk.refs().map(Ref::get).collect::<Vec<_>>(),
            [self.offsets.len() as i32 + 1]
        );
        self.offsets.push(self.at);
        self.bytes(chunk.as_bytes())
    }

    fn bytes(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.out.write_all(bytes)?;
        self.at += bytes.len() as u64;
        Ok(())
    }
}

/// Turns the layout's y (down from the top) into PDF's (up from the
/// bottom) on a page this high.
#[derive(Clone, Copy)]
struct Flip(f32);

impl Flip {
    fn y(self, y: f32) -> f32 {
        self.0 - y
    }
}

/// The cell lines, thin, then the box lines and the border, thick.
fn draw_lines(content: &mut Content, flip: Flip, g: &Square) {
    let (thin, thick) = g.pens();
    let cell = g.cell();
    content.set_stroke_gray(0.0);
    content.set_line_width(thin);
    for i in (1..9).filter(|i| i % 3 != 0) {
        let at = i as f32 * cell;
        content.move_to(g.x + at, flip.y(g.y));
        content.line_to(g.x + at, flip.y(g.y + g.side));
        content.move_to(g.x, flip.y(g.y + at));
        content.line_to(g.x + g.side, flip.y(g.y + at));
    }
    content.stroke();
    content.set_line_width(thick);
    for i in [3, 6] {
        let at = i as f32 * cell;
        content.move_to(g.x + at, flip.y(g.y));
        content.line_to(g.x + at, flip.y(g.y + g.side));
        content.move_to(g.x, flip.y(g.y + at));
        content.line_to(g.x + g.side, flip.y(g.y + at));
    }
    content.rect(g.x, flip.y(g.y + g.side), g.side, g.side);
    content.stroke();
}

/// The digits of `item`: givens in black, a solution's others in grey.
fn draw_digits(content: &mut Content, flip: Flip, g: &Square, item: &Item) {
    for (index, &value) in item.grid.cells().iter().enumerate() {
        if value == 0 {
            continue;
        }
        let grey = if item.is_given(index) {
            0.0
        } else {
            SOLVED_GREY
        };
        content.set_fill_gray(grey);
        show(
            content,
            flip,
            g.digit(index / 9, index % 9),
            &[b'0' + value],
        );
    }
}

/// Writes `bytes` (Windows Latin 1) at `at`.
fn show(content: &mut Content, flip: Flip, at: Text, bytes: &[u8]) {
    content.begin_text();
    content.set_font(FONT, at.size);
    content.set_text_matrix([1.0, 0.0, 0.0, 1.0, at.x, flip.y(at.baseline)]);
    content.show(Str(bytes));
    content.end_text();
}

/// `text` in Windows Latin 1 (`WinAnsiEncoding`): ASCII and Latin 1 as
/// they are, the ellipsis, dashes and curly quotes at their places, and
/// `?` for everything else.
fn winansi(text: &str) -> Vec<u8> {
    text.chars()
        .map(|c| match c {
            ' '..='~' | '\u{a0}'..='\u{ff}' => c as u8,
            '…' => 0x85,
            '‘' => 0x91,
            '’' => 0x92,
            '“' => 0x93,
            '”' => 0x94,
            '–' => 0x96,
            '—' => 0x97,
            _ => b'?',
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::super::layout::{layout, Paper};
    use super::*;

    #[test]
    fn captions_are_written_in_windows_latin_1() {
        assert_eq!(winansi("a.txt #1"), b"a.txt #1");
        assert_eq!(winansi("été…"), [0xe9, b't', 0xe9, 0x85]);
        assert_eq!(winansi("数独\t"), b"???");
    }

    #[test]
    fn the_cross_reference_table_points_at_every_object() {
        let layout = layout(Paper::A4, 4);
        let item = Item {
            grid: sudoku_core::Grid::empty(),
            givens: sudoku_core::Grid::empty(),
            solution: false,
            lead: "",
            name: String::new(),
            rest: "Puzzle 1".to_string(),
        };
        let mut bytes = Vec::new();
        let mut writer = Writer::begin(&mut bytes, &layout, 2).unwrap();
        writer.page(&[item.clone(), item.clone()]).unwrap();
        writer.page(std::slice::from_ref(&item)).unwrap();
        assert!(writer.page(&[item]).is_err(), "a page too many");
        writer.finish().unwrap();
        assert!(bytes.starts_with(HEADER) && bytes.ends_with(b"%%EOF"));
        // The header's bytes above 127 aside, the file is ASCII: offsets
        // into the text are offsets into the file.
        let text = String::from_utf8(bytes[HEADER.len()..].to_vec()).unwrap();
        let at = |offset: usize| &text[offset - HEADER.len()..];
        let start: usize = text
            .rsplit("startxref\n")
            .next()
            .unwrap()
            .trim_end_matches("%%EOF")
            .trim()
            .parse()
            .unwrap();
        let table = at(start);
        assert!(table.starts_with("xref\n0 9\n0000000000 65535 f\r\n"));
        for (n, entry) in table.lines().skip(3).take(8).enumerate() {
            let offset: usize = entry[..10].parse().unwrap();
            assert!(
                at(offset).starts_with(&format!("{} 0 obj", n + 1)),
                "object {}",
                n + 1
            );
        }
        assert!(text.contains("/Kids [5 0 R 7 0 R]"));
        assert!(text.contains("/Count 2"));
    }
}

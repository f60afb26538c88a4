//! The PDF writer: one page per page of the sheet, drawn as vectors, with
//! Helvetica, one of the standard fonts every PDF reader has, so no font
//! is embedded. The standard fonts know the Windows Latin 1 characters
//! only: any other character of a caption is written as `?`.

use pdf_writer::{Content, Finish, Name, Pdf, Rect, Ref, Str, TextStr};

use super::layout::{Square, Text};
use super::{Item, Sheet};

/// The font's name in each page's resources.
const FONT: Name<'static> = Name(b"F1");
/// The grey of a solution's digits that were not givens.
const SOLVED_GREY: f32 = 0.45;

/// The whole PDF document of `sheet`.
pub fn write(sheet: &Sheet) -> Vec<u8> {
    let catalog = Ref::new(1);
    let tree = Ref::new(2);
    let font = Ref::new(3);
    let info = Ref::new(4);
    // Each page then takes two ids: the page and its content stream.
    let page_ref = |i: usize| Ref::new(5 + 2 * i as i32);
    let content_ref = |i: usize| Ref::new(6 + 2 * i as i32);

    let mut pdf = Pdf::new();
    pdf.catalog(catalog).pages(tree);
    pdf.pages(tree)
        .kids((0..sheet.pages.len()).map(page_ref))
        .count(sheet.pages.len() as i32);
    pdf.type1_font(font)
        .base_font(Name(b"Helvetica"))
        .encoding_predefined(Name(b"WinAnsiEncoding"));
    pdf.document_info(info)
        .title(TextStr("Sudoku"))
        .producer(TextStr("sudoku print"));
    let layout = &sheet.layout;
    for (i, items) in sheet.pages.iter().enumerate() {
        let mut page = pdf.page(page_ref(i));
        page.media_box(Rect::new(0.0, 0.0, layout.width, layout.height))
            .parent(tree)
            .contents(content_ref(i));
        page.resources().fonts().pair(FONT, font);
        page.finish();
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
        pdf.stream(content_ref(i), &content.finish());
    }
    pdf.finish()
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
    use super::*;

    #[test]
    fn captions_are_written_in_windows_latin_1() {
        assert_eq!(winansi("a.txt #1"), b"a.txt #1");
        assert_eq!(winansi("été…"), [0xe9, b't', 0xe9, 0x85]);
        assert_eq!(winansi("数独\t"), b"???");
    }
}

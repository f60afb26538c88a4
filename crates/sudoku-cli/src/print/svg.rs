//! The SVG writer: one document for the whole sheet. Its pages stand one
//! below the other, [`PAGE_GAP`] points apart on a grey background, each
//! a white page of the paper's size (`<g class="page">`). A grid is a
//! `<g class="puzzle">` or `<g class="solution">` holding its lines, one
//! `<text>` per digit (`class="given"`, or `class="solved"` for a
//! solution's other digits, in grey) and its caption (`class="caption"`).
//! Units are points; the text is Helvetica, or the reader's Arial or sans
//! serif.

use std::fmt::Write as _;
use std::io::{self, Write};

use super::layout::{Layout, Square, Text};
use super::Item;

/// The space between two pages, in points.
pub const PAGE_GAP: f32 = 24.0;

/// An SVG document being written to `out`, page by page: its size, in the
/// first lines, needs the number of pages, known before the first.
pub struct Writer<'a, W: Write + ?Sized> {
    out: &'a mut W,
    layout: &'a Layout,
    /// Pages written so far.
    pages: usize,
    /// Pages the document has.
    total: usize,
}

impl<'a, W: Write + ?Sized> Writer<'a, W> {
    /// Starts a document of `total` pages laid out as `layout`.
    pub fn begin(out: &'a mut W, layout: &'a Layout, total: usize) -> io::Result<Self> {
        let height = total as f32 * layout.height + total.saturating_sub(1) as f32 * PAGE_GAP;
        let mut svg = String::new();
        svg.push_str("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        let _ = writeln!(
            svg,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}pt\" height=\"{h}pt\" \
             viewBox=\"0 0 {w} {h}\" font-family=\"Helvetica, Arial, sans-serif\">",
            w = num(layout.width),
            h = num(height),
        );
        svg.push_str("<title>Sudoku</title>\n");
        svg.push_str("<rect width=\"100%\" height=\"100%\" fill=\"#bbbbbb\"/>\n");
        out.write_all(svg.as_bytes())?;
        Ok(Writer {
            out,
            layout,
            pages: 0,
            total,
        })
    }

    /// Writes the next page: `items` in the layout's slots.
    pub fn page(&mut self, items: &[Item]) -> io::Result<()> {
        if self.pages == self.total {
            return Err(io::Error::other(
                "more pages than the document was begun with",
            ));
        }
        let layout = self.layout;
        let top = self.pages as f32 * (layout.height + PAGE_GAP);
        let mut svg = String::with_capacity(40_000);
        let _ = writeln!(
            svg,
            "<g class=\"page\" transform=\"translate(0 {})\">\n\
             <rect width=\"{}\" height=\"{}\" fill=\"#ffffff\"/>",
            num(top),
            num(layout.width),
            num(layout.height),
        );
        for (item, slot) in items.iter().zip(&layout.slots) {
            let class = if item.solution { "solution" } else { "puzzle" };
            let _ = writeln!(svg, "<g class=\"{class}\">");
            lines(&mut svg, &slot.grid);
            digits(&mut svg, &slot.grid, item);
            let caption = item.caption(slot);
            text(&mut svg, "caption", slot.caption(&caption), &caption);
            svg.push_str("</g>\n");
        }
        svg.push_str("</g>\n");
        self.out.write_all(svg.as_bytes())?;
        self.pages += 1;
        Ok(())
    }

    /// Ends the document.
    pub fn finish(self) -> io::Result<()> {
        if self.pages != self.total {
            return Err(io::Error::other(format!(
                "{} pages written of the {} begun",
                self.pages, self.total
            )));
        }
        self.out.write_all(b"</svg>\n")?;
        self.out.flush()
    }
}

/// The cell lines, thin, then the box lines and the border, thick.
fn lines(svg: &mut String, g: &Square) {
    let (thin, thick) = g.pens();
    let cell = g.cell();
    let mut path = |at: &mut dyn Iterator<Item = usize>, width: f32| {
        let mut d = String::new();
        for i in at {
            let at = i as f32 * cell;
            let _ = write!(
                d,
                "M{} {}V{}M{} {}H{}",
                num(g.x + at),
                num(g.y),
                num(g.y + g.side),
                num(g.x),
                num(g.y + at),
                num(g.x + g.side),
            );
        }
        let _ = writeln!(
            svg,
            "<path d=\"{d}\" stroke=\"#000000\" stroke-width=\"{}\" fill=\"none\"/>",
            num(width)
        );
    };
    path(&mut (1..9).filter(|i| i % 3 != 0), thin);
    path(&mut [3, 6].into_iter(), thick);
    let _ = writeln!(
        svg,
        "<rect x=\"{}\" y=\"{}\" width=\"{s}\" height=\"{s}\" stroke=\"#000000\" \
         stroke-width=\"{}\" fill=\"none\"/>",
        num(g.x),
        num(g.y),
        num(thick),
        s = num(g.side),
    );
}

/// The digits of `item`: givens in black, a solution's others in grey.
fn digits(svg: &mut String, g: &Square, item: &Item) {
    for (index, &value) in item.grid.cells().iter().enumerate() {
        if value == 0 {
            continue;
        }
        let class = if item.is_given(index) {
            "given"
        } else {
            "solved"
        };
        let digit = char::from(b'0' + value).to_string();
        text(svg, class, g.digit(index / 9, index % 9), &digit);
    }
}

/// A `<text>` of `class` at `at`.
fn text(svg: &mut String, class: &str, at: Text, content: &str) {
    let fill = if class == "solved" {
        "#737373"
    } else {
        "#000000"
    };
    let _ = writeln!(
        svg,
        "<text class=\"{class}\" x=\"{}\" y=\"{}\" font-size=\"{}\" fill=\"{fill}\">{}</text>",
        num(at.x),
        num(at.baseline),
        num(at.size),
        escape(content),
    );
}

/// A number with at most two decimals.
fn num(value: f32) -> String {
    let text = format!("{value:.2}");
    let text = text.trim_end_matches('0').trim_end_matches('.');
    if text == "-0" {
        "0".to_string()
    } else {
        text.to_string()
    }
}

/// `text` with XML's special characters escaped.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_have_two_decimals_at_most() {
        assert_eq!(num(12.0), "12");
        assert_eq!(num(595.2756), "595.28");
        assert_eq!(num(0.5), "0.5");
        assert_eq!(num(-0.001), "0");
    }

    #[test]
    fn text_is_escaped_for_xml() {
        assert_eq!(escape("a<b> & \"c\""), "a&lt;b&gt; &amp; &quot;c&quot;");
        assert_eq!(escape("été"), "été");
    }
}

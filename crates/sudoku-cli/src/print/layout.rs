//! Where things go on a printed page, as plain numbers: the page size, the
//! square of each grid, the lines, the digits and the captions. Both
//! writers (PDF and SVG) draw from these values, so a sheet looks the same
//! in either; nothing here writes a file.
//!
//! Units are PostScript points (1/72 inch), with the origin at the top left
//! corner of the page and y growing downwards (the PDF writer turns it
//! over). Text is measured with the widths of Helvetica, the standard font
//! the PDF uses.

use clap::ValueEnum;

/// Points per millimetre.
const PT_PER_MM: f32 = 72.0 / 25.4;
/// The blank border around the printed area of a page.
pub const MARGIN: f32 = 36.0;
/// The space between two grids side by side or one above the other.
pub const GUTTER: f32 = 24.0;
/// How many grids a page can hold.
pub const PER_PAGE: [usize; 4] = [1, 2, 4, 6];

/// A paper size.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Paper {
    /// ISO A4, 210 x 297 mm.
    A4,
    /// US letter, 8.5 x 11 in.
    Letter,
}

impl Paper {
    /// Width and height in points, portrait.
    pub fn size(self) -> (f32, f32) {
        match self {
            Paper::A4 => (210.0 * PT_PER_MM, 297.0 * PT_PER_MM),
            Paper::Letter => (8.5 * 72.0, 11.0 * 72.0),
        }
    }
}

/// A square on the page: its top left corner and its side.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Square {
    /// Left edge.
    pub x: f32,
    /// Top edge.
    pub y: f32,
    /// Side.
    pub side: f32,
}

impl Square {
    /// The side of one of the 81 cells.
    pub fn cell(&self) -> f32 {
        self.side / 9.0
    }

    /// The pen widths of the cell lines and of the box lines (and border).
    pub fn pens(&self) -> (f32, f32) {
        let thin = (self.cell() * 0.02).clamp(0.4, 0.8);
        (thin, thin * 3.5)
    }

    /// Where a digit in cell (`row`, `col`), each 0..9, is written: its
    /// left edge, its baseline and its size, so that it sits in the middle
    /// of the cell.
    pub fn digit(&self, row: usize, col: usize) -> Text {
        let cell = self.cell();
        let size = cell * 0.62;
        let centre_x = self.x + (col as f32 + 0.5) * cell;
        let centre_y = self.y + (row as f32 + 0.5) * cell;
        Text {
            x: centre_x - DIGIT_WIDTH * size / 2.0,
            baseline: centre_y + DIGIT_HEIGHT * size / 2.0,
            size,
        }
    }
}

/// A line of text: its left edge, its baseline, its font size.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Text {
    /// Left edge.
    pub x: f32,
    /// Baseline.
    pub baseline: f32,
    /// Font size.
    pub size: f32,
}

/// One place for a grid on a page: the grid, and the room for its caption
/// below it (centred under the grid, as wide as the grid at most).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Slot {
    /// The grid's square.
    pub grid: Square,
    /// The caption's baseline.
    pub caption_baseline: f32,
    /// The caption's font size.
    pub caption_size: f32,
}

impl Slot {
    /// Where `caption` is written so that it is centred under the grid.
    /// The caption should first be fitted with [`fit_caption`].
    pub fn caption(&self, caption: &str) -> Text {
        let width = text_width(caption, self.caption_size);
        Text {
            x: self.grid.x + (self.grid.side - width) / 2.0,
            baseline: self.caption_baseline,
            size: self.caption_size,
        }
    }
}

/// The places on every page of a sheet.
#[derive(Clone, Debug, PartialEq)]
pub struct Layout {
    /// Page width.
    pub width: f32,
    /// Page height.
    pub height: f32,
    /// The places for grids, in reading order (left to right, then down).
    pub slots: Vec<Slot>,
}

/// Columns and rows of grids for `per_page` grids on a portrait page.
fn arrangement(per_page: usize) -> (usize, usize) {
    match per_page {
        1 => (1, 1),
        2 => (1, 2),
        4 => (2, 2),
        _ => (2, 3),
    }
}

/// The layout of `per_page` grids (one of [`PER_PAGE`]) on `paper`: the
/// page, less its margins and the gutters, is cut into equal cells (1x1,
/// 1x2, 2x2 or 2x3); each grid is the largest that leaves room for a
/// caption below it in a cell. The grids are then spread out evenly: the
/// space left over is shared equally by the gaps between them and the
/// room above, below and beside them, with at least a gutter between two.
pub fn layout(paper: Paper, per_page: usize) -> Layout {
    let (width, height) = paper.size();
    let (cols, rows) = arrangement(per_page);
    let cell_w = (width - 2.0 * MARGIN - (cols - 1) as f32 * GUTTER) / cols as f32;
    let cell_h = (height - 2.0 * MARGIN - (rows - 1) as f32 * GUTTER) / rows as f32;
    let caption_size = (cell_w / 32.0).clamp(8.0, 12.0);
    // A gap, the caption's height and its descent.
    let caption_room = 2.2 * caption_size;
    let side = cell_w.min(cell_h - caption_room);
    let xs = spread(width, side, cols);
    let ys = spread(height, side + caption_room, rows);
    let mut slots = Vec::with_capacity(cols * rows);
    for &y in &ys {
        for &x in &xs {
            slots.push(Slot {
                grid: Square { x, y, side },
                caption_baseline: y + side + 1.6 * caption_size,
                caption_size,
            });
        }
    }
    Layout {
        width,
        height,
        slots,
    }
}

/// Where `n` blocks of size `block` start along a page of size `page`:
/// equal gaps between them and at both ends inside the margins, but at
/// least a gutter between two, the whole centred.
fn spread(page: f32, block: f32, n: usize) -> Vec<f32> {
    let free = page - 2.0 * MARGIN - n as f32 * block;
    let gap = (free / (n + 1) as f32).max(GUTTER);
    let used = n as f32 * block + (n - 1) as f32 * gap;
    let start = (page - used) / 2.0;
    (0..n).map(|i| start + i as f32 * (block + gap)).collect()
}

/// The advance width of every digit in Helvetica, in ems.
const DIGIT_WIDTH: f32 = 0.556;
/// The height of a digit in Helvetica, in ems.
const DIGIT_HEIGHT: f32 = 0.71;

/// Helvetica's advance widths of the printable ASCII characters, from the
/// space (0x20) to the tilde (0x7e), in thousandths of an em.
const HELVETICA: [u16; 95] = [
    278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, // space-/
    556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556, // 0-?
    1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778, // @-O
    667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556, // P-_
    333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, // `-o
    556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584, // p-~
];

/// The width of `text` in Helvetica at `size` points. Characters beyond
/// ASCII count as a typical letter (0.556 em), the ellipsis as 1 em.
pub fn text_width(text: &str, size: f32) -> f32 {
    let thousandths: u32 = text
        .chars()
        .map(|c| match c {
            ' '..='~' => u32::from(HELVETICA[c as usize - 0x20]),
            '…' => 1000,
            _ => 556,
        })
        .sum();
    thousandths as f32 * size / 1000.0
}

/// A caption made of `lead`, `name` and `rest`, fitted to `max_width` at
/// `size` points: when too wide, `name` loses characters from its start (a
/// path's directories go first) behind an ellipsis, so that `lead`
/// (`Solution of `) and `rest` (the puzzle's number and grade) are always
/// shown whole. A caption without a name is shown whole.
pub fn fit_caption(lead: &str, name: &str, rest: &str, size: f32, max_width: f32) -> String {
    let whole = format!("{lead}{name}{rest}");
    if name.is_empty() || text_width(&whole, size) <= max_width {
        return whole;
    }
    let chars: Vec<char> = name.chars().collect();
    for skip in 1..=chars.len() {
        let tail: String = chars[skip..].iter().collect();
        let caption = format!("{lead}…{tail}{rest}");
        if text_width(&caption, size) <= max_width {
            return caption;
        }
    }
    format!("{lead}…{rest}")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn inside(layout: &Layout, s: &Slot) -> bool {
        let g = s.grid;
        g.x >= MARGIN - 0.01
            && g.y >= MARGIN - 0.01
            && g.x + g.side <= layout.width - MARGIN + 0.01
            && s.caption_baseline + 0.3 * s.caption_size <= layout.height - MARGIN + 0.01
    }

    fn overlap(a: &Slot, b: &Slot) -> bool {
        let (a_bottom, b_bottom) = (a.caption_baseline, b.caption_baseline);
        let apart_x = a.grid.x + a.grid.side <= b.grid.x || b.grid.x + b.grid.side <= a.grid.x;
        let apart_y = a_bottom <= b.grid.y || b_bottom <= a.grid.y;
        !(apart_x || apart_y)
    }

    #[test]
    fn paper_sizes_in_points() {
        let (w, h) = Paper::A4.size();
        assert!((w - 595.28).abs() < 0.01 && (h - 841.89).abs() < 0.01);
        assert_eq!(Paper::Letter.size(), (612.0, 792.0));
    }

    #[test]
    fn every_arrangement_fits_the_page_without_overlap() {
        for paper in [Paper::A4, Paper::Letter] {
            for per_page in PER_PAGE {
                let layout = layout(paper, per_page);
                assert_eq!(layout.slots.len(), per_page);
                for (i, a) in layout.slots.iter().enumerate() {
                    assert!(inside(&layout, a), "{paper:?} {per_page}: {a:?}");
                    assert!(a.caption_baseline > a.grid.y + a.grid.side);
                    for b in &layout.slots[i + 1..] {
                        assert!(!overlap(a, b), "{paper:?} {per_page}: {a:?} {b:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn grids_are_large_and_alike_on_a_page() {
        let one = layout(Paper::A4, 1).slots[0].grid.side;
        // One grid fills the width between the margins.
        assert!((one - (595.28 - 2.0 * MARGIN)).abs() < 0.01);
        let six = layout(Paper::A4, 6);
        // Six grids of 7.5 cm or more: still large enough to write in.
        assert!(six.slots[0].grid.side > 7.5 * 72.0 / 2.54, "{six:?}");
        assert!(six
            .slots
            .iter()
            .all(|s| s.grid.side == six.slots[0].grid.side));
        // Reading order: the second grid is to the right of the first, the
        // third below them.
        assert!(six.slots[1].grid.x > six.slots[0].grid.x);
        assert_eq!(six.slots[1].grid.y, six.slots[0].grid.y);
        assert!(six.slots[2].grid.y > six.slots[0].caption_baseline);
        let two = layout(Paper::Letter, 2);
        assert_eq!(two.slots[0].grid.x, two.slots[1].grid.x);
        assert!(two.slots[1].grid.y > two.slots[0].caption_baseline);
    }

    #[test]
    fn grids_are_spread_out_evenly() {
        // 4 on A4: two columns a gutter apart, two rows with equal space
        // above, between and below them (inside the margins).
        let four = layout(Paper::A4, 4);
        let (a, c) = (four.slots[0], four.slots[2]);
        assert!((four.slots[1].grid.x - (a.grid.x + a.grid.side) - GUTTER).abs() < 0.01);
        let block = a.grid.side + 2.2 * a.caption_size;
        let above = a.grid.y - MARGIN;
        let between = c.grid.y - (a.grid.y + block);
        let below = four.height - MARGIN - (c.grid.y + block);
        assert!(above > GUTTER, "{four:?}");
        assert!((above - between).abs() < 0.01 && (above - below).abs() < 0.01);
        // Equal gaps when there is room; a gutter at least between blocks.
        assert_eq!(
            spread(200.0 + 2.0 * MARGIN, 40.0, 2),
            [MARGIN + 40.0, MARGIN + 120.0]
        );
        assert_eq!(
            spread(200.0 + 2.0 * MARGIN, 80.0, 2),
            [MARGIN + 8.0, MARGIN + 112.0]
        );
    }

    #[test]
    fn digits_sit_in_the_middle_of_their_cells() {
        let square = Square {
            x: 100.0,
            y: 200.0,
            side: 270.0,
        };
        let d = square.digit(0, 0);
        assert!((d.size - 18.6).abs() < 0.01);
        // The digit's box, 0.556 em wide and 0.71 em high, centred in the
        // cell from (100, 200) to (130, 230).
        assert!((d.x + 0.556 * d.size / 2.0 - 115.0).abs() < 0.01);
        assert!((d.baseline - 0.71 * d.size / 2.0 - 215.0).abs() < 0.01);
        let last = square.digit(8, 8);
        assert!((last.x - d.x - 240.0).abs() < 0.01);
        assert!((last.baseline - d.baseline - 240.0).abs() < 0.01);
        let (thin, thick) = square.pens();
        assert!(thin < thick && thin >= 0.4);
    }

    #[test]
    fn text_widths_are_helvetica_s() {
        assert_eq!(text_width("", 10.0), 0.0);
        assert!((text_width("1", 10.0) - 5.56).abs() < 1e-4);
        assert!((text_width("Wi", 1000.0) - 1166.0).abs() < 1e-2);
        assert!((text_width("é", 1000.0) - 556.0).abs() < 1e-2);
    }

    #[test]
    fn a_long_caption_loses_the_start_of_the_name() {
        let rest = " #1, line 1: hard 4.2";
        assert_eq!(
            fit_caption("", "a.txt", rest, 10.0, 500.0),
            "a.txt #1, line 1: hard 4.2"
        );
        let name = "some/very/long/directory/of/puzzles/hard.txt";
        let max = text_width(&format!("{name}{rest}"), 10.0) - 1.0;
        let fitted = fit_caption("", name, rest, 10.0, max);
        assert!(fitted.starts_with('…') && fitted.ends_with("hard.txt #1, line 1: hard 4.2"));
        assert!(text_width(&fitted, 10.0) <= max);
        let lead = "Solution of ";
        let fitted = fit_caption(lead, name, rest, 10.0, max);
        assert!(fitted.starts_with("Solution of …") && fitted.ends_with("4.2"));
        assert!(text_width(&fitted, 10.0) <= max);
        assert_eq!(
            fit_caption("", name, rest, 10.0, 1.0),
            "… #1, line 1: hard 4.2"
        );
        assert_eq!(
            fit_caption("", "", "Puzzle 1 - hard 4.2", 10.0, 1.0),
            "Puzzle 1 - hard 4.2"
        );
    }
}

//! Symmetry of the blanks: which cells must be blank together.

use std::fmt;

use crate::grid::Grid;
use crate::pos::Cell;

/// A symmetry of the pattern of givens: a given's images under it are givens
/// too, so cells are blanked in groups (an *orbit*: a cell and its images).
///
/// ```
/// use sudoku_core::generator::Symmetry;
/// // Under a quarter turn, the corners are blanked four at a time.
/// let orbits = Symmetry::Rot90.orbits();
/// assert_eq!(orbits.len(), 21);
/// assert!(orbits.iter().any(|o| o.len() == 4 && o.contains(&0) && o.contains(&80)));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Symmetry {
    /// No symmetry: cells are blanked one at a time.
    #[default]
    None,
    /// A half turn about the centre: `(r, c)` goes with `(8 - r, 8 - c)`.
    Rot180,
    /// A quarter turn about the centre: `(r, c)` goes with `(c, 8 - r)` and
    /// so on around, four cells at a time (the centre alone).
    Rot90,
    /// A mirror across the middle column: `(r, c)` goes with `(r, 8 - c)`.
    Mirror,
    /// A mirror across the main diagonal: `(r, c)` goes with `(c, r)`.
    Diagonal,
}

impl Symmetry {
    /// Every symmetry, from none to the strongest.
    pub const ALL: [Symmetry; 5] = [
        Symmetry::None,
        Symmetry::Rot180,
        Symmetry::Rot90,
        Symmetry::Mirror,
        Symmetry::Diagonal,
    ];

    /// The name on the command line: `none`, `rot180`, `rot90`, `mirror`,
    /// `diagonal`.
    pub fn name(self) -> &'static str {
        match self {
            Symmetry::None => "none",
            Symmetry::Rot180 => "rot180",
            Symmetry::Rot90 => "rot90",
            Symmetry::Mirror => "mirror",
            Symmetry::Diagonal => "diagonal",
        }
    }

    /// The image of `cell` under one application of the symmetry.
    pub fn image(self, cell: Cell) -> Cell {
        let (r, c) = (cell.index() / 9, cell.index() % 9);
        let (r, c) = match self {
            Symmetry::None => (r, c),
            Symmetry::Rot180 => (8 - r, 8 - c),
            Symmetry::Rot90 => (c, 8 - r),
            Symmetry::Mirror => (r, 8 - c),
            Symmetry::Diagonal => (c, r),
        };
        Cell::new(r * 9 + c).expect("the image of a cell is a cell")
    }

    /// The orbits: groups of cell indices (0..81) that are blank together,
    /// each listed once, covering the 81 cells; each group starts with its
    /// lowest cell.
    pub fn orbits(self) -> Vec<Vec<u8>> {
        Cell::all()
            .filter_map(|cell| {
                let mut orbit = vec![cell.index() as u8];
                let mut next = self.image(cell);
                while next != cell {
                    if next < cell {
                        return None; // listed from its lowest cell
                    }
                    orbit.push(next.index() as u8);
                    next = self.image(next);
                }
                Some(orbit)
            })
            .collect()
    }

    /// Whether the givens of `puzzle` follow the symmetry: every given's
    /// image is a given.
    pub fn holds_for(self, puzzle: &Grid) -> bool {
        let cells = puzzle.cells();
        Cell::all().all(|cell| (cells[cell.index()] == 0) == (cells[self.image(cell).index()] == 0))
    }
}

impl fmt::Display for Symmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn orbits_partition_the_cells() {
        let sizes = [
            (Symmetry::None, 81, 1),
            (Symmetry::Rot180, 41, 2),
            (Symmetry::Rot90, 21, 4),
            (Symmetry::Mirror, 45, 2),
            (Symmetry::Diagonal, 45, 2),
        ];
        for (symmetry, count, largest) in sizes {
            let orbits = symmetry.orbits();
            assert_eq!(orbits.len(), count, "{symmetry}");
            assert_eq!(orbits.iter().map(Vec::len).max(), Some(largest));
            let mut all: Vec<u8> = orbits.concat();
            all.sort_unstable();
            assert_eq!(all, (0..81).collect::<Vec<u8>>(), "{symmetry}");
        }
    }

    #[test]
    fn holds_for_blank_patterns() {
        let full: Grid =
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
                .parse()
                .unwrap();
        for symmetry in Symmetry::ALL {
            assert!(symmetry.holds_for(&full));
            let mut one = full;
            one.set(Cell::new(1).unwrap(), None);
            assert_eq!(
                symmetry.holds_for(&one),
                symmetry == Symmetry::None,
                "{symmetry}"
            );
        }
    }
}

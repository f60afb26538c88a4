//! The vector operations the triad solver is written in, and their portable
//! build: plain arrays of sixteen and eight 16-bit lanes, one loop per
//! operation. The x86-64 builds (`x86.rs`) give the same operations with
//! SSE4.1, AVX2 and AVX-512 instructions; the tests compare them lane for
//! lane.
//!
//! Three-input logic ([`Wide::ternary`], named by its truth table as
//! AVX-512's `VPTERNLOG` reads it) is one instruction where a build says so
//! ([`Wide::TERNARY`]); the helpers after the traits ([`or3`], [`or4`],
//! [`majority`]...) use it there and the plain two-input operations
//! elsewhere, so the other builds compile to what they did before.
//!
//! A shuffle control holds, in each 16-bit lane, the pair of byte indices
//! `PSHUFB` takes (`2 * lane` and `2 * lane + 1`), or `0x8080` for a zero:
//! the form the x86 instruction reads directly. A shuffle moves lanes only
//! within each half of eight, as the instruction does.

use std::ops::{BitAnd, BitOr, BitXor};

/// The shuffle control word that picks lane `lane` (0..8) of its half.
pub(super) const fn pick(lane: usize) -> u16 {
    ((2 * lane as u16 + 1) << 8) | (2 * lane as u16)
}

/// The shuffle control word that writes a zero.
pub(super) const ZERO: u16 = 0x8080;

/// Sixteen 16-bit lanes: a box (a 4x4 matrix, row-major) or two halves of
/// eight.
pub(super) trait Wide:
    Copy + BitAnd<Output = Self> + BitOr<Output = Self> + BitXor<Output = Self>
{
    /// The eight-lane vector of this build.
    type Half: Narrow;
    /// The lanes of `a`.
    fn load(a: &[u16; 16]) -> Self;
    /// The lanes as an array.
    fn store(self) -> [u16; 16];
    /// `x` in every lane.
    fn splat(x: u16) -> Self;
    /// Lanes 0-7 from `lo`, 8-15 from `hi`.
    fn join(lo: Self::Half, hi: Self::Half) -> Self;
    /// Lanes 0-7.
    fn lo(self) -> Self::Half;
    /// Lanes 8-15.
    fn hi(self) -> Self::Half;
    /// `self & !other`.
    fn and_not(self, other: Self) -> Self;
    /// Per half, lane `i` takes the lane `ctrl` names (see the module notes).
    fn shuffle(self, ctrl: Self) -> Self;
    /// In each row of four, lane `c` takes lane `(c + 1) % 4`.
    fn rotate_rows(self) -> Self;
    /// In each row of four, lane `c` takes lane `(c + 2) % 4`.
    fn rotate_rows2(self) -> Self;
    /// Row `r` takes row `(r + 1) % 4`.
    fn rotate_cols(self) -> Self;
    /// Row `r` takes row `(r + 2) % 4`.
    fn rotate_cols2(self) -> Self;
    /// Per lane, the number of bits set; lanes must be below 512.
    fn popcounts(self) -> Self;
    /// Per lane, all ones where the lanes are equal, else zero.
    fn equal(self, other: Self) -> Self;
    /// Per lane, all ones where the lane is not zero.
    fn nonzero(self) -> Self;
    /// Whether some lane is below the same lane of `other` (lanes below 32768).
    fn any_less(self, other: Self) -> bool;
    /// Whether every bit of `self` is set in `other`.
    fn subset_of(self, other: Self) -> bool;
    /// Whether `self` and `other` share a bit.
    fn intersects(self, other: Self) -> bool;

    /// The three boxes of band `band` (0-2) of a grid given by where each
    /// digit may go: `cands[3 * d + band]` holds the band's cells (bit
    /// `9 * row + column`) open to digit `d + 1`. Box `j` gets in lane
    /// `4 * r + c` the digits open at row `r`, column `3 * j + c` of the
    /// band, and every digit in its other lanes (`H`, `V`, the corner).
    /// This default goes cell by cell; the AVX-512 build spreads each
    /// digit's mask over the lanes of one 512-bit register (a masked
    /// broadcast) and picks each box's cells with one permutation.
    #[inline(always)]
    fn band_boxes(cands: &[u32; 27], band: usize) -> [Self; 3] {
        std::array::from_fn(|j| {
            Self::load(&std::array::from_fn(|lane| {
                let (r, c) = (lane / 4, lane % 4);
                if r == 3 || c == 3 {
                    return 0x1FF;
                }
                let cell = 9 * r + 3 * j + c;
                (0..9)
                    .filter(|&d| cands[3 * d + band] >> cell & 1 != 0)
                    .fold(0, |x, d| x | 1 << d)
            }))
        })
    }

    /// Whether [`Wide::ternary`] is one instruction in this build (the
    /// helpers below use it only then).
    const TERNARY: bool = false;

    /// Per bit, the function of `self`, `b` and `c` whose truth table is
    /// `TABLE`: bit `4a + 2b + c` of it is the result for input bits `a`,
    /// `b`, `c` (the order of `VPTERNLOG`'s immediate; [`TA`], [`TB`] and
    /// [`TC`] combined with bit operations give the table of an
    /// expression). This default builds it from the minterms, for tests and
    /// builds without the instruction.
    #[inline(always)]
    fn ternary<const TABLE: i32>(self, b: Self, c: Self) -> Self {
        let ones = Self::splat(0xFFFF);
        let mut r = Self::splat(0);
        for i in 0..8 {
            if TABLE >> i & 1 != 0 {
                let pa = if i & 4 != 0 { self } else { self ^ ones };
                let pb = if i & 2 != 0 { b } else { b ^ ones };
                let pc = if i & 1 != 0 { c } else { c ^ ones };
                r = r | (pa & pb & pc);
            }
        }
        r
    }
}

/// The truth table of the first input of [`Wide::ternary`].
pub(super) const TA: i32 = 0xF0;
/// The truth table of the second input.
pub(super) const TB: i32 = 0xCC;
/// The truth table of the third input.
pub(super) const TC: i32 = 0xAA;

/// `a | b | c`.
#[inline(always)]
pub(super) fn or3<V: Wide>(a: V, b: V, c: V) -> V {
    if V::TERNARY {
        a.ternary::<{ TA | TB | TC }>(b, c)
    } else {
        a | b | c
    }
}

/// `a | b | c | d`.
#[inline(always)]
pub(super) fn or4<V: Wide>(a: V, b: V, c: V, d: V) -> V {
    if V::TERNARY {
        or3(a, b, c) | d
    } else {
        (a | b) | (c | d)
    }
}

/// The bits set in two or more of `a`, `b`, `c`.
#[inline(always)]
pub(super) fn majority<V: Wide>(a: V, b: V, c: V) -> V {
    if V::TERNARY {
        a.ternary::<{ (TA & TB) | (TA & TC) | (TB & TC) }>(b, c)
    } else {
        (a & b) | ((a | b) & c)
    }
}

/// `a | (b & c)`.
#[inline(always)]
pub(super) fn or_and<V: Wide>(a: V, b: V, c: V) -> V {
    if V::TERNARY {
        a.ternary::<{ TA | (TB & TC) }>(b, c)
    } else {
        a | (b & c)
    }
}

/// `(a | b) & !c`.
#[inline(always)]
pub(super) fn either_but<V: Wide>(a: V, b: V, c: V) -> V {
    if V::TERNARY {
        a.ternary::<{ (TA | TB) & !TC & 0xFF }>(b, c)
    } else {
        (a | b).and_not(c)
    }
}

/// `a | (b & !c)`.
#[inline(always)]
pub(super) fn or_but<V: Wide>(a: V, b: V, c: V) -> V {
    if V::TERNARY {
        a.ternary::<{ TA | (TB & !TC & 0xFF) }>(b, c)
    } else {
        a | b.and_not(c)
    }
}

/// The bits set in one or more of `a`, `b`, `c`, `d`, and those set in
/// two or more (sharing their first steps).
#[inline(always)]
pub(super) fn once_and_twice<V: Wide>(a: V, b: V, c: V, d: V) -> (V, V) {
    if V::TERNARY {
        let abc = or3(a, b, c);
        (abc | d, or_and(majority(a, b, c), abc, d))
    } else {
        let ab = a | b;
        let abc = ab | c;
        (abc | d, (a & b) | (ab & c) | (abc & d))
    }
}

/// `a & (b | c)`.
#[inline(always)]
pub(super) fn and_or<V: Wide>(a: V, b: V, c: V) -> V {
    if V::TERNARY {
        a.ternary::<{ TA & (TB | TC) }>(b, c)
    } else {
        a & (b | c)
    }
}

/// `a & (b | !c)`.
#[inline(always)]
pub(super) fn and_or_not<V: Wide>(a: V, b: V, c: V) -> V {
    if V::TERNARY {
        a.ternary::<{ TA & (TB | (!TC & 0xFF)) }>(b, c)
    } else {
        (a & b) | a.and_not(c)
    }
}

/// Eight 16-bit lanes: a band's six configurations (and two spare lanes).
pub(super) trait Narrow:
    Copy + BitAnd<Output = Self> + BitOr<Output = Self> + BitXor<Output = Self>
{
    /// The lanes of `a`.
    fn load(a: &[u16; 8]) -> Self;
    /// The lanes as an array.
    fn store(self) -> [u16; 8];
    /// `x` in every lane.
    fn splat(x: u16) -> Self;
    /// `self & !other`.
    fn and_not(self, other: Self) -> Self;
    /// Lane `i` takes the lane `ctrl` names.
    fn shuffle(self, ctrl: Self) -> Self;
    /// Whether `self` and `other` share a bit.
    fn intersects(self, other: Self) -> bool;
    /// The number of bits set in all lanes together.
    fn count_bits(self) -> u32;
}

/// The portable sixteen lanes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct P16(pub(super) [u16; 16]);

/// The portable eight lanes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct P8(pub(super) [u16; 8]);

macro_rules! bit_ops {
    ($t:ident, $n:literal) => {
        impl BitAnd for $t {
            type Output = $t;
            #[inline(always)]
            fn bitand(self, o: $t) -> $t {
                $t(std::array::from_fn(|i| self.0[i] & o.0[i]))
            }
        }
        impl BitOr for $t {
            type Output = $t;
            #[inline(always)]
            fn bitor(self, o: $t) -> $t {
                $t(std::array::from_fn(|i| self.0[i] | o.0[i]))
            }
        }
        impl BitXor for $t {
            type Output = $t;
            #[inline(always)]
            fn bitxor(self, o: $t) -> $t {
                $t(std::array::from_fn(|i| self.0[i] ^ o.0[i]))
            }
        }
    };
}
bit_ops!(P16, 16);
bit_ops!(P8, 8);

/// The lane a control word picks within a half of eight, or `None` for zero.
#[inline(always)]
fn picked(ctrl: u16) -> Option<usize> {
    (ctrl & 0x80 == 0).then_some(usize::from(ctrl & 0xF) / 2)
}

impl Wide for P16 {
    type Half = P8;
    #[inline(always)]
    fn load(a: &[u16; 16]) -> Self {
        P16(*a)
    }
    #[inline(always)]
    fn store(self) -> [u16; 16] {
        self.0
    }
    #[inline(always)]
    fn splat(x: u16) -> Self {
        P16([x; 16])
    }
    #[inline(always)]
    fn join(lo: P8, hi: P8) -> Self {
        P16(std::array::from_fn(|i| {
            if i < 8 {
                lo.0[i]
            } else {
                hi.0[i - 8]
            }
        }))
    }
    #[inline(always)]
    fn lo(self) -> P8 {
        P8(std::array::from_fn(|i| self.0[i]))
    }
    #[inline(always)]
    fn hi(self) -> P8 {
        P8(std::array::from_fn(|i| self.0[i + 8]))
    }
    #[inline(always)]
    fn and_not(self, o: Self) -> Self {
        P16(std::array::from_fn(|i| self.0[i] & !o.0[i]))
    }
    #[inline(always)]
    fn shuffle(self, ctrl: Self) -> Self {
        P16(std::array::from_fn(|i| {
            picked(ctrl.0[i]).map_or(0, |j| self.0[i / 8 * 8 + j])
        }))
    }
    #[inline(always)]
    fn rotate_rows(self) -> Self {
        P16(std::array::from_fn(|i| self.0[i / 4 * 4 + (i + 1) % 4]))
    }
    #[inline(always)]
    fn rotate_rows2(self) -> Self {
        P16(std::array::from_fn(|i| self.0[i / 4 * 4 + (i + 2) % 4]))
    }
    #[inline(always)]
    fn rotate_cols(self) -> Self {
        P16(std::array::from_fn(|i| self.0[(i + 4) % 16]))
    }
    #[inline(always)]
    fn rotate_cols2(self) -> Self {
        P16(std::array::from_fn(|i| self.0[(i + 8) % 16]))
    }
    #[inline(always)]
    fn popcounts(self) -> Self {
        P16(std::array::from_fn(|i| self.0[i].count_ones() as u16))
    }
    #[inline(always)]
    fn equal(self, o: Self) -> Self {
        P16(std::array::from_fn(|i| {
            if self.0[i] == o.0[i] {
                0xFFFF
            } else {
                0
            }
        }))
    }
    #[inline(always)]
    fn nonzero(self) -> Self {
        P16(std::array::from_fn(
            |i| if self.0[i] != 0 { 0xFFFF } else { 0 },
        ))
    }
    #[inline(always)]
    fn any_less(self, o: Self) -> bool {
        self.0.iter().zip(o.0).any(|(&a, b)| a < b)
    }
    #[inline(always)]
    fn subset_of(self, o: Self) -> bool {
        self.0.iter().zip(o.0).all(|(&a, b)| a & !b == 0)
    }
    #[inline(always)]
    fn intersects(self, o: Self) -> bool {
        self.0.iter().zip(o.0).any(|(&a, b)| a & b != 0)
    }
}

impl Narrow for P8 {
    #[inline(always)]
    fn load(a: &[u16; 8]) -> Self {
        P8(*a)
    }
    #[inline(always)]
    fn store(self) -> [u16; 8] {
        self.0
    }
    #[inline(always)]
    fn splat(x: u16) -> Self {
        P8([x; 8])
    }
    #[inline(always)]
    fn and_not(self, o: Self) -> Self {
        P8(std::array::from_fn(|i| self.0[i] & !o.0[i]))
    }
    #[inline(always)]
    fn shuffle(self, ctrl: Self) -> Self {
        P8(std::array::from_fn(|i| {
            picked(ctrl.0[i]).map_or(0, |j| self.0[j])
        }))
    }
    #[inline(always)]
    fn intersects(self, o: Self) -> bool {
        self.0.iter().zip(o.0).any(|(&a, b)| a & b != 0)
    }
    #[inline(always)]
    fn count_bits(self) -> u32 {
        self.0.iter().map(|x| x.count_ones()).sum()
    }
}

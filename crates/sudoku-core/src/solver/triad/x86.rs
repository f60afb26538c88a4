//! The x86-64 builds of the triad solver's vector operations: SSE4.1 (a box
//! is two 128-bit registers), AVX2 (one 256-bit register) and AVX-512 (the
//! AVX2 build with 256-bit AVX-512VL instructions where they save work:
//! three-input logic in one `VPTERNLOGD`, a lane's bit count in one
//! `VPOPCNTW` of BITALG, compares into a mask register), and the entry
//! points compiled for each. The one module of the solver with `unsafe`.
//!
//! Soundness rests on one rule: a value of [`A256`], [`Z256`], [`S256`] or [`X128`]
//! exists only inside the searches below, and those are entered only from
//! [`run`] after `is_x86_feature_detected!` confirmed every feature their
//! `#[target_feature]` names. So each intrinsic a method calls runs on a CPU
//! that has it. The loads and stores go through arrays of exactly the width
//! they read or write.
#![allow(unsafe_code)]

use std::arch::x86_64::*;
use std::ops::{BitAnd, BitOr, BitXor};

use super::lanes::{Narrow, Wide};
use super::{search_node, Build, State};
use crate::solver::bitboard::{Ctx, Tally};

/// Whether the CPU runs the AVX2 build.
pub(super) fn has_avx2() -> bool {
    is_x86_feature_detected!("avx2")
        && is_x86_feature_detected!("bmi1")
        && is_x86_feature_detected!("bmi2")
        && is_x86_feature_detected!("popcnt")
        && is_x86_feature_detected!("lzcnt")
        && has_sse41()
}

/// Whether the CPU runs the AVX-512 build: AVX-512 F, VL (its instructions on
/// 256-bit registers), BW (16-bit lanes) and BITALG (16-bit bit counts),
/// besides the AVX2 build's features.
pub(super) fn has_avx512() -> bool {
    is_x86_feature_detected!("avx512f")
        && is_x86_feature_detected!("avx512vl")
        && is_x86_feature_detected!("avx512bw")
        && is_x86_feature_detected!("avx512bitalg")
        && has_avx2()
}

/// Whether the CPU runs the SSE4.1 build.
pub(super) fn has_sse41() -> bool {
    is_x86_feature_detected!("sse4.1")
        && is_x86_feature_detected!("ssse3")
        && is_x86_feature_detected!("popcnt")
}

/// Eight lanes in one SSE register (both builds).
#[derive(Clone, Copy)]
pub(super) struct X128(__m128i);

/// Sixteen lanes in one AVX2 register.
#[derive(Clone, Copy)]
pub(super) struct A256(__m256i);

/// Sixteen lanes in one 256-bit register, with AVX-512 (VL, BW, BITALG).
#[derive(Clone, Copy)]
pub(super) struct Z256(__m256i);

/// Sixteen lanes in two SSE registers.
#[derive(Clone, Copy)]
pub(super) struct S256(__m128i, __m128i);

/// Runs `$body` (intrinsic calls) under the module's soundness rule.
macro_rules! simd {
    ($body:expr) => {
        // SAFETY: values of this module's vector types exist only inside the
        // searches `run` enters after checking the CPU has every feature they
        // are compiled for (see the module notes), so the instructions exist.
        unsafe { $body }
    };
}

macro_rules! bit_ops {
    ($t:ident, $and:ident, $or:ident, $xor:ident $(, $f:tt)*) => {
        impl BitAnd for $t {
            type Output = $t;
            #[inline(always)]
            fn bitand(self, o: $t) -> $t {
                $t($(simd!($and(self.$f, o.$f))),*)
            }
        }
        impl BitOr for $t {
            type Output = $t;
            #[inline(always)]
            fn bitor(self, o: $t) -> $t {
                $t($(simd!($or(self.$f, o.$f))),*)
            }
        }
        impl BitXor for $t {
            type Output = $t;
            #[inline(always)]
            fn bitxor(self, o: $t) -> $t {
                $t($(simd!($xor(self.$f, o.$f))),*)
            }
        }
    };
}
bit_ops!(X128, _mm_and_si128, _mm_or_si128, _mm_xor_si128, 0);
bit_ops!(A256, _mm256_and_si256, _mm256_or_si256, _mm256_xor_si256, 0);
bit_ops!(Z256, _mm256_and_si256, _mm256_or_si256, _mm256_xor_si256, 0);
bit_ops!(S256, _mm_and_si128, _mm_or_si128, _mm_xor_si128, 0, 1);

/// Per 16-bit lane, the bits set (lanes below 512), on one SSE register.
#[inline(always)]
fn popcounts128(x: __m128i) -> __m128i {
    simd!({
        let table = _mm_setr_epi8(0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4);
        let nibble = _mm_set1_epi16(0xF);
        let low = _mm_shuffle_epi8(table, _mm_and_si128(x, nibble));
        let high = _mm_shuffle_epi8(table, _mm_and_si128(_mm_srli_epi16::<4>(x), nibble));
        _mm_add_epi16(_mm_add_epi16(low, high), _mm_srli_epi16::<8>(x))
    })
}

/// In each row of four lanes, lane `c` takes lane `(c + 1) % 4`.
const ROTATE_ROWS: [u16; 8] = {
    let mut t = [0; 8];
    let mut i = 0;
    while i < 8 {
        t[i] = super::lanes::pick(i / 4 * 4 + (i + 1) % 4);
        i += 1;
    }
    t
};

impl Narrow for X128 {
    #[inline(always)]
    fn load(a: &[u16; 8]) -> Self {
        X128(simd!(_mm_loadu_si128(a.as_ptr().cast())))
    }
    #[inline(always)]
    fn store(self) -> [u16; 8] {
        let mut a = [0u16; 8];
        simd!(_mm_storeu_si128(a.as_mut_ptr().cast(), self.0));
        a
    }
    #[inline(always)]
    fn splat(x: u16) -> Self {
        X128(simd!(_mm_set1_epi16(x as i16)))
    }
    #[inline(always)]
    fn and_not(self, o: Self) -> Self {
        X128(simd!(_mm_andnot_si128(o.0, self.0)))
    }
    #[inline(always)]
    fn shuffle(self, ctrl: Self) -> Self {
        X128(simd!(_mm_shuffle_epi8(self.0, ctrl.0)))
    }
    #[inline(always)]
    fn intersects(self, o: Self) -> bool {
        simd!(_mm_testz_si128(self.0, o.0)) == 0
    }
    #[inline(always)]
    fn count_bits(self) -> u32 {
        let (a, b) = simd!((_mm_cvtsi128_si64(self.0), _mm_extract_epi64::<1>(self.0)));
        a.count_ones() + b.count_ones()
    }
}

/// The operations the two 256-bit builds share, for `impl Wide for $t`.
macro_rules! wide_256 {
    ($t:ident) => {
        #[inline(always)]
        fn load(a: &[u16; 16]) -> Self {
            $t(simd!(_mm256_loadu_si256(a.as_ptr().cast())))
        }
        #[inline(always)]
        fn store(self) -> [u16; 16] {
            let mut a = [0u16; 16];
            simd!(_mm256_storeu_si256(a.as_mut_ptr().cast(), self.0));
            a
        }
        #[inline(always)]
        fn splat(x: u16) -> Self {
            $t(simd!(_mm256_set1_epi16(x as i16)))
        }
        #[inline(always)]
        fn join(lo: X128, hi: X128) -> Self {
            $t(simd!(_mm256_set_m128i(hi.0, lo.0)))
        }
        #[inline(always)]
        fn lo(self) -> X128 {
            X128(simd!(_mm256_castsi256_si128(self.0)))
        }
        #[inline(always)]
        fn hi(self) -> X128 {
            X128(simd!(_mm256_extracti128_si256::<1>(self.0)))
        }
        #[inline(always)]
        fn and_not(self, o: Self) -> Self {
            $t(simd!(_mm256_andnot_si256(o.0, self.0)))
        }
        #[inline(always)]
        fn shuffle(self, ctrl: Self) -> Self {
            $t(simd!(_mm256_shuffle_epi8(self.0, ctrl.0)))
        }
        #[inline(always)]
        fn rotate_rows(self) -> Self {
            let ctrl = X128::load(&ROTATE_ROWS);
            $t(simd!(_mm256_shuffle_epi8(
                self.0,
                _mm256_set_m128i(ctrl.0, ctrl.0)
            )))
        }
        #[inline(always)]
        fn rotate_rows2(self) -> Self {
            $t(simd!(_mm256_shuffle_epi32::<0b1011_0001>(self.0)))
        }
        #[inline(always)]
        fn rotate_cols(self) -> Self {
            $t(simd!(_mm256_permute4x64_epi64::<0b0011_1001>(self.0)))
        }
        #[inline(always)]
        fn rotate_cols2(self) -> Self {
            $t(simd!(_mm256_permute4x64_epi64::<0b0100_1110>(self.0)))
        }
        #[inline(always)]
        fn equal(self, o: Self) -> Self {
            $t(simd!(_mm256_cmpeq_epi16(self.0, o.0)))
        }
        #[inline(always)]
        fn nonzero(self) -> Self {
            $t(simd!(_mm256_cmpgt_epi16(self.0, _mm256_setzero_si256())))
        }
        #[inline(always)]
        fn subset_of(self, o: Self) -> bool {
            simd!(_mm256_testc_si256(o.0, self.0)) != 0
        }
        #[inline(always)]
        fn intersects(self, o: Self) -> bool {
            simd!(_mm256_testz_si256(self.0, o.0)) == 0
        }
    };
}

impl Wide for A256 {
    type Half = X128;
    wide_256!(A256);
    #[inline(always)]
    fn popcounts(self) -> Self {
        A256(simd!({
            let table = _mm256_setr_epi8(
                0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4, 0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3,
                2, 3, 3, 4,
            );
            let nibble = _mm256_set1_epi16(0xF);
            let x = self.0;
            let low = _mm256_shuffle_epi8(table, _mm256_and_si256(x, nibble));
            let high =
                _mm256_shuffle_epi8(table, _mm256_and_si256(_mm256_srli_epi16::<4>(x), nibble));
            _mm256_add_epi16(_mm256_add_epi16(low, high), _mm256_srli_epi16::<8>(x))
        }))
    }
    #[inline(always)]
    fn any_less(self, o: Self) -> bool {
        simd!(_mm256_movemask_epi8(_mm256_cmpgt_epi16(o.0, self.0))) != 0
    }
    #[inline(always)]
    fn band_boxes(cands: &[u32; 27], band: usize) -> [Self; 3] {
        // Each digit's mask spread over 32 lanes (a compare with each
        // lane's own bit), then each box's cells read from them.
        let mut cells = [0u16; 32];
        simd!({
            let lane_bits = _mm256_loadu_si256(LANE_BITS.as_ptr().cast());
            let (mut lo, mut hi) = (_mm256_setzero_si256(), _mm256_setzero_si256());
            for d in 0..9 {
                let m = cands[3 * d + band];
                let digit = _mm256_set1_epi16(1 << d);
                let spread = |half: u32| {
                    let x = _mm256_and_si256(_mm256_set1_epi16(half as u16 as i16), lane_bits);
                    _mm256_and_si256(_mm256_cmpeq_epi16(x, lane_bits), digit)
                };
                lo = _mm256_or_si256(lo, spread(m));
                hi = _mm256_or_si256(hi, spread(m >> 16));
            }
            _mm256_storeu_si256(cells.as_mut_ptr().cast(), lo);
            _mm256_storeu_si256(cells[16..].as_mut_ptr().cast(), hi);
        });
        [0, 1, 2].map(|j| {
            A256::load(&std::array::from_fn(|lane| {
                let (r, c) = (lane / 4, lane % 4);
                if r == 3 || c == 3 {
                    0x1FF
                } else {
                    cells[9 * r + 3 * j + c]
                }
            }))
        })
    }
}

/// Lane `i` holds bit `i`.
static LANE_BITS: [u16; 16] = {
    let mut t = [0; 16];
    let mut i = 0;
    while i < 16 {
        t[i] = 1 << i;
        i += 1;
    }
    t
};

impl Wide for Z256 {
    type Half = X128;
    wide_256!(Z256);
    const TERNARY: bool = true;
    #[inline(always)]
    fn ternary<const TABLE: i32>(self, b: Self, c: Self) -> Self {
        Z256(simd!(_mm256_ternarylogic_epi32::<TABLE>(self.0, b.0, c.0)))
    }
    #[inline(always)]
    fn popcounts(self) -> Self {
        Z256(simd!(_mm256_popcnt_epi16(self.0)))
    }
    #[inline(always)]
    fn any_less(self, o: Self) -> bool {
        simd!(_mm256_cmplt_epu16_mask(self.0, o.0)) != 0
    }
    #[inline(always)]
    fn band_boxes(cands: &[u32; 27], band: usize) -> [Self; 3] {
        simd!({
            // Lane `9 * r + col` (of 32) gets the digits open at that cell.
            let mut cells = _mm512_setzero_si512();
            for d in 0..9 {
                let digit = _mm512_maskz_set1_epi16(cands[3 * d + band], 1 << d);
                cells = _mm512_or_si512(cells, digit);
            }
            let all = _mm512_set1_epi16(0x1FF);
            [0, 1, 2].map(|j| {
                let ctrl = _mm512_loadu_si512(BAND_TO_BOX[j].as_ptr().cast());
                Z256(_mm512_castsi512_si256(_mm512_permutex2var_epi16(
                    cells, ctrl, all,
                )))
            })
        })
    }
}

/// `BAND_TO_BOX[j]`: `VPERMT2W` indices from a band's 27 cells (lanes 0-26
/// of the first source) to box `j`'s lanes, every digit (the second
/// source, indices from 32) in the lanes that are not cells.
static BAND_TO_BOX: [[u16; 32]; 3] = {
    let mut t = [[32; 32]; 3];
    let mut j = 0;
    while j < 3 {
        let mut e = 0;
        while e < 9 {
            let (r, c) = (e / 3, e % 3);
            t[j][4 * r + c] = (9 * r + 3 * j + c) as u16;
            e += 1;
        }
        j += 1;
    }
    t
};

impl Wide for S256 {
    type Half = X128;
    #[inline(always)]
    fn load(a: &[u16; 16]) -> Self {
        simd!(S256(
            _mm_loadu_si128(a.as_ptr().cast()),
            _mm_loadu_si128(a[8..].as_ptr().cast())
        ))
    }
    #[inline(always)]
    fn store(self) -> [u16; 16] {
        let mut a = [0u16; 16];
        simd!({
            _mm_storeu_si128(a.as_mut_ptr().cast(), self.0);
            _mm_storeu_si128(a[8..].as_mut_ptr().cast(), self.1);
        });
        a
    }
    #[inline(always)]
    fn splat(x: u16) -> Self {
        let v = simd!(_mm_set1_epi16(x as i16));
        S256(v, v)
    }
    #[inline(always)]
    fn join(lo: X128, hi: X128) -> Self {
        S256(lo.0, hi.0)
    }
    #[inline(always)]
    fn lo(self) -> X128 {
        X128(self.0)
    }
    #[inline(always)]
    fn hi(self) -> X128 {
        X128(self.1)
    }
    #[inline(always)]
    fn and_not(self, o: Self) -> Self {
        simd!(S256(
            _mm_andnot_si128(o.0, self.0),
            _mm_andnot_si128(o.1, self.1)
        ))
    }
    #[inline(always)]
    fn shuffle(self, ctrl: Self) -> Self {
        simd!(S256(
            _mm_shuffle_epi8(self.0, ctrl.0),
            _mm_shuffle_epi8(self.1, ctrl.1)
        ))
    }
    #[inline(always)]
    fn rotate_rows(self) -> Self {
        let ctrl = X128::load(&ROTATE_ROWS).0;
        simd!(S256(
            _mm_shuffle_epi8(self.0, ctrl),
            _mm_shuffle_epi8(self.1, ctrl)
        ))
    }
    #[inline(always)]
    fn rotate_rows2(self) -> Self {
        simd!(S256(
            _mm_shuffle_epi32::<0b1011_0001>(self.0),
            _mm_shuffle_epi32::<0b1011_0001>(self.1)
        ))
    }
    #[inline(always)]
    fn rotate_cols(self) -> Self {
        simd!(S256(
            _mm_alignr_epi8::<8>(self.1, self.0),
            _mm_alignr_epi8::<8>(self.0, self.1)
        ))
    }
    #[inline(always)]
    fn rotate_cols2(self) -> Self {
        S256(self.1, self.0)
    }
    #[inline(always)]
    fn popcounts(self) -> Self {
        S256(popcounts128(self.0), popcounts128(self.1))
    }
    #[inline(always)]
    fn equal(self, o: Self) -> Self {
        simd!(S256(
            _mm_cmpeq_epi16(self.0, o.0),
            _mm_cmpeq_epi16(self.1, o.1)
        ))
    }
    #[inline(always)]
    fn nonzero(self) -> Self {
        simd!({
            let z = _mm_setzero_si128();
            S256(_mm_cmpgt_epi16(self.0, z), _mm_cmpgt_epi16(self.1, z))
        })
    }
    #[inline(always)]
    fn any_less(self, o: Self) -> bool {
        simd!(_mm_movemask_epi8(_mm_or_si128(
            _mm_cmpgt_epi16(o.0, self.0),
            _mm_cmpgt_epi16(o.1, self.1)
        ))) != 0
    }
    #[inline(always)]
    fn subset_of(self, o: Self) -> bool {
        simd!(_mm_testc_si128(o.0, self.0) & _mm_testc_si128(o.1, self.1)) != 0
    }
    #[inline(always)]
    fn intersects(self, o: Self) -> bool {
        simd!(_mm_testz_si128(self.0, o.0) & _mm_testz_si128(self.1, o.1)) == 0
    }
}

/// Defines the recursive search `$search` and its entry `$start` on the
/// wide type `$wide`, compiled for the target features `$feat`.
macro_rules! build {
    ($search:ident, $start:ident, $resume:ident, $wide:ty, $feat:literal, $check:literal) => {
        #[doc = concat!("The search on [`", stringify!($wide), "`].")]
        ///
        /// # Safety
        #[doc = concat!("The CPU must have every feature named here ([`", $check, "`]).")]
        #[target_feature(enable = $feat)]
        unsafe fn $search<F: FnMut(&[u8; 81]), T: Tally>(
            st: &mut State<$wide>,
            ctx: &mut Ctx<F, T>,
        ) -> bool {
            search_node(st, ctx, |st, ctx| {
                // SAFETY: this function runs only where its features were checked.
                unsafe { $search(st, ctx) }
            })
        }

        #[doc = concat!("Starts the search on [`", stringify!($wide), "`] from `cells`.")]
        ///
        /// # Safety
        #[doc = concat!("The CPU must have every feature named here ([`", $check, "`]).")]
        #[target_feature(enable = $feat)]
        unsafe fn $start<F: FnMut(&[u8; 81]), T: Tally>(
            cells: &[u8; 81],
            strike: Option<(usize, usize)>,
            ctx: &mut Ctx<F, T>,
        ) {
            if let Some(mut st) = State::<$wide>::from_givens(cells) {
                if let Some((cell, digit)) = strike {
                    st.strike(cell, digit);
                }
                // SAFETY: same features as this function.
                unsafe { $search(&mut st, ctx) };
            }
        }

        #[doc = concat!("Starts the search on [`", stringify!($wide), "`] from the candidates")]
        /// another engine's propagation left (see `State::from_candidates`).
        ///
        /// # Safety
        #[doc = concat!("The CPU must have every feature named here ([`", $check, "`]).")]
        #[target_feature(enable = $feat)]
        unsafe fn $resume<F: FnMut(&[u8; 81]), T: Tally>(cands: &[u32; 27], ctx: &mut Ctx<F, T>) {
            let mut st = State::<$wide>::from_candidates(cands);
            // SAFETY: same features as this function.
            unsafe { $search(&mut st, ctx) };
        }
    };
}

build!(
    search_avx512,
    start_avx512,
    resume_avx512,
    Z256,
    "avx512f,avx512vl,avx512bw,avx512bitalg,avx2,bmi1,bmi2,popcnt,lzcnt,sse4.1,ssse3",
    "has_avx512"
);
build!(
    search_avx2,
    start_avx2,
    resume_avx2,
    A256,
    "avx2,bmi1,bmi2,popcnt,lzcnt,sse4.1,ssse3",
    "has_avx2"
);
build!(
    search_sse41,
    start_sse41,
    resume_sse41,
    S256,
    "sse4.1,ssse3,popcnt",
    "has_sse41"
);

/// Runs the search on `build`, checking the CPU first; falls back to the
/// portable build when the CPU lacks what `build` needs.
#[inline(always)]
pub(super) fn run<F: FnMut(&[u8; 81]), T: Tally>(
    cells: &[u8; 81],
    strike: Option<(usize, usize)>,
    ctx: &mut Ctx<F, T>,
    build: Build,
) {
    match build {
        // SAFETY: the CPU has every feature `start_avx512` is compiled for.
        Build::Avx512 if has_avx512() => unsafe { start_avx512(cells, strike, ctx) },
        // SAFETY: the CPU has every feature `start_avx2` is compiled for.
        Build::Avx2 if has_avx2() => unsafe { start_avx2(cells, strike, ctx) },
        // SAFETY: the CPU has every feature `start_sse41` is compiled for.
        Build::Sse41 if has_sse41() => unsafe { start_sse41(cells, strike, ctx) },
        _ => super::run_portable(cells, strike, ctx),
    }
}

/// [`run`] from the candidates another engine's propagation left (see
/// `State::from_candidates`).
#[inline(always)]
pub(super) fn run_from<F: FnMut(&[u8; 81]), T: Tally>(
    cands: &[u32; 27],
    ctx: &mut Ctx<F, T>,
    build: Build,
) {
    match build {
        // SAFETY: the CPU has every feature `resume_avx512` is compiled for.
        Build::Avx512 if has_avx512() => unsafe { resume_avx512(cands, ctx) },
        // SAFETY: the CPU has every feature `resume_avx2` is compiled for.
        Build::Avx2 if has_avx2() => unsafe { resume_avx2(cands, ctx) },
        // SAFETY: the CPU has every feature `resume_sse41` is compiled for.
        Build::Sse41 if has_sse41() => unsafe { resume_sse41(cands, ctx) },
        _ => super::run_from_portable(cands, ctx),
    }
}

#[cfg(test)]
mod tests {
    use super::super::lanes::{self, pick, Narrow, Wide, P16, P8, TA, TB, TC, ZERO};
    use super::{has_avx2, has_avx512, has_sse41, A256, S256, X128, Z256};
    use crate::fixtures::cpu_test;

    struct Rng(u64);
    impl Rng {
        fn lanes<const N: usize>(&mut self, bits: u32) -> [u16; N] {
            std::array::from_fn(|_| {
                self.0 ^= self.0 << 13;
                self.0 ^= self.0 >> 7;
                self.0 ^= self.0 << 17;
                // Mostly small sets, sometimes equal or empty lanes.
                match self.0 % 8 {
                    0 => 0,
                    1 => 0x1FF,
                    _ => (self.0 >> 20) as u16 & ((1 << bits) - 1),
                }
            })
        }
        fn control<const N: usize>(&mut self) -> [u16; N] {
            let x: [u16; N] = self.lanes(4);
            x.map(|v| if v >= 8 { ZERO } else { pick(usize::from(v)) })
        }
    }

    /// Every operation of a wide build against the portable one.
    fn wide_matches<W: Wide<Half = X128>>() {
        let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
        for _ in 0..20_000 {
            let (a, b) = (rng.lanes::<16>(9), rng.lanes::<16>(9));
            let (p, q) = (P16(a), P16(b));
            let (x, y) = (W::load(&a), W::load(&b));
            let ctrl = rng.control::<16>();
            assert_eq!((x & y).store(), (p & q).0);
            assert_eq!((x | y).store(), (p | q).0);
            assert_eq!((x ^ y).store(), (p ^ q).0);
            assert_eq!(x.and_not(y).store(), p.and_not(q).0);
            assert_eq!(x.shuffle(W::load(&ctrl)).store(), p.shuffle(P16(ctrl)).0);
            assert_eq!(x.rotate_rows().store(), p.rotate_rows().0);
            assert_eq!(x.rotate_rows2().store(), p.rotate_rows2().0);
            assert_eq!(x.rotate_cols().store(), p.rotate_cols().0);
            assert_eq!(x.rotate_cols2().store(), p.rotate_cols2().0);
            assert_eq!(x.popcounts().store(), p.popcounts().0);
            assert_eq!(x.equal(y).store(), p.equal(q).0);
            assert_eq!(x.nonzero().store(), p.nonzero().0);
            assert_eq!(x.any_less(y), p.any_less(q));
            assert_eq!(x.subset_of(y), p.subset_of(q));
            assert_eq!((x & y).subset_of(y), (p & q).subset_of(q));
            assert_eq!(x.intersects(y), p.intersects(q));
            assert_eq!(W::splat(a[3]).store(), P16::splat(a[3]).0);
            let (lo, hi) = (X128::load(&rng.lanes(9)), X128::load(&rng.lanes(9)));
            let joined = W::join(lo, hi);
            assert_eq!(joined.lo().store(), lo.store());
            assert_eq!(joined.hi().store(), hi.store());
            assert_eq!(x.lo().store(), p.lo().0);
            assert_eq!(x.hi().store(), p.hi().0);
        }
    }

    /// A wide build's boxes of each band from random candidates (each
    /// digit's band masks of 27 bits) against the portable build's.
    fn band_boxes_match<W: Wide<Half = X128>>() {
        let mut rng = Rng(0x2545_F491_4F6C_DD1D);
        for _ in 0..2_000 {
            let cands: [u32; 27] = std::array::from_fn(|_| {
                let [lo, hi] = rng.lanes::<2>(14);
                (u32::from(lo) | u32::from(hi) << 14) & 0x7FF_FFFF
            });
            for band in 0..3 {
                let want = P16::band_boxes(&cands, band).map(|b| b.0);
                assert_eq!(W::band_boxes(&cands, band).map(|b| b.store()), want);
            }
        }
    }

    /// The three-input operations of a wide build against the portable
    /// ones: `ternary` on a spread of truth tables (each helper's among
    /// them), and each helper.
    fn ternary_matches<W: Wide<Half = X128>>() {
        macro_rules! tables {
            ($x:ident, $y:ident, $z:ident, $p:ident, $q:ident, $r:ident: $($t:expr),*) => {
                $(assert_eq!(
                    $x.ternary::<{ $t }>($y, $z).store(),
                    $p.ternary::<{ $t }>($q, $r).0,
                    "table {:#04x}", $t
                );)*
            };
        }
        let mut rng = Rng(0x6A09_E667_F3BC_C909);
        for _ in 0..5_000 {
            let (a, b, c, d) = (rng.lanes(9), rng.lanes(9), rng.lanes(9), rng.lanes(9));
            let (x, y, z, w) = (W::load(&a), W::load(&b), W::load(&c), W::load(&d));
            let (p, q, r, t) = (P16(a), P16(b), P16(c), P16(d));
            tables!(x, y, z, p, q, r: 0x00, 0xFF, TA, TB, TC, TA ^ TB ^ TC, 0xE8, 0xFE, 0xF8,
                0x0E, 0xB2, 0x96, 0x17, 0x81, 0x3C, 0x5A, 0x6B, 0xCA);
            assert_eq!(lanes::or3(x, y, z).store(), lanes::or3(p, q, r).0);
            assert_eq!(lanes::or4(x, y, z, w).store(), lanes::or4(p, q, r, t).0);
            assert_eq!(lanes::majority(x, y, z).store(), lanes::majority(p, q, r).0);
            assert_eq!(lanes::or_and(x, y, z).store(), lanes::or_and(p, q, r).0);
            assert_eq!(lanes::or_but(x, y, z).store(), lanes::or_but(p, q, r).0);
            assert_eq!(
                lanes::either_but(x, y, z).store(),
                lanes::either_but(p, q, r).0
            );
            assert_eq!(lanes::and_or(x, y, z).store(), lanes::and_or(p, q, r).0);
            assert_eq!(
                lanes::and_or_not(x, y, z).store(),
                lanes::and_or_not(p, q, r).0
            );
            let (once, twice) = lanes::once_and_twice(x, y, z, w);
            let (p_once, p_twice) = lanes::once_and_twice(p, q, r, t);
            assert_eq!((once.store(), twice.store()), (p_once.0, p_twice.0));
        }
    }

    /// The portable build's three-input operations, from their definitions.
    #[test]
    fn portable_ternary_is_the_truth_table() {
        let mut rng = Rng(0xBB67_AE85_84CA_A73B);
        for _ in 0..2_000 {
            let (a, b, c, d) = (rng.lanes(9), rng.lanes(9), rng.lanes(9), rng.lanes(9));
            let (p, q, r, t) = (P16(a), P16(b), P16(c), P16(d));
            let lane = |f: &dyn Fn(u16, u16, u16, u16) -> u16| {
                std::array::from_fn::<u16, 16, _>(|i| f(a[i], b[i], c[i], d[i]))
            };
            assert_eq!(
                p.ternary::<0xE8>(q, r).0,
                lane(&|a, b, c, _| (a & b) | (a & c) | (b & c))
            );
            assert_eq!(p.ternary::<0x96>(q, r).0, lane(&|a, b, c, _| a ^ b ^ c));
            assert_eq!(
                p.ternary::<0xCA>(q, r).0,
                lane(&|a, b, c, _| (a & b) | (!a & c))
            );
            assert_eq!(p.ternary::<0x00>(q, r).0, [0; 16]);
            assert_eq!(p.ternary::<0xFF>(q, r).0, [0xFFFF; 16]);
            let two = lane(&|a, b, c, d| (a & b) | (a & c) | (a & d) | (b & c) | (b & d) | (c & d));
            let (once, twice) = lanes::once_and_twice(p, q, r, t);
            assert_eq!(twice.0, two);
            assert_eq!(once.0, lane(&|a, b, c, d| a | b | c | d));
        }
    }

    cpu_test! {
        cpu_avx512,
        "this CPU lacks AVX-512 F, VL, BW or BITALG: the triad solver's AVX-512 build cannot run here",
        fn avx512_matches_portable() {
            assert!(has_avx512(), "this CPU lacks AVX-512 (the test was built for another)");
            wide_matches::<Z256>();
            band_boxes_match::<Z256>();
            ternary_matches::<Z256>();
        }
    }

    cpu_test! {
        cpu_avx2,
        "this CPU lacks AVX2 (with BMI1/2, LZCNT): the triad solver's AVX2 build cannot run here",
        fn avx2_matches_portable() {
            assert!(has_avx2(), "this CPU lacks AVX2 (the test was built for another)");
            wide_matches::<A256>();
            band_boxes_match::<A256>();
            ternary_matches::<A256>();
        }
    }

    cpu_test! {
        cpu_sse41,
        "this CPU lacks SSE4.1 (with SSSE3, POPCNT): the triad solver's SSE4.1 build cannot run here",
        fn sse41_matches_portable() {
        assert!(has_sse41(), "this CPU lacks SSE4.1 (the test was built for another)");
        wide_matches::<S256>();
        band_boxes_match::<S256>();
        ternary_matches::<S256>();
        let mut rng = Rng(0x2545_F491_4F6C_DD1D);
        for _ in 0..20_000 {
            let (a, b, c) = (rng.lanes::<8>(9), rng.lanes::<8>(9), rng.control::<8>());
            let (p, q) = (P8(a), P8(b));
            let (x, y) = (X128::load(&a), X128::load(&b));
            assert_eq!((x & y).store(), (p & q).0);
            assert_eq!((x | y).store(), (p | q).0);
            assert_eq!((x ^ y).store(), (p ^ q).0);
            assert_eq!(x.and_not(y).store(), p.and_not(q).0);
            assert_eq!(x.shuffle(X128::load(&c)).store(), p.shuffle(P8(c)).0);
            assert_eq!(x.intersects(y), p.intersects(q));
            assert_eq!(x.count_bits(), p.count_bits());
            assert_eq!(X128::splat(a[1]).store(), P8::splat(a[1]).0);
        }
    }
    }
}

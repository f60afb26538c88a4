//! The fast solver's engine: per-digit band bitboards.
//!
//! Each digit has three 27-bit masks, one per band of three rows. A band
//! update keeps only the triads that lie on some placement of the digit (one
//! cell per row and box), removes columns locked inside a box from the other
//! bands, and turns rows with one candidate into hidden singles. Updates run
//! only on masks changed since their last update. Naked singles come from one
//! pass over all digits per band, which also finds the bivalue cells; the
//! search guesses on the bivalue cell with the most unsolved peers among the
//! first dozen, bivalue peers counting twice (a guess there is likelier to
//! leave naked singles), which cuts the node count by about half on hard
//! puzzles against the first bivalue cell.
//! Givens are placed in bulk. The whole state is a couple of hundred bytes,
//! copied on each guess; no allocation while solving.
//!
//! Every access to the masks during the search is a 4-byte load or store, one
//! entry at a time: a load then takes its value straight from the store of an
//! earlier update still in flight, where a wider load spanning several such
//! stores waits for them to reach the cache. Comparing the masks four at a
//! time (one 16-byte load) made whole runs 10-20% slower for that reason.
//!
//! The search is compiled twice: portable, and for x86-64 CPUs with
//! POPCNT/BMI (chosen at run time; an `unsafe` guarded call). On x86-64 the
//! givens' masks come from SSE2 byte compares (SSE2 is part of x86-64; the
//! other `unsafe` block).

use std::sync::atomic::{compiler_fence, Ordering};

use crate::pos::ORDERS_OF_THREE;

/// How many bivalue cells the guess choice scores at most. Twelve make 11% fewer guesses
/// than six on `magictour_top1465` (counting to 2) and 20% fewer on its hardest quarter,
/// nearly as few as scoring every one (12.38 and 12.23 a puzzle); past that the scoring
/// costs more than it saves (many bivalue cells mean an easy position). With bivalue peers
/// counting twice, twenty would save 2% more guesses on the hardest puzzles, eight cost 4%.
const PICK_BUDGET: u32 = 12;

/// All 27 cells of a band.
const BAND: u32 = 0x7FF_FFFF;

/// `SHRINK[row]`: for a 9-bit row, which of its three box triads hold a candidate.
static SHRINK: [u8; 512] = {
    let mut t = [0u8; 512];
    let mut x = 0;
    while x < 512 {
        let mut k = 0;
        while k < 3 {
            if x & (7 << (3 * k)) != 0 {
                t[x] |= 1 << k;
            }
            k += 1;
        }
        x += 1;
    }
    t
};

/// `COMPLEX[s]`: `s` has bit `3 * row + box` for each occupied triad of one digit in a band;
/// the value keeps the triads lying on some placement of the digit (one per row and box).
static COMPLEX: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut s = 0;
    while s < 512 {
        let mut p = 0;
        while p < 6 {
            let q = ORDERS_OF_THREE[p];
            let mut ok = true;
            let mut m = 0u32;
            let mut r = 0;
            while r < 3 {
                let k = q[r] as usize;
                if s & (1 << (3 * r + k)) == 0 {
                    ok = false;
                }
                m |= 7 << (9 * r + 3 * k);
                r += 1;
            }
            if ok {
                t[s] |= m;
            }
            p += 1;
        }
        s += 1;
    }
    t
};

/// `POINT[cols]`: for the 9-bit set of columns holding a digit in a band, the mask that keeps
/// the other bands' cells outside every column that is the only one of its box (pointing).
static POINT: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut x = 0;
    while x < 512 {
        let mut cols = 0u32;
        let mut k = 0;
        while k < 3 {
            let c = (x >> (3 * k)) & 7;
            if c == 1 || c == 2 || c == 4 {
                cols |= (c as u32) << (3 * k);
            }
            k += 1;
        }
        t[x] = BAND & !(cols * 0x40201);
        x += 1;
    }
    t
};

/// `SPREAD[x]`: the eight bits of `x` as eight bytes, each 0 or 1, the lowest bit in the
/// first (lowest) byte.
static SPREAD: [u64; 256] = {
    let mut t = [0u64; 256];
    let mut x = 0;
    while x < 256 {
        let mut i = 0;
        while i < 8 {
            t[x] |= ((x as u64 >> i) & 1) << (8 * i);
            i += 1;
        }
        x += 1;
    }
    t
};

/// `PEERS[p]`: the cells of the band sharing a row, box or column with cell `p`, without `p`.
static PEERS: [u32; 27] = {
    let mut t = [0u32; 27];
    let mut p = 0;
    while p < 27 {
        let (r, c) = (p / 9, p % 9);
        let mut q = 0;
        while q < 27 {
            let (r2, c2) = (q / 9, q % 9);
            if q != p && (r2 == r || c2 == c || c2 / 3 == c / 3) {
                t[p] |= 1 << q;
            }
            q += 1;
        }
        p += 1;
    }
    t
};

/// `SEEN[p]`: the peers of cell `p` in its band (low half) and the cells of its column in the
/// next band (high half); 32 entries, so that an index masked to five bits needs no bounds check.
static SEEN: [u64; 32] = {
    let mut t = [0u64; 32];
    let mut p = 0;
    while p < 27 {
        t[p] = PEERS[p] as u64 | (COLUMN[p] as u64) << 32;
        p += 1;
    }
    t
};

/// `COLUMN[p]`: the cells of a band in the column of cell `p` (32 entries, as [`SEEN`]).
static COLUMN: [u32; 32] = {
    let mut t = [0u32; 32];
    let mut p = 0;
    while p < 27 {
        t[p] = 0x40201 << (p % 9);
        p += 1;
    }
    t
};

/// `SLOT[v]`: the digit index of value `v` (`v - 1`), and 9 for a blank.
const SLOT: [u8; 10] = [9, 0, 1, 2, 3, 4, 5, 6, 7, 8];

#[cfg(not(target_arch = "x86_64"))]
pub(super) use given_masks_portable as given_masks;

/// Per digit and band, the cells holding that digit as a given (entries
/// 27-29: the blank cells of each band); `None` when a value is above 9.
#[cfg_attr(all(target_arch = "x86_64", not(test)), allow(dead_code))]
fn given_masks_portable(cells: &[u8; 81]) -> Option<[u32; 30]> {
    // Blanks go to entries 27-29, so the loop has no branch.
    let mut given = [0u32; 30];
    let mut largest = 0;
    for (b, band) in cells.chunks_exact(27).enumerate() {
        for (k, &v) in band.iter().enumerate() {
            largest = largest.max(v);
            given[3 * usize::from(SLOT[usize::from(v.min(9))]) + b] |= 1 << k;
        }
    }
    (largest <= 9).then_some(given)
}

/// [`given_masks_portable`], sixteen cells at a time: a byte compare and a
/// byte mask per value, about a fifth of the work of the cell-by-cell loop.
#[cfg(target_arch = "x86_64")]
pub(super) fn given_masks(cells: &[u8; 81]) -> Option<[u32; 30]> {
    use std::arch::x86_64::{_mm_cmpeq_epi8, _mm_movemask_epi8, _mm_set1_epi8, _mm_set_epi64x};
    let word = |i: usize| {
        let mut w = [0u8; 8];
        w.copy_from_slice(&cells[i..i + 8]);
        i64::from_le_bytes(w)
    };
    let mut given = [0u32; 30];
    let mut any = 0u128;
    // SAFETY: these intrinsics need only SSE2, which every x86-64 CPU has, and
    // touch nothing but their arguments.
    #[allow(unsafe_code)]
    unsafe {
        let chunks = [0, 1, 2, 3, 4].map(|k| _mm_set_epi64x(word(16 * k + 8), word(16 * k)));
        let last = _mm_set_epi64x(0, i64::from(cells[80]));
        for v in 0..10u8 {
            let probe = _mm_set1_epi8(v as i8);
            let mut m = u128::from(_mm_movemask_epi8(_mm_cmpeq_epi8(last, probe)) as u32 & 1) << 80;
            for (k, &chunk) in chunks.iter().enumerate() {
                m |= u128::from(_mm_movemask_epi8(_mm_cmpeq_epi8(chunk, probe)) as u32) << (16 * k);
            }
            any |= m;
            let e = 3 * usize::from(SLOT[usize::from(v)]);
            for b in 0..3 {
                given[e + b] = (m >> (27 * b)) as u32 & BAND;
            }
        }
    }
    // Every cell matched some value in 0..=9.
    (any == (1 << 81) - 1).then_some(given)
}

/// Spreads a 9-bit column set over the three rows of a band.
#[inline(always)]
fn col_spread(c: u32) -> u32 {
    c * 0x40201
}

/// Search state: candidates per digit and band, the last propagated copy, unsolved cells.
#[derive(Clone, Copy)]
struct State {
    /// `f[3 * d + b]`: cells of band `b` where digit `d + 1` may go.
    f: [u32; 27],
    /// `f` as of the last band update of each entry.
    prev: [u32; 27],
    /// Cells not yet placed, per band.
    unsolved: [u32; 3],
}

impl State {
    fn new() -> Self {
        State {
            f: [BAND; 27],
            prev: [BAND; 27],
            unsolved: [BAND; 3],
        }
    }

    /// The state with every given placed at once (the same as placing them one
    /// by one, at a fraction of the cost), or `None` when two givens conflict
    /// or a value is above 9.
    fn from_givens(cells: &[u8; 81]) -> Option<State> {
        let mut st = State::new();
        st.place_givens(cells).then_some(st)
    }

    /// [`State::from_givens`] in place, on a fresh state ([`State::new`]): false when
    /// two givens conflict or a value is above 9 (the state is then unusable).
    ///
    /// In place, so that the 228-byte state is not moved from frame to frame on its way
    /// to the search (see [`Opened::start`]).
    fn place_givens(&mut self, cells: &[u8; 81]) -> bool {
        let Some(given) = given_masks(cells) else {
            return false;
        };
        let filled = [0, 1, 2].map(|b| BAND & !given[27 + b]);
        for d in 0..9 {
            if self.set_digit(d, &given, &filled).is_none() {
                return false;
            }
        }
        self.unsolved = filled.map(|f| BAND & !f);
        true
    }

    /// Sets the three entries of digit `d` from the givens (`given`, per
    /// digit and band) and the filled cells: every cell neither filled nor
    /// seen by a given of `d`, plus those givens. `None` when two givens of
    /// `d` share a unit.
    #[inline(always)]
    fn set_digit(&mut self, d: usize, given: &[u32], filled: &[u32; 3]) -> Option<()> {
        let columns = |g: u32| (g | g >> 9 | g >> 18) & 511;
        let cols = [0, 1, 2].map(|b| columns(given[3 * d + b]));
        for b in 0..3 {
            let g = given[3 * d + b];
            let elsewhere = col_spread(cols[(b + 1) % 3] | cols[(b + 2) % 3]);
            let mut f = BAND & !filled[b] & !elsewhere;
            let mut rest = g;
            while rest != 0 {
                let peers = PEERS[rest.trailing_zeros() as usize];
                if g & peers != 0 {
                    return None; // two givens share a row or box
                }
                f &= !peers;
                rest &= rest - 1;
            }
            if g & elsewhere != 0 {
                return None; // two givens share a column
            }
            self.f[3 * d + b] = f | g;
        }
        Some(())
    }

    /// Places digit `d` at cell `bit` of band `b` inside its own band only (row, box and
    /// column of the band); the band update of that entry finishes the job (other digits
    /// of the cell, the column in the other bands). False if `d` is not a candidate there.
    #[inline(always)]
    fn place_light(&mut self, d: usize, b: usize, bit: u32) -> bool {
        let i = 3 * d + b;
        let x = self.f[i];
        self.f[i] = x & !PEERS[bit.trailing_zeros() as usize % 27];
        x & bit != 0
    }

    /// Band update of entry `i`: locked candidates inside the band, then hidden row singles.
    #[inline(always)]
    fn update<const I: usize>(&mut self) -> bool {
        let i = I;
        let a = self.f[i];
        let sh = SHRINK[(a & 511) as usize] as usize
            | (SHRINK[((a >> 9) & 511) as usize] as usize) << 3
            | (SHRINK[((a >> 18) & 511) as usize] as usize) << 6;
        let a = a & COMPLEX[sh];
        if a == 0 {
            return false;
        }
        self.f[i] = a;
        self.prev[i] = a;
        let b = i % 3;
        let r0 = a & 0x1FF;
        let r1 = a & (0x1FF << 9);
        let r2 = a & (0x1FF << 18);
        let s = (r0 & ((r0 & r0.wrapping_sub(1) == 0) as u32).wrapping_neg())
            | (r1 & ((r1 & r1.wrapping_sub(1) == 0) as u32).wrapping_neg())
            | (r2 & ((r2 & r2.wrapping_sub(1) == 0) as u32).wrapping_neg());
        let cm = POINT[((a | a >> 9 | a >> 18) & 0x1FF) as usize];
        let base = i - b;
        self.f[base + (b + 1) % 3] &= cm;
        // Keeps the two updates apart: merged into one 8-byte load and store (the compiler
        // does that when the entries are adjacent), the load would wait for the 4-byte stores
        // of earlier updates to reach the cache instead of taking their values; 3-7% of a
        // whole run. The fence emits no instruction.
        compiler_fence(Ordering::SeqCst);
        self.f[base + (b + 2) % 3] &= cm;
        let newly = s & self.unsolved[b];
        self.unsolved[b] &= !newly;
        for k in 0..9 {
            self.f[3 * k + b] &= !newly;
        }
        self.f[i] = a;
        true
    }

    /// Propagates to a fixpoint. Returns `None` on a contradiction, else the cell to guess
    /// on as `(band, bit)`: a cell with two candidates if there is one, `bit == 0` if none
    /// (and if the grid is solved, then `unsolved` is all zero).
    #[inline(always)]
    fn propagate(&mut self) -> Option<(usize, u32)> {
        self.settle().map(|biv| self.pick(biv))
    }

    /// [`State::propagate`] without the choice of the cell to guess on: `None` on a
    /// contradiction, else the cells with two candidates, per band (for [`State::pick`]).
    #[inline(always)]
    fn settle(&mut self) -> Option<[u32; 3]> {
        loop {
            loop {
                let mut any = false;
                // Entries are compared one by one: scalar loads forward from the scalar stores of
                // the updates, where a wider load would wait for them to retire.
                macro_rules! sweep {
                    ($($i:literal)*) => {
                        $(
                            if self.f[$i] != self.prev[$i] {
                                any = true;
                                if !self.update::<$i>() {
                                    return None;
                                }
                            }
                        )*
                    };
                }
                sweep!(0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26);
                if !any {
                    break;
                }
            }
            let mut found = false;
            let mut biv = [0u32; 3];
            for (b, biv) in biv.iter_mut().enumerate() {
                let (mut one, mut two, mut three) = (0u32, 0u32, 0u32);
                for d in 0..9 {
                    let x = self.f[3 * d + b];
                    three |= two & x;
                    two |= one & x;
                    one |= x;
                }
                let u = self.unsolved[b];
                if u & !one != 0 {
                    return None;
                }
                let s = u & !two;
                *biv = u & two & !three;
                if s != 0 {
                    found = true;
                }
                if s != 0 {
                    // Digit by digit, so that no search for a cell's digit ends at
                    // an unpredictable place. A cell emptied by the placement of
                    // another is placed by no digit here and fails the check above
                    // on the next round.
                    for d in 0..9 {
                        let mut m = self.f[3 * d + b] & s;
                        while m != 0 {
                            let bit = m & m.wrapping_neg();
                            m ^= bit;
                            if !self.place_light(d, b, bit) {
                                return None;
                            }
                        }
                    }
                }
            }
            if !found {
                return Some(biv);
            }
        }
    }

    /// The candidates of cell `bit` of band `b` as a mask (bit `d` for digit `d + 1`),
    /// gathered without a branch per digit.
    #[inline(always)]
    fn digits_at(&self, b: usize, bit: u32) -> u32 {
        let mut digits = 0;
        for d in 0..9 {
            digits |= u32::from(self.f[3 * d + b] & bit != 0) << d;
        }
        digits
    }

    /// Among the first [`PICK_BUDGET`] bivalue cells of `biv` (per band), the one with the
    /// most unsolved peers, the bivalue ones counting twice; `(0, 0)` if there is none.
    #[inline(always)]
    fn pick(&self, biv: [u32; 3]) -> (usize, u32) {
        // Best key: the score above, then 255 - cell index so the first cell wins ties.
        let mut best = 0u32;
        let mut budget = PICK_BUDGET;
        for (b, &x) in biv.iter().enumerate() {
            let mut x = x;
            let (b1, b2) = ((b + 1) % 3, (b + 2) % 3);
            // The band's own cells in the low half, the next band's in the high half.
            let u = u64::from(self.unsolved[b]) | u64::from(self.unsolved[b1]) << 32;
            let u2 = self.unsolved[b2];
            let v = u64::from(biv[b]) | u64::from(biv[b1]) << 32;
            let v2 = biv[b2];
            let top = 255 - 27 * b as u32;
            while x != 0 {
                let p = x.trailing_zeros() as usize & 31;
                x &= x - 1;
                let (m, cm) = (SEEN[p], COLUMN[p]);
                let n = (u & m).count_ones() + (u2 & cm).count_ones();
                // Bivalue peers count twice: a guess there is likelier to leave naked singles.
                let n = n + (v & m).count_ones() + (v2 & cm).count_ones();
                best = best.max((n + 1) << 8 | (top - p as u32));
                budget -= 1;
                if budget == 0 {
                    break;
                }
            }
            if budget == 0 {
                break;
            }
        }
        if best == 0 {
            return (0, 0);
        }
        let cell = 255 - (best & 255) as usize;
        (cell / 27, 1 << (cell % 27))
    }

    /// The values of a solved state (each cell in exactly one digit's masks), row-major.
    ///
    /// The digits are written as four bit planes per band (plane `k`: the cells whose
    /// value has bit `k`), eight cells a time through [`SPREAD`]: about 315 instructions
    /// against 775 for a walk over each digit's cells. Inlined, so that a search that only
    /// counts (whose callback reads nothing) builds no grid at all.
    #[inline(always)]
    fn grid(&self) -> [u8; 81] {
        // Eight bytes past the 81st, so that the band's last group writes whole words.
        let mut g = [0u8; 88];
        for b in 0..3 {
            let f = |d: usize| self.f[3 * d + b];
            let planes = [
                f(0) | f(2) | f(4) | f(6) | f(8),
                f(1) | f(2) | f(5) | f(6),
                f(3) | f(4) | f(5) | f(6),
                f(7) | f(8),
            ];
            // Groups of eight cells from 0, 8 and 16, then the band's last three from 24.
            for start in [0, 8, 16, 24] {
                let mut bytes = 0u64;
                for (k, plane) in planes.iter().enumerate() {
                    bytes |= SPREAD[(plane >> start & 0xFF) as usize] << k;
                }
                let at = 27 * b + start;
                g[at..at + 8].copy_from_slice(&bytes.to_le_bytes());
            }
        }
        let mut out = [0u8; 81];
        out.copy_from_slice(&g[..81]);
        out
    }
}

/// What a search counts besides its solutions: nothing (`()`, the plain
/// search, whose code is then exactly as without a counter) or its guesses
/// (`u64`).
pub(super) trait Tally {
    /// One guess: a digit tried in a cell that still has another candidate.
    fn guess(&mut self);
}

impl Tally for () {
    #[inline(always)]
    fn guess(&mut self) {}
}

impl Tally for u64 {
    #[inline(always)]
    fn guess(&mut self) {
        *self += 1;
    }
}

/// A search's running totals and where its solutions go (the triad solver
/// uses it too).
pub(super) struct Ctx<F: FnMut(&[u8; 81]), T: Tally> {
    /// Solutions found so far.
    pub(super) count: usize,
    /// Stop at this many.
    pub(super) limit: usize,
    /// Called with each solution.
    pub(super) on_solution: F,
    /// The guesses, if counted.
    pub(super) guesses: T,
}

/// Defines a recursive search function `$name` (returns true when the limit is reached),
/// compiled with the target features `$feat` if given; `$from`, the same search from a
/// state whose first propagation the caller ran (see [`Opened`]), given its bivalue cells;
/// and `$open`, that propagation alone, without the choice of a cell to guess on (which a
/// puzzle handed to another engine never needs). `$from` takes its first node's guess and
/// goes on in `$name`, so the propagation is inlined in one place of the recursive loop.
macro_rules! searcher {
    ($name:ident, $from:ident, $open:ident $(, $feat:literal)?) => {
        $(#[target_feature(enable = $feat)])?
        fn $open(st: &mut State, biv: &mut Option<[u32; 3]>) {
            *biv = st.settle();
        }

        // The propagation is inlined once, at the top of the loop: a second
        // copy at the loop's end doubled the function (19 KB against 10 KB)
        // and cost 5-10% of the time on the hard sets on an AMD EPYC (Zen 3),
        // with no fewer instructions.
        $(#[target_feature(enable = $feat)])?
        fn $name<F: FnMut(&[u8; 81]), T: Tally>(st: &mut State, ctx: &mut Ctx<F, T>) -> bool {
            loop {
                let Some((b, bit)) = st.propagate() else {
                    return false;
                };
                searcher!(@node $name, st, ctx, b, bit);
            }
        }

        // The first node of a search whose propagation already ran (the
        // router's look): its guess, then the rest in `$name`.
        $(#[target_feature(enable = $feat)])?
        fn $from<F: FnMut(&[u8; 81]), T: Tally>(
            st: &mut State,
            ctx: &mut Ctx<F, T>,
            biv: [u32; 3],
        ) -> bool {
            let (b, bit) = st.pick(biv);
            searcher!(@node $name, st, ctx, b, bit);
            $name(st, ctx)
        }
    };
    // One node: return at a solution or a dead end, else try every candidate
    // of the chosen cell but the last in a copy, and place the last in `st`.
    (@node $name:ident, $st:ident, $ctx:ident, $b:ident, $bit:ident) => {{
    let (st, ctx) = (&mut *$st, &mut *$ctx);
    let (mut b, mut bit) = ($b, $bit);
    if bit == 0 {
        if st.unsolved == [0; 3] {
            let g = st.grid();
            (ctx.on_solution)(&g);
            ctx.count += 1;
            return ctx.count >= ctx.limit;
        }
        // No cell with two candidates: take the first cell with the fewest.
        let mut best = u32::MAX;
        for bb in 0..3 {
            let mut u = st.unsolved[bb];
            while u != 0 {
                let c = u & u.wrapping_neg();
                u ^= c;
                let n = st.digits_at(bb, c).count_ones();
                if n < best {
                    best = n;
                    (b, bit) = (bb, c);
                }
            }
        }
    }
    // The loop below runs once per digit of the cell (twice for a bivalue
    // cell), where a test of each of the nine digits was a branch the data
    // decides.
    let mut digits = st.digits_at(b, bit);
    if digits == 0 {
        return false;
    }
    let mut last = digits.trailing_zeros() as usize;
    digits &= digits - 1;
    while digits != 0 {
        // The digit `last` is tried while another is left: a guess.
        ctx.guesses.guess();
        let mut child = *st;
        child.place_light(last, b, bit);
        if $name(&mut child, ctx) {
            return true;
        }
        last = digits.trailing_zeros() as usize;
        digits &= digits - 1;
    }
    st.place_light(last, b, bit);
    }};
}

searcher!(recurse_portable, from_portable, open_portable);
#[cfg(target_arch = "x86_64")]
searcher!(recurse_x86, from_x86, open_x86, "popcnt,bmi1,bmi2,lzcnt");

/// Whether this CPU runs the x86-64 build of the search (POPCNT, BMI1/2, LZCNT).
#[inline(always)]
fn has_x86_build() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::arch::is_x86_feature_detected!("popcnt")
            && std::arch::is_x86_feature_detected!("bmi1")
            && std::arch::is_x86_feature_detected!("bmi2")
            && std::arch::is_x86_feature_detected!("lzcnt")
    }
    #[cfg(not(target_arch = "x86_64"))]
    false
}

/// A puzzle after its givens are placed and propagated to a fixpoint (singles and
/// locked candidates): what a router looks at ([`Opened::open_cells`]) before it lets
/// this solver's search go on from here ([`Opened::search`]) or hands the puzzle to
/// another engine. The propagation is the search's own first step, not repeated.
pub(super) struct Opened {
    st: State,
    /// The cells with two candidates, per band, from which the search picks its first
    /// guess (see [`State::settle`]): picked only when this solver's search goes on.
    /// `None` when the givens conflict or the propagation met a contradiction (no
    /// solution).
    biv: Option<[u32; 3]>,
    /// Whether the search runs its x86-64 build.
    x86: bool,
}

impl Opened {
    /// `cells` (values 0..=9, else no solution) propagated, with digit `strike.1`
    /// (0-based) struck from the blank cell `strike.0` first if given. The solvers
    /// build it in place instead ([`Opened::start`]).
    #[cfg(test)]
    pub(super) fn new(cells: &[u8; 81], strike: Option<(usize, usize)>) -> Opened {
        let mut opened = Opened::blank();
        opened.start(cells, strike, false);
        opened
    }

    /// A state with nothing placed and no propagation run, to [`Opened::start`] from.
    #[inline(always)]
    pub(super) fn blank() -> Opened {
        Opened {
            st: State::new(),
            biv: None,
            x86: false,
        }
    }

    /// `cells` (values 0..=9, else no solution) propagated in place, on a
    /// [`Opened::blank`] state, with digit `strike.1` (0-based) struck from the blank
    /// cell `strike.0` first if given; on the portable build if `portable`.
    ///
    /// In place: a state returned by value was built in one place and moved to
    /// another (a `memcpy` of 248 bytes a puzzle, whose wide loads waited for the
    /// 4-byte stores that had just written it).
    #[inline(always)]
    pub(super) fn start(
        &mut self,
        cells: &[u8; 81],
        strike: Option<(usize, usize)>,
        portable: bool,
    ) {
        if self.st.place_givens(cells) {
            if let Some((cell, digit)) = strike {
                self.st.f[3 * digit + cell / 27] &= !(1 << (cell % 27));
            }
            self.open(portable);
        }
    }

    /// `st` propagated, on the portable build if `portable`.
    #[inline(always)]
    fn from_state(st: State, portable: bool) -> Opened {
        let mut opened = Opened {
            st,
            biv: None,
            x86: false,
        };
        opened.open(portable);
        opened
    }

    /// Propagates the state in place, on the portable build if `portable`.
    #[inline(always)]
    fn open(&mut self, portable: bool) {
        // The bivalue cells are written in place too: returned, they made the compiler
        // move the whole `Opened` (a `memcpy` of 248 bytes a puzzle).
        let x86 = !portable && has_x86_build();
        let (st, biv) = (&mut self.st, &mut self.biv);
        if x86 {
            #[cfg(target_arch = "x86_64")]
            // SAFETY: the CPU has every feature `open_x86` is compiled for (`has_x86_build`).
            #[allow(unsafe_code)]
            unsafe {
                open_x86(st, biv);
            }
            #[cfg(not(target_arch = "x86_64"))]
            open_portable(st, biv);
        } else {
            open_portable(st, biv);
        }
        self.x86 = x86;
    }

    /// The cells still open after the propagation: 0 when it solved the puzzle or
    /// showed there is no solution.
    pub(super) fn open_cells(&self) -> u32 {
        match self.biv {
            Some(_) => self.st.unsolved.iter().map(|u| u.count_ones()).sum(),
            None => 0,
        }
    }

    /// The candidates the propagation left: `[3 * d + band]` holds the cells of band
    /// `band` (bit `9 * row + column` within it) where digit `d + 1` may go. Meaningful
    /// only when [`Opened::open_cells`] is not 0.
    pub(super) fn candidates(&self) -> &[u32; 27] {
        &self.st.f
    }

    /// This solver's search from here, into `ctx` (which must not be at its limit).
    #[inline(always)]
    pub(super) fn search<F: FnMut(&[u8; 81]), T: Tally>(&mut self, ctx: &mut Ctx<F, T>) {
        let Some(biv) = self.biv else {
            return;
        };
        if self.x86 {
            #[cfg(target_arch = "x86_64")]
            // SAFETY: `x86` is set only where the CPU has every feature `recurse_x86`
            // is compiled for (`has_x86_build`).
            #[allow(unsafe_code)]
            unsafe {
                from_x86(&mut self.st, ctx, biv);
            }
            return;
        }
        from_portable(&mut self.st, ctx, biv);
    }
}

/// Searches `cells` (81 values in row-major order: 0 = blank, 1..=9 = given) for solutions,
/// stopping after `limit` of them. Calls `on_solution` with each solution found (81 digits 1..=9)
/// and returns how many were found (0..=limit). Givens that already conflict give 0; never panics
/// for any input whose values are all in 0..=9. `limit == 0` returns 0 at once.
pub fn search(cells: &[u8; 81], limit: usize, on_solution: impl FnMut(&[u8; 81])) -> usize {
    search_with(cells, limit, on_solution, false)
}

/// Whether the blank cell `cell` (0..81) of `cells` can hold some digit
/// other than `digit` (0-based) in a solution: 1 when some solution avoids
/// `digit` there, else 0. The digit is struck from the cell's candidates
/// before the search starts.
pub fn search_without(cells: &[u8; 81], cell: usize, digit: usize) -> usize {
    debug_assert!(cells[cell] == 0 && digit < 9);
    let Some(mut st) = State::from_givens(cells) else {
        return 0;
    };
    st.f[3 * digit + cell / 27] &= !(1 << (cell % 27));
    count_from(st, 1)
}

/// A search context counting up to `limit`, with no callback and no tally.
///
/// The callback is a closure of its own type, not a function pointer: the search then
/// sees that nothing reads a solution and builds none (a pointer's call kept each
/// solution's grid built, 3% of the instructions counting `serg_benchmark` to 2).
pub(super) fn counter(limit: usize) -> Ctx<impl FnMut(&[u8; 81]), ()> {
    Ctx {
        count: 0,
        limit,
        on_solution: |_| {},
        guesses: (),
    }
}

/// The solutions below `st`, counted up to `limit`.
fn count_from(st: State, limit: usize) -> usize {
    if limit == 0 {
        return 0;
    }
    let mut ctx = counter(limit);
    Opened::from_state(st, false).search(&mut ctx);
    ctx.count
}

/// The starting state of the search for a puzzle whose givens change one
/// cell at a time, as when a generator blanks givens: each change updates
/// the few masks it touches instead of rebuilding the state from 81 cells.
#[derive(Clone)]
pub(crate) struct Givens {
    /// The state as [`State::from_givens`] builds it for `cells`.
    st: State,
    /// Per digit and band, the givens (entries 27-29: the blanks).
    given: [u32; 30],
    cells: [u8; 81],
}

impl Givens {
    /// The givens of `cells`; `None` when they conflict or a value is
    /// above 9.
    pub(crate) fn new(cells: &[u8; 81]) -> Option<Givens> {
        Some(Givens {
            st: State::from_givens(cells)?,
            given: given_masks(cells)?,
            cells: *cells,
        })
    }

    /// Makes cell `cell` (0..81) hold `value` (0 = blank); `None` when the
    /// new given conflicts with another (the state is then unusable).
    pub(crate) fn set(&mut self, cell: usize, value: u8) -> Option<()> {
        let old = self.cells[cell];
        if old == value || value > 9 {
            return (value <= 9).then_some(());
        }
        let (b, bit) = (cell / 27, 1u32 << (cell % 27));
        self.cells[cell] = value;
        self.given[3 * usize::from(SLOT[usize::from(old)]) + b] &= !bit;
        self.given[3 * usize::from(SLOT[usize::from(value)]) + b] |= bit;
        let filled = [0, 1, 2].map(|b| BAND & !self.given[27 + b]);
        self.st.unsolved = filled.map(|f| BAND & !f);
        // The other digits change at this cell only: open to those no given
        // sees when it is now blank, closed to all when it holds a given.
        let p = cell % 27;
        let (b1, b2) = ((b + 1) % 3, (b + 2) % 3);
        for d in 0..9 {
            let g = &self.given[3 * d..3 * d + 3];
            let seen = g[b] & PEERS[p] != 0 || (g[b1] | g[b2]) & COLUMN[p] != 0;
            if value == 0 && !seen {
                self.st.f[3 * d + b] |= bit;
            } else {
                self.st.f[3 * d + b] &= !bit;
            }
        }
        // The digits that came or went change wherever their givens see.
        for v in [old, value] {
            if v != 0 {
                self.st
                    .set_digit(usize::from(v - 1), &self.given, &filled)?;
            }
        }
        Some(())
    }

    /// Whether the givens alone force digit `digit` (0-based) into the blank
    /// cell `cell`: every other digit is seen from the cell (a naked
    /// single), or no other cell of its row, column or box can take it (a
    /// hidden single).
    pub(crate) fn forces(&self, cell: usize, digit: usize) -> bool {
        let (b, p) = (cell / 27, cell % 27);
        let bit = 1u32 << p;
        let f = &self.st.f;
        let others = (0..9).filter(|&d| d != digit && f[3 * d + b] & bit != 0);
        if others.count() == 0 {
            return true;
        }
        let here = [0, 1, 2].map(|band| f[3 * digit + band]);
        let row = 0x1ff << (p / 9 * 9);
        let block = 0x1c0e07 << (p % 9 / 3 * 3);
        let column = here
            .iter()
            .map(|&x| (x & COLUMN[p]).count_ones())
            .sum::<u32>();
        here[b] & row == bit || here[b] & block == bit || column == 1
    }

    /// The state propagated (see [`Opened`]), with digit `strike.1` (0-based)
    /// struck from the blank cell `strike.0` if given.
    pub(super) fn opened(&self, strike: Option<(usize, usize)>) -> Opened {
        let mut st = self.st;
        if let Some((cell, digit)) = strike {
            debug_assert!(self.cells[cell] == 0 && digit < 9);
            st.f[3 * digit + cell / 27] &= !(1 << (cell % 27));
        }
        Opened::from_state(st, false)
    }

    /// Whether some solution avoids digit `digit` (0-based) at the blank
    /// cell `cell`.
    pub(crate) fn has_solution_without(&self, cell: usize, digit: usize) -> bool {
        debug_assert!(self.cells[cell] == 0 && digit < 9);
        let mut st = self.st;
        st.f[3 * digit + cell / 27] &= !(1 << (cell % 27));
        count_from(st, 1) > 0
    }

    /// The number of solutions, counted up to `limit`.
    pub(crate) fn count_up_to(&self, limit: usize) -> usize {
        count_from(self.st, limit)
    }
}

/// [`search`], also counting the guesses: returns the solutions found and
/// the number of digits tried in a cell that still had another candidate
/// (the last candidate left in a cell after the others failed is forced, not
/// guessed). A separate build of the search: [`search`] has no counter.
pub fn search_counting_guesses(
    cells: &[u8; 81],
    limit: usize,
    on_solution: impl FnMut(&[u8; 81]),
) -> (usize, u64) {
    let ctx = search_from(cells, limit, on_solution, 0u64, false);
    (ctx.count, ctx.guesses)
}

/// [`search`], forcing the portable build of the search when `portable` is set.
fn search_with(
    cells: &[u8; 81],
    limit: usize,
    on_solution: impl FnMut(&[u8; 81]),
    portable: bool,
) -> usize {
    search_from(cells, limit, on_solution, (), portable).count
}

/// The search of `cells` with the tally `guesses`; the context as it ends.
#[inline(always)]
fn search_from<F: FnMut(&[u8; 81]), T: Tally>(
    cells: &[u8; 81],
    limit: usize,
    on_solution: F,
    guesses: T,
    portable: bool,
) -> Ctx<F, T> {
    let mut ctx = Ctx {
        count: 0,
        limit,
        on_solution,
        guesses,
    };
    if limit == 0 {
        return ctx;
    }
    let mut opened = Opened::blank();
    opened.start(cells, None, portable);
    opened.search(&mut ctx);
    ctx
}

#[cfg(test)]
mod tests {
    use super::{
        given_masks, given_masks_portable, search, search_counting_guesses, search_with, Givens,
        State,
    };
    use crate::fixtures::{cells_of, sets, shared_set, shared_sets_test};

    fn parse(s: &str) -> [u8; 81] {
        let mut g = [0u8; 81];
        for (c, b) in g.iter_mut().zip(s.bytes()) {
            *c = if b.is_ascii_digit() { b - b'0' } else { 0 };
        }
        g
    }

    /// True if `sol` is a complete valid grid keeping every given of `puzzle`.
    fn valid(puzzle: &[u8; 81], sol: &[u8; 81]) -> bool {
        if puzzle
            .iter()
            .zip(sol)
            .any(|(&p, &s)| !(1..=9).contains(&s) || (p != 0 && p != s))
        {
            return false;
        }
        (0..9).all(|i| {
            let (mut r, mut c, mut b) = (0u16, 0u16, 0u16);
            for j in 0..9 {
                r |= 1 << sol[i * 9 + j];
                c |= 1 << sol[j * 9 + i];
                b |= 1 << sol[(i / 3 * 3 + j / 3) * 9 + i % 3 * 3 + j % 3];
            }
            r == 0x3FE && c == 0x3FE && b == 0x3FE
        })
    }

    /// Plain reference backtracking solver (fewest-candidates cell first).
    fn reference(cells: &[u8; 81], limit: usize) -> Vec<[u8; 81]> {
        fn cands(g: &[u8; 81], n: usize) -> u16 {
            let (r, c) = (n / 9, n % 9);
            let mut used = 0u16;
            for k in 0..9 {
                used |= 1 << g[r * 9 + k];
                used |= 1 << g[k * 9 + c];
                used |= 1 << g[(r / 3 * 3 + k / 3) * 9 + c / 3 * 3 + k % 3];
            }
            !used & 0x3FE
        }
        fn go(g: &mut [u8; 81], limit: usize, out: &mut Vec<[u8; 81]>) {
            let mut best: Option<(usize, u16)> = None;
            for n in 0..81 {
                if g[n] == 0 {
                    let m = cands(g, n);
                    if best.is_none_or(|(_, bm)| m.count_ones() < bm.count_ones()) {
                        best = Some((n, m));
                    }
                }
            }
            let Some((n, m)) = best else {
                out.push(*g);
                return;
            };
            for d in 1..=9u8 {
                if m & (1 << d) != 0 {
                    g[n] = d;
                    go(g, limit, out);
                    g[n] = 0;
                    if out.len() >= limit {
                        return;
                    }
                }
            }
        }
        let mut g = *cells;
        for n in 0..81 {
            if g[n] != 0 {
                let v = g[n];
                g[n] = 0;
                let ok = cands(&g, n) & (1 << v) != 0;
                g[n] = v;
                if !ok {
                    return Vec::new();
                }
            }
        }
        let mut out = Vec::new();
        if limit > 0 {
            go(&mut g, limit, &mut out);
        }
        out
    }

    fn all(cells: &[u8; 81], limit: usize) -> Vec<[u8; 81]> {
        let mut v = Vec::new();
        let n = search(cells, limit, |s| v.push(*s));
        assert_eq!(n, v.len());
        v
    }

    const KNOWN: [(&str, &str); 4] = [
        // AI Escargot (Arto Inkala, 2006).
        (
            "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..",
            "162857493534129678789643521475312986913586742628794135356478219241935867897261354",
        ),
        // Arto Inkala's 2012 "world's hardest sudoku".
        (
            "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
            "812753649943682175675491283154237896369845721287169534521974368438526917796318452",
        ),
        // magictour top1465 #1.
        (
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
            "",
        ),
        // A 17-clue puzzle.
        (
            ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...",
            "",
        ),
    ];

    #[test]
    fn known_puzzles() {
        for (p, s) in KNOWN {
            let p = parse(p);
            let sols = all(&p, 2);
            assert_eq!(sols.len(), 1);
            assert!(valid(&p, &sols[0]));
            if !s.is_empty() {
                assert_eq!(sols[0], parse(s));
            }
            assert_eq!(sols, reference(&p, 2));
            let mut first = None;
            assert_eq!(search(&p, 1, |s| first = Some(*s)), 1);
            assert_eq!(first, Some(sols[0]));
        }
    }

    #[test]
    fn a_solved_state_reads_back_as_its_grid() {
        // Every digit in every position of a band's groups of eight: the solutions of the
        // known puzzles, and each with its digits renamed (1 -> 2 -> ... -> 9 -> 1).
        for (p, _) in KNOWN {
            let mut sol = all(&parse(p), 1)[0];
            for _ in 0..9 {
                let st = State::from_givens(&sol).expect("a solution has no conflict");
                assert_eq!(st.unsolved, [0; 3]);
                assert_eq!(st.grid(), sol);
                for v in sol.iter_mut() {
                    *v = *v % 9 + 1;
                }
            }
        }
    }

    #[test]
    fn counting_guesses_changes_no_answer() {
        let mut rng = XorShift(0x0BAD_5EED_1234_5678);
        let base = parse(KNOWN[0].1);
        let mut guessed = 0;
        for round in 0..400 {
            let g = match KNOWN.get(round) {
                Some((puzzle, _)) => parse(puzzle),
                None => {
                    let mut g = base;
                    let keep = 18 + rng.below(40);
                    for c in g.iter_mut() {
                        if rng.below(81) >= keep {
                            *c = 0;
                        }
                    }
                    g
                }
            };
            for limit in [1, 2] {
                let mut counted = Vec::new();
                let (n, guesses) = search_counting_guesses(&g, limit, |s| counted.push(*s));
                assert_eq!(n, counted.len());
                assert_eq!(counted, all(&g, limit), "round {round}");
                guessed += u64::from(guesses > 0);
            }
        }
        // Sparse grids need guesses; the search still answers the same.
        assert!(guessed > 0);
    }

    #[test]
    fn guesses_are_counted_only_where_the_search_branches() {
        // A puzzle one placement from solved, and a classic easy one: no guess.
        let easy = parse(
            "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
        );
        assert_eq!(search_counting_guesses(&easy, 2, |_| {}), (1, 0));
        let mut nearly = parse(KNOWN[0].1);
        nearly[40] = 0;
        assert_eq!(search_counting_guesses(&nearly, 2, |_| {}), (1, 0));
        // The hardest classics need some; an empty grid needs a guess per
        // solution past the first, at least.
        for (p, _) in KNOWN {
            assert!(search_counting_guesses(&parse(p), 1, |_| {}).1 > 0, "{p}");
        }
        let (n, guesses) = search_counting_guesses(&[0; 81], 10, |_| {});
        assert_eq!(n, 10);
        assert!(guesses >= 10);
        assert_eq!(search_counting_guesses(&[0; 81], 0, |_| {}), (0, 0));
    }

    #[test]
    fn the_guess_prefers_cells_with_bivalue_peers() {
        // An empty grid: every cell has 20 unsolved peers. Of three bivalue
        // cells, r1c1 (band 0) sees neither of the others, while r5c5 and
        // r5c6 (band 1, bits 13 and 14) see each other: the first of those
        // two wins, though r1c1 comes first.
        let st = State::new();
        assert_eq!(st.pick([1, 1 << 13 | 1 << 14, 0]), (1, 1 << 13));
        // A bivalue peer in another band, down the column, counts too.
        assert_eq!(st.pick([1, 1 << 13, 1 << 22]), (1, 1 << 13));
        // Ties go to the first cell; no bivalue cell, no guess.
        assert_eq!(st.pick([1 | 1 << 13, 0, 0]), (0, 1));
        assert_eq!(st.pick([0, 0, 0]), (0, 0));
    }

    #[test]
    fn empty_grid() {
        let e = [0u8; 81];
        let one = all(&e, 1);
        assert_eq!(one.len(), 1);
        assert!(valid(&e, &one[0]));
        let two = all(&e, 2);
        assert_eq!(two.len(), 2);
        assert_ne!(two[0], two[1]);
        assert!(two.iter().all(|s| valid(&e, s)));
        assert_eq!(all(&e, 50).len(), 50);
        assert_eq!(search(&e, 0, |_| panic!("limit 0")), 0);
    }

    #[test]
    fn conflicts_and_unsolvable() {
        // Two 5s in a row, a column, a box; two digits in one column.
        let mut g = [0u8; 81];
        g[0] = 5;
        g[8] = 5;
        assert_eq!(search(&g, 2, |_| {}), 0);
        let mut g = [0u8; 81];
        g[4] = 3;
        g[76] = 3;
        assert_eq!(search(&g, 2, |_| {}), 0);
        let mut g = [0u8; 81];
        g[0] = 7;
        g[20] = 7;
        assert_eq!(search(&g, 2, |_| {}), 0);
        // No conflicting givens, but cell r1c9 has no candidate left.
        let p = parse(
            "12345678.........9...............................................................",
        );
        assert_eq!(search(&p, 2, |_| {}), 0);
        assert!(reference(&p, 1).is_empty());
        // Digit 1 has no place left in box 1 (row 1 and 2 blocked, row 3 full).
        let p = parse(
            ".........1.........1.....................................1...................1....",
        );
        assert_eq!(search(&p, 1, |_| {}), reference(&p, 1).len());
        // Out-of-range values never panic.
        let mut g = [0u8; 81];
        g[10] = 10;
        assert_eq!(search(&g, 1, |_| {}), 0);
    }

    #[test]
    fn multi_solution_matches_reference() {
        let solved = parse(KNOWN[0].1);
        let mut p = solved;
        // Blank rows 1-3 of the first band except a few cells: many solutions.
        for (n, c) in p.iter_mut().enumerate().take(27) {
            if n % 4 != 0 {
                *c = 0;
            }
        }
        for limit in [1, 2, 3, 10, 100, 1000] {
            let mut ours = all(&p, limit);
            let mut want = reference(&p, limit);
            assert_eq!(ours.len(), want.len(), "limit {limit}");
            assert!(ours.iter().all(|s| valid(&p, s)));
            if want.len() < limit {
                ours.sort();
                want.sort();
                assert_eq!(ours, want);
            }
        }
    }

    struct XorShift(u64);
    impl XorShift {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0
        }
        fn below(&mut self, n: u64) -> u64 {
            self.next() % n
        }
    }

    #[test]
    fn random_partial_grids() {
        let mut rng = XorShift(0x9E37_79B9_7F4A_7C15);
        let base = parse(KNOWN[1].1);
        for round in 0..2000 {
            // A random relabelling and band/row shuffle of a solved grid.
            let mut perm: Vec<u8> = (1..=9).collect();
            for i in (1..9).rev() {
                perm.swap(i, rng.below(i as u64 + 1) as usize);
            }
            let mut rows: Vec<usize> = (0..9).collect();
            for band in 0..3 {
                for i in (1..3).rev() {
                    rows.swap(band * 3 + i, band * 3 + rng.below(i as u64 + 1) as usize);
                }
            }
            let transpose = rng.below(2) == 1;
            let mut g = [0u8; 81];
            for r in 0..9 {
                for c in 0..9 {
                    let v = perm[base[rows[r] * 9 + c] as usize - 1];
                    if transpose {
                        g[c * 9 + r] = v;
                    } else {
                        g[r * 9 + c] = v;
                    }
                }
            }
            assert!(valid(&[0; 81], &g));
            let keep = 22 + rng.below(45);
            for c in g.iter_mut() {
                if rng.below(81) >= keep {
                    *c = 0;
                }
            }
            if round % 3 == 0 {
                let n = rng.below(81) as usize;
                g[n] = 1 + rng.below(9) as u8;
            }
            let want = reference(&g, 3);
            let ours = all(&g, 3);
            assert_eq!(ours.len(), want.len(), "round {round}: {g:?}");
            assert!(ours.iter().all(|s| valid(&g, s)));
        }
    }

    #[test]
    fn givens_kept_in_step_equal_a_fresh_build() {
        // Blank and refill random cells of a solved grid, sometimes with a
        // different digit (which can conflict): after every change the
        // incremental state is the one built from scratch, or both refuse.
        let mut rng = XorShift(0x2545_F491_4F6C_DD1D);
        for round in 0..300 {
            let mut cells = parse(KNOWN[round % KNOWN.len()].1);
            let Some(mut givens) = Givens::new(&cells) else {
                panic!("a solved grid has consistent givens");
            };
            for step in 0..120 {
                let i = rng.below(81) as usize;
                let value = match rng.below(10) {
                    0 => 1 + rng.below(9) as u8,
                    1..=6 => 0,
                    _ => parse(KNOWN[round % KNOWN.len()].1)[i],
                };
                cells[i] = value;
                let fresh = State::from_givens(&cells);
                let synced = givens.set(i, value);
                assert_eq!(synced.is_some() && fresh.is_some(), fresh.is_some());
                let Some(fresh) = fresh else {
                    // A conflict: start again from the grid as it is now
                    // without the stray digit.
                    cells[i] = 0;
                    givens = Givens::new(&cells).expect("no conflict left");
                    continue;
                };
                assert_eq!(givens.st.f, fresh.f, "round {round} step {step}");
                assert_eq!(
                    givens.st.unsolved, fresh.unsolved,
                    "round {round} step {step}"
                );
                assert_eq!(givens.count_up_to(2), search(&cells, 2, |_| {}));
            }
        }
    }

    #[test]
    fn given_masks_match_the_portable_loop() {
        let mut rng = XorShift(0x5DEE_CE66_D1CE_4E5B);
        for round in 0..20_000 {
            let mut cells = [0u8; 81];
            for c in cells.iter_mut() {
                *c = match rng.below(4) {
                    0 => 0,
                    _ => rng.below(10) as u8,
                };
            }
            if round % 10 == 0 {
                // A value out of range somewhere, the last cell included.
                let i = if round % 20 == 0 {
                    80
                } else {
                    rng.below(81) as usize
                };
                cells[i] = 10 + rng.below(246) as u8;
            }
            assert_eq!(
                given_masks(&cells),
                given_masks_portable(&cells),
                "{cells:?}"
            );
        }
        assert!(given_masks(&[0; 81]).is_some());
        assert!(given_masks(&[9; 81]).is_some());
    }

    /// Solutions from the portable search, checking it agrees with the default one.
    fn portable(cells: &[u8; 81], limit: usize) -> Vec<[u8; 81]> {
        let mut v = Vec::new();
        let n = search_with(cells, limit, |s| v.push(*s), true);
        assert_eq!(n, v.len());
        assert_eq!(v, all(cells, limit));
        v
    }

    #[test]
    fn portable_matches_default() {
        for (p, _) in KNOWN {
            assert_eq!(portable(&parse(p), 2).len(), 1);
        }
        assert_eq!(portable(&[0; 81], 30).len(), 30);
        let mut rng = XorShift(0x2545_F491_4F6C_DD1D);
        let base = parse(KNOWN[0].1);
        for _ in 0..500 {
            let mut g = base;
            let keep = 20 + rng.below(40);
            for c in g.iter_mut() {
                if rng.below(81) >= keep {
                    *c = 0;
                }
            }
            let want = reference(&g, 3);
            assert_eq!(portable(&g, 3).len(), want.len());
        }
        for p in &cells_of(&sets::hard()) {
            assert_eq!(portable(p, 2).len(), 1);
        }
    }

    shared_sets_test! {
        fn portable_matches_default_on_the_hard_shared_set() {
            for p in shared_set("magictour_top1465.txt").iter().step_by(7) {
                assert_eq!(portable(p, 2).len(), 1);
            }
        }
    }

    /// One solution, valid, for each puzzle of `unique`; two, valid and
    /// different, for each of `several`.
    fn check_sets(unique: &[[u8; 81]], several: &[[u8; 81]]) {
        for p in unique {
            let mut sol = None;
            assert_eq!(search(p, 1, |s| sol = Some(*s)), 1);
            assert!(valid(p, &sol.unwrap()));
            assert_eq!(search(p, 2, |_| {}), 1);
        }
        for p in several {
            let sols = all(p, 2);
            assert_eq!(sols.len(), 2);
            assert!(sols.iter().all(|s| valid(p, s)) && sols[0] != sols[1]);
        }
    }

    /// The sets the project makes: the hard puzzles, and puzzles with two
    /// known solutions.
    #[test]
    fn project_sets() {
        let several: Vec<_> = sets::several_solutions(300)
            .into_iter()
            .map(|(p, _)| p)
            .collect();
        check_sets(&cells_of(&sets::hard()), &cells_of(&several));
    }

    shared_sets_test! {
        fn shared_sets() {
            check_sets(
                &shared_set("magictour_top1465.txt"),
                &shared_set("serg_benchmark.txt"),
            );
        }
    }
}

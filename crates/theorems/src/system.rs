//! Systems of sequences defined by mex over nim-sums of earlier terms.
//!
//! A [`System`] is a finite list of sequences `x_0, x_1, ...`, each indexed
//! by a length `m >= 0`. Sequence `i` has its first `start` terms given
//! ([`Sequence::initial`]); from `m = start` on, `x_i(m)` is the mex of the
//! values of its *options* at `m`, and each option comes from a
//! [`Template`]:
//!
//! * `Unary { constant: c, operand: y, lag: d }`: the option `c ⊕ y(m - d)`;
//!   with `d = 0` the operand is a sequence earlier in the list (the
//!   systems of this crate put a state after every state it moves to), so
//!   the recursion is well founded;
//! * `Split { constant: c, left: y, right: z, removed: t, left_min: α,
//!   right_min: β }`: the options `c ⊕ y(a) ⊕ z(b)` for every `a + b = m - t`
//!   with `a >= α` and `b >= β`, the shape of a move that cuts a heap in two
//!   (octal games) or a leg in two (here).
//!
//! An operand is a sequence of the system or a [`Given`] sequence, known
//! for every index by a closed form (the flows, crashes, twigs and rods of
//! Section 5 of the spider paper). A term may be [`ABSENT`] (written ⊥):
//! an option that reads ⊥ is no option, which is how an illegal move (the
//! crash `C_0`, a leaf that would become a sink) is left out.
//!
//! [`Values`] computes the terms, one length at a time over every sequence;
//! [`System::options`] lists the options of one term with their operands,
//! for the checks of [`crate::lemma`].

use crate::error::SystemError;
use crate::given::Given;
use arrows_solve::canonical::PathFamily;

/// A term: a Grundy value, or [`ABSENT`].
pub type Value = u32;

/// The absent term ⊥: an option that reads it is no option.
pub const ABSENT: Value = u32::MAX;

/// Where an operand's terms come from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Operand {
    /// The sequence of the system at this position in its list.
    Seq(u32),
    /// A sequence known in closed form.
    Given(Given),
}

/// How a sequence's options are made from terms (see the module documentation).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Template {
    /// The option `constant ⊕ operand(m - lag)`.
    Unary {
        /// A nim-heap added to the option.
        constant: Value,
        /// The operand.
        operand: Operand,
        /// How far back the operand is read.
        lag: u32,
    },
    /// The options `constant ⊕ left(a) ⊕ right(b)` for `a + b = m - removed`,
    /// `a >= left_min`, `b >= right_min`.
    Split {
        /// A nim-heap added to every option.
        constant: Value,
        /// The operand read at `a`.
        left: Operand,
        /// The operand read at `b`.
        right: Operand,
        /// What the move removes from the length (`t >= 1`).
        removed: u32,
        /// The least `a`.
        left_min: u32,
        /// The least `b`.
        right_min: u32,
    },
}

impl Template {
    /// The operands, one or two.
    pub fn operands(&self) -> impl Iterator<Item = Operand> + '_ {
        let (a, b) = match *self {
            Template::Unary { operand, .. } => (operand, None),
            Template::Split { left, right, .. } => (left, Some(right)),
        };
        std::iter::once(a).chain(b)
    }

    /// The constant.
    pub fn constant(&self) -> Value {
        match *self {
            Template::Unary { constant, .. } | Template::Split { constant, .. } => constant,
        }
    }
}

/// One sequence of a system.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sequence {
    /// The terms before the recursion starts (`initial.len()` of them).
    pub initial: Vec<Value>,
    /// The templates of its options, used from `m = initial.len()` on.
    pub templates: Vec<Template>,
}

impl Sequence {
    /// The first length given by the recursion.
    pub fn start(&self) -> u32 {
        self.initial.len() as u32
    }
}

/// A finite system of sequences (see the module documentation).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct System {
    seqs: Vec<Sequence>,
    /// `used[i]`: some template of some sequence reads sequence `i`.
    used: Vec<bool>,
}

/// One option of one term: its value and where its operands were read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Opt {
    /// `c ⊕ y ⊕ z`.
    pub value: Value,
    /// The operands with the index each was read at and the term found there.
    pub reads: [(Operand, u32, Value); 2],
    /// How many of `reads` are used (1 or 2).
    pub arity: usize,
    /// The template it comes from (its position in the sequence's list).
    pub template: usize,
}

impl System {
    /// The system of these sequences; refused when a template reads a
    /// sequence that is not there, reads a later (or the same) sequence at
    /// lag 0, removes nothing, or has the absent term as its constant.
    pub fn new(seqs: Vec<Sequence>) -> Result<System, SystemError> {
        let n = seqs.len();
        let mut used = vec![false; n];
        for (i, s) in seqs.iter().enumerate() {
            for t in &s.templates {
                if t.constant() == ABSENT {
                    return Err(SystemError::AbsentConstant { seq: i });
                }
                for op in t.operands() {
                    if let Operand::Seq(j) = op {
                        let j = j as usize;
                        if j >= n {
                            return Err(SystemError::NoSuchSequence { seq: i, operand: j });
                        }
                        used[j] = true;
                    }
                }
                match *t {
                    Template::Unary { operand: Operand::Seq(j), lag: 0, .. } if j as usize >= i => {
                        return Err(SystemError::NotEarlier { seq: i, operand: j as usize });
                    }
                    Template::Split { removed: 0, .. } => return Err(SystemError::NothingRemoved { seq: i }),
                    _ => {}
                }
            }
        }
        Ok(System { seqs, used })
    }

    /// The sequences.
    pub fn sequences(&self) -> &[Sequence] {
        &self.seqs
    }

    /// The number of sequences.
    pub fn len(&self) -> usize {
        self.seqs.len()
    }

    /// `true` for a system without sequences.
    pub fn is_empty(&self) -> bool {
        self.seqs.is_empty()
    }

    /// `true` when some template of the system reads sequence `i`.
    pub fn is_used(&self, i: usize) -> bool {
        self.used[i]
    }

    /// Calls `each` with every option of term `m` of sequence `i`
    /// (`m >= start`), with the terms in `values` (which must reach `m`).
    pub fn options(&self, i: usize, m: u32, values: &Values, mut each: impl FnMut(Opt)) {
        for (template, t) in self.seqs[i].templates.iter().enumerate() {
            template_options(t, template, m, values, &mut each);
        }
    }

    /// An upper bound on the number of options of term `m` of sequence `i`
    /// (the mex of a set never exceeds its size).
    fn option_bound(&self, i: usize, m: u32) -> usize {
        self.seqs[i]
            .templates
            .iter()
            .map(|t| match *t {
                Template::Unary { .. } => 1,
                Template::Split { removed, left_min, right_min, .. } => {
                    (m as usize + 1).saturating_sub((removed + left_min + right_min) as usize)
                }
            })
            .sum()
    }
}

/// The options of one template at length `m`.
fn template_options(t: &Template, template: usize, m: u32, values: &Values, each: &mut impl FnMut(Opt)) {
    match *t {
        Template::Unary { constant, operand, lag } => {
            let Some(idx) = m.checked_sub(lag) else { return };
            let v = values.get(operand, idx);
            if v != ABSENT {
                each(Opt { value: constant ^ v, reads: [(operand, idx, v), (operand, idx, v)], arity: 1, template });
            }
        }
        Template::Split { constant, left, right, removed, left_min, right_min } => {
            let Some(total) = m.checked_sub(removed) else { return };
            if total < left_min + right_min {
                return;
            }
            for a in left_min..=total - right_min {
                let b = total - a;
                let (va, vb) = (values.get(left, a), values.get(right, b));
                if va != ABSENT && vb != ABSENT {
                    each(Opt { value: constant ^ va ^ vb, reads: [(left, a, va), (right, b, vb)], arity: 2, template });
                }
            }
        }
    }
}

/// Per sequence and parity of the index, how often each value occurs
/// among the terms computed, and which values occur (a bit set): a split
/// whose outer operand is a bounded closed form of period 2 (flows,
/// crashes, rods) reads its inner operand only through these, so its
/// options cost the number of values over 64, not `m`.
#[derive(Debug, Clone, Default)]
struct Tally {
    /// `counts[i][parity][v]`.
    counts: Vec<[Vec<u32>; 2]>,
    /// `present[i][parity]`: bit `v` set when `counts[i][parity][v] > 0`.
    present: Vec<[Vec<u64>; 2]>,
}

impl Tally {
    fn new(n: usize) -> Tally {
        Tally { counts: vec![[Vec::new(), Vec::new()]; n], present: vec![[Vec::new(), Vec::new()]; n] }
    }

    fn add(&mut self, i: usize, m: u32, v: Value) {
        if v == ABSENT {
            return;
        }
        let parity = (m % 2) as usize;
        let c = &mut self.counts[i][parity];
        if c.len() <= v as usize {
            c.resize(v as usize + 1, 0);
        }
        c[v as usize] += 1;
        let p = &mut self.present[i][parity];
        if p.len() <= v as usize / 64 {
            p.resize(v as usize / 64 + 1, 0);
        }
        p[v as usize / 64] |= 1 << (v % 64);
    }
}

/// The word whose bit `b` is bit `b ⊕ k` of `x` (`k < 64`): nim-adding `k`
/// to every value of a 64-value block, one block swap per bit of `k`.
fn xor_bits(mut x: u64, k: u32) -> u64 {
    const LOW: [u64; 6] = [
        0x5555_5555_5555_5555,
        0x3333_3333_3333_3333,
        0x0F0F_0F0F_0F0F_0F0F,
        0x00FF_00FF_00FF_00FF,
        0x0000_FFFF_0000_FFFF,
        0x0000_0000_FFFF_FFFF,
    ];
    for (b, low) in LOW.iter().enumerate() {
        if k >> b & 1 == 1 {
            let w = 1 << b;
            x = ((x & low) << w) | ((x >> w) & low);
        }
    }
    x
}

/// The option values seen so far, below a cap (the mex never reaches it).
struct Marks<'a> {
    seen: &'a mut [u64],
    cap: usize,
}

impl Marks<'_> {
    fn mark(&mut self, v: Value) {
        if (v as usize) < self.cap {
            self.seen[v as usize / 64] |= 1 << (v % 64);
        }
    }

    /// `true` when some value below `limit` is not marked.
    fn mex_below(&self, limit: u32) -> bool {
        let limit = (limit as usize).min(self.cap);
        let full = limit / 64;
        if self.seen[..full].iter().any(|&w| w != u64::MAX) {
            return true;
        }
        let rest = limit % 64;
        rest > 0 && self.seen[full] & ((1u64 << rest) - 1) != (1u64 << rest) - 1
    }

    /// Marks the values `64 w + b` for the bits `b` of `x`.
    fn or_word(&mut self, w: usize, x: u64) {
        if let Some(word) = self.seen.get_mut(w) {
            *word |= x;
        }
    }
}

/// The terms of a system's sequences, computed up to a length.
#[derive(Debug, Clone, Default)]
pub struct Values {
    rows: Vec<Vec<Value>>,
    len: u32,
    seen: Vec<u64>,
    tally: Tally,
}

impl Values {
    /// No terms yet.
    pub fn new(system: &System) -> Values {
        let tally = Tally::new(system.len());
        Values { rows: vec![Vec::new(); system.len()], len: 0, seen: Vec::new(), tally }
    }

    /// The number of terms computed in each sequence (indices `0..len`).
    pub fn len(&self) -> u32 {
        self.len
    }

    /// `true` before any term is computed.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The terms of sequence `i`.
    pub fn row(&self, i: usize) -> &[Value] {
        &self.rows[i]
    }

    /// The term of `operand` at `idx` (a sequence's term must be computed).
    pub fn get(&self, operand: Operand, idx: u32) -> Value {
        match operand {
            Operand::Seq(j) => self.rows[j as usize][idx as usize],
            Operand::Given(g) => g.value(idx),
        }
    }

    /// Computes every sequence up to length `len` (indices `0..len`).
    pub fn extend(&mut self, system: &System, len: u32) {
        for m in self.len..len {
            for i in 0..system.len() {
                let s = &system.seqs[i];
                let v = match s.initial.get(m as usize) {
                    Some(&v) => v,
                    None => self.mex(system, i, m),
                };
                self.rows[i].push(v);
                self.tally.add(i, m, v);
            }
            self.len = m + 1;
        }
    }

    /// The mex of the options of term `m` of sequence `i`.
    fn mex(&mut self, system: &System, i: usize, m: u32) -> Value {
        let cap = system.option_bound(i, m) + 1;
        let mut seen = std::mem::take(&mut self.seen);
        seen.clear();
        seen.resize(cap.div_ceil(64), 0);
        {
            let this = &*self;
            let mut marks = Marks { seen: &mut seen, cap };
            let mut twigs: Vec<(Value, usize, u32, u32, u32)> = Vec::new();
            for (template, t) in system.seqs[i].templates.iter().enumerate() {
                match *t {
                    Template::Split {
                        constant,
                        left: Operand::Seq(j),
                        right: Operand::Given(g),
                        removed,
                        left_min,
                        right_min,
                    } if g.form().saltus == 0 && g.form().period == 2 && g.form().pre <= 2 => {
                        this.split_by_parity(j as usize, g, constant, m, removed, left_min, right_min, &mut marks);
                    }
                    Template::Split {
                        constant,
                        left: Operand::Seq(j),
                        right: Operand::Given(Given(PathFamily::Twig)),
                        removed,
                        left_min,
                        right_min,
                    } => twigs.push((constant, j as usize, removed, left_min, right_min)),
                    _ => template_options(t, template, m, this, &mut |o| marks.mark(o.value)),
                }
            }
            if !twigs.is_empty() {
                this.twig_splits(&twigs, m, &mut marks);
            }
        }
        // The mex is at most the number of options, below `cap`: a word
        // with every bit below `cap` set cannot occur.
        let mex = seen
            .iter()
            .enumerate()
            .find(|(_, w)| **w != u64::MAX)
            .map(|(k, w)| k * 64 + w.trailing_ones() as usize)
            .unwrap_or(seen.len() * 64);
        self.seen = seen;
        mex.min(cap) as Value
    }

    /// The options `c ⊕ x_j(a) ⊕ T_b`, `a + b = m - t`, of the splits whose
    /// outer operand is the twig (`T_b = b`), by increasing `b`, one block
    /// of `2^R` at a time, where `2^R` exceeds every constant and every term
    /// of the inner operands: an option with `b >= L` (a multiple of `2^R`)
    /// is then `>= L`, so once the values marked leave a hole below `L`,
    /// the mex is known and the larger `b` are not needed.
    fn twig_splits(&self, twigs: &[(Value, usize, u32, u32, u32)], m: u32, marks: &mut Marks) {
        let top = twigs
            .iter()
            .map(|&(c, j, ..)| {
                c.max(self.tally.counts[j][0].len() as Value).max(self.tally.counts[j][1].len() as Value)
            })
            .max()
            .unwrap_or(0);
        let block = (top + 1).next_power_of_two();
        // The largest b read: m - t - left_min, for a split with any option.
        let longest = twigs
            .iter()
            .filter(|&&(_, _, t, lo, hi)| m.checked_sub(t).is_some_and(|total| total >= lo + hi))
            .map(|&(_, _, t, lo, _)| m - t - lo)
            .max();
        let Some(longest) = longest else { return };
        let mut from = 0u32;
        while from <= longest {
            let to = from.saturating_add(block);
            for &(c, j, t, left_min, right_min) in twigs {
                let Some(total) = m.checked_sub(t) else { continue };
                if total < left_min + right_min {
                    continue;
                }
                let row = &self.rows[j];
                for b in from.max(right_min)..to.min(total - left_min + 1) {
                    let x = row[(total - b) as usize];
                    if x != ABSENT {
                        marks.mark(c ^ x ^ b);
                    }
                }
            }
            if marks.mex_below(to) {
                return;
            }
            from = to;
        }
    }

    /// The options `c ⊕ x_j(a) ⊕ g(b)`, `a + b = m - t`, of a split whose
    /// outer operand `g` has period 2 from an index `<= 2`, marked by value:
    /// for `b` past `g`'s pre-period `g(b)` depends on the parity of `b`,
    /// that is of `a`, so the values of `x_j` on each parity class (the
    /// tally, less the terms outside `a`'s range) give the options.
    #[allow(clippy::too_many_arguments)]
    fn split_by_parity(
        &self,
        j: usize,
        g: Given,
        c: Value,
        m: u32,
        t: u32,
        left_min: u32,
        right_min: u32,
        marks: &mut Marks,
    ) {
        let Some(total) = m.checked_sub(t) else { return };
        if total < left_min + right_min {
            return;
        }
        let pre = g.form().pre;
        let a_hi = total - right_min;
        // a <= total - pre: b past the pre-period; the few others one by one.
        let tail_hi = total.saturating_sub(pre).min(a_hi);
        let row = &self.rows[j];
        for a in (tail_hi + 1).max(left_min)..=a_hi {
            let (va, vb) = (row[a as usize], g.value(total - a));
            if va != ABSENT && vb != ABSENT {
                marks.mark(c ^ va ^ vb);
            }
        }
        if total < pre || tail_hi < left_min {
            return;
        }
        // The tally counts a in 0..len; drop a < left_min and tail_hi < a < len.
        let outside = |a: u32| a < left_min || a > tail_hi;
        for parity in 0..2u32 {
            let counts = &self.tally.counts[j][parity as usize];
            // b = total - a has the parity of total - parity; read g past its pre-period.
            let gb = g.value(2 + (total + 2 - parity) % 2);
            // The tally counts every term of the row, this length's too for a
            // sequence earlier in the list; the few outside the range are dropped.
            let mut drop: Vec<(Value, u32)> = Vec::new();
            for a in (0..left_min).chain(tail_hi + 1..row.len() as u32) {
                if a % 2 == parity && outside(a) && row[a as usize] != ABSENT {
                    let v = row[a as usize];
                    match drop.iter_mut().find(|(w, _)| *w == v) {
                        Some(d) => d.1 += 1,
                        None => drop.push((v, 1)),
                    }
                }
            }
            let k = c ^ gb;
            let present = &self.tally.present[j][parity as usize];
            // The values whose every occurrence lies outside the range are not options.
            let gone: Vec<Value> = drop.iter().filter(|(v, n)| counts[*v as usize] == *n).map(|(v, _)| *v).collect();
            if k < 64 {
                for (w, &word) in present.iter().enumerate() {
                    let mut word = word;
                    for &v in &gone {
                        if v as usize / 64 == w {
                            word &= !(1 << (v % 64));
                        }
                    }
                    marks.or_word(w, xor_bits(word, k));
                }
            } else {
                for (w, &word) in present.iter().enumerate() {
                    let mut rest = word;
                    while rest != 0 {
                        let v = (w * 64) as Value + rest.trailing_zeros();
                        rest &= rest - 1;
                        if !gone.contains(&v) {
                            marks.mark(k ^ v);
                        }
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use arrows_solve::canonical::PathFamily;

    /// Dawson's Kayles, the octal game `0.07` (take two from a heap, leaving
    /// it as none, one or two heaps), is one split template; its published
    /// values start 0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3 (Berlekamp, Conway and
    /// Guy, *Winning Ways*, chapter 4).
    #[test]
    fn dawsons_kayles_from_a_split_template() {
        let seq = Sequence {
            initial: vec![0],
            templates: vec![Template::Split {
                constant: 0,
                left: Operand::Seq(0),
                right: Operand::Seq(0),
                removed: 2,
                left_min: 0,
                right_min: 0,
            }],
        };
        let system = System::new(vec![seq]).unwrap();
        let mut values = Values::new(&system);
        values.extend(&system, 12);
        assert_eq!(values.row(0), &[0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3]);
    }

    /// Splits over the twig with `right_min > 0` read every `b` up to
    /// `m - t - left_min`: the terms equal the mex of the options listed
    /// one by one. The block loop once stopped `right_min` short of the
    /// last `b`; on this system (found by the random probe) it gave
    /// `x_0(6) = 2`, where the mex of the options is 4.
    #[test]
    fn twig_splits_read_every_option() {
        let twig = Operand::Given(Given(PathFamily::Twig));
        let given = |f| Operand::Given(Given(f));
        let split = |constant, left, right, removed| Template::Split {
            constant,
            left,
            right,
            removed,
            left_min: 2,
            right_min: 2,
        };
        let first = Sequence {
            initial: vec![ABSENT],
            templates: vec![
                split(0, Operand::Seq(1), given(PathFamily::Flow), 2),
                split(1, Operand::Seq(0), twig, 1),
                Template::Unary { constant: 1, operand: Operand::Seq(0), lag: 2 },
                split(2, Operand::Seq(1), given(PathFamily::Crash), 2),
            ],
        };
        let second = Sequence {
            initial: vec![ABSENT, 2, 3],
            templates: vec![Template::Unary { constant: 2, operand: Operand::Seq(1), lag: 2 }],
        };
        let system = System::new(vec![first, second]).unwrap();
        let mut values = Values::new(&system);
        values.extend(&system, 60);
        for i in 0..2 {
            for m in system.sequences()[i].start()..60 {
                let mut seen = std::collections::BTreeSet::new();
                system.options(i, m, &values, |o| {
                    seen.insert(o.value);
                });
                let mex = (0..).find(|v| !seen.contains(v)).unwrap();
                assert_eq!(values.row(i)[m as usize], mex, "sequence {i} at m = {m}");
            }
        }
    }

    #[test]
    fn xor_bits_nim_adds_to_every_position() {
        let x = 0x9E37_79B9_7F4A_7C15u64;
        for k in 0..64 {
            let y = xor_bits(x, k);
            for b in 0..64 {
                assert_eq!(y >> b & 1, x >> (b ^ k) & 1, "k {k} bit {b}");
            }
        }
    }

    #[test]
    fn absent_terms_are_no_options() {
        let crash = Operand::Given(Given(PathFamily::Crash));
        let seq =
            Sequence { initial: vec![], templates: vec![Template::Unary { constant: 0, operand: crash, lag: 0 }] };
        let system = System::new(vec![seq]).unwrap();
        let mut values = Values::new(&system);
        values.extend(&system, 3);
        // C_0 is absent (mex of nothing), C_1 = 0, C_2 = 1.
        assert_eq!(values.row(0), &[0, 1, 0]);
    }

    #[test]
    fn malformed_systems_are_refused() {
        let late = Sequence {
            initial: vec![],
            templates: vec![Template::Unary { constant: 0, operand: Operand::Seq(0), lag: 0 }],
        };
        assert_eq!(System::new(vec![late]), Err(SystemError::NotEarlier { seq: 0, operand: 0 }));
        let far = Sequence {
            initial: vec![],
            templates: vec![Template::Unary { constant: 0, operand: Operand::Seq(3), lag: 1 }],
        };
        assert_eq!(System::new(vec![far]), Err(SystemError::NoSuchSequence { seq: 0, operand: 3 }));
    }
}

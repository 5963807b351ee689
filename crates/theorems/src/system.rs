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
            match *t {
                Template::Unary { constant, operand, lag } => {
                    let Some(idx) = m.checked_sub(lag) else { continue };
                    let v = values.get(operand, idx);
                    if v != ABSENT {
                        each(Opt {
                            value: constant ^ v,
                            reads: [(operand, idx, v), (operand, idx, v)],
                            arity: 1,
                            template,
                        });
                    }
                }
                Template::Split { constant, left, right, removed, left_min, right_min } => {
                    let Some(total) = m.checked_sub(removed) else { continue };
                    if total < left_min + right_min {
                        continue;
                    }
                    for a in left_min..=total - right_min {
                        let b = total - a;
                        let (va, vb) = (values.get(left, a), values.get(right, b));
                        if va != ABSENT && vb != ABSENT {
                            each(Opt {
                                value: constant ^ va ^ vb,
                                reads: [(left, a, va), (right, b, vb)],
                                arity: 2,
                                template,
                            });
                        }
                    }
                }
            }
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

/// The terms of a system's sequences, computed up to a length.
#[derive(Debug, Clone, Default)]
pub struct Values {
    rows: Vec<Vec<Value>>,
    len: u32,
    seen: Vec<u64>,
}

impl Values {
    /// No terms yet.
    pub fn new(system: &System) -> Values {
        Values { rows: vec![Vec::new(); system.len()], len: 0, seen: Vec::new() }
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
            }
            self.len = m + 1;
        }
    }

    /// The mex of the options of term `m` of sequence `i`.
    fn mex(&mut self, system: &System, i: usize, m: u32) -> Value {
        let cap = system.option_bound(i, m) + 1;
        let words = cap.div_ceil(64);
        let mut seen = std::mem::take(&mut self.seen);
        seen.clear();
        seen.resize(words, 0);
        {
            let this = &*self;
            system.options(i, m, this, |o| {
                if (o.value as usize) < cap {
                    seen[o.value as usize / 64] |= 1 << (o.value % 64);
                }
            });
        }
        let mex = seen
            .iter()
            .enumerate()
            .find(|(_, w)| **w != u64::MAX)
            .map(|(k, w)| k * 64 + w.trailing_ones() as usize)
            .unwrap_or(words * 64);
        self.seen = seen;
        mex as Value
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

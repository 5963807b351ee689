//! PROOF_DOCS

use crate::given::Given;
use crate::system::{ABSENT, Operand, System, Template, Value, Values};

/// The truncated value ∞ of a term `>= K` (see [`tau`]).
pub const INF: Value = u32::MAX - 1;

/// Truncation at `k`: a term below `k` is itself, a larger one is [`INF`],
/// and ⊥ stays ⊥.
pub fn tau(v: Value, k: u32) -> Value {
    if v == ABSENT {
        ABSENT
    } else if v < k {
        v
    } else {
        INF
    }
}

/// Why a lemma does not apply with the values computed so far.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Obstacle {
    /// More terms are needed: at least this many in every sequence.
    NeedLength(u32),
    /// An option of a sequence that other sequences read joins two terms
    /// `>= K` (their nim-sum is not known from their truncations).
    Top {
        /// The sequence.
        seq: usize,
        /// The length of the term.
        m: u32,
    },
    /// A sequence with unbounded terms has an option joining two unbounded operands.
    TwoGrowing {
        /// The sequence.
        seq: usize,
    },
    /// A sequence with unbounded terms has a split whose bounded operand
    /// reaches `K` (it must stay below, so that adding the saltus commutes
    /// with the nim-sum).
    WideOperand {
        /// The sequence.
        seq: usize,
    },
    /// A split of a doubled sequence reads a doubled sequence.
    SplitReadsDoubled {
        /// The sequence.
        seq: usize,
    },
    /// Unbounded terms grow at different rates (saltus per period).
    Saltus {
        /// One rate.
        a: u32,
        /// Another.
        b: u32,
    },
    /// The options of an unbounded term with a short-lived operand do not
    /// fill `0..s` exactly (conditions (i) and (ii) of Lemma 2).
    Cover {
        /// The sequence.
        seq: usize,
        /// The length of the term.
        m: u32,
    },
}

/// What one period does to a term of a sequence, for its residue class.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    /// `x(m + P) = x(m)`.
    Same,
    /// `x(m + P) = x(m) + s`.
    Add(u32),
    /// Only `x(m) >= K` is proved (Lemma 1 alone).
    Large(u32),
}

/// What is proved about one sequence: for every `m >= start`,
/// `x(m + period)` is `x(m)` moved by `steps[m % period]`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Law {
    /// The first length the law covers.
    pub start: u32,
    /// The period.
    pub period: u32,
    /// One step per residue class modulo the period.
    pub steps: Vec<Step>,
}

impl Law {
    /// `true` when every term from `start` on is known exactly.
    pub fn is_exact(&self) -> bool {
        !self.steps.iter().any(|s| matches!(s, Step::Large(_)))
    }
}

/// Lemma 2's data: the unbounded terms grow by `saltus` every `period`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Arithmetic {
    /// The period `P` of Lemma 2 (a multiple of Lemma 1's).
    pub period: u32,
    /// The saltus `s`, a multiple of `K`.
    pub saltus: u32,
    /// Per sequence, the first length from which its law holds.
    pub start: Vec<u32>,
    /// Per sequence with unbounded terms, the first length not checked (`M'`).
    pub range: Vec<u32>,
}

/// Lemma 3's data for one sequence that no other reads.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Doubled {
    /// The sequence.
    pub seq: usize,
    /// Its pre-period for the period `2P`.
    pub pre: u32,
    /// The first length not checked (`M''`).
    pub range: u32,
    /// The separation bound `L` (a multiple of `K`).
    pub separation: u32,
    /// Per residue modulo `2P`, whether the truncated terms are ∞ (only `>= K` proved).
    pub large: Vec<bool>,
}

/// Everything checked: Lemma 1 for every sequence but the [`Doubled`]
/// ones, Lemma 2 for the unbounded terms when it applies, Lemma 3 for the
/// doubled ones.
#[derive(Debug, Clone)]
pub struct Proof {
    /// The truncation `K`, a power of two.
    pub k: u32,
    /// Lemma 1's period `p`.
    pub period: u32,
    /// Per sequence, Lemma 1's pre-period `n_i` (for a doubled sequence, 0).
    pub pre: Vec<u32>,
    /// Per sequence, Lemma 1's first unchecked length `M_i` (0 for a doubled one).
    pub range: Vec<u32>,
    /// Per sequence, the residues modulo `p` whose truncated terms are ∞.
    pub growing: Vec<Vec<bool>>,
    /// `true` for the sequences left to Lemma 3.
    pub excluded: Vec<bool>,
    /// Lemma 2, when some terms are unbounded and it applies.
    pub arithmetic: Option<Arithmetic>,
    /// Why Lemma 2 does not apply, when some terms are unbounded.
    pub arithmetic_refused: Option<Obstacle>,
    /// Lemma 3, one entry per doubled sequence, when it applies.
    pub doubled: Vec<Doubled>,
    /// Why Lemma 3 does not apply, when some sequences are doubled.
    pub doubled_refused: Option<Obstacle>,
    /// The number of terms computed in each sequence.
    pub length: u32,
    /// The number of equalities `x(m + p) = x(m)` (and their variants) checked.
    pub claims: u64,
}

impl Proof {
    /// The largest pre-period of Lemma 1 (`n0` of the certificate).
    pub fn n0(&self) -> u32 {
        self.pre.iter().copied().max().unwrap_or(0)
    }

    /// The last length whose claim had to be checked, over every lemma used.
    pub fn checked_to(&self) -> u32 {
        let mut n = self.range.iter().copied().max().unwrap_or(0);
        if let Some(a) = &self.arithmetic {
            n = n.max(a.range.iter().copied().max().unwrap_or(0));
        }
        for d in &self.doubled {
            n = n.max(d.range);
        }
        n.saturating_sub(1)
    }

    /// What is proved about sequence `i`; `None` for a doubled sequence
    /// that Lemma 3 did not prove.
    pub fn law(&self, i: usize) -> Option<Law> {
        if self.excluded[i] {
            let d = self.doubled.iter().find(|d| d.seq == i)?;
            let period = d.large.len() as u32;
            let steps = d.large.iter().map(|&l| if l { Step::Large(self.k) } else { Step::Same }).collect();
            return Some(Law { start: d.pre, period, steps });
        }
        let grows = self.growing[i].iter().any(|&g| g);
        match (&self.arithmetic, grows) {
            (Some(a), true) => Some(Law {
                start: a.start[i],
                period: a.period,
                steps: (0..a.period)
                    .map(|r| if self.growing[i][(r % self.period) as usize] { Step::Add(a.saltus) } else { Step::Same })
                    .collect(),
            }),
            _ => Some(Law {
                start: self.pre[i],
                period: self.period,
                steps: self.growing[i].iter().map(|&g| if g { Step::Large(self.k) } else { Step::Same }).collect(),
            }),
        }
    }
}

/// Checks the lemmas on `values` with truncation `k` (a power of two
/// larger than every constant of the system). `Err` says what is missing:
/// more terms, or a hypothesis that fails at this `k`.
pub fn check(system: &System, values: &Values, k: u32) -> Result<Proof, Obstacle> {
    debug_assert!(k.is_power_of_two());
    let n = system.len();
    let readers = readers(system);
    // The doubled set: every sequence whose window has an option joining two
    // terms >= K, and every sequence that reads one, transitively.
    let mut excluded = vec![false; n];
    let lemma1 = loop {
        let l1 = lemma1(system, values, k, &excluded)?;
        if l1.tops.is_empty() {
            break l1;
        }
        let mut todo: Vec<usize> = l1.tops.iter().map(|&(i, _)| i).collect();
        while let Some(i) = todo.pop() {
            if !excluded[i] {
                excluded[i] = true;
                todo.extend(readers[i].iter().copied());
            }
        }
    };
    let Lemma1 { period, pre, range, mut claims, .. } = lemma1;
    let len = values.len();
    let growing: Vec<Vec<bool>> = (0..n)
        .map(|i| {
            let mut g = vec![false; period as usize];
            if !excluded[i] {
                for m in pre[i]..pre[i] + period {
                    g[(m % period) as usize] = tau(values.row(i)[m as usize], k) == INF;
                }
            }
            g
        })
        .collect();
    let mut proof = Proof {
        k,
        period,
        pre,
        range,
        growing,
        excluded,
        arithmetic: None,
        arithmetic_refused: None,
        doubled: Vec::new(),
        doubled_refused: None,
        length: len,
        claims: 0,
    };
    let any_growing = proof.growing.iter().any(|g| g.iter().any(|&x| x));
    let any_doubled = proof.excluded.iter().any(|&x| x);
    if any_growing || any_doubled {
        match lemma2(system, values, &proof) {
            Ok((a, c)) => {
                claims += c;
                proof.arithmetic = Some(a);
            }
            Err(Obstacle::NeedLength(l)) => return Err(Obstacle::NeedLength(l)),
            Err(o) => proof.arithmetic_refused = Some(o),
        }
    }
    if any_doubled {
        if proof.arithmetic.is_some() {
            match lemma3(system, values, &proof) {
                Ok((d, c)) => {
                    claims += c;
                    proof.doubled = d;
                }
                Err(Obstacle::NeedLength(l)) => return Err(Obstacle::NeedLength(l)),
                Err(o) => proof.doubled_refused = Some(o),
            }
        } else {
            proof.doubled_refused = proof.arithmetic_refused;
        }
    }
    proof.claims = claims;
    Ok(proof)
}

/// Per sequence, the sequences whose templates read it.
fn readers(system: &System) -> Vec<Vec<usize>> {
    let mut out = vec![Vec::new(); system.len()];
    for (i, s) in system.sequences().iter().enumerate() {
        for t in &s.templates {
            for op in t.operands() {
                if let Operand::Seq(j) = op
                    && !out[j as usize].contains(&i)
                {
                    out[j as usize].push(i);
                }
            }
        }
    }
    out
}

/// Lemma 1's findings: the period, the pre-periods, the ranges, and the
/// options that join two terms `>= K` in the windows past the ranges.
struct Lemma1 {
    period: u32,
    pre: Vec<u32>,
    range: Vec<u32>,
    tops: Vec<(usize, u32)>,
    claims: u64,
}

/// The givens read by the templates of the sequences `include` selects.
fn givens(system: &System, include: impl Fn(usize) -> bool) -> Vec<Given> {
    let mut out = Vec::new();
    for (i, s) in system.sequences().iter().enumerate() {
        if !include(i) {
            continue;
        }
        for t in &s.templates {
            for op in t.operands() {
                if let Operand::Given(g) = op
                    && !out.contains(&g)
                {
                    out.push(g);
                }
            }
        }
    }
    out
}

fn gcd(a: u32, b: u32) -> u32 {
    if b == 0 { a } else { gcd(b, a % b) }
}

fn lcm(a: u32, b: u32) -> u32 {
    a / gcd(a, b) * b
}

/// The smallest `q <= len / 4` with `τ(x(m + q)) = τ(x(m))` over the second
/// half of the terms: the period the tail suggests.
fn tail_period(row: &[Value], k: u32) -> Option<u32> {
    let len = row.len();
    (1..=len / 4).find(|&q| (len / 2..len - q).all(|m| tau(row[m + q], k) == tau(row[m], k))).map(|q| q as u32)
}

/// The least `n` with `same(m)` for every `m` in `n..end`.
fn least_from(end: u32, same: impl Fn(u32) -> bool) -> u32 {
    let mut n = end;
    while n > 0 && same(n - 1) {
        n -= 1;
    }
    n
}

/// The least `n` from which `τ(g(b + p)) = τ(g(b))` for every `b`: found on
/// the closed form, past the point where it is constant or periodic.
fn given_pre(g: Given, k: u32, p: u32) -> u32 {
    let f = g.form();
    // Past `pre + k` a growing given is >= k for good; a bounded one is
    // periodic from `pre` with a period dividing `p`.
    let end = f.pre + k + p + 1;
    least_from(end, |b| tau(g.value(b + p), k) == tau(g.value(b), k))
}

/// The pre-period of an operand for Lemma 1.
fn op_pre(op: Operand, pre: &[u32], given_pres: &[(Given, u32)]) -> u32 {
    match op {
        Operand::Seq(j) => pre[j as usize],
        Operand::Given(g) => given_pres.iter().find(|(h, _)| *h == g).map(|&(_, n)| n).expect("every given is listed"),
    }
}

/// `M_i`: from this length on, Lemma 1's induction step works for sequence `i`.
fn lemma1_range(system: &System, i: usize, p: u32, pre_of: impl Fn(Operand) -> u32, own: u32) -> u32 {
    let s = &system.sequences()[i];
    let mut m = own.max(s.start());
    for t in &s.templates {
        let need = match *t {
            Template::Unary { operand, lag, .. } => pre_of(operand) + lag,
            Template::Split { left, right, removed, left_min, right_min, .. } => {
                pre_of(left).max(left_min) + pre_of(right).max(right_min) + p + removed - 1
            }
        };
        m = m.max(need);
    }
    m
}

fn lemma1(system: &System, values: &Values, k: u32, excluded: &[bool]) -> Result<Lemma1, Obstacle> {
    let n = system.len();
    let len = values.len();
    let mut p = 1u32;
    for i in (0..n).filter(|&i| !excluded[i]) {
        let q = tail_period(values.row(i), k).ok_or(Obstacle::NeedLength(2 * len))?;
        p = lcm(p, q);
    }
    let used = givens(system, |i| !excluded[i]);
    for g in &used {
        if !g.grows() {
            p = lcm(p, g.form().period);
        }
    }
    if 4 * p > len {
        return Err(Obstacle::NeedLength(8 * p));
    }
    let given_pres: Vec<(Given, u32)> = used.iter().map(|&g| (g, given_pre(g, k, p))).collect();
    let pre: Vec<u32> = (0..n)
        .map(|i| {
            if excluded[i] {
                return 0;
            }
            let row = values.row(i);
            least_from(len - p, |m| tau(row[(m + p) as usize], k) == tau(row[m as usize], k))
        })
        .collect();
    let mut range = vec![0; n];
    let mut tops = Vec::new();
    let mut claims = 0u64;
    for i in (0..n).filter(|&i| !excluded[i]) {
        let r = lemma1_range(system, i, p, |op| op_pre(op, &pre, &given_pres), pre[i]);
        if r + p > len {
            return Err(Obstacle::NeedLength(r + p));
        }
        range[i] = r;
        claims += u64::from(r - pre[i]);
        // No option in the window past the range joins two terms >= K.
        'window: for m in r..r + p {
            let mut top = false;
            system.options(i, m, values, |o| top |= o.arity == 2 && o.reads[0].2 >= k && o.reads[1].2 >= k);
            if top {
                tops.push((i, m));
                break 'window;
            }
        }
    }
    Ok(Lemma1 { period: p, pre, range, tops, claims })
}

/// How one operand behaves for Lemmas 2 and 3.
#[derive(Debug, Clone, Copy)]
struct Behaviour {
    /// From this index on, its law holds.
    start: u32,
    /// Whether some residue grows.
    grows: bool,
}

fn behaviour(op: Operand, proof: &Proof, start: &[u32]) -> Behaviour {
    match op {
        Operand::Seq(j) => {
            let j = j as usize;
            Behaviour { start: start[j], grows: proof.growing[j].iter().any(|&g| g) }
        }
        Operand::Given(g) if g.grows() => Behaviour { start: 0, grows: true },
        Operand::Given(g) => Behaviour { start: g.form().pre, grows: false },
    }
}

/// `true` when the operand's term at `idx` lies in a growing residue class.
fn grows_at(op: Operand, idx: u32, proof: &Proof) -> bool {
    match op {
        Operand::Seq(j) => proof.growing[j as usize][(idx % proof.period) as usize],
        Operand::Given(g) => g.grows(),
    }
}

/// Lemma 2: the terms in growing residue classes grow by one saltus per period.
fn lemma2(system: &System, values: &Values, proof: &Proof) -> Result<(Arithmetic, u64), Obstacle> {
    let n = system.len();
    let (k, p, len) = (proof.k, proof.period, values.len());
    let grows = |i: usize| proof.growing[i].iter().any(|&g| g);
    // The rate: over its own arithmetic period q_i (a multiple of p), every
    // growing class of sequence i gains the same d_i; every sequence, and
    // every growing given read by a growing or doubled sequence, must grow
    // at the same slope d_i / q_i.
    let mut slope: Option<(u32, u32)> = None;
    let mut periods = p;
    let mut meet = |d: u32, q: u32| -> Result<(), Obstacle> {
        match slope {
            Some((d0, q0)) if u64::from(d0) * u64::from(q) != u64::from(d) * u64::from(q0) => {
                Err(Obstacle::Saltus { a: d0 * q / q0.max(1), b: d })
            }
            _ => {
                slope = Some((d, q));
                Ok(())
            }
        }
    };
    for i in (0..n).filter(|&i| grows(i)) {
        let row = values.row(i);
        let from = (len / 2).max(proof.pre[i]);
        // The least multiple q of p over which every growing class gains the same amount.
        let found = (1..).map(|j| j * p).take_while(|&q| from + 2 * q <= len).find_map(|q| {
            let mut gain: Option<u32> = None;
            for m in from..len - q {
                if !proof.growing[i][(m % p) as usize] {
                    continue;
                }
                let (a, b) = (row[m as usize], row[(m + q) as usize]);
                if a == ABSENT || b == ABSENT || b < a || gain.is_some_and(|g| g != b - a) {
                    return None;
                }
                gain = Some(b - a);
            }
            gain.map(|g| (g, q))
        });
        let (d, q) = found.ok_or(Obstacle::NeedLength(2 * len))?;
        periods = lcm(periods, q);
        meet(d, q)?;
    }
    for g in givens(system, |i| grows(i) || proof.excluded[i]) {
        if g.grows() {
            let f = g.form();
            meet(f.saltus, f.period)?;
        }
    }
    // The period P of Lemma 2: the least multiple of every q_i whose saltus
    // is a multiple of K.
    let (p2, s2) = match slope {
        None => (p, 0),
        Some((d, q)) => {
            let raw = u64::from(d) * u64::from(periods) / u64::from(q);
            let raw = u32::try_from(raw).map_err(|_| Obstacle::Saltus { a: d, b: q })?;
            if raw == 0 {
                return Err(Obstacle::Saltus { a: 0, b: 0 });
            }
            let j = k / gcd(raw, k);
            (periods * j, raw * j)
        }
    };
    if 4 * p2 > len {
        return Err(Obstacle::NeedLength(8 * p2));
    }
    // Starts: growing sequences from where their claims hold, the others
    // from Lemma 1's pre-period.
    let mut start = proof.pre.clone();
    let mut claims = 0u64;
    for i in (0..n).filter(|&i| grows(i)) {
        let row = values.row(i);
        if len < 2 * p2 {
            return Err(Obstacle::NeedLength(4 * p2));
        }
        let arith = least_from(len - p2, |m| {
            !proof.growing[i][(m % p) as usize] || {
                let (a, b) = (row[m as usize], row[(m + p2) as usize]);
                if a == ABSENT { b == ABSENT } else { b == a.saturating_add(s2) }
            }
        });
        let bounded = proof.growing[i].iter().any(|&g| !g);
        start[i] = if bounded { arith.max(proof.pre[i]) } else { arith };
    }
    let mut range = vec![0; n];
    let term = |op: Operand, idx: u32| -> Result<Value, Obstacle> {
        match op {
            Operand::Seq(_) if idx >= len => Err(Obstacle::NeedLength(2 * idx)),
            _ => Ok(values.get(op, idx)),
        }
    };
    // The first index from which every term of a growing class of `op` is >= `bound`.
    let beyond = |op: Operand, bound: u32| -> Result<u32, Obstacle> {
        let b = behaviour(op, proof, &start);
        let mut w = b.start;
        loop {
            let mut all = true;
            for idx in w..w + p2 {
                if grows_at(op, idx, proof) && term(op, idx)? < bound {
                    all = false;
                    break;
                }
            }
            if all {
                return Ok(w);
            }
            w += 1;
        }
    };
    for i in (0..n).filter(|&i| grows(i)) {
        let s = &system.sequences()[i];
        // (e): at most one growing operand in a split, and its partner below K.
        for t in &s.templates {
            if let Template::Split { left, right, .. } = *t {
                let (bl, br) = (behaviour(left, proof, &start), behaviour(right, proof, &start));
                if bl.grows && br.grows {
                    return Err(Obstacle::TwoGrowing { seq: i });
                }
                for (partner, other) in [(left, br), (right, bl)] {
                    if other.grows
                        && let Operand::Seq(j) = partner
                        && values.row(j as usize).iter().any(|&v| v != ABSENT && v >= k)
                    {
                        return Err(Obstacle::WideOperand { seq: i });
                    }
                }
            }
        }
        // B of each operand of each template: its start, or the template's minimum.
        let bounds: Vec<[u32; 2]> = s
            .templates
            .iter()
            .map(|t| match *t {
                Template::Unary { operand, .. } => {
                    let b = behaviour(operand, proof, &start).start;
                    [b, b]
                }
                Template::Split { left, right, left_min, right_min, .. } => [
                    behaviour(left, proof, &start).start.max(left_min),
                    behaviour(right, proof, &start).start.max(right_min),
                ],
            })
            .collect();
        // One threshold B* for every growing operand of the sequence, at
        // least each one's own B; tried upward until the conditions hold.
        let mut b_own = 0u32;
        for (t, tpl) in s.templates.iter().enumerate() {
            for (side, op) in tpl.operands().enumerate() {
                if behaviour(op, proof, &start).grows {
                    b_own = b_own.max(bounds[t][side]);
                }
            }
        }
        // The growing operand of an option, as its index, if it has one.
        let growing_read = |o: &crate::system::Opt| -> Option<u32> {
            o.reads[..o.arity]
                .iter()
                .find(|(op, idx, _)| behaviour(*op, proof, &start).grows && grows_at(*op, *idx, proof))
                .map(|&(_, idx, _)| idx)
        };
        // The range for B*, with a* from `extra`: Lemma 1's shape with P.
        let base = |bstar: u32, extra: &dyn Fn(Operand) -> Result<u32, Obstacle>| -> Result<u32, Obstacle> {
            let mut m = start[i].max(s.start());
            for (t, tpl) in s.templates.iter().enumerate() {
                let need = match *tpl {
                    Template::Unary { operand, lag, .. } => behaviour(operand, proof, &start).start + lag,
                    Template::Split { left, right, removed, .. } => {
                        let [bl, br] = bounds[t];
                        let (gl, gr) = (behaviour(left, proof, &start).grows, behaviour(right, proof, &start).grows);
                        if gl {
                            (bstar + p2).max(extra(left)?) + br + removed - 1
                        } else if gr {
                            (bstar + p2).max(extra(right)?) + bl + removed - 1
                        } else {
                            bl + br + p2 + removed - 1
                        }
                    }
                };
                m = m.max(need);
            }
            Ok(m)
        };
        let mut proved = None;
        let mut failed = None;
        for bstar in b_own..=b_own + 2 * p2 {
            let m0 = base(bstar, &|_| Ok(0))?;
            if m0 + p2 > len {
                return Err(Obstacle::NeedLength(m0 + p2));
            }
            // Λ0: above every option whose growing operand is read below B* (or that has none).
            let mut lambda0 = 0u32;
            for m in m0..m0 + p2 {
                if !proof.growing[i][(m % p) as usize] {
                    continue;
                }
                system.options(i, m, values, |o| {
                    if growing_read(&o).is_none_or(|idx| idx < bstar) {
                        lambda0 = lambda0.max(o.value + 1);
                    }
                });
            }
            let lambda = lambda0 + s2;
            // Past a*, a growing operand's options are all >= Λ.
            let r = base(bstar, &|op| beyond(op, lambda + k))?;
            if r + p2 > len {
                return Err(Obstacle::NeedLength(r + p2));
            }
            // (H1), (H2) and (D) over one period past the range.
            let mut bad = None;
            for m in r..r + p2 {
                if !proof.growing[i][(m % p) as usize] {
                    continue;
                }
                let mut young_ok = true;
                let mut seen = vec![false; lambda as usize];
                system.options(i, m, values, |o| {
                    if (o.value as usize) < seen.len() {
                        seen[o.value as usize] = true;
                    }
                    match growing_read(&o) {
                        Some(idx) if idx >= bstar + p2 => {}
                        Some(idx) if idx >= bstar => young_ok &= o.value < lambda,
                        _ => young_ok &= o.value < lambda0,
                    }
                });
                if !young_ok || seen.iter().any(|&x| !x) {
                    bad = Some(m);
                    break;
                }
            }
            match bad {
                None => {
                    proved = Some(r);
                    break;
                }
                Some(m) => failed = failed.or(Some(Obstacle::Cover { seq: i, m })),
            }
        }
        let r = proved.ok_or_else(|| failed.expect("a failure for every B* tried"))?;
        range[i] = r;
        claims += u64::from(r - start[i]);
    }
    Ok((Arithmetic { period: p2, saltus: s2, start, range }, claims))
}

/// Lemma 3: the doubled sequences (an upward-closed set: whatever reads one
/// is one) have truncations periodic with period `2P`.
fn lemma3(system: &System, values: &Values, proof: &Proof) -> Result<(Vec<Doubled>, u64), Obstacle> {
    let a = proof.arithmetic.as_ref().expect("Lemma 3 comes after Lemma 2");
    let (k, p2, len) = (proof.k, a.period, values.len());
    let q = 2 * p2;
    if 2 * q > len {
        return Err(Obstacle::NeedLength(4 * q));
    }
    let n = system.len();
    let doubled: Vec<usize> = (0..n).filter(|&i| proof.excluded[i]).collect();
    let term = |op: Operand, idx: u32| -> Result<Value, Obstacle> {
        match op {
            Operand::Seq(_) if idx >= len => Err(Obstacle::NeedLength(2 * idx)),
            _ => Ok(values.get(op, idx)),
        }
    };
    // Pre-periods of the truncations with period 2P.
    let mut pre3 = vec![0u32; n];
    for &i in &doubled {
        let row = values.row(i);
        pre3[i] = least_from(len - q, |m| tau(row[(m + q) as usize], k) == tau(row[m as usize], k));
    }
    let in_d = |op: Operand| matches!(op, Operand::Seq(j) if proof.excluded[j as usize]);
    let mut out = Vec::new();
    let mut claims = 0u64;
    for &i in &doubled {
        let s = &system.sequences()[i];
        // Y: the largest term of a split operand below its start plus two
        // periods; the separation L is the next multiple of K.
        let mut y = 0u32;
        for t in &s.templates {
            if let Template::Split { left, right, left_min, right_min, .. } = *t {
                if in_d(left) || in_d(right) {
                    return Err(Obstacle::SplitReadsDoubled { seq: i });
                }
                for (op, min) in [(left, left_min), (right, right_min)] {
                    let lo = behaviour(op, proof, &a.start).start.max(min);
                    for idx in 0..lo + q {
                        let v = term(op, idx)?;
                        if v != ABSENT {
                            y = y.max(v);
                        }
                    }
                }
            }
        }
        let sep = k * (y / k + 1);
        // a*: from here on, every term of a growing class is >= the separation.
        let from = |op: Operand| -> Result<u32, Obstacle> {
            let b = behaviour(op, proof, &a.start);
            if !b.grows {
                return Ok(b.start);
            }
            let mut w = b.start;
            loop {
                let mut all = true;
                for idx in w..w + p2 {
                    if grows_at(op, idx, proof) && term(op, idx)? < sep {
                        all = false;
                        break;
                    }
                }
                if all {
                    return Ok(w);
                }
                w += 1;
            }
        };
        let mut range = pre3[i].max(s.start());
        for t in &s.templates {
            let need = match *t {
                Template::Unary { operand, lag, .. } if in_d(operand) => {
                    let Operand::Seq(j) = operand else { unreachable!() };
                    pre3[j as usize] + lag
                }
                Template::Unary { operand, lag, .. } => from(operand)? + lag,
                Template::Split { left, right, removed, left_min, right_min, .. } => {
                    let aa = behaviour(left, proof, &a.start).start.max(left_min);
                    let bb = behaviour(right, proof, &a.start).start.max(right_min);
                    let (aa2, bb2) = (aa.max(from(left)?), bb.max(from(right)?));
                    (aa + bb2).max(aa2 + bb) + q + removed - 1
                }
            };
            range = range.max(need);
        }
        if range + q > len {
            return Err(Obstacle::NeedLength(range + q));
        }
        claims += u64::from(range - pre3[i]);
        let row = values.row(i);
        let large = (0..q)
            .map(|r| {
                let m = (pre3[i]..pre3[i] + q).find(|m| m % q == r).expect("one per class");
                tau(row[m as usize], k) == INF
            })
            .collect();
        out.push(Doubled { seq: i, pre: pre3[i], range, separation: sep, large });
    }
    Ok((out, claims))
}

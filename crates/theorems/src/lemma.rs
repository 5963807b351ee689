//! The periodicity lemmas, their proofs, and the checker that applies them.
//!
//! This module turns finitely many computed terms of a [`System`] into a
//! statement about *every* term. It does so in the way Guy and Smith
//! (1956) turned a finite check into the periodicity of an octal game: if
//! the terms repeat over a long enough stretch, an induction shows they
//! repeat forever. Three lemmas are needed here, because the outer paths of
//! a growing leg include twigs, whose values `T_b = b` grow without bound,
//! and a family's options may join two such unbounded terms. The checker
//! ([`check`]) verifies every hypothesis on the terms; the statement of each
//! lemma below says exactly what it checks, and the proof says why that
//! suffices. Nothing else is trusted: the search for `K` and the periods
//! ([`crate::search`]) only proposes.
//!
//! The same statements, with longer proofs and the proof that a family's
//! system is its game, are in the note `docs/theorems/note.tex`; the blocks
//! between the `note:` markers below are typeset there word for word (the
//! test `note_statements` compares them).
//!
//! # Why a family's system is its game
//!
//! The lemmas speak of systems; [`crate::family`] builds one per family,
//! and the note proves (Theorem 1, *the model*) that its terms are the
//! values of the members. In short: a position is its unmarked edges with
//! the label of each vertex (free, or needing an in-arrow, an out-arrow or
//! both), since the legality of a move and the labels after it depend on
//! these only; a free vertex splits the game into a sum, and an edge that
//! neither orientation may mark is dropped with its ends freed, both
//! exactly. A member is, up to a nim-heap, a state `σ` of the fixed part
//! `H` with a leg of `m >= 1` edges whose end is labelled `e`: the term
//! `x[σ, e](m)`. A move
//! in `H` sees the leg only as one more edge at `v`, whatever `m >= 1` is,
//! so its template is the same for every length; marking the leg's first
//! edge leaves `H` alone (a constant) and the outer path `P[Out, e](m - 1)`
//! or `P[In, e](m - 1)`; marking its edge `p >= 2` leaves
//! `x[σ, In](p - 1) ⊕ P[Out, e](m - p)` or the same with `In` and `Out`
//! exchanged, and the path's term is ⊥ exactly when the move is illegal
//! (the crash `C_0`). So the templates hold from `m = 1` on, and the term
//! `x[σ, e](0) = ⊥` is never read.
//!
//! # Setting and notation
//!
//! A system has sequences `x_i` (`i` in a finite list `S`) and given
//! sequences `x_g` (closed forms, [`crate::given`]), all indexed by
//! `m = 0, 1, 2, ...`, with terms in `ℕ ∪ {⊥}`. Sequence `i` has its first
//! `μ_i` terms given; for `m >= μ_i`, `x_i(m) = mex O_i(m)`, where the
//! options `O_i(m)` come from its templates:
//!
//! * unary `(c, j, d)`: the option `c ⊕ x_j(m - d)` (when `m >= d`); if
//!   `d = 0` and `j` is a sequence of `S`, then `j` comes before `i` in the list;
//! * split `(c, j, k, t, α, β)` with `t >= 1`: the options
//!   `c ⊕ x_j(a) ⊕ x_k(b)` for every `a + b = m - t`, `a >= α`, `b >= β`.
//!
//! An option one of whose terms is ⊥ is no option. A term read by an
//! option is an *operand read at* its index. In each statement below, an
//! option of `i` at length `m'` and an option at length `m` are *twins*
//! when they come from the same template and read the same operands at
//! indices that differ by the shift named; each proof builds the twins and
//! shows they have equal (or shifted) values. The proofs are inductions
//! over the pairs `(i, m)` ordered by `m`, then by the position of `i` in
//! the list: an option of `i` at `m` reads only earlier pairs and given
//! sequences.
//!
//! **Truncation.** Fix `K = 2^k >= 2`. The truncation `τ(v)` is `v` when
//! `v < K`, the symbol `∞` when `v >= K`, and `⊥` when `v = ⊥`; and
//! `⊥ + s = ⊥`. Five facts about nim-sums are used; each is one line of
//! binary arithmetic. Let `c < K` and let `s` be a multiple of `K`.
//!
//! * **(F1)** If `y < K` and `z < K` then `y ⊕ z < K`; if `y < K <= z` then
//!   `y ⊕ z >= K`. Hence when at most one of `y, z` is `>= K`,
//!   `τ(c ⊕ y ⊕ z)` is determined by `c`, `τ(y)` and `τ(z)`; when both are
//!   `>= K` it is not (`K ⊕ K = 0`).
//! * **(F2)** `c ⊕ (y + s) = (c ⊕ y) + s`: adding `s` changes only bits
//!   `>= k`, nim-adding `c` only bits `< k`.
//! * **(F3)** `τ(c ⊕ (y + s) ⊕ (z + s)) = τ(c ⊕ y ⊕ z)`. Write
//!   `y = Kh + l`, `z = Kh' + l'` with `l, l' < K`; then
//!   `c ⊕ y ⊕ z = K(h ⊕ h') + (c ⊕ l ⊕ l')`, which is `< K` exactly when
//!   `h = h'`, and then equals `c ⊕ l ⊕ l'`. Adding `s = Kσ` to both turns
//!   `h, h'` into `h + σ, h' + σ`, which are equal exactly when `h = h'`.
//! * **(F4)** `τ(mex A) = mex_K τ(A)`, where `mex_K B` is the least of
//!   `0, ..., K-1` not in `B`, or `∞` when there is none.
//! * **(F5)** If `L` is a multiple of `K` and `y < L <= z`, then
//!   `c ⊕ y ⊕ z >= K`: `⌊y/K⌋ < L/K <= ⌊z/K⌋`, so the bits `>= k` of
//!   `y ⊕ z` are not all zero, and `c` does not touch them.
//!
//! # Lemma 1 (periodicity)
//!
//! <!-- note: lemma-1 -->
//! **Statement.** Let `p >= 1` and a pre-period `n_i >= 0` for every
//! sequence (given ones included). Let `M_i` be the largest of `n_i`,
//! `μ_i`, the numbers `n_j + d` for the unary templates `(c, j, d)` of `i`,
//! and the numbers `max(n_j, α) + max(n_k, β) + p + t - 1` for its split
//! templates `(c, j, k, t, α, β)`. Assume
//!
//! * **(a)** every constant `c` of a template is `< K`;
//! * **(b)** every given sequence satisfies `τ(x_g(b + p)) = τ(x_g(b))` for
//!   every `b >= n_g`;
//! * **(c)** every system sequence satisfies `τ(x_i(m + p)) = τ(x_i(m))` for
//!   `n_i <= m < M_i`;
//! * **(d)** for `M_i <= m < M_i + p`, no option of `i` at `m` reads two
//!   terms `>= K`.
//!
//! Then `τ(x_i(m + p)) = τ(x_i(m))` for every `i` and every `m >= n_i`,
//! and no option of `i` at any `m >= M_i` reads two terms `>= K`.
//! <!-- note ends -->
//!
//! Hypothesis (b) is known from the closed forms: flows and rods from 0
//! and crashes from 1 when `p` is even; the twig from `K`, where it becomes
//! `∞` for good.
//!
//! **Proof.** Induction on `m + p`, and for equal `m + p` on the position
//! of `i` in the list. Let `m >= M_i` (smaller `m` are (c)); assume the
//! claim for every `(j, m')` with `m' + p < m + p`, and for `(j, m)` with
//! `j` before `i`. Pair the options of `i` at `m + p` with options at `m`:
//!
//! * unary `(c, j, d)`: the option reads `x_j(m + p - d)`, its twin
//!   `x_j(m - d)`. As `m - d >= n_j` (since `m >= M_i >= n_j + d`), the
//!   induction hypothesis (or (b)) gives `τ(x_j(m + p - d)) = τ(x_j(m - d))`;
//!   the one is ⊥ exactly when the other is.
//! * split: let `A = max(n_j, α)`, `B = max(n_k, β)`. An option at `m + p`
//!   reads `(a, b)` with `a + b = m + p - t`. If `a >= A + p`, its twin reads
//!   `(a - p, b)`, a valid pair at `m` since `a - p >= α`, and
//!   `τ(x_j(a)) = τ(x_j(a - p))` because `a - p >= n_j` and `a < m + p`.
//!   Else if `b >= B + p`, the twin reads `(a, b - p)`. Else `a <= A + p - 1`
//!   and `b <= B + p - 1`, so `m + p - t <= A + B + 2p - 2`, that is
//!   `m <= A + B + p + t - 2 < M_i`: impossible. Conversely an option at
//!   `m` reads `(a, b)` with `a + b = m - t`; if `a >= A` its twin at `m + p`
//!   reads `(a + p, b)`, and otherwise `b = m - t - a >= m - t - A + 1 >= B`
//!   (as `m >= M_i >= A + B + t - 1`), and the twin reads `(a, b + p)`.
//!
//! So every option at `m + p` has a twin at `m` reading the same truncated
//! terms, and conversely. Twins read two terms `>= K` together or not at
//! all; for `m < M_i + p` the options at `m` do not by (d), and for
//! `m >= M_i + p` they do not by the induction hypothesis for `(i, m - p)`.
//! So neither do the options at `m + p`, and by (F1) twins have the same
//! truncated value. The truncated option sets at `m` and `m + p` are
//! equal, and by (F4) so are `τ(x_i(m))` and `τ(x_i(m + p))`. ∎
//!
//! **The range.** The terms needed are those of lengths `< M_i + p`, and
//! the last length whose claim is checked is `N = max_i M_i - 1`. For a
//! single sequence with one split (`α = β = 0`) and the same pre-period
//! `n0` everywhere, `M = 2 n0 + p + t - 1`: the octal-game bound (Guy and
//! Smith check `n0 <= n < 2 n0 + p + t`, one more than needed). For a
//! growing leg (see [`crate::family`]) every sequence `x[σ, e]` has splits
//! `x[σ, In](a) ⊕ P(b)` with `α = 1`, `β = 0`, `t = 1`, so with one
//! pre-period `n0` for the system, `N = n0 + π + p - 1`, where `π` is the
//! largest pre-period of the path values read: 0 for flows, 1 for crashes
//! (`C_0 = ⊥`), and `K` for twigs, whose truncation is constant only from
//! `T_K`. The given periods must divide `p` (2 for flows, crashes and rods).
//! The test `lemma_bound` builds a system whose terms repeat for
//! `n0 <= m < M - 1` and break at `m = M - 1`, and checks the checker refuses it.
//!
//! **What Lemma 1 gives.** On a residue class where the truncated terms
//! are finite, the terms themselves repeat with period `p`: the values are
//! bounded and exact. On a class where they are `∞`, only `x_i(m) >= K` is
//! proved. Hypothesis (d) fails when an option joins two unbounded terms
//! (a twig and another growing term), which is where Lemmas 2 and 3 come in.
//!
//! # Lemma 2 (arithmetic periodicity)
//!
//! After Lemma 1, call a residue class `r mod p` of sequence `i` *growing*
//! when `τ(x_i(m)) = ∞` for its `m >= n_i`, a sequence *growing* when it has
//! a growing class, and the twig growing on every class. A *growing read*
//! of an option is an operand from a growing sequence read at an index in a
//! growing class; by (e) below an option has at most one. Lemma 2 gives the
//! exact terms on growing classes.
//!
//! <!-- note: lemma-2 -->
//! **Statement.** Assume the hypotheses of Lemma 1. Let `P` be a multiple
//! of `p`, `s` a positive multiple of `K`, and `ν_i` a start for each
//! sequence: `ν_i = n_i` if `i` does not grow, `ν_i >= n_i` if it has
//! classes of both kinds, any `ν_i >= 0` if all its classes grow; a growing
//! given sequence satisfies `x_g(b + P) = x_g(b) + s` for every `b >= ν_g`
//! (the twig with `ν_g = 0` and `s = P`). Assume
//!
//! * **(e)** no split of a growing sequence reads two growing sequences,
//!   and when one operand of a split of a growing sequence is a growing
//!   sequence, every term of the other is `< K` or ⊥.
//!
//! For each growing `i`, choose three parameters: a threshold `B*` at least
//! `max(ν_g, α)` for every growing operand `g` of a template of `i`, with `α`
//! the least index of the side of `g` (0 for a unary template); a bound
//! `Λ0 >= 0`, with `Λ = Λ0 + s`; and for every growing operand `g` of `i`
//! an index `a*_g >= ν_g` such that every term of `g` at an index of a
//! growing class in `a*_g, ..., a*_g + P - 1` is `>= Λ + K`. Let `M'_i` be
//! the largest of `ν_i`, `μ_i`, and, for each template of `i`:
//!
//! * a unary `(c, j, d)`: `max(B* + P, a*_j) + d` if `j` grows, else `ν_j + d`;
//! * a split with a growing operand `g` and another operand `h`, with `γ`
//!   the least index of the side of `h`: `max(B* + P, a*_g) + max(ν_h, γ) + t - 1`;
//! * a split `(c, j, k, t, α, β)` reading no growing sequence:
//!   `max(ν_j, α) + max(ν_k, β) + P + t - 1`.
//!
//! Assume, for every growing `i`:
//!
//! * **(f)** `x_i(m + P) = x_i(m) + s` for every `m` of a growing class with
//!   `ν_i <= m < M'_i`;
//!
//! and for every `m` of a growing class with `M'_i <= m < M'_i + P`:
//!
//! * **(H2)** every option of `i` at `m` with no growing read, or with its
//!   growing read at an index below `B*`, is `< Λ0`;
//! * **(H1)** every option of `i` at `m` with its growing read at an index
//!   below `B* + P` is `< Λ`;
//! * **(D)** every value `< Λ` is an option of `i` at `m`.
//!
//! Then `x_i(m + P) = x_i(m) + s` for every growing `i` and every `m >= ν_i`
//! of a growing class, and (H1), (H2) and (D) hold at every `m >= M'_i` of
//! a growing class.
//! <!-- note ends -->
//!
//! `Λ0` is a parameter: the checker takes it from the options of one
//! period of lengths, and (H2) is then checked on the final window, so no
//! definition depends on the window it is checked on.
//!
//! **Proof.** One induction over the pairs `(i, ℓ)`, `i` growing and `ℓ` of
//! a growing class with `ℓ >= ν_i + P`, ordered by `ℓ` and then the list;
//! the claim at `(i, ℓ)` is `x_i(ℓ) = x_i(ℓ - P) + s`. Given sequences
//! satisfy it by assumption. Let `ℓ = m + P`; if `m < M'_i` the claim is
//! (f), so let `m >= M'_i`, and assume the claim for every earlier pair.
//! A growing read of an option of `i` at a length `<= m + P` is an earlier
//! pair (a split reads below its length, a unary with `d = 0` an earlier
//! sequence), so the induction hypothesis applies to it.
//!
//! *Step 1 (late reads are large).* Let an option of `i` at a length
//! `<= m + P` have its growing read `(g, a)` with `a >= a*_g`. Write
//! `a = a0 + qP` with `a*_g <= a0 < a*_g + P`; the window gives
//! `x_g(a0) >= Λ + K`, and the induction hypothesis, applied `q` times,
//! `x_g(a) = x_g(a0) + qs`. The rest of the option, `c` nim-added to its
//! other operand if any, is `< K` by (a) and (e), so by (F1) and (F2) the
//! option is at least `K ⌊x_g(a)/K⌋ > x_g(a) - K >= Λ`.
//!
//! *Step 2 (the young options repeat).* Call an option of `i` at `m >= M'_i`
//! *young* if it has no growing read or its growing read `(g, a)` has
//! `a < max(B* + P, a*_g)`, and label it by its growing read. The young
//! options at `m` and at `m + P` have the same values with the same labels.
//! Non-growing operands repeat exactly with period `p` from `ν` on (Lemma 1,
//! where the truncation is finite). A unary whose operand grows reads it at
//! `m - d >= max(B* + P, a*_j)`: in a growing class the option is not young;
//! otherwise its twin shifts the read by `P`, past `B* >= ν_j`. A unary
//! with a non-growing operand shifts by `P` past `ν_j`. A split reading no
//! growing sequence pairs as in Lemma 1 with `P` for `p`. A split with a
//! growing operand `g` read at `a` and the other operand `h` at `b`: if `g`
//! grows at `a`, the twin keeps `a` and shifts `b` by `P`, which stays at
//! least `max(ν_h, γ)` because `a < max(B* + P, a*_g)` and `m >= M'_i`;
//! if not, the twin shifts `a` when `a >= B*` (at `m`) or `a >= B* + P` (at
//! `m + P`), and `b` otherwise, which again stays past `max(ν_h, γ)`.
//!
//! *Step 3 (the conditions hold past the window).* Let `m >= M'_i` of a
//! growing class and `m0` the length of the window with `m0 ≡ m mod P`.
//! By Step 2 the young options at `m` and `m0` agree. (H2) and (H1) speak
//! of young options only, so they hold at `m`. By (D) at `m0` every `v < Λ`
//! is an option at `m0`; by Step 1 it is young; so it is an option at `m`.
//!
//! *Step 4 (the mex).* Write `O(m)` for the options of `i` at `m`. If
//! `v >= Λ` is in `O(m + P)`, then by (H2) and (H1) at `m + P` its growing
//! read `(g, a)` has `a >= B* + P`; its twin at `m` reads `g` at `a - P >= ν_g`
//! and the other operand at the same index, and by the induction hypothesis
//! and (F2) its value is `v - s`. If `v - s >= Λ0` is in `O(m)`, then by (H2)
//! at `m` its growing read has `a >= B*`, and its twin at `m + P`, reading
//! `a + P`, has the value `v`. So for `v >= Λ`, `v ∈ O(m + P)` exactly when
//! `v - s ∈ O(m)`. By (D) at `m`, `μ = mex O(m) >= Λ`; by (D) at `m + P`,
//! `0, ..., Λ-1` are in `O(m + P)`; for `Λ <= v < μ + s`, `v - s` is in
//! `Λ0, ..., μ - 1 ⊆ O(m)`, so `v ∈ O(m + P)`; and `μ + s ∉ O(m + P)`
//! because `μ ∉ O(m)`. Hence `x_i(m + P) = mex O(m + P) = μ + s`. ∎
//!
//! For the twig itself (one sequence, splits `F(a) ⊕ T(b)` and `C(a) ⊕ T'(b)`
//! in the path system of [`crate::paths`]), the lemma proves `T_n = n`
//! from the rules of the game.
//!
//! # Lemma 3 (doubling)
//!
//! When an option joins two growing terms, as `x[σ, In](a) ⊕ T(b)` does in
//! a family whose inner sequences grow, Lemma 1's hypothesis (d) fails.
//! Let `D` be the sequences where it fails, together with every sequence
//! that reads one, repeatedly (so nothing outside `D` reads `D`). Outside
//! `D`, Lemmas 1 and 2 hold; inside, shifting *both* growing operands of
//! such an option by `P` keeps its truncation (F3), which works with the
//! period `Q = 2P`.
//!
//! <!-- note: lemma-3 -->
//! **Statement.** Let `D` be a set of sequences that contains every
//! sequence reading one of its members, such that no split of a sequence of
//! `D` reads a sequence of `D`. Assume Lemmas 1 and 2 hold for the
//! sequences outside `D`, with `p`, `P`, `s` and starts `ν` (`ν = 0` for the
//! twig), and let `Q = 2P`. For `i` in `D`, let `ρ_i` be a pre-period; let
//! `Y` be the largest term of an operand `j` of a split of `i` at an index
//! below `max(ν_j, α) + Q`, with `α` the least index of the side of `j`; let
//! `L = K(⌊Y/K⌋ + 1)`; and for every operand `j` of `i` outside `D` let
//! `a*_j >= ν_j` be an index from which every term of `j` in a growing
//! class is `>= L` (`a*_j = ν_j` if `j` does not grow). For a split
//! `(c, j, k, t, α, β)` let `A = max(ν_j, α)`, `A' = max(A, a*_j)`,
//! `B = max(ν_k, β)` and `B' = max(B, a*_k)`. Let `M''_i` be the largest of
//! `ρ_i`, `μ_i`, the numbers `ρ_j + d` for the unary templates `(c, j, d)`
//! with `j` in `D`, the numbers `a*_j + d` for the other unary templates,
//! and the numbers `max(A + B', A' + B) + Q + t - 1` for the split templates.
//! Assume `τ(x_i(m + Q)) = τ(x_i(m))` for every `i` in `D` and
//! `ρ_i <= m < M''_i`. Then `τ(x_i(m + Q)) = τ(x_i(m))` for every `i` in `D`
//! and every `m >= ρ_i`.
//! <!-- note ends -->
//!
//! **Proof.** Induction on `m + Q` and the list, over `D`. Let `m >= M''_i`.
//! Unary options: a `D` operand is shifted by `Q` (induction); another is
//! shifted by `Q` too, and its truncation does not change: equal terms in a
//! class that does not grow, and terms `>= L >= K` in a growing class past
//! `a*`. A split option at `m + Q` reads `(a, b)`, `a + b = m + Q - t`:
//!
//! * **R1** if `k` does not grow at `b` and `b >= B + Q`: twin `(a, b - Q)`,
//!   equal terms;
//! * **R2** if `j` does not grow at `a` and `a >= A + Q`: twin `(a - Q, b)`;
//! * **R3** if both grow there and `a >= A + P`, `b >= B + P`: twin
//!   `(a - P, b - P)`; both terms drop by `s` (Lemma 2), and by (F3) the
//!   truncation is unchanged;
//! * **R4** if `a < A + Q`, then `b > m - t - A >= B' + Q - 1`, so
//!   `b >= B' + Q`; if `k` does not grow at `b`, R1 applies; if it does,
//!   twin `(a, b - Q)`: `x_j(a) <= Y < L <= x_k(b - Q) < x_k(b)`, so both
//!   options are `>= K` by (F5);
//! * **R5** symmetrically if `b < B + Q`.
//!
//! If neither `a < A + Q` nor `b < B + Q`, one of R1–R3 applies. The
//! converse pairing (from `m` to `m + Q`) uses the same rules forwards,
//! with `a < A` (or `b < B`) handled as in R4. So the truncated option sets
//! at `m` and `m + Q` are equal, and by (F4) so are the truncated terms. ∎
//!
//! Lemma 3 gives exact values where the truncation is finite. A family's
//! own sequence is in `D` as soon as one of its inner sequences grows like
//! the twig (the fixed part can free the hub, leaving the leg as a twig),
//! which is the case of most spiders; their values stay bounded. On a
//! growing class of a sequence in `D`, only `>= K` is proved.
//!
//! # Where the lemmas do not apply
//!
//! The checker refuses, and the family gets no theorem (or a partial one,
//! with `>= K` on some classes), when: no period shows within the length
//! allowed; a split of a sequence of `D` reads a sequence of `D` (Lemma 3
//! needs its split operands proved outside `D`); growing terms grow at different rates
//! (one saltus per period is needed for (F2)); a growing sequence's split
//! reads two growing sequences (Lemma 2's (e)); or (H1), (H2), (D) fail.
//! `experiments/theorems/README.md` counts the committed families where
//! one did.

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
    /// The target is a doubled sequence with unbounded terms: Lemma 3 proves
    /// only that they are at least `K`, at every `K`.
    DoubledGrowing {
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
    /// The truncation `K` breaks hypothesis (a): it is not a power of two
    /// of at least 2, or it does not exceed every constant of the system.
    Truncation {
        /// The `K` refused.
        k: u32,
        /// The largest constant of a template (0 without templates).
        largest_constant: u32,
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
    check_with(system, values, k, Slack::NONE)
}

/// How much shorter than the lemmas' ranges a checker stops, and whether
/// it checks hypothesis (a): nothing shortened and (a) checked for
/// [`check`]. The tests run mutated checkers (one length less per lemma,
/// or (a) unchecked) and require the probes to catch each one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct Slack {
    /// Subtracted from Lemma 1's ranges `M_i`.
    pub(crate) lemma1: u32,
    /// Subtracted from Lemma 2's ranges `M'_i`.
    pub(crate) lemma2: u32,
    /// Subtracted from Lemma 3's ranges `M''_i`.
    pub(crate) lemma3: u32,
    /// `true` to skip hypothesis (a).
    pub(crate) skip_a: bool,
}

impl Slack {
    /// The lemmas' own ranges.
    pub(crate) const NONE: Slack = Slack { lemma1: 0, lemma2: 0, lemma3: 0, skip_a: false };
}

/// [`check`], with the ranges shortened by `slack` (only the tests shorten them).
pub(crate) fn check_with(system: &System, values: &Values, k: u32, slack: Slack) -> Result<Proof, Obstacle> {
    // Hypothesis (a): K = 2^k >= 2 and every constant below it; (F1) to
    // (F5) need nothing else, and break without it.
    let largest_constant =
        system.sequences().iter().flat_map(|s| s.templates.iter().map(Template::constant)).max().unwrap_or(0);
    if !slack.skip_a && (k < 2 || !k.is_power_of_two() || largest_constant >= k) {
        return Err(Obstacle::Truncation { k, largest_constant });
    }
    let n = system.len();
    let readers = readers(system);
    // The doubled set: every sequence whose window has an option joining two
    // terms >= K, and every sequence that reads one, transitively.
    let mut excluded = vec![false; n];
    let lemma1 = loop {
        let l1 = lemma1(system, values, k, &excluded, slack.lemma1)?;
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
        match lemma2(system, values, &proof, slack.lemma2) {
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
            match lemma3(system, values, &proof, slack.lemma3) {
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

/// Lemma 1's ranges `M_i` for period `p`, truncation `k` and the
/// pre-periods `pre` of the system's sequences (the given sequences' are
/// found from their closed forms): claims must be checked for
/// `pre[i] <= m < M_i`, and the terms are needed below `M_i + p`.
pub fn ranges(system: &System, k: u32, p: u32, pre: &[u32]) -> Vec<u32> {
    let used = givens(system, |_| true);
    let given_pres: Vec<(Given, u32)> = used.iter().map(|&g| (g, given_pre(g, k, p))).collect();
    (0..system.len()).map(|i| lemma1_range(system, i, p, |op| op_pre(op, pre, &given_pres), pre[i])).collect()
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

fn lemma1(system: &System, values: &Values, k: u32, excluded: &[bool], slack: u32) -> Result<Lemma1, Obstacle> {
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
        let r =
            lemma1_range(system, i, p, |op| op_pre(op, &pre, &given_pres), pre[i]).saturating_sub(slack).max(pre[i]);
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
fn lemma2(system: &System, values: &Values, proof: &Proof, slack: u32) -> Result<(Arithmetic, u64), Obstacle> {
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
                    // A growing operand read at m - lag is old (past B* + P and a*) in every window.
                    Template::Unary { operand, lag, .. } if behaviour(operand, proof, &start).grows => {
                        (bstar + p2).max(extra(operand)?) + lag
                    }
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
            let r = base(bstar, &|op| beyond(op, lambda + k))?.saturating_sub(slack).max(start[i]);
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
fn lemma3(system: &System, values: &Values, proof: &Proof, slack: u32) -> Result<(Vec<Doubled>, u64), Obstacle> {
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
        let range = range.saturating_sub(slack).max(pre3[i]);
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

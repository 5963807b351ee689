//! Flags of `arrows prove`.

use clap::Args;

const EXAMPLES: &str = "\
Examples:
  arrows prove spider 2 3 5 n            G(S(2,3,5,n)) for every n, with its certificate
  arrows prove spider 2 3 5 n --untrimmed  the same in the Game of Arrows
  arrows prove spider 0^ 1^ n            <0^,1^,n>: Proposition 9.1 read along a leg (n + 1)
  arrows prove spider 0..8 0..8 0..8 n   every 4-legged spider with three fixed legs up to 8
  arrows prove broom n 3                 a broom whose handle grows, three bristles
  arrows prove caterpillar 2,0,3,n       a caterpillar whose spine goes on in a path of n edges
  arrows prove twig n                    Proposition 5.4 (T_n = n) from the rules of the game
  arrows prove rod n --json              Proposition 5.6, as one JSON object

Families (the growing parameter is written n):
  spider L1 L2 ... n   fixed legs and one growing leg, anywhere in the list; a fixed
                       leg is a length (2), a range (0..8: one family per multiset
                       of fixed legs), or the paper's accents (Trimmed Game only):
                       2^ is two unmarked edges then a leaf edge marked away from
                       the hub, 2_v marked toward it; n^ and n_v accent the growing leg
  broom n K            the handle grows, K bristles at its end
  caterpillar L,...,n  spine leaves L,...; the spine goes on in a path of n edges
                       (n first: it grows before the first spine vertex)
  path n               the path P_n
  flow n, crash n, twig n, rod n
                       the labelled paths of Section 5, proved from the rules of the
                       game (no closed form is used): Propositions 5.2, 5.4, 5.6

How it proves: the members of a family are one finite system of sequences.
A move on the growing leg cuts it into the fixed part with a shorter leg
(its end now needing an arrow) and an outer path, valued by Section 5; a move
elsewhere changes the fixed part's state, of which there are finitely many.
Each sequence is the mex of nim-sums of earlier terms. arrows computes the
terms, and checks on them the hypotheses of three lemmas (their statements
and proofs are in the documentation of the arrows-theorems crate, module
lemma, and in experiments/theorems/README.md):

  Lemma 1  truncated at K (terms >= K count as one value), the terms repeat
           with period p from pre-periods n_i, checked up to the range M_i the
           lemma gives; then they repeat for every length (Guy and Smith's
           argument for octal games)
  Lemma 2  terms that grow without bound gain the same saltus s every period P
  Lemma 3  sequences whose options join two unbounded terms repeat with period 2P

The certificate: the lemmas used, n0 (the largest pre-period), p, K, N (the
last length whose claim was checked), the length computed, the number of
sequences, of states of the fixed part, of terms computed and of equalities
checked. A family the lemmas do not cover gets no theorem and the reason: no
period within --max-length terms, options that join two unbounded terms where
no lemma applies, or values that grow in a way Lemma 2 does not cover (then
the classes where only G >= K is proved are marked).

Exit status: 0 when every family is proved, 1 when some is not (each still
printed with its reason), 2 for a bad family or flag.";

/// Arguments of `arrows prove`.
#[derive(Args, Debug)]
#[command(after_long_help = EXAMPLES, arg_required_else_help = true)]
pub struct ProveArgs {
    /// The family: spider, broom, caterpillar, path, flow, crash, twig or rod.
    #[arg(value_name = "FAMILY")]
    pub family: String,
    /// Its parameters, the growing one written n: `spider 2 3 5 n`, `broom n 3`,
    /// `caterpillar 2,0,3,n`, `twig n`. Fixed spider legs may be ranges (0..8)
    /// or carry the paper's accents (2^, 2_v).
    #[arg(value_name = "PARAM", required = true)]
    pub params: Vec<String>,
    /// Play the Game of Arrows (no vertex, leaves included, may become a sink
    /// or a source) instead of the Trimmed Game of Arrows.
    #[arg(long)]
    pub untrimmed: bool,
    /// Print one JSON object per family instead of text.
    #[arg(long)]
    pub json: bool,
    /// The most terms computed in each sequence before giving up on a period
    /// (default 2048; between 64 and 65536).
    #[arg(long, value_name = "N")]
    pub max_length: Option<String>,
    /// Memory budget for the systems of sequences, e.g. 512M or 8G (default:
    /// three quarters of the available memory). Each family's system is
    /// estimated before it is built, and refused past the budget.
    #[arg(long, value_name = "SIZE", value_parser = crate::flags::values::budget)]
    pub max_memory: Option<arrows_work::Budget>,
    /// Time limit for the whole command, e.g. 90s or 10m (default: none;
    /// Ctrl-C stops it). Past the limit the command stops with a message,
    /// exit code 2.
    #[arg(long, value_name = "DURATION", value_parser = crate::flags::values::duration)]
    pub max_time: Option<std::time::Duration>,
}

#!/bin/sh
# The theorems of this folder, as arrows prove writes them: one JSON object
# per family (a theorem and its certificate, or why there is none).
# Re-run with `sh run.sh` (arrows on the PATH) or ARROWS=path/to/arrows sh run.sh;
# the files are deterministic. arrows prove exits 1 when some family gets no
# theorem, after writing every one, so the script goes on.
set -u
ARROWS=${ARROWS:-arrows}

# Every 4-legged spider with three fixed legs up to 8, both rule sets (120 each).
$ARROWS prove spider 1..8 1..8 1..8 n --json > spiders-4-trimmed.jsonl
$ARROWS prove spider 1..8 1..8 1..8 n --untrimmed --json > spiders-4-untrimmed.jsonl

# Every spider with two fixed legs up to 20 (231 each; a leg of length 0 makes a path).
$ARROWS prove spider 0..20 0..20 n --json > spiders-3-trimmed.jsonl
$ARROWS prove spider 0..20 0..20 n --untrimmed --json > spiders-3-untrimmed.jsonl

# Section 5 from the rules of the game (no closed form is used), and the path.
{
    for f in flow crash twig rod; do $ARROWS prove $f n --json; done
    $ARROWS prove path n --json
    $ARROWS prove path n --untrimmed --json
} > section-5.jsonl

# The paper's propositions on marked spiders, read along the last leg.
{
    # Proposition 6.3 and 9.1: the short legs 0 and 1 with their accents.
    for a in 0^ 1^ 0_v 1_v; do
        for b in 0^ 1^ 0_v 1_v; do $ARROWS prove spider $a $b n --json; done
    done
    # Proposition 7.4: <1^,1^,n^> and <1^,1^,n_v>.
    $ARROWS prove spider 1^ 1^ n^ --json
    $ARROWS prove spider 1^ 1^ n_v --json
    # Propositions 9.2 and 9.3: <x^,b^,n>, <x^,b_v,n>, <0^,b,n>, <1^,b,n> for 2 <= b <= 8.
    for b in 2 3 4 5 6 7 8; do
        for x in 0 1; do
            $ARROWS prove spider $x^ $b^ n --json
            $ARROWS prove spider $x^ ${b}_v n --json
            $ARROWS prove spider $x^ $b n --json
        done
    done
} > paper.jsonl

# Brooms (handle grows, 0 to 12 bristles) and caterpillars (a spine of 1 or 2
# vertices with 0 to 3 leaves each, growing at its end). Longer spines are
# proved as quickly, but the canonical engine that checks the theorems takes
# minutes a member on them (caterpillar(3,3,3,n): 43 s at n = 100).
{
    for k in 0 1 2 3 4 5 6 7 8 9 10 11 12; do
        $ARROWS prove broom n $k --json
        $ARROWS prove broom n $k --untrimmed --json
    done
} > brooms.jsonl
{
    for a in 0 1 2 3; do
        $ARROWS prove caterpillar $a,n --json
        $ARROWS prove caterpillar $a,n --untrimmed --json
        for b in 0 1 2 3; do
            $ARROWS prove caterpillar $a,$b,n --json
            $ARROWS prove caterpillar $a,$b,n --untrimmed --json
        done
    done
} > caterpillars.jsonl

#!/bin/bash
# Trees past 16 edges, one size at a time, each split into SHARDS shards run
# JOBS at a time with GNU parallel (on a cluster, submit
# ../cluster/trees.sbatch per size instead and merge the same way):
#
#   bash large.sh untrimmed 17 18 19 20     the Game of Arrows (= Game of Cycles on trees)
#   bash large.sh trimmed 17 18             the Trimmed Game of Arrows (hours: see README)
#
# For each size E it writes the shards to work/RULES-E/ (resumable: run
# again after an interruption), merges them into work/RULES-E.csv (not
# committed: regenerated), and writes the committed summaries:
# patterns-RULES-E.txt (`arrows conjecture`) and rare-RULES-E.csv (every
# tree with G >= 2). The wall time of each size goes to standard error.
set -euo pipefail
A=${ARROWS:-arrows}
SHARDS=${SHARDS:-4}
JOBS=${JOBS:-2}
rules=$1
shift
case $rules in
    trimmed) flags=() ;;
    untrimmed) flags=(--untrimmed) ;;
    *) echo "usage: bash large.sh trimmed|untrimmed EDGES..." >&2; exit 2 ;;
esac
mkdir -p work
for e in "$@"; do
    start=$SECONDS
    seq 0 $((SHARDS - 1)) | parallel --will-cite --halt now,fail=1 -j "$JOBS" \
        "$A" table trees --edges "$e" "${flags[@]}" --threads 1 --quiet --shard "{}/$SHARDS" --out "work/$rules-$e"
    "$A" table merge "work/$rules-$e" --format csv -o "work/$rules-$e.csv"
    "$A" conjecture "work/$rules-$e.csv" --variant "$rules" > "patterns-$rules-$e.txt"
    { head -1 "work/$rules-$e.csv"; awk -F, 'NR > 1 && $2 >= 2' "work/$rules-$e.csv"; } > "rare-$rules-$e.csv"
    echo "$rules, $e edges: $(($(wc -l < "work/$rules-$e.csv") - 1)) trees in $((SECONDS - start)) s" \
         "($SHARDS shards, $JOBS at a time)" >&2
done

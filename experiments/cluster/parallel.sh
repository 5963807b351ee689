#!/bin/bash
# The same sweep as trees.sbatch on one machine with GNU parallel: SHARDS
# shards, JOBS at a time, then the merge.
#
#   EDGES=18 SHARDS=8 JOBS=2 bash parallel.sh > trees18.csv
#
# A shard that is interrupted resumes when this is run again (the shards
# already complete return at once).
set -euo pipefail
A=${ARROWS:-arrows}
EDGES=${EDGES:-12}
SHARDS=${SHARDS:-8}
JOBS=${JOBS:-2}
OUT=${OUT:-trees-$EDGES}
RULES=()
if [ -n "${UNTRIMMED:-}" ]; then RULES=(--untrimmed); fi
seq 0 $((SHARDS - 1)) | parallel --will-cite --halt now,fail=1 -j "$JOBS" \
    "$A" table trees --edges "$EDGES" "${RULES[@]}" --threads 1 --quiet --shard "{}/$SHARDS" --out "$OUT"
"$A" table merge "$OUT" --format csv

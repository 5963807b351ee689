#!/bin/sh
# The larger cases of RESULTS.md, one command a line, each checked like the
# CI cases (.ci/results-check runs the smallest ones): hours in all on two
# cores, so CI does not run this. Run it from the repository root:
# ARROWS=target/release/arrows sh experiments/results-large.sh (arrows on
# the PATH by default). It stops at the first line whose output does not
# state what RESULTS.md claims.
set -eu
ARROWS=${ARROWS:-arrows}
case "$ARROWS" in */*) ARROWS=$(cd "$(dirname "$ARROWS")" && pwd)/$(basename "$ARROWS") ;; esac

expect() {
    want=$1
    shift
    start=$(date +%s)
    out=$("$ARROWS" "$@" --json)
    case "$out" in
        *"$want"*) echo "ok   $(($(date +%s) - start)) s  arrows $*  ($want)" ;;
        *) echo "FAIL arrows $*: expected $want in $out" >&2; exit 1 ;;
    esac
}

expect '"winner":"first"' wheel 11 --cycles
expect '"winner":"first"' wheel 13 --cycles --first-win
expect '"winner":"second"' fan 9 --cycles
expect '"winner":"second"' fan 11 --cycles
expect '"winner":"second"' fan 13 --cycles
expect '"winner":"second"' wheel 20 --cycles
expect '"winner":"second"' wheel 15 --cycles
expect '"winner":"second"' grid 4 6 --cycles
expect '"winner":"second"' grid 5 5 --cycles
expect '"winner":"second"' ladder 12 --cycles
expect '"winner":"first"' prism 9 --cycles --first-win
expect '"winner":"first"' fan 15 --cycles --first-win
"$ARROWS" check --max 60 >/dev/null && echo "ok   arrows check --max 60"
# The theorems: the committed files, written again byte for byte.
dir=$(mktemp -d)
cp experiments/theorems/run.sh "$dir/"
(cd "$dir" && ARROWS="$ARROWS" sh run.sh) || true   # exit 1: the partial families of paper.jsonl
for f in experiments/theorems/*.jsonl; do
    cmp "$f" "$dir/$(basename "$f")"
done
echo "ok   sh experiments/theorems/run.sh: every theorem file written again, the same bytes"
rm -rf "$dir"

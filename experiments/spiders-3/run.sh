#!/bin/sh
# Re-run from this folder: sh run.sh (with `arrows` on the PATH, e.g. after
# `cargo install --path ../..`, or ARROWS=/path/to/arrows sh run.sh).
# Every table is deterministic: the same command writes the same bytes.
set -e
A=${ARROWS:-arrows}
$A table spider --legs 0..40 --format csv -o trimmed.csv
$A conjecture trimmed.csv --variant trimmed > patterns-trimmed.txt
$A table spider --legs 0..40 --untrimmed --format csv -o untrimmed.csv
$A conjecture untrimmed.csv --variant untrimmed > patterns-untrimmed.txt
# Pictures: S(2,b,c) for b, c up to 40, and one panel per a for legs up to 16.
$A table spider --legs 0..40 --format svg --fix 2 > heatmap-trimmed-a2.svg
$A table spider --legs 0..16 --format svg > panels-trimmed.svg
$A table spider --legs 0..40 --untrimmed --format svg --fix 3 > heatmap-untrimmed-a3.svg

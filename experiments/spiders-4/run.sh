#!/bin/sh
# Re-run from this folder: sh run.sh (with `arrows` on the PATH, e.g. after
# `cargo install --path ../..`, or ARROWS=/path/to/arrows sh run.sh).
# Every table is deterministic: the same command writes the same bytes.
set -e
A=${ARROWS:-arrows}
$A table spider --k 4 --legs 0..16 --format csv -o trimmed.csv
$A conjecture trimmed.csv --variant trimmed > patterns-trimmed.txt
$A table spider --k 4 --legs 0..16 --untrimmed --format csv -o untrimmed.csv
$A conjecture untrimmed.csv --variant untrimmed > patterns-untrimmed.txt

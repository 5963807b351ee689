#!/bin/sh
# Re-run from this folder: sh run.sh (with `arrows` on the PATH, e.g. after
# `cargo install --path ../..`, or ARROWS=/path/to/arrows sh run.sh).
# Every table is deterministic: the same command writes the same bytes.
set -e
A=${ARROWS:-arrows}
# S(1,b,c): one leg of length 1, b up to 20, c up to 1000.
$A table spider --legs 1,0..20,0..1000 --format csv -o trimmed.csv
$A conjecture trimmed.csv --variant trimmed > patterns-trimmed.txt
$A table spider --legs 1,0..20,0..1000 --untrimmed --format csv -o untrimmed.csv
$A conjecture untrimmed.csv --variant untrimmed > patterns-untrimmed.txt

#!/usr/bin/env bash
# diag_color.sh — diagnostics are colored as clang's and GCC's (bold
# location, red error:, cyan note:, green caret) only on a terminal or with
# -fcolor-diagnostics / -fdiagnostics-color=always, never into a file or a
# pipe, and never with -fno-color-diagnostics or TERM=dumb.  The terminal
# leg runs under script(1) and is skipped, saying so, without it.
# Usage: diag_color.sh NUCC WORKDIR
set -u
nucc=$1 work=$2
source "$(dirname "$0")/../tools/expect.sh"
bad=$(cd "$(dirname "$0")/../bad" && pwd)/carried_dependence.c
esc=$'\033'

colored() { grep -q "$esc\\[" "$1"; }

run_nucc "$bad" -o "$work/out.c" # stderr is a file
expect_rc 1
colored "$work/stderr" && fail "colors in a file"
expect_stderr "carried_dependence\\.c:7:5: error: "

for opt in -fcolor-diagnostics -fdiagnostics-color=always -fdiagnostics-color; do
  run_nucc "$opt" "$bad" -o "$work/out.c"
  expect_rc 1
  expect_stderr "^${esc}\\[1m[^ ]*carried_dependence\\.c:7:5: ${esc}\\[0m${esc}\\[1;31merror: ${esc}\\[0m${esc}\\[1mloop-carried"
  expect_stderr "${esc}\\[1;36mnote: "
  expect_stderr "^ *${esc}\\[1;32m\\^"
done
run_nucc -fcolor-diagnostics -fno-color-diagnostics "$bad" -o "$work/out.c" # the last one wins
colored "$work/stderr" && fail "colors after -fno-color-diagnostics"
run_nucc -fcolor-diagnostics -p "$work/nowhere" "$bad" -o "$work/out.c"
expect_stderr "^${esc}\\[1mnucc: ${esc}\\[0m${esc}\\[1;31merror: "

if ! command -v script >/dev/null; then
  echo "SKIPPED the terminal leg: script(1) is not installed (util-linux)"
  finish
fi
on_tty() { # on_tty OUT ARGS...: nucc with stdout and stderr on a terminal
  local out=$1
  shift
  TERM=${TERM_FOR_TEST:-xterm} script -qec "$(printf '%q ' "$nucc" "$@")" /dev/null >"$out" 2>&1
}
on_tty "$work/tty.txt" "$bad" -o "$work/out.c"
colored "$work/tty.txt" || fail "no colors on a terminal"
on_tty "$work/tty_no.txt" -fno-color-diagnostics "$bad" -o "$work/out.c"
colored "$work/tty_no.txt" && fail "colors on a terminal with -fno-color-diagnostics"
TERM_FOR_TEST=dumb on_tty "$work/tty_dumb.txt" "$bad" -o "$work/out.c"
colored "$work/tty_dumb.txt" && fail "colors on a terminal with TERM=dumb"
grep -q 'error: ' "$work/tty_dumb.txt" || fail "the terminal leg printed no diagnostic"
finish

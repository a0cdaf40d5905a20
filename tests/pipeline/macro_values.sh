#!/usr/bin/env bash
# macro_values.sh — the output records the values of the macros that shaped
# its kernels and bounds (SPEC §6, issue 23 §4): cc with other values stops
# at an #error naming the macro, both values and the nucc command line;
# with the same values, or a source default under #ifndef left alone both
# times, it compiles.
# Usage: macro_values.sh NUCC PKG_CONFIG_DIR WORKDIR
set -u
nucc=$1 pcdir=$2 work=$3
source "$(dirname "$0")/../tools/expect.sh"
here=$(cd "$(dirname "$0")/.." && pwd)
src=$here/run/macro_values.c
export PKG_CONFIG_PATH="$pcdir${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}"
# shellcheck disable=SC2207
nurt=($(pkg-config --cflags nurt)) || exit 1

# compile OUT.c with cc's extra flags; $cc_rc and $work/cc.err
compile() {
  local out=$1
  shift
  ${CC:-cc} -std=c11 -fsyntax-only "${nurt[@]}" "$@" "$work/$out.c" 2>"$work/cc.err"
  cc_rc=$?
}
expect_cc_ok() {
  [ "$cc_rc" -eq 0 ] || { fail "$1: cc failed"; cat "$work/cc.err"; }
}
expect_cc_error() {
  [ "$cc_rc" -ne 0 ] || fail "$1: cc compiled it"
  grep -qF -- "$2" "$work/cc.err" || { fail "$1: cc's errors lack: $2"; cat "$work/cc.err"; }
}

# -DN=64 for nucc, -DN=100 for cc: the #error, with both values' source
run_nucc -DN=64 "$src" -o "$work/n64.c"
expect_rc 0
compile n64 -DN=100
expect_cc_error "N 64 vs 100" "nucc: N was 64 when this file was translated (nucc -DN=64 $src -o $work/n64.c); compile with the same value"
# the same value: it compiles
compile n64 -DN=64
expect_cc_ok "N 64 both times"
# N left to the source's default (#ifndef N / #define N 64) both times
run_nucc "$src" -o "$work/default.c"
expect_rc 0
compile default
expect_cc_ok "the source's defaults both times"
# the default for nucc, -DN=100 for cc (and the other way round)
compile default -DN=100
expect_cc_error "default vs -DN=100" "nucc: N was 64 when"
compile n64 -DN=64 -DM=41
expect_cc_error "M's default vs -DM=41" "nucc: M was 40 when"
run_nucc -DN=100 "$src" -o "$work/n100.c"
compile n100
expect_cc_error "-DN=100 vs the default" "nucc: N was 100 when"
# a type: REAL=double for nucc, float (the default) or double for cc
run_nucc -DREAL=double "$src" -o "$work/real.c"
expect_rc 0
compile real
expect_cc_error "REAL double vs float" "nucc: REAL was double when"
compile real -DREAL=double
expect_cc_ok "REAL double both times"
# --emit=seq bakes the bounds of its transformed loops too
run_nucc --emit=seq -DN=64 "$src" -o "$work/seq.c"
expect_rc 0
${CC:-cc} -std=c11 -fsyntax-only -DN=100 "$work/seq.c" 2>"$work/cc.err"
cc_rc=$?
expect_cc_error "--emit=seq, N 64 vs 100" "nucc: N was 64 when"
finish

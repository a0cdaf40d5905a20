#!/usr/bin/env bash
# emit_seq.sh — SPEC §1's oracle on the text nucc prints: a program built
# with plain cc (annotations ignored) and the same program through
# `nucc --emit=seq` (every annotation applied except `work`), built with cc
# too, must print the same results.  For the programs whose run_both.sh run
# has no --emit=seq leg (tests/emit_seq.cmake lists them): no OpenCL, no nurt.
#
# Usage: emit_seq.sh NUCC WORKDIR prog.c [args...]
# Environment: OUTCMP, CC, RELTOL, RUN_TIMEOUT (default 120 s per run), and
#   NUCC_QUICK=1  skip (exit 77), as run_both.sh skips its --emit=seq leg
# The program's first ten lines may hold `// nucc-flags: ...` and
# `// cc-flags: ...` (words added to nucc's command; replacing cc's -std=c11),
# as for run_both.sh.
set -u

if [ $# -lt 3 ]; then
  echo "usage: $0 NUCC WORKDIR prog.c [args...]" >&2
  exit 2
fi
nucc=$1 work=$2 prog=$3
shift 3
args=("$@")
name=$(basename "$prog" .c)
if [ "${NUCC_QUICK:-0}" = 1 ]; then
  echo "skipped [$name]: emit_seq (NUCC_QUICK=1)"
  exit 77
fi
outcmp=${OUTCMP:-outcmp}
cc=${CC:-cc}
timeout_s=${RUN_TIMEOUT:-120}
cflags=(-O1 -std=c11)
nucc_flags=()
cc_line=$(head -n 10 "$prog" | sed -n 's|^// cc-flags: *||p' | head -n 1)
nucc_line=$(head -n 10 "$prog" | sed -n 's|^// nucc-flags: *||p' | head -n 1)
# shellcheck disable=SC2206
[ -n "$nucc_line" ] && nucc_flags=($nucc_line)
# shellcheck disable=SC2206
[ -n "$cc_line" ] && cflags=(-O1 $cc_line)
tol=()
[ -n "${RELTOL:-}" ] && tol=("$RELTOL")

rm -rf "$work"
mkdir -p "$work" || exit 1

# show FILE...: the files, for a failure report.
show() {
  local f
  for f in "$@"; do
    [ -e "$f" ] && { echo "---- $f"; cat "$f"; }
  done
  echo "----"
}

# build_run LEG SRC: builds SRC into WORK/LEG and runs it, output in WORK/LEG.out.
build_run() {
  local leg=$1 src=$2 rc
  if ! "$cc" "${cflags[@]}" -o "$work/$leg" "$src" -lm 2>"$work/$leg.cc.err"; then
    echo "FAIL [$name]: cc failed on $src"
    show "$work/$leg.cc.err"
    return 1
  fi
  timeout "$timeout_s" "$work/$leg" "${args[@]}" >"$work/$leg.out" 2>"$work/$leg.err"
  rc=$?
  if [ $rc -ne 0 ]; then
    echo "FAIL [$name]: $leg exited with status $rc$([ $rc -eq 124 ] && echo " (timed out)")"
    show "$work/$leg.out" "$work/$leg.err"
    return 1
  fi
}

build_run seq "$prog" || exit 1
if ! "$nucc" "${nucc_flags[@]}" --emit=seq "$prog" -o "$work/prog.seq.c" 2>"$work/emit_seq.err"; then
  echo "FAIL [$name]: nucc --emit=seq failed on $prog"
  show "$work/emit_seq.err"
  exit 1
fi
build_run emit_seq "$work/prog.seq.c" || exit 1
if ! "$outcmp" "$work/seq.out" "$work/emit_seq.out" "${tol[@]}" >"$work/emit_seq.cmp" 2>&1; then
  echo "FAIL [$name]: emit_seq: output differs from the sequential build"
  cat "$work/emit_seq.cmp"
  show "$work/seq.out" "$work/emit_seq.out"
  exit 1
fi
echo "PASSED [$name]: emit_seq matches seq"

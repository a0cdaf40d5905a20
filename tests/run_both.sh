#!/usr/bin/env bash
# run_both.sh — the oracle of the project: a program built with plain cc
# (annotations ignored, sequential) and the same program built through nucc
# and nurt must print the same results.
#
# Usage: run_both.sh NUCC PKG_CONFIG_DIR WORKDIR prog.c [args...]
#   NUCC            the nucc executable
#   PKG_CONFIG_DIR  directory holding nurt.pc (PKG_CONFIG_PATH for the nurt build)
#   WORKDIR         scratch directory for this test (created, emptied)
#   prog.c args     the program and its command-line arguments
# Environment:
#   OUTCMP          the outcmp tool (default: outcmp in PATH)
#   CC              C compiler (default cc)
#   RELTOL          relative tolerance for outcmp (default: outcmp's, 1e-4)
#   RUN_TIMEOUT     seconds allowed per program run (default 120)
#   NUCC_EMIT_SEQ=1 also check nucc --emit=seq (see the marked leg below)
#   NUCC_VERIFY=1   also run the nucc build with NU_VERIFY=1
#   NUCC_HOST_FIRST=MS  also run it with NU_HOST_FIRST=MS
#   NUCC_QUICK=1    skip the two legs above whatever they say (make check:
#                   the quick loop; make test runs every leg)
# The program may ask for options in a comment of its first ten lines:
#   // nucc-flags: --openmp -std=gnu89   added to every nucc command
#   // cc-flags: -std=gnu89 -w           replace -std=c11 in every cc command
#                                        (-fopenmp there builds every leg with OpenMP)
#   // nucc-kernels: 2                   nucc's output must hold that many kernels
#                                        (a loop left on the host matches cc too)
#   // nucc-with: units/helper.c          another file of the program, relative to
#                                        it: given to nucc with --with and built
#                                        into every leg
#   %dir% in those lines is the program's directory (-I%dir%/include)
# The outputs of nucc are built in WORKDIR: their cc commands search the
# program's directory for its "" headers (-iquote), as cc does for prog.c.
# Legs: seq (cc), nu (nucc + nurt, default device), nu with NU_DEVICE=host.
# Exit 0 when every leg builds, runs and matches the sequential output.
set -u

if [ $# -lt 4 ]; then
  echo "usage: $0 NUCC PKG_CONFIG_DIR WORKDIR prog.c [args...]" >&2
  exit 2
fi
nucc=$1
pcdir=$2
work=$3
prog=$4
shift 4
args=("$@")

outcmp=${OUTCMP:-outcmp}
cc=${CC:-cc}
timeout_s=${RUN_TIMEOUT:-120}
cflags=(-O1 -std=c11)
# In a sanitizer build nurt is instrumented: the programs must be too.
# shellcheck disable=SC2206
extra_cflags=(${NUCC_TEST_CFLAGS:-})
cflags+=("${extra_cflags[@]}")
# per-program options (see above); words split on purpose
nucc_flags=()
cc_line=$(head -n 10 "$prog" | sed -n 's|^// cc-flags: *||p' | head -n 1)
nucc_line=$(head -n 10 "$prog" | sed -n 's|^// nucc-flags: *||p' | head -n 1)
want_kernels=$(head -n 10 "$prog" | sed -n 's|^// nucc-kernels: *||p' | head -n 1)
progdir=$(cd "$(dirname "$prog")" && pwd)
cc_line=${cc_line//%dir%/$progdir}
nucc_line=${nucc_line//%dir%/$progdir}
# shellcheck disable=SC2206
[ -n "$nucc_line" ] && nucc_flags=($nucc_line)
# the program's other files: nucc reads them, cc builds them into each leg
with_files=()
for w in $(head -n 10 "$prog" | sed -n 's|^// nucc-with: *||p'); do
  with_files+=("$progdir/$w")
  nucc_flags+=(--with "$progdir/$w")
done
if [ -n "$cc_line" ]; then
  # shellcheck disable=SC2206
  cflags=(-O1 $cc_line "${extra_cflags[@]}")
fi
tol=()
if [ -n "${RELTOL:-}" ]; then
  tol=("$RELTOL")
fi

name=$(basename "$prog" .c)
failed=0
# A pass under NUCC_QUICK says what it did not check.
if [ "${NUCC_QUICK:-0}" = 1 ]; then
  [ "${NUCC_VERIFY:-0}" = 1 ] && echo "skipped [$name]: nu_verify (NUCC_QUICK=1)"
  [ "${NUCC_EMIT_SEQ:-0}" = 1 ] && echo "skipped [$name]: emit_seq (NUCC_QUICK=1)"
  NUCC_VERIFY=0
  NUCC_EMIT_SEQ=0
fi

rm -rf "$work"
mkdir -p "$work" || exit 1

fail() {
  echo "FAIL [$name]: $*"
  failed=1
}

# show FILE...: print files for a failure report.
show() {
  local f
  for f in "$@"; do
    if [ -e "$f" ]; then
      echo "---- $f"
      cat "$f"
    fi
  done
  echo "----"
}

# run_prog LEG COMMAND...: runs the command (a binary, maybe behind `env`) with
# the program's arguments, stdout to WORK/LEG.out and stderr to WORK/LEG.err.
# Fails on a non-zero exit.
run_prog() {
  local leg=$1 rc
  shift
  # No retry on a sanitizer crash: LeakSanitizer's tracer crash at exit had a
  # cause, fixed in the tests' ASAN_OPTIONS (tests/CMakeLists.txt), and a
  # retry would hide a real crash in nurt's exit path.
  if command -v timeout >/dev/null 2>&1; then
    timeout "$timeout_s" "$@" "${args[@]}" >"$work/$leg.out" 2>"$work/$leg.err"
  else
    "$@" "${args[@]}" >"$work/$leg.out" 2>"$work/$leg.err"
  fi
  rc=$?
  if [ $rc -ne 0 ]; then
    if [ $rc -eq 124 ]; then
      fail "$leg: program timed out after ${timeout_s}s"
    else
      fail "$leg: program exited with status $rc"
    fi
    show "$work/$leg.out" "$work/$leg.err"
    return 1
  fi
  return 0
}

# compare LEG: compares WORK/LEG.out with the sequential output.
compare() {
  local leg=$1
  if ! "$outcmp" "$work/seq.out" "$work/$leg.out" "${tol[@]}" >"$work/$leg.cmp" 2>&1; then
    fail "$leg: output differs from the sequential build"
    cat "$work/$leg.cmp"
    show "$work/seq.out" "$work/$leg.out" "$work/$leg.err"
    return 1
  fi
  echo "ok [$name]: $leg matches seq"
  return 0
}

# --- leg 1: the sequential reference, plain cc ------------------------------
if ! "$cc" "${cflags[@]}" -o "$work/seq" "$prog" "${with_files[@]}" -lm 2>"$work/seq.cc.err"; then
  fail "seq: cc failed on $prog"
  show "$work/seq.cc.err"
  exit 1
fi
run_prog seq "$work/seq" || exit 1
echo "ok [$name]: seq ran"

# --- leg 2: nucc + nurt on the default device -------------------------------
nurt_flags=$(PKG_CONFIG_PATH="$pcdir${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}" \
  pkg-config --cflags --libs nurt) || {
  fail "pkg-config cannot find nurt in $pcdir"
  exit 1
}
nurt_libdir=$(PKG_CONFIG_PATH="$pcdir${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}" \
  pkg-config --variable=libdir nurt 2>/dev/null || true)
# A shared nurt in a build tree is found at run time without installing it.
if [ -n "$nurt_libdir" ]; then
  export LD_LIBRARY_PATH="$nurt_libdir${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
fi

if ! "$nucc" "${nucc_flags[@]}" "$prog" -o "$work/prog.nu.c" >"$work/nucc.out" 2>"$work/nucc.err"; then
  fail "nucc failed on $prog"
  show "$work/nucc.out" "$work/nucc.err"
  exit 1
fi
if [ -n "$want_kernels" ]; then
  got_kernels=$(grep -o '__kernel void ' "$work/prog.nu.c" | wc -l)
  if [ "$got_kernels" -ne "$want_kernels" ]; then
    fail "nucc made $got_kernels kernels, expected $want_kernels"
    show "$work/nucc.err"
  fi
fi
# nurt_flags is a list of words from pkg-config: split it on purpose.
# shellcheck disable=SC2086
# Generated code must compile without a warning (the inputs here are clean).
if ! "$cc" "${cflags[@]}" -iquote "$progdir" -Wall -Wextra -Werror -o "$work/nu" "$work/prog.nu.c" \
  "${with_files[@]}" \
  $nurt_flags -lm \
  2>"$work/nu.cc.err"; then
  fail "cc failed on the output of nucc ($work/prog.nu.c)"
  show "$work/nu.cc.err"
  exit 1
fi
if run_prog nu "$work/nu"; then
  compare nu
fi

# --- leg 3: the same binary with NU_DEVICE=host (original loops, no kernels) -
if run_prog nu_host env NU_DEVICE=host "$work/nu"; then
  compare nu_host
fi

# --- leg 3b (optional): NU_VERIFY=1, every launch checked against its loop -
# Enabled with NUCC_VERIFY=1 (every run.* test, tests/programs.cmake): a mismatch stops the
# program with a report on stderr, shown by the failure.
if [ "${NUCC_VERIFY:-0}" = 1 ]; then
  if run_prog nu_verify env NU_VERIFY=1 "$work/nu"; then
    compare nu_verify
  fi
fi

# --- leg 3c (optional): NU_HOST_FIRST=$NUCC_HOST_FIRST ----------------------
# A bare `work`'s nests on the host while they predict less than that many
# milliseconds, the rest launched (tests/corpus/run_outer.sh sets a budget
# small enough for the corpus's sizes to switch part-way): the same results
# wherever the switch falls.
if [ -n "${NUCC_HOST_FIRST:-}" ]; then
  if run_prog nu_host_first env NU_HOST_FIRST="$NUCC_HOST_FIRST" "$work/nu"; then
    compare nu_host_first
  fi
fi

# --- leg 4 (optional): nucc --emit=seq --------------------------------------
# >>> emit=seq leg: enabled with NUCC_EMIT_SEQ=1 once nucc implements it.
# The sequential C with every annotation applied except `work` must compile
# with plain cc and print the same results.
if [ "${NUCC_EMIT_SEQ:-0}" = 1 ]; then
  if ! "$nucc" "${nucc_flags[@]}" --emit=seq "$prog" -o "$work/prog.seq.c" 2>"$work/emit_seq.err"; then
    fail "nucc --emit=seq failed on $prog"
    show "$work/emit_seq.err"
  elif ! "$cc" "${cflags[@]}" -iquote "$progdir" -o "$work/emit_seq" "$work/prog.seq.c" "${with_files[@]}" -lm \
    2>"$work/emit_seq.cc.err"; then
    fail "cc failed on the output of nucc --emit=seq ($work/prog.seq.c)"
    show "$work/emit_seq.cc.err"
  elif run_prog emit_seq "$work/emit_seq"; then
    compare emit_seq
  fi
fi
# <<< end of the emit=seq leg.

if [ $failed -ne 0 ]; then
  echo "FAILED [$name]"
  exit 1
fi
echo "PASSED [$name]"
exit 0

#!/usr/bin/env bash
# memcheck.sh — nucc under Valgrind's memcheck on one input: no invalid read
# or write, no use of uninitialised values, and no block of nucc's own lost
# (definitely or possibly; libclang's own are suppressed by libclang.supp).
# Exit 77 (ctest: skipped) when valgrind is not installed.
# Usage: memcheck.sh NUCC WORKDIR INPUT EXPECTED_STATUS
set -u
if [ $# -ne 4 ]; then
  echo "usage: $0 NUCC WORKDIR INPUT EXPECTED_STATUS" >&2
  exit 2
fi
nucc=$1 work=$2 input=$3 want=$4
if ! command -v valgrind >/dev/null; then
  echo "SKIPPED: valgrind not found (apt-get install valgrind)"
  exit 77
fi
rm -rf "$work"
mkdir -p "$work" || exit 1
valgrind --quiet --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite,possible \
  --show-leak-kinds=definite,possible --track-origins=yes \
  --suppressions="$(dirname "$0")/libclang.supp" --log-file="$work/valgrind.log" \
  "$nucc" "$input" -o "$work/out.c" >"$work/stdout" 2>"$work/stderr"
rc=$?
if [ $rc -eq 99 ] || [ -s "$work/valgrind.log" ]; then
  echo "FAIL: memcheck found errors in nucc $input:"
  cat "$work/valgrind.log"
  exit 1
fi
if [ "$rc" -ne "$want" ]; then
  echo "FAIL: nucc exit status $rc, expected $want; stderr:"
  cat "$work/stderr"
  exit 1
fi
echo "PASSED: memcheck clean on $(basename "$input") (exit status $rc)"

#!/usr/bin/env bash
# run_case.sh GEN SEED CASE NUCC PKGDIR WORKDIR — one property test of the
# loop transformations.  Generates the case's program, then checks it the
# way every test program is checked (cc, nucc on the device, NU_DEVICE=host,
# --emit=seq: the same results).  A chain nucc refuses with a diagnostic in
# the compiler's format is skipped (exit 77, reported by ctest), never a
# crash.  Replay a failure with: GEN SEED CASE > case.c
set -u
gen=$1 seed=$2 kase=$3 nucc=$4 pkgdir=$5 work=$6
here=$(cd "$(dirname "$0")" && pwd)
rm -rf "$work"
mkdir -p "$work"
prog="$work/case$kase.c"
"$gen" "$seed" "$kase" >"$prog" || exit 1
echo "property case: $gen $seed $kase"
sed -n '/#pragma nu/p' "$prog"
"$nucc" "$prog" -o "$work/probe.c" 2>"$work/probe.err"
rc=$?
if [ $rc -eq 1 ] && grep -qE "^$prog:[0-9]+:[0-9]+: error: " "$work/probe.err"; then
  echo "refused:"
  head -n 3 "$work/probe.err"
  exit 77
fi
if [ $rc -ne 0 ]; then
  echo "FAIL: nucc exited with $rc without a diagnostic"
  cat "$work/probe.err"
  exit 1
fi
NUCC_EMIT_SEQ=1 bash "$here/../run_both.sh" "$nucc" "$pkgdir" "$work/run" "$prog"

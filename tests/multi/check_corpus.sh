#!/usr/bin/env bash
# check_corpus.sh — a corpus kernel (tests/corpus/NAME.c, PolyBench's
# kernels written the legacy way, with their own annotations) over PoCL's
# two devices (NU_DEVICES=2): it prints what the sequential build prints
# (tests/run_both.sh), and NU_PROFILE says that at least one of its loops
# was split over both devices, so that the check stays one of the split.
# Usage: check_corpus.sh NUCC PKG_CONFIG_DIR WORKDIR NAME
set -u
here=$(cd "$(dirname "$0")" && pwd)
nucc=$1 pcdir=$2 work=$3 name=$4
export NU_DEVICES=2 POCL_DEVICES="pthread pthread"
bash "$here/../run_both.sh" "$nucc" "$pcdir" "$work" "$here/../corpus/$name.c" || exit 1
NU_PROFILE=1 "$work/nu" >"$work/profile.out" 2>"$work/profile.err" || {
  echo "FAIL: the NU_PROFILE run failed"
  cat "$work/profile.err"
  exit 1
}
if ! grep -qE '^  [^ ]+ \([^)]*\): split [1-9][0-9]* times' "$work/profile.err"; then
  echo "FAIL: no loop of $name was split over the two devices"
  cat "$work/profile.err"
  exit 1
fi
grep -E '^  .*: (split|on device 0 only)' "$work/profile.err"
echo "PASSED [multi corpus $name]"

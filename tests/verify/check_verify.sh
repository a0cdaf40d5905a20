#!/usr/bin/env bash
# check_verify.sh — NU_VERIFY must catch a fault and say what it is.
# Usage: check_verify.sh NUCC PKG_CONFIG_DIR WORKDIR prog.c [BREAK_STEP]
# Builds prog.c through nucc (with NUCC_TEST_BREAK_STEP=BREAK_STEP, the
# test-only hook that miscompiles that step, when given), runs it with
# NU_VERIFY=1 and checks that it stops with status 3 and that its report
# holds every line prog.c lists as `// report: TEXT` (fixed strings).
set -u
nucc=$1 pcdir=$2 work=$3 prog=$4 brk=${5:-}
rm -rf "$work" && mkdir -p "$work" || exit 1
export PKG_CONFIG_PATH="$pcdir${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}"
flags=$(pkg-config --cflags --libs nurt) || exit 1
libdir=$(pkg-config --variable=libdir nurt 2>/dev/null || true)
[ -n "$libdir" ] && export LD_LIBRARY_PATH="$libdir${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
# shellcheck disable=SC2206
extra=(${NUCC_TEST_CFLAGS:-})
if ! NUCC_TEST_BREAK_STEP=$brk "$nucc" "$prog" -o "$work/prog.nu.c" 2>"$work/nucc.err"; then
  echo "FAIL: nucc failed"; cat "$work/nucc.err"; exit 1
fi
# shellcheck disable=SC2086
if ! ${CC:-cc} -O1 -std=c11 -Wall -Wextra -Werror "${extra[@]}" -o "$work/nu" "$work/prog.nu.c" \
  $flags -lm 2>"$work/cc.err"; then
  echo "FAIL: cc failed on $work/prog.nu.c"; cat "$work/cc.err"; exit 1
fi
NU_VERIFY=1 "$work/nu" >"$work/out" 2>"$work/err"
rc=$?
cat "$work/err"
if [ $rc -ne 3 ]; then
  echo "FAIL: exit status $rc under NU_VERIFY=1, expected 3 (a mismatch)"; exit 1
fi
failed=0
while IFS= read -r want; do
  if ! grep -qF -- "$want" "$work/err"; then
    echo "FAIL: the report lacks: $want"; failed=1
  fi
done < <(sed -n 's|^// report: ||p' "$prog")
[ $failed -eq 0 ] && echo "PASSED: the report names the fault"
exit $failed

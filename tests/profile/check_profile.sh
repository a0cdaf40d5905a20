#!/usr/bin/env bash
# check_profile.sh — NU_PROFILE names arrays and the lines that caused copies.
# Usage: check_profile.sh NUCC PKG_CONFIG_DIR WORKDIR prog.c
# Builds prog.c through nucc, runs it with NU_PROFILE=1 and checks that the
# report matches every `// profile: REGEX` line of prog.c (grep -E).
set -u
nucc=$1 pcdir=$2 work=$3 prog=$4
rm -rf "$work" && mkdir -p "$work" || exit 1
export PKG_CONFIG_PATH="$pcdir${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}"
flags=$(pkg-config --cflags --libs nurt) || exit 1
libdir=$(pkg-config --variable=libdir nurt 2>/dev/null || true)
[ -n "$libdir" ] && export LD_LIBRARY_PATH="$libdir${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
# shellcheck disable=SC2206
extra=(${NUCC_TEST_CFLAGS:-})
if ! "$nucc" "$prog" -o "$work/prog.nu.c" 2>"$work/nucc.err"; then
  echo "FAIL: nucc failed"; cat "$work/nucc.err"; exit 1
fi
# shellcheck disable=SC2086
if ! ${CC:-cc} -O1 -std=c11 -Wall -Wextra -Werror "${extra[@]}" -o "$work/nu" "$work/prog.nu.c" \
  $flags -lm 2>"$work/cc.err"; then
  echo "FAIL: cc failed on $work/prog.nu.c"; cat "$work/cc.err"; exit 1
fi
if ! NU_PROFILE=1 "$work/nu" >"$work/out" 2>&1; then
  echo "FAIL: the program failed"; cat "$work/out"; exit 1
fi
cat "$work/out"
failed=0
while IFS= read -r want; do
  if ! grep -qE -- "$want" "$work/out"; then
    echo "FAIL: the profile lacks a line matching: $want"; failed=1
  fi
done < <(sed -n 's|^// profile: ||p' "$prog")
[ $failed -eq 0 ] && echo "PASSED: the profile names arrays, lines and counts"
exit $failed

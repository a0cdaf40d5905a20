#!/usr/bin/env bash
# check_profile.sh — NU_PROFILE names arrays and the lines that caused copies.
# Usage: check_profile.sh NUCC PKG_CONFIG_DIR WORKDIR prog.c
# Builds prog.c through nucc, runs it with NU_PROFILE=1 and checks that the
# report matches every `// profile: REGEX` line of prog.c (grep -E), that the
# bytes moved stay within every `// profile-max-bytes: to-device|to-host|total N`
# line, and that the program prints what prog.c built by cc alone prints
# (the oracle).  A `// profile-env: NAME=VALUE ...` line adds to the run's
# environment; no line of the report may match a `// profile-absent: REGEX`.
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
# `// profile-env: NAME=VALUE ...`: more of the run's environment
# shellcheck disable=SC2207
envs=($(head -n 20 "$prog" | sed -n 's|^// profile-env: *||p' | head -n 1))
if ! env -u NU_START "${envs[@]}" NU_PROFILE=1 "$work/nu" >"$work/stdout" 2>"$work/out"; then
  echo "FAIL: the program failed"; cat "$work/stdout" "$work/out"; exit 1
fi
cat "$work/stdout" >>"$work/out"
cat "$work/out"
failed=0
# shellcheck disable=SC2086
if ! ${CC:-cc} -O1 -std=c11 -w -o "$work/seq" "$prog" -lm 2>"$work/cc-seq.err"; then
  echo "FAIL: cc failed on $prog"; cat "$work/cc-seq.err"; exit 1
fi
"$work/seq" >"$work/seq.out" 2>&1 || { echo "FAIL: the sequential program failed"; exit 1; }
if ! cmp -s "$work/seq.out" "$work/stdout"; then
  echo "FAIL: the output differs from the sequential program's"
  diff "$work/seq.out" "$work/stdout" | head -20
  failed=1
fi
total=$(grep -E '^total: ' "$work/out" | tail -1)
dev=$(sed -nE 's/.* to device [0-9]+ copies, ([0-9]+) bytes.*/\1/p' <<<"$total")
host=$(sed -nE 's/.* to host [0-9]+ copies, ([0-9]+) bytes.*/\1/p' <<<"$total")
while read -r dir max; do
  case $dir in
  to-device) got=$dev ;;
  to-host) got=$host ;;
  total) got=$((${dev:-0} + ${host:-0})) ;;
  *) echo "FAIL: profile-max-bytes: unknown direction '$dir'"; failed=1; continue ;;
  esac
  if [ -z "$got" ] || [ "$got" -gt "$max" ]; then
    echo "FAIL: ${got:-no} bytes $dir, more than $max"; failed=1
  fi
done < <(sed -n 's|^// profile-max-bytes: ||p' "$prog")
while IFS= read -r want; do
  if ! grep -qE -- "$want" "$work/out"; then
    echo "FAIL: the profile lacks a line matching: $want"; failed=1
  fi
done < <(sed -n 's|^// profile: ||p' "$prog")
while IFS= read -r unwanted; do
  if grep -qE -- "$unwanted" "$work/out"; then
    echo "FAIL: the profile has a line matching: $unwanted"; failed=1
  fi
done < <(sed -n 's|^// profile-absent: ||p' "$prog")
[ $failed -eq 0 ] && echo "PASSED: the profile names arrays, lines and counts"
exit $failed

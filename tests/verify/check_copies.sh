#!/usr/bin/env bash
# check_copies.sh — NU_VERIFY must not change which copies a run makes.
# Usage: check_copies.sh NUCC PKG_CONFIG_DIR WORKDIR prog.c
# Builds prog.c through nucc, runs it with NU_PROFILE=1 without and with
# NU_VERIFY=1, and compares the copies to the device in the two reports'
# `total:` lines (the check's own copies back to compare are allowed).
set -u
nucc=$1 pcdir=$2 work=$3 prog=$4
rm -rf "$work" && mkdir -p "$work" || exit 1
export PKG_CONFIG_PATH="$pcdir${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}"
flags=$(pkg-config --cflags --libs nurt) || exit 1
libdir=$(pkg-config --variable=libdir nurt 2>/dev/null || true)
[ -n "$libdir" ] && export LD_LIBRARY_PATH="$libdir${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
# shellcheck disable=SC2206
extra=(${NUCC_TEST_CFLAGS:-})
"$nucc" "$prog" -o "$work/prog.nu.c" || { echo "FAIL: nucc failed"; exit 1; }
# shellcheck disable=SC2086
${CC:-cc} -O1 -std=c11 "${extra[@]}" -o "$work/nu" "$work/prog.nu.c" $flags -lm ||
  { echo "FAIL: cc failed"; exit 1; }
uploads() { sed -n 's/^total:.*; to device \([0-9]* copies, [0-9]* bytes\);.*/\1/p' "$1"; }
for v in 0 1; do
  NU_PROFILE=1 NU_VERIFY=$v "$work/nu" >"$work/out.$v" 2>"$work/err.$v" ||
    { echo "FAIL: exit status $? with NU_VERIFY=$v"; cat "$work/err.$v"; exit 1; }
done
plain=$(uploads "$work/err.0") checked=$(uploads "$work/err.1")
echo "to device without NU_VERIFY: $plain; with it: $checked"
if [ -z "$plain" ] || [ "$plain" != "$checked" ]; then
  echo "FAIL: NU_VERIFY changed the copies to the device"; exit 1
fi
cmp -s "$work/out.0" "$work/out.1" || { echo "FAIL: the outputs differ"; exit 1; }
echo "PASSED: the same copies with and without NU_VERIFY"

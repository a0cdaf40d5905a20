#!/usr/bin/env bash
# prepare.sh — issue 25's programs on the GPU machine, step 1 (here: nucc
# needs libclang, PPCG clang's C++ libraries).  The corpus's LU-, Cholesky-
# and Gram–Schmidt-shaped programs with host statements between kernels
# (cholesky, ludcmp, gramschmidt, and lu for a program without them) at
# PolyBench's LARGE sizes, translated by bench/suite/prepare.sh (this tree's
# nucc, and PPCG when given), and once more by a "before" nucc with its own
# runtime (one state per array), into .carry/suite/ (carried, never
# committed): before/NAME.c and runtime-before/.
# Usage: bench/ranges/prepare.sh BEFORE_TREE [PPCG]
#   BEFORE_TREE: a built checkout before issue 25 (its build/nucc, runtime/)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
before=${1:?usage: prepare.sh BEFORE_TREE [PPCG]}
ppcg=${2:-${PPCG:-}}
SUITE_ONLY=${SUITE_ONLY:-"cholesky ludcmp gramschmidt lu"} \
  bash "$root/bench/suite/prepare.sh" "$root/build/nucc" $ppcg
dest=$root/.carry/suite
mkdir -p "$dest/before" "$dest/runtime-before"
cp "$before"/runtime/*.c "$before"/runtime/*.h "$dest/runtime-before/"
for src in "$dest"/src/*.c; do
  name=$(basename "$src" .c)
  "$before/build/nucc" "$src" -o "$dest/before/$name.c" 2>"$dest/log/$name.before.err" ||
    echo "prepare.sh: the before nucc refused $name"
done
git -C "$before" log -1 --format='before: %h %s' >"$dest/log/before.txt" 2>/dev/null || true
git -C "$root" log -1 --format='after: %h %s' >"$dest/log/after.txt"
echo "prepare.sh: before ($before) and after in ${dest#"$root"/}/"

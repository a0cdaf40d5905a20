#!/usr/bin/env bash
# prepare.sh — issue 26 on the GPU machine, step 1 (here: nucc needs
# libclang).  The shapes of tests/profile/bare_dist_*.c (PolyBench's atax,
# BiCG, a column sum beside a row sum, symm and trmm as distributed, and
# PolyBench 3.2's trmm with its diagonal peeled off, under bare `work`s on
# their outermost loops) at PolyBench's LARGE sizes,
# translated by a "before" nucc (a loop that carries a column sum stays on
# the host: kernels in every iteration) and by this tree's (distributed:
# each piece a kernel launched once), each with its tree's runtime, into
# .carry/dist/{before,after}/.
# Usage: bench/dist/prepare.sh BEFORE_TREE [AFTER_NUCC]
#   BEFORE_TREE  a tree with build/nucc and runtime/ (e.g. a checkout of
#                the commit before issue 26's distribution, built)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
before=${1:?usage: bench/dist/prepare.sh BEFORE_TREE [AFTER_NUCC]}
after_nucc=${2:-$root/build/nucc}
dest=$root/.carry/dist
rm -rf "$dest"
mkdir -p "$dest/include" "$dest/src"
cp -r "${OPENCL_HEADERS:-/usr/include/CL}" "$dest/include/CL"
# name, then the macros at LARGE (PolyBench 4.2's sizes where it has the kernel)
progs=(
  "atax M=1900 N=2100"
  "bicg M=1900 N=2100"
  "colsum M=2000 N=2600 K=2300"
  "symm M=1000 N=1200"
  "trmm M=1000 N=1200"
  "trmm32 N=1000"
)
for p in "${progs[@]}"; do
  read -r name sizes <<<"$p"
  src=$dest/src/$name.c
  cp "$root/tests/profile/bare_dist_$name.c" "$src"
  for kv in $sizes; do
    sed -E -i "s/^#define ${kv%%=*} [0-9]+/#define ${kv%%=*} ${kv#*=}/" "$src"
  done
done
for side in before after; do
  if [ $side = before ]; then nucc=$before/build/nucc rt=$before/runtime; else
    nucc=$after_nucc rt=$root/runtime
  fi
  mkdir -p "$dest/$side/gen" "$dest/$side/runtime"
  cp "$rt"/*.c "$rt"/*.h "$dest/$side/runtime/"
  for src in "$dest"/src/*.c; do
    "$nucc" "$src" -o "$dest/$side/gen/$(basename "$src" .c).nu.c"
  done
  git -C "$(dirname "$nucc")/.." log -1 --format="$side: %h %s" >"$dest/$side/commit.txt" 2>/dev/null ||
    echo "$side: $nucc" >"$dest/$side/commit.txt"
done
echo "prepare.sh: ${#progs[@]} programs, before ($before) and after, in ${dest#"$root"/}/"

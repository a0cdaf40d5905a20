#!/usr/bin/env bash
# prepare.sh — before/after runs of issue 11 on the GPU machine, step 1 (here:
# nucc needs libclang).  Translates the same sources with two trees' nucc, the
# "before" tree (default /work/main, its build/nucc) and this one, and copies
# each tree's runtime beside its outputs into .carry/ab/{before,after}/.
# Usage: bench/ab/prepare.sh [BEFORE_TREE [AFTER_NUCC]]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
before=${1:-/work/main}
after_nucc=${2:-$root/build/nucc}
dest=$root/.carry/ab
rm -rf "$dest"
mkdir -p "$dest/include"
cp -r "${OPENCL_HEADERS:-/usr/include/CL}" "$dest/include/CL"
# the programs: name, source, extra nucc options
progs=(
  "himeno $root/bench/kernels/himeno_base.c"
  "gemm_f $root/bench/legacy/gemm_legacy.c"
  "jacobi2d $root/bench/legacy/jacobi2d_legacy.c"
  "sum $root/bench/kernels/sum_base.c"
  "launch_nu $root/bench/overhead/launch_nu.c"
)
for side in before after; do
  if [ $side = before ]; then nucc=$before/build/nucc rt=$before/runtime; else
    nucc=$after_nucc rt=$root/runtime
  fi
  mkdir -p "$dest/$side/gen" "$dest/$side/runtime"
  cp "$rt"/*.c "$rt"/*.h "$dest/$side/runtime/"
  for p in "${progs[@]}"; do
    read -r name src <<<"$p"
    "$nucc" "$src" -o "$dest/$side/gen/$name.nu.c"
  done
  git -C "$(dirname "$nucc")/.." log -1 --format="$side: %h %s" >"$dest/$side/commit.txt" 2>/dev/null ||
    echo "$side: $nucc" >"$dest/$side/commit.txt"
done
cp "$root/bench/overhead/launch_cl.c" "$dest/"
echo "prepare.sh: ${#progs[@]} programs, before ($before) and after, in ${dest#"$root"/}/"

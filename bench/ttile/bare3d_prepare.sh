#!/usr/bin/env bash
# bare3d_prepare.sh — a bare `work` on a 3-D stencil's time loop (issue 27),
# step 1, here: translates heat3d_bare.c at N = 200 and 256 (100 steps)
# twice, with the bare `work` on the time loop (`b`: nucc streams it) and on
# each sweep (`s`: a kernel per sweep), into .carry/h3/ with the runtime and
# the OpenCL headers.  Then run bench/ttile/bare3d_run.sh there, carrying
# .carry/h3.
# Usage: bench/ttile/bare3d_prepare.sh [NUCC]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
nucc=${1:-$root/build/nucc}
dest=$root/.carry/h3
rm -rf "$dest"
mkdir -p "$dest/gen" "$dest/runtime" "$dest/src"
cp "$root"/runtime/*.c "$root"/runtime/*.h "$dest/runtime/"
mkdir -p "$dest/include" && cp -r "${OPENCL_HEADERS:-/usr/include/CL}" "$dest/include/CL"
for n in 200 256; do
  sed -e "s/^#define N 200$/#define N $n/" "$here/heat3d_bare.c" >"$dest/src/h${n}b.c"
  # the same with the bare work moved from the time loop to each sweep
  awk '/^#pragma nu work$/ { next } /^    for \(int i = 1; i < N - 1; i\+\+\)$/ { print "#pragma nu work" } { print }' \
    "$dest/src/h${n}b.c" >"$dest/src/h${n}s.c"
  for v in b s; do
    "$nucc" --report "$dest/src/h$n$v.c" -o "$dest/gen/h$n$v.nu.c" >"$dest/src/h$n$v.report" 2>&1
  done
  grep -h "hint: bare 'work' chose 'work(1,8,32)" "$dest/src/h${n}b.report" | cut -c1-120
done
git -C "$root" log -1 --format='nucc: %h %s' >"$dest/src/commit.txt"
echo "bare3d_prepare.sh: programs in ${dest#"$root"/}/gen"

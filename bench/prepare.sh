#!/usr/bin/env bash
# prepare.sh — step 1 of the benchmark suite, run here (nucc needs libclang,
# which the GPU machine lacks).  Translates every bench program and every
# example with nucc, timing each translation, and gathers what run_gpu.sh
# needs into .carry/bench/ (ignored by git; name `.carry` in the device
# tool's `carry`):
#   gen/*.nu.c          nucc's output of bench/kernels/*.c, bench/overhead/launch_nu.c
#   gen/examples/*.nu.c nucc's output of examples/*.c
#   runtime/            nurt's sources (runtime/*.c, *.h), built there with gcc
#   include/CL/         the OpenCL headers of this machine (none are installed there)
#   cl/*.cl             the OpenCL programs of bench/kernels/*.c (--emit=cl)
#   nucc_times.txt      milliseconds of each nucc run (best of 3), with nucc's version
# Usage: bench/prepare.sh [NUCC]   (default build/nucc)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
nucc=${1:-$root/build/nucc}
dest=$root/.carry/bench
headers=${OPENCL_HEADERS:-/usr/include/CL}

[ -x "$nucc" ] || { echo "prepare.sh: no nucc at $nucc (build it, or pass its path)" >&2; exit 2; }
[ -f "$headers/cl.h" ] || { echo "prepare.sh: no OpenCL headers in $headers" >&2; exit 2; }
rm -rf "$dest"
mkdir -p "$dest/gen/examples" "$dest/runtime" "$dest/include"
cp "$root"/runtime/*.c "$root"/runtime/*.h "$dest/runtime/"
cp -r "$headers" "$dest/include/CL"

times=$dest/nucc_times.txt
echo "# $("$nucc" --version), $(date -u +%Y-%m-%d), best of 3 runs, ms" >"$times"
# translate SRC OUT: runs nucc three times and records the fastest.
translate() {
  local src=$1 out=$2 best=0 t0 t1 ms i
  for i in 1 2 3; do
    t0=$(date +%s%N)
    (cd "$(dirname "$src")" && "$nucc" "$(basename "$src")" -o "$out")
    t1=$(date +%s%N)
    ms=$(((t1 - t0) / 1000000))
    if [ "$i" = 1 ] || [ "$ms" -lt "$best" ]; then best=$ms; fi
  done
  echo "${src#"$root"/} $best" >>"$times"
}
for src in "$here"/kernels/*.c "$here"/overhead/launch_nu.c; do
  translate "$src" "$dest/gen/$(basename "$src" .c).nu.c"
done
# the kernels alone, for bench/regs.c's register counts there
mkdir -p "$dest/cl"
for src in "$here"/kernels/*.c; do
  (cd "$here/kernels" && "$nucc" --emit=cl "$(basename "$src")" -o "$dest/cl/$(basename "$src" .c).cl")
done
for src in "$root"/examples/*.c; do
  translate "$src" "$dest/gen/examples/$(basename "$src" .c).nu.c"
done
echo "prepare.sh: $(find "$dest/gen" -name '*.nu.c' | wc -l) programs translated into ${dest#"$root"/}/"
echo "nucc times (ms):"
grep -v '^#' "$times" | column -t
du -sh "$dest"

#!/usr/bin/env bash
# run_gpu.sh — issue 26 on the GPU machine, step 2, from the repository root
# with .carry/dist (bench/dist/prepare.sh) carried along.  Builds each
# side's libnurt and programs with gcc, runs each program with NU_PROFILE=1
# and prints one table: launches, kernel time (NU_PROFILE's total), the
# program's wall time, and what it printed (the two sides must agree, up to
# the order of floating-point sums).  Writes the table and every output to
# $OUT/dist.txt.
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
carry=$root/.carry/dist
out=${OUT:-$root/.carry/dist-out}
bin=/tmp/nudist
mkdir -p "$out" "$bin"
export NU_DEVICE=${NU_DEVICE:-gpu}
ocl=-l:libOpenCL.so.1
[ -e /usr/lib/x86_64-linux-gnu/libOpenCL.so.1 ] || ocl=-lOpenCL
raw=$out/dist_raw.txt
: >"$raw"
for side in before after; do
  d=$carry/$side
  mkdir -p "$bin/$side"
  gcc -O2 -std=gnu11 -fPIC -shared -DNDEBUG -DCL_TARGET_OPENCL_VERSION=120 -I"$d/runtime" \
    -I"$carry/include" "$d"/runtime/*.c -o "$bin/$side/libnurt.so" $ocl -lm -lpthread -ldl ||
    echo "BUILD FAILED: $side libnurt" | tee -a "$raw"
  for g in "$d"/gen/*.nu.c; do
    name=$(basename "$g" .nu.c)
    gcc -O2 -std=gnu11 -w -I"$d/runtime" -I"$carry/include" "$g" -o "$bin/$side/$name" \
      -L"$bin/$side" -Wl,-rpath,"$bin/$side" -lnurt -lm || echo "BUILD FAILED: $side $name" | tee -a "$raw"
  done
done
table=$out/dist.txt
{
  echo "# bench/dist/run_gpu.sh $(date -u '+%Y-%m-%d %H:%M UTC') NU_DEVICE=$NU_DEVICE"
  nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null
  cat "$carry/before/commit.txt" "$carry/after/commit.txt"
  echo
  echo "| program | launches before | after | kernel ms before | after | wall s before | after | printed before | after |"
  echo "| --- | --- | --- | --- | --- | --- | --- | --- | --- |"
} >"$table"
for src in "$carry"/src/*.c; do
  name=$(basename "$src" .c)
  launches=() kms=() wall=() printed=()
  for side in before after; do
    o=$bin/$side/$name.out
    start=$(date +%s.%N)
    NU_PROFILE=1 timeout 600 "$bin/$side/$name" >"$o.stdout" 2>"$o"
    end=$(date +%s.%N)
    { echo "### $side $name"; cat "$o.stdout" "$o"; } >>"$raw"
    total=$(grep -E '^total: ' "$o" | tail -1)
    launches+=("$(sed -nE 's/^total: ([0-9]+) launches.*/\1/p' <<<"$total")")
    kms+=("$(sed -nE 's/.* launches, ([0-9.]+) ms in kernels.*/\1/p' <<<"$total")")
    wall+=("$(awk -v a="$start" -v b="$end" 'BEGIN{printf "%.2f", b - a}')")
    printed+=("$(head -1 "$o.stdout")")
  done
  echo "| $name | ${launches[0]} | ${launches[1]} | ${kms[0]} | ${kms[1]} | ${wall[0]} | ${wall[1]} | ${printed[0]} | ${printed[1]} |" >>"$table"
done
cat "$table"
cat "$raw" >>"$table"

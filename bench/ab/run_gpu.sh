#!/usr/bin/env bash
# run_gpu.sh — before/after runs of issue 11, step 2, on the GPU machine from
# the repository root with .carry/ab (bench/ab/prepare.sh) carried along.
# Builds each side's libnurt and programs with gcc and runs, in one go:
# Himeno with gosa every iteration at 129x129x257 and 257x257x513, legacy
# SGEMM at 2048 and 4096, Jacobi-2D 4096² × 100, the array sum at 2^28 and
# the launch overhead (launch_nu; launch_cl is the bare OpenCL baseline).
# Prints one table (host-timed rates; before, after, after/before) and
# writes it with every output to $OUT/ab.txt.
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
carry=$root/.carry/ab
out=${OUT:-$root/.carry/ab-out}
bin=/tmp/nuab
mkdir -p "$out" "$bin"
export NU_DEVICE=${NU_DEVICE:-gpu}
quick=${BENCH_QUICK:-0}
raw=$out/ab_raw.txt
: >"$raw"
ocl=-l:libOpenCL.so.1
[ -e /usr/lib/x86_64-linux-gnu/libOpenCL.so.1 ] || ocl=-lOpenCL
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
gcc -O2 -std=gnu11 -I"$carry/include" "$carry/launch_cl.c" -o "$bin/launch_cl" $ocl -lm ||
  echo "BUILD FAILED: launch_cl" | tee -a "$raw"
if [ "$quick" = 1 ]; then
  rows=("himeno 34x34x66 himeno 34x34x66 3" "gemm 256 gemm_f 256 1" "jacobi2d 256x10 jacobi2d 256 10"
    "sum 2^20 sum 1048576 3" "launch 2000 launch_nu 2000")
else
  rows=("himeno 129x129x257 himeno 129x129x257 20" "himeno 257x257x513 himeno 257x257x513 10"
    "gemm 2048 gemm_f 2048 1" "gemm 4096 gemm_f 4096 1" "jacobi2d 4096x100 jacobi2d 4096 100"
    "sum 2^28 sum 268435456 10" "launch 20000 launch_nu 20000")
fi
# the first number of the last `best time:` line, and the rate after the comma
best() { grep -E 'best time|per launch' "$1" | tail -1; }
table=$out/ab.txt
{
  echo "# bench/ab/run_gpu.sh $(date -u '+%Y-%m-%d %H:%M UTC') NU_DEVICE=$NU_DEVICE"
  nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null
  cat "$carry/before/commit.txt" "$carry/after/commit.txt"
  echo
  echo "| row | size | before | after | result before | result after |"
  echo "| --- | --- | --- | --- | --- | --- |"
} >"$table"
for r in "${rows[@]}"; do
  read -r row size prog a1 a2 <<<"$r"
  line="| $row | $size |"
  for side in before after; do
    o=$bin/$side/$prog.$size.out
    {
      echo "### $side $prog $a1 $a2"
      # the launch row without NU_PROFILE: profiling is what it measures away
      prof=1
      [ "$row" = launch ] && prof=0
      NU_PROFILE=$prof timeout 300 "$bin/$side/$prog" $a1 $a2 2>&1 | tee "$o" |
        grep -Ev '^ *0x|^nurt: +array' | head -60
    } >>"$raw"
    line="$line $(best "$o" | sed 's/.*: //') |"
  done
  # what each side computed (gosa, sum, checksum): the two must agree
  for side in before after; do
    line="$line $(grep -oE '(gosa|sum|checksum) [-+0-9.e]+' "$bin/$side/$prog.$size.out" | tail -1) |"
  done
  echo "$line" >>"$table"
done
{
  echo "### launch_cl"
  timeout 300 "$bin/launch_cl" "${rows[-1]##* }" 2>&1
} >>"$raw"
grep -A3 '^### launch_cl' "$raw" | grep 'per launch' | sed 's/^best time: /OpenCL launch_cl: /' >>"$table"
cat "$table"
cat "$raw" >>"$table"

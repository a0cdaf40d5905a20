#!/usr/bin/env bash
# run_gpu.sh — issue 30's two-GPU measurement, step 2, on a machine with two
# GPUs, from the repository root with .carry/ (bench/multi/prepare.sh)
# carried along.  Each program runs with NU_DEVICES=1 and NU_DEVICES=2 in
# this one run, on NVIDIA's platform alone: Himeno 257×257×513 with gosa,
# Jacobi-2D 8192² (200 steps), SGEMM 8192 (3 timed products after one that
# moves the data).  Times are the programs' own "kernel time" lines (the
# median of MULTI_RUNS runs, 3); both outputs are compared with outcmp, and
# one more run with NU_PROFILE=1 gives each device's line.  Writes the table
# and every output to $OUT/multi.txt (default .carry/multi-out).
# Usage: bash bench/multi/run_gpu.sh   (MULTI_QUICK=1: a dry run, below)
# Targets (issue 30): Himeno >= 1.7x, Jacobi-2D >= 1.7x, SGEMM >= 1.8x.
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
carry=$root/.carry/multi
out=${OUT:-$root/.carry/multi-out}
bin=/tmp/numulti
runs=${MULTI_RUNS:-3}
limit=${MULTI_TIMEOUT:-300}
[ -d "$carry/gen" ] || { echo "run_gpu.sh: no $carry/gen: run bench/multi/prepare.sh first" >&2; exit 2; }
rm -rf "$bin"
mkdir -p "$out" "$bin"
export NU_DEVICE=${NU_DEVICE:-gpu}
# shellcheck source=bench/nvidia_only.sh
. "$root/bench/nvidia_only.sh"
[ -n "${MULTI_KEEP_ICDS:-}" ] || nvidia_only "$bin/icd"
log=$out/multi.txt
cflags=(-O2 -std=gnu11 -I"$carry/runtime" -I"$carry/include")
gcc "${cflags[@]}" -fPIC -shared -DNDEBUG -DCL_TARGET_OPENCL_VERSION=120 "$carry"/runtime/*.c \
  -o "$bin/libnurt.so" -l:libOpenCL.so.1 -lm -lpthread -ldl || { echo "BUILD FAILED: libnurt"; exit 1; }
gcc -O2 "$carry/outcmp.c" -o "$bin/outcmp" -lm
for p in himeno jacobi2d sgemm; do
  gcc "${cflags[@]}" "$carry/gen/$p.nu.c" -o "$bin/$p" -L"$bin" -Wl,-rpath,"$bin" -lnurt -lm ||
    echo "BUILD FAILED: $p"
done

ms() { sed -nE 's/^kernel time: ([0-9.]+) ms.*/\1/p' "$1" | tail -1; }

# time NAME DEVICES ARGS...: the median "kernel time" of $runs runs
time_of() {
  local name=$1 devs=$2 t=()
  shift 2
  for _ in $(seq "$runs"); do
    NU_DEVICES=$devs timeout "$limit" "$bin/$name" "$@" >"$bin/$name.$devs.out" 2>"$bin/$name.$devs.err" ||
      { echo "failed_$?"; return; }
    t+=("$(ms "$bin/$name.$devs.out")")
  done
  printf '%s\n' "${t[@]}" | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'
}

list='himeno 1.7 257x257x513 200
jacobi2d 1.7 8192 200
sgemm 1.8 8192 3'
# MULTI_QUICK=1: small sizes, for a dry run anywhere (with NU_DEVICE=cpu
# POCL_DEVICES="pthread pthread" MULTI_KEEP_ICDS=1 on PoCL)
[ -n "${MULTI_QUICK:-}" ] && list='himeno 1.7 34x33x65 5
jacobi2d 1.7 300 10
sgemm 1.8 200 2'
{
  echo "# bench/multi/run_gpu.sh $(date -u '+%Y-%m-%d %H:%M UTC'), nucc $(cat "$carry/commit.txt")"
  nvidia-smi --query-gpu=index,name,driver_version --format=csv,noheader 2>&1
  rows=()
  while read -r name target args; do
    # shellcheck disable=SC2086
    one=$(time_of "$name" 1 $args)
    # shellcheck disable=SC2086
    two=$(time_of "$name" 2 $args)
    same=yes # outcmp skips the lines that say "time"
    "$bin/outcmp" "$bin/$name.1.out" "$bin/$name.2.out" >/dev/null 2>&1 || same=NO
    speedup=$(awk -v a="$one" -v b="$two" 'BEGIN { if (a + 0 > 0 && b + 0 > 0) printf "%.2f", a / b; else print "-" }')
    rows+=("| $name $args | $one | $two | $speedup | $target | $same |")
    for devs in 1 2; do
      echo "### $name $args, NU_DEVICES=$devs"
      cat "$bin/$name.$devs.out"
      # shellcheck disable=SC2086
      NU_DEVICES=$devs NU_PROFILE=1 timeout "$limit" "$bin/$name" $args 2>&1 >/dev/null |
        sed -n '/^total:/p; /NU_DEVICES/,$p'
    done
  done <<<"$list"
  echo
  echo "| program | 1 GPU ms | 2 GPUs ms | speed-up | target | same output |"
  echo "| --- | ---: | ---: | ---: | ---: | --- |"
  printf '%s\n' "${rows[@]}"
} >"$log" 2>&1
sed -n '/^| program/,$p' "$log"
echo "run_gpu.sh: everything in ${log#"$root"/}"

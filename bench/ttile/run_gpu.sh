#!/usr/bin/env bash
# run_gpu.sh — issue 27's time tiling, step 2, on the GPU machine from the
# repository root with .carry/ttile (bench/ttile/prepare.sh) carried along.
# For each problem: the step-by-step kernels (one launch per sub-step) and
# each time-tiled configuration of configs.txt, in one run on one device;
# the kernels' time from NU_PROFILE=1 (the sum of every kernel's total),
# Gcell-steps/s over it, the speed-up over step by step, and whether the
# checksums agree (relative 1e-6 for float, 1e-9 for double).
#   wave3d   float, two layers, 7-point, 256 x 512 x 512, 100 half-steps
#   jacobi2d double, PolyBench's jacobi-2d, 8192 x 8192, 50 steps (100 sweeps)
#   heat3d   double, PolyBench's heat-3d, 256^3, 50 steps (100 sweeps)
# Writes the table and every output to $OUT/ttile.txt (default
# .carry/ttile-out).  TTILE_QUICK=1: small sizes, for a dry run on PoCL
# (with TTILE_KEEP_ICDS=1 and NU_DEVICE=cpu).
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
carry=$root/.carry/ttile
out=${OUT:-$root/.carry/ttile-out}
bin=/tmp/nuttile
rm -rf "$bin"
mkdir -p "$out" "$bin"
export NU_DEVICE=${NU_DEVICE:-gpu}
# shellcheck source=bench/nvidia_only.sh
. "$root/bench/nvidia_only.sh"
[ -n "${TTILE_KEEP_ICDS:-}" ] || nvidia_only "$bin/icd"
[ -d "$carry/gen" ] || { echo "run_gpu.sh: no $carry/gen: run bench/ttile/prepare.sh first" >&2; exit 2; }
log=$out/ttile.txt
declare -A args
if [ -n "${TTILE_QUICK:-}" ]; then
  args[wave3d]="10 18 20 70" args[jacobi2d]="6 130" args[heat3d]="5 37"
else
  args[wave3d]="100 256 512 512" args[jacobi2d]="50 8192" args[heat3d]="50 256"
fi

# kernels PROG MODE: runs it; prints "kernel_ms cells steps checksum" or "failed"
kernels() {
  local prob=$2 mode=$3 prof
  prof=$bin/$1.$prob.$mode.prof
  # shellcheck disable=SC2086
  if ! NU_PROFILE=1 timeout 600 "$bin/$1" "$prob" "$mode" ${args[$prob]} >"$prof.out" 2>"$prof"; then
    echo failed
    return
  fi
  { echo "### $1 $prob $mode ${args[$prob]}"; cat "$prof.out" "$prof"; } >>"$log.raw"
  awk '$1 ~ /^nu_/ && NF >= 9 { ms += $4 } END { printf "%.3f ", ms }' "$prof"
  awk '{ print $2, $4, $6 }' "$prof.out"
}

{
  echo "# bench/ttile/run_gpu.sh $(date -u '+%Y-%m-%d %H:%M UTC')"
  nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>&1
  cat "$carry/log/commit.txt"
  gcc -O2 -std=gnu11 -w -fPIC -shared -DNDEBUG -DCL_TARGET_OPENCL_VERSION=120 \
    -I"$carry/runtime" -I"$carry/include" "$carry"/runtime/*.c -o "$bin/libnurt.so" \
    -l:libOpenCL.so.1 -lm -lpthread -ldl || echo "BUILD FAILED: libnurt"
  for src in "$carry"/gen/*.nu.c; do
    tag=$(basename "$src" .nu.c)
    gcc -O2 -std=gnu11 -w -I"$carry/runtime" -I"$carry/include" "$src" -o "$bin/$tag" -L"$bin" \
      -Wl,-rpath,"$bin" -lnurt -lm || echo "BUILD FAILED: $tag"
  done
  : >"$log.raw"
  printf '%-9s %-4s %-48s %10s %14s %8s %s\n' problem tag configuration kernel_ms Gcell-steps/s speedup agree
  for prob in wave3d jacobi2d heat3d; do
    first=$(awk -v p="$prob" '!/^#/ && $2 == p { print $1; exit }' "$carry/configs.txt")
    read -r base_ms cells steps base_sum <<<"$(kernels "$first" "$prob" step)"
    rate() { awk -v c="$cells" -v s="$steps" -v ms="$1" 'BEGIN { printf "%.1f", (ms > 0 ? c * s / (ms * 1e-3) / 1e9 : 0) }'; }
    printf '%-9s %-4s %-48s %10s %14s %8s %s\n' "$prob" - "step by step" "$base_ms" "$(rate "$base_ms")" 1.00 -
    while read -r tag p pragma; do
      [[ -z $tag || $tag == \#* || $p != "$prob" ]] && continue
      read -r ms _ _ sum <<<"$(kernels "$tag" "$prob" tiled)"
      if [ "$ms" = failed ]; then
        printf '%-9s %-4s %-48s %10s\n' "$prob" "$tag" "$pragma" failed
        continue
      fi
      tol=1e-9; [ "$prob" = wave3d ] && tol=1e-6
      agree=$(awk -v a="$sum" -v b="$base_sum" -v t="$tol" \
        'BEGIN { d = a - b; if (d < 0) d = -d; m = b < 0 ? -b : b; print ((d <= t * (m > 1 ? m : 1)) ? "yes" : "NO") }')
      speed=$(awk -v a="$base_ms" -v b="$ms" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }')
      printf '%-9s %-4s %-48s %10s %14s %8s %s\n' "$prob" "$tag" "$pragma" "$ms" "$(rate "$ms")" "$speed" "$agree"
    done <"$carry/configs.txt"
  done
} 2>&1 | tee "$log"

#!/usr/bin/env bash
# floor_gpu.sh — the suite's outer placement (.carry/suite from prepare.sh)
# with libnurt built at several least work-group sizes of
# nurt_spread_groups (NURT_SPREAD_MIN), one binary per kernel run against
# each build in turn, on the GPU machine from the repository root:
# prints per run the kernel, the setting, the round, cltime's device ms and
# launches, the wall time, and whether the output is the first setting's.
# Writes $OUT/floor.txt (results/spread-floor-h100.txt).
#   LEASTS="32 16 8 4" ROUNDS=2 OUT=$OUT bash bench/suite/floor_gpu.sh
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
carry=$root/.carry/suite
out=${OUT:-/tmp}
bin=/tmp/nufloor
rm -rf "$bin"
mkdir -p "$bin"
export NU_DEVICE=gpu
# shellcheck source=bench/nvidia_only.sh
. "$root/bench/nvidia_only.sh"
nvidia_only "$bin/icd"
cflags=(-O2 -std=gnu11 -w -I"$carry/runtime" -I"$carry/include")
read -r -a leasts <<<"${LEASTS:-32 16 8 4}"
rounds=${ROUNDS:-2}
first=${leasts[0]}
{
  nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
  for m in "${leasts[@]}"; do
    mkdir -p "$bin/$m"
    gcc "${cflags[@]}" -fPIC -shared -DNDEBUG -DNURT_SPREAD_MIN="$m" -DCL_TARGET_OPENCL_VERSION=120 \
      "$carry"/runtime/*.c -o "$bin/$m/libnurt.so" -l:libOpenCL.so.1 -lm -lpthread -ldl ||
      echo "BUILD FAILED: libnurt $m"
  done
  gcc -O2 -I"$carry/include" -fPIC -shared "$carry/cltime.c" -o "$bin/libcltime.so" -ldl -lpthread \
    -l:libOpenCL.so.1
  for src in "$carry"/outer/*.c; do
    name=$(basename "$src" .c)
    case " ${SKIP:-ludcmp} " in *" $name "*) continue ;; esac
    gcc "${cflags[@]}" "$src" -o "$bin/$name" -L"$bin/$first" -lnurt -lm 2>/dev/null || {
      echo "$name: build failed"
      continue
    }
    for ((r = 1; r <= rounds; r++)); do
      for m in "${leasts[@]}"; do
        t0=$(date +%s.%N)
        LD_LIBRARY_PATH=$bin/$m LD_PRELOAD=$bin/libcltime.so timeout 60 "$bin/$name" \
          >"$bin/$name.$m.out" 2>"$bin/$name.$m.err"
        rc=$?
        t1=$(date +%s.%N)
        same=ok
        cmp -s "$bin/$name.$first.out" "$bin/$name.$m.out" || same=DIFF
        grep '^cltime:' "$bin/$name.$m.err" | tail -1 |
          awk -v n="$name" -v m="$m" -v r="$r" -v a="$t0" -v b="$t1" -v rc=$rc -v s=$same \
            '{ printf "%s least=%s round=%d ms=%s launches=%s wall=%.3f rc=%s %s\n", n, m, r, $5, $3, b - a, rc, s }'
      done
    done
  done
} 2>&1 | tee "$out/floor.txt"

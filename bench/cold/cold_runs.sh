#!/usr/bin/env bash
# cold_runs.sh — a suite program's first run on a machine, when NVIDIA's
# compile cache holds none of its kernels: every run under
# CUDA_CACHE_DISABLE=1 compiles them again, and so pays what a first run
# pays.  For each NAME, the outer build, the outer build with nurt's
# register caps off (NU_REGCAP=0: no second build of the program with
# -cl-nv-maxrregcount), PPCG's, then both again with the cache on (warm),
# COLD_ROUNDS rounds (default 3), wall seconds.  On the GPU machine, from
# the repository root with .carry/suite (bench/suite/prepare.sh); builds
# through bench/suite/repeat_gpu.sh (one round, into /tmp/nurepeat).
# COLD_BEFORE=DIR (runtime sources, e.g. .carry/suite/runtime-before from
# `git archive OLD runtime`) adds outer-before: the same outer binary on a
# libnurt built from DIR (LD_LIBRARY_PATH over the binary's runpath), cold.
# Each run's output is compared with the outer build's first (outcmp).
#   bash bench/cold/cold_runs.sh adi cholesky jacobi_1d
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
carry=$root/.carry/suite
bin=/tmp/nurepeat
rounds=${COLD_ROUNDS:-3}
SUITE_ROUNDS=1 OUT=${OUT:-$root/.carry/suite-out} bash "$root/bench/suite/repeat_gpu.sh" "$@" \
  >/dev/null 2>&1
# shellcheck source=bench/nvidia_only.sh
. "$root/bench/nvidia_only.sh"
nvidia_only /tmp/nucold-icd
export NU_DEVICE=gpu
echo "# bench/cold/cold_runs.sh $* $(date -u '+%Y-%m-%d %H:%M UTC'), $rounds rounds"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>&1
variants=(outer outer-nocap)
if [ -n "${COLD_BEFORE:-}" ]; then
  mkdir -p "$bin/before"
  gcc -O2 -std=gnu11 -w -I"$COLD_BEFORE" -I"$carry/include" -fPIC -shared -DNDEBUG \
    -DCL_TARGET_OPENCL_VERSION=120 "$COLD_BEFORE"/*.c -o "$bin/before/libnurt.so" \
    -l:libOpenCL.so.1 -lm -lpthread -ldl || echo "BUILD FAILED: libnurt from $COLD_BEFORE"
  variants+=(outer-before)
fi
variants+=(ppcg ppcg-warm outer-warm)
echo "## program build round wall_s rc output"
for r in $(seq 1 "$rounds"); do
  for name in "$@"; do
    for v in "${variants[@]}"; do
      exe=$bin/$name.${v%%-*} dir=$bin envs=(CUDA_CACHE_DISABLE=1)
      [ "${v%%-*}" = ppcg ] && dir=$carry/ppcg/$name
      [ -x "$exe" ] || continue
      [ "$v" = outer-nocap ] && envs=(CUDA_CACHE_DISABLE=1 NU_REGCAP=0)
      [ "$v" = outer-before ] && envs=(CUDA_CACHE_DISABLE=1 LD_LIBRARY_PATH=$bin/before)
      case $v in *-warm) envs=(NU_COLD_WARM=1) ;; esac
      t0=$(date +%s.%N)
      (cd "$dir" && env "${envs[@]}" timeout 60 "$exe" >"$bin/$name.$v.cold.out" 2>"$bin/$name.$v.cold.err")
      rc=$?
      t1=$(date +%s.%N)
      [ -s "$bin/$name.outer.first.out" ] || cp "$bin/$name.$v.cold.out" "$bin/$name.outer.first.out"
      cmp=DIFFERS
      "$bin/outcmp" "$bin/$name.outer.first.out" "$bin/$name.$v.cold.out" >/dev/null 2>&1 && cmp=ok
      awk -v n="$name" -v v="$v" -v r="$r" -v a="$t0" -v b="$t1" -v c="$rc" -v o="$cmp" \
        'BEGIN { printf "%s %s %d %.3f %s %s\n", n, v, r, b - a, c, o }'
    done
  done
done

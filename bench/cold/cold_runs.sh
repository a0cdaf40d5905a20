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
echo "## program build round wall_s rc"
for r in $(seq 1 "$rounds"); do
  for name in "$@"; do
    for v in outer outer-nocap ppcg ppcg-warm outer-warm; do
      exe=$bin/$name.${v%%-*} dir=$bin envs=(CUDA_CACHE_DISABLE=1)
      [ "${v%%-*}" = ppcg ] && dir=$carry/ppcg/$name
      [ "$v" = outer-nocap ] && envs=(CUDA_CACHE_DISABLE=1 NU_REGCAP=0)
      case $v in *-warm) envs=(NU_COLD_WARM=1) ;; esac
      t0=$(date +%s.%N)
      (cd "$dir" && env "${envs[@]}" timeout 60 "$exe" >/dev/null 2>&1)
      rc=$?
      t1=$(date +%s.%N)
      awk -v n="$name" -v v="$v" -v r="$r" -v a="$t0" -v b="$t1" -v c="$rc" \
        'BEGIN { printf "%s %s %d %.3f %s\n", n, v, r, b - a, c }'
    done
  done
done

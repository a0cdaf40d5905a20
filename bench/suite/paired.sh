# shellcheck shell=bash
# paired.sh — sourced by abba_gpu.sh and exit_gpu.sh, the scripts that time
# whole processes of the suite's builds in pairs, on the GPU machine from the
# repository root with .carry/suite (prepare.sh, with PPCG) there.
#   paired_setup NAME...       builds them through wall_gpu.sh (its warm-up
#                              round included), shows NVIDIA's driver alone
#   paired_run NAME BUILD [VAR=VALUE...]
#                              runs BUILD (outer or ppcg) of NAME once, in
#                              the environment given and without nurt's
#                              variables otherwise; prints "seconds rc"
paired_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
out=${OUT:-$paired_root/.carry/suite-out}
bin=/tmp/nuwall
carry=$paired_root/.carry/suite

paired_setup() {
  mkdir -p "$out"
  WALL_ROUNDS=0 OUT=$out bash "$paired_root/bench/suite/wall_gpu.sh" "$@" >/dev/null 2>&1
  export NU_DEVICE=${NU_DEVICE:-gpu}
  # shellcheck source=bench/nvidia_only.sh
  . "$paired_root/bench/nvidia_only.sh"
  [ -n "${SUITE_KEEP_ICDS:-}" ] || nvidia_only "$bin/icd"
}

paired_run() {
  local name=$1 build=$2 dir=$bin t0 t1 rc
  shift 2
  [ "$build" = ppcg ] && dir=$carry/ppcg/$name
  t0=$(date +%s.%N)
  (cd "$dir" && env -u NU_START -u NU_HOST_FIRST -u NU_EXIT_RELEASE "$@" "$bin/$name.$build" \
    >/dev/null 2>&1)
  rc=$?
  t1=$(date +%s.%N)
  awk -v a="$t0" -v b="$t1" -v rc="$rc" 'BEGIN { printf "%.4f %d", b - a, rc }'
}

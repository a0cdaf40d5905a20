#!/usr/bin/env bash
# exit_gpu.sh — what nurt's exit costs: whole-process wall time of the
# suite's outer builds as built (the context left to the process's end),
# the same binaries under NU_EXIT_RELEASE=1 (the context released by nurt's
# exit handler) and PPCG's, R rounds (default 25) per program, the order of
# the three rotating from round to round so that a drift over the call, or
# a cost on whichever runs first, falls on all three alike.  Prints per
# build the median, then the paired differences (median, quartiles, rounds
# below) of released - as built and of each against PPCG.  On the GPU
# machine from the repository root with .carry/suite (prepare.sh, with
# PPCG) there; builds through wall_gpu.sh.  Writes $OUT/exit.raw (name round
# build seconds rc).
#   R=25 bash bench/suite/exit_gpu.sh syrk correlation ...
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
out=${OUT:-$root/.carry/suite-out}
R=${R:-25}
[ $# -gt 0 ] || {
  echo "usage: exit_gpu.sh NAME..." >&2
  exit 2
}
mkdir -p "$out"
WALL_ROUNDS=0 OUT=$out bash "$root/bench/suite/wall_gpu.sh" "$@" >/dev/null 2>&1
bin=/tmp/nuwall
carry=$root/.carry/suite
export NU_DEVICE=${NU_DEVICE:-gpu}
# shellcheck source=bench/nvidia_only.sh
. "$root/bench/nvidia_only.sh"
[ -n "${SUITE_KEEP_ICDS:-}" ] || nvidia_only "$bin/icd"

one() { # NAME BUILD: prints "seconds rc"
  local dir=$bin exe=$1.outer env=() t0 t1 rc
  case $2 in
  released) env=(NU_EXIT_RELEASE=1) ;;
  ppcg) dir=$carry/ppcg/$1 exe=$1.ppcg ;;
  esac
  t0=$(date +%s.%N)
  (cd "$dir" && env -u NU_START -u NU_HOST_FIRST -u NU_EXIT_RELEASE "${env[@]}" "$bin/$exe" \
    >/dev/null 2>&1)
  rc=$?
  t1=$(date +%s.%N)
  awk -v a="$t0" -v b="$t1" -v rc="$rc" 'BEGIN { printf "%.4f %d", b - a, rc }'
}

pair() { # NAME BASE BUILD: the paired differences BUILD - BASE
  awk -v n="$1" -v b="$2" -v v="$3" '$1 == n && $3 == b { o[$2] = $4 }
    $1 == n && $3 == v { k[$2] = $4 } END { for (r in o) printf "%.1f\n", (k[r] - o[r]) * 1000 }' \
    "$out/exit.raw" | sort -n | awk -v n="$1" -v b="$2" -v v="$3" '{ a[NR] = $1; if ($1 < 0) below++ }
    END { printf "%s %s - %s ms: median %s, quartiles %s %s, below in %d of %d\n", n, v, b,
      a[int((NR + 1) / 2)], a[int(NR / 4) + 1], a[int(3 * NR / 4)], below, NR }'
}

builds=(outer released ppcg)
for name in "$@"; do
  for ((r = 0; r < R; r++)); do
    for ((k = 0; k < 3; k++)); do
      v=${builds[$(((k + r) % 3))]}
      echo "$name $r $v $(one "$name" "$v")"
    done
  done
done >"$out/exit.raw"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>&1
awk '{ k = $1 " " $3; n[k]++; v[k, n[k]] = $4; if ($5 != 0) bad[k]++ }
  END { for (k in n) { m = n[k]; for (i = 1; i <= m; i++) a[i] = v[k, i]
    for (i = 2; i <= m; i++) for (j = i; j > 1 && a[j - 1] > a[j]; j--) { t = a[j]; a[j] = a[j - 1]; a[j - 1] = t }
    printf "%s median %.4f s over %d rounds, %d failed\n", k, a[int((m + 1) / 2)], m, bad[k] } }' \
  "$out/exit.raw" | sort
for name in "$@"; do
  pair "$name" outer released
  pair "$name" ppcg outer
  pair "$name" ppcg released
done

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
R=${R:-25}
[ $# -gt 0 ] || {
  echo "usage: exit_gpu.sh NAME..." >&2
  exit 2
}
# shellcheck source=bench/suite/paired.sh
. "$(dirname "$0")/paired.sh"
paired_setup "$@"

one() { # NAME BUILD: prints "seconds rc"
  case $2 in
  released) paired_run "$1" outer NU_EXIT_RELEASE=1 ;;
  *) paired_run "$1" "$2" ;;
  esac
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

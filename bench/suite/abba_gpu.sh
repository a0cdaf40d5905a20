#!/usr/bin/env bash
# abba_gpu.sh — whole-process wall time of the suite's outer builds against
# PPCG's, paired: R rounds (default 31) per program, the order alternating
# (outer then PPCG in odd rounds, PPCG then outer in even ones), so that a
# drift over the call or a cost that falls on whichever runs first lands on
# both builds alike.  wall_gpu.sh runs its variants in one order; its PPCG
# runs drifted from 0.40 to 0.32 s over one call (start-ahead-h200.txt).
# Prints per program the median of the per-round differences, their
# quartiles, how many rounds the outer build was below, and the medians of
# each build.  On the GPU machine from the repository root with .carry/suite
# (prepare.sh, with PPCG) there; builds through wall_gpu.sh (its warm-up
# round included).  Writes $OUT/abba.NAME (name round outer_s rc ppcg_s rc).
#   R=31 bash bench/suite/abba_gpu.sh syrk gemm ...
set -u
R=${R:-31}
[ $# -gt 0 ] || {
  echo "usage: abba_gpu.sh NAME..." >&2
  exit 2
}
# shellcheck source=bench/suite/paired.sh
. "$(dirname "$0")/paired.sh"
paired_setup "$@"

one() { paired_run "$1" "$2"; } # NAME outer|ppcg: prints "seconds rc"

median() { sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }

for name in "$@"; do
  f=$out/abba.$name
  for ((r = 1; r <= R; r++)); do
    if ((r % 2)); then
      o=$(one "$name" outer)
      p=$(one "$name" ppcg)
    else
      p=$(one "$name" ppcg)
      o=$(one "$name" outer)
    fi
    echo "$name $r $o $p"
  done >"$f"
  echo "$name: $R rounds, $(awk '$4 != 0 || $6 != 0' "$f" | wc -l) failed, outer below in" \
    "$(awk '$3 < $5' "$f" | wc -l)"
  echo "  outer - PPCG ms: median $(awk '{ printf "%.1f\n", ($3 - $5) * 1000 }' "$f" | median)," \
    "quartiles $(awk '{ printf "%.1f\n", ($3 - $5) * 1000 }' "$f" | sort -n |
      awk '{ a[NR] = $1 } END { print a[int(NR / 4) + 1], a[int(3 * NR / 4)] }')"
  echo "  medians: outer $(awk '{ print $3 }' "$f" | median) s, PPCG $(awk '{ print $5 }' "$f" | median) s"
done

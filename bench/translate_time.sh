#!/usr/bin/env bash
# translate_time.sh — how long a bare `work` takes to decide, per region
# (issue 26: at most 1 s of processor time per region).  Translates every
# kernel of tests/corpus/ with its annotations made bare `work`s two ways
# (bare.sed: in place, on the loops the file annotates; outer.py: one per
# outermost loop of each region, as PPCG is given it), the bare-`work`
# programs of tests/profile/bare_dist_*.c and tests/run/work_bare_*.c, and
# prints per file: nucc's wall and processor time for the whole file, the
# regions, the slowest region's time as --report says it, and the regions
# whose search gave up at the bound.  A benchmark, not a test: the times
# depend on the machine (run it on an idle one).
#   bench/translate_time.sh [NUCC] [OUT]
#     NUCC  the nucc to time (default build/nucc)
#     OUT   also write the table there (e.g. bench/results/translate_time.txt)
set -u
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(dirname "$here")
nucc=$(realpath "${1:-$root/build/nucc}")
out=${2:-}
corpus=$root/tests/corpus
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# files: PLACEMENT PATH
list() {
  for f in "$corpus"/*.c; do
    n=$(basename "$f" .c)
    case $n in wrong_*) continue ;; esac
    mkdir -p "$work/bare" "$work/outer"
    sed -E -f "$corpus/bare.sed" "$f" >"$work/bare/$n.c"
    python3 "$corpus/outer.py" "$f" >"$work/outer/$n.c"
    echo "bare $work/bare/$n.c"
    echo "outer $work/outer/$n.c"
  done
  for f in "$root"/tests/profile/bare_dist_*.c "$root"/tests/run/work_bare_*.c; do
    echo "test $f"
  done
}

table=$work/table
printf '%-8s %-34s %8s %8s %7s %10s %7s\n' placement file wall_s cpu_s regions max_ms gave_up >"$table"
worst=0
while read -r placement f; do
  rep=$work/report
  start=$(date +%s.%N)
  # processor time of nucc itself (user + system), from bash's times
  cpu=$( (cd "$(dirname "$f")" && TIMEFORMAT='%U %S' && { time "$nucc" --report "$(basename "$f")" \
    -o /dev/null >"$rep" 2>&1; } 2>&1) | awk '{print $1 + $2}')
  end=$(date +%s.%N)
  wall=$(awk -v a="$start" -v b="$end" 'BEGIN{printf "%.2f", b - a}')
  regions=$(grep -c "decided this region in" "$rep")
  max=$(sed -nE 's/.*decided this region in ([0-9]+) ms.*/\1/p' "$rep" | sort -n | tail -1)
  gave=$(grep -c "passed its bound" "$rep")
  [ "${max:-0}" -gt "$worst" ] && worst=${max:-0}
  printf '%-8s %-34s %8s %8s %7s %10s %7s\n' "$placement" "$(basename "$f")" "$wall" "$cpu" \
    "$regions" "${max:--}" "$gave" >>"$table"
done < <(list)
{
  echo "# nucc --report on bare works, $(date -u +%Y-%m-%dT%H:%MZ), $(nproc) cores, $(uname -m)"
  cat "$table"
  echo "# slowest region: $worst ms of processor time (bound: 1000 ms per region)"
} | tee ${out:+"$out"}

#!/usr/bin/env bash
# run.sh — how nucc's time and memory grow with the input: generates files of
# 5,000, 10,000 and 20,000 lines (125, 250 and 500 annotated nests, gen.py),
# translates each (best of REPEAT runs, default 3) under /usr/bin/time -v,
# and prints a Markdown table: wall and user time, peak resident memory, and
# the same file with its `#pragma nu` lines removed (libclang's parse and
# nucc's scan, no kernels).  Not a test: the numbers depend on the machine.
# Usage: bench/scale/run.sh [NUCC]        (default: build/nucc)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
nucc=${1:-$here/../../build/nucc}
repeat=${REPEAT:-3}
[ -x "$nucc" ] || { echo "run.sh: no nucc at $nucc (make build, or give its path)" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "run.sh: needs /usr/bin/time (apt-get install time)" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# measure FILE: "wall user rss_kb" of the best (least wall time) of $repeat runs
measure() {
  local best="" i wall user rss
  for ((i = 0; i < repeat; i++)); do
    /usr/bin/time -v "$nucc" "$1" -o "$work/out.c" 2>"$work/time" >/dev/null ||
      { echo "run.sh: nucc failed on $1:" >&2; cat "$work/time" >&2; exit 1; }
    wall=$(sed -n 's/.*Elapsed (wall clock) time.*: \(.*\)/\1/p' "$work/time" |
      awk -F: '{ s = 0; for (i = 1; i <= NF; i++) s = s * 60 + $i; print s }')
    user=$(sed -n 's/.*User time (seconds): //p' "$work/time")
    rss=$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$work/time")
    if [ -z "$best" ] || awk -v a="$wall" -v b="${best%% *}" 'BEGIN { exit !(a < b) }'; then
      best="$wall $user $rss"
    fi
  done
  echo "$best"
}

echo "nucc: $nucc; $(nproc) cores; $(sed -n 's/^model name\s*: //p' /proc/cpuinfo | head -1)"
echo
echo "| lines | nests | wall s | user s | peak RSS MiB | ms per nest | no pragmas: wall s | RSS MiB |"
echo "|------:|------:|-------:|-------:|-------------:|------------:|-------------------:|--------:|"
for size in "5000 125" "10000 250" "20000 500"; do
  read -r lines nests <<<"$size"
  python3 "$here/gen.py" "$lines" "$nests" >"$work/in.c"
  sed 's/^#pragma nu .*$//' "$work/in.c" >"$work/plain.c"
  read -r wall user rss <<<"$(measure "$work/in.c")"
  read -r pwall _ prss <<<"$(measure "$work/plain.c")"
  awk -v l="$lines" -v n="$nests" -v w="$wall" -v u="$user" -v r="$rss" -v pw="$pwall" \
    -v pr="$prss" 'BEGIN { printf "| %d | %d | %.2f | %.2f | %.0f | %.2f | %.2f | %.0f |\n",
      l, n, w, u, r / 1024, 1000 * w / n, pw, pr / 1024 }'
done

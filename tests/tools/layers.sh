#!/usr/bin/env bash
# layers.sh LAYERS OBJECT... — check that the modules of a library use each
# other only downward (docs/design.md).
#
# A module is a source file; module A uses module B when A's object file
# refers to a symbol B's defines (nm), so the graph is the linker's, not a
# guess from #include lines.  LAYERS lists the layers from the bottom up, one
# per line: a name, then path prefixes ("compiler/ir/", "runtime/errors.c").
# A module may use its own layer and the layers below; within a layer the uses
# must not form a circle (tsort finds them).  A line "circle A B" allows the
# circle between modules A and B, which docs/design.md then explains.
# Prints the graph with -v as the first argument.
set -euo pipefail
verbose=0
if [ "${1:-}" = -v ]; then verbose=1; shift; fi
layers=$1
shift

# object path .../nucc_core.dir/compiler/emit/stub.c.o -> compiler/emit/stub.c
# (the path under the target's source folder: nurt.dir/sync.c.o -> sync.c)
module_of() { sed -e 's|.*\.dir/||' -e 's|\.o$||'; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for o in "$@"; do
  m=$(printf '%s\n' "$o" | module_of)
  nm "$o" | awk -v m="$m" '
    NF == 3 && $2 ~ /^[TDBR]$/ { print "D", $3, m }
    NF == 2 && $1 == "U" { print "U", $2, m }'
done >"$tmp/syms"

awk '$1 == "D" { def[$2] = $3 } $1 == "U" { use[NR] = $2 " " $3 }
     END { for (i in use) { split(use[i], p, " ");
             if ((p[1] in def) && def[p[1]] != p[2]) print p[2], def[p[1]] } }' \
  "$tmp/syms" | sort -u >"$tmp/edges"

awk -v lf="$layers" '
  BEGIN {
    while ((getline line < lf) > 0) {
      sub(/#.*/, "", line); n = split(line, f, /[ \t]+/)
      if (n == 0 || f[1] == "") continue
      if (f[1] == "circle") { allow[f[2] " " f[3]] = 1; allow[f[3] " " f[2]] = 1; continue }
      nl++; lname[nl] = f[1]
      for (i = 2; i <= n; i++) { np++; pre[np] = f[i]; plevel[np] = nl }
    }
  }
  function level(m,   i, best, bl) {
    best = -1
    for (i = 1; i <= np; i++)
      if (index(m, pre[i]) == 1 && length(pre[i]) > bl) { bl = length(pre[i]); best = plevel[i] }
    return best
  }
  {
    a = $1; b = $2; la = level(a); lb = level(b)
    if (la < 0 || lb < 0) {
      m = la < 0 ? a : b
      if (!(m in told)) print "layers: " m " is in no layer of " lf > "/dev/stderr"
      told[m] = 1; bad = 1; next
    }
    if (lb > la) {
      print "layers: " a " (" lname[la] ") uses " b " (" lname[lb] "), a layer above it" > "/dev/stderr"
      bad = 1
    } else if (la == lb && !((a " " b) in allow)) print a, b > "'"$tmp"'/same"
  }
  END { exit bad }' "$tmp/edges" || status=1

touch "$tmp/same"
if ! tsort "$tmp/same" >/dev/null 2>"$tmp/loops"; then
  echo "layers: a circle within a layer:" >&2
  grep -v 'input contains a loop' "$tmp/loops" | sed 's/^tsort: /  /' >&2
  status=1
fi
if [ "$verbose" = 1 ]; then
  awk '{ out[$1] = out[$1] " " $2 } END { for (m in out) print m ":" out[m] }' "$tmp/edges" | sort
fi
if [ "${status:-0}" = 0 ]; then
  echo "layers: $(wc -l <"$tmp/edges") uses among $# modules, all downward"
fi
exit "${status:-0}"

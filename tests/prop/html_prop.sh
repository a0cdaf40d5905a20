#!/usr/bin/env bash
# html_prop.sh GEN SEED CASES NUCC WORKDIR — the pictures of --explain=html
# as a property: for each generated chain of transformations (gen.c) that
# nucc accepts, every step's picture runs every iteration of the nest
# exactly once (no cell marked in red), every step has its picture, and the
# page is well-formed XML.  A wrong bound in a transformation, or in the
# interpreter of iterspace.c, shows up here as a red cell.
set -uo pipefail
gen=$1 seed=$2 cases=$3 nucc=$4 work=$5
rm -rf "$work" && mkdir -p "$work"
fail=0 drawn=0
for ((i = 0; i < cases; i++)); do
  "$gen" "$seed" "$i" >"$work/case$i.c" || exit 1
  if ! "$nucc" --explain=html "$work/case$i.c" -o "$work/case$i.html" 2>"$work/case$i.err"; then
    if ! grep -q ': error: ' "$work/case$i.err"; then
      echo "FAIL: case $i: nucc failed without a diagnostic"
      cat "$work/case$i.err"
      fail=1
    fi
    continue # a chain nucc refuses has no page
  fi
  drawn=$((drawn + 1))
  if grep -q 'marked in red\|No picture' "$work/case$i.html"; then
    echo "FAIL: case $i ($gen $seed $i): a step runs an iteration twice or not at all:"
    grep -o '<h3>[^<]*</h3>\|[0-9]* cells\? marked in red[^<]*\|No picture[^<]*' "$work/case$i.html"
    fail=1
  fi
  if command -v xmllint >/dev/null && ! xmllint --noout "$work/case$i.html"; then
    echo "FAIL: case $i: the page is not well-formed XML"
    fail=1
  fi
done
((fail)) || echo "ok: $drawn of $cases chains drawn, every iteration once at every step"
exit $fail

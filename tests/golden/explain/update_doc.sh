#!/usr/bin/env bash
# Rewrites the `nucc --explain` blocks of a document with what nucc prints now.
#   tests/golden/explain/update_doc.sh [path/to/nucc] [DOC.md]
#   (defaults: build/nucc, docs/annotations.md)
# Each marker `<!-- nucc --explain PATH -->` gets the ```text block after it
# replaced (or added); PATH is relative to the repository root, and nucc runs
# in PATH's folder with the bare file name.  Review `git diff` of the
# document: the prose around the blocks may need the same change.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
nucc=${1:-$root/build/nucc}
doc=${2:-$root/docs/annotations.md}
nucc=$(cd "$(dirname "$nucc")" && pwd)/$(basename "$nucc")
tmp=$(mktemp "$doc.XXXXXX")
trap 'rm -f "$tmp"' EXIT

marker='^<!-- nucc --explain ([^ ]+) -->$'
skip=0 # 1: inside an old block being replaced
pending='' # a marker whose block is still to come
n=0
{
  while IFS= read -r line || [[ -n $line ]]; do
    if ((skip)); then
      [[ $line == '```' ]] && skip=0
      continue
    fi
    if [[ -n $pending ]]; then
      src=$root/$pending
      printf '```text\n'
      (cd "$(dirname "$src")" && "$nucc" --explain "$(basename "$src")")
      printf '```\n'
      n=$((n + 1))
      pending=''
      if [[ $line == '```text' ]]; then
        skip=1
        continue
      fi
    fi
    printf '%s\n' "$line"
    if [[ $line =~ $marker ]]; then
      pending=${BASH_REMATCH[1]}
    fi
  done <"$doc"
  if [[ -n $pending ]]; then
    src=$root/$pending
    printf '```text\n'
    (cd "$(dirname "$src")" && "$nucc" --explain "$(basename "$src")")
    printf '```\n'
    n=$((n + 1))
  fi
} >"$tmp"
cat "$tmp" >"$doc"
echo "rewrote $n blocks in ${doc#"$root"/}"

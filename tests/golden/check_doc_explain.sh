#!/usr/bin/env bash
# Checks that every `nucc --explain` block of a document is what nucc prints.
#   check_doc_explain.sh NUCC DOC.md
# A block is a marker line, then a ```text fence holding the output:
#   <!-- nucc --explain tests/golden/explain/NAME.c -->
#   ```text
#   ...
#   ```
# The path is relative to the repository root; the command runs in the
# file's folder with the bare file name, so the output names NAME.c only.
# After an intended change: tests/golden/explain/update_doc.sh, then review.
set -uo pipefail
nucc=$1 doc=$2
root=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

marker='^<!-- nucc --explain ([^ ]+) -->$'
fail=0 count=0 lineno=0
state=text # text | fence (want the opening fence) | block
path='' at=0
while IFS= read -r line || [[ -n $line ]]; do
  lineno=$((lineno + 1))
  case $state in
  text)
    if [[ $line =~ $marker ]]; then
      path=${BASH_REMATCH[1]} at=$lineno state=fence
      : >"$work/block"
    fi
    ;;
  fence)
    if [[ $line != '```text' ]]; then
      echo "FAIL: $doc:$at: the marker for $path is not followed by a \`\`\`text block"
      fail=1 state=text
    else
      state=block
    fi
    ;;
  block)
    if [[ $line != '```' ]]; then
      printf '%s\n' "$line" >>"$work/block"
      continue
    fi
    state=text count=$((count + 1))
    src=$root/$path
    if [[ ! -f $src ]]; then
      echo "FAIL: $doc:$at: $path does not exist"
      fail=1
      continue
    fi
    if ! (cd "$(dirname "$src")" && "$nucc" --explain "$(basename "$src")") \
      >"$work/out" 2>"$work/err"; then
      echo "FAIL: $doc:$at: nucc --explain $path failed:"
      cat "$work/err"
      fail=1
      continue
    fi
    if ! diff -u --label "$doc:$at (the document)" --label "nucc --explain $path (now)" \
      "$work/block" "$work/out"; then
      echo "FAIL: $doc:$at: the block differs from what nucc --explain $path prints"
      fail=1
    fi
    ;;
  esac
done <"$doc"
if [[ $state != text ]]; then
  echo "FAIL: $doc:$at: the block for $path is not closed"
  fail=1
fi
if ((count == 0)); then
  echo "FAIL: $doc holds no '<!-- nucc --explain PATH -->' marker"
  fail=1
fi
if ((fail)); then
  echo "      (if the change is intended: tests/golden/explain/update_doc.sh [path/to/nucc],"
  echo "       then review the diff of the document)"
  exit 1
fi
echo "ok: the $count nucc --explain blocks of $doc match"

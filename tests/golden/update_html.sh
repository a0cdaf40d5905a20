#!/usr/bin/env bash
# Regenerates the golden --explain=html pages with a built nucc.
#   tests/golden/update_html.sh [path/to/nucc]      (default: build/nucc)
# The sizes are those of explain.cmake.  Review the diff (and open the pages
# in a browser) before committing: a golden file changes only on purpose.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
nucc=${1:-$here/../../build/nucc}
nucc=$(cd "$(dirname "$nucc")" && pwd)/$(basename "$nucc")
while read -r src sizes; do
  name=$(basename "$src" .c)
  (cd "$here/$(dirname "$src")" && "$nucc" --explain=html "$(basename "$src")" \
    --explain-size "$sizes" -o "$here/$name.html")
  echo "wrote tests/golden/$name.html"
done <"$here/html_pages.txt"

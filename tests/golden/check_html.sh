#!/usr/bin/env bash
# check_html.sh NUCC SRC GOLDEN SIZES WORKDIR — the --explain=html page of
# SRC at SIZES (--explain-size) equals the reviewed GOLDEN, and it and each
# of its inline SVG pictures are well-formed XML.  nucc runs in SRC's folder
# with the bare file name, so the page names the file only.
# After an intended change: tests/golden/update_html.sh, then review.
set -uo pipefail
nucc=$1 src=$2 golden=$3 sizes=$4 work=$5
rm -rf "$work" && mkdir -p "$work"
page=$work/$(basename "$golden")
if ! (cd "$(dirname "$src")" && "$nucc" --explain=html "$(basename "$src")" \
  --explain-size "$sizes" -o "$page"); then
  echo "FAIL: nucc --explain=html $src failed"
  exit 1
fi
fail=0
# well-formed: the page as a whole, then every <svg>...</svg> alone
wellformed() {
  if command -v xmllint >/dev/null; then
    xmllint --noout "$1"
  else
    python3 -c 'import sys, xml.dom.minidom; xml.dom.minidom.parse(sys.argv[1])' "$1"
  fi
}
if ! wellformed "$page"; then
  echo "FAIL: the page is not well-formed XML"
  fail=1
fi
n=$(awk -v dir="$work" '/^<svg /{n++; f=dir "/svg" n ".svg"} f{print > f} /^<\/svg>/{close(f); f=""} END{print n+0}' "$page")
for ((i = 1; i <= n; i++)); do
  if ! wellformed "$work/svg$i.svg"; then
    echo "FAIL: picture $i is not well-formed XML"
    fail=1
  fi
done
if ((n == 0)); then
  echo "FAIL: the page holds no picture"
  fail=1
fi
# self-contained: nothing is fetched from elsewhere
if grep -nE '(src|href)="(https?:)?//' "$page"; then
  echo "FAIL: the page refers to an external resource"
  fail=1
fi
if ! diff -u "$golden" "$page" >"$work/diff"; then
  head -n 40 "$work/diff"
  echo "FAIL: the page differs from $golden (if intended: tests/golden/update_html.sh, then review)"
  fail=1
fi
((fail)) || echo "ok: $(basename "$golden") matches, $n pictures well-formed"
exit $fail

#!/usr/bin/env bash
# update.sh [path/to/nucc] [--check] — the pictures of docs/tutorial.md,
# taken from nucc --explain=html as pictures.txt lists them, and, where
# chromium is installed, the screenshot explain-html.png.  With --check it
# writes nothing and fails when a picture differs (golden.tutorial_pictures).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
nucc=${1:-$root/build/nucc}
nucc=$(cd "$(dirname "$nucc")" && pwd)/$(basename "$nucc")
check=${2:-}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail=0
while read -r src sizes names; do
  [[ -z $src || $src == \#* ]] && continue
  page=$work/$(basename "$src" .c).html
  (cd "$root/$(dirname "$src")" && "$nucc" --explain=html "$(basename "$src")" \
    --explain-size "$sizes" -o "$page")
  awk -v dir="$work" '/^<svg /{n++; f=dir "/pic" n ".svg"} f{print > f} /^<\/svg>/{close(f); f=""}' "$page"
  k=0
  for name in $names; do
    k=$((k + 1))
    [[ $name == - ]] && continue
    if [[ $check == --check ]]; then
      if ! cmp -s "$work/pic$k.svg" "$here/$name.svg"; then
        echo "FAIL: docs/img/$name.svg is not what nucc draws now (docs/img/update.sh, then review)"
        fail=1
      fi
    else
      cp "$work/pic$k.svg" "$here/$name.svg"
      echo "wrote docs/img/$name.svg"
    fi
  done
done <"$here/pictures.txt"
if [[ $check == --check ]]; then
  ((fail)) || echo "ok: the tutorial's pictures are what nucc draws"
  exit $fail
fi
# the screenshot: NUDA's outer product at n=9, m=7, the whole first nest
if command -v chromium >/dev/null; then
  (cd "$root/tests/golden" && "$nucc" --explain=html nuda_explain.c --explain-size n=9,m=7 \
    -o "$work/shot.html")
  chromium --headless --no-sandbox --disable-gpu --disable-background-networking \
    --disable-component-update --disable-sync --no-first-run --hide-scrollbars \
    --user-data-dir="$work/profile" --force-device-scale-factor=0.6 --window-size=1300,2150 \
    --screenshot="$here/explain-html.png" "file://$work/shot.html" 2>/dev/null
  echo "wrote docs/img/explain-html.png"
else
  echo "chromium not installed: docs/img/explain-html.png left as it is"
fi

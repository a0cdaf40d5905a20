#!/usr/bin/env bash
# check_browser.sh NUCC WORKDIR SRC SIZES [SRC SIZES ...] — opens the
# --explain=html page of each SRC in a real headless browser (Debian's
# chromium, which scripts/setup.sh installs where it can): the page loads
# without a script error, and its own check finds every step's picture laid
# out (body data-rendered equals the number of pictures); a screenshot is
# taken as well.  Skipped (77) with a message when no browser is installed.
set -uo pipefail
nucc=$1 work=$2
shift 2
browser=''
for b in chromium chromium-browser google-chrome; do
  if command -v "$b" >/dev/null; then
    browser=$b
    break
  fi
done
if [[ -z $browser ]]; then
  echo "SKIP: no headless browser (chromium) installed; scripts/setup.sh installs it on Debian"
  exit 77
fi
rm -rf "$work" && mkdir -p "$work"
fail=0
while (($# >= 2)); do
  src=$1 sizes=$2
  shift 2
  name=$(basename "$src" .c)
  page=$work/$name.html
  (cd "$(dirname "$src")" && "$nucc" --explain=html "$(basename "$src")" --explain-size "$sizes" \
    -o "$page") || {
    echo "FAIL: nucc --explain=html $src failed"
    fail=1
    continue
  }
  pics=$(grep -c '^<svg ' "$page")
  run() {
    timeout 120 "$browser" --headless --no-sandbox --disable-gpu --disable-background-networking \
      --disable-component-update --disable-sync --no-first-run --hide-scrollbars \
      --user-data-dir="$work/profile" --enable-logging=stderr --v=0 "$@" "file://$page"
  }
  if ! run --dump-dom >"$work/$name.dom" 2>"$work/$name.log"; then
    echo "FAIL: $browser could not load $page:"
    tail -n 5 "$work/$name.log"
    fail=1
    continue
  fi
  if grep -E 'CONSOLE.*(Uncaught|Error)' "$work/$name.log"; then
    echo "FAIL: $name.html: script errors in the browser (above)"
    fail=1
  fi
  drawn=$(sed -n 's/.*<body[^>]* data-rendered="\([0-9]*\)".*/\1/p' "$work/$name.dom" | head -n 1)
  if [[ $drawn != "$pics" ]]; then
    echo "FAIL: $name.html: the browser laid out ${drawn:-no} of its $pics pictures"
    fail=1
  fi
  if ! run --window-size=1300,1800 --screenshot="$work/$name.png" >/dev/null 2>&1 ||
    [[ $(stat -c %s "$work/$name.png" 2>/dev/null || echo 0) -lt 10000 ]]; then
    echo "FAIL: $name.html: no screenshot (or a blank one)"
    fail=1
  fi
  ((fail)) || echo "ok: $name.html loads in $browser, $drawn of $pics pictures drawn"
done
exit $fail

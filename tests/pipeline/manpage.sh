#!/usr/bin/env bash
# manpage.sh — nucc.1 renders (groff -ww without a warning, man -l) and
# holds what --help holds: the same options, both ways, and every
# annotation; every NU_* variable the runtime reads (getenv in runtime/);
# exit statuses 0, 1 and 2.  After `cmake --install`, `man nucc` finds it.
# Exits 77 (skipped) when neither groff nor man is installed.
# Usage: manpage.sh NUCC NUCC.1 BUILD_DIR WORKDIR
set -u
nucc=$1 page=$2 builddir=$3 work=$4
source "$(dirname "$0")/../tools/expect.sh"
runtime=$(cd "$(dirname "$0")/../../runtime" && pwd)

if ! command -v groff >/dev/null && ! command -v man >/dev/null; then
  echo "SKIPPED: neither groff nor man is installed (groff-base, man-db)"
  exit 77
fi
[ -s "$page" ] || fail "no man page at $page"

# Renders, plain text, no roff warnings.
if command -v groff >/dev/null; then
  groff -man -Tascii -ww -z "$page" 2>"$work/groff.err"
  [ -s "$work/groff.err" ] && fail "groff warns: $(head -3 "$work/groff.err")"
  groff -man -Tascii -P-cbou "$page" >"$work/page.txt" 2>/dev/null
fi
if command -v man >/dev/null; then
  MANWIDTH=100 man -l -P cat "$page" >"$work/man.txt" 2>"$work/man.err" ||
    fail "man -l failed: $(head -3 "$work/man.err")"
  grep -q 'EXIT STATUS' "$work/man.txt" || fail "man -l rendered no EXIT STATUS section"
  [ -s "$work/page.txt" ] || cp "$work/man.txt" "$work/page.txt"
fi
sed -i 's/^ *//' "$work/page.txt"

# The options of --help (their forms, "  -I DIR   add ...") and of the page
# (the tag line after each .TP in OPTIONS, roff markup removed).
"$nucc" --help >"$work/help.txt" || fail "nucc --help failed"
sed -n '2,/^annotations/p' "$work/help.txt" | grep '^  -' |
  sed -E 's/^  (.*[^ ])  +[^ ].*$/\1/' | sort >"$work/help_opts.txt"
awk '/^\.SH /{sec=$2} sec=="OPTIONS" && prev==".TP" {print} {prev=$0}' "$page" |
  sed -e 's/\\f[BIR]//g' -e 's/\\-/-/g' | sort >"$work/man_opts.txt"
[ "$(wc -l <"$work/help_opts.txt")" -ge 10 ] || fail "too few options read from --help"
diff "$work/help_opts.txt" "$work/man_opts.txt" >"$work/opts.diff" ||
  fail "the options of --help (<) and of the man page (>) differ: $(cat "$work/opts.diff")"
while IFS= read -r opt; do
  grep -qF -- "$opt" "$work/page.txt" || fail "the rendered page does not show $opt"
done <"$work/help_opts.txt"

# The annotations of --help, by name.
sed -n '/^annotations/,$p' "$work/help.txt" | sed -n 's/^  \([a-z]*\).*/\1/p' >"$work/annots.txt"
[ -s "$work/annots.txt" ] || fail "no annotations read from --help"
while IFS= read -r a; do
  grep -qE "^$a(\\(| |$)" "$work/page.txt" || fail "annotation $a is not in the man page"
done <"$work/annots.txt"

# The runtime's environment variables.
vars=$(grep -ho 'getenv("NU_[A-Z_]*")' "$runtime"/*.c | sed 's/getenv("\(.*\)")/\1/' | sort -u)
[ -n "$vars" ] || fail "no getenv(\"NU_...\") found in runtime/"
for v in $vars; do
  grep -qx "$v" "$work/page.txt" || fail "the runtime reads $v; the ENVIRONMENT section does not list it"
done
for status in 0 1 2; do
  sed -n '/^EXIT STATUS/,/^EXAMPLES/p' "$work/page.txt" | grep -qE "^$status( |$)" ||
    fail "exit status $status is not described"
done

# Installed where man finds it.
cmake --install "$builddir" --prefix "$work/inst" >"$work/install.log" 2>&1 ||
  fail "cmake --install failed: $(tail -3 "$work/install.log")"
[ -f "$work/inst/share/man/man1/nucc.1" ] || fail "not installed as share/man/man1/nucc.1"
if command -v man >/dev/null; then
  MANPATH="$work/inst/share/man" man -P cat nucc >"$work/installed.txt" 2>&1 ||
    fail "man nucc with MANPATH=<prefix>/share/man failed: $(head -3 "$work/installed.txt")"
fi
finish

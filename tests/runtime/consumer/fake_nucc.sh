#!/bin/sh
# fake_nucc.sh [-MD -MF DEP] IN -o OUT: a stand-in for nucc that copies IN to
# OUT (and writes the rule `OUT: IN` to DEP, as nucc_add_sources asks).
dep=
if [ "$1" = "-MD" ] && [ "$2" = "-MF" ]; then
  dep=$3
  shift 3
fi
if [ "$2" = "-o" ]; then
  cp "$1" "$3" || exit 1
  [ -z "$dep" ] || printf '%s: %s\n' "$3" "$1" >"$dep"
  exit
fi
echo "fake_nucc.sh: usage: [-MD -MF DEP] IN -o OUT" >&2
exit 2

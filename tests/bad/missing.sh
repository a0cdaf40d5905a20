#!/usr/bin/env bash
# missing.sh — nucc on an input file that does not exist: exit status 1, a
# message naming the file, and no output file.
# Usage: missing.sh NUCC WORKDIR
set -u
if [ $# -ne 2 ]; then
  echo "usage: $0 NUCC WORKDIR" >&2
  exit 2
fi
nucc=$1
work=$2
rm -rf "$work"
mkdir -p "$work" || exit 1
src="$work/no_such_input.c"
"$nucc" "$src" -o "$work/out.c" >"$work/stdout" 2>"$work/stderr"
rc=$?
failed=0
if [ $rc -ne 1 ]; then
  echo "FAIL: exit status $rc, expected 1"
  failed=1
fi
if ! grep -q 'no_such_input\.c' "$work/stderr"; then
  echo "FAIL: the message does not name no_such_input.c"
  failed=1
fi
if [ -n "$(find "$work" -maxdepth 1 -name 'out.c*' -print)" ]; then
  echo "FAIL: an output file was written"
  failed=1
fi
if [ $failed -ne 0 ]; then
  echo "---- stderr:"
  cat "$work/stderr"
  exit 1
fi
echo "PASSED: missing input reported"
exit 0

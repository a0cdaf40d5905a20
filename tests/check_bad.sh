#!/usr/bin/env bash
# check_bad.sh — runs nucc on an input that must be refused and checks the
# diagnostic against the file's first line:
#   // expect: LINE:COL: error: SUBSTRING
# and, optionally in the next lines, `// nucc-flags: --openmp ...` and any
# number of `// expect-note: SUBSTRING` (each in some `note:` line).
# Usage: check_bad.sh NUCC WORKDIR bad.c
# Checks: exit status 1; a stderr line starting with `bad.c:LINE:COL: error:`
# (the path as given or its basename) that contains SUBSTRING; the source line
# printed after it with a caret under COL; and no output file (nor a
# temporary one beside it) left in WORKDIR.
set -u

if [ $# -ne 3 ]; then
  echo "usage: $0 NUCC WORKDIR bad.c" >&2
  exit 2
fi
nucc=$1
work=$2
src=$3
name=$(basename "$src")

expect=$(grep -m1 '^// expect: ' "$src") || {
  echo "FAIL [$name]: no '// expect: LINE:COL: error: SUBSTRING' line"
  exit 1
}
spec=${expect#// expect: }
if ! [[ $spec =~ ^([0-9]+):([0-9]+):\ error:\ (.+)$ ]]; then
  echo "FAIL [$name]: malformed expect line: $expect"
  exit 1
fi
line=${BASH_REMATCH[1]}
col=${BASH_REMATCH[2]}
substr=${BASH_REMATCH[3]}

rm -rf "$work"
mkdir -p "$work" || exit 1
out="$work/out.c"

# options for nucc from a `// nucc-flags: ...` line among the first five
# (as run_both.sh reads them); words split on purpose
flags=()
flag_line=$(head -n 5 "$src" | sed -n 's|^// nucc-flags: *||p' | head -n 1)
# shellcheck disable=SC2206
[ -n "$flag_line" ] && flags=($flag_line)
"$nucc" "${flags[@]}" "$src" -o "$out" >"$work/stdout" 2>"$work/stderr"
rc=$?

failed=0
fail() {
  echo "FAIL [$name]: $*"
  failed=1
}

if [ $rc -ne 1 ]; then
  fail "exit status $rc, expected 1"
fi

# The diagnostic line, then the source line and the caret line below it.
mapfile -t err <"$work/stderr"
want_given="$src:$line:$col: error:"
want_base="$name:$line:$col: error:"
diag=-1
for i in "${!err[@]}"; do
  if [[ ${err[i]} == "$want_given"* || ${err[i]} == "$want_base"* ]]; then
    diag=$i
    break
  fi
done

if ((diag < 0)); then
  fail "no diagnostic starting with '$want_base' (or '$want_given')"
else
  if [[ ${err[diag]} != *"$substr"* ]]; then
    fail "the diagnostic does not contain '$substr'"
  fi
  # The source line as printed may carry a gutter (`  12 | `) and may have
  # its indentation trimmed: find its text, then the caret below COL.
  raw=$(sed -n "${line}p" "$src")
  text=${raw#"${raw%%[![:space:]]*}"}
  lead=$((${#raw} - ${#text}))
  shown=-1
  for ((j = diag + 1; j < ${#err[@]} && j <= diag + 3; j++)); do
    if [ -n "$text" ] && [[ ${err[j]} == *"$text"* ]]; then
      shown=$j
      break
    fi
  done
  if ((shown < 0)); then
    fail "the source line is not shown under the diagnostic: $text"
  else
    prefix=${err[shown]%%"$text"*}
    want_caret=$((${#prefix} + col - 1 - lead))
    caret=${err[shown + 1]:-}
    if [[ $caret != *"^"* ]]; then
      fail "no caret line under the source line"
    else
      before=${caret%%^*}
      if [ ${#before} -ne $want_caret ]; then
        fail "caret at offset ${#before} of the caret line," \
          "expected $want_caret (column $col)"
      fi
    fi
  fi
fi

# notes that must come with it (a proven dependence shows its pair)
while IFS= read -r want; do
  found=0
  for l in "${err[@]}"; do
    if [[ $l == *": note: "*"$want"* ]]; then
      found=1
      break
    fi
  done
  [ $found -eq 1 ] || fail "no note containing '$want'"
done < <(sed -n 's|^// expect-note: ||p' "$src")

leftover=$(find "$work" -maxdepth 1 -name 'out.c*' -print)
if [ -n "$leftover" ]; then
  fail "output left behind after an error: $leftover"
fi

if [ $failed -ne 0 ]; then
  echo "expected: $name:$line:$col: error: ...$substr..."
  echo "---- nucc exit status $rc, stderr:"
  cat "$work/stderr"
  echo "----"
  exit 1
fi
echo "PASSED [$name]: $line:$col: error: ...$substr..."
exit 0

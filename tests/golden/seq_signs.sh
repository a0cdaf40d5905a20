#!/usr/bin/env bash
# seq_signs.sh NUCC WORKDIR — the readable --emit=seq text (tidy.c: trip
# counts without their max(t, 0), named split points, min/max) runs the same
# iterations as the program as written, negative and small sizes included.
set -euo pipefail
nucc=$1 work=$2
here=$(cd "$(dirname "$0")" && pwd)
rm -rf "$work" && mkdir -p "$work"
cc -std=c11 -Wall -Wno-unknown-pragmas -Werror -o "$work/orig" "$here/seq_signs.c"
"$nucc" --emit=seq "$here/seq_signs.c" -o "$work/seq.c"
cc -std=c11 -Wall -Werror -o "$work/seq" "$work/seq.c"
"$work/orig" >"$work/orig.out"
"$work/seq" >"$work/seq.out"
if ! diff -q "$work/orig.out" "$work/seq.out" >/dev/null; then
  echo "FAIL: --emit=seq of seq_signs.c touches other elements than the original:"
  diff "$work/orig.out" "$work/seq.out" | head -n 10
  exit 1
fi
echo "ok: $(wc -l <"$work/orig.out") sizes, the same elements touched"

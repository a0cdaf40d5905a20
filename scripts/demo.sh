#!/usr/bin/env bash
# demo.sh — nucc's promise on one example, step by step (run by `make demo`).
#
# Translates examples/sgemm.c with the nucc of build/, compiles the output
# against the runtime of the build tree, compiles the original file as plain C,
# runs both at size N (DEMO_N, default 512), checks that they agree, and shows
# the kernel times and the OpenCL device used.  Everything lands in build/demo/.
set -euo pipefail
cd "$(dirname "$0")/.."

BUILD=build
OUT=$BUILD/demo
EXAMPLE=examples/sgemm.c
N=${DEMO_N:-512}
CC=${CC:-cc}
NUCC=$BUILD/nucc
OUTCMP=$BUILD/tests/outcmp

step=0
announce() {
  step=$((step + 1))
  printf '\n== %d. %s\n' "$step" "$*"
}
run() {
  printf '$ %s\n' "$*"
  "$@"
}
fail() {
  printf 'demo: %s\n' "$*" >&2
  exit 1
}
# Print a file, at most 20 lines of it.
show() {
  head -n 20 "$1" | sed 's/^/  /'
  local n
  n=$(wc -l <"$1")
  ((n <= 20)) || printf '  ... (%d lines in all: %s)\n' "$n" "$1"
}
now() { date +%s.%N; }
seconds() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f s", b - a }'; }

[[ -x $NUCC ]] || fail "$NUCC not found: run 'make build' first"
[[ -f $EXAMPLE ]] || fail "$EXAMPLE not found"
mkdir -p "$OUT"

# The runtime from the build tree (nurt-uninstalled.pc), found by pkg-config.
export PKG_CONFIG_PATH="$BUILD/pkgconfig-uninstalled:$BUILD${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}"
pkg-config --exists nurt || fail "pkg-config finds no nurt in $BUILD/pkgconfig-uninstalled"
read -r -a NURT_FLAGS <<<"$(pkg-config --cflags --libs nurt)"
# If nurt is a shared library, let the program find it in the build tree.
for flag in $(pkg-config --libs-only-L nurt); do
  LD_LIBRARY_PATH="${flag#-L}${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
done
export LD_LIBRARY_PATH

announce "translate $EXAMPLE with nucc (the report: one line per annotated loop nest)"
run "$NUCC" --report "$EXAMPLE" -o "$OUT/sgemm.nu.c"
echo "the OpenCL program inside it (first lines):"
run "$NUCC" --emit=cl "$EXAMPLE" -o "$OUT/sgemm.cl"
show "$OUT/sgemm.cl"

announce "compile the translation with the runtime nurt"
run "$CC" -O2 "$OUT/sgemm.nu.c" -o "$OUT/sgemm.nu" "${NURT_FLAGS[@]}" -lm

announce "compile the original file as plain sequential C (the pragmas are ignored)"
run "$CC" -O2 "$EXAMPLE" -o "$OUT/sgemm.seq" -lm

announce "run both with N=$N"
printf '$ %s %s\n' "$OUT/sgemm.seq" "$N"
t0=$(now)
"$OUT/sgemm.seq" "$N" >"$OUT/seq.out"
t1=$(now)
show "$OUT/seq.out"
printf '$ NU_PROFILE=1 %s %s\n' "$OUT/sgemm.nu" "$N"
NU_PROFILE=1 "$OUT/sgemm.nu" "$N" >"$OUT/nu.out" 2>"$OUT/nu.err" || {
  cat "$OUT/nu.err" >&2
  fail "the translated program failed"
}
t2=$(now)
show "$OUT/nu.out"
echo "the runtime's report (NU_PROFILE=1, on stderr):"
sed 's/^/  /' "$OUT/nu.err"

announce "compare the two outputs"
run cmake --build "$BUILD" --target outcmp
[[ -x $OUTCMP ]] || fail "$OUTCMP not found after building the target outcmp"
if run "$OUTCMP" "$OUT/seq.out" "$OUT/nu.out"; then
  echo "results agree"
else
  fail "results differ: $OUT/seq.out and $OUT/nu.out"
fi

announce "times"
kernel_time() { grep -i -m1 'kernel time' "$1" || echo "(no 'kernel time' line)"; }
device=$(grep -i -m1 'device' "$OUT/nu.err" || true)
printf '  %-22s %s\n' "sequential (cc):" "$(kernel_time "$OUT/seq.out")"
printf '  %-22s %s\n' "OpenCL (nucc):" "$(kernel_time "$OUT/nu.out")"
printf '  %-22s %s, %s\n' "wall time:" "sequential $(seconds "$t0" "$t1")" \
  "OpenCL $(seconds "$t1" "$t2") (with device setup and kernel build)"
printf '  %-22s %s\n' "OpenCL device:" "${device:-(named in the runtime report above)}"

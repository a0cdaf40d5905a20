#!/usr/bin/env bash
# steady_gpu.sh — the time one call of a suite kernel's function takes once
# OpenCL is up and the arrays are on the device: what a program that calls
# it many times sees, which the suite's whole-process wall time (0.3-0.5 s
# of OpenCL start and host set-up, give or take 50 ms) hides.  On the GPU
# machine, from the repository root with .carry/suite (prepare.sh) there.
# For NAME and each VARIANT (outer, bare, hand: .carry/suite/VARIANT/NAME.c;
# anything else: .carry/suite/extra/NAME.VARIANT.c), main's call of
# kernel_NAME runs STEADY_CALLS times (default 6), each timed with the
# arrays the kernels left on the device brought back (nurt_sync_all), in
# STEADY_ROUNDS processes (default 5), the variants in turn.  Prints each
# process's call times and, per variant, the median of the calls after the
# first (which uploads the arrays and may build the kernels).  nucc's
# builds only: PPCG's host code creates its OpenCL context inside the
# function, at every call.  Writes $OUT/steady.txt (default .carry/suite-out).
#   bash bench/suite/steady_gpu.sh trisolv outer before
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
carry=$root/.carry/suite
out=${OUT:-$root/.carry/suite-out}
bin=/tmp/nusteady
calls=${STEADY_CALLS:-6}
rounds=${STEADY_ROUNDS:-5}
[ $# -gt 1 ] || {
  echo "usage: steady_gpu.sh NAME VARIANT..." >&2
  exit 2
}
name=$1
shift
rm -rf "$bin"
mkdir -p "$out" "$bin"
export NU_DEVICE=${NU_DEVICE:-gpu}
# shellcheck source=bench/nvidia_only.sh
. "$root/bench/nvidia_only.sh"
[ -n "${SUITE_KEEP_ICDS:-}" ] || nvidia_only "$bin/icd"
cflags=(-O2 -std=gnu11 -w -I"$carry/runtime" -I"$carry/include")
log=$out/steady.txt
{
  echo "# bench/suite/steady_gpu.sh $name $* $(date -u '+%Y-%m-%d %H:%M UTC'), $calls calls, $rounds rounds"
  nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>&1
  gcc "${cflags[@]}" -fPIC -shared -DNDEBUG -DCL_TARGET_OPENCL_VERSION=120 "$carry"/runtime/*.c \
    -o "$bin/libnurt.so" -l:libOpenCL.so.1 -lm -lpthread -ldl || echo "BUILD FAILED: libnurt"
  built=()
  for v in "$@"; do
    src=$carry/$v/$name.c
    [ -e "$src" ] || src=$carry/extra/$name.$v.c
    # main's `kernel_NAME(...);` becomes a timed loop of calls
    if ! python3 - "$src" "$bin/$v.c" "$name" "$calls" <<'PY'; then
import re, sys
src, dst, name, calls = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
text = open(src).read()
main = text.index("int main(")
m = re.compile(r"^(\s*)(kernel_%s\(.*\);)\s*$" % re.escape(name), re.M).search(text, main)
if not m:
    sys.exit("no call of kernel_%s in main" % name)
loop = ("%s{ int nu_c; for (nu_c = 0; nu_c < %d; nu_c++) { struct timespec nu_a, nu_b;\n"
        "  clock_gettime(CLOCK_MONOTONIC, &nu_a); %s nurt_sync_all();\n"
        "  clock_gettime(CLOCK_MONOTONIC, &nu_b);\n"
        "  fprintf(stderr, \"steady %%d %%.3f\\n\", nu_c, (nu_b.tv_sec - nu_a.tv_sec) * 1e3 +"
        " (nu_b.tv_nsec - nu_a.tv_nsec) * 1e-6); } }" % (m.group(1), calls, m.group(2)))
open(dst, "w").write("#include <stdio.h>\n#include <time.h>\n" + text[:m.start()] + loop + text[m.end():])
PY
      echo "BUILD FAILED: $v (no call to wrap)"
      continue
    fi
    if gcc "${cflags[@]}" "$bin/$v.c" -o "$bin/$v" -L"$bin" -Wl,-rpath,"$bin" -lnurt -lm \
      2>"$bin/$v.build"; then
      built+=("$v")
    else
      echo "BUILD FAILED: $v"
      cat "$bin/$v.build"
    fi
  done
  echo "## raw: variant round call ms"
  for r in $(seq 1 "$rounds"); do
    for v in "${built[@]}"; do
      timeout 120 "$bin/$v" 2>&1 >/dev/null | sed -n "s/^steady /$v $r /p"
    done
  done
} >"$log.raw" 2>&1
{
  cat "$log.raw"
  echo "## per variant: median ms of the calls after the first, over all rounds"
  echo "| kernel | variant | calls | median ms | lowest ms |"
  echo "| --- | --- | ---: | ---: | ---: |"
  for v in "$@"; do
    awk -v v="$v" '$1 == v && $3 > 0 { print $4 }' "$log.raw" | sort -g |
      awk -v v="$v" -v n="$name" '{ a[NR] = $1 } END { if (NR) printf "| %s | %s | %d | %.3f | %.3f |\n", n, v, NR, (NR % 2 ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2), a[1] }'
  done
} >"$log"
tail -n $(($# + 3)) "$log"

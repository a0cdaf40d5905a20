#!/usr/bin/env bash
# bare3d_run.sh — step 2 of bare3d_prepare.sh, on the GPU machine from the
# repository root with .carry/h3 carried: builds each program, runs each
# three times alternating, and prints its checksum and kernel time
# (NU_PROFILE=1: the sum of its kernels' totals).
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
c=$root/.carry/h3
bin=/tmp/h3bin
mkdir -p $bin
# shellcheck source=bench/nvidia_only.sh
. "$root/bench/nvidia_only.sh"
nvidia_only $bin/icd >/dev/null 2>&1
export NU_DEVICE=${NU_DEVICE:-gpu}
echo "# bench/ttile/bare3d_run.sh $(date -u '+%Y-%m-%d %H:%M UTC')"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>&1
cat "$c/src/commit.txt"
gcc -O2 -std=gnu11 -w -fPIC -shared -DNDEBUG -DCL_TARGET_OPENCL_VERSION=120 -I"$c/runtime" \
  -I"$c/include" "$c"/runtime/*.c -o $bin/libnurt.so -l:libOpenCL.so.1 -lm -lpthread -ldl
for f in "$c"/gen/*.nu.c; do
  t=$(basename "$f" .nu.c)
  gcc -O2 -std=gnu11 -w -I"$c/runtime" -I"$c/include" "$f" -o "$bin/$t" -L$bin \
    -Wl,-rpath,$bin -lnurt -lm || echo "BUILD FAILED: $t"
done
echo "round program checksum kernel_ms"
for r in 1 2 3; do
  for t in h200s h200b h256s h256b; do
    out=$(NU_PROFILE=1 "$bin/$t" 2>"$bin/$t.prof")
    ms=$(awk '/^nu_main/ { s += $4 } END { printf "%.3f", s }' "$bin/$t.prof")
    echo "$r $t $out $ms"
  done
done

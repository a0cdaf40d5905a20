#!/usr/bin/env bash
# run_gpu.sh — issue 24's comparison, step 2, on the GPU machine from the
# repository root with .carry/corpus carried (bench/corpus/prepare.sh):
# XSBench and RSBench, event-based, the official CUDA version against the
# OpenMP version through nucc, both as shipped, in one run; each prints its
# own runtime (the timed simulation) and verification checksum, and nucc's
# NU_PROFILE run gives its kernels' time.  Output: $OUT/corpus.txt.
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
carry=$root/.carry/corpus
out=${OUT:-$root/.carry/corpus-out}
bin=/tmp/nucorpus
rm -rf "$bin"
mkdir -p "$out" "$bin"
export NU_DEVICE=${NU_DEVICE:-gpu}
[ -d /usr/local/cuda/bin ] && export PATH=/usr/local/cuda/bin:$PATH
sizes=${CORPUS_SIZES:-small large}
sm=$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader | head -1 | tr -d .)
log=$out/corpus.txt
{
  echo "# bench/corpus/run_gpu.sh $(date -u '+%Y-%m-%d %H:%M UTC')"
  nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
  cat "$carry/version.txt"
  gcc -O2 -std=gnu11 -w -fPIC -shared -DNDEBUG -DCL_TARGET_OPENCL_VERSION=120 -I"$root/runtime" \
    "$root"/runtime/*.c -o "$bin/libnurt.so" -l:libOpenCL.so.1 -lm -lpthread -ldl
  for p in XSBench RSBench; do
    for size in $sizes; do
      args="-m event -s $size"
      cp -r "$carry/$p" "$bin/$p-$size"
      # CUDA 13's CUB needs C++17; the Makefiles ask for C++14
      sed -i 's/-std=c++14/-std=c++17/' "$bin/$p-$size/cuda/Makefile"
      (cd "$bin/$p-$size/cuda" && make -s SM_VERSION="$sm" >build.log 2>&1) ||
        { echo "$p cuda: build failed"; tail -5 "$bin/$p-$size/cuda/build.log"; }
      (cd "$bin/$p-$size/nu" && gcc -O3 -std=gnu99 -fopenmp -w -I"$root/runtime" ./*.c -o nu.exe \
        -L"$bin" -Wl,-rpath,"$bin" -lnurt -lm >build.log 2>&1) ||
        { echo "$p nu: build failed"; tail -5 "$bin/$p-$size/nu/build.log"; }
      exe=$(ls "$bin/$p-$size/cuda" | grep -iE '^(XSBench|rsbench)$' | head -1)
      echo "## $p $args"
      echo "-- cuda:"
      (cd "$bin/$p-$size/cuda" && timeout 300 "./$exe" $args 2>&1 | grep -E 'Runtime|Lookups/s|checksum')
      echo "-- nucc (first run; the OpenCL build fills the driver's cache):"
      (cd "$bin/$p-$size/nu" && timeout 300 ./nu.exe $args 2>&1 | grep -E 'Runtime|Lookups/s|checksum')
      echo "-- nucc:"
      (cd "$bin/$p-$size/nu" && timeout 300 ./nu.exe $args 2>&1 | grep -E 'Runtime|Lookups/s|checksum')
      echo "-- nucc, NU_PROFILE=1:"
      (cd "$bin/$p-$size/nu" && NU_PROFILE=1 timeout 300 ./nu.exe $args 2>&1 |
        grep -E '^nu_|^total:|rate to')
    done
  done
} >"$log" 2>&1
cat "$log"

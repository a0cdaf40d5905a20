#!/usr/bin/env bash
# run_gpu.sh — issue 31's measurement, step 2, on the GPU machine from the
# repository root with .carry/directives carried (prepare.sh): Himeno in
# one run, each build on the same grid, best of three runs:
#   nu-acc   himeno_acc.c through nucc --openacc
#   nu-omp   himeno_omp.c through nucc --openmp
#   nu       examples/himeno.c (#pragma nu) through nucc
#   gcc-acc  himeno_acc.c by gcc -fopenacc -foffload=nvptx-none, where it builds
#   gcc-omp  himeno_omp.c by gcc -fopenmp -foffload=nvptx-none, where it builds
#   nvc-acc, clang-omp  the same by nvc -acc and clang -fopenmp-targets=nvptx64, where present
# and the issue's targets: nu-acc at least 10x gcc-acc, within 10 % of nu.
# Output: $OUT/directives.txt.  DIRECTIVES_QUICK=1 NU_DEVICE=cpu: a dry run
# on PoCL at a small size.
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
carry=$root/.carry/directives
out=${OUT:-$root/.carry/directives-out}
bin=/tmp/nudirectives
rm -rf "$bin"
mkdir -p "$out" "$bin"
export NU_DEVICE=${NU_DEVICE:-gpu}
[ -d /usr/local/cuda/bin ] && export PATH=/usr/local/cuda/bin:$PATH
if [ -n "${DIRECTIVES_QUICK:-}" ]; then size=XS iters=20; else size=${HIMENO_SIZE:-L} iters=${HIMENO_ITERS:-200}; fi
log=$out/directives.txt
# GCC's builds run GCC_ITERS iterations once (GCC 12 runs an OpenACC
# `kernels` region in one gang: a run of 100 iterations at L takes minutes);
# the rate is per iteration either way.
gcc_iters=${GCC_ITERS:-3}
iters_of() { case $1 in gcc-*) echo "$gcc_iters" ;; *) echo "$iters" ;; esac; }
runs_of() { case $1 in gcc-*) echo 1 ;; *) echo 3 ;; esac; }
mflops() { # NAME EXE: best MFLOPS of three runs (GCC's: one)
  local best=0 r
  for _ in $(seq "$(runs_of "$1")"); do
    r=$(timeout 600 "$2" "$size" "$(iters_of "$1")" 2>&1 | sed -n 's/.*(\([0-9.]*\) MFLOPS).*/\1/p')
    [ -n "$r" ] && best=$(awk -v a="$best" -v b="$r" 'BEGIN { print (b > a) ? b : a }')
  done
  echo "$best"
}
declare -A rate
{
  echo "# bench/directives/run_gpu.sh $(date -u '+%Y-%m-%d %H:%M UTC') himeno $size, $iters iterations"
  nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null
  cat "$carry/version.txt"
  gcc -O2 -std=gnu11 -w -fPIC -shared -DNDEBUG -DCL_TARGET_OPENCL_VERSION=120 -I"$carry/runtime" \
    "$carry"/runtime/*.c -o "$bin/libnurt.so" -l:libOpenCL.so.1 -lm -lpthread -ldl
  for v in acc omp nu; do
    gcc -O3 -std=gnu11 -w -I"$carry/runtime" "$carry/himeno_$v.nu.c" -o "$bin/nu-$v" \
      -L"$bin" -Wl,-rpath,"$bin" -lnurt -lm || echo "nu-$v: build failed"
  done
  mv "$bin/nu-nu" "$bin/nu"
  # the machine's gcc where it offloads, else the carried gcc-12 (prepare.sh)
  # unpacked into /tmp, its programs run with its own libgomp and plugin
  gcc_off=(gcc) gcc_lib=
  printf 'int main(void){int a[64];\n#pragma acc parallel loop copyout(a)\nfor(int i=0;i<64;i++)a[i]=i;\nreturn a[1]-1;}\n' >"$bin/probe.c"
  if ! gcc -fopenacc -foffload=nvptx-none "$bin/probe.c" -o "$bin/probe" >/dev/null 2>&1 &&
    ls "$carry"/gcc-offload/*.deb >/dev/null 2>&1; then
    g=/tmp/gcc-offload
    rm -rf "$g" && mkdir -p "$g"
    for f in "$carry"/gcc-offload/*.deb; do dpkg-deb -x "$f" "$g"; done
    export PATH=$PATH:$g/usr/bin # after the machine's own: only gcc-12 and nvptx-* are new
    gcc_lib=$g/usr/lib/x86_64-linux-gnu
    # CUDA 13's ptxas no longer knows gcc-12's default sm_35
    gcc_off=("$g/usr/bin/gcc-12" -foffload-options=nvptx-none=-misa=sm_80)
    echo "gcc-acc, gcc-omp: $("${gcc_off[0]}" --version | head -1), carried"
  fi
  offload_build() { # NAME SRC FLAG
    LD_LIBRARY_PATH=$gcc_lib "${gcc_off[@]}" -O3 -w "$3" -foffload=nvptx-none "$2" -o "$bin/$1.exe" -lm \
      >"$bin/$1.log" 2>&1 || { echo "$1: no build (gcc's nvptx offload missing?)"; tail -2 "$bin/$1.log"; return; }
    printf '#!/bin/sh\nLD_LIBRARY_PATH=%s exec %s "$@"\n' "$gcc_lib" "$bin/$1.exe" >"$bin/$1"
    chmod +x "$bin/$1"
  }
  offload_build gcc-acc "$carry/himeno_acc.c" -fopenacc
  offload_build gcc-omp "$carry/himeno_omp.c" -fopenmp
  command -v nvc >/dev/null && nvc -O3 -acc -gpu=cc90 "$carry/himeno_acc.c" -o "$bin/nvc-acc" >/dev/null 2>&1
  command -v clang >/dev/null && clang -O3 -fopenmp -fopenmp-targets=nvptx64-nvidia-cuda \
    "$carry/himeno_omp.c" -o "$bin/clang-omp" -lm >/dev/null 2>&1
  "$bin/nu-acc" XS 3 >/dev/null 2>&1 # the OpenCL builds fill the driver's cache
  "$bin/nu-omp" XS 3 >/dev/null 2>&1
  "$bin/nu" XS 3 >/dev/null 2>&1
  for e in nu-acc nu-omp nu gcc-acc gcc-omp nvc-acc clang-omp; do
    [ -x "$bin/$e" ] || continue
    rate[$e]=$(mflops "$e" "$bin/$e")
    printf '%-10s %12s MFLOPS   gosa/p: %s\n' "$e" "${rate[$e]}" \
      "$(timeout 600 "$bin/$e" "$size" "$(iters_of "$e")" 2>&1 | grep -E '^(gosa|p\[)' | tr '\n' ' ')"
  done
  ratio() { awk -v a="${rate[$1]:-0}" -v b="${rate[$2]:-0}" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "n/a" }'; }
  echo "nu-acc / gcc-acc: $(ratio nu-acc gcc-acc)   (issue 31: at least 10)"
  echo "nu-acc / nu:      $(ratio nu-acc nu)   (issue 31: at least 0.90)"
  echo "nu-omp / nu:      $(ratio nu-omp nu)"
  echo "nu-omp / gcc-omp: $(ratio nu-omp gcc-omp)"
} >"$log" 2>&1
cat "$log"

#!/usr/bin/env bash
# run_gpu.sh — step 2 of the --tune bench, on the GPU machine, from the
# repository root with .carry/tune (prepare.sh) carried: unpacks nucc, builds
# libnurt.so with gcc, runs `nucc --tune` on bench programs at their bench
# sizes (checked by NU_VERIFY at a small size that the work-groups do not
# divide, --tune-check-args), then times the written and the tuned program
# alternately in the same call and runs reference.py (cuBLAS, the copy
# bandwidth).  Writes $OUT/tune.txt (the tables, the times, the references)
# and the tuned sources into $OUT.
# Usage: bash bench/tune/run_gpu.sh ROW...   (rows: sgemm dgemm imgconv wave himeno himeno256 himeno128)
#   TUNE_BUDGET  seconds per row (default 150)
#   TUNE_RUNS    timed runs per candidate (default 3)
#   TUNE_QUICK=1 small sizes and NU_DEVICE=cpu: a dry run of the script on PoCL
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
carry=$root/.carry/tune
out=${OUT:-$root/.carry/tune-out}
work=/tmp/nutune
budget=${TUNE_BUDGET:-150}
runs=${TUNE_RUNS:-3}
mkdir -p "$out" "$work/bin" "$work/lib"
[ -f "$carry/nucc.tar.xz" ] || { echo "run_gpu.sh: run bench/tune/prepare.sh first" >&2; exit 2; }
[ -x "$work/nucc/bin/nucc" ] || xz -dc "$carry/nucc.tar.xz" | tar -C "$work" -xf -
export LD_LIBRARY_PATH=$work/nucc/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
nucc=$work/nucc/bin/nucc
# libclang moved from where it was built does not find its resource headers
# (stddef.h): name them as an include directory
res=$(echo "$work"/nucc/lib/clang/*/include)
[ -f "$res/stddef.h" ] || { echo "run_gpu.sh: no resource headers in the pack" >&2; exit 2; }
gcc -O2 -std=gnu11 -fPIC -shared -DNDEBUG -DCL_TARGET_OPENCL_VERSION=120 -I"$carry/include" \
  "$carry"/runtime/*.c -o "$work/lib/libnurt.so" -l:libOpenCL.so.1 -lm || exit 1
# nurt for --tune's build command, which asks pkg-config (maybe absent here)
cat >"$work/bin/pkg-config" <<PC
#!/bin/sh
for a in "\$@"; do
  case \$a in
  --cflags) printf ' -I$carry/runtime -I$carry/include' ;;
  --libs) printf ' -L$work/lib -Wl,-rpath,$work/lib -lnurt' ;;
  esac
done
echo
PC
chmod +x "$work/bin/pkg-config"
quick=${TUNE_QUICK:-0}
[ "$quick" = 1 ] && export NU_DEVICE=cpu
export PATH=$work/bin:$PATH NU_DEVICE=${NU_DEVICE:-gpu} NU_CACHE_DIR=$work/cache PKG_CONFIG_PATH=$work/lib
cc="gcc -O2 -std=gnu11"
log=$out/tune.txt
{
  echo "# bench/tune/run_gpu.sh $(date -u '+%Y-%m-%d %H:%M UTC'), $(cat "$carry/nucc_version.txt")"
  nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
} >>"$log"

# row NAME PROGRAM 'ARGS' 'CHECK ARGS'
row() {
  local name=$1 prog=$2 args=$3 check=$4 t0 t1
  cp "$carry/kernels/$prog.c" "$work/$prog.c"
  cd "$work" || return
  echo "## $name: nucc --tune --tune-budget=$budget --tune-runs=$runs --tune-args='$args' --tune-check-args='$check' $prog.c" >>"$log"
  t0=$(date +%s)
  "$nucc" -I "$res" --tune --tune-budget="$budget" --tune-runs="$runs" --tune-cc="$cc" --tune-args="$args" \
    --tune-check-args="$check" "$prog.c" -o "$prog.tuned.c" >>"$log" 2>&1
  echo "rc $? in $(($(date +%s) - t0)) s" >>"$log"
  cp "$prog.tuned.c" "$out/" 2>/dev/null
  diff "$prog.c" "$prog.tuned.c" >>"$log"
  for v in "$prog" "$prog.tuned"; do
    "$nucc" -I "$res" "$v.c" -o "$v.nu.c" && $cc "$v.nu.c" -o "$v.exe" $(pkg-config --cflags --libs nurt) -lm
  done
  # written and tuned, alternately, twice each, at the bench size
  for r in 1 2; do
    for v in "$prog" "$prog.tuned"; do
      # shellcheck disable=SC2086
      echo "$v run $r: $(timeout 300 "./$v.exe" $args 2>&1 | tr '\n' ' ')" >>"$log"
    done
  done
  cd "$root" || return
}

# cuda_himeno SIZE 'ARGS': gpu-himeno's CUDA at its SIZE (MIDDLE, LARGE)
# beside the written and the tuned himeno_opt at the same arrays, three
# rounds in turn (prepare.sh with HIMENO_CU carries the CUDA)
cuda_himeno() {
  local size=$1 args=$2 cu=$carry/cuda/himenoBMT.cu
  [ -f "$cu" ] || { echo "no $cu: run prepare.sh with HIMENO_CU" >>"$log"; return; }
  nvcc -O3 -arch=sm_90 -D"$size" "$cu" -o "$work/himeno_cuda_$size" >>"$log" 2>&1 || return
  echo "## gpu-himeno CUDA $size beside himeno_opt $args" >>"$log"
  for r in 1 2 3; do
    echo "cuda run $r: $("$work/himeno_cuda_$size" | grep -E 'Gosa|MFLOPS measured' | tr '\n' ' ')" >>"$log"
    for v in himeno_opt himeno_opt.tuned; do
      # shellcheck disable=SC2086
      echo "$v run $r: $(cd "$work" && timeout 300 "./$v.exe" $args 2>&1 | tr '\n' ' ')" >>"$log"
    done
  done
}

if [ "$quick" = 1 ]; then
  row sgemm sgemm_opt "150 1" "67 1"
  cat "$log"
  exit 0
fi
for r in "$@"; do
  case $r in
  sgemm) row sgemm sgemm_opt "4096 1" "131 1" ;;
  dgemm) row dgemm dgemm_opt "4096 1" "131 1" ;;
  imgconv) row imgconv imgconv_opt "4096 20" "130 2" ;;
  wave) row wave wave_opt "512 512 256 10" "20 18 16 2" ;;
  himeno) row himeno himeno_opt "L 10" "XS 2" ;;
  himeno256)
    row himeno himeno_opt "256x256x512 10" "XS 2"
    cuda_himeno LARGE "256x256x512 10"
    ;;
  himeno128)
    row himeno himeno_opt "128x128x256 10" "XS 2"
    cuda_himeno MIDDLE "128x128x256 10"
    ;;
  *) echo "run_gpu.sh: no row $r" >&2 ;;
  esac
done
echo "## references" >>"$log"
timeout 300 python3 "$carry/kernels/reference.py" >>"$log" 2>&1
cat "$log"

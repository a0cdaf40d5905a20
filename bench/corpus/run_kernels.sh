#!/usr/bin/env bash
# run_kernels.sh — issue 24's comparison, step 2, from the repository root
# with .carry/kernels carried (bench/corpus/prepare_kernels.sh): each program's
# official CUDA (and OpenCL, where its repository ships one) version against
# its OpenMP version through nucc, same sizes and inputs, one program after
# the other; a program that fails to build or run is reported and the rest go
# on.  For each version: kernel time, the program's own timer, the wall time
# of the whole run, and whether the result verified.  Output: $OUT/kernels.txt
# (log and table) and $OUT/kernels.tsv.
#
# Kernel time: nucc's from NU_PROFILE (the program's kernels; PolyBench's
# cache-flush kernel in polybench.c left out); CUDA's, the sum over the run's
# kernels, from nsys where installed, else from CUPTI's activity records
# (cupti_kernels.c, injected by the driver), else the program's own timer
# (PolyBench: the launches and a synchronize; lavaMD: "GPU: KERNEL"; lud:
# copies and kernels); OpenCL's from the program's own timer (PolyBench:
# launches and clFinish; Rodinia: its profiling events).  Verification: PolyBench and lavaMD
# outputs against the OpenMP version built by gcc (every value within 0.05 %,
# PolyBench's own criterion, values under 0.01 skipped as it does); lud
# its own -v check; NPB its own "Verification = SUCCESSFUL".
#
# Without nvcc (here, on PoCL) the CUDA and OpenCL sides are skipped and the
# nucc side runs: prepare with KSIZE=test for that.
# Usage: bash bench/corpus/run_kernels.sh [PROGRAM...]
#   PROGRAM: gemm jacobi2d covariance lavamd lud cg mg ft (default: all)
#   LAVAMD_BOXES (default 10 20 in gpu size, 3 in test), LUD_SIZE (2048; 128)
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
carry=$root/.carry/kernels
out=${OUT:-$root/.carry/kernels-out}
bin=${KBIN:-/tmp/nukernels}
ksize=$(cat "$carry/ksize.txt")
rm -rf "$bin"
mkdir -p "$out" "$bin"
[ -d /usr/local/cuda/bin ] && export PATH=/usr/local/cuda/bin:$PATH
log=$out/kernels.txt
tsv=$out/kernels.tsv
: >"$tsv"
ncpu=${NCPU:-$(nproc)}
# each run of a program: at most KTIMEOUT seconds
kt=${KTIMEOUT:-180}
export OMP_NUM_THREADS=${OMP_NUM_THREADS:-$ncpu}
# have_cuda: nvcc builds the CUDA versions (CUDA_BUILD_ONLY=1: build them,
# run nothing of theirs — for a machine with nvcc and no GPU)
if command -v nvcc >/dev/null && nvidia-smi >/dev/null 2>&1; then
  have_cuda=1
  sm=$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader | head -1 | tr -d .)
  export NU_DEVICE=${NU_DEVICE:-gpu}
elif command -v nvcc >/dev/null && [ "${CUDA_BUILD_ONLY:-0}" = 1 ]; then
  have_cuda=build sm=90
else
  have_cuda=0
fi
nsys=$(command -v nsys || ls /usr/local/cuda*/bin/nsys /opt/nvidia/nsight-systems/*/bin/nsys /usr/local/cuda*/nsight-systems*/bin/nsys 2>/dev/null | head -1)
progs=${*:-gemm jacobi2d covariance lavamd lud cg mg ft}
if [ "$ksize" = test ]; then
  boxes=${LAVAMD_BOXES:-3} ludn=${LUD_SIZE:-128}
else
  boxes=${LAVAMD_BOXES:-10 20} ludn=${LUD_SIZE:-2048}
fi

# The official OpenCL versions take the first platform (PolyBench) or the
# one given with -p (Rodinia): cl_platform prints the index of the first
# platform with a GPU (0 if none: PoCL here).  On the GPU machine
# OCL_ICD_VENDORS is narrowed to NVIDIA's ICD for them, so that PolyBench's
# first platform is the GPU whatever else is installed.
have_ocl=0
cat >"$bin/cl_platform.c" <<'C'
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <stdio.h>
int main(void) {
  cl_platform_id p[16];
  cl_uint n = 0, i, nd;
  if (clGetPlatformIDs(16, p, &n) != CL_SUCCESS) return 1;
  for (i = 0; i < n; i++)
    if (clGetDeviceIDs(p[i], CL_DEVICE_TYPE_GPU, 0, NULL, &nd) == CL_SUCCESS && nd > 0) break;
  printf("%u\n", i < n ? i : 0);
  return 0;
}
C
oclinc=
[ -d /usr/local/cuda/include/CL ] && oclinc=-I/usr/local/cuda/include
# shellcheck disable=SC2086
if gcc $oclinc "$bin/cl_platform.c" -o "$bin/cl_platform" -l:libOpenCL.so.1 2>"$bin/cl_platform.log" &&
  [ "${NO_OPENCL:-0}" != 1 ]; then
  have_ocl=1
  if [ $have_cuda = 1 ] && [ -f /etc/OpenCL/vendors/nvidia.icd ]; then
    mkdir -p "$bin/vendors"
    cp /etc/OpenCL/vendors/nvidia.icd "$bin/vendors/"
    oclvendors=$bin/vendors
  else
    oclvendors=${OCL_ICD_VENDORS:-/etc/OpenCL/vendors}
  fi
  clp=$(OCL_ICD_VENDORS=$oclvendors "$bin/cl_platform")
fi
ocllib="-l:libOpenCL.so.1 -lm"
# PolyBench's OpenCL programs take the first platform's first device of this
# type: on the GPU machine a GPU (a run on another platform's CPU fails rather
# than passing for the GPU's time), here PoCL's CPU
devsel=CL_DEVICE_TYPE_ALL
[ $have_cuda = 1 ] && devsel=CL_DEVICE_TYPE_GPU

# time() pinned: lavaMD seeds its input from the clock; with this every
# version draws the same particles.
printf '#include <time.h>\ntime_t time(time_t *t) { if (t) *t = 1; return 1; }\n' |
  gcc -shared -fPIC -x c - -o "$bin/fixtime.so"

# rec PROGRAM SIZE VERSION KERNEL_MS KERNEL_FROM OWN_TIMER WALL_S VERIFIED
rec() { printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$@" >>"$tsv"; }

# walled OUTFILE CMD...: runs CMD (stdout+stderr to OUTFILE, KTIMEOUT s at most),
# prints the wall seconds; returns CMD's status.
walled() {
  local o=$1 t0 t1 rc
  shift
  t0=$(date +%s.%N)
  timeout "$kt" "$@" >"$o" 2>&1
  rc=$?
  t1=$(date +%s.%N)
  awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.3f\n", b - a }'
  return $rc
}

# nu_kernel_ms PROFILE_OUTPUT: the total of NU_PROFILE's kernel lines,
# polybench.c's cache flush left out.
nu_kernel_ms() {
  awk '$2 ~ /^[^ ]+\.c:[0-9]+$/ && $3 ~ /^[0-9]+$/ && $4 ~ /^[0-9.]+$/ && $2 !~ /polybench\.c:/ { s += $4; n++ }
       END { if (n) printf "%.3f\n", s; else print "-" }' "$1"
}

# cuda_kernel_ms TAG CMD...: the sum of the CUDA kernels' times in a run of
# CMD, and where it comes from: nsys where installed, else CUPTI's activity
# records through bench/corpus/cupti_kernels.c (loaded by the driver, the
# program untouched); "- -" if neither works.
cuda_kernel_ms() {
  local tag=$1 r
  shift
  if [ -n "$nsys" ]; then
    timeout "$kt" "$nsys" profile -t cuda -o "$bin/$tag" --force-overwrite true "$@" >"$bin/$tag.nsys.log" 2>&1
    r=$("$nsys" stats -r cuda_gpu_kern_sum -f csv "$bin/$tag.nsys-rep" 2>>"$bin/$tag.nsys.log" |
      awk -F, '{ gsub(/"/, "") } $1 ~ /^[0-9.]+$/ && $2 ~ /^[0-9]+$/ { s += $2; n++ }
               END { if (n) printf "%.3f\n", s / 1e6 }')
    [ -n "$r" ] && { echo "$r nsys"; return; }
  fi
  if [ -f "$bin/libcupti_kernels.so" ]; then
    rm -f "$bin/$tag.cupti"
    CUDA_INJECTION64_PATH=$bin/libcupti_kernels.so CUPTI_KERNELS_OUT=$bin/$tag.cupti \
      timeout "$kt" "$@" >"$bin/$tag.cupti.log" 2>&1
    r=$(awk '$1 == "kernels" && $2 > 0 { printf "%.3f\n", $4; exit }' "$bin/$tag.cupti" 2>/dev/null)
    [ -n "$r" ] && { echo "$r CUPTI"; return; }
  fi
  echo "- -"
}

# cmpnum REF OUT: bench/corpus/numcmp.c, PolyBench's criterion (every value
# within 0.05 %, values under 0.01 skipped); prints "ok" or why not.
gcc -O2 -w "$root/bench/corpus/numcmp.c" -o "$bin/numcmp" -lm
cmpnum() {
  [ -s "$1" ] && [ -s "$2" ] || { echo "no output"; return 1; }
  "$bin/numcmp" "$1" "$2"
}

# libnurt, as run_gpu.sh builds it
gcc -O2 -std=gnu11 -w -fPIC -shared -DNDEBUG -DCL_TARGET_OPENCL_VERSION=120 -I"$root/runtime" \
  "$root"/runtime/*.c -o "$bin/libnurt.so" -l:libOpenCL.so.1 -lm -lpthread -ldl
nulink="-I$root/runtime -L$bin -Wl,-rpath,$bin -lnurt -lm"
if [ $have_cuda = 1 ]; then
  cudadir=$(cd "$(dirname "$(command -v nvcc)")/.." && pwd -P)
  for l in "$cudadir/lib64" "$cudadir/lib" "$cudadir/extras/CUPTI/lib64"; do
    [ -e "$l/libcupti.so" ] || continue
    gcc -O2 -shared -fPIC -I"$cudadir/include" -I"$cudadir/extras/CUPTI/include" "$root/bench/corpus/cupti_kernels.c" \
      -o "$bin/libcupti_kernels.so" -L"$l" -Wl,-rpath,"$l" -lcupti >"$bin/cupti_kernels.log" 2>&1 && break
  done
fi

# nucc's side, common to all: warm-up run (fills the driver's compile
# cache), timed run, NU_PROFILE run.  nu_runs DIR TAG ARGS...: leaves
# DIR/nu.out (timed run) and DIR/nu.prof; prints the wall seconds.
nu_runs() {
  local d=$1 tag=$2 w
  shift 2
  (cd "$d" && timeout "$kt" ./nu.exe "$@" >/dev/null 2>&1)
  w=$(cd "$d" && walled nu.out ./nu.exe "$@")
  (cd "$d" && NU_PROFILE=1 timeout "$kt" ./nu.exe "$@" >nu.prof 2>&1)
  echo "$w"
}

# --- PolyBench-ACC ---------------------------------------------------------------
polybench() {
  local k=$1 d f sz flags up P=$bin/PolyBench-ACC cu w kms ksrc own ok gpu line cuda_ok=0
  line=$(awk -F'\t' -v k="$k" '$1 == k' "$carry/PolyBench-ACC/programs.txt")
  [ -n "$line" ] || { echo "$k: not prepared"; return; }
  IFS=$'\t' read -r _ d f sz flags <<<"$line"
  [ -d "$P" ] || cp -r "$carry/PolyBench-ACC" "$P"
  up=$(echo "$d" | sed 's|[^/]*|..|g')
  echo "## $k ($sz, float)"
  # CUDA, as its Makefile builds it (nvcc -O3 X.cu -I utilities), for this
  # GPU, at the same sizes; cudaThreadSynchronize is gone in CUDA 13.  One
  # build as shipped (it checks itself against its CPU version, single-
  # threaded: 20-40 s at 2048), one without RUN_ON_CPU for the wall time, one
  # that prints the GPU's result, which the OpenCL version's is compared with
  # (same initialisation) instead of running the CPU version a second time.
  if [ $have_cuda != 0 ]; then
    (
      cd "$P/CUDA/$d" || exit 1
      cu=$(ls ./*.cu | head -1)
      sed -i 's/cudaThreadSynchronize/cudaDeviceSynchronize/g' "$cu"
      # The sizes go into the .cuh, not on the command line: covariance.cu
      # includes cuda.h, whose prototypes have parameters named N.
      for def in $sz; do
        def=${def#-D}
        sed -i "1i #define ${def%%=*} ${def#*=}" "${cu%.cu}.cuh"
      done
      sed 's/^#define RUN_ON_CPU/\/\/ &/' "$cu" >time.cu
      cflags=
      for def in $flags; do
        case " $sz " in *" $def "*) ;; *) cflags="$cflags $def" ;; esac
      done
      # shellcheck disable=SC2086
      nvcc -O3 -arch=sm_$sm -w "$cu" $cflags -o check.exe >build.log 2>&1 &&
        nvcc -O3 -arch=sm_$sm -w time.cu $cflags -o time.exe >>build.log 2>&1 &&
        nvcc -O3 -arch=sm_$sm -w time.cu $cflags -DPOLYBENCH_DUMP_ARRAYS -o dump.exe >>build.log 2>&1
    ) || { echo "-- cuda: build failed"; tail -5 "$P/CUDA/$d/build.log"; }
    if [ $have_cuda = build ]; then
      [ -x "$P/CUDA/$d/time.exe" ] && echo "-- cuda: built"
    elif [ -x "$P/CUDA/$d/time.exe" ]; then
      w=$(cd "$P/CUDA/$d" && walled time.out ./time.exe)
      (cd "$P/CUDA/$d" && walled check.out ./check.exe >/dev/null)
      (cd "$P/CUDA/$d" && timeout "$kt" ./dump.exe 2>gpu.dump >/dev/null)
      echo "-- cuda:"
      cat "$P/CUDA/$d/time.out" "$P/CUDA/$d/check.out" | grep -v '^setting device'
      gpu=$(awk '/GPU Time in seconds/ { getline; printf "%.3f", $1 * 1000; exit }' "$P/CUDA/$d/time.out")
      ok=$(awk '/Non-Matching CPU-GPU Outputs/ { print ($NF == 0 ? "yes" : "no: " $NF " values beyond its threshold") }' "$P/CUDA/$d/check.out")
      read -r kms ksrc < <(cd "$P/CUDA/$d" && cuda_kernel_ms "pb-$k" ./time.exe)
      [ "$kms" = - ] && kms=$gpu ksrc="own timer (launches + sync)"
      echo "   kernels $kms ms ($ksrc), wall $w s (without the CPU check), against its CPU version: ${ok:-no verdict}"
      rec "$k" "$sz" cuda "$kms" "$ksrc" "GPU Time ${gpu:-?} ms" "$w" "${ok:-no verdict}"
      [ "$ok" = yes ] && cuda_ok=1
    else
      rec "$k" "$sz" cuda - - - - "build failed"
    fi
  fi
  # OpenCL, as its Makefile builds it (gcc -O3 X.c -I utilities -lOpenCL),
  # at the same sizes, on the device $devsel says.  Its result is compared
  # with the CUDA version's where that one passed its check, else it checks
  # itself against its CPU version (RUN_ON_CPU 1, as shipped).
  if [ $have_ocl = 1 ] && [ -d "$P/OpenCL/$d" ]; then
    # shellcheck disable=SC2086
    (
      cd "$P/OpenCL/$d" || exit 1
      c=$(ls ./*.c | head -1)
      gcc -O3 -w $oclinc $flags -DOPENCL_DEVICE_SELECTION=$devsel -DCL_TARGET_OPENCL_VERSION=120 "$c" -o check.exe $ocllib >build.log 2>&1 &&
        gcc -O3 -w $oclinc $flags -DOPENCL_DEVICE_SELECTION=$devsel -DCL_TARGET_OPENCL_VERSION=120 -DRUN_ON_CPU=0 "$c" -o time.exe $ocllib >>build.log 2>&1 &&
        gcc -O3 -w $oclinc $flags -DOPENCL_DEVICE_SELECTION=$devsel -DCL_TARGET_OPENCL_VERSION=120 -DRUN_ON_CPU=0 -DPOLYBENCH_DUMP_ARRAYS "$c" -o dump.exe $ocllib >>build.log 2>&1
    ) || { echo "-- opencl: build failed"; grep -m5 error "$P/OpenCL/$d/build.log"; }
    if [ -x "$P/OpenCL/$d/time.exe" ]; then
      # a first run fills the driver's compile cache, as for nucc's
      w=$(cd "$P/OpenCL/$d" && export OCL_ICD_VENDORS=$oclvendors && ./time.exe >/dev/null 2>&1; walled time.out ./time.exe)
      gpu=$(awk '/GPU Time in seconds/ { getline; printf "%.3f", $1 * 1000; exit }' "$P/OpenCL/$d/time.out")
      if [ "$cuda_ok" = 1 ]; then
        (cd "$P/OpenCL/$d" && export OCL_ICD_VENDORS=$oclvendors && timeout "$kt" ./dump.exe 2>gpu.dump >/dev/null)
        ok=$(cmpnum "$P/CUDA/$d/gpu.dump" "$P/OpenCL/$d/gpu.dump")
        [ "$ok" = ok ] && ok="yes (the CUDA version's result)" || ok="no: against the CUDA version's result: $ok"
      else
        (cd "$P/OpenCL/$d" && export OCL_ICD_VENDORS=$oclvendors && walled check.out ./check.exe >/dev/null)
        ok=$(awk '/Non-Matching CPU-GPU Outputs/ { print ($NF == 0 ? "yes" : "no: " $NF " values beyond its threshold") }' "$P/OpenCL/$d/check.out")
      fi
      echo "-- opencl: GPU Time ${gpu:-?} ms (launches + clFinish), wall $w s, verified: ${ok:-no verdict}"
      plat=$(sed -n 's/^platform name is //p' "$P/OpenCL/$d/time.out" | head -1)
      echo "   platform: ${plat:-?}"
      rec "$k" "$sz" opencl "${gpu:--}" "own timer (launches + clFinish), ${plat:-?}" "GPU Time ${gpu:-?} ms" "$w" "${ok:-no verdict}"
    else
      rec "$k" "$sz" opencl - - - - "build failed"
    fi
  fi
  # nucc: the translated files, gcc -O3 (with -fopenmp where the OpenMP
  # source builds with it: jacobi-2d-imper's `omp for` in `omp master` does
  # not); the reference is the same OpenMP source built by gcc.
  (
    cd "$P/OpenMP/$d" || exit 1
    omp=-fopenmp
    # shellcheck disable=SC2086
    gcc -O3 $omp -w $flags -DPOLYBENCH_DUMP_ARRAYS "$f.c" "$up/utilities/polybench.c" -o ref.exe -lm >build.log 2>&1 ||
      { omp=; gcc -O3 -w $flags -DPOLYBENCH_DUMP_ARRAYS "$f.c" "$up/utilities/polybench.c" -o ref.exe -lm >>build.log 2>&1; }
    # shellcheck disable=SC2086
    gcc -O3 $omp -w $flags "$f.nu.c" polybench.nu.c $nulink -o nu.exe >>build.log 2>&1 &&
      gcc -O3 $omp -w $flags -DPOLYBENCH_DUMP_ARRAYS "$f.nu.c" polybench.nu.c $nulink -o nudump.exe >>build.log 2>&1
  ) || { echo "-- nucc: build failed"; grep -m5 error "$P/OpenMP/$d/build.log"; }
  if [ -x "$P/OpenMP/$d/nudump.exe" ]; then
    w=$(nu_runs "$P/OpenMP/$d" "pb-$k")
    (cd "$P/OpenMP/$d" && timeout "$kt" ./nudump.exe 2>nu.dump >/dev/null; timeout "$kt" ./ref.exe 2>ref.dump >/dev/null)
    own=$(awk 'NF == 1 && $1 ~ /^[0-9]+\.[0-9]+$/ { printf "%.3f", $1 * 1000; exit }' "$P/OpenMP/$d/nu.out")
    kms=$(nu_kernel_ms "$P/OpenMP/$d/nu.prof")
    ok=$(cmpnum "$P/OpenMP/$d/ref.dump" "$P/OpenMP/$d/nu.dump")
    [ "$ok" = ok ] && ok=yes || ok="no: $ok"
    # the timed region ends when kernel_X returns: nucc's launches are
    # asynchronous and the result stays on the device until print_array, so
    # the region need not include the kernels' end
    echo "-- nucc: timed region ${own:-?} ms (need not include the kernels' end), kernels $kms ms, wall $w s, output against gcc's: $ok"
    grep -E '^nu_|^total:' "$P/OpenMP/$d/nu.prof"
    rec "$k" "$sz" nucc "$kms" NU_PROFILE "timed region ${own:-?} ms (asynchronous)" "$w" "$ok"
  else
    rec "$k" "$sz" nucc - - - - "build failed"
  fi
}

# --- Rodinia lavaMD ---------------------------------------------------------------
lavamd() {
  local R=$bin/rodinia b w kms ksrc own ok
  [ -d "$R" ] || cp -r "$carry/rodinia" "$R"
  # the OpenMP version built by gcc: the reference output
  (cd "$R/openmp/lavaMD" && gcc -O3 -fopenmp -w -DOUTPUT main.c kernel/kernel_cpu.c util/num/num.c util/timer/timer.c -o ref.exe -lm >build.log 2>&1 &&
    gcc -O3 -fopenmp -w -DOUTPUT main.c kernel/kernel_cpu.nu.c util/num/num.c util/timer/timer.c $nulink -o nu.exe >>build.log 2>&1) ||
    { echo "-- lavaMD openmp/nucc: build failed"; grep -m5 error "$R/openmp/lavaMD/build.log"; }
  # CUDA, as its makefile (gcc for the .c files, nvcc for the .cu, -O3), for
  # this GPU (the makefile's sm_13 is long gone), OUTPUT on as for the others
  if [ $have_cuda != 0 ]; then
    (
      cd "$R/cuda/lavaMD" || exit 1
      sed -i 's/cudaThreadSynchronize/cudaDeviceSynchronize/g' kernel/kernel_gpu_cuda_wrapper.cu
      gcc -O3 -w -DOUTPUT -c main.c -o main.o &&
        nvcc -O3 -arch=sm_$sm -w -c kernel/kernel_gpu_cuda_wrapper.cu -o kernel/kernel_gpu_cuda_wrapper.o &&
        gcc -O3 -c util/num/num.c -o util/num/num.o &&
        gcc -O3 -c util/timer/timer.c -o util/timer/timer.o &&
        nvcc -O3 -arch=sm_$sm -w -c util/device/device.cu -o util/device/device.o &&
        nvcc -arch=sm_$sm main.o kernel/kernel_gpu_cuda_wrapper.o util/num/num.o util/timer/timer.o util/device/device.o -lm -o lavaMD
    ) >"$bin/lavamd-cuda-build.log" 2>&1 || { echo "-- lavaMD cuda: build failed"; tail -5 "$bin/lavamd-cuda-build.log"; }
    [ $have_cuda = build ] && [ -x "$R/cuda/lavaMD/lavaMD" ] && echo "-- lavaMD cuda: built"
  fi
  # OpenCL, as its Makefile (gcc -O3, TIMING: kernel time from the events)
  if [ $have_ocl = 1 ]; then
    # shellcheck disable=SC2086
    (
      cd "$R/opencl/lavaMD" || exit 1
      gcc -O3 -w -DOUTPUT -c main.c -o main.o &&
        gcc -O3 -w $oclinc -I../util -DTIMING -DCL_TARGET_OPENCL_VERSION=120 -c kernel/kernel_gpu_opencl_wrapper.c -o kernel/kernel_gpu_opencl_wrapper.o &&
        gcc -O3 -w $oclinc -DOUTPUT -DCL_TARGET_OPENCL_VERSION=120 -I../util -c ../util/timing.c -o timing.o &&
        gcc -O3 -c util/num/num.c -o util/num/num.o &&
        gcc -O3 -c util/timer/timer.c -o util/timer/timer.o &&
        gcc -O3 -w $oclinc -DCL_TARGET_OPENCL_VERSION=120 -c util/opencl/opencl.c -o util/opencl/opencl.o &&
        gcc main.o kernel/kernel_gpu_opencl_wrapper.o timing.o util/num/num.o util/timer/timer.o util/opencl/opencl.o $ocllib -o lavaMD.out
    ) >"$bin/lavamd-opencl-build.log" 2>&1 || { echo "-- lavaMD opencl: build failed"; grep -m5 error "$bin/lavamd-opencl-build.log"; }
  fi
  for b in $boxes; do
    echo "## lavaMD -boxes1d $b"
    if [ -x "$R/openmp/lavaMD/ref.exe" ]; then
      (cd "$R/openmp/lavaMD" && LD_PRELOAD=$bin/fixtime.so timeout "$kt" ./ref.exe -cores "$ncpu" -boxes1d "$b" >ref.out 2>&1; mv result.txt ref.txt)
    fi
    if [ $have_cuda = 1 ]; then
      if [ -x "$R/cuda/lavaMD/lavaMD" ]; then
        w=$(cd "$R/cuda/lavaMD" && LD_PRELOAD=$bin/fixtime.so walled cuda.out ./lavaMD -boxes1d "$b")
        echo "-- cuda:"
        grep -E 'GPU: KERNEL|^Total time|^[0-9. ]+s$' "$R/cuda/lavaMD/cuda.out"
        own=$(awk '/GPU: KERNEL/ { printf "%.3f", $1 * 1000; exit }' "$R/cuda/lavaMD/cuda.out")
        ok=$(cmpnum "$R/openmp/lavaMD/ref.txt" "$R/cuda/lavaMD/result.txt")
        [ "$ok" = ok ] && ok=yes || ok="no: $ok"
        read -r kms ksrc < <(cd "$R/cuda/lavaMD" && LD_PRELOAD=$bin/fixtime.so cuda_kernel_ms "lavamd-$b" ./lavaMD -boxes1d "$b")
        [ "$kms" = - ] && kms=$own ksrc="own timer (launch + sync)"
        echo "   kernel $kms ms ($ksrc), wall $w s, result.txt against gcc's: $ok"
        rec lavaMD "boxes1d $b" cuda "$kms" "$ksrc" "GPU: KERNEL ${own:-?} ms" "$w" "$ok"
      else
        rec lavaMD "boxes1d $b" cuda - - - - "build failed"
      fi
    fi
    if [ $have_ocl = 1 ]; then
      if [ -x "$R/opencl/lavaMD/lavaMD.out" ]; then
        (cd "$R/opencl/lavaMD" && export OCL_ICD_VENDORS=$oclvendors && LD_PRELOAD=$bin/fixtime.so timeout "$kt" ./lavaMD.out -boxes1d "$b" -p "$clp" -d 0 >/dev/null 2>&1)
        w=$(cd "$R/opencl/lavaMD" && export OCL_ICD_VENDORS=$oclvendors && LD_PRELOAD=$bin/fixtime.so walled ocl.out ./lavaMD.out -boxes1d "$b" -p "$clp" -d 0)
        own=$(awk '/^Exec:/ { printf "%.3f", $2; exit }' "$R/opencl/lavaMD/ocl.out")
        ok=$(cmpnum "$R/openmp/lavaMD/ref.txt" "$R/opencl/lavaMD/result.txt")
        [ "$ok" = ok ] && ok=yes || ok="no: $ok"
        echo "-- opencl: kernel ${own:-?} ms (its events), wall $w s, result.txt against gcc's: $ok"
        rec lavaMD "boxes1d $b" opencl "${own:--}" "own timer (events)" "Exec ${own:-?} ms" "$w" "$ok"
      else
        rec lavaMD "boxes1d $b" opencl - - - - "build failed"
      fi
    fi
    if [ -x "$R/openmp/lavaMD/nu.exe" ]; then
      w=$(LD_PRELOAD=$bin/fixtime.so nu_runs "$R/openmp/lavaMD" lavamd -cores "$ncpu" -boxes1d "$b")
      own=$(awk '/CPU\/MCPU: KERNEL/ { printf "%.3f", $1 * 1000; exit }' "$R/openmp/lavaMD/nu.out")
      kms=$(nu_kernel_ms "$R/openmp/lavaMD/nu.prof")
      ok=$(cmpnum "$R/openmp/lavaMD/ref.txt" "$R/openmp/lavaMD/result.txt")
      [ "$ok" = ok ] && ok=yes || ok="no: $ok"
      echo "-- nucc: the offloaded loop ${own:-?} ms (its own KERNEL timer), kernels $kms ms, wall $w s, result.txt against gcc's: $ok"
      grep -E '^nu_|^total:' "$R/openmp/lavaMD/nu.prof"
      rec lavaMD "boxes1d $b" nucc "$kms" NU_PROFILE "KERNEL ${own:-?} ms" "$w" "$ok"
    else
      rec lavaMD "boxes1d $b" nucc - - - - "build failed"
    fi
  done
}

# --- Rodinia lud -------------------------------------------------------------------
# Its own check (-v): every element of L*U within 0.0001 of the input; it
# prints a "dismatch" line for each one that is not.
lud_verdict() {
  local n
  grep -q '>>>Verify<<<<' "$1" || { echo "no: no verification"; return; }
  n=$(grep -c dismatch "$1")
  [ "$n" = 0 ] && echo yes || echo "no: $n elements off by more than 0.0001"
}
lud() {
  local R=$bin/rodinia n=$ludn w kms ksrc own ok
  [ -d "$R" ] || cp -r "$carry/rodinia" "$R"
  echo "## lud -s $n"
  (cd "$R/openmp/lud/omp" && gcc -O3 -fopenmp -w -I../common lud.c lud_omp.c ../common/common.c -o ref.exe -lm >build.log 2>&1 &&
    gcc -O3 -fopenmp -w -I../common lud.c lud_omp.nu.c ../common/common.c $nulink -o nu.exe >>build.log 2>&1) ||
    { echo "-- lud openmp/nucc: build failed"; grep -m5 error "$R/openmp/lud/omp/build.log"; }
  if [ -x "$R/openmp/lud/omp/ref.exe" ]; then
    (cd "$R/openmp/lud/omp" && timeout "$kt" ./ref.exe -s "$n" -v -n "$ncpu" >ref.out 2>&1)
    echo "-- gcc -fopenmp, $ncpu threads: $(grep 'Time consumed' "$R/openmp/lud/omp/ref.out"), verified: $(lud_verdict "$R/openmp/lud/omp/ref.out")"
  fi
  if [ $have_cuda != 0 ]; then
    # its Makefile: nvcc -O3 -use_fast_math -DGPU_TIMER for every file
    (
      cd "$R/cuda/lud/cuda" || exit 1
      sed -i 's/cudaThreadSynchronize/cudaDeviceSynchronize/g' ./*.cu
      nvcc -O3 -use_fast_math -arch=sm_$sm -w -DGPU_TIMER -I../common lud.cu lud_kernel.cu ../common/common.c -o lud_cuda -lm
    ) >"$bin/lud-cuda-build.log" 2>&1 || { echo "-- lud cuda: build failed"; tail -5 "$bin/lud-cuda-build.log"; }
    if [ $have_cuda = build ]; then
      [ -x "$R/cuda/lud/cuda/lud_cuda" ] && echo "-- lud cuda: built"
    elif [ -x "$R/cuda/lud/cuda/lud_cuda" ]; then
      w=$(cd "$R/cuda/lud/cuda" && walled cuda.out ./lud_cuda -s "$n")
      (cd "$R/cuda/lud/cuda" && timeout "$kt" ./lud_cuda -s "$n" -v >check.out 2>&1)
      own=$(awk '/Time consumed/ { printf "%.3f", $NF; exit }' "$R/cuda/lud/cuda/cuda.out")
      ok=$(lud_verdict "$R/cuda/lud/cuda/check.out")
      read -r kms ksrc < <(cd "$R/cuda/lud/cuda" && cuda_kernel_ms "lud-$n" ./lud_cuda -s "$n")
      [ "$kms" = - ] && ksrc="own timer: copies in, kernels, copy out" kms=$own
      echo "-- cuda: Time consumed $own ms (copies in, kernels, copy out), kernels $kms ms ($ksrc), wall $w s, verified: $ok"
      rec lud "-s $n" cuda "$kms" "$ksrc" "Time consumed ${own:-?} ms (with copies)" "$w" "$ok"
    else
      rec lud "-s $n" cuda - - - - "build failed"
    fi
  fi
  if [ $have_ocl = 1 ]; then
    # its Makefile: g++ -O3 -DTIMING (kernel time from the events); it
    # reads ./lud_kernel.cl, so it runs from opencl/lud as its run script does
    # shellcheck disable=SC2086
    (cd "$R/opencl/lud" && g++ -O3 -w $oclinc -DCL_TARGET_OPENCL_VERSION=120 -DTIMING -Icommon -I../util ocl/lud.cpp common/common.c ../util/timing.c -o lud.out $ocllib) \
      >"$bin/lud-opencl-build.log" 2>&1 || { echo "-- lud opencl: build failed"; grep -m5 error "$bin/lud-opencl-build.log"; }
    if [ -x "$R/opencl/lud/lud.out" ]; then
      (cd "$R/opencl/lud" && export OCL_ICD_VENDORS=$oclvendors && timeout "$kt" ./lud.out -s "$n" -p "$clp" >/dev/null 2>&1)
      w=$(cd "$R/opencl/lud" && export OCL_ICD_VENDORS=$oclvendors && walled ocl.out ./lud.out -s "$n" -p "$clp")
      (cd "$R/opencl/lud" && export OCL_ICD_VENDORS=$oclvendors && timeout "$kt" ./lud.out -s "$n" -v -p "$clp" >check.out 2>&1)
      own=$(awk '/^Exec:/ { printf "%.3f", $2; exit }' "$R/opencl/lud/ocl.out")
      ok=$(lud_verdict "$R/opencl/lud/check.out")
      echo "-- opencl: kernels ${own:-?} ms (its events), wall $w s, verified: $ok"
      rec lud "-s $n" opencl "${own:--}" "own timer (events)" "Exec ${own:-?} ms" "$w" "$ok"
    else
      rec lud "-s $n" opencl - - - - "build failed"
    fi
  fi
  if [ -x "$R/openmp/lud/omp/nu.exe" ]; then
    w=$(nu_runs "$R/openmp/lud/omp" lud -s "$n" -n "$ncpu")
    (cd "$R/openmp/lud/omp" && timeout "$kt" ./nu.exe -s "$n" -v -n "$ncpu" >check.out 2>&1)
    own=$(awk '/Time consumed/ { printf "%.3f", $NF; exit }' "$R/openmp/lud/omp/nu.out")
    kms=$(nu_kernel_ms "$R/openmp/lud/omp/nu.prof")
    ok=$(lud_verdict "$R/openmp/lud/omp/check.out")
    echo "-- nucc: Time consumed $own ms, kernels $kms ms, wall $w s, verified: $ok"
    grep -E '^nu_|^total:' "$R/openmp/lud/omp/nu.prof"
    rec lud "-s $n" nucc "$kms" NU_PROFILE "Time consumed ${own:-?} ms" "$w" "$ok"
  else
    rec lud "-s $n" nucc - - - - "build failed"
  fi
}

# --- NPB ------------------------------------------------------------------------------
npb_verdict() {
  if grep -Eq 'Verification += +SUCCESSFUL' "$1"; then echo yes
  elif grep -Eq 'Verification += +UNSUCCESSFUL' "$1"; then echo "no: UNSUCCESSFUL"
  else echo "no: no verdict"; fi
}
npb() {
  local b=$1 B N=$bin/NPB cls w kms ksrc own ok
  B=$(echo "$b" | tr a-z A-Z)
  [ -d "$N" ] || cp -r "$carry/NPB" "$N"
  cls=$(cat "$N/class.txt")
  echo "## NPB $B class $cls"
  if [ $have_cuda != 0 ] && [ -d "$N/gmap" ]; then
    # GMAP's make.def asks for sm_61: this GPU's, as its get_gpu_arch.sh would
    (
      cd "$N/gmap" || exit 1
      sed -i "s|^COMPUTE_CAPABILITY.*|COMPUTE_CAPABILITY = -gencode arch=compute_$sm,code=sm_$sm|" config/make.def
      grep -rl cudaThreadSynchronize . | xargs -r sed -i 's/cudaThreadSynchronize/cudaDeviceSynchronize/g'
      mkdir -p bin
      make "$b" CLASS="$cls"
    ) >"$bin/npb-$b-cuda-build.log" 2>&1 || { echo "-- cuda: build failed"; grep -m5 -E 'error|Error' "$bin/npb-$b-cuda-build.log"; }
    if [ $have_cuda = build ]; then
      [ -x "$N/gmap/bin/$b.$cls" ] && echo "-- cuda (GMAP/NPB-GPU): built"
    elif [ -x "$N/gmap/bin/$b.$cls" ]; then
      w=$(cd "$N/gmap" && walled "$b.cuda.out" "./bin/$b.$cls")
      own=$(awk '/Time in seconds/ { printf "%.3f", $NF * 1000; exit }' "$N/gmap/$b.cuda.out")
      ok=$(npb_verdict "$N/gmap/$b.cuda.out")
      read -r kms ksrc < <(cd "$N/gmap" && cuda_kernel_ms "npb-$b" "./bin/$b.$cls")
      [ "$kms" = - ] && ksrc="no kernel timer"
      echo "-- cuda (GMAP/NPB-GPU): Time in seconds $own ms, kernels $kms ms, wall $w s, verified: $ok"
      rec "NPB $B" "class $cls" "cuda (GMAP)" "$kms" "$ksrc" "timed ${own:-?} ms" "$w" "$ok"
    else
      rec "NPB $B" "class $cls" "cuda (GMAP)" - - - - "build failed"
    fi
  fi
  (cd "$N/omp/$B" && gcc -O3 -fopenmp -w -I../common "$b.nu.c" ../common/c_print_results.c ../common/c_randdp.c ../common/c_timers.c ../common/wtime.c $nulink -o nu.exe >build.log 2>&1) ||
    { echo "-- nucc: build failed"; grep -m5 error "$N/omp/$B/build.log"; }
  if [ -x "$N/omp/$B/nu.exe" ]; then
    w=$(nu_runs "$N/omp/$B" "npb-$b")
    own=$(awk '/Time in seconds/ { printf "%.3f", $NF * 1000; exit }' "$N/omp/$B/nu.out")
    kms=$(nu_kernel_ms "$N/omp/$B/nu.prof")
    ok=$(npb_verdict "$N/omp/$B/nu.out")
    echo "-- nucc: Time in seconds $own ms, kernels $kms ms, wall $w s, verified: $ok"
    grep -E '^nu_|^total:' "$N/omp/$B/nu.prof"
    rec "NPB $B" "class $cls" nucc "$kms" NU_PROFILE "timed ${own:-?} ms" "$w" "$ok"
  else
    rec "NPB $B" "class $cls" nucc - - - - "build failed"
  fi
}

{
  echo "# bench/corpus/run_kernels.sh $(date -u '+%Y-%m-%d %H:%M UTC'), sizes: $ksize"
  [ $have_cuda = 1 ] && nvidia-smi --query-gpu=name,driver_version --format=csv,noheader && nvcc --version | tail -2
  [ $have_cuda = 0 ] && echo "no nvcc or no GPU: the CUDA and OpenCL sides are skipped"
  [ $have_cuda = build ] && echo "no GPU: the CUDA and OpenCL versions are built, not run"
  if [ -n "$nsys" ]; then echo "nsys: $nsys"; else echo "nsys: not found (CUDA kernel times from the programs' own timers)"; fi
  cat "$carry/version.txt"
  for p in $progs; do
    case $p in
    gemm | jacobi2d | covariance) (polybench "$p") ;;
    lavamd) (lavamd) ;;
    lud) (lud) ;;
    cg | mg | ft) (npb "$p") ;;
    *) echo "unknown program $p" ;;
    esac
  done
  echo
  echo "| program | size | version | kernels ms | kernel time from | own timer | wall s | verified |"
  echo "| --- | --- | --- | ---: | --- | --- | ---: | --- |"
  awk -F'\t' '{ printf "| %s | %s | %s | %s | %s | %s | %s | %s |\n", $1, $2, $3, $4, $5, $6, $7, $8 }' "$tsv"
} 2>&1 | tee "$log"

#!/usr/bin/env bash
# run_gpu.sh — step 2 of the benchmark suite, on the GPU machine, from the
# repository root with .carry/ (made by bench/prepare.sh) beside it: builds
# libnurt.so with gcc from the carried sources, builds every translated
# program, runs them (base forms, optimised forms over a few work-group
# shapes, the OpenCL copy kernel, the launch-overhead pair, the examples with
# NU_PROFILE=1), runs bench/reference.py (cuBLAS, torch.sum, copy_), and
# prints the table made by bench/table.py.
# Writes into $OUT (default .carry/bench-out): raw.txt (every output, with the
# date and the device), build.log, README.md (the table) and fraction.png.
# Usage: bash bench/run_gpu.sh
#   BENCH_QUICK=1  small sizes, for a dry run of the pipeline on any machine
#   NU_DEVICE      the device (default gpu)
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
carry=$root/.carry/bench
out=${OUT:-$root/.carry/bench-out}
bin=${BENCH_BIN:-/tmp/nubench}
raw=$out/raw.txt
export NU_DEVICE=${NU_DEVICE:-gpu}
export NU_PROFILE=1 # the kernels-only column reads its report (it turns on profiling)
quick=${BENCH_QUICK:-0}
mkdir -p "$out" "$bin"
[ -d "$carry/gen" ] || { echo "run_gpu.sh: no $carry/gen: run bench/prepare.sh first" >&2; exit 2; }

# --- build --------------------------------------------------------------
ocl=-l:libOpenCL.so.1
cflags=(-O2 -std=gnu11 -I"$carry/runtime" -I"$carry/include")
{
  gcc "${cflags[@]}" -fPIC -shared -DNDEBUG -DCL_TARGET_OPENCL_VERSION=120 "$carry"/runtime/*.c \
    -o "$bin/libnurt.so" "$ocl" -lm || echo "BUILD FAILED: libnurt.so"
  for src in "$carry"/gen/*.nu.c "$carry"/gen/examples/*.nu.c; do
    name=$(basename "$src" .nu.c)
    case $src in */examples/*) name=example_$name ;; esac
    gcc "${cflags[@]}" "$src" -o "$bin/$name" -L"$bin" -Wl,-rpath,"$bin" -lnurt -lm ||
      echo "BUILD FAILED: $name"
  done
  gcc "${cflags[@]}" "$here/overhead/launch_cl.c" -o "$bin/launch_cl" "$ocl" ||
    echo "BUILD FAILED: launch_cl"
  gcc "${cflags[@]}" "$here/regs.c" -o "$bin/regs" "$ocl" || echo "BUILD FAILED: regs"
} >"$out/build.log" 2>&1
grep 'BUILD FAILED' "$out/build.log"

# --- runs ---------------------------------------------------------------
{
  echo "# bench/run_gpu.sh $(date -u '+%Y-%m-%d %H:%M UTC') on $(hostname)"
  echo "### nvidia-smi"
  nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem,memory.total \
    --format=csv 2>&1 || echo "(no nvidia-smi)"
  echo "### nucc_times"
  cat "$carry/nucc_times.txt"
} >"$raw"

# run [ENV=VAL...] NAME ARGS...: one program; its output goes into raw.txt
# between "### NAME ARGS" and "### rc STATUS"; its best-time lines to stdout.
run() {
  local envs=() name rc
  while [[ $1 == *=* ]]; do envs+=("$1"); shift; done
  name=$1
  shift
  env "${envs[@]}" timeout 300 "$bin/$name" "$@" >"$bin/last.out" 2>&1
  rc=$?
  { echo "### $name $*"; cat "$bin/last.out"; echo "### rc $rc"; } >>"$raw"
  printf '%-15s %-20s rc=%d %s\n' "$name" "$*" "$rc" \
    "$(grep 'best time' "$bin/last.out" | sed 's/best time: //' | tr '\n' ' ')"
}

# sweep NAME ARGS... -- SHAPE...: runs NAME ARGS SHAPE for each work-group shape.
sweep() {
  local name=$1 fixed=() shape s
  shift
  while [ "$1" != -- ]; do fixed+=("$1"); shift; done
  shift
  for shape in "$@"; do
    read -r -a s <<<"$shape"
    run "$name" "${fixed[@]}" "${s[@]}"
  done
}

if [ "$quick" = 1 ]; then
  img=130 nb=1000 gemm=(64 67) him=(XS S) nsum=1000003 wav=(20 18 16) nlaunch=200
else
  img=4096 nb=65536 gemm=(2048 4096) him=(M L) nsum=268435456 wav=(512 512 256) nlaunch=20000
fi

run copy $((nsum / 4)) 10
run imgconv_base "$img" 20
sweep imgconv_opt "$img" 20 -- "4 64" "2 128" "8 32" "1 256"
run nbody_base "$nb" 1
sweep nbody_opt "$nb" 1 -- "4 256" "8 256" "8 128" "16 256"
for n in "${gemm[@]}"; do
  for g in sgemm dgemm; do
    run ${g}_base "$n" 1
    sweep ${g}_opt "$n" 1 -- "8 32" "4 64" "2 128" "16 16"
  done
done
for h in "${him[@]}"; do
  run himeno_base "$h" 10
  sweep himeno_opt "$h" 10 -- "1 4 64" "1 1 256" "1 8 32" "2 2 64"
done
run sum_base "$nsum" 5
sweep sum_opt "$nsum" 5 -- 128 512 1024
run wave_base "${wav[@]}" 10
sweep wave_opt "${wav[@]}" 10 -- "2 2 32" "1 4 32" "1 8 16" "2 4 16" "1 2 64"
run NU_PROFILE=0 launch_nu "$nlaunch" # profiling is part of what it measures
run launch_cl "$nlaunch"
# The examples at their default (GPU) sizes, with the runtime's report; Himeno
# at M and L shows the copies of a whole run (none between iterations).
if [ "$quick" = 1 ]; then
  run NU_PROFILE=1 example_himeno XS 3
else
  for h in M L; do run NU_PROFILE=1 example_himeno "$h" 100; done
  for e in saxpy sgemm imgconv nbody wave; do run NU_PROFILE=1 "example_$e"; done
fi

# Registers and spills of every bench kernel (NVIDIA build log), the
# evidence for the rows that miss their targets.
{
  echo "### registers"
  CUDA_CACHE_DISABLE=1 "$bin/regs" "$carry"/cl/*.cl 2>&1
} >>"$raw"
sed -n '/^### registers/,/^### /p' "$raw" | grep -E '^==|Compiling entry|Used' |
  sed -E 's/.*Compiling entry function .(nu_[A-Za-z0-9_]*). .*/\1/; s/^ptxas info *: //' | head -80

echo "### reference" >>"$raw"
if python3 -c 'import torch; assert torch.cuda.is_available()' 2>/dev/null; then
  PYTHONUNBUFFERED=1 timeout 300 python3 "$here/reference.py" >>"$raw" 2>&1
else
  echo "(no torch with CUDA here: no references)" >>"$raw"
fi
grep '^ref ' "$raw"

# --- table --------------------------------------------------------------
python3 "$here/table.py" "$raw" --check "$here/results/check_small.txt" --out "$out"

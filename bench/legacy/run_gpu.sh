#!/usr/bin/env bash
# run_gpu.sh — legacy-code runs on the GPU machine, step 2, from the
# repository root with .carry/legacy (bench/legacy/prepare.sh) beside it:
#  1. every corpus kernel built with gcc both ways, the sequential program on
#     the CPU and the translated one on the GPU, outputs compared (outcmp);
#  2. the legacy bench rows: GEMM float/double at 2048 and 4096 (as written
#     and with dmine + cache added: gemm_tiled), Jacobi-2D
#     4096² × 100 steps, with NU_PROFILE kernel times;
#  3. cuBLAS SGEMM/DGEMM in the same run (bench/reference.py).
# Writes $OUT/legacy.txt (default .carry/legacy-out).
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
carry=$root/.carry/legacy
out=${OUT:-$root/.carry/legacy-out}
bin=/tmp/nulegacy
mkdir -p "$out" "$bin"
export NU_DEVICE=${NU_DEVICE:-gpu}
log=$out/legacy.txt
cflags=(-O2 -std=gnu11 -I"$carry/runtime" -I"$carry/include")
{
  echo "# bench/legacy/run_gpu.sh $(date -u '+%Y-%m-%d %H:%M UTC')"
  nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>&1
  gcc "${cflags[@]}" -fPIC -shared -DNDEBUG -DCL_TARGET_OPENCL_VERSION=120 "$carry"/runtime/*.c \
    -o "$bin/libnurt.so" -l:libOpenCL.so.1 -lm -lpthread -ldl || echo "BUILD FAILED: libnurt"
  gcc -O2 "$carry/outcmp.c" -o "$bin/outcmp" -lm
  echo "## corpus: cc on the CPU vs nucc on $NU_DEVICE"
  pass=0 fail=0
  for src in "$carry"/src/corpus_*.c; do
    name=$(basename "$src" .c)
    gcc -O1 -std=gnu11 -w "$src" -o "$bin/$name.seq" -lm
    gcc "${cflags[@]}" -w "$carry/gen/$name.nu.c" -o "$bin/$name.nu" -L"$bin" -Wl,-rpath,"$bin" \
      -lnurt -lm
    timeout 120 "$bin/$name.seq" >"$bin/$name.seq.out" 2>&1
    timeout 120 "$bin/$name.nu" >"$bin/$name.nu.out" 2>"$bin/$name.nu.err"
    rc=$?
    if [ $rc = 0 ] && "$bin/outcmp" "$bin/$name.seq.out" "$bin/$name.nu.out" >"$bin/$name.cmp" 2>&1; then
      pass=$((pass + 1))
      echo "ok   ${name#corpus_}"
    else
      fail=$((fail + 1))
      echo "FAIL ${name#corpus_} rc=$rc $(head -c 300 "$bin/$name.cmp" "$bin/$name.nu.err" | tr '\n' ' ')"
    fi
  done
  echo "corpus on $NU_DEVICE: $pass passed, $fail failed"
  echo "## legacy rows"
  for f in f d; do
    # the host half must see the same DATA_TYPE as nucc did (prepare.sh)
    dt=float
    [ $f = d ] && dt=double
    gcc "${cflags[@]}" -DDATA_TYPE=$dt "$carry/gen/gemm_legacy_$f.nu.c" -o "$bin/gemm_$f" -L"$bin" \
      -Wl,-rpath,"$bin" -lnurt -lm
    for n in 2048 4096; do
      echo "### gemm_legacy_$f $n"
      NU_PROFILE=1 timeout 300 "$bin/gemm_$f" $n 1 2>&1 | grep -E 'best|checksum|nu_kernel'
    done
    gcc "${cflags[@]}" -DDATA_TYPE=$dt "$carry/gen/gemm_tiled_$f.nu.c" -o "$bin/tiled_$f" -L"$bin" \
      -Wl,-rpath,"$bin" -lnurt -lm
    for n in 2048 4096; do
      echo "### gemm_tiled_$f $n"
      NU_PROFILE=1 timeout 300 "$bin/tiled_$f" $n 1 2>&1 | grep -E 'best|checksum|nu_kernel'
    done
  done
  gcc "${cflags[@]}" "$carry/gen/jacobi2d_legacy.nu.c" -o "$bin/jacobi" -L"$bin" \
    -Wl,-rpath,"$bin" -lnurt -lm
  echo "### jacobi2d_legacy 4096 100"
  NU_PROFILE=1 timeout 300 "$bin/jacobi" 4096 100 2>&1 | grep -E 'best|checksum|nu_kernel|copies|->'
  echo "## reference"
  if python3 -c 'import torch; assert torch.cuda.is_available()' 2>/dev/null; then
    PYTHONUNBUFFERED=1 timeout 300 python3 "$root/bench/reference.py" 2>&1 | grep -E 'device|gemm'
  fi
} >"$log" 2>&1
cat "$log"

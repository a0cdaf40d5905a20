#!/usr/bin/env bash
# ab_gpu.sh — A/B of runtime variants on issue 25's programs, on the GPU
# machine from the repository root with .carry carried: each variant V is a
# copy of runtime/ in .carry/exp/rt_V (say VARS="a f"), built as the installed
# libnurt is (-DNDEBUG); every program (PROGS) is built against each, from
# bench/ranges/prepare.sh's hand-checked translation in .carry/suite/hand,
# and run with PPCG's, interleaved, seven times after one that fills the
# driver's compile cache: the median wall time of each, and whether its
# output matches PPCG's (outcmp).
set -uo pipefail
root=$(pwd)
carry=$root/.carry/suite
e=$root/.carry/exp
bin=/tmp/nuexp
rm -rf "$bin"
mkdir -p "$bin"
export NU_DEVICE=gpu
# shellcheck source=bench/nvidia_only.sh
. "$root/bench/nvidia_only.sh"
nvidia_only "$bin/icd"
read -r -a vars <<<"${VARS:-a f}"
read -r -a progs <<<"${PROGS:-cholesky lu gramschmidt}"
runs=${AB_RUNS:-7}
for v in "${vars[@]}"; do
  mkdir -p "$bin/$v"
  gcc -O2 -std=gnu11 -w -fPIC -shared -DNDEBUG -DCL_TARGET_OPENCL_VERSION=120 -I"$e/rt_$v" \
    -I"$carry/include" "$e/rt_$v"/*.c -o "$bin/$v/libnurt.so" -l:libOpenCL.so.1 -lm -lpthread -ldl ||
    echo "BUILD FAILED: $v"
done
gcc -O2 "$carry/outcmp.c" -o "$bin/outcmp" -lm
for name in "${progs[@]}"; do
  for v in "${vars[@]}"; do
    gcc -O2 -std=gnu11 -w -I"$e/rt_$v" -I"$carry/include" "$carry/hand/$name.c" -o "$bin/$name.$v" \
      -L"$bin/$v" -Wl,-rpath,"$bin/$v" -lnurt -lm
  done
  pdir=$carry/ppcg/$name
  gcc -O2 -std=gnu11 -w -I"$carry/include" -I"$carry" -I"$pdir" "$pdir/${name}_host.c" \
    "$carry/ocl_utilities.c" -o "$bin/$name.ppcg" -l:libOpenCL.so.1 -lm 2>/dev/null
  for v in "${vars[@]}" ppcg; do (cd "$pdir" && "$bin/$name.$v" >/dev/null 2>&1); done
  for _ in $(seq "$runs"); do
    for v in "${vars[@]}" ppcg; do
      t0=$(date +%s.%N)
      (cd "$pdir" && "$bin/$name.$v" >"$bin/$name.$v.out" 2>/dev/null)
      t1=$(date +%s.%N)
      echo "$name $v $(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.4f", b - a }')" >>"$bin/times"
    done
  done
  for v in "${vars[@]}"; do
    if "$bin/outcmp" "$bin/$name.$v.out" "$bin/$name.ppcg.out" >/dev/null 2>&1; then
      echo "$name $v output ok"
    else
      echo "$name $v output DIFFERS"
    fi
  done
done
awk '{ k = $1 " " $2; t[k] = t[k] " " $3 } END { for (k in t) print k, t[k] }' "$bin/times" |
  while read -r n v rest; do
    echo "$n $v median $(echo "$rest" | tr ' ' '\n' | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }') all: $rest"
  done | sort

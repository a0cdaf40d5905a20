#!/usr/bin/env bash
# prk_target.sh — issue 31's OpenMP-offload corpus: the ParRes Kernels'
# C11 `target` versions (nstream, transpose, stencil), as shipped, through
# this tree's nucc --openmp, each run against the shipped build (gcc
# -fopenmp, one thread: the target regions fall back to the host) with the
# kernels' own verification ("Solution validates") and the nests nurt
# launched (NU_PROFILE).  On the GPU machine it measures too (Rate lines).
# Usage: bench/corpus/prk_target.sh PRK_ROOT [WORKDIR]
#   PRK_ROOT: a checkout of github.com/ParRes/Kernels (its C1z/ is used)
#   PRK_SMALL=1: sizes for a CPU (PoCL), where the shipped one-thread
#   transpose of order 4000 without tiles takes minutes
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
prk=$(cd "${1:?usage: prk_target.sh PRK_ROOT [WORKDIR]}" && pwd)
work=${2:-$root/.carry/prk}
mkdir -p "$work"
export PKG_CONFIG_PATH=$root/build OMP_NUM_THREADS=1
flags=(-std=gnu11 -DPRKVERSION=2020 -I"$prk/C1z")
run() { # NAME ARGS...: the shipped build, then nucc's
  local f=$1
  shift
  gcc -O3 "${flags[@]}" -w -fopenmp "$prk/C1z/$f.c" -o "$work/$f.seq" -lm
  "$root/build/nucc" --openmp "${flags[@]}" "$prk/C1z/$f.c" -o "$work/$f.nu.c" 2>"$work/$f.nucc.log"
  # shellcheck disable=SC2046 # pkg-config's words are separate flags
  gcc -O3 "${flags[@]}" -w -fopenmp "$work/$f.nu.c" -o "$work/$f.nu" $(pkg-config --cflags --libs nurt) -lm
  local seq nu
  seq=$("$work/$f.seq" "$@" 2>&1 | grep -E 'validates|ERROR|Rate')
  nu=$(NU_PROFILE=1 "$work/$f.nu" "$@" 2>&1)
  echo "== $f $*"
  echo "  shipped: $(echo "$seq" | tr '\n' ' ')"
  echo "  nucc:    $(echo "$nu" | grep -E 'validates|ERROR|Rate' | tr '\n' ' ')"
  echo "  kernels: $(echo "$nu" | grep -cE '^nu_main_') ($(echo "$nu" | grep -E '^nu_main_' | awk '{print $2 " x" $3}' | tr '\n' ' '))"
  echo "  on the host: $(grep -c 'warning:' "$work/$f.nucc.log") warnings ($work/$f.nucc.log)"
  echo "$nu" | grep -q 'Solution validates' || {
    echo "prk_target.sh: $f does not validate through nucc" >&2
    return 1
  }
}
if [ -n "${PRK_SMALL:-}" ]; then
  n=1000000 order=1000
else
  n=100000000 order=8000
fi
run nstream-target 20 $n
run transpose-target 10 $order 32
run transpose-target 10 $order $order
run stencil-target 10 $order

#!/usr/bin/env bash
# prepare_kernels.sh — issue 24's comparison for the corpus programs whose
# repositories ship GPU versions of the same computation (run_gpu.sh does
# XSBench and RSBench): step 1, here, where nucc runs.  Copies into
# .carry/kernels/ (carried to the GPU machine, never committed):
#   PolyBench-ACC (cavazos-lab): gemm, jacobi-2d-imper, covariance — OpenMP/,
#     CUDA/ and OpenCL/ of the same repository;
#   Rodinia (yuhc/gpu-rodinia): lavaMD and lud — openmp/, cuda/, opencl/;
#   NPB: CG, MG, FT of the corpus's NPB3.0-omp-C, against GMAP/NPB-GPU's CUDA
#     versions (the corpus's repository ships no GPU version; GMAP's is the
#     NPB port to CUDA that papers compare with; same classes, same
#     verification values);
# and translates each OpenMP file with this tree's nucc --openmp, with the
# flags omp-corpus/run.sh uses (-I/-D of the program, --with its other files)
# plus the problem size.  nucc bakes sizes that are macros into the kernels,
# so the sizes are chosen here: KSIZE=gpu (default) for the H100, KSIZE=test
# for a small run on PoCL (bench/corpus/run_kernels.sh runs both).
# Usage: bench/corpus/prepare_kernels.sh [CORPUS_SRC [MIRROR]]
#   CORPUS_SRC: omp-corpus's src/ (git archives: NAME/...), default /work/omp-corpus/src
#   MIRROR: fetched repositories (NAME/repo, git), default /work/.mirror;
#     Rodinia's cuda/ and opencl/ and GMAP+NPB-GPU come from there.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
src=${1:-/work/omp-corpus/src}
mirror=${2:-/work/.mirror}
ksize=${KSIZE:-gpu}
nucc=$root/build/nucc
dest=$root/.carry/kernels
rm -rf "$dest"
mkdir -p "$dest"

# Files of PATH in the git repository GITDIR, into DEST/PATH; blobs the
# mirror lacks (large outputs such as cuda/lavaMD/result.txt) are skipped.
export_tree() {
  local g=$1 p=$2 d=$3 f
  git -C "$g" ls-tree -r --name-only HEAD -- "$p" | while read -r f; do
    git -C "$g" cat-file -e "HEAD:$f" 2>/dev/null || continue
    mkdir -p "$d/$(dirname "$f")"
    git -C "$g" show "HEAD:$f" >"$d/$f"
  done
}

# translate DIR FLAGS SRCS...: each file of SRCS (relative to DIR) with
# `#pragma omp` becomes NAME.nu.c in DIR, translated with --with the others.
translate() {
  local dir=$1 flags=$2 f g with out
  shift 2
  (
    cd "$dir"
    for f in "$@"; do
      grep -Eq '^[[:space:]]*#[[:space:]]*pragma[[:space:]]+omp' "$f" || continue
      with=""
      for g in "$@"; do [ "$g" != "$f" ] && with="$with --with $g"; done
      # next to its source (its relative includes), or in DIR for a file
      # outside it (PolyBench's ../utilities/polybench.c)
      case $f in
      ../*) out=$(basename "${f%.c}").nu.c ;;
      *) out=${f%.c}.nu.c ;;
      esac
      # shellcheck disable=SC2086
      if "$nucc" --openmp $flags $with "$f" -o "$out" 2>"${out%.c}.log"; then
        echo "prepare_kernels.sh: $dir/$f: $(grep -c nurt_launch_begin "$out") kernel launch sites"
      else
        echo "prepare_kernels.sh: $dir/$f: nucc failed: $(grep -m1 'error' "${out%.c}.log")"
        rm -f "$out"
      fi
    done
  )
}

# --- PolyBench-ACC -----------------------------------------------------------
# Both versions get the same sizes and the CUDA version's type (float): the
# headers take NI/N/M and DATA_TYPE from the command line.  The sizes are
# multiples of 256 because the CUDA covariance's grid rounds down.
pb=$src/cavazos-lab+PolyBench-ACC
P=$dest/PolyBench-ACC
mkdir -p "$P"
(cd "$pb" && tar cf - CUDA/utilities OpenMP/utilities OpenCL/utilities 2>/dev/null || tar cf - CUDA/utilities OpenMP/utilities) | (cd "$P" && tar xf -)
: >"$P/programs.txt"
for k in gemm jacobi2d covariance; do
  case $k in
  gemm) d=linear-algebra/kernels/gemm f=gemm
    if [ "$ksize" = test ]; then sz="-DNI=256 -DNJ=256 -DNK=256"; else sz="-DNI=2048 -DNJ=2048 -DNK=2048"; fi ;;
  jacobi2d) d=stencils/jacobi-2d-imper f=jacobi-2d-imper
    if [ "$ksize" = test ]; then sz="-DN=256 -DTSTEPS=10"; else sz="-DN=4096 -DTSTEPS=100"; fi ;;
  covariance) d=datamining/covariance f=covariance
    if [ "$ksize" = test ]; then sz="-DM=256 -DN=256"; else sz="-DM=2048 -DN=2048"; fi ;;
  esac
  # shellcheck disable=SC2046 # no word, or one without spaces
  (cd "$pb" && tar cf - "CUDA/$d" "OpenMP/$d" $([ -d "OpenCL/$d" ] && echo "OpenCL/$d")) | (cd "$P" && tar xf -)
  up=$(echo "$d" | sed 's|[^/]*|..|g')
  # %.8e: the dumps are compared number by number (PolyBench's %0.2lf
  # would lose the small values' digits); no space in it, so that the flags
  # split on spaces here and in run_kernels.sh
  flags="-I$up/utilities -I. -DPOLYBENCH_TIME $sz -DDATA_TYPE=float -DDATA_PRINTF_MODIFIER=\"%.8e\\n\""
  printf '%s\t%s\t%s\t%s\t%s\n' "$k" "$d" "$f" "$sz" "$flags" >>"$P/programs.txt"
  translate "$P/OpenMP/$d" "$flags" "$f.c" "$up/utilities/polybench.c"
done

# --- Rodinia -------------------------------------------------------------------
rg=$mirror/yuhc+gpu-rodinia/repo
R=$dest/rodinia
mkdir -p "$R"
for p in openmp/lavaMD openmp/lud cuda/lavaMD cuda/lud opencl/lavaMD opencl/lud opencl/util; do
  export_tree "$rg" "$p" "$R"
done
export_tree "$rg" common "$R"
# run.sh's flags; sizes are arguments here, not macros
translate "$R/openmp/lavaMD" "-DOUTPUT" main.c kernel/kernel_cpu.c util/num/num.c util/timer/timer.c
translate "$R/openmp/lud/omp" "-I../common" lud.c lud_omp.c ../common/common.c

# --- NPB -------------------------------------------------------------------------
# The class is a macro (npbparams.h, from setparams): one class per prepare.
cls=${NPB_CLASS:-B}
[ "$ksize" = test ] && cls=S
N=$dest/NPB
mkdir -p "$N"
(cd "$src/benchmark-subsetting+NPB3.0-omp-C" && tar cf - CG MG FT common sys config) | (cd "$N" && mkdir -p omp && cd omp && tar xf -)
(
  cd "$N/omp"
  cp config/make.def.template config/make.def
  cc -O1 -o sys/setparams sys/setparams.c
  for b in cg mg ft; do
    B=$(echo "$b" | tr a-z A-Z)
    (cd "$B" && ../sys/setparams "$b" "$cls")
  done
)
for b in cg mg ft; do
  B=$(echo "$b" | tr a-z A-Z)
  translate "$N/omp/$B" "-I../common" "$b.c" ../common/c_print_results.c ../common/c_randdp.c ../common/c_timers.c ../common/wtime.c
done
echo "$cls" >"$N/class.txt"
if [ -d "$mirror/GMAP+NPB-GPU/repo" ]; then
  export_tree "$mirror/GMAP+NPB-GPU/repo" CUDA "$N" && mv "$N/CUDA" "$N/gmap"
else
  echo "prepare_kernels.sh: no $mirror/GMAP+NPB-GPU/repo (fetch github:GMAP/NPB-GPU): NPB runs without its CUDA side"
fi

echo "$ksize" >"$dest/ksize.txt"
git -C "$root" log -1 --format='nucc: %h %s' >"$dest/version.txt"
du -sh "$dest"

#!/usr/bin/env bash
# prepare.sh — the corpus at PolyBench's LARGE sizes against PPCG, step 1
# (here: nucc needs libclang, PPCG needs clang's C++ libraries).
# For every kernel that tests/corpus/EXPECT says passes, with the sizes of
# bench/suite/sizes.txt, gathers into .carry/suite/ (carried, never committed):
#   src/NAME.c          the corpus file at LARGE (for the record; not run there)
#   hand/NAME.c         nucc's output with the file's own annotations
#   bare/NAME.c         nucc's output with every annotation a bare `work`
#                       (tests/corpus/bare.sed)
#   outer/NAME.c        nucc's output with every annotation removed and one
#                       bare `work` on each outermost loop of a region that
#                       held annotated loops (tests/corpus/outer.py): the
#                       region as PPCG is given it
#   ppcg/NAME/          PPCG's OpenCL output (NAME_host.c, NAME_kernel.cl) of
#                       the same file with `#pragma scop`/`endscop` around the
#                       kernel function's statements, when PPCG is given, with
#                       the options bench/suite/ppcg_options.txt gives
#                       (PPCG's --pet-autodetect aborts on these files: pet
#                       asserts on the printf in their checksum function)
#   runtime/, include/CL/, cltime.c, outcmp.c, ocl_utilities.[ch]
# Usage: bench/suite/prepare.sh [NUCC [PPCG]]  (default build/nucc; PPCG
# from $PPCG, else none: the PPCG column stays empty).  PPCG is not part of
# this repository; build it yourself (bench/README.md says how it was
# built) and set PPCG_SRC to its source tree, for ocl_utilities.[ch].
# SUITE_ONLY="gemm lu" limits the run to those kernels, whose files it
# replaces, and keeps the other kernels' (and extra/); SUITE_SMALL=1 keeps
# the corpus sizes (a dry run of the pipeline on PoCL).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
nucc=${1:-$root/build/nucc}
ppcg=${2:-${PPCG:-}}
dest=$root/.carry/suite
if [ -n "${SUITE_ONLY:-}" ]; then
  rm -rf "$dest/runtime" "$dest/include"
else
  rm -rf "$dest"
fi
mkdir -p "$dest"/{src,hand,bare,outer,ppcg,runtime,include,log}
cp "$root"/runtime/*.c "$root"/runtime/*.h "$dest/runtime/"
cp -r "${OPENCL_HEADERS:-/usr/include/CL}" "$dest/include/CL"
cp "$root/tests/tools/outcmp.c" "$here/cltime.c" "$dest/"
if [ -n "$ppcg" ]; then
  # PPCG's host code calls its helpers in ocl_utilities.c, from its source
  # tree (next to the binary's prefix, or given as $PPCG_SRC)
  util=${PPCG_SRC:?set PPCG_SRC to the PPCG source tree, for ocl_utilities.c}
  cp "$util/ocl_utilities.c" "$util/ocl_utilities.h" "$dest/"
  "$ppcg" --version >"$dest/log/ppcg-version.txt" 2>&1 || true
fi

# The LARGE source: each NAME=VALUE of sizes.txt sets a macro or a local of
# main; a name that matches neither is an error (the corpus file changed).
large() { # NAME SRC OUT
  local name=$1 src=$2 out=$3 kv k v
  cp "$src" "$out"
  for kv in $(awk -v n="$name" '$1 == n { $1 = ""; print }' "$here/sizes.txt"); do
    k=${kv%%=*} v=${kv#*=}
    if grep -qE "^#define $k [0-9]+" "$out"; then
      sed -E -i "s/^#define $k [0-9]+/#define $k $v/" "$out"
    elif sed -n '/^int main/,/^}/p' "$out" | grep -qE "\\b$k = [0-9]+[,;]"; then
      sed -E -i "/^int main/,/^}/s/\\b$k = [0-9]+([,;])/$k = $v\\1/" "$out"
    else
      echo "prepare.sh: $name: no macro or local '$k' to set" >&2
      return 1
    fi
  done
}

# PPCG's region: from the first statement of kernel_NAME's body (after its
# declarations) to its closing brace, as PolyBench marks its kernels.
scop() { # IN OUT
  awk '
    /^[a-z].*kernel_[a-z0-9_]*\(/ { infn = 1 }
    infn && !open && /\{[[:space:]]*$/ { open = 1; print; next }
    infn && open && !started {
      if ($0 ~ /^[[:space:]]*$/ || $0 ~ /^[[:space:]]*(\/\*|\*|\/\/)/ ||
          $0 ~ /^[[:space:]]*(register[[:space:]]+)?(int|long|double|float|unsigned|const)[[:space:]]/) {
        print; next
      }
      print "#pragma scop"; started = 1
    }
    infn && open && /^}/ { print "#pragma endscop"; infn = 0; open = 0; started = 0 }
    { print }
  ' "$1" >"$2"
}

n=0
while read -r name verdict _; do
  case $name in '' | '#'*) continue ;; esac
  [ "$verdict" = pass ] || continue
  if [ -n "${SUITE_ONLY:-}" ] && [[ " $SUITE_ONLY " != *" $name "* ]]; then
    continue
  fi
  src=$dest/src/$name.c
  if [ -n "${SUITE_SMALL:-}" ]; then
    cp "$root/tests/corpus/$name.c" "$src" # the corpus sizes: a dry run on PoCL
  else
    large "$name" "$root/tests/corpus/$name.c" "$src"
  fi
  "$nucc" "$src" -o "$dest/hand/$name.c" 2>"$dest/log/$name.hand.err" ||
    echo "prepare.sh: nucc refused $name (log/$name.hand.err)"
  sed -E -f "$root/tests/corpus/bare.sed" "$src" >"$dest/log/$name.bare.in.c"
  "$nucc" "$dest/log/$name.bare.in.c" -o "$dest/bare/$name.c" 2>"$dest/log/$name.bare.err" ||
    echo "prepare.sh: nucc refused $name under a bare work (log/$name.bare.err)"
  python3 "$root/tests/corpus/outer.py" "$src" >"$dest/log/$name.outer.in.c"
  "$nucc" "$dest/log/$name.outer.in.c" -o "$dest/outer/$name.c" 2>"$dest/log/$name.outer.err" ||
    echo "prepare.sh: nucc refused $name under bare works on the outermost loops (log/$name.outer.err)"
  if [ -n "$ppcg" ]; then
    rm -rf "${dest:?}/ppcg/$name"
    mkdir -p "$dest/ppcg/$name"
    scop "$src" "$dest/ppcg/$name/$name.c"
    grep -E '^static [a-z]+ [a-z_0-9]+\(.*\{.*\}$' "$src" | grep -v checksum \
      >"$dest/ppcg/$name/funcs.cl" || true
    opts=()
    read -r -a opts < <(awk -v n="$name" '$1 == n { $1 = ""; print }' "$here/ppcg_options.txt") || true
    if ! (cd "$dest/ppcg/$name" && timeout 300 "$ppcg" --target=opencl "${opts[@]}" "$name.c") \
      >"$dest/log/$name.ppcg.err" 2>&1 || [ ! -s "$dest/ppcg/$name/${name}_host.c" ]; then
      echo "prepare.sh: ppcg failed on $name (log/$name.ppcg.err)"
      rm -rf "${dest:?}/ppcg/$name"
    fi
  fi
  n=$((n + 1))
done <"$root/tests/corpus/EXPECT"
echo "prepare.sh: $n kernels in ${dest#"$root"/}/"

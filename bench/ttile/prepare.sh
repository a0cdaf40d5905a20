#!/usr/bin/env bash
# prepare.sh — issue 27's time tiling on the GPU machine, step 1 (here: nucc
# needs libclang).  Translates bench/ttile/stencils.c once per line of
# configs.txt (that problem's time loop under its `work(...) ttile(...)`,
# the others under their first configuration), and copies the runtime and
# the OpenCL headers beside them into .carry/ttile/ (carried, never
# committed).  Then run bench/ttile/run_gpu.sh there.
# Usage: bench/ttile/prepare.sh [NUCC]   (default: build/nucc of this tree)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
nucc=${1:-$root/build/nucc}
dest=$root/.carry/ttile
rm -rf "$dest"
mkdir -p "$dest/gen" "$dest/runtime" "$dest/include" "$dest/log"
cp "$root"/runtime/*.c "$root"/runtime/*.h "$dest/runtime/"
cp -r "${OPENCL_HEADERS:-/usr/include/CL}" "$dest/include/CL"
cp "$here/configs.txt" "$dest/"
first() { awk -v p="$1" '!/^#/ && $2 == p { $1 = $2 = ""; sub(/^ +/, ""); print; exit }' \
  "$here/configs.txt"; }
declare -A defaults
defaults[wave3d]=$(first wave3d)
defaults[jacobi2d]=$(first jacobi2d)
defaults[heat3d]=$(first heat3d)
made=0
while read -r tag prob pragma; do
  [[ -z $tag || $tag == \#* ]] && continue
  declare -A use=()
  for p in wave3d jacobi2d heat3d; do use[$p]=${defaults[$p]}; done
  use[$prob]=$pragma
  sed -e "s/TTILE_WAVE$/${use[wave3d]}/" -e "s/TTILE_JACOBI$/${use[jacobi2d]}/" \
    -e "s/TTILE_HEAT$/${use[heat3d]}/" "$here/stencils.c" >"$dest/log/$tag.c"
  if "$nucc" "$dest/log/$tag.c" -o "$dest/gen/$tag.nu.c" 2>"$dest/log/$tag.err"; then
    made=$((made + 1))
  else
    echo "prepare.sh: nucc refused $tag ($prob: $pragma):" >&2
    cat "$dest/log/$tag.err" >&2
  fi
done <"$here/configs.txt"
git -C "$root" log -1 --format='nucc: %h %s' >"$dest/log/commit.txt"
echo "prepare.sh: $made programs in ${dest#"$root"/}/"

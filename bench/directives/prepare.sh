#!/usr/bin/env bash
# prepare.sh — issue 31's measurement, step 1 (here: nucc needs libclang):
# Himeno written with OpenACC (himeno_acc.c) through nucc --openacc, with
# OpenMP offload (himeno_omp.c) through nucc --openmp, and nucc's own
# examples/himeno.c, into .carry/directives/ with the directive sources (for
# the OpenACC and OpenMP compilers on the GPU machine) and nurt's sources.
# Usage: bench/directives/prepare.sh [NUCC]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
nucc=${1:-$root/build/nucc}
dest=$root/.carry/directives
rm -rf "$dest"
mkdir -p "$dest/runtime"
cp "$root"/runtime/*.c "$root"/runtime/*.h "$dest/runtime/"
cp "$here/himeno_acc.c" "$here/himeno_omp.c" "$dest/"
"$nucc" --openacc "$here/himeno_acc.c" -o "$dest/himeno_acc.nu.c"
"$nucc" --openmp "$here/himeno_omp.c" -o "$dest/himeno_omp.nu.c"
"$nucc" "$root/examples/himeno.c" -o "$dest/himeno_nu.nu.c"
# GCC's OpenACC build needs an nvptx offload compiler, which the GPU
# machine's distribution lacks: where apt-get works here (Debian 12), carry
# Debian's gcc-12 with its offload compiler as .debs (41 MB); run_gpu.sh
# unpacks them into /tmp there.  DIRECTIVES_NO_GCC=1 skips this.
if [ -z "${DIRECTIVES_NO_GCC:-}" ] && command -v apt-get >/dev/null; then
  mkdir -p "$dest/gcc-offload"
  (cd "$dest/gcc-offload" && apt-get download gcc-12 cpp-12 gcc-12-base libgcc-12-dev \
    gcc-12-offload-nvptx nvptx-tools libgomp-plugin-nvptx1 libgomp1 libisl23 libmpc3 libmpfr6 \
    >/dev/null 2>&1) || echo "prepare.sh: no gcc-12 offload packages (gcc-acc will not build there)"
fi
git -C "$root" log -1 --format='nucc: %h %s' >"$dest/version.txt"
echo "prepare.sh: 3 translations in ${dest#"$root"/}/"

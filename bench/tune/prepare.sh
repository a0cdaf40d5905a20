#!/usr/bin/env bash
# prepare.sh — step 1 of the --tune bench, run here: nucc --tune must run on
# the GPU machine (it times each candidate there), and that machine has no
# libclang.  So this packs nucc with the shared libraries it loads (libclang,
# libLLVM, isl and theirs; not libc, libm, libstdc++ or libgcc_s, which the
# GPU machine's newer ones replace) and clang's resource headers, where
# libclang looks for them (LIBDIR/clang/MAJOR/include), into one xz archive
# (about 50 MB of the carry's 64 MiB), with nurt's sources, the OpenCL
# headers and the bench programs, into .carry/tune/ (ignored by git; name
# `.carry/tune` in the device tool's `carry`).
# Usage: [HIMENO_CU=.../cuda/himenoBMT.cu] bench/tune/prepare.sh [NUCC]   (default build/nucc)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
nucc=${1:-$root/build/nucc}
dest=$root/.carry/tune
headers=${OPENCL_HEADERS:-/usr/include/CL}
[ -x "$nucc" ] || { echo "prepare.sh: no nucc at $nucc" >&2; exit 2; }
rm -rf "$dest"
mkdir -p "$dest/runtime" "$dest/include" "$dest/kernels"
cp "$root"/runtime/*.c "$root"/runtime/*.h "$dest/runtime/"
cp -r "$headers" "$dest/include/CL"
cp "$root"/bench/kernels/*.c "$root"/bench/reference.py "$dest/kernels/"
# the row himeno256 also runs keichi/gpu-himeno's CUDA beside it: HIMENO_CU
# names its cuda/himenoBMT.cu (fetched apart); its one-minute target is cut
# to 4 s
if [ -n "${HIMENO_CU:-}" ]; then
  mkdir -p "$dest/cuda"
  sed 's/target *= *60.0;/target = 4.0;/' "$HIMENO_CU" >"$dest/cuda/himenoBMT.cu"
fi

pack=$(mktemp -d)
trap 'rm -rf "$pack"' EXIT
mkdir -p "$pack/nucc/bin" "$pack/nucc/lib"
cp "$nucc" "$pack/nucc/bin/nucc"
libclang=
while read -r lib; do
  case $(basename "$lib") in
  libc.so.* | libm.so.* | libstdc++.so.* | libgcc_s.so.* | ld-linux*) ;;
  *) cp -L "$lib" "$pack/nucc/lib/" ;;
  esac
  case $(basename "$lib") in libclang*) libclang=$lib ;; esac
done < <(ldd "$nucc" | awk '/=> \//{print $3}')
[ -n "$libclang" ] || { echo "prepare.sh: nucc loads no libclang" >&2; exit 2; }
# the resource headers (stddef.h, stdarg.h, ...) of that libclang's version
major=$(basename "$libclang" | sed -E 's/^libclang-([0-9]+).*/\1/')
res=$(dirname "$libclang")/clang/$major/include
[ -f "$res/stddef.h" ] || { echo "prepare.sh: no resource headers in $res" >&2; exit 2; }
mkdir -p "$pack/nucc/lib/clang/$major/include"
cp "$res"/*.h "$pack/nucc/lib/clang/$major/include/"
tar -C "$pack" -cf - nucc | xz -T0 -6 >"$dest/nucc.tar.xz"
"$nucc" --version >"$dest/nucc_version.txt"
du -sh "$dest" "$dest/nucc.tar.xz"

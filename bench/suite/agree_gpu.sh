#!/usr/bin/env bash
# agree_gpu.sh — every named program of the suite, its outer build run on the
# GPU as built and under NU_HOST_FIRST=0, its output against the sequential
# build's (cc, the annotations ignored; outcmp), with NU_PROFILE's line on
# pinned pages: uploads through an array's mirror and copies back straight
# into its closed pages.  On the GPU machine from the repository root with
# .carry/suite there; the sequential runs take minutes at LARGE sizes.
#   bash bench/suite/agree_gpu.sh 2mm heat_3d ...
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
carry=$root/.carry/suite
bin=/tmp/nuagree
[ $# -gt 0 ] || {
  echo "usage: agree_gpu.sh NAME..." >&2
  exit 2
}
rm -rf "$bin"
mkdir -p "$bin"
# shellcheck source=bench/nvidia_only.sh
. "$root/bench/nvidia_only.sh"
nvidia_only "$bin/icd"
cflags=(-O2 -std=gnu11 -w -I"$carry/runtime" -I"$carry/include")
gcc "${cflags[@]}" -fPIC -shared -DNDEBUG -DCL_TARGET_OPENCL_VERSION=120 "$carry"/runtime/*.c \
  -o "$bin/libnurt.so" -l:libOpenCL.so.1 -lm -lpthread -ldl || exit 1
gcc -O2 "$carry/outcmp.c" -o "$bin/outcmp" -lm || exit 1
for n in "$@"; do
  if ! gcc "${cflags[@]}" "$carry/outer/$n.c" -o "$bin/$n" -L"$bin" -Wl,-rpath,"$bin" -lnurt -lm ||
    ! gcc "${cflags[@]}" "$carry/log/$n.outer.in.c" -o "$bin/$n.cc" -lm; then
    echo "BUILD FAILED: $n"
    continue
  fi
  (cd "$bin" && "./$n.cc" >"$n.ref" 2>&1)
  for hf in 200 0; do
    (cd "$bin" && NU_HOST_FIRST=$hf NU_DEVICE=gpu NU_PROFILE=1 timeout 60 "./$n" >"$n.out" 2>"$n.err")
    rc=$?
    "$bin/outcmp" "$bin/$n.ref" "$bin/$n.out" >/dev/null 2>&1 && s=same || s=DIFFERS
    echo "== $n hf $hf rc $rc output $s: $(grep -h 'pinned pages' "$bin/$n.err" |
      sed "s/ pinned pages://; s/ uploads from arrays' own pages;/ up;/;
        s/ copies back straight into protected pages/ direct/")"
  done
done

#!/usr/bin/env bash
# openmp_installed.sh — an installed nucc (cmake --install into a scratch
# prefix) translates with --openmp a file that includes <omp.h>, finding the
# parse-only header it installed under share/nucc/include, not the one in the
# sources it was built from.
# Usage: openmp_installed.sh BUILD_DIR WORKDIR
set -u
builddir=$1 work=$2
rm -rf "$work"
mkdir -p "$work"
cmake --install "$builddir" --prefix "$work/prefix" >"$work/install.log" 2>&1 ||
  { echo "FAIL: cmake --install"; cat "$work/install.log"; exit 1; }
[ -f "$work/prefix/share/nucc/include/omp.h" ] || { echo "FAIL: omp.h not installed"; exit 1; }
cat >"$work/omp.c" <<'C'
#include <omp.h>
#include <stdio.h>
int main(void) {
  float a[100];
  int i;
#pragma omp parallel for
  for (i = 0; i < 100; i++)
    a[i] = i * 2.0f;
  printf("%g %d\n", a[99], omp_get_max_threads() > 0);
  return 0;
}
C
# the build tree's sources must not be what it finds: run it from a copy of
# the prefix whose build-time path does not exist
cp -r "$work/prefix" "$work/moved"
if ! "$work/moved/bin/nucc" --openmp "$work/omp.c" -o "$work/omp.nu.c" 2>"$work/stderr"; then
  echo "FAIL: the installed nucc --openmp refused a file including <omp.h>"
  cat "$work/stderr"
  exit 1
fi
grep -q 'nurt_launch_begin' "$work/omp.nu.c" || { echo "FAIL: no kernel launched"; exit 1; }
echo "ok: installed nucc --openmp found its <omp.h>"

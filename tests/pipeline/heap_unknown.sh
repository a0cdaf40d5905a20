#!/usr/bin/env bash
# heap_unknown.sh — a kernel's array whose subscripts nucc cannot bound gets
# its extent from the heap block its pointer points into (runtime/heap.c);
# a pointer into no known block (a stack array, an mmap region) stops the
# program with an error naming the array and the loop's file:line, never a
# guess.  The same program with a malloc'ed array runs.
# Usage: heap_unknown.sh NUCC WORKDIR PKG_CONFIG_DIR
set -u
nucc=$1 work=$2 pcdir=$3
source "$(dirname "$0")/../tools/expect.sh"

cat >"$work/gather.c" <<'C'
#define _DEFAULT_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

static void gather(float *b, const float *a, const int *idx, int n) {
#pragma nu work(64)
  for (int i = 0; i < n; i++)
    b[i] = a[idx[i]];
}

int main(int argc, char **argv) {
  int n = 1000;
  float stack[1000], *a = stack;
  if (!strcmp(argv[1], "heap"))
    a = malloc(n * sizeof *a);
  else if (!strcmp(argv[1], "mmap"))
    a = mmap(NULL, n * sizeof *a, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  float *b = malloc(n * sizeof *b);
  int *idx = malloc(n * sizeof *idx);
  for (int i = 0; i < n; i++)
    a[i] = (float)i, idx[i] = (i * 7) % n;
  gather(b, a, idx, n);
  printf("%g %g\n", b[1], b[n - 1]);
  return argc > 2;
}
C
run_nucc "$work/gather.c" -o "$work/out.c"
expect_rc 0
# shellcheck disable=SC2046
cc -O1 -std=c11 -o "$work/gather" "$work/out.c" \
  $(PKG_CONFIG_PATH=$pcdir pkg-config --cflags --libs nurt) -lm 2>"$work/cc.err" ||
  fail "cc failed: $(cat "$work/cc.err")"
libdir=$(PKG_CONFIG_PATH=$pcdir pkg-config --variable=libdir nurt)
for where in stack mmap; do
  LD_LIBRARY_PATH=$libdir "$work/gather" $where >"$work/stdout" 2>"$work/stderr"
  rc=$?
  expect_rc 1
  expect_stderr "^nurt: error: .*gather\.c:9: kernel [a-z_0-9]*: the subscripts of 'a' were not bounded at compile time, and 0x[0-9a-f]+ is in no heap block nurt knows .* nor a static array of the program's symbol tables; declare its extent with size\(a: element_count\)$"
done
LD_LIBRARY_PATH=$libdir "$work/gather" heap >"$work/stdout" 2>"$work/stderr"
rc=$?
expect_rc 0
grep -qx "7 993" "$work/stdout" || fail "heap: printed $(cat "$work/stdout")"
finish

#!/usr/bin/env bash
# Checks that nucc still emits the reviewed OpenCL program for an example.
#   check.sh NUCC EXAMPLE.c GOLDEN.cl WORKDIR
set -uo pipefail
nucc=$1 src=$2 golden=$3 work=$4
mkdir -p "$work"
name=$(basename "$src" .c)
if ! (cd "$(dirname "$src")" && "$nucc" --emit=cl "$name.c" -o "$work/$name.cl"); then
  echo "FAIL: nucc --emit=cl $src"
  exit 1
fi
if ! diff -u "$golden" "$work/$name.cl"; then
  echo "FAIL: the OpenCL program of $name.c differs from $golden"
  echo "      (if the change is intended: tests/golden/update.sh, then review the diff)"
  exit 1
fi
echo "ok: $name.c emits $golden"

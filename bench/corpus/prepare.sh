#!/usr/bin/env bash
# prepare.sh — issue 24's comparison, step 1 (here, where nucc runs): the
# corpus programs whose repositories also ship a CUDA version of the same
# computation (XSBench, RSBench: ANL-CESAR), their OpenMP version as shipped
# translated by this tree's nucc --openmp (with --with for the program's
# other files), and the CUDA version as shipped, into .carry/corpus/
# (carried to the GPU machine, never committed).
# Usage: bench/corpus/prepare.sh CORPUS_SRC   (the archives' root: NAME/openmp-threading, NAME/cuda)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
src=${1:?usage: prepare.sh CORPUS_SRC}
dest=$root/.carry/corpus
rm -rf "$dest"
mkdir -p "$dest"
for p in XSBench RSBench; do
  d=$src/ANL-CESAR+$p
  mkdir -p "$dest/$p"
  cp -r "$d/openmp-threading" "$dest/$p/nu"
  cp -r "$d/cuda" "$dest/$p/cuda"
  (
    cd "$dest/$p/nu"
    files=$(ls *.c)
    for f in $files; do
      grep -q '#pragma omp' "$f" || continue
      with=""
      for g in $files; do [ "$g" != "$f" ] && with="$with --with $g"; done
      # shellcheck disable=SC2086
      "$root/build/nucc" --openmp -std=gnu99 $with "$f" -o "${f%.c}.nu.c" 2>"${f%.c}.nucc.log"
      mv "${f%.c}.nu.c" "$f"
      echo "prepare.sh: $p/$f: $(grep -c nurt_launch_begin "$f") kernel launch sites"
    done
  )
done
git -C "$root" log -1 --format='nucc: %h %s' >"$dest/version.txt"

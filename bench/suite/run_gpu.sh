#!/usr/bin/env bash
# run_gpu.sh — the corpus at LARGE against PPCG, step 2, on the GPU machine,
# from the repository root with .carry/suite (bench/suite/prepare.sh) there.
# Builds libnurt.so and libcltime.so with gcc, then for each kernel runs
# nucc's output with the file's annotations (hand), nucc's output under a
# bare `work` on the annotated loops (bare), nucc's output under one bare
# `work` on each outermost loop of the region (outer) and PPCG's output
# (ppcg), each once, under cltime: the device time of all its kernels, from
# OpenCL's profiling time stamps, taken the same way for all four; and the
# wall time of that same run (the whole process, start to exit, under
# cltime for all four).  Outputs (checksums) are compared with outcmp:
# bare, outer and ppcg against hand.  Prints two tables (kernel time, wall
# time); raw lines too.
# Writes $OUT/suite.txt (default .carry/suite-out).  SUITE_TIMEOUT: seconds
# per program (default 120).  SUITE_ONLY="gemm lu": only those kernels (to
# split the 120 runs over two calls of the device tool).
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
carry=$root/.carry/suite
out=${OUT:-$root/.carry/suite-out}
bin=/tmp/nusuite
limit=${SUITE_TIMEOUT:-120}
rm -rf "$bin"
mkdir -p "$out" "$bin"
export NU_DEVICE=${NU_DEVICE:-gpu}
# Only NVIDIA's OpenCL driver (bench/nvidia_only.sh says why);
# SUITE_KEEP_ICDS=1 leaves the drivers as they are (a dry run on PoCL).
# shellcheck source=bench/nvidia_only.sh
. "$root/bench/nvidia_only.sh"
[ -n "${SUITE_KEEP_ICDS:-}" ] || nvidia_only "$bin/icd"
log=$out/suite.txt
cflags=(-O2 -std=gnu11 -w -I"$carry/runtime" -I"$carry/include")

# one run: DIR PROGRAM TAG NAME -> $bin/NAME.TAG.{out,err},
# echoes "ms launches rc wall_s" (wall: start to exit of the whole process)
timed() {
  local dir=$1 prog=$2 tag=$3 name=$4 rc t0 t1
  t0=$(date +%s.%N)
  (cd "$dir" && LD_PRELOAD=$bin/libcltime.so timeout "$limit" "$prog") \
    >"$bin/$name.$tag.out" 2>"$bin/$name.$tag.err"
  rc=$?
  t1=$(date +%s.%N)
  local line
  line=$(grep '^cltime:' "$bin/$name.$tag.err" | tail -1)
  if [ $rc = 0 ] && [ -n "$line" ]; then
    echo "$line" | awk -v a="$t0" -v b="$t1" '{ printf "%s %s 0 %.3f\n", $5, $3, b - a }'
    echo "$line" >>"$bin/devices.txt"
  else
    echo "- - $rc -"
  fi
}

{
  echo "# bench/suite/run_gpu.sh $(date -u '+%Y-%m-%d %H:%M UTC')"
  nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>&1
  [ -f "$carry/log/ppcg-version.txt" ] && echo "PPCG: $(head -1 "$carry/log/ppcg-version.txt")"
  gcc "${cflags[@]}" -fPIC -shared -DNDEBUG -DCL_TARGET_OPENCL_VERSION=120 "$carry"/runtime/*.c \
    -o "$bin/libnurt.so" -l:libOpenCL.so.1 -lm -lpthread -ldl || echo "BUILD FAILED: libnurt"
  gcc -O2 -I"$carry/include" -fPIC -shared "$carry/cltime.c" -o "$bin/libcltime.so" -ldl \
    -lpthread -l:libOpenCL.so.1 || echo "BUILD FAILED: cltime"
  gcc -O2 "$carry/outcmp.c" -o "$bin/outcmp" -lm
  echo "OpenCL drivers: OCL_ICD_FILENAMES=${OCL_ICD_FILENAMES:-} OCL_ICD_VENDORS=${OCL_ICD_VENDORS:-}"
  echo "## raw: kernel variant device_ms launches rc wall_s"
  rows=()
  for src in "$carry"/src/*.c; do
    name=$(basename "$src" .c)
    if [ -n "${SUITE_ONLY:-}" ] && [[ " $SUITE_ONLY " != *" $name "* ]]; then
      continue
    fi
    declare -A ms=() nl=() st=() wl=()
    for v in hand bare outer; do
      if [ -s "$carry/$v/$name.c" ] &&
        gcc "${cflags[@]}" "$carry/$v/$name.c" -o "$bin/$name.$v" -L"$bin" \
          -Wl,-rpath,"$bin" -lnurt -lm 2>"$bin/$name.$v.build"; then
        read -r ms[$v] nl[$v] st[$v] wl[$v] < <(timed "$bin" "$bin/$name.$v" $v "$name")
      else
        ms[$v]=- nl[$v]=- st[$v]=build wl[$v]=-
      fi
      echo "$name $v ${ms[$v]} ${nl[$v]} ${st[$v]} ${wl[$v]}"
    done
    v=ppcg
    pdir=$carry/ppcg/$name
    if [ -s "$pdir/${name}_host.c" ] &&
      gcc "${cflags[@]}" -I"$carry" -I"$pdir" "$pdir/${name}_host.c" "$carry/ocl_utilities.c" \
        -o "$bin/$name.ppcg" -l:libOpenCL.so.1 -lm 2>"$bin/$name.ppcg.build"; then
      read -r ms[$v] nl[$v] st[$v] wl[$v] < <(timed "$pdir" "$bin/$name.ppcg" ppcg "$name")
    else
      ms[$v]=- nl[$v]=- st[$v]=build wl[$v]=-
    fi
    echo "$name $v ${ms[$v]} ${nl[$v]} ${st[$v]} ${wl[$v]}"
    agree=""
    for v in bare outer ppcg; do
      if [ "${st[hand]}" = 0 ] && [ "${st[$v]}" = 0 ]; then
        if "$bin/outcmp" "$bin/$name.hand.out" "$bin/$name.$v.out" >"$bin/$name.$v.cmp" 2>&1; then
          agree+="$v=ok "
        else
          agree+="$v=DIFFERS "
          echo "$name: $v differs from hand: $(head -c 200 "$bin/$name.$v.cmp" | tr '\n' ' ')"
        fi
      fi
    done
    [ "${nl[ppcg]}" = 0 ] && st[ppcg]=cpu # PPCG printed the original code: no kernel
    row=$name
    for v in hand bare outer ppcg; do row+=" ${ms[$v]} ${nl[$v]} ${st[$v]} ${wl[$v]}"; done
    rows+=("$row ${agree:--}")
    unset ms nl st wl
  done
  # a row: kernel, then ms launches status wall_s for hand, bare, outer, ppcg
  # (fields 2-5, 6-9, 10-13, 14-17), then the outcmp verdicts
  echo "## table: kernel time"
  printf '%s\n' "${rows[@]}" | awk '
    function ratio(p, q) { return (p == "-" || q == "-" || q == 0) ? "-" : p / q }
    function shown(r) { return r == "-" ? r : r < 0.01 ? sprintf("%.4f", r) : sprintf("%.2f", r) }
    BEGIN {
      split("hand bare outer", var, " ")
      print "| kernel | nucc hand ms (launches) | nucc bare ms (launches) | nucc outer ms (launches) | PPCG ms (launches) | PPCG/hand | PPCG/bare | PPCG/outer | outputs |"
      print "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |"
    }
    {
      agree = ""; for (i = 18; i <= NF; i++) agree = agree $i " "
      line = "| " $1 " |"
      for (k = 0; k < 4; k++) {
        m = $(2 + 4 * k); l = $(3 + 4 * k); s = $(4 + 4 * k)
        # no launch: the loops ran on the host (nucc maps no loop of seidel_2d)
        if (s == "0" && l == 0) s = "cpu"
        stat[k] = s
        line = line " " ((s == "0") ? sprintf("%.3f (%d)", m, l) : (s == "cpu") ? "no kernel" : "failed: " s) " |"
      }
      # a ratio only where both ran on the device and printed what hand printed
      ok = (stat[3] == "0") && agree !~ /ppcg=DIFFERS/
      for (k = 0; k < 3; k++) {
        r = (ok && stat[k] == "0" && agree !~ (var[k + 1] "=DIFFERS")) ? ratio($14, $(2 + 4 * k)) : "-"
        line = line " " shown(r) " |"
        if (r != "-") { g[k] += log(r); n[k]++; if (r + 0 < low[k] || n[k] == 1) low[k] = r + 0 }
      }
      print line " " agree "|"
    }
    END {
      print ""
      for (k = 0; k < 3; k++)
        if (n[k]) printf "geometric mean PPCG/%s %.2f over %d kernels (lowest %s)\n", var[k + 1], exp(g[k] / n[k]), n[k], shown(low[k])
      print "(a ratio above 1: nucc faster; device time of all kernels of one run, cltime.c;"
      print " no ratio where either made no kernel, failed, or printed other results)"
    }'
  echo "## table: wall time"
  printf '%s\n' "${rows[@]}" | awk '
    function ratio(p, q) { return (p == "-" || q == "-" || q == 0) ? "-" : p / q }
    function shown(r) { return r == "-" ? r : sprintf("%.2f", r) }
    BEGIN {
      split("hand bare outer", var, " ")
      print "| kernel | nucc hand s | nucc bare s | nucc outer s | PPCG s | PPCG/outer | nucc above PPCG | outputs |"
      print "| --- | ---: | ---: | ---: | ---: | ---: | --- | --- |"
    }
    {
      agree = ""; for (i = 18; i <= NF; i++) agree = agree $i " "
      line = "| " $1 " |"
      for (k = 0; k < 4; k++) {
        s = $(4 + 4 * k)
        ran[k] = (s == "0" || s == "cpu") ? $(5 + 4 * k) : "-"
        line = line " " ((ran[k] == "-") ? "failed: " s : (s == "cpu") ? ran[k] " (no OpenCL)" : ran[k]) " |"
      }
      # PPCG with no kernel (its host code is the original loops) still has
      # a wall time to beat; ratios only where the outputs agree
      ok = (ran[3] != "-") && agree !~ /ppcg=DIFFERS/
      r = (ok && ran[2] != "-" && agree !~ /outer=DIFFERS/) ? ratio(ran[3], ran[2]) : "-"
      if (r != "-") { g += log(r); n++; if (r + 0 < low || n == 1) low = r + 0 }
      above = ""
      for (k = 0; k < 3; k++)
        if (ok && ran[k] != "-" && agree !~ (var[k + 1] "=DIFFERS") && ran[k] + 0 > ran[3] + 0) {
          above = above var[k + 1] " "
          slow[k] = slow[k] $1 " "
        }
      sub(/ $/, "", above)
      print line " " shown(r) " | " (above == "" ? "-" : above) " | " agree "|"
    }
    END {
      print ""
      if (n) printf "geometric mean PPCG/outer wall %.2f over %d programs (lowest %s)\n", exp(g / n), n, shown(low)
      for (k = 0; k < 3; k++) {
        sub(/ $/, "", slow[k])
        printf "nucc %s wall above PPCG: %s\n", var[k + 1], (slow[k] == "" ? "none" : slow[k])
      }
      print "(wall: one run of the whole program, start to exit, under cltime as the kernel"
      print " times are; a ratio above 1: nucc faster; \"no OpenCL\": PPCG made no kernel, and its"
      print " program, the original loops on the host, never sets up OpenCL)"
    }'
  echo "## devices the kernels ran on"
  awk '{ $1 = $2 = $3 = $4 = $5 = ""; print }' "$bin/devices.txt" | sort | uniq -c
} >"$log" 2>&1
cat "$log"

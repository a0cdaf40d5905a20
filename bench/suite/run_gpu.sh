#!/usr/bin/env bash
# run_gpu.sh — the corpus at LARGE against PPCG, step 2, on the GPU machine,
# from the repository root with .carry/suite (bench/suite/prepare.sh) there.
# Builds libnurt.so and libcltime.so with gcc, then for each kernel runs
# nucc's output with the file's annotations (hand), nucc's output under a
# bare `work` (bare) and PPCG's output (ppcg), each once, under cltime: the
# device time of all its kernels, from OpenCL's profiling time stamps, taken
# the same way for all three.  Outputs (checksums) are compared with
# outcmp: bare and ppcg against hand.  Prints one table; raw lines too.
# Writes $OUT/suite.txt (default .carry/suite-out).  SUITE_TIMEOUT: seconds
# per program (default 120).
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

# one run: DIR PROGRAM TAG NAME -> $bin/NAME.TAG.{out,err}, echoes "ms launches rc"
timed() {
  local dir=$1 prog=$2 tag=$3 name=$4 rc
  (cd "$dir" && LD_PRELOAD=$bin/libcltime.so timeout "$limit" "$prog") \
    >"$bin/$name.$tag.out" 2>"$bin/$name.$tag.err"
  rc=$?
  local line
  line=$(grep '^cltime:' "$bin/$name.$tag.err" | tail -1)
  if [ $rc = 0 ] && [ -n "$line" ]; then
    echo "$line" | awk '{ print $5, $3, 0 }'
    echo "$line" >>"$bin/devices.txt"
  else
    echo "- - $rc"
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
  echo "## raw: kernel variant device_ms launches rc"
  rows=()
  for src in "$carry"/src/*.c; do
    name=$(basename "$src" .c)
    declare -A ms=() nl=() st=()
    for v in hand bare; do
      if [ -s "$carry/$v/$name.c" ] &&
        gcc "${cflags[@]}" "$carry/$v/$name.c" -o "$bin/$name.$v" -L"$bin" \
          -Wl,-rpath,"$bin" -lnurt -lm 2>"$bin/$name.$v.build"; then
        read -r ms[$v] nl[$v] st[$v] < <(timed "$bin" "$bin/$name.$v" $v "$name")
      else
        ms[$v]=- nl[$v]=- st[$v]=build
      fi
      echo "$name $v ${ms[$v]} ${nl[$v]} ${st[$v]}"
    done
    v=ppcg
    pdir=$carry/ppcg/$name
    if [ -s "$pdir/${name}_host.c" ] &&
      gcc "${cflags[@]}" -I"$carry" -I"$pdir" "$pdir/${name}_host.c" "$carry/ocl_utilities.c" \
        -o "$bin/$name.ppcg" -l:libOpenCL.so.1 -lm 2>"$bin/$name.ppcg.build"; then
      read -r ms[$v] nl[$v] st[$v] < <(timed "$pdir" "$bin/$name.ppcg" ppcg "$name")
    else
      ms[$v]=- nl[$v]=- st[$v]=build
    fi
    echo "$name $v ${ms[$v]} ${nl[$v]} ${st[$v]}"
    agree=""
    for v in bare ppcg; do
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
    rows+=("$name ${ms[hand]} ${nl[hand]} ${st[hand]} ${ms[bare]} ${nl[bare]} ${st[bare]} ${ms[ppcg]} ${nl[ppcg]} ${st[ppcg]} ${agree:--}")
    unset ms nl st
  done
  echo "## table"
  printf '%s\n' "${rows[@]}" | awk '
    function ratio(p, q) { return (p == "-" || q == "-" || q == 0) ? "-" : p / q }
    function shown(r) { return r == "-" ? r : r < 0.01 ? sprintf("%.4f", r) : sprintf("%.2f", r) }
    BEGIN {
      print "| kernel | nucc hand ms (launches) | nucc bare ms (launches) | PPCG ms (launches) | PPCG/hand | PPCG/bare | outputs |"
      print "| --- | ---: | ---: | ---: | ---: | ---: | --- |"
    }
    {
      # no launch: the loops ran on the host (nucc maps no loop of seidel_2d)
      if ($4 == "0" && $3 == 0) $4 = "cpu"
      if ($7 == "0" && $6 == 0) $7 = "cpu"
      cell[1] = ($4 == "0") ? sprintf("%.3f (%d)", $2, $3) : ($4 == "cpu") ? "no kernel" : "failed: " $4
      cell[2] = ($7 == "0") ? sprintf("%.3f (%d)", $5, $6) : ($7 == "cpu") ? "no kernel" : "failed: " $7
      cell[3] = ($10 == "0") ? sprintf("%.3f (%d)", $8, $9) : \
                ($10 == "cpu") ? "no kernel" : "failed: " $10
      agree = ""; for (i = 11; i <= NF; i++) agree = agree $i " "
      # a ratio only where both ran on the device and agree
      ok = ($10 == "0") && agree !~ /ppcg=DIFFERS/
      rh = (ok && $4 == "0") ? ratio($8, $2) : "-"
      rb = (ok && $7 == "0") ? ratio($8, $5) : "-"
      printf "| %s | %s | %s | %s | %s | %s | %s |\n", $1, cell[1], cell[2], cell[3], shown(rh),
        shown(rb), agree
      if (rh != "-") { gh += log(rh); nh++; if (rh + 0 < minh || nh == 1) minh = rh + 0 }
      if (rb != "-") { gb += log(rb); nb++; if (rb + 0 < minb || nb == 1) minb = rb + 0 }
    }
    END {
      if (nh) printf "\ngeometric mean PPCG/hand %.2f over %d kernels (lowest %s)\n", exp(gh / nh), nh, shown(minh)
      if (nb) printf "geometric mean PPCG/bare %.2f over %d kernels (lowest %s)\n", exp(gb / nb), nb, shown(minb)
      print "(a ratio above 1: nucc faster; device time of all kernels of one run, cltime.c;"
      print " no ratio where either made no kernel, failed, or printed other results)"
    }'
  echo "## devices the kernels ran on"
  awk '{ $1 = $2 = $3 = $4 = $5 = ""; print }' "$bin/devices.txt" | sort | uniq -c
} >"$log" 2>&1
cat "$log"

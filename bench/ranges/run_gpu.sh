#!/usr/bin/env bash
# run_gpu.sh — issue 25's programs, step 2, on the GPU machine from the
# repository root with .carry/suite (bench/ranges/prepare.sh) carried along.
# For each program: the wall time of the whole run (start to exit, kernels,
# copies and host code; the median of RANGES_RUNS runs, 5, after one that
# fills the driver's compile cache; one run for nucc before issue 25) of nucc before issue 25 (one state per array),
# nucc now, and PPCG; then, for both nucc variants, the bytes each way from
# a third run with NU_PROFILE=1.  Outputs are compared with outcmp.  Writes
# the table and every output to $OUT/ranges.txt.
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
carry=$root/.carry/suite
out=${OUT:-$root/.carry/ranges-out}
bin=/tmp/nuranges
limit=${RANGES_TIMEOUT:-60}
rm -rf "$bin"
mkdir -p "$out" "$bin/before" "$bin/after"
export NU_DEVICE=${NU_DEVICE:-gpu}
# shellcheck source=bench/nvidia_only.sh
. "$root/bench/nvidia_only.sh"
# RANGES_KEEP_ICDS=1 leaves the drivers as they are (a dry run on PoCL).
[ -n "${RANGES_KEEP_ICDS:-}" ] || nvidia_only "$bin/icd"
log=$out/ranges.txt
inc=(-I"$carry/include")

wall() { # DIR PROG TAG NAME: prints the median seconds of RANGES_RUNS runs
  # (5; 1 for "before", which takes tens of seconds) after a first that
  # fills the driver's compile cache, or "over_Ns"/"failed_RC"; one run's
  # wall time varies by 0.05-0.1 s
  local t0 t1 rc times=() runs=${RANGES_RUNS:-5}
  [ "$3" = before ] && runs=1
  (cd "$1" && timeout "$limit" "$2") >/dev/null 2>&1
  rc=$?
  if [ $rc = 124 ]; then echo "over_${limit}s"; return; fi
  for _ in $(seq "$runs"); do
    t0=$(date +%s.%N)
    (cd "$1" && timeout "$limit" "$2") >"$bin/$4.$3.out" 2>"$bin/$4.$3.err"
    rc=$?
    t1=$(date +%s.%N)
    if [ $rc = 124 ]; then echo "over_${limit}s"; return
    elif [ $rc != 0 ]; then echo "failed_$rc"; return; fi
    times+=("$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.3f", b - a }')")
  done
  printf '%s\n' "${times[@]}" | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'
}

bytes() { # PROG NAME TAG: "to_device_bytes to_host_bytes" from NU_PROFILE
  (cd "$bin" && NU_PROFILE=1 timeout "$limit" "$1") >/dev/null 2>"$bin/$2.$3.prof"
  sed -nE 's/^total: .* to device [0-9]+ copies, ([0-9]+) bytes; to host [0-9]+ copies, ([0-9]+) bytes$/\1 \2/p' \
    "$bin/$2.$3.prof" | tail -1
}

{
  echo "# bench/ranges/run_gpu.sh $(date -u '+%Y-%m-%d %H:%M UTC')"
  nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>&1
  cat "$carry/log/before.txt" "$carry/log/after.txt" 2>/dev/null
  [ -f "$carry/log/ppcg-version.txt" ] && echo "PPCG: $(head -1 "$carry/log/ppcg-version.txt")"
  for side in before after; do
    rt=$carry/runtime; [ $side = before ] && rt=$carry/runtime-before
    gcc -O2 -std=gnu11 -w -fPIC -shared -DNDEBUG -DCL_TARGET_OPENCL_VERSION=120 -I"$rt" "${inc[@]}" \
      "$rt"/*.c -o "$bin/$side/libnurt.so" -l:libOpenCL.so.1 -lm -lpthread -ldl ||
      echo "BUILD FAILED: $side libnurt"
  done
  gcc -O2 "$carry/outcmp.c" -o "$bin/outcmp" -lm
  echo "## raw: program variant wall_s to_device_bytes to_host_bytes"
  rows=()
  for src in "$carry"/src/*.c; do
    name=$(basename "$src" .c)
    declare -A w=() b=()
    for v in before after; do
      rt=$carry/runtime; [ $v = before ] && rt=$carry/runtime-before
      gen=$carry/hand/$name.c; [ $v = before ] && gen=$carry/before/$name.c
      if gcc -O2 -std=gnu11 -w -I"$rt" "${inc[@]}" "$gen" -o "$bin/$name.$v" -L"$bin/$v" \
        -Wl,-rpath,"$bin/$v" -lnurt -lm 2>"$bin/$name.$v.build"; then
        w[$v]=$(wall "$bin" "$bin/$name.$v" $v "$name")
        if [[ ${w[$v]} =~ ^[0-9] ]]; then b[$v]=$(bytes "$bin/$name.$v" "$name" $v); fi
      else
        w[$v]=build
      fi
      echo "$name $v ${w[$v]} ${b[$v]:-- -}"
    done
    pdir=$carry/ppcg/$name
    if [ -s "$pdir/${name}_host.c" ] &&
      gcc -O2 -std=gnu11 -w "${inc[@]}" -I"$carry" -I"$pdir" "$pdir/${name}_host.c" \
        "$carry/ocl_utilities.c" -o "$bin/$name.ppcg" -l:libOpenCL.so.1 -lm 2>"$bin/$name.ppcg.build"; then
      w[ppcg]=$(wall "$pdir" "$bin/$name.ppcg" ppcg "$name")
    else
      w[ppcg]=build
    fi
    echo "$name ppcg ${w[ppcg]}"
    agree=""
    for v in before ppcg; do
      if [[ ${w[after]} =~ ^[0-9] ]] && [[ ${w[$v]} =~ ^[0-9] ]]; then
        if "$bin/outcmp" "$bin/$name.after.out" "$bin/$name.$v.out" >/dev/null 2>&1; then
          agree+="$v=ok "
        else agree+="$v=DIFFERS "; fi
      fi
    done
    rows+=("$name ${w[before]} ${b[before]:-- -} ${w[after]} ${b[after]:-- -} ${w[ppcg]} ${agree:--}")
    unset w b
  done
  echo "## table"
  printf '%s\n' "${rows[@]}" | awk '
    function num(x) { return x ~ /^[0-9]/ }
    function mb(x) { return num(x) ? sprintf("%.1f", x / 1048576) : "-" }
    BEGIN {
      print "| program | before: wall s | MiB up / down | now: wall s | MiB up / down | PPCG: wall s | PPCG ÷ now | outputs |"
      print "| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |"
    }
    {
      r = (num($8) && num($5)) ? sprintf("%.2f", $8 / $5) : "-"
      agree = ""; for (i = 9; i <= NF; i++) agree = agree $i " "
      printf "| %s | %s | %s / %s | %s | %s / %s | %s | %s | %s |\n", $1, $2, mb($3), mb($4), $5, mb($6), mb($7), $8, r, agree
    }'
} >"$log" 2>&1
cat "$log"

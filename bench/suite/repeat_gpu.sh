#!/usr/bin/env bash
# repeat_gpu.sh — a few kernels of the suite run several times, on the GPU
# machine, from the repository root with .carry/suite (prepare.sh) there:
# how far one run of run_gpu.sh can be trusted where a ratio sits near 1
# (jacobi_1d's launches are a few microseconds each, and PPCG's device time
# for them went from 5.2 to 14.1 ms between runs of run_gpu.sh).
# For each NAME given, builds hand, bare, outer, ppcg and every
# .carry/suite/extra/NAME.TAG.c (nucc output made here, e.g. another
# work-group size: bench/README.md), then runs them in turn, SUITE_ROUNDS
# rounds (default 5), each run under cltime as run_gpu.sh runs it, and
# prints each run's device ms and wall s, and per variant the lowest and
# the median device time and the median wall time.  Outputs are compared
# with hand's (outcmp).  Writes $OUT/repeat.txt (default .carry/suite-out).
#   bash bench/suite/repeat_gpu.sh jacobi_1d
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
carry=$root/.carry/suite
out=${OUT:-$root/.carry/suite-out}
bin=/tmp/nurepeat
limit=${SUITE_TIMEOUT:-120}
rounds=${SUITE_ROUNDS:-5}
[ $# -gt 0 ] || {
  echo "usage: repeat_gpu.sh NAME..." >&2
  exit 2
}
rm -rf "$bin"
mkdir -p "$out" "$bin"
export NU_DEVICE=${NU_DEVICE:-gpu}
# shellcheck source=bench/nvidia_only.sh
. "$root/bench/nvidia_only.sh"
[ -n "${SUITE_KEEP_ICDS:-}" ] || nvidia_only "$bin/icd"
log=$out/repeat.txt
cflags=(-O2 -std=gnu11 -w -I"$carry/runtime" -I"$carry/include")

{
  echo "# bench/suite/repeat_gpu.sh $* $(date -u '+%Y-%m-%d %H:%M UTC'), $rounds rounds"
  nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>&1
  gcc "${cflags[@]}" -fPIC -shared -DNDEBUG -DCL_TARGET_OPENCL_VERSION=120 "$carry"/runtime/*.c \
    -o "$bin/libnurt.so" -l:libOpenCL.so.1 -lm -lpthread -ldl || echo "BUILD FAILED: libnurt"
  gcc -O2 -I"$carry/include" -fPIC -shared "$carry/cltime.c" -o "$bin/libcltime.so" -ldl \
    -lpthread -l:libOpenCL.so.1 || echo "BUILD FAILED: cltime"
  gcc -O2 "$carry/outcmp.c" -o "$bin/outcmp" -lm
  echo "## raw: kernel variant round device_ms launches wall_s rc output"
  for name in "$@"; do
    progs=() dirs=()
    for v in hand bare outer; do
      if [ -s "$carry/$v/$name.c" ] && gcc "${cflags[@]}" "$carry/$v/$name.c" -o "$bin/$name.$v" \
        -L"$bin" -Wl,-rpath,"$bin" -lnurt -lm 2>"$bin/$name.$v.build"; then
        progs+=("$v") dirs+=("$bin")
      fi
    done
    for f in "$carry"/extra/"$name".*.c; do
      [ -e "$f" ] || continue
      v=${f##*/"$name".} v=${v%.c}
      if gcc "${cflags[@]}" "$f" -o "$bin/$name.$v" -L"$bin" -Wl,-rpath,"$bin" -lnurt -lm \
        2>"$bin/$name.$v.build"; then
        progs+=("$v") dirs+=("$bin")
      fi
    done
    pdir=$carry/ppcg/$name
    if [ -s "$pdir/${name}_host.c" ] &&
      gcc "${cflags[@]}" -I"$carry" -I"$pdir" "$pdir/${name}_host.c" "$carry/ocl_utilities.c" \
        -o "$bin/$name.ppcg" -l:libOpenCL.so.1 -lm 2>"$bin/$name.ppcg.build"; then
      progs+=(ppcg) dirs+=("$pdir")
    fi
    for ((r = 1; r <= rounds; r++)); do
      for i in "${!progs[@]}"; do
        v=${progs[$i]}
        t0=$(date +%s.%N)
        (cd "${dirs[$i]}" && LD_PRELOAD=$bin/libcltime.so timeout "$limit" "$bin/$name.$v") \
          >"$bin/$name.$v.$r.out" 2>"$bin/$name.$v.$r.err"
        rc=$?
        t1=$(date +%s.%N)
        line=$(grep '^cltime:' "$bin/$name.$v.$r.err" | tail -1)
        cmp=-
        if [ -s "$bin/$name.hand.1.out" ] && [ $rc = 0 ]; then
          "$bin/outcmp" "$bin/$name.hand.1.out" "$bin/$name.$v.$r.out" >/dev/null 2>&1 && cmp=ok ||
            cmp=DIFFERS
        fi
        if [ $rc = 0 ] && [ -n "$line" ]; then
          echo "$line" | awk -v n="$name" -v v="$v" -v r="$r" -v a="$t0" -v b="$t1" -v c="$cmp" \
            '{ printf "%s %s %d %s %s %.3f 0 %s\n", n, v, r, $5, $3, b - a, c }'
        else
          echo "$name $v $r - - - $rc $cmp"
        fi
      done
    done
  done | tee "$bin/raw.txt"
  echo "## per variant: device ms lowest / median, wall s median, over the runs that ran"
  echo "| kernel | variant | runs | launches | device ms lowest | median | wall s median | outputs |"
  echo "| --- | --- | ---: | ---: | ---: | ---: | ---: | --- |"
  awk '$7 == 0 { print }' "$bin/raw.txt" | sort -k1,1 -k2,2 -k4,4g | awk '
    function median(a, n, s, i, j, t) { # a[1..n]
      for (i = 2; i <= n; i++) for (j = i; j > 1 && a[j - 1] > a[j]; j--) { t = a[j]; a[j] = a[j - 1]; a[j - 1] = t }
      return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
    }
    function flush() {
      if (key == "") return
      printf "| %s | %s | %d | %s | %.3f | %.3f | %.3f | %s |\n", kn, kv, n, launches, lo, median(ms, n), median(w, n), outs
    }
    {
      if ($1 " " $2 != key) { flush(); key = $1 " " $2; kn = $1; kv = $2; n = 0; lo = $4; launches = $5; outs = "" }
      n++; ms[n] = $4 + 0; w[n] = $6 + 0
      if (outs !~ $8) outs = outs (outs == "" ? "" : " ") $8
    }
    END { flush() }'
} >"$log" 2>&1
cat "$log"

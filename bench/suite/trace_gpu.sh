#!/usr/bin/env bash
# trace_gpu.sh — where the whole process's wall time goes, OpenCL call by
# call, in the suite's outer builds and PPCG's, on the GPU machine from the
# repository root with .carry/suite (prepare.sh, with PPCG) there: what to
# read when wall_gpu.sh finds one build slower and NU_PROFILE's kernels and
# copies do not explain it.  Every run is under cltrace.c (LD_PRELOAD), one
# warm-up round (NVIDIA's compile cache) then TRACE_ROUNDS rounds (default
# 5) alternating the builds; prints the median per OpenCL function and
# build, and the spans (first call, last call's end, exit, from the
# process's start), then one run of each with every call on its own line.
# Writes $OUT/trace.txt.
#   bash bench/suite/trace_gpu.sh syrk gemm ...
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
carry=$root/.carry/suite
out=${OUT:-$root/.carry/suite-out}
bin=/tmp/nutrace
limit=${SUITE_TIMEOUT:-20}
rounds=${TRACE_ROUNDS:-5}
[ $# -gt 0 ] || {
  echo "usage: trace_gpu.sh NAME..." >&2
  exit 2
}
rm -rf "$bin"
mkdir -p "$out" "$bin"
export NU_DEVICE=${NU_DEVICE:-gpu}
# shellcheck source=bench/nvidia_only.sh
. "$root/bench/nvidia_only.sh"
nvidia_only "$bin/icd"
log=$out/trace.txt
cflags=(-O2 -std=gnu11 -w -I"$carry/runtime" -I"$carry/include")
{
  echo "# bench/suite/trace_gpu.sh $* $(date -u '+%Y-%m-%d %H:%M UTC'), $rounds rounds after a warm-up"
  nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>&1
  gcc -O2 -I"$carry/include" -fPIC -shared "$root/bench/suite/cltrace.c" -o "$bin/libcltrace.so" \
    -ldl || echo "BUILD FAILED: cltrace"
  gcc "${cflags[@]}" -fPIC -shared -DNDEBUG -DCL_TARGET_OPENCL_VERSION=120 "$carry"/runtime/*.c \
    -o "$bin/libnurt.so" -l:libOpenCL.so.1 -lm -lpthread -ldl || echo "BUILD FAILED: libnurt"
  names=()
  for name in "$@"; do
    pdir=$carry/ppcg/$name
    gcc "${cflags[@]}" "$carry/outer/$name.c" -o "$bin/$name.outer" -L"$bin" -Wl,-rpath,"$bin" \
      -Wl,--enable-new-dtags \
      -lnurt -lm &&
      gcc "${cflags[@]}" -I"$carry" -I"$pdir" "$pdir/${name}_host.c" "$carry/ocl_utilities.c" \
        -o "$bin/$name.ppcg" -l:libOpenCL.so.1 -lm && names+=("$name") ||
      echo "BUILD FAILED: $name"
  done
  echo "## raw: program build round function calls ms (span: first last exit)"
  for ((r = 0; r <= rounds; r++)); do
    for name in "${names[@]}"; do
      for v in outer ppcg; do
        dir=$bin
        [ $v = ppcg ] && dir=$carry/ppcg/$name
        (cd "$dir" && env -u NU_START -u NU_HOST_FIRST LD_PRELOAD="$bin/libcltrace.so" \
          timeout "$limit" "$bin/$name.$v") 2>&1 >/dev/null | grep '^cltrace:' |
          awk -v n="$name" -v v="$v" -v r="$r" '
            $2 == "span" { print n, v, r, "span", $4, $6, $8; next }
            { print n, v, r, $2, $4, $6 }'
      done
    done
  done | tee "$bin/raw.txt"
  echo "## medians over rounds 1..$rounds: program function | outer calls ms | ppcg calls ms"
  awk '$3 > 0' "$bin/raw.txt" | awk '
    function median(a, n, i, j, t) {
      for (i = 2; i <= n; i++) for (j = i; j > 1 && a[j - 1] > a[j]; j--) { t = a[j]; a[j] = a[j - 1]; a[j - 1] = t }
      return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
    }
    {
      f = $4 == "span" ? "span(first,last,exit)" : $4
      k = $1 SUBSEP f SUBSEP $2
      if (!(($1, f) in seen)) { seen[$1, f] = 1; order[++no] = $1 SUBSEP f }
      c[k] = $4 == "span" ? "-" : $5
      m = ++n[k]
      if ($4 == "span") { s1[k, m] = $5; s2[k, m] = $6; s3[k, m] = $7 }
      else s1[k, m] = $6
    }
    END {
      for (o = 1; o <= no; o++) {
        split(order[o], pf, SUBSEP); line = pf[1] " " pf[2]
        for (vi = 1; vi <= 2; vi++) {
          v = vi == 1 ? "outer" : "ppcg"; k = pf[1] SUBSEP pf[2] SUBSEP v
          if (!n[k]) { line = line " | -"; continue }
          delete a; for (i = 1; i <= n[k]; i++) a[i] = s1[k, i]
          x = median(a, n[k])
          if (pf[2] ~ /^span/) {
            delete a; for (i = 1; i <= n[k]; i++) a[i] = s2[k, i]; y = median(a, n[k])
            delete a; for (i = 1; i <= n[k]; i++) a[i] = s3[k, i]; z = median(a, n[k])
            line = line sprintf(" | %.1f %.1f %.1f", x, y, z)
          } else line = line sprintf(" | %s %.3f", c[k], x)
        }
        print line
      }
    }'
  echo "## one more run each with CLTRACE_TIMELINE: every call, and the host's gap before it"
  for name in "${names[@]}"; do
    for v in outer ppcg; do
      dir=$bin
      [ $v = ppcg ] && dir=$carry/ppcg/$name
      (cd "$dir" && env -u NU_START -u NU_HOST_FIRST CLTRACE_TIMELINE=1 \
        LD_PRELOAD="$bin/libcltrace.so" timeout "$limit" "$bin/$name.$v") 2>&1 >/dev/null |
        grep '^cltrace' | sed "s/^/$name $v /"
    done
  done
} >"$log" 2>&1
cat "$log"

#!/usr/bin/env bash
# phase_gpu.sh — the device phase of the suite's outer builds and PPCG's, on
# the GPU machine from the repository root with .carry/suite there: from the
# end of clBuildProgram to the start of clReleaseContext (the uploads, the
# kernels, the copies back and the program's own work between them), the
# part of the process that nurt's copies decide, timed by cltrace.c
# (CLTRACE_TIMELINE) without the driver's start-up, whose spread hides a
# few milliseconds in whole-process times (wall_gpu.sh).  PHASE_ALT=DIR
# also runs the outer builds against a libnurt.so built from the runtime
# sources in DIR (another version).  PHASE_ROUNDS rounds (default 5),
# alternating; prints per program and build the phases and exit times, ms.
#   bash bench/suite/phase_gpu.sh syrk gemm ...
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
carry=$root/.carry/suite
rounds=${PHASE_ROUNDS:-5}
alt=${PHASE_ALT:-}
[ $# -gt 0 ] || {
  echo "usage: phase_gpu.sh NAME..." >&2
  exit 2
}
# the builds, libcltrace.so and libnurt.so in /tmp/nutrace, their rpath a RUNPATH
TRACE_ROUNDS=0 OUT=/tmp/nutrace-out bash "$root/bench/suite/trace_gpu.sh" "$@" >/dev/null 2>&1
builds=(new ppcg)
if [ -n "$alt" ]; then
  mkdir -p /tmp/nuphase-alt
  gcc -O2 -std=gnu11 -w -fPIC -shared -DNDEBUG -DCL_TARGET_OPENCL_VERSION=120 -I"$alt" \
    -I"$carry/include" "$alt"/*.c -o /tmp/nuphase-alt/libnurt.so -l:libOpenCL.so.1 -lm -lpthread \
    -ldl || echo "BUILD FAILED: $alt"
  builds=(new alt ppcg)
fi
export NU_DEVICE=${NU_DEVICE:-gpu}
# shellcheck source=bench/nvidia_only.sh
. "$root/bench/nvidia_only.sh"
nvidia_only /tmp/nuphase-icd
echo "# bench/suite/phase_gpu.sh $* $(date -u '+%Y-%m-%d %H:%M UTC'), $rounds rounds${alt:+; alt: $alt}"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>&1
for name in "$@"; do
  for ((r = 1; r <= rounds; r++)); do
    for v in "${builds[@]}"; do
      dir=/tmp/nutrace exe=/tmp/nutrace/$name.outer env=()
      [ "$v" = alt ] && env=(LD_LIBRARY_PATH=/tmp/nuphase-alt)
      [ "$v" = ppcg ] && dir=$carry/ppcg/$name exe=/tmp/nutrace/$name.ppcg
      (cd "$dir" && env -u NU_START -u NU_HOST_FIRST "${env[@]}" CLTRACE_TIMELINE=1 \
        LD_PRELOAD=/tmp/nutrace/libcltrace.so timeout 60 "$exe") 2>&1 >/dev/null |
        awk -v n="$name" -v v="$v" '
          $1 == "cltrace-t:" && $2 == "clBuildProgram" { b = $4 + $6 }
          $1 == "cltrace-t:" && $2 == "clReleaseContext" { c = $4 }
          $1 == "cltrace:" && $2 == "span" { e = $8 }
          END { printf "%s %s %.1f %.1f\n", n, v, c - b, e }'
    done
  done
done | awk '
  { k = $1 " " $2; if (!(k in p)) order[++n] = k; p[k] = p[k] " " $3; x[k] = x[k] " " $4 }
  END { for (i = 1; i <= n; i++) print order[i], "phase:" p[order[i]], " exit:" x[order[i]] }'

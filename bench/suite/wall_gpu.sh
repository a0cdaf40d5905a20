#!/usr/bin/env bash
# wall_gpu.sh — the whole process's wall time, as a user runs it (no cltime),
# of the suite's outer builds against PPCG's, on the GPU machine from the
# repository root with .carry/suite (prepare.sh, with PPCG) there.  Each
# outer build runs twice per round: as built, and with the environment
# WALL_ALT (default NU_HOST_FIRST=0: every nest on the device, as before
# NU_HOST_FIRST; NU_START=1 was the runs of start-thread-h200.txt;
# LD_LIBRARY_PATH=DIR runs DIR's libnurt.so, another runtime, the builds'
# rpath being a RUNPATH), then PPCG's.  One warm-up round (NVIDIA's
# compile cache), then WALL_ROUNDS
# rounds (default 7), alternating.  Outputs are compared with the first
# outer run's (outcmp).  Writes $OUT/wall.txt.
#   bash bench/suite/wall_gpu.sh gemm symm syrk ...
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
carry=$root/.carry/suite
out=${OUT:-$root/.carry/suite-out}
bin=/tmp/nuwall
limit=${SUITE_TIMEOUT:-20}
rounds=${WALL_ROUNDS:-7}
alt=${WALL_ALT:-NU_HOST_FIRST=0}
[ $# -gt 0 ] || {
  echo "usage: wall_gpu.sh NAME..." >&2
  exit 2
}
rm -rf "$bin"
mkdir -p "$out" "$bin"
export NU_DEVICE=${NU_DEVICE:-gpu}
# shellcheck source=bench/nvidia_only.sh
. "$root/bench/nvidia_only.sh"
[ -n "${SUITE_KEEP_ICDS:-}" ] || nvidia_only "$bin/icd"
log=$out/wall.txt
cflags=(-O2 -std=gnu11 -w -I"$carry/runtime" -I"$carry/include")

run_one() { # NAME VARIANT ROUND: prints the raw line
  local name=$1 v=$2 r=$3 exe=$1.$2 dir=$bin env=() t0 t1 rc cmp=-
  case $v in
  thread)
    exe=$name.outer
    read -r -a env <<<"$alt"
    ;;
  ppcg) dir=$carry/ppcg/$name ;;
  esac
  t0=$(date +%s.%N)
  (cd "$dir" && env -u NU_START -u NU_HOST_FIRST "${env[@]}" timeout "$limit" "$bin/$exe") >"$bin/$name.$v.$r.out" \
    2>"$bin/$name.$v.$r.err"
  rc=$?
  t1=$(date +%s.%N)
  if [ $rc = 0 ] && [ -s "$bin/$name.outer.0.out" ]; then
    "$bin/outcmp" "$bin/$name.outer.0.out" "$bin/$name.$v.$r.out" >/dev/null 2>&1 && cmp=ok ||
      cmp=DIFFERS
  fi
  awk -v n="$name" -v v="$v" -v r="$r" -v a="$t0" -v b="$t1" -v rc="$rc" -v c="$cmp" \
    'BEGIN { printf "%s %s %d %.3f %s %s\n", n, v, r, b - a, rc, c }'
}

{
  echo "# bench/suite/wall_gpu.sh $* $(date -u '+%Y-%m-%d %H:%M UTC'), $rounds rounds after a warm-up; alt: $alt"
  nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>&1
  gcc "${cflags[@]}" -fPIC -shared -DNDEBUG -DCL_TARGET_OPENCL_VERSION=120 "$carry"/runtime/*.c \
    -o "$bin/libnurt.so" -l:libOpenCL.so.1 -lm -lpthread -ldl || echo "BUILD FAILED: libnurt"
  gcc -O2 "$carry/outcmp.c" -o "$bin/outcmp" -lm
  names=()
  for name in "$@"; do
    gcc "${cflags[@]}" "$carry/outer/$name.c" -o "$bin/$name.outer" -L"$bin" -Wl,-rpath,"$bin" \
      -Wl,--enable-new-dtags \
      -lnurt -lm 2>"$bin/$name.outer.build" || {
      echo "BUILD FAILED: $name outer"
      continue
    }
    pdir=$carry/ppcg/$name
    gcc "${cflags[@]}" -I"$carry" -I"$pdir" "$pdir/${name}_host.c" "$carry/ocl_utilities.c" \
      -o "$bin/$name.ppcg" -l:libOpenCL.so.1 -lm 2>"$bin/$name.ppcg.build" || {
      echo "BUILD FAILED: $name ppcg"
      continue
    }
    names+=("$name")
  done
  echo "## raw: kernel variant round wall_s rc output"
  for ((r = 0; r <= rounds; r++)); do
    for name in "${names[@]}"; do
      for v in outer thread ppcg; do
        run_one "$name" "$v" "$r"
      done
    done
  done | tee "$bin/raw.txt"
  echo "## medians over rounds 1..$rounds (round 0 is the warm-up); below: rounds where outer < PPCG"
  echo "| program | outer s | $alt s | PPCG s | outer - PPCG ms | $alt - outer ms | below | outputs |"
  echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |"
  awk '$3 > 0' "$bin/raw.txt" | awk '
    function median(a, n, i, j, t) {
      for (i = 2; i <= n; i++) for (j = i; j > 1 && a[j - 1] > a[j]; j--) { t = a[j]; a[j] = a[j - 1]; a[j - 1] = t }
      return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
    }
    {
      if (!($1 in seen)) { seen[$1] = 1; order[++np] = $1 }
      k = $1 SUBSEP $2; n[k]++; w[k, n[k]] = $4
      if ($5 != 0) bad[$1] = bad[$1] " " $2 ":rc" $5
      if ($6 == "DIFFERS") bad[$1] = bad[$1] " " $2 ":differs"
      wall[$1, $2, $3] = $4
    }
    END {
      for (p = 1; p <= np; p++) {
        name = order[p]
        for (vi = 1; vi <= 3; vi++) {
          v = vi == 1 ? "outer" : vi == 2 ? "thread" : "ppcg"; k = name SUBSEP v
          delete a; for (i = 1; i <= n[k]; i++) a[i] = w[k, i]
          m[v] = n[k] ? median(a, n[k]) : -1
        }
        below = 0; total = 0
        for (r = 1; (name, "outer", r) in wall; r++) {
          total++; if (wall[name, "outer", r] < wall[name, "ppcg", r]) below++
        }
        printf "| %s | %.3f | %.3f | %.3f | %+.0f | %+.0f | %d of %d | %s |\n", name, m["outer"], m["thread"],
          m["ppcg"], (m["outer"] - m["ppcg"]) * 1e3, (m["thread"] - m["outer"]) * 1e3, below, total,
          bad[name] == "" ? "ok" : bad[name]
      }
    }'
  echo "## NU_PROFILE's NU_HOST_FIRST lines, one run each as built"
  for name in "${names[@]}"; do
    (cd "$bin" && env -u NU_START -u NU_HOST_FIRST NU_PROFILE=1 timeout "$limit" "./$name.outer" \
      2>&1 >/dev/null | grep -E '^host first|no device started' | sed "s/^/$name: /")
  done
} >"$log" 2>&1
cat "$log"

#!/usr/bin/env bash
# run_mpi.sh — nucc's kernels inside an MPI program (docs/runtime.md, "Inside
# MPI programs"): PROG.c, whose MPI calls live in HELPER.c (plain mpicc, never
# translated), is built with plain mpicc and run (the oracle), then
# translated by nucc, linked with nurt's MPI layer (nurt-mpi) and run on each
# rank count given; every output must match the oracle's.  Then the same
# build without the layer must warn that it lacks it.  Without the layer
# the kernels' rows reach MPI stale or on protected pages (with MPICH over
# UCX, a peer's process_vm_readv fails with EFAULT): NUCC_MPI_UNLINKED=1
# runs that build on the rank counts instead, to see it fail.
#
# Usage: run_mpi.sh NUCC PKG_CONFIG_DIR WORKDIR MPICC MPIEXEC NP_FLAG INCLUDE_DIRS
#                   PROG.c HELPER.c ORACLE RANKS [ARGS...]
#   MPICC, MPIEXEC, NP_FLAG   the MPI compiler wrapper, launcher and its -n flag
#   INCLUDE_DIRS              MPI's header folders, ';'-separated (for nucc's parse)
#   ORACLE                    the plain program's ranks: 1, or `same` (as many as the run)
#   RANKS                     the rank counts to run, ','-separated
#   ARGS                      the program's arguments
# Environment: OUTCMP (the outcmp tool), RUN_TIMEOUT (seconds per run, 120).
set -u
if [ $# -lt 11 ]; then
  echo "usage: $0 NUCC PKG_CONFIG_DIR WORKDIR MPICC MPIEXEC NP_FLAG INCLUDE_DIRS" \
    "PROG.c HELPER.c ORACLE RANKS [ARGS...]" >&2
  exit 2
fi
nucc=$1 pcdir=$2 work=$3 mpicc=$4 mpiexec=$5 npflag=$6 incdirs=$7
prog=$8 helper=$9 oracle=${10} ranks=${11}
shift 11
args=("$@")
name=$(basename "$prog" .c)
outcmp=${OUTCMP:-outcmp}
timeout_s=${RUN_TIMEOUT:-120}

fail() {
  echo "$name: FAIL: $*" >&2
  exit 1
}

{ rm -rf "$work" && mkdir -p "$work"; } || fail "cannot create $work"
cd "$work" || exit 1
# Open MPI refuses root and more ranks than cores unless told; MPICH ignores these.
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export OMPI_MCA_rmaps_base_oversubscribe=1
# Each rank has its own PoCL: one worker thread each keeps the ranks off
# each other's cores.
export POCL_MAX_PTHREAD_COUNT=${POCL_MAX_PTHREAD_COUNT:-1}

run() { # run LEG NP PROGRAM: its output in LEG.out
  local leg=$1 np=$2 prog=$3
  timeout "$timeout_s" "$mpiexec" "$npflag" "$np" "./$prog" "${args[@]}" >"$leg.out" 2>"$leg.err"
  local rc=$?
  if [ $rc -ne 0 ]; then
    tail -n 20 "$leg.err" >&2
    [ $rc -eq 124 ] && fail "$leg: timed out after ${timeout_s}s"
    fail "$leg: exit status $rc"
  fi
}

cflags=(-O1 -std=c11 -iquote "$(dirname "$prog")")
"$mpicc" "${cflags[@]}" -o seq "$prog" "$helper" 2>seq.build.err ||
  { cat seq.build.err >&2; fail "mpicc of the plain program"; }
IFS=',' read -r -a counts <<<"$ranks"
if [ "$oracle" = 1 ]; then
  run seq 1 seq
fi

nucc_flags=()
IFS=';' read -r -a dirs <<<"$incdirs"
for d in "${dirs[@]}"; do
  [ -n "$d" ] && nucc_flags+=(-I "$d")
done
"$nucc" "${nucc_flags[@]}" "$prog" -o prog.nu.c || fail "nucc"

lib=nurt-mpi
[ "${NUCC_MPI_UNLINKED:-0}" = 1 ] && lib=nurt
flags=$(PKG_CONFIG_PATH="$pcdir" pkg-config --cflags --libs $lib) || fail "pkg-config $lib in $pcdir"
# shellcheck disable=SC2086 # pkg-config's words, split on purpose
"$mpicc" "${cflags[@]}" -o nu prog.nu.c "$helper" $flags 2>nu.build.err ||
  { cat nu.build.err >&2; fail "mpicc of nucc's output"; }

for np in "${counts[@]}"; do
  ref=seq.out
  if [ "$oracle" != 1 ]; then
    run "seq.$np" "$np" seq
    ref=seq.$np.out
  fi
  run "nu.$np" "$np" nu
  "$outcmp" "$ref" "nu.$np.out" ||
    fail "$np ranks (nucc + $lib) differ from plain C on $([ "$oracle" = 1 ] && echo 1 || echo "$np")"
  if [ $lib = nurt-mpi ] && grep -q 'nurt: warning' "nu.$np.err"; then
    fail "$np ranks: $(grep -m 1 'nurt: warning' "nu.$np.err")"
  fi
  echo "nucc + $lib, $np ranks: matches"
done

# Linked without the layer, nurt says so (io.c): on one rank, which moves no halo.
flags=$(PKG_CONFIG_PATH="$pcdir" pkg-config --cflags --libs nurt) || fail "pkg-config nurt"
# shellcheck disable=SC2086
"$mpicc" "${cflags[@]}" -o plain prog.nu.c "$helper" $flags 2>plain.build.err ||
  { cat plain.build.err >&2; fail "mpicc of nucc's output without the layer"; }
run plain 1 plain
grep -q "nurt: warning: the program calls MPI .* without nurt's MPI layer" plain.err ||
  fail "linked without libnurt_mpi, the program did not warn"
echo "nucc + nurt without the layer: warns"
echo "$name: ok"

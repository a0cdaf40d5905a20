#!/usr/bin/env bash
# run_outer.sh — one corpus kernel with its annotations moved to the
# outermost loops of each region (outer.py: one bare `work` per outermost
# `for` that holds annotated loops, as PPCG is given the region), so that
# nucc decides what stays on the host, the kernels and their chains; the
# program must still print what cc's build prints (run_both.sh, with the
# --emit=seq leg).  Only kernels that OUTER says pass are run so.
#   run_outer.sh NUCC PKG_CONFIG_DIR WORKDIR NAME
#   run_outer.sh --summary NUCC PKG_CONFIG_DIR WORKDIR [NAME...]
#     every kernel as run_corpus.sh --summary tables it, under this placement
set -u
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
tests=$(dirname "$here")
if [ "${1:-}" = "--summary" ]; then
  shift
  CORPUS_PLACEMENT=outer exec bash "$here/run_corpus.sh" --summary "$@"
fi
if [ $# -ne 4 ]; then
  echo "usage: $0 NUCC PKG_CONFIG_DIR WORKDIR NAME" >&2
  echo "       $0 --summary NUCC PKG_CONFIG_DIR WORKDIR [NAME...]" >&2
  exit 2
fi
nucc=$1 pcdir=$2 work=$3 name=$4
mkdir -p "$work" || exit 1
src=$work/$name.c
python3 "$here/outer.py" "$here/$name.c" >"$src" || exit 1
# NU_HOST_FIRST=0.05 (ms) in one more leg: at the corpus's sizes some
# programs' nests stay on the host, some launch, some switch part-way
NUCC_HOST_FIRST=${NUCC_HOST_FIRST:-0.05} NUCC_EMIT_SEQ=1 RUN_TIMEOUT=${RUN_TIMEOUT:-60} \
  bash "$tests/run_both.sh" "$nucc" "$pcdir" "$work/run" "$src"

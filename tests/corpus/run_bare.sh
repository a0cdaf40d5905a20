#!/usr/bin/env bash
# run_bare.sh — one corpus kernel with every `work(...)` made a bare `work`
# and its transformations removed, so that nucc chooses the chain itself;
# the program must still print what cc's build prints (run_both.sh, with
# the --emit=seq leg).  Only kernels that EXPECT says pass are run so.
#   run_bare.sh NUCC PKG_CONFIG_DIR WORKDIR NAME
set -u
if [ $# -ne 4 ]; then
  echo "usage: $0 NUCC PKG_CONFIG_DIR WORKDIR NAME" >&2
  exit 2
fi
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
tests=$(dirname "$here")
nucc=$1 pcdir=$2 work=$3 name=$4
mkdir -p "$work" || exit 1
src=$work/$name.c
sed -E -f "$here/bare.sed" "$here/$name.c" >"$src" || exit 1
NUCC_EMIT_SEQ=1 RUN_TIMEOUT=${RUN_TIMEOUT:-60} bash "$tests/run_both.sh" "$nucc" "$pcdir" \
  "$work/run" "$src"

#!/usr/bin/env bash
# run_corpus.sh — the corpus of classic loop kernels written the legacy way
# (tests/corpus/*.c), checked against what tests/corpus/EXPECT says a correct
# nucc must do with each.
#
# One kernel (the ctest test corpus.NAME):
#   run_corpus.sh NUCC PKG_CONFIG_DIR WORKDIR NAME
#     `NAME pass`:            tests/run_both.sh with the --emit=seq leg on
#                             (cc vs nucc on the default device, NU_DEVICE=host, --emit=seq)
#     `NAME refused SUBSTR`:  nucc exits with status 1, a line of its stderr
#                             contains SUBSTR, and no output file is left behind
# Every kernel, with a table:
#   run_corpus.sh --summary NUCC PKG_CONFIG_DIR WORKDIR [NAME...]
#     prints `kernel | expected | got | why` and the counts; exits 0 when
#     every kernel did what EXPECT says, 1 otherwise.
# CORPUS_PLACEMENT=outer (run_outer.sh --summary) checks each kernel with
# its annotations moved to the outermost loops (outer.py) instead.
# Environment: OUTCMP (default: built from tests/tools/outcmp.c into WORKDIR
# when not in PATH), CC, RUN_TIMEOUT (default 60 s per program run),
# POCL_CACHE_DIR (default WORKDIR/pocl-cache in summary mode).
set -u

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
tests=$(dirname "$here")
expect_file=$here/EXPECT

usage() {
  echo "usage: $0 NUCC PKG_CONFIG_DIR WORKDIR NAME" >&2
  echo "       $0 --summary NUCC PKG_CONFIG_DIR WORKDIR [NAME...]" >&2
  exit 2
}

# expect_of NAME: prints the rest of NAME's EXPECT line ("pass" or
# "refused SUBSTRING"); fails when NAME has none.
expect_of() {
  local name=$1 n rest
  while read -r n rest; do
    case $n in '' | '#'*) continue ;; esac
    if [ "$n" = "$1" ]; then
      printf '%s\n' "$rest"
      return 0
    fi
  done <"$expect_file"
  echo "run_corpus.sh: $name has no line in $expect_file" >&2
  return 1
}

# all_names: the kernels EXPECT lists, in its order.
all_names() {
  local n rest
  while read -r n rest; do
    case $n in '' | '#'*) continue ;; esac
    printf '%s\n' "$n"
  done <"$expect_file"
}

# check_refused NUCC WORK SRC SUBSTR: the refusal check; prints one line.
check_refused() {
  local nucc=$1 work=$2 src=$3 substr=$4 name rc
  name=$(basename "$src" .c)
  rm -rf "$work"
  mkdir -p "$work" || return 1
  "$nucc" "$src" -o "$work/out.c" >"$work/nucc.out" 2>"$work/nucc.err"
  rc=$?
  local failed=0
  if [ $rc -ne 1 ]; then
    echo "FAIL [$name]: nucc exit status $rc, expected 1 (refused)"
    failed=1
  fi
  if ! grep -qF -- "$substr" "$work/nucc.err"; then
    echo "FAIL [$name]: no diagnostic contains '$substr'"
    failed=1
  fi
  if [ -n "$(find "$work" -maxdepth 1 -name 'out.c*' -print)" ]; then
    echo "FAIL [$name]: output file left behind"
    failed=1
  fi
  if [ $failed -ne 0 ]; then
    echo "---- nucc stderr:"
    cat "$work/nucc.err"
    echo "----"
    return 1
  fi
  echo "PASSED [$name]: refused, the diagnostic contains '$substr'"
  return 0
}

# ensure_outcmp WORK: sets OUTCMP when it is not set.
ensure_outcmp() {
  if [ -n "${OUTCMP:-}" ]; then
    return 0
  fi
  if command -v outcmp >/dev/null 2>&1; then
    OUTCMP=$(command -v outcmp)
  else
    mkdir -p "$1"
    "${CC:-cc}" -O1 -o "$1/outcmp" "$tests/tools/outcmp.c" -lm || {
      echo "run_corpus.sh: cannot build outcmp" >&2
      exit 2
    }
    OUTCMP=$1/outcmp
  fi
  export OUTCMP
}

# run_one NUCC PCDIR WORK NAME: the check of one kernel; exit status 0 = as expected.
run_one() {
  local nucc=$1 pcdir=$2 work=$3 name=$4 exp
  local src=$here/$name.c
  exp=$(expect_of "$name") || return 1
  case $exp in
  pass)
    NUCC_EMIT_SEQ=1 RUN_TIMEOUT=${RUN_TIMEOUT:-60} \
      bash "$tests/run_both.sh" "$nucc" "$pcdir" "$work" "$src"
    ;;
  refused\ *)
    check_refused "$nucc" "$work" "$src" "${exp#refused }"
    ;;
  *)
    echo "run_corpus.sh: bad EXPECT entry for $name: '$exp'" >&2
    return 2
    ;;
  esac
}

# first_error FILE: the first line that says error (or else the first line),
# with the directory part of paths removed and cut to 150 characters.
first_error() {
  local line
  line=$(grep -m1 -E 'error|Error|ERROR|FAIL|Assertion|Segmentation|Abort' "$1" 2>/dev/null ||
    head -n1 "$1" 2>/dev/null)
  line=$(printf '%s' "$line" | sed -E 's#(/[^ :]*/)([^/ :]+\.c)#\2#g')
  printf '%s' "${line:0:150}"
}

# classify NUCC PCDIR WORK NAME: runs NAME and sets got/why.
classify() {
  local nucc=$1 pcdir=$2 work=$3 name=$4 rc log
  local src=$here/$name.c
  got="" why=""
  rm -rf "$work"
  mkdir -p "$work"
  if [ "${CORPUS_PLACEMENT:-}" = outer ]; then
    python3 "$here/outer.py" "$src" >"$work/$name.c" || exit 2
    src=$work/$name.c
  fi
  "$nucc" "$src" -o "$work/probe.c" >/dev/null 2>"$work/probe.err"
  rc=$?
  if [ $rc -eq 1 ]; then
    got=refused
    why=$(first_error "$work/probe.err")
    return
  elif [ $rc -ne 0 ]; then
    got=crash
    why="nucc exit status $rc: $(first_error "$work/probe.err")"
    return
  fi
  log=$work.log
  NUCC_EMIT_SEQ=1 RUN_TIMEOUT=${RUN_TIMEOUT:-60} \
    bash "$tests/run_both.sh" "$nucc" "$pcdir" "$work/both" "$src" >"$log" 2>&1
  rc=$?
  if [ $rc -eq 0 ]; then
    got=pass
    return
  fi
  local fails
  fails=$(grep '^FAIL \[' "$log" | sed -E 's/^FAIL \[[^]]*\]: //')
  if grep -q 'cc failed on the output of nucc (' <<<"$fails"; then
    got="build error"
    why="output does not compile: $(first_error "$work/both/nu.cc.err")"
  elif grep -q 'program exited with status\|timed out' <<<"$fails"; then
    got=crash
    local leg
    leg=$(grep -m1 'program exited with status\|timed out' <<<"$fails")
    why="$leg: $(first_error "$work/both/${leg%%:*}.err")"
  elif grep -q 'output differs' <<<"$fails"; then
    got="wrong result"
    local legs
    legs=$(grep 'output differs' <<<"$fails" | cut -d: -f1 | paste -sd, -)
    why="$legs: $(grep -m1 -v '^----' "$work/both/$(cut -d, -f1 <<<"$legs").cmp" | cut -c1-150)"
  elif grep -q 'emit=seq' <<<"$fails"; then
    got="refused"
    why="--emit=seq: $(first_error "$work/both/emit_seq.err")"
  else
    got=crash
    why=$(head -n1 <<<"$fails")
  fi
  # Several legs may fail differently: name the others.
  local n
  n=$(grep -c . <<<"$fails")
  if [ "$n" -gt 1 ]; then
    why="$why [+$((n - 1)) other failing leg(s): $(tail -n +2 <<<"$fails" | cut -d: -f1 | paste -sd, -)]"
  fi
}

summary() {
  local nucc=$1 pcdir=$2 work=$3
  shift 3
  local names=("$@")
  if [ ${#names[@]} -eq 0 ]; then
    mapfile -t names < <(all_names)
  fi
  mkdir -p "$work"
  ensure_outcmp "$work"
  export POCL_CACHE_DIR=${POCL_CACHE_DIR:-$work/pocl-cache}
  mkdir -p "$POCL_CACHE_DIR"
  local name exp ok c_pass=0 c_refused=0 c_wrong=0 c_crash=0 c_build=0 c_ok=0 total=0
  local rows=()
  for name in "${names[@]}"; do
    exp=$(expect_of "$name") || exit 2
    classify "$nucc" "$pcdir" "$work/$name" "$name"
    ok=no
    case $exp in
    pass) [ "$got" = pass ] && ok=yes ;;
    refused\ *)
      if [ "$got" = refused ] && grep -qF -- "${exp#refused }" "$work/$name/probe.err" &&
        [ ! -e "$work/$name/probe.c" ]; then
        ok=yes
      fi
      ;;
    esac
    case $got in
    pass) c_pass=$((c_pass + 1)) ;;
    refused) c_refused=$((c_refused + 1)) ;;
    "wrong result") c_wrong=$((c_wrong + 1)) ;;
    "build error") c_build=$((c_build + 1)) ;;
    *) c_crash=$((c_crash + 1)) ;;
    esac
    total=$((total + 1))
    [ $ok = yes ] && c_ok=$((c_ok + 1))
    rows+=("$(printf '%-20s | %-20s | %-12s | %s%s' "$name" "$exp" "$got" \
      "$([ $ok = yes ] && echo "" || echo "MISMATCH: ")" "$why")")
    echo "${rows[-1]}" >&2
  done
  printf '%-20s | %-20s | %-12s | %s\n' kernel expected got why
  printf '%s\n' "---------------------+----------------------+--------------+-----"
  printf '%s\n' "${rows[@]}"
  echo
  echo "kernels: $total; as expected: $c_ok; not as expected: $((total - c_ok))"
  echo "got: pass $c_pass, refused $c_refused, wrong result $c_wrong, crash $c_crash, build error (output does not compile) $c_build"
  [ $c_ok -eq $total ]
}

if [ "${1:-}" = "--summary" ]; then
  shift
  [ $# -ge 3 ] || usage
  summary "$@"
  exit $?
fi
[ $# -eq 4 ] || usage
ensure_outcmp "$3.tools"
run_one "$1" "$2" "$3" "$4"

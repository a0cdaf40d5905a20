# expect.sh — helpers for the shell tests in tests/bad/, sourced after
# setting nucc (the executable) and work (a scratch directory, emptied here):
#   run_nucc ARGS...        runs nucc; $rc, $work/stdout, $work/stderr
#   expect_rc N             the exit status was N (and not a crash)
#   expect_stderr REGEX     a stderr line matches REGEX (grep -E)
#   expect_no_output PATH   neither PATH nor a temporary PATH.nucc-* exists
#   finish                  prints PASSED or the failures and stderr; exits
# Each run is limited to RUN_TIMEOUT seconds (default 60): a hang fails.
rm -rf "$work"
mkdir -p "$work" || exit 1
failed=0
rc=0

fail() {
  echo "FAIL: $*"
  failed=1
}

run_nucc() {
  timeout "${RUN_TIMEOUT:-60}" "$nucc" "$@" >"$work/stdout" 2>"$work/stderr"
  rc=$?
  if [ $rc -eq 124 ]; then
    fail "nucc $* did not finish in ${RUN_TIMEOUT:-60} s"
  elif [ $rc -gt 2 ]; then
    fail "nucc $* crashed or was killed (exit status $rc)"
  fi
}

expect_rc() {
  [ "$rc" -eq "$1" ] || fail "exit status $rc, expected $1"
}

expect_stderr() {
  grep -Eq -- "$1" "$work/stderr" || fail "no stderr line matches: $1"
}

expect_no_output() {
  if [ -e "$1" ] || compgen -G "$1.nucc-*" >/dev/null; then
    fail "output left behind: $(ls -d "$1" "$1".nucc-* 2>/dev/null | tr '\n' ' ')"
  fi
}

finish() {
  if [ $failed -ne 0 ]; then
    echo "---- last nucc exit status $rc, stderr:"
    head -c 4000 "$work/stderr"
    exit 1
  fi
  echo "PASSED: ${1:-$(basename "$0" .sh)}"
  exit 0
}

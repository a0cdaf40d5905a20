#!/usr/bin/env bash
# check_multi.sh — a program split over two devices (NU_DEVICES=2 on PoCL's
# two pthread devices) prints what the sequential build prints, and its
# NU_PROFILE report says that the loops its first lines name were split
# over both devices, or kept on one for the reason given:
#   // multi-split: 17 21            the loops at these lines split
#   // multi-one: 22 a reduction     the loop at line 22 on one device, why
#   // multi-same-shares: 17 21      these loops cut their rows at one place
#   // multi-edges: 17 first         the loop ran its edge rows as parts of
#                                    their own, first (or last)
#   // multi-early                   some halo copy was read early
# Usage: check_multi.sh NUCC PKG_CONFIG_DIR WORKDIR prog.c
set -u
here=$(cd "$(dirname "$0")" && pwd)
nucc=$1 pcdir=$2 work=$3 prog=$4
export NU_DEVICES=2 POCL_DEVICES="pthread pthread"
bash "$here/../run_both.sh" "$nucc" "$pcdir" "$work" "$prog" || exit 1
name=$(basename "$prog")
# the values of the `// KEY:` lines among the program's first ten
header() { head -n 10 "$prog" | sed -n "s|^// $1: *||p"; }
NU_PROFILE=1 "$work/nu" >"$work/profile.out" 2>"$work/profile.err" || {
  echo "FAIL: the NU_PROFILE run failed"
  cat "$work/profile.err"
  exit 1
}
status=0
if ! grep -q '^  device 1: .*, [1-9][0-9]* launches' "$work/profile.err"; then
  echo "FAIL: device 1 ran no launch"
  status=1
fi
for line in $(header multi-split); do
  if ! grep -q "$name:$line): split [0-9]* times" "$work/profile.err"; then
    echo "FAIL: the loop at $name:$line was not split"
    status=1
  fi
done
# the loops named share one cut: the last splits that followed the same
# shares cut at the same rows.  Where the shares moved between their last
# launches (PoCL's devices share a loaded machine's cores, and speeds that
# move a share by a tenth set new ones), there is nothing to compare.
named=$(header multi-same-shares)
cuts=$(for line in $named; do
  sed -n "s|.*$name:$line): split [0-9]* times; last shares\([^;(]*\) (shares set \([0-9]*\) of.*|\2:\1|p" "$work/profile.err"
done)
if [ "$(printf '%s' "$cuts" | grep -c .)" -ne "$(printf '%s\n' $named | grep -c .)" ]; then
  echo "FAIL: the report gives no last shares for some loop of multi-same-shares ($named)"
  status=1
elif [ "$(printf '%s\n' "$cuts" | cut -d: -f1 | sort -u | grep -c .)" -gt 1 ]; then
  echo "note: the shares moved between the last launches of the loops of multi-same-shares:" $cuts
elif [ "$(printf '%s\n' "$cuts" | sort -u | grep -c .)" -gt 1 ]; then
  echo "FAIL: the loops of multi-same-shares were cut at different rows:" $cuts
  status=1
fi
# the loop ran its edge rows as parts of their own, ahead of or behind the rest
while read -r line which; do
  [ -n "$line" ] || continue
  if ! grep -q "$name:$line): split .*; edge rows $which in [1-9]" "$work/profile.err"; then
    echo "FAIL: the loop at line $line never ran its edge rows $which"
    status=1
  fi
done < <(header multi-edges)
# the halo rows were read early (as the next part's fetch found them)
if head -n 10 "$prog" | grep -q '^// multi-early' &&
  ! grep -q '^  between devices .*([1-9][0-9]* read early)' "$work/profile.err"; then
  echo "FAIL: no copy between devices was read early"
  status=1
fi
while read -r line why; do
  [ -n "$line" ] || continue
  if ! grep -qF "$name:$line): on device 0 only: $why" "$work/profile.err"; then
    echo "FAIL: the loop at $name:$line is not kept on one device because of '$why'"
    status=1
  fi
done < <(header multi-one)
[ $status = 0 ] || sed -n '/NU_DEVICES/,$p' "$work/profile.err"
exit $status

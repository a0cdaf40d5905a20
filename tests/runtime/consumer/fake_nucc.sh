#!/bin/sh
# fake_nucc.sh IN -o OUT: a stand-in for nucc that copies IN to OUT.
[ "$2" = "-o" ] && exec cp "$1" "$3"
echo "fake_nucc.sh: usage: IN -o OUT" >&2
exit 2

# bare.sed — turns a file's nucc annotations into bare `work`s: every
# `work(...)` loses its sizes and every transformation goes, so that nucc
# chooses the chain itself.  Clauses (size, reduce, independent, cache)
# stay: they are facts, not choices.  A `#pragma nu` line left empty goes.
# Used by tests/corpus/run_bare.sh and bench/suite/prepare.sh.
/#pragma nu /{
  s/\bwork\([^)]*\)/work/
  s/\b(dmine|tilem|tile|permut|unroll|peel|snapshot|wavefront|fission)\([^)]*\)//g
  s/\b(inline|fission|fuse)\b//g
}
/^[[:space:]]*#pragma nu[[:space:]]*$/d

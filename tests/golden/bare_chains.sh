#!/usr/bin/env bash
# The chains a bare `work` decides, and where they came from: each check runs
# nucc --explain or --report on a file and wants a line (fixed text) in it.
#   bare_chains.sh NUCC ROOT
# isl's schedule gives chains nucc's own search does not find (five loops,
# the parallel ones last); a band over two loops of the body is fuse; a
# statement that touches no array (a continue) keeps the nest with isl, and
# so do a scatter under `independent` and a helper that writes its row;
# nucc orders isl's parallel members for the arrays' contiguous dimension;
# the search decides where isl's effort limit is passed (NUCC_TEST_SCHED_OPS)
# or nucc refuses isl's chain; a time loop around loop nests stays on the
# host.
set -uo pipefail
nucc=$(cd "$(dirname "$1")" && pwd)/$(basename "$1") root=$2
fail=0

# want ENV FLAG FILE TEXT: `ENV nucc FLAG FILE` prints a line holding TEXT
# (--report), or the line TEXT (--explain)
want() {
  local env=$1 flag=$2 file=$3 text=$4 out
  if [[ $flag == --report ]]; then
    out=$(cd "$(dirname "$root/$file")" && env $env "$nucc" --report "$(basename "$file")" \
      -o /dev/null 2>&1)
  else
    out=$(cd "$(dirname "$root/$file")" && env $env "$nucc" --explain "$(basename "$file")" 2>&1)
  fi
  local x=-x
  [[ $flag == --report ]] && x=''
  if ! grep -qF $x -- "$text" <<<"$out"; then
    echo "FAIL: ${env:+$env }nucc $flag $file: no line with: $text"
    fail=1
  fi
}

# Under --openmp a `parallel for` is a bare work on its loop: gemm's inner j
# loop is mapped with i (and the product blocked); a matrix-vector
# product's sum stays in a work-item
out=$(cd "$root/tests/run" && "$nucc" --openmp --explain omp_inner_parallel.c 2>&1)
for line in "-- work decides: work(16,16) cache(A, B) dmine(4,2)" "-- work decides: work(256)"; do
  if ! grep -qxF -- "$line" <<<"$out"; then
    echo "FAIL: nucc --openmp --explain tests/run/omp_inner_parallel.c: no line $line"
    fail=1
  fi
done

b=tests/golden/explain/bare_schedule.c
want "" --explain $b "-- work decides: work(16,16) permut(4,5,1,2,3)"
want "" --report $b "bare 'work' chose 'work(16,16) permut(4,5,1,2,3)' from isl's schedule band(y*, x*, s) band(t) band(c) (* parallel)"
want NUCC_TEST_SCHED_OPS=1 --explain $b "-- work decides: work(256) permut(4,1,2,3)"
want NUCC_TEST_SCHED_OPS=1 --report $b "by its own search, because isl's scheduler passed its effort limit"

g=tests/golden/explain/bare_work.c
want "" --explain $g "-- work decides: work(16,16) cache(A, B) dmine(4,2) fuse with permut(2,1) on the loop at line 11"
want "" --report $g "from isl's schedule band(i*, j*, k) sequence[S0; S1] (* parallel): fuse, because the schedule's band runs the loops of the body together, each nest of the body first in the order that brings out the loop it runs with the others"
g=tests/golden/explain/bare_syrk.c
want "" --explain $g "-- work decides: work(16,16) fuse with permut(2,1) on the loop at line 13"
want "" --explain $g "-- after work(16,16): OpenCL kernel"
# where nucc's checks refuse the fused nest (here the inner permut: the
# update's j loop runs up to k), isl's schedule is read as a kernel per
# statement instead
g=tests/golden/bare_fuse_refused.c
want "" --report $g "bare 'work' chose 'work(16,16) permut(1,3,2) fission' from isl's schedule"
# deeper nests, a shifted update (no fusion), and a piece of a distribution
# fused on its own (tests/run/work_bare_fuse_inner.c runs them both ways)
g=tests/run/work_bare_fuse_inner.c
want "" --report $g "work_bare_fuse_inner.c:59: hint: bare 'work' chose 'work(16,16) fuse with permut(3,1,2) on the loop at line 62'"
want "" --report $g "work_bare_fuse_inner.c:71: hint: bare 'work' chose 'work(16,16) permut(1,3,2) fission' from isl's schedule"
want "" --report $g "work_bare_fuse_inner.c:82: hint: bare 'work' chose 'work(16,16) permut(1,3,2) fuse on piece 1 fission(2,1) with permut(2,1) on the loop at line 85'"

r=tests/run/bare_schedule.c
want "" --report $r "bare_schedule.c:64: hint: bare 'work' chose 'work(16,16) permut(2,1)' from isl's schedule band(j*, i*) (* parallel): permut, the order of the schedule's band with its parallel members reordered"
want "" --report $r "bare_schedule.c:68: hint: bare 'work' chose 'work(16,16) permut(2,1) fission(2,1)' from isl's schedule sequence[S0,S1: band(j*, i) sequence[S0; S1]; S2: band(j*, i*)] (* parallel), which distributes loop 'j' over its body, each piece in an order of its own"
want "" --report $r "bare_schedule.c:77: hint: bare 'work' chose 'work(256)' from isl's schedule band(i*)"
want "" --report $r "bare_schedule.c:81: hint: bare 'work' chose 'work(16,16)' from isl's schedule band(i*, j*) (* parallel): 2 loops mapped, the parallel members at the top of the band"
want "" --report $r "bare_schedule.c:88: hint: bare 'work' chose 'work(256)' from isl's schedule band(i*) (* parallel)"
want "" --report $r "bare_schedule.c:92: hint: bare 'work' chose 'work(256)' from isl's schedule band(i*) (* parallel)"

w=tests/run/bare_work.c
want "" --report $w "bare_work.c:89: hint: bare 'work' chose 'work(256)' from isl's schedule set[S1: band(i*, j); S0: band(i*, j*)] (* parallel)"
want "" --report $w "bare_work.c:78: hint: bare 'work' chose 'work(16,16) fuse' from isl's schedule"

# a triangle: both loops mapped, the box launched (before triangles, the
# chain was refused and nucc's own search mapped one loop)
s=tests/golden/bare_upper.c
want "" --explain $s "-- work decides: work(16,16)"
want "" --report $s "bare 'work' chose 'work(16,16)' from isl's schedule band(j*, i*) (* parallel): 2 loops mapped"

# a time loop stays on the host, each nest of its body with a chain of its
# own, and --report says which dependence keeps it there, with the pair
h=tests/golden/explain/bare_time_loop.c
want "" --explain $h "-- work decides: loop 't' stays on the host (it carries a dependence on 'B'); nest at line 9: work(4,8,8); nest at line 15: work(4,8,8); 2 kernels launched per iteration of 't'"
want "" --report $h "bare_time_loop.c:9: hint: bare 'work' keeps loop 't' (line 8) on the host: no chain maps it, because it carries a dependence (12:11: dependence on 'B': different work-items write the same element through 'B[i][j][k]'; for example, with n = 3, ts = 2: iteration t = 0, i = 1, j = 1, k = 1 writes B[1][1][1], iteration t = 1, i = 1, j = 1, k = 1 writes it too)"
want "" --report $h "bare_time_loop.c:15: hint: bare 'work' chose 'work(4,8,8)' from isl's schedule band(i*, j*, k*)"
# --explain=html draws it too: the marker statement the pictures put in the
# loop's body is not a statement the host would run
if ! (cd "$root/tests/golden/explain" && "$nucc" --explain=html bare_time_loop.c -o /dev/null); then
  echo "FAIL: nucc --explain=html $h refused the nest"
  fail=1
fi
f=tests/run/work_bare_time_fdtd.c
want "" --explain $f "-- work decides: loop 't' stays on the host (it carries a dependence on 'ey'); nest at line 20: work(256); nest at line 22: work(16,16); nest at line 25: work(16,16); nest at line 28: work(16,16); 4 kernels launched per iteration of 't'"

# reads of values from before the nest made of a copy, where that maps
# more loops (trmm: i as well as j; an in-place difference: its one loop),
# and no copy where it would not
c=tests/golden/bare_snapshot.c
want "" --explain $c "-- work decides: work(16,16) permut(2,1) snapshot(B)"
want "" --explain $c "-- work decides: work(256) snapshot(x)"
want "" --explain $c "-- work decides: work(256)"
want "" --report $c "snapshot first: the reads of B that see values from before the nest read a copy, which frees loops that their anti-dependences kept sequential (2 mapped instead of 1)"

# no loop parallel, none to keep on the host: the hyperplanes of a
# wavefront, the smallest coefficients that order every dependence
v=tests/golden/bare_wavefront.c
want "" --explain $v "-- work decides: work(16,16) permut(1,3,2) wavefront(4,2,1)"
want "" --explain $v "-- work decides: work(256) wavefront(2,1)"
want "" --report $v "wavefront, because every loop carries a dependence"

# a nest that would keep its loop on the host around a reduction bounded by
# that loop's index (ludcmp's row of L) runs on the host as written; one
# whose reduction runs over all k (Gauss-Seidel) stays a host loop in turn
hs=tests/run/work_bare_host_trisolv.c
want "" --explain $hs "-- work decides: loop 'i' stays on the host (it carries a dependence on 'A'); nest at line 31 on the host (its own loop would stay on the host around a reduction kernel in each of its iterations); nest at line 37: work(256); 1 kernel launched per iteration of 'i'"
want "" --explain $hs "-- work decides: loop 'it' stays on the host (it carries a dependence on 'x'); nest at line 50: [loop 'j' stays on the host (it carries a dependence on 'x'); statement at line 51 on the host; nest at line 52: work(256); statement at line 54 on the host; 1 kernel launched per iteration of 'j']; 0 kernels launched per iteration of 'it', and those of the loops kept on the host inside it"

# a statement between the nests that reads an array their kernels write
# runs as a kernel of one work-item (work(1)), a pivot's guard (an `if`)
# too, consecutive ones in one kernel; one that only writes such an array,
# or reads what the host keeps, stays on the host
oi=tests/run/work_bare_host_one_item.c
want "" --explain $oi "-- work decides: loop 'k' stays on the host (it carries a dependence on 'A'); statement at line 22 as a kernel of one work-item (work(1)); nest at line 23: work(256); nest at line 25: work(16,16); 3 kernels launched per iteration of 'k'"
want "" --explain $oi "-- work decides: loop 'k' stays on the host (it carries a dependence on 'A'); statements at lines 38-41 as a kernel of one work-item (work(1)); statement at line 42 on the host; nest at line 43: work(16,16); 2 kernels launched per iteration of 'k'"
want "" --explain $oi "-- work decides: loop 'k' stays on the host (it carries a dependence on 'z'); statement at line 55 on the host; nest at line 56: work(256); nest at line 58: work(256); statement at line 60 on the host; 2 kernels launched per iteration of 'k'"
want "" --report $oi "kernel nu_cholesky_22: NDRange nu_once (dim 0 first); work-group 1; arrays: A inout[inferred][37]; scalars: k; NU_DEVICES: one device (one work-item)"
# a pivot read into a scalar and written back stays on the host, with the
# element syncs (the array is on the stack)
ss=tests/run/work_bare_host_stack_sync.c
want "" --explain $ss "-- work decides: loop 'k' stays on the host (it carries a dependence on 'A'); statement at line 20 on the host; statement at line 21 on the host; nest at line 22: work(256); nest at line 24: work(16,16); 2 kernels launched per iteration of 'k'"
want "" --report $ss "work_bare_host_stack_sync.c:20: in a loop kept on the host: before the statement, reads A[k][k] (one element)"
want "" --report $oi "(1 of them a kernel of one work-item for statements of the body, since on the host they would copy an array the kernels write back and forth in every iteration)"

# a reduction into x[i] ends in x on the device, and the statement before it
# (x[i] = b[i]) and the division after it run in the reduction kernel's
# last work-item: one launch per step and nothing on the host; the kernel
# of one work-item stays for the steps where the reduction has no iteration
er=tests/run/element_reduction_device.c
want "" --explain $er "-- work decides: loop 'i' stays on the host (it carries a dependence on 'x'); statement at line 26 run by the last work-item of the kernel after it, before its reductions end, where that one runs; nest at line 27: work(256); statement at line 29 as a kernel of one work-item (work(1)), run by the last work-item of the kernel before it where that one runs; 1 kernel launched per iteration of 'i'"
want "" --report $er "its last work-item runs the host's statement at line 26 before its reductions end, where it has iterations and NU_VERIFY is off (else the host does)"
want "" --report $er "before its reductions end, where it has iterations and NU_VERIFY is off (else the host does); its last work-item runs nu_forward_29 (the statements at line 29) after it, where it has iterations and NU_VERIFY is off"
want "" --report $er "kernel nu_forward_29: NDRange nu_once_1 (dim 0 first); work-group 1; arrays: x inout[inferred], L in[inferred]; scalars: i; launched only where nu_forward_27 does not run it"
# not where the division reads the index the reduction's loop leaves
want "" --explain $er "-- work decides: loop 'i' stays on the host (it carries a dependence on 'x'); statement at line 56 run by the last work-item of the kernel after it, before its reductions end, where that one runs; nest at line 57: work(256); statement at line 59 as a kernel of one work-item (work(1)); 2 kernels launched per iteration of 'i'"

# a 1-D stencil's time loop is time-tiled: 16 steps per launch, fewer where
# the sub-steps' radii would make a halo over 64
tt=tests/run/work_bare_ttile_1d.c
want "" --explain $tt "-- work decides: work(256) ttile(16)"
want "" --explain $tt "-- work decides: work(256) ttile(12)"
want "" --report $tt "so each launch runs 12 of its steps in tiles of 256 points of __local memory with a halo of 60"
# 2-D: 2 steps in tiles of 16 x 64 where the radii add up to 2; past that
# the time loop stays on the host
t2=tests/run/work_bare_ttile_2d.c
want "" --explain $t2 "-- work decides: work(8,32) ttile(2,16,64)"
want "" --report $t2 "work_bare_ttile_2d.c:19: hint: bare 'work' chose 'work(8,32) ttile(2,16,64)': loop 't' carries a dependence, and its body is 2 sweeps of a 2-D stencil, so each launch runs 2 of its steps in tiles of 16 x 64 points of __local memory with a halo of 4"
want "" --report $t2 "work_bare_ttile_2d.c:32: hint: bare 'work' keeps loop 't' (line 31) on the host"
# 3-D, extents constant: streamed, whole columns where the tiles make 256
# groups, else chunks of 32 planes or more; shorter chunks, or extents
# that are parameters, keep the host loop
t3=tests/run/work_bare_ttile_3d.c
want "" --explain $t3 "-- work decides: work(1,8,32) ttile(2,16,32)"
want "" --explain $t3 "-- work decides: work(1,8,32) ttile(2,16,32,stream: 65)"
want "" --report $t3 "work_bare_ttile_3d.c:31: kernel nu_whole_30: NDRange k, j, i (dim 0 first); work-group 40 x 24 x 1"
want "" --report $t3 "so each launch runs 2 of its steps in tiles of 16 x 32 points of the inner loops, streamed along 'i' in chunks of 65 planes (each point's column in registers) with a halo of 4"
want "" --report $t3 "work_bare_ttile_3d.c:67: hint: bare 'work' keeps loop 't' (line 66) on the host"
want "" --report $t3 "work_bare_ttile_3d.c:84: hint: bare 'work' keeps loop 't' (line 83) on the host"
# a matrix product is blocked: cache of both arrays, dmine by the element
# type; one array read along both mapped loops, or a k loop under a
# condition, keeps the plain chain
pr=tests/run/work_bare_product.c
want "" --explain $pr "-- work decides: work(16,16) cache(a, b) dmine(8,4)"
want "" --explain $pr "-- work decides: work(16,16) cache(A, B) dmine(4,2)"
want "" --report $pr "then a product: each work-item computes 4 x 2 of its elements in registers (dmine)"
want "" --report $pr "work_bare_product.c:46: hint: bare 'work' chose 'work(16,16)' from"
want "" --report $pr "work_bare_product.c:58: hint: bare 'work' chose 'work(16,16)' from"
# --report names the arrays a launch loads only outside the loops
want "" --report $t2 "with a halo of 4 x 4; b written before read in each step: loaded only outside the loops, written back by the last launch"
d=tests/run/ttile_dead.c
want "" --report $d "; c, b written before read in each step"
# read_first's b is read first (a temporary, a +=): its kernel names none
out=$(cd "$root/tests/run" && "$nucc" --report ttile_dead.c -o /dev/null 2>&1)
if ! grep -F "ttile_dead.c:57:" <<<"$out" | grep -q "time-tiled" ||
  grep -F "ttile_dead.c:57:" <<<"$out" | grep -q "written before read"; then
  echo "FAIL: nucc --report tests/run/ttile_dead.c: read_first's kernel (line 57) named an array written before read"
  fail=1
fi

# fission into pieces of several statements: isl's schedule groups the
# dot product with its reset, and runs the update's loops in another order
# (once read by nucc's own search of pieces, where isl's chain mapped 1)
g2=tests/golden/bare_pieces.c
want "" --explain $g2 "-- work decides: work(16,16) permut(2,1) fission(2,1)"
want "" --report $g2 "from isl's schedule sequence[S0,S1: band(j*, i) sequence[S0; S1]; S2: band(j*, i*)] (* parallel), which distributes loop 'j' over its body"

# a nest of a time loop whose own chain is found after failing trials
# (they are that probe's errors, not the nest's)
ts=tests/run/work_bare_time_snapshot.c
want "" --explain $ts "-- work decides: loop 't' stays on the host (it carries a dependence on 'x'); nest at line 16: work(256) snapshot(x); nest at line 18: work(256); 2 kernels launched per iteration of 't'"

# a loop that carries a column sum: distributed, each piece in its own
# order, rather than kept on the host with kernels launched in every
# iteration.  atax: isl's schedule (PPCG's) groups the row sum with its
# reset and interchanges the column sum's loops, an ordinary chain since
# the other piece is shallower; the column sum beside a row sum: a permut
# on one piece of two; BiCG's j loop updates both sums, which isl runs
# skewed: nucc's own search distributes it too
d=tests/profile/bare_dist_atax.c
want "" --explain $d "-- work decides: work(256) permut(2,1) fission(2,1)"
want "" --report $d "bare_dist_atax.c:23: hint: bare 'work' chose 'work(256) permut(2,1) fission(2,1)' from isl's schedule sequence[S0,S1: band(i*, j) sequence[S0; S1]; S2: band(j*, i)] (* parallel), which distributes loop 'i' over its body"
want "" --report $d "distributed, no loop stays on the host and 2 kernels run, each launched once: piece 1 maps 'i'; piece 2 maps 'j' (permut"
want "" --explain tests/profile/bare_dist_colsum.c "-- work decides: work(256) permut(2,1) on piece 1 fission"
d2=tests/profile/bare_dist_bicg.c
want "" --explain $d2 "-- work decides: work(256) permut(2,1) on piece 2 fission fission"
want "" --report $d2 "bare_dist_bicg.c:23: hint: bare 'work' chose 'work(256) permut(2,1) on piece 2 fission fission' by distributing loop 'i' over its body, because no order of the whole nest maps a loop"
want "" --report $d2 "keeping 'i' on the host would launch kernels in every one of its iterations; distributed, no loop stays on the host and 3 kernels run, each launched once"

# the time of each region, and a search that gives up at its bound: the
# best legal choice so far (here BiCG's loop on the host, each of whose
# nests still gets isl's chain)
want "" --report $d "bare_dist_atax.c:23: hint: bare 'work' decided this region in "
want NUCC_TEST_SEARCH_MS=0 --report $d2 "bare_dist_bicg.c:25: hint: bare 'work' decided this region in"
want NUCC_TEST_SEARCH_MS=0 --report $d2 "its search passed its bound of 0 ms and uses the best legal chain it had found"
want NUCC_TEST_SEARCH_MS=0 --report $d2 "bare 'work' keeps loop 'i' (line 23) on the host"
want NUCC_TEST_SEARCH_MS=0 --explain $d2 "-- work decides: loop 'i' stays on the host (it carries a dependence on 's'); statement at line 24 on the host; nest at line 25: work(256); 1 kernel launched per iteration of 'i'"

# NU_VERIFY replays the steps of the chain chosen, not those of the chains
# tried before it (they once leaked into the list: six steps here)
steps=$(cd "$root/tests/golden/explain" && "$nucc" bare_work.c -o - 2>/dev/null |
  grep -o 'nurt_verify_step("[^"]*")' | tr '\n' ' ')
if [[ $steps != 'nurt_verify_step("permut(2,1)") nurt_verify_step("fuse") nurt_verify_step("dmine(4,2)") ' ]]; then
  echo "FAIL: the NU_VERIFY steps of bare_work.c are: $steps"
  fail=1
fi

[[ $fail == 0 ]] && echo "bare_chains: every chain as expected"
exit $fail

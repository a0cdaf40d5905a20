/* registry.c — the table of annotations: each one's name, argument counts,
 * the properties the engine (apply.c) orders and checks it by, its apply
 * function and its line for --help and the man page.  A new annotation is
 * one file in annotations/ and one line here. */
#include "annotation.h"

#include <stdio.h>
#include <string.h>

static const AnnotSpec specs[] = {
    {"work", 0, 3, ANNOT_MAPS, work_apply, auto_apply,
     "work(s1,...,sk): run loops 1..k as an OpenCL NDRange with these work-group sizes; "
     "work alone: nucc decides the chain"},
    {"size", 1, -1, ANNOT_CLAUSE, size_apply, NULL,
     "size(a: n, ...): pointer a holds n elements (where subscripts do not tell)"},
    {"independent", 0, 0, ANNOT_CLAUSE, independent_apply, NULL,
     "independent: promise that the mapped loops carry no dependence"},
    {"private", 1, -1, ANNOT_CLAUSE, private_apply, NULL,
     "private(v, ...): scalars private to each iteration, not kept after the nest"},
    {"firstprivate", 1, -1, ANNOT_CLAUSE, firstprivate_apply, NULL,
     "firstprivate(v, ...): as private, each copy starting from v's value before the nest"},
    {"reduce", 1, -1, ANNOT_CLAUSE, reduce_apply, NULL,
     "reduce(OP: v, ...): v is a reduction (OP: + * min max & | ^ && ||)"},
    {"permut", 1, 16, 0, permut_apply, NULL,
     "permut(p1,...,pk): the new loop j is old loop p_j (interchange)"},
    {"tile", 1, 16, 0, tile_apply, NULL,
     "tile(t1,...,tk): strip-mine loops 1..k, tile loops outside: ii, jj, i, j"},
    {"tilem", 1, 16, 0, tilem_apply, NULL,
     "tilem(t1,...,tk): as tile, full tiles in the main part, partial tiles apart"},
    {"unroll", 1, 16, 0, unroll_apply, NULL,
     "unroll(u1,...,uk): repeat loop j's body u_j times, remainder loop after"},
    {"dmine", 1, 16, 0, dmine_apply, NULL,
     "dmine(d1,...,dk): unroll-and-jam with interleaved statements (register blocking)"},
    {"vector", 1, 16, 0, vector_apply, NULL,
     "vector(v1,...,vk): one loop (v_j of 2, 4 or 8) runs in aligned blocks of v_j iterations, "
     "each work-item's block as OpenCL vectors"},
    {"peel", 2, 2, ANNOT_ONE_LOOP, peel_apply, NULL,
     "peel(f, b): peel f iterations off the front, b off the back"},
    {"inline", 0, 0, ANNOT_ONE_LOOP, inline_apply, NULL,
     "inline: fully unroll loop 1 (constant trip count)"},
    {"fission", 0, 16, ANNOT_BODY, fission_apply, NULL,
     "fission(n1,...,nk): distribute the loops over the statements of their body, one nest "
     "each, or n1 statements in the first, n2 in the next, ..."},
    {"fuse", 0, 2, ANNOT_BODY, fuse_apply, NULL,
     "fuse, fuse(f,c): fuse adjacent loops with equal headers in the body into one loop (the c "
     "loops from the f-th)"},
    {"wavefront", 2, 16, 0, wavefront_apply, NULL,
     "wavefront(c1,...,ck): run the hyperplanes c.I = w in order, the loops inside each in "
     "parallel; the host runs the loop over w"},
    {"snapshot", 1, -1, ANNOT_ONE_LOOP | ANNOT_COPIES, snapshot_apply, NULL,
     "snapshot(a, ...): reads of a that see values from before the nest read a copy of a "
     "taken before it (no anti-dependence on them)"},
    {"ttile", 1, 5, ANNOT_ONE_LOOP | ANNOT_ALONE, ttile_apply, NULL,
     "ttile(T, w1,...,wd): on a stencil's time loop, run T steps per launch in overlapped tiles "
     "of width w (default: work's sizes) held in __local memory; widths for the inner loops "
     "only: stream along the outermost (`stream: L`: in chunks of L)"},
    {"cache", 1, -1, ANNOT_CLAUSE, cache_apply, NULL,
     "cache(a, ..., k: T): stage the block (and halo) a work-group reads of a in __local "
     "memory; along inner loop k, T iterations at a time (default 16)"},
    {"stride", 1, 1, ANNOT_CLAUSE, stride_apply, NULL,
     "stride(s): each work-item of a reduction's kernel combines s iterations of the outermost "
     "mapped loop (default: nurt decides from the device)"},
};

const AnnotSpec *annot_find(const char *name) {
  for (size_t i = 0; i < sizeof specs / sizeof *specs; i++)
    if (!strcmp(specs[i].name, name))
      return &specs[i];
  return NULL;
}

const AnnotSpec *annot_spec_at(int i) {
  return i >= 0 && (size_t)i < sizeof specs / sizeof *specs ? &specs[i] : NULL;
}

void annot_print_help(void) {
  for (size_t i = 0; i < sizeof specs / sizeof *specs; i++)
    printf("  %s\n", specs[i].summary);
}

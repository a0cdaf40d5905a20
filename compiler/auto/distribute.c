/* distribute.c — a bare `work` distributes a loop over its body.  Receives
 * the nest from auto.c; tries fission with every split of the body into
 * runs of consecutive statements (and fission's own groups, the inner
 * loops distributed again or not), each piece in an order of its own,
 * and hands on the best as a Plan: where the loop carries a column sum
 * (atax's `y[j] += A[i][j] * tmp[i]`), its pieces are kernels launched
 * once each, where hostloop.c would launch kernels in every iteration;
 * where pieces of several statements map more loops (Gram-Schmidt's dot
 * product with its reset), they map them. */
#include "plan.h"
#include "transform.h"

#include <string.h>

/* The main parts that fission (sizes in args, or its own groups; `twice`:
 * then a plain fission of every main part with several statements, the
 * loops inside distributed too) leaves, copied, into out; 0 when it
 * refuses or leaves other pieces too. */
static int split_mains(AnnotCtx *cx, Annot *a, const long long *args, int nargs, bool twice,
                       Stmt **out) {
  AnnotCtx saved = *cx;
  cx->explain = false;
  cx->steps = NULL;
  plan_copy_pieces(cx);
  int before = diag_quiet_begin();
  bool ok = cx->engine->transform(cx, plan_synth(a, "fission", args, nargs));
  ok = ok && (!twice || cx->engine->transform(cx, plan_synth(a, "fission", NULL, 0)));
  ok &= diag_quiet_end(before) == 0;
  int n = 0;
  if (ok && cx->mains.len >= 2 && cx->mains.len <= MAX_PIECES && cx->mains.len == cx->pieces.len)
    for (; n < cx->mains.len; n++)
      out[n] = cx->mains.items[n];
  *cx = saved;
  return n;
}

/* A distribution whose pieces' own permutations are one permut that
 * applies to every piece deep enough for it (the engine skips the others)
 * is said as the ordinary chain: `work(16,16) permut(2,1) fission(2,1)`,
 * which a user can write, rather than `permut(2,1) on piece 2`. */
void distribute_as_ordinary(AnnotCtx *cx, Annot *a, Plan *p) {
  Stmt *parts[MAX_PIECES];
  int np = split_mains(cx, a, p->pre_args, p->npre, p->refission, parts);
  if (np != p->npieces)
    return;
  int common = -1;
  for (int k = 0; k < np; k++)
    if (p->npperm[k] && (common < 0 || p->npperm[k] > p->npperm[common]))
      common = k;
  if (common < 0)
    return;
  int len = p->npperm[common];
  for (int k = 0; k < np; k++) {
    Loop *loops[MAX_LOOPS];
    bool deep = tr_chain(parts[k], loops, MAX_LOOPS) >= len;
    if (deep != (p->npperm[k] > 0))
      return;
    for (int i = 0; deep && i < len; i++)
      if ((i < p->npperm[k] ? p->pperm[k][i] : i + 1) != p->pperm[common][i])
        return;
  }
  p->nperm = len;
  memcpy(p->perm, p->pperm[common], sizeof p->perm);
  for (int k = 0; k < np; k++) {
    p->permuted[k] = p->npperm[k] > 0;
    p->npperm[k] = 0;
  }
}

/* A main part's best order alone: for each number of loops `work` may map
 * (1 to 3, index d), the permutation that maps that many (as many as it
 * has, if fewer) with the best score; ok[d] false where none does. */
typedef struct {
  long long perm[4][MAX_LOOPS];
  int nperm[4];
  long score[4];
  bool ok[4];
} PieceOrders;

static void piece_orders(AnnotCtx *cx, Annot *a, Stmt *piece, PieceOrders *po) {
  Loop *loops[MAX_LOOPS];
  int depth = tr_chain(piece, loops, MAX_LOOPS);
  int np = depth < MAX_PERMUTED ? depth : MAX_PERMUTED;
  AnnotCtx saved = *cx;
  cx->pieces = (Vec){0};
  vec_push(&cx->pieces, piece);
  cx->mains = (Vec){0};
  cx->main = 0;
  *po = (PieceOrders){0};
  long long perm[MAX_LOOPS];
  for (int j = 0; j < np; j++)
    perm[j] = j + 1;
  do {
    Plan t = {.nperm = plan_significant(perm, np) ? np : 0};
    memcpy(t.perm, perm, sizeof perm);
    plan_try(cx, a, &t, depth < 3 ? depth : 3);
    for (int d = 1; d <= 3; d++) {
      /* a part shallower than d maps the loops it has */
      if (t.dims < (d < depth ? d : depth) || (po->ok[d] && po->score[d] >= t.score))
        continue;
      po->ok[d] = true;
      po->score[d] = t.score;
      po->nperm[d] = t.nperm;
      memcpy(po->perm[d], perm, sizeof perm);
    }
  } while (np > 1 && !plan_time_up() && plan_next_perm(perm, np));
  *cx = saved;
}

/* What a run of consecutive statements of the body does in a piece of
 * its own (`for i { S2; S3 }`), asked once per search: the same run is a
 * piece of many splits. */
typedef struct {
  bool known[MAX_LOOPS][MAX_LOOPS + 1]; /* [first statement][count] */
  PieceOrders po[MAX_LOOPS][MAX_LOOPS + 1];
} Runs;

/* The split of n statements that `cuts` says (bit i: a piece ends after
 * statement i + 1) as fission's piece sizes; returns their number. */
static int split_sizes(int n, int cuts, long long *sizes) {
  int np = 0, run = 0;
  for (int i = 0; i < n; i++) {
    run++;
    if (i == n - 1 || (cuts >> i & 1)) {
      sizes[np++] = run;
      run = 0;
    }
  }
  return np;
}

/* The orders of each piece of the split (sizes), from the memo or tried;
 * false when fission refuses the split. */
static bool run_orders(AnnotCtx *cx, Annot *a, Runs *runs, const long long *sizes, int np,
                       PieceOrders **out) {
  Stmt *parts[MAX_PIECES];
  bool have = false;
  for (int k = 0, at = 0; k < np; at += (int)sizes[k++]) {
    if (!runs->known[at][sizes[k]]) {
      if (!have && split_mains(cx, a, sizes, np, false, parts) != np)
        return false;
      have = true;
      piece_orders(cx, a, parts[k], &runs->po[at][sizes[k]]);
      runs->known[at][sizes[k]] = true;
    }
    out[k] = &runs->po[at][sizes[k]];
  }
  return true;
}

/* fission with pieces of several statements (Gram-Schmidt's dot product
 * with its reset, then the update): every split of a body of 3 to 6
 * statements into 2 to n-1 pieces of consecutive ones, where it maps more
 * loops than the chain found so far.  Only a piece of one loop statement
 * has more than the one loop of the split (the others are shallower, and
 * map the loop they have): a split is tried only where such a piece exists
 * and each of them alone maps more loops than the chain found so far. */
void distribute_search_pieces(AnnotCtx *cx, Annot *a, Plan *best) {
  int n = plan_body_statements(cx);
  if (n < 3 || n > 6)
    return;
  Vec items = {0};
  plan_body_items(cx, &items);
  Runs *runs = xcalloc(1, sizeof(Runs));
  for (int cuts = 1; cuts < (1 << (n - 1)) - 1 && !plan_time_up(); cuts++) {
    long long sizes[MAX_LOOPS];
    int np = split_sizes(n, cuts, sizes);
    int more = best->dims + 1;
    bool deep = false, worth = more <= 3;
    for (int k = 0, at = 0; k < np && worth; at += (int)sizes[k++]) {
      Stmt *s = items.items[at];
      if (sizes[k] != 1 || s->kind != ST_FOR)
        continue;
      deep = true;
      Stmt *parts[MAX_PIECES];
      if (!runs->known[at][1]) {
        if (split_mains(cx, a, sizes, np, false, parts) != np) {
          worth = false;
          break;
        }
        piece_orders(cx, a, parts[k], &runs->po[at][1]);
        runs->known[at][1] = true;
      }
      worth = runs->po[at][1].ok[more];
    }
    if (!deep || !worth)
      continue;
    Plan p = {0};
    plan_search_pre(cx, a, &p, "fission", sizes, np, true);
    if (p.dims > best->dims)
      *best = p;
  }
  xfree(runs);
  xfree(items.items);
}

/* Distribution of the nest's loop over its body (fission with its own
 * groups, or pieces of consecutive statements), each piece in its own
 * order: where the loop carries a dependence that a piece carries in one
 * direction only (atax's and bicg's column sums across the row loop), the
 * pieces run as kernels launched once each, where keeping the loop on the
 * host launches kernels in every iteration.  Ranked by the loops the
 * pieces map, then the fewest kernels, then the score. */
void distribute_loop(AnnotCtx *cx, Annot *a, Plan *best) {
  int n = plan_body_statements(cx);
  if (n < 2 || n > 6 || cx->inner)
    return;
  /* cuts == 0: fission's own groups; else bit i: a piece ends after
   * statement i + 1 */
  Runs *runs = xcalloc(1, sizeof(Runs));
  PieceOrders mine[MAX_PIECES], *po[MAX_PIECES];
  for (int c = 0; c < 2 * ((1 << (n - 1)) - 1) && !plan_time_up(); c++) {
    int cuts = c >> 1;
    bool twice = c & 1;
    long long sizes[MAX_LOOPS];
    int nsizes = cuts ? split_sizes(n, cuts, sizes) : 0, np = nsizes;
    if (cuts && !twice) {
      if (!run_orders(cx, a, runs, sizes, nsizes, po))
        continue;
    } else {
      /* fission's own groups, or pieces split again: no runs of the body */
      Stmt *parts[MAX_PIECES];
      np = split_mains(cx, a, sizes, nsizes, twice, parts);
      if (!np || (cuts && twice && np == nsizes))
        continue; /* split again into the same pieces: tried already */
      for (int k = 0; k < np; k++) {
        piece_orders(cx, a, parts[k], &mine[k]);
        po[k] = &mine[k];
      }
    }
    int dims = 0;
    for (int d = 3; d >= 1 && !dims; d--) {
      bool all = true;
      for (int k = 0; k < np; k++)
        all &= po[k]->ok[d];
      dims = all ? d : 0;
    }
    if (!dims)
      continue;
    Plan p = {.pre = "fission", .npre = nsizes, .npieces = np, .refission = twice};
    memcpy(p.pre_args, sizes, sizeof sizes);
    for (int k = 0; k < np; k++) {
      p.npperm[k] = po[k]->nperm[dims];
      memcpy(p.pperm[k], po[k]->perm[dims], sizeof p.pperm[k]);
    }
    plan_try(cx, a, &p, dims);
    if (!p.dims)
      continue;
    bool better = !best->dims || p.dims > best->dims ||
                  (p.dims == best->dims && (p.npieces < best->npieces ||
                                            (p.npieces == best->npieces && p.score > best->score)));
    if (better)
      *best = p;
  }
  xfree(runs);
}

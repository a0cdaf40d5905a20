/* sched.c — isl's scheduler on a nest, for a bare `work`.
 * Receives the nest as a KernelInfo (its outer loops are the "mapped" ones)
 * and the items of its body in groups, as fission would split them; builds
 * one isl statement per group over its loops, the dependences between their
 * instances, and asks isl for a schedule with the options PPCG uses for
 * GPUs.  sched_read hands on the schedule tree read back as nucc's chain
 * `work(S) [permut(p)] [fission | fuse]`, or why no such chain says it. */
#define _POSIX_C_SOURCE 200809L /* sigaction, setitimer */
#include "poly.h"

#include <isl/map.h>
#include <isl/options.h>
#include <isl/schedule_node.h>
#include <isl/space.h>
#include <isl/union_map.h>
#include <isl/union_set.h>
#include <isl/val.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>

/* Ten times what the corpus's hardest nest needs; isl's effort grows
 * steeply past it (a body of 40 stencil statements takes 2 minutes at 2
 * million), and a nest that needs more is left to nucc's own search. */
#define MAX_OPERATIONS 200000

/* One isl statement: a group of the body's items over its loops. */
typedef struct SchedStmt {
  int *dims;  /* poly's loop dimensions, outer first */
  bool *down; /* per dimension: the loop counts down, and isl sees its index negated */
  int ndims;
  isl_set *dom;
} SchedStmt;

/* --- from the nest to isl -------------------------------------------------- */

static bool has_dim(SchedStmt *st, int d) {
  for (int i = 0; i < st->ndims; i++)
    if (st->dims[i] == d)
      return true;
  return false;
}

/* Names the tuple S<g> and its dimensions after the loops. */
static isl_map *name_map(Poly *p, isl_map *m, enum isl_dim_type t, SchedStmt *st, int g) {
  char *name = xformat("S%d", g);
  m = isl_map_set_tuple_name(m, t, name);
  xfree(name);
  for (int i = 0; i < st->ndims; i++) {
    LoopInfo *li = p->ki->loops.items[st->dims[i]];
    m = isl_map_set_dim_name(m, t, (unsigned)i, li->loop->var->name);
  }
  return m;
}

static isl_set *name_set(Poly *p, isl_set *s, SchedStmt *st, int g) {
  return isl_map_range(name_map(p, isl_map_from_range(s), isl_dim_out, st, g));
}

/* { [I] -> [I'] : I' is I with the indices of loops that count down
 * negated }: in isl's eyes every loop runs upwards, so that a schedule that
 * keeps a loop's direction has coefficient 1 on it. */
static isl_map *upward(__isl_take isl_space *set_space, SchedStmt *st) {
  isl_map *m = isl_map_universe(isl_space_map_from_set(set_space));
  for (int i = 0; i < st->ndims; i++)
    m = st->down[i] ? isl_map_oppose(m, isl_dim_in, i, isl_dim_out, i)
                    : isl_map_equate(m, isl_dim_in, i, isl_dim_out, i);
  return m;
}

/* A set over all the loops of the nest, on the loops of statement g. */
static isl_set *to_stmt(Poly *p, isl_set *s, SchedStmt *st, int g) {
  for (int d = p->ndims - 1; d >= 0; d--)
    if (!has_dim(st, d))
      s = isl_set_project_out(s, isl_dim_set, (unsigned)d, 1);
  s = isl_set_apply(s, upward(isl_set_get_space(s), st));
  return name_set(p, s, st, g);
}

/* { S<gx>[I] -> S<gy>[I'] : x at I and y at I' touch one element } */
static isl_map *conflict(Poly *p, PolyAccess *x, PolyAccess *y, SchedStmt *sx, SchedStmt *sy,
                         int gx, int gy) {
  unsigned n = (unsigned)p->ndims;
  isl_set *pair = poly_pair_conflict(p, x, y);
  isl_map *m = isl_map_move_dims(isl_map_from_range(pair), isl_dim_in, 0, isl_dim_out, 0, n);
  for (int d = p->ndims - 1; d >= 0; d--) {
    if (!has_dim(sx, d))
      m = isl_map_project_out(m, isl_dim_in, (unsigned)d, 1);
    if (!has_dim(sy, d))
      m = isl_map_project_out(m, isl_dim_out, (unsigned)d, 1);
  }
  m = isl_map_apply_domain(m, upward(isl_space_domain(isl_map_get_space(m)), sx));
  m = isl_map_apply_range(m, upward(isl_space_range(isl_map_get_space(m)), sy));
  /* in the spaces of the statements' domains, names included */
  return name_map(p, name_map(p, m, isl_dim_in, sx, gx), isl_dim_out, sy, gy);
}

/* S<g>[I] -> [outer loops, g, the group's own loops, 0 ...]: the order in
 * which the program as written runs the statements' instances. */
static isl_map *written_order(SchedStmt *st, int g, int k, int width) {
  isl_space *sp = isl_set_get_space(st->dom);
  isl_space *range =
      isl_space_add_dims(isl_space_set_from_params(isl_space_params(isl_space_copy(sp))),
                         isl_dim_set, (unsigned)width);
  isl_map *m = isl_map_universe(isl_space_map_from_domain_and_range(sp, range));
  for (int pos = 0; pos < width; pos++) {
    int d = pos < k ? pos : pos - 1;
    if (pos == k)
      m = isl_map_fix_si(m, isl_dim_out, (unsigned)pos, g);
    else if (d < st->ndims)
      m = isl_map_equate(m, isl_dim_in, d, isl_dim_out, pos);
    else
      m = isl_map_fix_si(m, isl_dim_out, (unsigned)pos, 0);
  }
  return m;
}

/* The group whose items hold the access expression, or -1. */
static int group_of(SchedGroup *groups, int ngroups, Expr *e) {
  for (int g = 0; g < ngroups; g++)
    for (int i = 0; i < groups[g].nitems; i++)
      if (ir_stmt_holds_expr(groups[g].items[i], e))
        return g;
  return -1;
}

/* The statements' loops: the nest's outer loops, then the group's own. */
static bool make_stmts(Poly *p, SchedGroup *groups, int ngroups, SchedStmt *st, char **why) {
  Kernel *k = p->ki->k;
  for (int g = 0; g < ngroups; g++) {
    st[g].dims = xcalloc((size_t)k->dims + (size_t)groups[g].nloops, sizeof(int));
    st[g].down = xcalloc((size_t)k->dims + (size_t)groups[g].nloops, sizeof(bool));
    for (int j = 0; j < k->dims + groups[g].nloops; j++) {
      Loop *l = j < k->dims ? k->mapped[j] : groups[g].loops[j - k->dims];
      LoopInfo *li = poly_loop_info(p->ki, l);
      if (!li)
        break; /* a loop isl does not see: part of the statement */
      if (st[g].ndims && li->id <= st[g].dims[st[g].ndims - 1]) {
        *why = xformat("the loops of the statement at line %d are not in isl's order",
                       groups[g].items[0]->loc.line);
        return false;
      }
      st[g].down[st[g].ndims] = ir_loop_counts_down(l);
      st[g].dims[st[g].ndims++] = li->id;
    }
    if (st[g].ndims < k->dims) {
      *why = xstrdup("an outer loop of the nest is not canonical");
      return false;
    }
  }
  return true;
}

/* The domains of the statements (where their accesses run) and every
 * dependence: two accesses to one element, one a write, the sink after the
 * source in the program's order. */
static isl_union_map *dependences(Poly *p, SchedGroup *groups, int ngroups, SchedStmt *st,
                                  bool trusted, isl_union_set **domain, char **why) {
  int n = p->accs.len;
  int *g = xcalloc((size_t)(n ? n : 1), sizeof(int));
  for (int x = 0; x < n; x++) {
    PolyAccess *a = p->accs.items[x];
    /* a helper's access through a pointer argument belongs at its call */
    g[x] = group_of(groups, ngroups, a->acc && a->acc->site ? a->acc->site : a->e);
    if (g[x] < 0) {
      char *t = print_expr_text(a->e);
      *why = xformat("the access '%s' is outside the statements of the body", t);
      xfree(t);
      xfree(g);
      return NULL;
    }
    isl_set *d = to_stmt(p, isl_set_copy(a->dom), &st[g[x]], g[x]);
    st[g[x]].dom = st[g[x]].dom ? isl_set_union(st[g[x]].dom, d) : d;
  }
  int width = 0;
  isl_union_map *order = NULL;
  for (int s = 0; s < ngroups; s++) {
    /* a statement that touches no array (`if (c) continue;`) depends on
     * nothing isl sees: it runs wherever the nest's outer loops run */
    if (!st[s].dom && st[s].ndims == p->ki->k->dims)
      for (int x = 0; x < n; x++) {
        isl_set *d = to_stmt(p, isl_set_copy(((PolyAccess *)p->accs.items[x])->dom), &st[s], s);
        st[s].dom = st[s].dom ? isl_set_union(st[s].dom, d) : d;
      }
    if (!st[s].dom) {
      *why = xformat("the statement at line %d touches no array", groups[s].items[0]->loc.line);
      xfree(g);
      return NULL;
    }
    width = st[s].ndims + 1 > width ? st[s].ndims + 1 : width;
  }
  *domain = NULL;
  for (int s = 0; s < ngroups; s++) {
    isl_union_map *o = isl_union_map_from_map(written_order(&st[s], s, p->ki->k->dims, width));
    order = order ? isl_union_map_union(order, o) : o;
    isl_union_set *d = isl_union_set_from_set(isl_set_copy(st[s].dom));
    *domain = *domain ? isl_union_set_union(*domain, d) : d;
  }
  isl_union_map *deps = isl_union_map_empty(isl_union_set_get_space(*domain));
  for (int x = 0; x < n; x++) {
    PolyAccess *a = p->accs.items[x];
    for (int y = 0; y < n; y++) {
      PolyAccess *b = p->accs.items[y];
      if (a->buf != b->buf || (!a->write && !b->write) || (a->red && b->red))
        continue; /* updates of an element reduced into commute, as for `work` */
      if (trusted && !(a->exact && a->must && b->exact && b->must))
        continue; /* never a proven dependence: `independent` vouches for it */
      isl_map *m = conflict(p, a, b, &st[g[x]], &st[g[y]], g[x], g[y]);
      deps = isl_union_map_union(deps, isl_union_map_from_map(m));
    }
  }
  xfree(g);
  isl_union_map *before = isl_union_map_lex_lt_union_map(isl_union_map_copy(order), order);
  deps = isl_union_map_intersect(deps, before);
  return isl_union_map_coalesce(deps);
}

/* isl's scheduler on a budget of processor time (the compiler's own, so
 * that a busy machine does not change its choices): past it a timer's
 * signal aborts the ctx, and isl fails at its next operation, as it does at its quota.  The
 * quota alone bounds the work, not the time: a 3-D time loop with two
 * stencils stays under it and takes seconds, for a schedule whose outer
 * loop carries a dependence anyway. */
static isl_ctx *volatile timed_ctx;

static void abort_timed(int sig) {
  (void)sig;
  if (timed_ctx)
    isl_ctx_abort(timed_ctx);
}

static isl_schedule *compute_timed(isl_ctx *ctx, isl_schedule_constraints *sc, double budget_s) {
  if (budget_s <= 0)
    return isl_schedule_constraints_compute_schedule(sc);
  struct sigaction sa = {0}, old_sa;
  sa.sa_handler = abort_timed;
  sigemptyset(&sa.sa_mask);
  struct itimerval it = {0}, old_it;
  long us = (long)(budget_s * 1e6);
  it.it_value.tv_sec = us / 1000000;
  it.it_value.tv_usec = us % 1000000 ? us % 1000000 : (us ? 0 : 1);
  timed_ctx = ctx;
  sigaction(SIGPROF, &sa, &old_sa);
  setitimer(ITIMER_PROF, &it, &old_it);
  isl_schedule *s = isl_schedule_constraints_compute_schedule(sc);
  struct itimerval off = {0};
  setitimer(ITIMER_PROF, &off, NULL);
  sigaction(SIGPROF, &old_sa, NULL);
  timed_ctx = NULL;
  if (isl_ctx_aborted(ctx)) {
    isl_schedule_free(s); /* a schedule finished as the signal came: late, all the same */
    s = NULL;
    isl_ctx_resume(ctx);
  }
  return s;
}

bool sched_choose(KernelInfo *ki, SchedGroup *groups, int ngroups, bool trusted, double budget_s,
                  SchedChain *out) {
  memset(out, 0, sizeof *out);
  Poly *p = poly_build(ki);
  isl_ctx *ctx = p->ctx;
  /* as PPCG for a GPU: outer parallel loops, bands as deep as they go, and
   * statements of one strongly connected component scheduled together */
  isl_options_set_schedule_outer_coincidence(ctx, 1);
  isl_options_set_schedule_maximize_band_depth(ctx, 1);
  isl_options_set_schedule_maximize_coincidence(ctx, 1);
  isl_options_set_schedule_serialize_sccs(ctx, 0);
  isl_options_set_schedule_whole_component(ctx, 0);
  SchedStmt *st = xcalloc((size_t)ngroups, sizeof(SchedStmt));
  isl_union_set *domain = NULL;
  isl_union_map *deps = NULL;
  bool ok = make_stmts(p, groups, ngroups, st, &out->why);
  if (ok)
    deps = dependences(p, groups, ngroups, st, trusted, &domain, &out->why);
  ok &= deps != NULL;
  if (ok) {
    isl_schedule_constraints *sc = isl_schedule_constraints_on_domain(domain);
    sc = isl_schedule_constraints_set_validity(sc, isl_union_map_copy(deps));
    sc = isl_schedule_constraints_set_proximity(sc, isl_union_map_copy(deps));
    /* no dependence may run between two work-items of a mapped loop */
    sc = isl_schedule_constraints_set_coincidence(sc, deps);
    /* test-only (NUCC_TEST_SCHED_OPS=N, docs/annotations.md): a lower
     * limit, for the tests of the fallback */
    const char *ops = getenv("NUCC_TEST_SCHED_OPS");
    isl_ctx_reset_operations(ctx);
    isl_ctx_set_max_operations(ctx, ops ? strtoul(ops, NULL, 10) : MAX_OPERATIONS);
    isl_ctx_reset_error(ctx);
    isl_schedule *s = compute_timed(ctx, sc, budget_s);
    isl_ctx_set_max_operations(ctx, 0);
    if (!s) {
      enum isl_error e = isl_ctx_last_error(ctx);
      out->why = xstrdup(e == isl_error_quota   ? "isl's scheduler passed its effort limit"
                         : e == isl_error_abort ? "isl's scheduler passed its time limit"
                                                : "isl's scheduler found no schedule");
      out->timed_out = e == isl_error_abort;
      ok = false;
    } else {
      ok = sched_read(s, ki->k->dims, out);
      isl_schedule_free(s);
    }
  }
  if (!ok && !out->why) {
    const char *msg = isl_ctx_last_error_msg(ctx);
    out->why = xformat("isl failed on the nest (%s)", msg ? msg : "no message");
  }
  for (int g = 0; g < ngroups; g++)
    isl_set_free(st[g].dom);
  poly_free(p);
  return ok;
}

/* --- from isl's schedule to nucc's chain --------------------------------- */

/* One member of a band: the loop it runs for each statement below it. */
typedef struct Member {
  int *dim;     /* per statement: the loop's position, or -1 (constant, or not below) */
  bool par;     /* coincident: no dependence between its iterations */
  bool shared;  /* above the root's sequence or set, over every statement */
  bool shifted; /* runs some statement shifted against the others */
} Member;

typedef struct Reader {
  int n, k;
  int *ndims;
  Vec *names;  /* per statement: char*, its loops */
  Vec members; /* Member*, outer first */
  bool split;  /* a sequence or set right under the root */
  bool apart;  /* and it runs each statement apart, as fission does */
  int *piece;  /* per statement: its child of that sequence or set, or -1 */
  int depth;   /* of read_pieces: 0 under the root */
  Buf tree;    /* the schedule in brief, for --report */
  char *why;
} Reader;

static int stmt_index(Reader *r, __isl_keep isl_space *sp) {
  const char *name = isl_space_get_tuple_name(sp, isl_dim_set);
  int g = name && name[0] == 'S' ? atoi(name + 1) : -1;
  return g >= 0 && g < r->n ? g : -1;
}

/* The space of each statement of a domain or filter (NULL where absent). */
static isl_space **spaces_of(Reader *r, __isl_keep isl_union_set *us) {
  isl_space **sp = xcalloc((size_t)r->n, sizeof(isl_space *));
  isl_set_list *list = isl_union_set_get_set_list(us);
  for (int i = 0; i < isl_set_list_size(list); i++) {
    isl_set *s = isl_set_list_get_at(list, i);
    isl_space *t = isl_set_get_space(s);
    int g = stmt_index(r, t);
    if (g >= 0 && !sp[g])
      sp[g] = isl_space_copy(t);
    isl_space_free(t);
    isl_set_free(s);
  }
  isl_set_list_free(list);
  return sp;
}

static void free_spaces(Reader *r, isl_space **sp) {
  for (int g = 0; g < r->n; g++)
    isl_space_free(sp[g]);
  xfree(sp);
}

/* The loop a member's affine function runs on one statement: the position
 * of the one index with coefficient 1 (*dim), or -1 for a constant; false
 * for a skew, a scaling or a reversal.  *shift: a constant or parametric
 * term, which places the statement against the others in the band. */
static bool unit_dim(__isl_take isl_pw_aff *pa, int *dim, bool *shift) {
  *dim = -1;
  *shift = false;
  if (isl_pw_aff_n_piece(pa) != 1) {
    isl_pw_aff_free(pa);
    return false;
  }
  isl_aff *aff = isl_pw_aff_as_aff(pa);
  bool ok = aff != NULL;
  isl_val *den = ok ? isl_aff_get_denominator_val(aff) : NULL;
  ok &= den && isl_val_is_one(den) == isl_bool_true;
  isl_val_free(den);
  isl_size np = ok ? isl_aff_dim(aff, isl_dim_param) : 0;
  isl_size nd = ok ? isl_aff_dim(aff, isl_dim_in) : 0;
  for (int i = 0; ok && i < np; i++) {
    isl_val *v = isl_aff_get_coefficient_val(aff, isl_dim_param, i);
    *shift |= isl_val_is_zero(v) != isl_bool_true;
    isl_val_free(v);
  }
  for (int i = 0; ok && i < nd; i++) {
    isl_val *v = isl_aff_get_coefficient_val(aff, isl_dim_in, i);
    if (isl_val_is_one(v) == isl_bool_true && *dim < 0)
      *dim = i;
    else if (isl_val_is_zero(v) != isl_bool_true)
      ok = false;
    isl_val_free(v);
  }
  if (ok) {
    isl_val *c = isl_aff_get_constant_val(aff);
    *shift |= isl_val_is_zero(c) != isl_bool_true;
    isl_val_free(c);
  }
  isl_aff_free(aff);
  return ok;
}

static bool read_band(Reader *r, __isl_keep isl_schedule_node *node, bool shared) {
  isl_multi_union_pw_aff *mupa = isl_schedule_node_band_get_partial_schedule(node);
  isl_union_set *dom = isl_schedule_node_get_domain(node);
  isl_space **sp = spaces_of(r, dom);
  int below = 0;
  for (int g = 0; g < r->n; g++)
    below += sp[g] != NULL;
  isl_size nm = isl_schedule_node_band_n_member(node);
  buf_puts(&r->tree, "band(");
  bool ok = true;
  for (int m = 0; m < nm && ok; m++) {
    Member *mb = NEW(Member);
    mb->dim = xcalloc((size_t)r->n, sizeof(int));
    mb->par = isl_schedule_node_band_member_get_coincident(node, m) == isl_bool_true;
    mb->shared = shared;
    isl_union_pw_aff *upa = isl_multi_union_pw_aff_get_at(mupa, m);
    const char *shown = NULL;
    for (int g = 0; g < r->n && ok; g++) {
      mb->dim[g] = -1;
      if (!sp[g])
        continue;
      isl_space *fs =
          isl_space_add_dims(isl_space_from_domain(isl_space_copy(sp[g])), isl_dim_out, 1);
      isl_pw_aff *pa = isl_union_pw_aff_extract_pw_aff(upa, fs);
      char *text = isl_pw_aff_to_str(pa);
      bool shift;
      ok = unit_dim(pa, &mb->dim[g], &shift);
      mb->shifted |= shift && below > 1 && mb->dim[g] >= 0;
      if (!ok)
        r->why = xformat("isl's schedule runs statement S%d along %s, which no chain of "
                         "permut, fission and fuse expresses",
                         g, text);
      else if (!shown && mb->dim[g] >= 0)
        shown = r->names[g].items[mb->dim[g]];
      free(text);
    }
    buf_printf(&r->tree, "%s%s%s", m ? ", " : "", shown ? shown : "0", mb->par ? "*" : "");
    vec_push(&r->members, mb);
    isl_union_pw_aff_free(upa);
  }
  buf_puts(&r->tree, ")");
  free_spaces(r, sp);
  isl_union_set_free(dom);
  isl_multi_union_pw_aff_free(mupa);
  return ok;
}

/* Reads the bands from node down to a leaf, or to a sequence or set,
 * which it returns. */
static isl_schedule_node *read_bands(Reader *r, __isl_take isl_schedule_node *node, bool shared,
                                     bool *ok) {
  for (int b = 0; *ok && isl_schedule_node_get_type(node) == isl_schedule_node_band; b++) {
    if (b)
      buf_puts(&r->tree, " ");
    *ok = read_band(r, node, shared);
    node = isl_schedule_node_child(node, 0);
  }
  enum isl_schedule_node_type t = isl_schedule_node_get_type(node);
  if (*ok && (t == isl_schedule_node_sequence || t == isl_schedule_node_set))
    return node;
  if (*ok && t != isl_schedule_node_leaf) {
    r->why = xstrdup("isl's schedule has a node nucc does not read");
    *ok = false;
  }
  isl_schedule_node_free(node);
  return NULL;
}

/* Under a sequence: when it is the root's, each filter one statement in
 * program order (any order for a set), as fission makes them. */
static bool read_pieces(Reader *r, __isl_take isl_schedule_node *seq) {
  bool set = isl_schedule_node_get_type(seq) == isl_schedule_node_set;
  isl_size nc = isl_schedule_node_n_children(seq);
  bool ok = true;
  if (r->tree.len && r->tree.s[r->tree.len - 1] != ' ')
    buf_puts(&r->tree, " ");
  buf_puts(&r->tree, set ? "set[" : "sequence[");
  for (int c = 0; c < nc && ok; c++) {
    isl_schedule_node *f = isl_schedule_node_get_child(seq, c);
    isl_union_set *filter = isl_schedule_node_filter_get_filter(f);
    isl_space **sp = spaces_of(r, filter);
    isl_union_set_free(filter);
    int count = 0, first = -1;
    buf_puts(&r->tree, c ? "; " : "");
    for (int g = 0; g < r->n; g++)
      if (sp[g]) {
        buf_printf(&r->tree, "%sS%d", count++ ? "," : "", g);
        first = first < 0 ? g : first;
      }
    for (int g = 0; r->split && !r->depth && g < r->n; g++)
      if (sp[g])
        r->piece[g] = c;
    free_spaces(r, sp);
    isl_schedule_node *below = isl_schedule_node_get_child(f, 0);
    if (isl_schedule_node_get_type(below) != isl_schedule_node_leaf)
      buf_puts(&r->tree, ": ");
    isl_schedule_node_free(below);
    if (r->split && (count != 1 || (!set && first != c)) && r->apart) {
      r->why = xstrdup("isl's schedule groups or orders the statements of the body "
                       "otherwise than fission does");
      r->apart = false;
    }
    isl_schedule_node *rest =
        ok ? read_bands(r, isl_schedule_node_get_child(f, 0), false, &ok) : NULL;
    if (rest) {
      r->depth++;
      ok = read_pieces(r, rest);
      r->depth--;
      rest = NULL;
    }
    isl_schedule_node_free(f);
  }
  buf_puts(&r->tree, "]");
  isl_schedule_node_free(seq);
  return ok;
}

/* The permutation of a piece of `depth` loops that puts first the loops of
 * order[0..n) below `depth`, then the rest as written; 1-based. */
static long long *complete(const int *order, int n, int depth) {
  long long *perm = xcalloc((size_t)depth, sizeof(long long));
  bool *used = xcalloc((size_t)depth, sizeof(bool));
  int len = 0;
  for (int i = 0; i < n; i++) {
    int d = order[i];
    if (d >= 0 && d < depth && !used[d]) {
      used[d] = true;
      perm[len++] = d + 1;
    }
  }
  for (int d = 0; d < depth; d++)
    if (!used[d])
      perm[len++] = d + 1;
  xfree(used);
  return perm;
}

/* The permutation without the loops at the end that keep their place. */
static int significant(const long long *perm, int depth) {
  while (depth > 0 && perm[depth - 1] == depth)
    depth--;
  return depth;
}

/* A statement's members, outer first: its loops and their parallelism. */
static int members_of(Reader *r, int g, int *dims, bool *par, bool *shifted) {
  int n = 0;
  for (int m = 0; m < r->members.len; m++) {
    Member *mb = r->members.items[m];
    if (mb->dim[g] >= 0) {
      dims[n] = mb->dim[g];
      shifted[n] = mb->shifted;
      par[n++] = mb->par;
    }
  }
  return n;
}

/* c's per-statement permutations of their own loops, none yet. */
static void inner_perms_alloc(Reader *r, SchedChain *c) {
  if (c->inner_perm)
    return;
  c->inner_perm = xcalloc((size_t)r->n, sizeof(long long *));
  c->inner_nperm = xcalloc((size_t)r->n, sizeof(int));
  c->ninner = r->n;
}

/* One nest: as long as the members of every statement run one and the same
 * outer loop, unshifted, they give its order (a member on each statement's first own
 * loop, over all of them, needs `fuse`).  Where isl distributed the
 * statements, this fuses them back at the outer loops, which `work`'s
 * dependence test checks again.  A member that runs another of each
 * statement's own loops fuses too, once a permutation of those loops brings
 * it first (c->inner_perm): the loops nucc's `fuse` then joins must still
 * have equal headers, which it checks.  `in` (NULL: all) picks the
 * statements of one piece of a distribution, which fuse under the piece's
 * own band.  Returns the parallel loops to map. */
static int nest_order(Reader *r, const bool *in, SchedChain *c) {
  int first = -1, count = 0;
  for (int g = 0; g < r->n; g++)
    if (!in || in[g]) {
      first = first < 0 ? g : first;
      count++;
    }
  /* the whole body under one band (not split at the root), or the
   * statements of one piece under its own band */
  bool fusable = count > 1 && (in || !r->split);
  for (int g = 0; g < r->n; g++)
    fusable &= (in && !in[g]) || r->ndims[g] > r->k;
  size_t cap = (size_t)r->members.len + 1;
  int **dims = xcalloc((size_t)r->n, sizeof(int *)), *len = xcalloc((size_t)r->n, sizeof(int));
  bool **par = xcalloc((size_t)r->n, sizeof(bool *));
  bool **shifted = xcalloc((size_t)r->n, sizeof(bool *));
  for (int g = 0; g < r->n; g++) {
    dims[g] = xcalloc(cap, sizeof(int));
    par[g] = xcalloc(cap, sizeof(bool));
    shifted[g] = xcalloc(cap, sizeof(bool));
    len[g] = members_of(r, g, dims[g], par[g], shifted[g]);
  }
  int *order = xcalloc(cap, sizeof(int)); /* the nest's loops, outer first */
  int used = 0, parallel = 0;
  bool fuse = false, all_par = true;
  for (; first >= 0; used++) {
    bool same = true;
    for (int g = 0; g < r->n && same; g++)
      same = (in && !in[g]) ||
             (len[g] > used && dims[g][used] == dims[first][used] && !shifted[g][used]);
    int d = same ? dims[first][used] : -1;
    bool plain = same && (d < r->k || (d == r->k && fusable));
    bool own = !plain && fusable && !fuse;
    for (int g = 0; g < r->n && own; g++)
      own = (in && !in[g]) || (len[g] > used && dims[g][used] >= r->k && !shifted[g][used]);
    if (own) { /* each statement's own loop brought first, then fused */
      inner_perms_alloc(r, c);
      for (int g = 0; g < r->n; g++) {
        if (in && !in[g])
          continue;
        int at = dims[g][used] - r->k, nown = r->ndims[g] - r->k;
        if (at == 0)
          continue;
        c->inner_perm[g] = complete(&at, 1, nown);
        c->inner_nperm[g] = significant(c->inner_perm[g], nown);
      }
      d = r->k;
    } else if (!plain) {
      break;
    }
    fuse |= d == r->k;
    order[used] = d;
    for (int g = 0; g < r->n; g++)
      all_par &= (in && !in[g]) || par[g][used];
    parallel += all_par;
    if (own) {
      used++;
      break;
    }
  }
  c->pre = fuse ? "fuse" : NULL;
  c->reason = !fuse ? NULL
              : c->inner_perm
                  ? "fuse, because the schedule's band runs the loops of the body together, "
                    "each nest of the body first in the order that brings out the loop it runs "
                    "with the others"
                  : "fuse, because the schedule's band runs the loops of the body together";
  int depth = r->k + fuse;
  c->perm = complete(order, used, depth);
  c->nfull = depth;
  c->nperm = significant(c->perm, depth);
  xfree(order);
  return parallel < depth ? parallel : depth;
}

/* The statements of the root's sequence or set in pieces of consecutive
 * ones, as fission(n1, ...) cuts them: per statement its piece's index in
 * program order, or false. */
static bool consecutive_pieces(Reader *r, int *index, int *npieces) {
  *npieces = 0;
  for (int g = 0; g < r->n; g++) {
    if (r->piece[g] < 0)
      return false;
    if (g && r->piece[g] == r->piece[g - 1]) {
      index[g] = index[g - 1];
      continue;
    }
    for (int h = 0; h < g; h++)
      if (r->piece[h] == r->piece[g])
        return false; /* a piece that is not one run of statements */
    index[g] = (*npieces)++;
  }
  return true;
}

/* Fission, each piece in its own order (PPCG's distribution with the
 * loops of each piece interchanged: atax's row sums over i, its column
 * sums over j with i inside): a piece of one statement in the order of
 * the members over it, a piece of several over the loops they share.
 * Returns the parallel loops to map (0: none, or no chain). */
static int own_orders(Reader *r, SchedChain *c, long long **perms, bool fuse_pieces) {
  int *index = xcalloc((size_t)r->n, sizeof(int)), np = 0;
  if (!r->split) { /* one band over all: each statement a piece */
    for (int g = 0; g < r->n; g++)
      index[g] = g;
    np = r->n;
  } else if (!consecutive_pieces(r, index, &np)) {
    r->why = xstrdup("isl's schedule groups the statements of the body otherwise than "
                     "pieces of consecutive statements");
    return 0;
  }
  c->npieces = np;
  c->piece_groups = xcalloc((size_t)np, sizeof(int));
  c->piece_perm = xcalloc((size_t)np, sizeof(long long *));
  c->piece_nperm = xcalloc((size_t)np, sizeof(int));
  c->piece_nfull = xcalloc((size_t)np, sizeof(int));
  c->piece_fuse = xcalloc((size_t)np, sizeof(bool));
  int par = 3, deepest = 0;
  for (int k = 0; k < np; k++) {
    int first = -1;
    for (int g = 0; g < r->n; g++)
      if (index[g] == k) {
        first = first < 0 ? g : first;
        c->piece_groups[k]++;
      }
    /* a piece of several statements has the nest's loops only */
    int depth = c->piece_groups[k] == 1 ? r->ndims[first] : r->k, p = 0;
    for (int m = 0; m < r->members.len; m++) {
      Member *mb = r->members.items[m];
      bool all = true, any = false;
      for (int g = 0; g < r->n; g++)
        if (index[g] == k) {
          all &= mb->dim[g] >= 0 && mb->par && (c->piece_groups[k] == 1 || mb->dim[g] < r->k);
          any |= mb->dim[g] >= 0;
        }
      if (!any)
        continue;
      if (!all)
        break;
      p++;
    }
    if (c->piece_groups[k] > 1 && fuse_pieces) {
      /* the piece's statements under its own band, fused where it runs
       * their loops together (permuting their nests first) */
      bool *in = xcalloc((size_t)r->n, sizeof(bool));
      for (int g = 0; g < r->n; g++)
        in[g] = index[g] == k;
      SchedChain f = {0};
      int fp = nest_order(r, in, &f);
      if (f.pre && fp > p) {
        depth = r->k + 1;
        p = fp;
        c->piece_fuse[k] = true;
        c->piece_perm[k] = f.perm;
        c->piece_nperm[k] = f.nperm;
        c->piece_nfull[k] = f.nfull;
        for (int g = 0; f.inner_perm && g < r->n; g++) {
          if (!f.inner_nperm[g])
            continue;
          inner_perms_alloc(r, c);
          c->inner_perm[g] = f.inner_perm[g];
          c->inner_nperm[g] = f.inner_nperm[g];
        }
      } else { /* not taken: f's permutations are its own */
        xfree(f.perm);
        for (int g = 0; f.inner_perm && g < r->n; g++)
          xfree(f.inner_perm[g]);
      }
      xfree(f.inner_perm);
      xfree(f.inner_nperm);
      xfree(in);
    }
    if (p == 0) {
      r->why = xformat("the outermost loop of isl's schedule for statement S%d carries a "
                       "dependence",
                       first);
      return 0;
    }
    if (p < depth)
      par = p < par ? p : par;
    deepest = depth > deepest ? depth : deepest;
    if (c->piece_groups[k] == 1) {
      c->piece_perm[k] = perms[first];
      c->piece_nperm[k] = significant(perms[first], r->ndims[first]);
      c->piece_nfull[k] = r->ndims[first];
    }
  }
  xfree(index);
  par = par < deepest ? par : deepest;
  c->perm = NULL;
  c->nperm = c->nfull = 0;
  c->reason = "fission, because the schedule runs the statements of the body one after the "
              "other, each piece in an order of its own";
  return par;
}

/* One kernel per statement (fission), each in the order of the members
 * over it; one permut applies to every piece deep enough (registry.c skips
 * the others).  Returns the parallel loops to map (0: none, or no chain). */
static int as_pieces(Reader *r, SchedChain *c, bool fuse_pieces) {
  long long **perms = xcalloc((size_t)r->n, sizeof(long long *));
  int *order = xcalloc((size_t)r->members.len + 1, sizeof(int));
  int par = 3, best = 0;
  bool none = false;
  for (int g = 0; g < r->n; g++) {
    int n = 0, p = 0;
    bool parallel = true;
    for (int m = 0; m < r->members.len; m++) {
      Member *mb = r->members.items[m];
      if (mb->dim[g] < 0)
        continue;
      order[n++] = mb->dim[g];
      parallel &= mb->par;
      p += parallel;
    }
    perms[g] = complete(order, n, r->ndims[g]);
    /* a statement with fewer loops than the others maps the loops it has
     * (work.c); one whose parallel loops end before its loops do limits
     * them all, and one with none leaves no chain */
    none |= p == 0;
    if (p < r->ndims[g])
      par = p < par ? p : par;
    int sg = significant(perms[g], r->ndims[g]), sb = significant(perms[best], r->ndims[best]);
    if (sg > sb || (sg == sb && r->ndims[g] > r->ndims[best]))
      best = g; /* the chain's permutation: the deepest of the most permuted */
  }
  xfree(order);
  /* the chain permutes and maps the loops of `best`, the deepest when no
   * statement's loops are permuted more than another's */
  par = none ? 0 : par < r->ndims[best] ? par : r->ndims[best];
  c->pre = "fission";
  c->reason = r->split ? "fission, because the schedule runs the statements of the body one "
                         "after the other"
                       : "fission, because the schedule's band runs other loops of each "
                         "statement than one nest can, and a kernel per statement maps them";
  c->perm = perms[best];
  c->nfull = r->ndims[best];
  c->nperm = significant(perms[best], r->ndims[best]);
  for (int g = 0; g < r->n; g++) {
    bool same = r->ndims[g] >= c->nperm
                    ? memcmp(perms[g], c->perm, (size_t)c->nperm * sizeof(long long)) == 0
                    : significant(perms[g], r->ndims[g]) == 0;
    /* isl's pieces are not fission's statements, or want other orders */
    if (!same || (r->split && !r->apart))
      return own_orders(r, c, perms, fuse_pieces);
  }
  return par;
}

/* out's fallback: chain, which maps dims loops. */
static void set_alt(SchedChain *out, SchedChain *chain, int dims) {
  out->alt = NEW(SchedChain);
  *out->alt = *chain;
  out->alt->dims = dims;
}

/* The chain that maps the most parallel loops: one nest, or one kernel
 * per statement where that maps more. */
static bool make_chain(Reader *r, SchedChain *out) {
  SchedChain nest = {0}, pieces = {0};
  int a = nest_order(r, NULL, &nest);
  int b = r->n > 1 ? as_pieces(r, &pieces, true) : 0;
  if (a >= b && a > 0) {
    xfree(r->why); /* why not pieces */
    r->why = NULL;
    *out = nest;
    out->dims = a;
    if (nest.inner_perm && b > 0)
      set_alt(out, &pieces, b);
  } else if (b > 0) {
    *out = pieces;
    out->dims = b;
    bool fused = false;
    for (int k = 0; out->piece_fuse && k < out->npieces; k++)
      fused |= out->piece_fuse[k];
    SchedChain plain = {0};
    int c = fused ? as_pieces(r, &plain, false) : 0;
    if (c > 0) /* the pieces unfused, for when nucc's checks refuse a fused one */
      set_alt(out, &plain, c);
  } else if (!r->why) {
    Member *mb = r->members.len ? r->members.items[0] : NULL;
    const char *name = mb && mb->dim[0] >= 0 ? r->names[0].items[mb->dim[0]] : "?";
    r->why = xformat("the outermost loop of isl's schedule, '%s', carries a dependence", name);
  }
  return out->dims > 0;
}

bool sched_read(isl_schedule *s, int k, SchedChain *out) {
  Reader r = {.k = k};
  memset(out, 0, sizeof *out);
  isl_union_set *dom = isl_schedule_get_domain(s);
  isl_set_list *list = isl_union_set_get_set_list(dom);
  r.n = isl_set_list_size(list);
  r.ndims = xcalloc((size_t)(r.n ? r.n : 1), sizeof(int));
  r.piece = xcalloc((size_t)(r.n ? r.n : 1), sizeof(int));
  for (int g = 0; g < r.n; g++)
    r.piece[g] = -1;
  r.names = xcalloc((size_t)(r.n ? r.n : 1), sizeof(Vec));
  bool ok = r.n > 0;
  for (int i = 0; i < r.n; i++) {
    isl_set *set = isl_set_list_get_at(list, i);
    isl_space *sp = isl_set_get_space(set);
    int g = stmt_index(&r, sp);
    if (g < 0 || r.names[g].len) {
      ok = false;
      r.why = xstrdup("the statements of the schedule are not S0, S1, ...");
    } else {
      r.ndims[g] = isl_space_dim(sp, isl_dim_set);
      for (int d = 0; d < r.ndims[g]; d++) {
        const char *name = isl_space_get_dim_name(sp, isl_dim_set, (unsigned)d);
        vec_push(&r.names[g], name ? xstrdup(name) : xformat("d%d", d));
      }
    }
    isl_space_free(sp);
    isl_set_free(set);
  }
  isl_set_list_free(list);
  isl_union_set_free(dom);
  isl_schedule_node *root = isl_schedule_get_root(s);
  isl_schedule_node *seq =
      ok ? read_bands(&r, isl_schedule_node_get_child(root, 0), true, &ok) : NULL;
  isl_schedule_node_free(root);
  if (seq) {
    r.split = r.apart = r.members.len == 0;
    ok = read_pieces(&r, seq);
  }
  ok = ok && make_chain(&r, out);
  out->tree = r.tree.s ? r.tree.s : xstrdup("");
  if (out->alt)
    out->alt->tree = out->tree;
  if (!ok)
    out->why = r.why ? r.why : xstrdup("isl's schedule could not be read");
  return ok;
}

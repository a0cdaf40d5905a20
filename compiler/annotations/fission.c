/* fission.c — `fission`: loop distribution.  Receives the main part, whose
 * perfectly nested loops end in a body of several statements; hands on one
 * copy of those loops per statement (`for i { S1; S2 }` becomes
 * `for i S1; for i S2`), every copy a main part that the next annotations
 * transform in turn.  Statements that share a local of the body stay in one
 * copy; the distribution must keep every dependence (deps_distribute). */
#include "analysis.h"
#include "annotation.h"
#include "transform.h"

/* A `break` or `continue` of the distributed loop itself (not of a loop
 * inside the statement): it skips the statements after it, which would no
 * longer be in the same loop. */
static Stmt *exits_loop(Stmt *s) {
  if (!s)
    return NULL;
  if (s->kind == ST_BREAK || s->kind == ST_CONTINUE)
    return s;
  if (s->kind == ST_FOR || s->kind == ST_WHILE || s->kind == ST_DO)
    return NULL;
  Stmt *r = exits_loop(s->then);
  if (!r)
    r = exits_loop(s->els);
  if (!r)
    r = exits_loop(s->body);
  for (int i = 0; i < s->nitems && !r; i++)
    r = exits_loop(s->items[i]);
  return r;
}

/* The statements of the body, empty ones left out, and their groups:
 * a local declared by one statement, or a scalar it assigns (a temporary
 * declared outside, which isl does not see), ties it to every later one
 * that reads it, and everything in between (copies keep program order). */
int fission_group_items(Stmt *body, Vec *items, int **group) {
  if (body->kind == ST_BLOCK) {
    for (int i = 0; i < body->nitems; i++)
      if (body->items[i]->kind != ST_EMPTY)
        vec_push(items, body->items[i]);
  } else {
    vec_push(items, body);
  }
  int n = items->len;
  int *last = xcalloc((size_t)(n ? n : 1), sizeof(int)); /* last item tied to item i */
  for (int i = 0; i < n; i++) {
    last[i] = i;
    Stmt *d = items->items[i];
    Vec defs = {0};
    if (d->kind == ST_DECL)
      vec_push(&defs, d->var);
    tr_written_scalars(d, &defs);
    for (int j = i + 1; j < n; j++)
      for (int v = 0; v < defs.len; v++)
        if (tr_reads_value(items->items[j], defs.items[v]))
          last[i] = j;
    xfree(defs.items);
  }
  *group = xcalloc((size_t)(n ? n : 1), sizeof(int));
  int g = 0, reach = -1;
  for (int i = 0; i < n; i++) {
    if (i > reach && i > 0)
      g++;
    (*group)[i] = g;
    if (last[i] > reach)
      reach = last[i];
  }
  xfree(last);
  return n ? g + 1 : 0;
}

/* A scalar that an item before `cut` sets and an item from `cut` on
 * reads, or NULL. */
static Var *tying_scalar(Stmt **it, int n, int cut) {
  for (int i = 0; i < cut; i++) {
    Vec defs = {0};
    if (it[i]->kind == ST_DECL)
      vec_push(&defs, it[i]->var);
    tr_written_scalars(it[i], &defs);
    for (int d = 0; d < defs.len; d++)
      for (int j = cut; j < n; j++)
        if (tr_reads_value(it[j], defs.items[d])) {
          Var *v = defs.items[d];
          xfree(defs.items);
          return v;
        }
    xfree(defs.items);
  }
  return NULL;
}

/* fission(n1, ..., nk): the user's pieces, n1 statements, then n2, ...;
 * each must keep together what passes a scalar (the automatic groups).
 * Fills *group; false after an error. */
static bool user_pieces(Annot *a, Stmt **it, int n, const int *ties, int **group, Loop *l) {
  long long counts[16], sum = 0;
  for (int p = 0; p < a->nargs; p++) {
    if (!pragma_arg_int(&a->args[p], &counts[p]) || counts[p] < 1 || counts[p] > n) {
      diag_error(a->args[p].loc,
                 "fission(...): '%s' must be a number of statements, an integer constant from 1 "
                 "to %d",
                 a->args[p].text, n);
      return false;
    }
    sum += counts[p];
  }
  if (sum != n) {
    diag_error(a->loc,
               "fission(...): the pieces hold %lld statements, but the body of loop '%s' has %d "
               "(empty statements not counted)",
               sum, l->var->name, n);
    return false;
  }
  int *mine = xcalloc((size_t)n, sizeof(int));
  for (int p = 0, at = 0; p < a->nargs; p++)
    for (long long c = 0; c < counts[p]; c++)
      mine[at++] = p;
  for (int i = 1; i < n; i++)
    if (ties[i] == ties[i - 1] && mine[i] != mine[i - 1]) {
      Var *v = tying_scalar(it, n, i);
      diag_error(a->args[mine[i]].loc,
                 "fission(...): this piece would start at statement %d, but statements %d and "
                 "%d pass values through the scalar '%s' and must stay in one piece",
                 i + 1, i, i + 1, v ? v->name : "?");
      diag_note(it[i - 1]->loc, "statement %d", i);
      xfree(mine);
      return false;
    }
  *group = mine;
  return true;
}

bool fission_apply(AnnotCtx *cx, Annot *a) {
  Loop *loops[16];
  int k = annot_main_loops(cx, a, loops, 1);
  if (!k)
    return false;
  Stmt *body = loops[k - 1]->body;
  Vec items = {0};
  int *group;
  int ngroups = fission_group_items(body, &items, &group);
  Stmt **it = (Stmt **)items.items;
  for (int i = 0; i < items.len; i++) {
    Stmt *x = exits_loop(it[i]);
    if (x) {
      diag_error(x->loc,
                 "fission: '%s' leaves an iteration of loop '%s', which distribution would "
                 "split",
                 x->kind == ST_BREAK ? "break" : "continue", loops[k - 1]->var->name);
      diag_note(a->loc, "for this fission");
      return false;
    }
  }
  if (a->nargs) {
    if (a->nargs < 2) {
      diag_error(a->loc, "fission(%s) makes one piece: it distributes nothing", a->args[0].text);
      return false;
    }
    int *mine;
    if (!user_pieces(a, it, items.len, group, &mine, loops[k - 1]))
      return false;
    xfree(group);
    group = mine;
    ngroups = a->nargs;
  }
  if (ngroups < 2 && items.len < 2) {
    diag_error(a->loc, "fission: the body of loop '%s' is one statement: nothing to distribute",
               loops[k - 1]->var->name);
    return false;
  }
  if (ngroups < 2) {
    /* the first statement ties the others: through what it defines */
    Vec defs = {0};
    if (it[0]->kind == ST_DECL)
      vec_push(&defs, it[0]->var);
    tr_written_scalars(it[0], &defs);
    Var *v = NULL;
    for (int d = 0; d < defs.len && !v; d++)
      for (int j = 1; j < items.len && !v; j++)
        if (tr_reads_value(it[j], defs.items[d]))
          v = defs.items[d];
    const char *name = v ? v->name : "?";
    diag_error(a->loc,
               "fission: the statements of loop '%s' cannot be separated: they pass values "
               "through the scalar '%s'",
               loops[k - 1]->var->name, name);
    diag_note(it[0]->loc,
              "'%s' is set here and read by the statements after it; to distribute them, "
              "expand it into an array indexed by the loop, declared before the nest",
              name);
    return false;
  }
  if (!legality_report(legality_distribute(cx->nest->names, loops, k, it, items.len, group,
                                           cx->independent, cx->inner ? NULL : cx->nest, a->loc)))
    return false;
  Vec with = {0};
  for (int g = 0, i = 0; g < ngroups; g++) {
    Vec mine = {0};
    for (; i < items.len && group[i] == g; i++)
      vec_push(&mine, it[i]);
    Loop *copy[16];
    for (int j = 0; j < k; j++) {
      copy[j] = tr_clone_loop(loops[j], NULL);
      copy[j]->body = NULL;
    }
    copy[k - 1]->body = mine.len == 1 ? mine.items[0] : tr_block(&mine);
    tr_relink(copy, k);
    vec_push(&with, tr_for(copy[0]));
  }
  annot_replace_main(cx, &with, 0);
  /* every copy is a main part: the annotations after this one transform
   * each in turn (apply.c) */
  for (int i = 0; i < with.len; i++)
    vec_push(&cx->split, with.items[i]);
  xfree(group);
  return true;
}

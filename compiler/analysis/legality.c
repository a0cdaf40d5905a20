/* legality.c — the questions an annotation asks of a nest before it
 * transforms it: whether a reordering, a distribution or a fusion keeps
 * every dependence (deps.c), which reads see values from before the loops,
 * which scalars are temporaries, which rows an array needs.  Receives the
 * loops and body of the nest; hands on answers as values (Legality: a
 * verdict, its reason and notes), which only the annotation the user wrote
 * turns into diagnostics (legality_report), and which a search just reads. */
#include "analysis.h"
#include "transform.h"

static void add_note(Legality *l, SrcLoc loc, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void add_note(Legality *l, SrcLoc loc, const char *fmt, ...) {
  LegalNote *n = NEW(LegalNote);
  n->loc = loc;
  va_list ap;
  va_start(ap, fmt);
  n->text = xvformat(fmt, ap);
  va_end(ap);
  vec_push(&l->notes, n);
}

static Legality refuse(SrcLoc at, const char *reason) {
  return (Legality){.ok = false, .loc = at, .reason = xstrdup(reason)};
}

bool legality_report(Legality l) {
  if (l.ok)
    return true;
  diag_error(l.loc, "%s", l.reason);
  for (int i = 0; i < l.notes.len; i++) {
    LegalNote *n = l.notes.items[i];
    diag_note(n->loc, "%s", n->text);
  }
  return false;
}

/* The probe of loops[0..k-1] for a legality question; a refusal saying
 * `unproven` when the body is outside what a kernel can hold, so that
 * nothing is known about its dependences. */
static bool legality_probe(Kernel *kn, Symtab *names, Nest *nest, Loop **loops, int k, Stmt *body,
                           SrcLoc at, const char *unproven, Legality *out) {
  if (freevars_probe(kn, names, nest, loops, k, body))
    return true;
  *out = refuse(at, unproven);
  add_note(out, at, "the loop body uses something a kernel cannot (see 'work')");
  return false;
}

Legality legality_reorder(Symtab *names, Loop **loops, int k, Stmt *body, Reorder how,
                          const long long *perm, bool trusted, SrcLoc at, const char *broken,
                          const char *unproven) {
  Kernel kn;
  Legality l;
  if (!legality_probe(&kn, names, NULL, loops, k, body, at, unproven, &l))
    return l;
  char *why = NULL;
  Verdict v = deps_reorder(kn.info, how, perm, &why);
  if (v == LEGAL || (v == UNDECIDED && trusted))
    return (Legality){.ok = true};
  l = refuse(at, v == ILLEGAL ? broken : unproven);
  if (why)
    add_note(&l, at, v == ILLEGAL ? "for example, %s" : "%s", why);
  if (v == UNDECIDED)
    add_note(&l, at,
             "add the clause 'independent' to 'work' if the loops' iterations may be reordered");
  return l;
}

Legality legality_live_in(Symtab *names, Loop **loops, int k, Stmt *body, Expr *path, Vec *reads,
                          bool *written, Expr **blocked, char **example, SrcLoc at) {
  Kernel kn;
  Legality l;
  if (!legality_probe(&kn, names, NULL, loops, k, body, at,
                      "snapshot: cannot tell which reads see values from before the loops", &l))
    return l;
  deps_live_in(kn.info, path, reads, written, blocked, example);
  return (Legality){.ok = true};
}

bool legality_first_ranges(Symtab *names, Loop **loops, int k, Stmt *body, Vec *buffers) {
  Kernel kn;
  if (!freevars_probe(&kn, names, NULL, loops, k, body))
    return false;
  region_analyse(kn.info, false);
  *buffers = kn.buffers;
  return true;
}

Legality legality_distribute(Symtab *names, Loop **loops, int k, Stmt **items, int nitems,
                             const int *group, bool trusted, Nest *nest, SrcLoc at) {
  const char *unproven = "fission: cannot prove that distributing the loop keeps every dependence";
  Vec all = {0};
  for (int i = 0; i < nitems; i++)
    vec_push(&all, items[i]);
  Kernel kn;
  Legality l;
  if (!legality_probe(&kn, names, nest, loops, k, tr_block(&all), at, unproven, &l))
    return l;
  char *why = NULL;
  SrcLoc from, to;
  Verdict v = deps_distribute(kn.info, items, nitems, group, &why, &from, &to);
  if (v == LEGAL || (v == UNDECIDED && trusted))
    return (Legality){.ok = true};
  l = refuse(at, v == ILLEGAL ? "fission: distributing the loop would reverse a dependence: a "
                                "later statement must run before an earlier one"
                              : unproven);
  if (why)
    add_note(&l, at, v == ILLEGAL ? "for example, %s" : "%s", why);
  add_note(&l, from, "this access of a later statement comes first");
  add_note(&l, to, "and this access of an earlier statement depends on it");
  if (v == UNDECIDED)
    add_note(&l, at, "add the clause 'independent' to 'work' if the statements may be distributed");
  return l;
}

Legality legality_fuse(Symtab *names, Nest *nest, Loop **loops, int k, Stmt *body, Stmt *x, Stmt *y,
                       bool trusted, SrcLoc at) {
  Kernel kn;
  Legality l;
  if (!legality_probe(&kn, names, nest, loops, k, body, at,
                      "fuse: cannot prove that fusing the loops keeps every dependence", &l))
    return l;
  char *why = NULL;
  SrcLoc from, to;
  Verdict vd = deps_fuse(kn.info, x->loop, y->loop, &why, &from, &to);
  if (vd == LEGAL || (vd == UNDECIDED && trusted))
    return (Legality){.ok = true};
  l = (Legality){.loc = at};
  l.reason = vd == ILLEGAL
                 ? xformat("fuse: fusing the loops at lines %d and %d would reverse a dependence",
                           x->loc.line, y->loc.line)
                 : xformat("fuse: cannot prove that fusing the loops at lines %d and %d keeps "
                           "every dependence",
                           x->loc.line, y->loc.line);
  if (why && vd == ILLEGAL)
    add_note(&l, at, "once fused, %s, the other way round from the original order", why);
  else if (why)
    add_note(&l, at, "%s", why);
  if (vd == ILLEGAL) {
    add_note(&l, from, "this access of the first loop runs before");
    add_note(&l, to, "this access of the second loop, at an earlier iteration once fused");
  } else {
    add_note(&l, at, "add the clause 'independent' to 'work' if the loops may be fused");
  }
  return l;
}

void legality_find_temps(Symtab *names, Loop **loops, int k, Stmt *body, Nest *nest, Vec *temps,
                         Vec *copyouts) {
  Kernel kn;
  freevars_probe(&kn, names, nest, loops, k, body); /* what it finds holds even where it reports */
  *temps = kn.info->temps;
  *copyouts = kn.info->copyouts;
}

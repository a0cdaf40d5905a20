/* html.c — the page of --explain=html: for each annotated nest, each step
 * of its chain as code (tidy.c) beside an inline SVG picture of the
 * iterations (explain/iterspace.c): colours for work-groups, tiles, copies
 * or pieces, the visit order as numbers and a path, dependences as red
 * arrows.  Receives the steps the engine recorded; hands on one
 * self-contained page, well-formed XML, with no external resource. */
#include "emit.h"

#include "annotation.h"

#include "iterspace.h"
#include "transform.h"

#include <stdlib.h>
#include <string.h>

/* Fill colours of groups (tiles, copies, work-groups) in the main part, and
 * of the other pieces: light, so that the numbers stay readable. */
static const char *group_colours[] = {"#8ecae6", "#ffb703", "#90be6d", "#f4a261",
                                      "#b5a8e0", "#f28482", "#84dcc6", "#e9c46a",
                                      "#a3c4f3", "#cdb4db", "#c9e4a7", "#ffcad4"};
static const char *piece_colours[] = {"#d9d9d9", "#bfbfbf", "#e6d5b8", "#cfcfa8", "#d6c1c1"};
#define NCOLOURS(a) ((int)(sizeof(a) / sizeof *(a)))
#define LEGEND_MAX 16 /* legend entries shown; the page counts the others */

static void esc(Buf *b, const char *s) {
  for (; *s; s++)
    if (*s == '<')
      buf_puts(b, "&lt;");
    else if (*s == '>')
      buf_puts(b, "&gt;");
    else if (*s == '&')
      buf_puts(b, "&amp;");
    else if (*s == '"')
      buf_puts(b, "&quot;");
    else
      buf_printf(b, "%c", *s);
}

/* Whether pieces[piece] is a main part: the one, or after fission one of
 * several (then each is named by its number). */
static bool is_main(ExplainStep *st, int piece) {
  if (!st->mains.len)
    return piece == st->main;
  for (int i = 0; i < st->mains.len; i++)
    if (st->mains.items[i] == st->pieces.items[piece])
      return true;
  return false;
}

static char *piece_label(ExplainStep *st, int piece) {
  int main = st->main, npieces = st->pieces.len;
  if (npieces == 1)
    return xstrdup(piece == main ? "main part" : "the block");
  if (is_main(st, piece))
    return st->mains.len ? xformat("main part %d", piece + 1) : xstrdup("main part");
  if (piece < main || main < 0)
    return xformat("peeled %d", piece + 1);
  return xformat("remainder %d", piece - main);
}

/* Which cells the picture holds: dims rdim x cdim, the other indices fixed. */
typedef struct Grid {
  int depth, rdim, cdim;
  long long *fixed; /* per dim: the slice's value (dims other than rdim, cdim) */
  Vec rows, cols;   /* long long*, sorted */
  int cs, left, top;
  Var **vars;
  /* more than GRID_MAX values in a dimension: only the first are drawn */
  bool clipped;
  long long last_row, last_col;
  int all_rows, all_cols;
} Grid;

#define GRID_MAX 48

static int index_of(Vec *v, long long x) {
  for (int i = 0; i < v->len; i++)
    if (*(long long *)v->items[i] == x)
      return i;
  return -1;
}

static void add_sorted(Vec *v, long long x) {
  if (index_of(v, x) >= 0)
    return;
  long long *p = NEW(long long);
  *p = x;
  vec_push(v, p);
  for (int i = v->len - 1; i > 0 && *(long long *)v->items[i - 1] > x; i--) {
    void *t = v->items[i - 1];
    v->items[i - 1] = v->items[i];
    v->items[i] = t;
  }
}

/* In the slice, and not past the rows and columns drawn. */
static bool in_slice(Grid *g, IterVisit *v) {
  for (int d = 0; d < g->depth; d++)
    if (d != g->rdim && d != g->cdim && v->orig[d] != g->fixed[d])
      return false;
  if (!g->clipped)
    return true;
  return v->orig[g->cdim] <= g->last_col && (g->rdim < 0 || v->orig[g->rdim] <= g->last_row);
}

static bool keep_visit(IterVisit *v, void *g) { return in_slice(g, v); }

static void grid_build(Grid *g, Nest *n, IterSpace *written, IterParams *ps) {
  *g = (Grid){.depth = n->depth};
  g->vars = xcalloc((size_t)n->depth, sizeof(Var *));
  for (int d = 0; d < n->depth; d++)
    g->vars[d] = n->loops[d]->var;
  g->cdim = n->depth - 1;
  g->rdim = n->depth >= 2 ? n->depth - 2 : -1;
  g->fixed = xcalloc((size_t)n->depth, sizeof(long long));
  /* a 3-loop nest: the slice named in --explain-size (k=2), else the first */
  for (int d = 0; d + 2 < n->depth; d++) {
    bool found = false;
    for (int i = 0; i < ps->names.len && !found; i++)
      if (!strcmp(ps->names.items[i], g->vars[d]->name)) {
        g->fixed[d] = ps->values[i];
        found = true;
      }
    if (!found && written->visits.len)
      g->fixed[d] = ((IterVisit *)written->visits.items[0])->orig[d];
  }
  for (int i = 0; i < written->visits.len; i++) {
    IterVisit *v = written->visits.items[i];
    if (!in_slice(g, v))
      continue;
    add_sorted(&g->cols, v->orig[g->cdim]);
    add_sorted(&g->rows, g->rdim >= 0 ? v->orig[g->rdim] : 0);
  }
  /* a nest of constant trip counts may be large whatever the sizes: draw
   * its first GRID_MAX rows and columns, and say so */
  g->all_rows = g->rows.len;
  g->all_cols = g->cols.len;
  if (g->rows.len > GRID_MAX || g->cols.len > GRID_MAX) {
    g->clipped = true;
    if (g->rows.len > GRID_MAX)
      g->rows.len = GRID_MAX;
    if (g->cols.len > GRID_MAX)
      g->cols.len = GRID_MAX;
    g->last_row = *(long long *)g->rows.items[g->rows.len - 1];
    g->last_col = *(long long *)g->cols.items[g->cols.len - 1];
  }
  int most = g->cols.len > g->rows.len ? g->cols.len : g->rows.len;
  g->cs = most <= 24 ? 28 : most <= 64 ? 720 / most : 11;
  g->left = 44;
  g->top = 34;
}

static void centre(Grid *g, IterVisit *v, double *x, double *y) {
  int c = index_of(&g->cols, v->orig[g->cdim]);
  int r = g->rdim >= 0 ? index_of(&g->rows, v->orig[g->rdim]) : 0;
  *x = g->left + (c + 0.5) * g->cs;
  *y = g->top + (r + 0.5) * g->cs;
}

typedef struct Legend {
  Vec keys, colours; /* char* */
  int ngroups, npieces;
} Legend;

static const char *colour_of(Legend *lg, const char *key, bool group) {
  for (int i = 0; i < lg->keys.len; i++)
    if (!strcmp(lg->keys.items[i], key))
      return lg->colours.items[i];
  const char *c = group ? group_colours[lg->ngroups++ % NCOLOURS(group_colours)]
                  : !strcmp(key, "main part")
                      ? group_colours[0]
                      : piece_colours[lg->npieces++ % NCOLOURS(piece_colours)];
  vec_push(&lg->keys, xstrdup(key));
  vec_push(&lg->colours, (void *)c);
  return c;
}

static void svg_defs(Buf *b) {
  buf_puts(b, "<defs><marker id=\"path-end\" viewBox=\"0 0 10 10\" refX=\"8\" refY=\"5\" "
              "markerWidth=\"6\" markerHeight=\"6\" orient=\"auto-start-reverse\"><path d=\"M 0 0 "
              "L 10 5 L 0 10 z\" fill=\"#333\"/></marker><marker id=\"dep-end\" viewBox=\"0 0 10 "
              "10\" refX=\"9\" refY=\"5\" markerWidth=\"7\" markerHeight=\"7\" orient=\"auto\">"
              "<path d=\"M 0 0 L 10 5 L 0 10 z\" fill=\"#c00000\"/></marker></defs>\n");
}

/* The svg element's start and the axes: the index of the columns on top,
 * of the rows on the left. */
static void svg_axes(Buf *b, Grid *g) {
  int w = g->left + g->cols.len * g->cs + 12, h = g->top + g->rows.len * g->cs + 12;
  buf_printf(b,
             "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"space\" width=\"%d\" "
             "height=\"%d\" viewBox=\"0 0 %d %d\" font-family=\"sans-serif\">\n",
             w, h, w, h);
  /* svg ids are per document, so the markers of the first picture serve
   * all; each picture repeats them so that it also stands alone */
  svg_defs(b);
  buf_printf(b,
             "<text x=\"%d\" y=\"12\" font-size=\"12\" font-style=\"italic\">%s &#8594;</text>\n",
             g->left, g->vars[g->cdim]->name);
  if (g->rdim >= 0)
    buf_printf(b,
               "<text x=\"4\" y=\"%d\" font-size=\"12\" font-style=\"italic\">%s &#8595;</text>\n",
               g->top - 4, g->vars[g->rdim]->name);
  int fs = g->cs >= 24 ? 10 : 8;
  for (int c = 0; c < g->cols.len; c++)
    if (g->cs >= 16 || c % 4 == 0)
      buf_printf(b,
                 "<text x=\"%.1f\" y=\"%d\" font-size=\"%d\" text-anchor=\"middle\">%lld</text>\n",
                 g->left + (c + 0.5) * g->cs, g->top - 6, fs, *(long long *)g->cols.items[c]);
  for (int r = 0; g->rdim >= 0 && r < g->rows.len; r++)
    if (g->cs >= 16 || r % 4 == 0)
      buf_printf(b, "<text x=\"%d\" y=\"%.1f\" font-size=\"%d\" text-anchor=\"end\">%lld</text>\n",
                 g->left - 6, g->top + (r + 0.5) * g->cs + 3, fs, *(long long *)g->rows.items[r]);
}

/* The cells of the nest as written (by row, then column): a triangular
 * nest leaves the others blank. */
static bool *expected_cells(Grid *g, IterSpace *written) {
  bool *expected = xcalloc((size_t)(g->rows.len * g->cols.len) + 1, sizeof(bool));
  for (int i = 0; i < written->visits.len; i++) {
    IterVisit *v = written->visits.items[i];
    int c = in_slice(g, v) ? index_of(&g->cols, v->orig[g->cdim]) : -1;
    int r = g->rdim >= 0 ? index_of(&g->rows, v->orig[g->rdim]) : 0;
    if (c >= 0 && r >= 0)
      expected[r * g->cols.len + c] = true;
  }
  return expected;
}

/* The cell of visit number `nth` of the step at column c, row r, filled
 * with the colour of its group or piece; `twice`: it ran before. */
static void svg_cell(Buf *b, Grid *g, ExplainStep *st, Legend *lg, IterVisit *v, int c, int r,
                     int nth, bool twice) {
  char *piece = piece_label(st, v->piece);
  bool group = is_main(st, v->piece) && *v->group;
  const char *fill = colour_of(lg, group ? v->group : piece, group || is_main(st, v->piece));
  buf_printf(b,
             "<rect class=\"cell\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\" "
             "stroke=\"%s\" stroke-width=\"%s\"><title>",
             g->left + c * g->cs, g->top + r * g->cs, g->cs, g->cs, fill,
             twice ? "#c00000" : "#ffffff", twice ? "3" : "1");
  for (int d = 0; d < g->depth; d++)
    buf_printf(b, "%s%s = %lld", d ? ", " : "", g->vars[d]->name, v->orig[d]);
  buf_printf(b, ": visit %d, %s", nth, piece);
  if (*v->group) {
    buf_puts(b, ", ");
    esc(b, v->group);
  }
  buf_puts(b, twice ? " (run twice!)" : "");
  buf_puts(b, "</title></rect>\n");
}

/* Cells: every iteration of the nest as written, filled where this step
 * runs it, outlined in red where it runs it twice or not at all; the
 * visits in order in *path. */
static void svg_cells(Buf *b, Grid *g, IterSpace *sp, IterSpace *written, ExplainStep *st,
                      Legend *lg, int *problems, Vec *path) {
  int *seen = xcalloc((size_t)(g->rows.len * g->cols.len) + 1, sizeof(int));
  bool *expected = expected_cells(g, written);
  for (int i = 0; i < sp->visits.len; i++) {
    IterVisit *v = sp->visits.items[i];
    if (!in_slice(g, v))
      continue;
    int c = index_of(&g->cols, v->orig[g->cdim]);
    int r = g->rdim >= 0 ? index_of(&g->rows, v->orig[g->rdim]) : 0;
    if (c < 0 || r < 0 || !expected[r * g->cols.len + c]) { /* not in the nest as written */
      (*problems)++;
      continue;
    }
    seen[r * g->cols.len + c]++;
    vec_push(path, v);
    bool twice = seen[r * g->cols.len + c] > 1;
    if (twice)
      (*problems)++;
    svg_cell(b, g, st, lg, v, c, r, path->len, twice);
  }
  for (int r = 0; r < g->rows.len; r++)
    for (int c = 0; c < g->cols.len; c++)
      if (expected[r * g->cols.len + c] && !seen[r * g->cols.len + c]) {
        (*problems)++;
        buf_printf(b,
                   "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" "
                   "stroke=\"#c00000\" stroke-dasharray=\"3 2\"><title>not run at this "
                   "step!</title></rect>\n",
                   g->left + c * g->cs + 1, g->top + r * g->cs + 1, g->cs - 2, g->cs - 2);
      }
}

/* The order: a path through the cells, and numbers where they fit. */
static void svg_order(Buf *b, Grid *g, Vec *path) {
  if (path->len > 1) {
    buf_puts(b, "<polyline class=\"order\" fill=\"none\" stroke=\"#333\" stroke-width=\"1.2\" "
                "stroke-opacity=\"0.55\" marker-end=\"url(#path-end)\" points=\"");
    for (int i = 0; i < path->len; i++) {
      double x, y;
      centre(g, path->items[i], &x, &y);
      buf_printf(b, "%s%.1f,%.1f", i ? " " : "", x, y);
    }
    buf_puts(b, "\"/>\n");
  }
  if (g->cs >= 22)
    for (int i = 0; i < path->len; i++) {
      double x, y;
      centre(g, path->items[i], &x, &y);
      buf_printf(b,
                 "<text x=\"%.1f\" y=\"%.1f\" font-size=\"%d\" text-anchor=\"middle\" "
                 "fill=\"#111\">%d</text>\n",
                 x, y + 3.5, path->len >= 100 ? 8 : 10, i + 1);
    }
}

/* Dependences: the iteration at the arrow's tip must run after its tail. */
static void svg_deps(Buf *b, Grid *g, IterSpace *written) {
  for (int i = 0; i < written->deps.len; i++) {
    IterDep *d = written->deps.items[i];
    IterVisit *from = written->visits.items[d->from], *to = written->visits.items[d->to];
    if (!in_slice(g, from) || !in_slice(g, to))
      continue;
    double x1, y1, x2, y2;
    centre(g, from, &x1, &y1);
    centre(g, to, &x2, &y2);
    /* from the tail cell's edge to the head cell's edge, not centre to
     * centre, so that the numbers stay readable */
    double dx = x2 - x1, dy = y2 - y1;
    double ax = dx < 0 ? -dx : dx, ay = dy < 0 ? -dy : dy;
    double len = ax > ay ? ax + 0.4 * ay : ay + 0.4 * ax; /* near enough to |d| */
    if (len > 0) {
      double cut = 0.3 * g->cs / len;
      x1 += dx * cut, y1 += dy * cut, x2 -= dx * cut, y2 -= dy * cut;
    }
    /* bend the arrow so that it does not hide the order's path */
    double mx = (x1 + x2) / 2 + (y2 - y1) * 0.2, my = (y1 + y2) / 2 - (x2 - x1) * 0.2;
    buf_printf(b,
               "<path class=\"dep\" d=\"M %.1f %.1f Q %.1f %.1f %.1f %.1f\" fill=\"none\" "
               "stroke=\"#c00000\" stroke-width=\"1.3\" marker-end=\"url(#dep-end)\"><title>",
               x1, y1, mx, my, x2, y2);
    esc(b, d->what);
    buf_puts(b, "</title></path>\n");
  }
}

/* The picture of one step. */
static void svg_step(Buf *b, Grid *g, IterSpace *sp, IterSpace *written, ExplainStep *st,
                     Legend *lg, int *problems) {
  svg_axes(b, g);
  Vec path = {0};
  svg_cells(b, g, sp, written, st, lg, problems, &path);
  svg_order(b, g, &path);
  svg_deps(b, g, written);
  buf_puts(b, "</svg>\n");
}

static void legend_html(Buf *b, Legend *lg) {
  buf_puts(b, "<ul class=\"legend\">");
  for (int i = 0; i < lg->keys.len && i < LEGEND_MAX; i++) {
    buf_printf(b, "<li><span class=\"swatch\" style=\"background:%s\"></span>",
               (char *)lg->colours.items[i]);
    esc(b, lg->keys.items[i]);
    buf_puts(b, "</li>");
  }
  if (lg->keys.len > LEGEND_MAX)
    buf_printf(b, "<li>and %d more (hover over a cell)</li>", lg->keys.len - LEGEND_MAX);
  buf_puts(b, "</ul>\n");
}

static const char *what_colour_tells(const char *kind) {
  if (!kind)
    return "The nest as written: one cell per iteration, numbered in the order the loops "
           "run them.";
  if (!strcmp(kind, "work"))
    return "Colour: the work-group that runs the iteration (each piece is a kernel of its own; "
           "its work-groups are numbered from 0). On the device the work-items run in parallel: "
           "the numbers are the order of the sequential code.";
  if (!strcmp(kind, "tile") || !strcmp(kind, "tilem"))
    return "Colour: the tile that holds the iteration (the values of the tile loops); the "
           "remainders of tilem in grey.";
  if (!strcmp(kind, "unroll") || !strcmp(kind, "dmine"))
    return "Colour: the copy of the body that runs the iteration (the offset added to each "
           "index); the remainders in grey.";
  if (!strcmp(kind, "fission") || !strcmp(kind, "fuse"))
    return "Each iteration's statements now run in the loops of several pieces (fission) or "
           "one (fuse); a cell is one iteration of the nest as written, in the order of its "
           "first statement.";
  if (!strcmp(kind, "permut"))
    return "The same iterations in a new order: follow the path.";
  return "Colour: the piece that runs the iteration (main part, remainders, peeled iterations).";
}

static char *step_title(Annot *a) {
  if (!a)
    return xstrdup("as written");
  Buf b = {0};
  buf_puts(&b, "after ");
  pragma_spell(a, &b);
  return b.s;
}

/* The plan of `ttile`'s sweep in a step's main part, or NULL. */
static TTile *ttile_of(ExplainStep *st) {
  Loop *l[16];
  if (st->main < 0 || !tr_chain(st->pieces.items[st->main], l, 16))
    return NULL;
  return l[0]->ttile;
}

/* ttile: one launch in the (t, x) plane of the innermost space loop, three
 * neighbouring tiles: each loads its points and a halo (the bottom row),
 * computes a region one radius narrower after each sub-step (a row each,
 * time going down) and writes its interior back; where two tiles overlap,
 * both compute the points. */
static void svg_ttile(Buf *b, TTile *tt) {
  int d = tt->dims - 1, rows = (int)(tt->T * tt->nsteps) + 1;
  long long w = tt->width[d] ? tt->width[d] : 8, h = tt->halo[d], sum = 0;
  for (int s = 0; s < tt->nsteps; s++)
    sum += tt->radius[s][d];
  long long cols = 3 * w + 2 * h;
  /* columns as narrow as 640 pixels need, rows 16 high */
  int cs = cols * 16 <= 640 ? 16 : cols * 8 <= 640 ? 8 : cols * 4 <= 640 ? 4 : 2, rh = 16;
  int left = 64, top = 24, wd = left + (int)cols * cs + 12, ht = top + rows * rh + 12;
  buf_printf(b,
             "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"space\" width=\"%d\" "
             "height=\"%d\" viewBox=\"0 0 %d %d\" font-family=\"sans-serif\">\n",
             wd, ht, wd, ht);
  buf_printf(b,
             "<text x=\"%d\" y=\"12\" font-size=\"12\" font-style=\"italic\">%s &#8594; "
             "(three tiles of %lld, halo %lld)</text>\n",
             left, tt->space[d]->var->name, w, h);
  buf_printf(b,
             "<text x=\"4\" y=\"%d\" font-size=\"11\">load</text>\n"
             "<text x=\"4\" y=\"%d\" font-size=\"12\" font-style=\"italic\">%s &#8595;</text>\n",
             top + 12, top + rh + 12, tt->time->var->name);
  for (int r = 0; r < rows; r++) {
    /* row 0: the load; row q > 0: sub-step q - 1 of the launch */
    long long shrink = 0;
    if (r > 0) {
      int q = r - 1, step = q / tt->nsteps, k = q % tt->nsteps;
      shrink = step * sum;
      for (int j = 0; j <= k; j++)
        shrink += tt->radius[j][d];
    }
    for (int t = 0; t < 3; t++) {
      long long from = t * w + shrink, to = t * w + w + 2 * h - shrink;
      if (to <= from)
        continue;
      buf_printf(b,
                 "<rect x=\"%lld\" y=\"%d\" width=\"%lld\" height=\"%d\" fill=\"%s\" "
                 "fill-opacity=\"0.55\" stroke=\"#555\" stroke-width=\"0.5\"/>\n",
                 left + from * cs, top + r * rh + (t == 1 ? 4 : 0), (to - from) * cs,
                 rh - (t == 1 ? 8 : 0), group_colours[t]);
    }
  }
  /* the interiors each tile writes back */
  for (int t = 0; t < 3; t++)
    buf_printf(b,
               "<rect x=\"%lld\" y=\"%d\" width=\"%lld\" height=\"%d\" fill=\"none\" "
               "stroke=\"#000\" stroke-width=\"1.5\"/>\n",
               left + (t * w + h) * cs, top, w * cs, rows * rh);
  buf_puts(b, "</svg>\n");
  buf_printf(b,
             "<p class=\"caption\">One launch of up to %lld steps in the (%s, %s) plane: each "
             "colour is a work-group's tile, which loads its %lld points and %lld on each side "
             "into __local memory (top row), computes a region narrower by the stencil's radius "
             "after each sub-step (a row each) and writes back the points in its black frame. "
             "Neighbours compute their overlap twice.</p>\n",
             tt->T, tt->time->var->name, tt->space[d]->var->name, w, h);
}

static void step_html(Buf *b, int nest_no, int step_no, Nest *n, ExplainStep *st, Grid *g,
                      IterSpace *written, IterParams *ps) {
  IterSpace sp;
  Vec one = {0};
  Vec *pieces = &st->pieces;
  bool ran = iter_run(pieces, n, st->annot, ps, &sp);
  char *title = step_title(st->annot);
  buf_printf(b, "<div class=\"step\" id=\"nest%d-step%d\">\n<h3>%d. ", nest_no, step_no,
             step_no + 1);
  esc(b, title);
  buf_puts(b, "</h3>\n<div class=\"row\">\n<pre class=\"code\">");
  Buf code = {0};
  buf_puts(&code, "");
  tidy_print(n->names, pieces, st->main, &st->mains, &code, 0, "");
  esc(b, code.s);
  buf_puts(b, "</pre>\n<div class=\"pic\">\n");
  if (!ran) {
    buf_puts(b, "<p class=\"note\">No picture: ");
    esc(b, sp.why);
    buf_puts(b, "</p>\n");
  } else {
    Legend lg = {0};
    int problems = 0;
    svg_step(b, g, &sp, written, st, &lg, &problems);
    legend_html(b, &lg);
    buf_puts(b, "<p class=\"caption\">");
    esc(b, what_colour_tells(st->annot ? st->annot->name : NULL));
    buf_puts(b, "</p>\n");
    if (problems)
      buf_printf(b,
                 "<p class=\"note\">%d cell%s marked in red: iterations run twice, or not "
                 "run, at this step.</p>\n",
                 problems, problems == 1 ? "" : "s");
  }
  (void)one;
  TTile *tt = st->annot && !strcmp(st->annot->name, "ttile") ? ttile_of(st) : NULL;
  if (tt)
    svg_ttile(b, tt);
  buf_puts(b, "</div>\n</div>\n</div>\n");
}

static const char *page_style =
    "body{font-family:sans-serif;margin:1.5em;color:#222;max-width:1400px}"
    "h1{font-size:1.4em}h2{font-size:1.15em;border-top:2px solid #888;padding-top:.6em}"
    "h3{font-size:1em;margin:.2em 0}"
    ".row{display:flex;flex-wrap:wrap;gap:1.5em;align-items:flex-start}"
    ".code{background:#f6f6f6;border:1px solid #ddd;padding:.6em;font-size:12px;"
    "line-height:1.35;margin:0;flex:0 1 46em;min-width:20em;overflow-x:auto}"
    ".pic{flex:1 1 320px;max-width:760px;overflow-x:auto}.step{padding:.5em;margin:.6em "
    "0;border-left:4px solid transparent}"
    ".step.current{border-left-color:#219ebc;background:#f3fbfd}"
    ".legend{list-style:none;padding:0;margin:.4em 0;font-size:12px;display:flex;flex-wrap:wrap;"
    "gap:.3em 1em}.swatch{display:inline-block;width:12px;height:12px;margin-right:4px;"
    "border:1px solid #999;vertical-align:middle}.caption{font-size:12px;color:#444;margin:.3em 0}"
    ".note{font-size:12px;color:#a00}nav{font-size:13px;margin:.4em 0}nav a{margin-right:.8em}"
    ".slider{width:24em;vertical-align:middle}";

/* The script: a step slider per nest (all steps stay on the page, so it
 * reads without scripts too), and a check that every picture rendered,
 * which the browser test reads from the DOM.  CDATA keeps it XML. */
static const char *page_script =
    "//<![CDATA[\n"
    "document.querySelectorAll('input.slider').forEach(function (s) {\n"
    "  var steps = document.querySelectorAll('#' + s.dataset.nest + ' .step');\n"
    "  var label = s.nextElementSibling;\n"
    "  s.addEventListener('input', function () {\n"
    "    steps.forEach(function (d, i) { d.classList.toggle('current', i == s.value); });\n"
    "    label.textContent = steps[s.value].querySelector('h3').textContent;\n"
    "    steps[s.value].scrollIntoView({block: 'nearest'});\n"
    "  });\n"
    "});\n"
    "var drawn = 0;\n"
    "document.querySelectorAll('svg.space').forEach(function (g) {\n"
    "  var r = g.getBoundingClientRect();\n"
    "  if (r.width > 0 && r.height > 0 && g.querySelectorAll('rect').length > 0) drawn++;\n"
    "});\n"
    "document.body.setAttribute('data-rendered', String(drawn));\n"
    "//]]>\n";

char *emit_explain_html(const char *path, Vec *nests, Vec *steps, IterParams *ps) {
  Buf b = {0};
  int nsteps = 0, npics = 0;
  for (int i = 0; i < steps->len; i++)
    nsteps += ((Vec *)steps->items[i])->len;
  Buf body = {0};
  buf_puts(&body, "");
  for (int i = 0; i < nests->len; i++) {
    Nest *n = nests->items[i];
    Vec *st = steps->items[i];
    ExplainStep *first = st->items[0];
    IterSpace written;
    Grid g;
    bool ok = iter_run(&first->pieces, n, NULL, ps, &written);
    grid_build(&g, n, &written, ps);
    if (ok)
      iter_deps(n, ps, &written, keep_visit, &g);
    buf_printf(&body, "<section class=\"nest\" id=\"nest%d\">\n<h2>line %d: nest of %d loop%s", i,
               n->loops[0]->loc.line, n->depth, n->depth == 1 ? "" : "s");
    buf_puts(&body, " &#8212; <code>#pragma nu");
    for (int a = n->annots.len - 1; a >= 0; a--) {
      Annot *an = n->annots.items[a];
      char *t = step_title(an);
      buf_puts(&body, " ");
      esc(&body, t + 6); /* "after " */
    }
    buf_puts(&body, "</code></h2>\n<nav>");
    for (int s = 0; s < st->len; s++) {
      char *t = step_title(((ExplainStep *)st->items[s])->annot);
      buf_printf(&body, "<a href=\"#nest%d-step%d\">%d. ", i, s, s + 1);
      esc(&body, t);
      buf_puts(&body, "</a>");
    }
    buf_printf(&body,
               "<br/>step: <input type=\"range\" class=\"slider\" min=\"0\" max=\"%d\" "
               "value=\"0\" data-nest=\"nest%d\"/> <span>1. as written</span></nav>\n",
               st->len - 1, i);
    if (n->depth > 2) {
      buf_puts(&body, "<p class=\"caption\">A 2-D slice of the 3-D iteration space:");
      for (int d = 0; d + 2 < n->depth; d++)
        buf_printf(&body, " %s = %lld", n->loops[d]->var->name, g.fixed[d]);
      buf_printf(&body, " (choose another with --explain-size %s=VALUE).</p>\n",
                 n->loops[0]->var->name);
    }
    if (g.clipped)
      buf_printf(&body,
                 "<p class=\"caption\">Large at these sizes: the pictures show the first %d "
                 "of %d rows and %d of %d columns.</p>\n",
                 g.rows.len, g.all_rows, g.cols.len, g.all_cols);
    if (ok && written.deps.len)
      buf_printf(&body,
                 "<p class=\"caption\">Red arrows: %d dependence%s between iterations (the "
                 "tip must run after the tail)%s.</p>\n",
                 written.deps.len, written.deps.len == 1 ? "" : "s",
                 written.deps_left_out ? xformat(", %d more not drawn", written.deps_left_out)
                                       : "");
    else if (ok)
      buf_puts(&body, "<p class=\"caption\">No dependence between iterations: any order "
                      "computes the same.</p>\n");
    for (int s = 0; s < st->len; s++) {
      step_html(&body, i, s, n, st->items[s], &g, &written, ps);
      npics += ok;
    }
    buf_puts(&body, "</section>\n");
  }
  buf_puts(&b, "<!DOCTYPE html>\n<html xmlns=\"http://www.w3.org/1999/xhtml\" lang=\"en\">\n"
               "<head>\n<meta charset=\"utf-8\"/>\n<title>nucc --explain: ");
  esc(&b, path);
  buf_printf(&b, "</title>\n<style>%s</style>\n</head>\n<body data-steps=\"%d\">\n", page_style,
             nsteps);
  buf_puts(&b, "<h1>nucc --explain: ");
  esc(&b, path);
  buf_puts(&b, "</h1>\n<p class=\"caption\">Each annotation applies in turn, nearest the loop "
               "first. Beside the code after each step, one cell per iteration of the nest as "
               "written; hover over a cell for its indices. Sizes:");
  for (int i = 0; i < ps->names.len; i++)
    buf_printf(&b, "%s %s = %lld", i ? "," : "", (char *)ps->names.items[i], ps->values[i]);
  for (int i = 0; i < ps->defaulted.len; i++)
    buf_printf(&b, "%s %s = %d (default)", i || ps->names.len ? "," : "",
               (char *)ps->defaulted.items[i], IT_DEFAULT_SIZE);
  buf_puts(&b, ".</p>\n");
  buf_puts(&b, body.s);
  buf_printf(&b, "<script>\n%s</script>\n</body>\n</html>\n", page_script);
  (void)npics;
  return b.s;
}

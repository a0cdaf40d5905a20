/* test_sched.c — isl's schedule trees read as nucc's chains (sched_read).
 * Each row is a schedule as isl prints it, over statements S0, S1, ...
 * that share the nest's k outer loops, and the chain nucc must read from
 * it: `work(dims) [permut(...)] [pre]`, or the failure and a substring of
 * its reason. */
#include "poly.h"

#include <stdio.h>
#include <string.h>

typedef struct Row {
  const char *name;
  int k;
  const char *tree;
  const char *chain; /* "dims perm pre": "2 2,1 -", or NULL when none */
  const char *why;   /* a substring of out.why when chain is NULL */
} Row;

#define SQ "[n] -> { S0[i, j] : 0 <= i < n and 0 <= j < n }"

static const Row rows[] = {
    {"one statement, parallel band in order", 2,
     "{ domain: \"" SQ "\", child: { schedule: \"[n] -> [{ S0[i, j] -> [(i)] }, "
     "{ S0[i, j] -> [(j)] }]\", coincident: [ 1, 1 ] } }",
     "2 - -", NULL},
    {"one statement, band interchanged", 2,
     "{ domain: \"" SQ "\", child: { schedule: \"[n] -> [{ S0[i, j] -> [(j)] }, "
     "{ S0[i, j] -> [(i)] }]\", coincident: [ 1, 0 ] } }",
     "1 2,1 -", NULL},
    {"gemm of legacy code: a band over a statement and a nest", 1,
     "{ domain: \"[n, m] -> { S0[i, j] : 0 <= i < n and 0 <= j < n; S1[i, k, j] : 0 <= i < n "
     "and 0 <= k < m and 0 <= j < n }\", child: { schedule: \"[n, m] -> [{ S0[i, j] -> [(i)]; "
     "S1[i, k, j] -> [(i)] }, { S0[i, j] -> [(j)]; S1[i, k, j] -> [(j)] }, { S0[i, j] -> [(0)]; "
     "S1[i, k, j] -> [(k)] }]\", permutable: 1, coincident: [ 1, 1, 0 ], child: { sequence: [ "
     "{ filter: \"[n, m] -> { S0[i, j] }\" }, { filter: \"[n, m] -> { S1[i, k, j] }\" } ] } } }",
     "2 - fuse <1:2,1> else 2 1,3,2 fission", NULL},
    {"two nests of the body, each with the loop run together inside", 1,
     "{ domain: \"[n, m] -> { S0[i, a, j] : 0 <= i < n and 0 <= a < m and 0 <= j < n; S1[i, k, "
     "j] : 0 <= i < n and 0 <= k < m and 0 <= j < n }\", child: { schedule: \"[n, m] -> [{ S0[i, "
     "a, j] -> [(i)]; S1[i, k, j] -> [(i)] }, { S0[i, a, j] -> [(j)]; S1[i, k, j] -> [(j)] }]\", "
     "coincident: [ 1, 1 ], child: { sequence: [ { filter: \"[n, m] -> { S0[i, a, j] }\" }, { "
     "filter: \"[n, m] -> { S1[i, k, j] }\" } ] } } }",
     "2 - fuse <0:2,1><1:2,1> else 2 1,3,2 fission", NULL},
    {"a piece of a distribution that fuses a statement with a nest", 1,
     "{ domain: \"[n, m] -> { S0[i, j] : 0 <= i < n and 0 <= j < n; S1[i, k, j] : 0 <= i < n "
     "and 0 <= k < m and 0 <= j < n; S2[i, l, j] : 0 <= i < n and 0 <= l < m and 0 <= j < n }\", "
     "child: { sequence: [ { filter: \"[n, m] -> { S0[i, j]; S1[i, k, j] }\", child: { schedule: "
     "\"[n, m] -> [{ S0[i, j] -> [(i)]; S1[i, k, j] -> [(i)] }, { S0[i, j] -> [(j)]; S1[i, k, j] "
     "-> [(j)] }, { S0[i, j] -> [(0)]; S1[i, k, j] -> [(k)] }]\", permutable: 1, coincident: [ 1, "
     "1, 0 ], child: { sequence: [ { filter: \"[n, m] -> { S0[i, j] }\" }, { filter: \"[n, m] -> "
     "{ S1[i, k, j] }\" } ] } } }, { filter: \"[n, m] -> { S2[i, l, j] }\", child: { schedule: "
     "\"[n, m] -> [{ S2[i, l, j] -> [(i)] }, { S2[i, l, j] -> [(j)] }, { S2[i, l, j] -> [(l)] "
     "}]\", "
     "permutable: 1, coincident: [ 1, 1, 0 ] } } ] } }",
     "2 - fission [2:fuse -|1:1,3,2] <1:2,1> else 2 - fission [2:-|1:1,3,2]", NULL},
    {"two loops of the body in one band", 1,
     "{ domain: \"[n] -> { S0[i, j] : 0 <= i < n and 0 <= j < n; S1[i, j] : 0 <= i < n and "
     "0 <= j < n }\", child: { schedule: \"[n] -> [{ S0[i, j] -> [(i)]; S1[i, j] -> [(i)] }, "
     "{ S0[i, j] -> [(j)]; S1[i, j] -> [(j)] }]\", coincident: [ 1, 1 ], child: { sequence: [ "
     "{ filter: \"[n] -> { S0[i, j] }\" }, { filter: \"[n] -> { S1[i, j] }\" } ] } } }",
     "2 - fuse", NULL},
    {"statements apart, each parallel in one loop: one nest maps as many", 1,
     "{ domain: \"[n] -> { S0[j, i, k] : 0 <= j < n and 0 <= i < k < n; S1[j, i] : 0 <= j < n "
     "and 0 <= i < n }\", child: { sequence: [ { filter: \"[n] -> { S0[j, i, k] }\", child: { "
     "schedule: \"[n] -> [{ S0[j, i, k] -> [(j)] }, { S0[j, i, k] -> [(i)] }, { S0[j, i, k] -> "
     "[(k)] }]\", coincident: [ 1, 0, 0 ] } }, { filter: \"[n] -> { S1[j, i] }\", child: { "
     "schedule: \"[n] -> [{ S1[j, i] -> [(j)] }, { S1[j, i] -> [(i)] }]\", coincident: [ 1, 1 ] "
     "} } ] } }",
     "1 - -", NULL},
    {"statements apart, each parallel in two loops", 2,
     "{ domain: \"[n] -> { S0[i, j] : 0 <= i < n and 0 <= j < n; S1[i, j] : 0 <= i < n and "
     "0 <= j < n }\", child: { sequence: [ { filter: \"[n] -> { S0[i, j] }\", child: { "
     "schedule: \"[n] -> [{ S0[i, j] -> [(j)] }, { S0[i, j] -> [(i)] }]\", coincident: [ 1, 1 ] "
     "} }, { filter: \"[n] -> { S1[i, j] }\", child: { schedule: \"[n] -> [{ S1[i, j] -> [(j)] "
     "}, { S1[i, j] -> [(i)] }]\", coincident: [ 1, 1 ] } } ] } }",
     "2 2,1 -", NULL},
    {"pieces in different orders", 2,
     "{ domain: \"[n] -> { S0[i, j] : 0 <= i < n and 0 <= j < n; S1[i, j] : 0 <= i < n and "
     "0 <= j < n }\", child: { sequence: [ { filter: \"[n] -> { S0[i, j] }\", child: { "
     "schedule: \"[n] -> [{ S0[i, j] -> [(j)] }, { S0[i, j] -> [(i)] }]\", coincident: [ 1, 0 ] "
     "} }, { filter: \"[n] -> { S1[i, j] }\", child: { schedule: \"[n] -> [{ S1[i, j] -> [(i)] "
     "}, { S1[i, j] -> [(j)] }]\", coincident: [ 1, 0 ] } } ] } }",
     "1 - fission [1:2,1|1:-]", NULL},
    {"atax: a row sum with its reset in one piece, the column sum interchanged", 1,
     "{ domain: \"[m, n] -> { S0[i] : 0 <= i < m; S1[i, j] : 0 <= i < m and 0 <= j < n; "
     "S2[i, j] : 0 <= i < m and 0 <= j < n }\", child: { sequence: [ { filter: \"[m, n] -> { "
     "S0[i]; S1[i, j] }\", child: { schedule: \"[m, n] -> [{ S0[i] -> [(i)]; S1[i, j] -> [(i)] "
     "}, { S0[i] -> [(0)]; S1[i, j] -> [(j)] }]\", coincident: [ 1, 0 ], child: { sequence: [ "
     "{ filter: \"[m, n] -> { S0[i] }\" }, { filter: \"[m, n] -> { S1[i, j] }\" } ] } } }, { "
     "filter: \"[m, n] -> { S2[i, j] }\", child: { schedule: \"[m, n] -> [{ S2[i, j] -> [(j)] "
     "}, { S2[i, j] -> [(i)] }]\", coincident: [ 1, 0 ] } } ] } }",
     "1 - fission [2:-|1:2,1]", NULL},
    {"pieces that are not runs of consecutive statements", 1,
     "{ domain: \"[n] -> { S0[i] : 0 <= i < n; S1[i, j] : 0 <= i < n and 0 <= j < n; S2[i] : "
     "0 <= i < n }\", child: { sequence: [ { filter: \"[n] -> { S0[i]; S2[i] }\", child: { "
     "schedule: \"[n] -> [{ S0[i] -> [(i)]; S2[i] -> [(i)] }]\", coincident: [ 1 ] } }, "
     "{ filter: \"[n] -> { S1[i, j] }\", child: { schedule: \"[n] -> [{ S1[i, j] -> [(j)] }, "
     "{ S1[i, j] -> [(i)] }]\", coincident: [ 1, 0 ] } } ] } }",
     NULL, "consecutive"},
    {"five loops, the last two parallel", 5,
     "{ domain: \"[n] -> { S0[a, b, c, d, e] : 0 <= a, b, c, d, e < n }\", child: { schedule: "
     "\"[n] -> [{ S0[a, b, c, d, e] -> [(d)] }, { S0[a, b, c, d, e] -> [(e)] }, "
     "{ S0[a, b, c, d, e] -> [(a)] }]\", coincident: [ 1, 1, 0 ], child: { schedule: \"[n] -> "
     "[{ S0[a, b, c, d, e] -> [(b)] }]\", child: { schedule: \"[n] -> [{ S0[a, b, c, d, e] -> "
     "[(c)] }]\" } } } }",
     "2 4,5,1,2,3 -", NULL},
    {"a skewed stencil", 2,
     "{ domain: \"" SQ "\", child: { schedule: \"[n] -> [{ S0[i, j] -> [(i)] }, "
     "{ S0[i, j] -> [(i + j)] }]\", coincident: [ 0, 1 ] } }",
     NULL, "along"},
    {"a time loop outside", 2,
     "{ domain: \"" SQ "\", child: { schedule: \"[n] -> [{ S0[i, j] -> [(i)] }, "
     "{ S0[i, j] -> [(j)] }]\", coincident: [ 0, 1 ] } }",
     NULL, "carries a dependence"},
    {"statements grouped otherwise than fission", 1,
     "{ domain: \"[n] -> { S0[j] : 0 <= j < n; S1[j, i] : 0 <= j < n and 0 <= i < n; S2[j] : "
     "0 <= j < n }\", child: { sequence: [ { filter: \"[n] -> { S0[j]; S1[j, i] }\", child: { "
     "schedule: \"[n] -> [{ S0[j] -> [(j)]; S1[j, i] -> [(j)] }]\", coincident: [ 1 ] } }, "
     "{ filter: \"[n] -> { S2[j] }\", child: { schedule: \"[n] -> [{ S2[j] -> [(j)] }]\", "
     "coincident: [ 1 ] } } ] } }",
     "1 - -", NULL},
};

static void chain_text(char *out, size_t len, SchedChain *c) {
  char perm[128] = "-";
  size_t at = 0;
  for (int i = 0; i < c->nperm && at + 24 < sizeof perm; i++)
    at += (size_t)snprintf(perm + at, sizeof perm - at, "%s%lld", i ? "," : "", c->perm[i]);
  /* pieces in orders of their own: " [groups:perm|...]" */
  char pieces[256] = "";
  at = 0;
  for (int k = 0; k < c->npieces && at + 40 < sizeof pieces; k++) {
    at += (size_t)snprintf(pieces + at, sizeof pieces - at, "%s%d:%s", k ? "|" : " [",
                           c->piece_groups[k], c->piece_fuse && c->piece_fuse[k] ? "fuse " : "");
    for (int i = 0; i < c->piece_nperm[k] && at + 24 < sizeof pieces; i++)
      at += (size_t)snprintf(pieces + at, sizeof pieces - at, "%s%lld", i ? "," : "",
                             c->piece_perm[k][i]);
    if (!c->piece_nperm[k])
      at += (size_t)snprintf(pieces + at, sizeof pieces - at, "-");
  }
  if (c->npieces)
    snprintf(pieces + at, sizeof pieces - at, "]");
  /* a nest of the body permuted first: " <statement:perm>" */
  char inner[256] = "";
  at = 0;
  for (int g = 0; g < c->ninner && at + 40 < sizeof inner; g++) {
    if (!c->inner_nperm[g])
      continue;
    at += (size_t)snprintf(inner + at, sizeof inner - at, "%s<%d:", at ? "" : " ", g);
    for (int i = 0; i < c->inner_nperm[g] && at + 24 < sizeof inner; i++)
      at += (size_t)snprintf(inner + at, sizeof inner - at, "%s%lld", i ? "," : "",
                             c->inner_perm[g][i]);
    at += (size_t)snprintf(inner + at, sizeof inner - at, ">");
  }
  char alt[256] = "";
  if (c->alt) {
    char a[200];
    chain_text(a, sizeof a, c->alt);
    snprintf(alt, sizeof alt, " else %s", a);
  }
  snprintf(out, len, "%d %s %s%s%s%s", c->dims, perm, c->pre ? c->pre : "-", pieces, inner, alt);
}

int main(void) {
  int failed = 0;
  isl_ctx *ctx = isl_ctx_alloc();
  for (size_t i = 0; i < sizeof rows / sizeof *rows; i++) {
    const Row *r = &rows[i];
    isl_schedule *s = isl_schedule_read_from_str(ctx, r->tree);
    if (!s) {
      printf("FAIL %s: isl cannot read the tree\n", r->name);
      failed++;
      continue;
    }
    SchedChain c;
    bool ok = sched_read(s, r->k, &c);
    char got[256];
    chain_text(got, sizeof got, &c);
    if (r->chain && (!ok || strcmp(got, r->chain) != 0)) {
      printf("FAIL %s: want '%s', got %s'%s' (%s)\n", r->name, r->chain, ok ? "" : "no chain, ",
             ok ? got : "", c.why ? c.why : c.tree);
      failed++;
    } else if (!r->chain && (ok || !c.why || !strstr(c.why, r->why))) {
      printf("FAIL %s: want no chain because '...%s...', got %s'%s'\n", r->name, r->why,
             ok ? "the chain " : "", ok ? got : c.why);
      failed++;
    } else {
      printf("ok   %s: %s\n", r->name, ok ? got : c.why);
    }
    isl_schedule_free(s);
  }
  isl_ctx_free(ctx);
  util_free_all();
  return failed != 0;
}

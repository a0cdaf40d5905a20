/* test_pragma.c — the annotation grammar: names, arguments with their
 * columns, keys, nesting of parentheses, and column-exact syntax errors. */
#include "nucc.h"

#include <stdio.h>
#include <string.h>

static int failures;

#define CHECK(cond)                                                                                \
  do {                                                                                             \
    if (!(cond)) {                                                                                 \
      fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond);                     \
      failures++;                                                                                  \
    }                                                                                              \
  } while (0)

static Annot *nth(Vec *v, int i) { return v->items[i]; }

static void test_work_and_size(void) {
  Vec v = {0};
  /* "#pragma nu" ends at column 11; the text starts at column 11 */
  CHECK(pragma_parse(" work(16, n*2) size(a: n * m, m->data: 4)", (SrcLoc){3, 11, 0}, &v));
  CHECK(v.len == 2);
  Annot *w = nth(&v, 0);
  CHECK(!strcmp(w->name, "work"));
  CHECK(w->loc.line == 3 && w->loc.col == 12);
  CHECK(w->nargs == 2);
  CHECK(!strcmp(w->args[0].text, "16") && w->args[0].loc.col == 17);
  CHECK(!strcmp(w->args[1].text, "n*2") && w->args[1].loc.col == 21);
  Annot *s = nth(&v, 1);
  CHECK(!strcmp(s->name, "size") && s->nargs == 2);
  CHECK(!strcmp(s->args[0].key, "a") && !strcmp(s->args[0].text, "n * m"));
  CHECK(!strcmp(s->args[1].key, "m->data") && !strcmp(s->args[1].text, "4"));
}

static void test_nested_parens_and_ternary(void) {
  Vec v = {0};
  CHECK(pragma_parse("work(f(a, b), (n > 4 ? 8 : 4)) independent", (SrcLoc){1, 1, 0}, &v));
  CHECK(v.len == 2);
  CHECK(nth(&v, 0)->nargs == 2);
  CHECK(!strcmp(nth(&v, 0)->args[0].text, "f(a, b)"));
  CHECK(nth(&v, 0)->args[1].key == NULL);
  CHECK(!strcmp(nth(&v, 1)->name, "independent") && !nth(&v, 1)->has_parens);
}

static void test_reduce_keys(void) {
  Vec v = {0};
  CHECK(pragma_parse("reduce(+: s, t) reduce(max: m)", (SrcLoc){1, 1, 0}, &v));
  CHECK(v.len == 2);
  CHECK(!strcmp(nth(&v, 0)->args[0].key, "+") && !strcmp(nth(&v, 0)->args[0].text, "s"));
  CHECK(nth(&v, 0)->args[1].key == NULL);
  CHECK(!strcmp(nth(&v, 1)->args[0].key, "max"));
}

static void test_comments(void) {
  Vec v = {0};
  CHECK(pragma_parse(" work(8) /* a comment */ // and another", (SrcLoc){1, 1, 0}, &v));
  CHECK(v.len == 1);
}

static void test_errors(void) {
  Vec v = {0};
  int before = diag_errors();
  CHECK(!pragma_parse(" work(16, 16", (SrcLoc){1, 11, 0}, &v));
  CHECK(diag_errors() == before + 1);
  CHECK(!pragma_parse(" work(16,)", (SrcLoc){1, 11, 0}, &v));
  CHECK(!pragma_parse(" (16)", (SrcLoc){1, 11, 0}, &v));
  CHECK(!pragma_parse("   ", (SrcLoc){1, 11, 0}, &v));
  CHECK(diag_errors() == before + 4);
}

static void test_arg_int(void) {
  long long x;
  AnnotArg a = {.text = "16", .loc = {1, 1}};
  CHECK(pragma_arg_int(&a, &x) && x == 16);
  a.text = "0x10";
  CHECK(pragma_arg_int(&a, &x) && x == 16);
  a.text = "n";
  CHECK(!pragma_arg_int(&a, &x));
  a.text = "4 + 4";
  CHECK(!pragma_arg_int(&a, &x));
  a.text = "u"; /* a name made of suffix letters is not 0 */
  CHECK(!pragma_arg_int(&a, &x));
  a.text = "16UL";
  CHECK(pragma_arg_int(&a, &x) && x == 16);
}

int main(void) {
  diag_init("test.c", "", 0);
  test_work_and_size();
  test_nested_parens_and_ternary();
  test_reduce_keys();
  test_comments();
  test_errors();
  test_arg_int();
  util_free_all();
  if (failures) {
    fprintf(stderr, "%d check(s) failed\n", failures);
    return 1;
  }
  printf("test_pragma: all checks passed\n");
  return 0;
}

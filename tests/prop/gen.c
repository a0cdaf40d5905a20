/* gen.c — generates the property tests of the loop transformations.
 *   gen SEED CASE   prints one C program to standard output
 * Each program fills an input array, runs one annotated nest (1-3 loops;
 * trip counts 0, 1, prime and divisible; steps 1-3; < and <= bounds; lower
 * bounds other than 0; an inner reduction loop at times) under a random
 * chain of annotations, and prints a checksum.  The same SEED and CASE
 * always give the same program: the seed is fixed in CI and printed in
 * every file's first line, so a failure can be replayed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned long long state;

static unsigned pick(unsigned n) {
  state = state * 6364136223846793005ULL + 1442695040888963407ULL;
  return (unsigned)((state >> 33) % n);
}

typedef struct {
  int lb, trips, step;
  int le; /* `<=` instead of `<` */
} LoopSpec;

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: gen SEED CASE\n");
    return 2;
  }
  unsigned long long seed = strtoull(argv[1], NULL, 0);
  unsigned long long kase = strtoull(argv[2], NULL, 0);
  state = seed * 1000003ULL + kase * 7919ULL + 1;
  for (int i = 0; i < 4; i++)
    pick(2);
  static const int trips[] = {0, 1, 2, 7, 8, 13, 16, 17};
  int depth = 1 + (int)pick(3);
  LoopSpec l[3];
  for (int d = 0; d < depth; d++) {
    l[d].lb = (int)pick(3);
    l[d].trips = trips[pick(8)];
    l[d].step = 1 + (int)pick(3);
    l[d].le = (int)pick(2);
  }
  /* the chain: transformations nearest the loop first, work (maybe) on top */
  const char *names[] = {"unroll", "dmine", "tile", "tilem", "permut", "peel"};
  char chain[512] = "";
  int nann = 1 + (int)pick(3), pos = 0;
  /* the leading loops of the main part that are rectangular: after tile(k)
   * only the k tile loops are (the point loops depend on them) */
  int rect = depth;
  for (int a = 0; a < nann; a++) {
    const char *n = names[pick(6)];
    int k = 1 + (int)pick((unsigned)rect);
    char buf[64];
    int len = snprintf(buf, sizeof buf, "%s(", n);
    if (!strcmp(n, "tile") || !strcmp(n, "tilem")) {
      rect = k;
      names[2] = names[3] = "peel"; /* tiles of tiles: not in these tests */
    }
    if (!strcmp(n, "unroll")) /* the copies are not perfectly nested loops */
      rect = 1;
    if (!strcmp(n, "peel")) {
      len += snprintf(buf + len, sizeof buf - (size_t)len, "%u, %u", pick(3), pick(3));
    } else if (!strcmp(n, "permut")) { /* reverse the first k loops */
      for (int j = 0; j < k; j++)
        len += snprintf(buf + len, sizeof buf - (size_t)len, "%s%d", j ? ", " : "", k - j);
    } else {
      for (int j = 0; j < k; j++)
        len += snprintf(buf + len, sizeof buf - (size_t)len, "%s%u", j ? ", " : "",
                        1 + pick(n[0] == 't' ? 5 : 3));
    }
    snprintf(buf + len, sizeof buf - (size_t)len, ")");
    /* written right to left: the first chosen applies first */
    size_t lb = strlen(buf), lc = strlen(chain);
    if (lb + 1 + lc + 1 > sizeof chain)
      break;
    memmove(chain + lb + (pos ? 1 : 0), chain, lc + 1);
    memcpy(chain, buf, lb);
    if (pos)
      chain[lb] = ' ';
    pos = 1;
  }
  int work = (int)pick(3) > 0; /* two in three offload */
  int inner = (int)pick(2);
  printf("/* property test: gen %llu %llu */\n", seed, kase);
  printf("#include <stdio.h>\n#include <stdlib.h>\n\nint main(void) {\n");
  const char *v[3] = {"i", "j", "k"};
  int ext[3];
  for (int d = 0; d < 3; d++)
    ext[d] = d < depth ? l[d].lb + l[d].trips * l[d].step + 1 : 1;
  printf("  float (*in)[%d][%d] = malloc(sizeof(float[%d][%d][%d]));\n", ext[1], ext[2], ext[0],
         ext[1], ext[2]);
  printf("  float (*out)[%d][%d] = calloc(1, sizeof(float[%d][%d][%d]));\n", ext[1], ext[2], ext[0],
         ext[1], ext[2]);
  printf("  for (int i = 0; i < %d; i++)\n    for (int j = 0; j < %d; j++)\n"
         "      for (int k = 0; k < %d; k++)\n"
         "        in[i][j][k] = (float)((i * 31 + j * 17 + k * 7) %% 23) - 11.0f;\n",
         ext[0], ext[1], ext[2]);
  if (work) {
    printf("#pragma nu work(");
    int k = 1 + (int)pick((unsigned)(rect < 3 ? rect : 3));
    for (int j = 0; j < k; j++)
      printf("%s%u", j ? ", " : "", 1u << pick(4));
    printf(")\n");
  }
  printf("#pragma nu %s\n", chain);
  for (int d = 0; d < depth; d++) {
    int ub = l[d].lb + l[d].trips * l[d].step - (l[d].le ? l[d].step : 0);
    printf("%*sfor (int %s = %d; %s %s %d; %s += %d)%s\n", 2 + 2 * d, "", v[d], l[d].lb, v[d],
           l[d].le ? "<=" : "<", ub, v[d], l[d].step, d == depth - 1 ? " {" : "");
  }
  const char *i0 = v[0], *i1 = depth > 1 ? v[1] : "0", *i2 = depth > 2 ? v[2] : "0";
  int ind = 2 + 2 * depth;
  if (inner) {
    printf("%*sfloat s = 0;\n", ind, "");
    printf("%*sfor (int q = 0; q < 3; q++)\n%*ss += in[%s][%s][%s] * (float)(q + 1);\n", ind, "",
           ind + 2, "", i0, i1, i2);
    printf("%*sout[%s][%s][%s] = s + (float)(%s - 2 * %s);\n", ind, "", i0, i1, i2, i0, i1);
  } else {
    printf("%*sout[%s][%s][%s] = in[%s][%s][%s] * 2.0f + (float)(%s - %s + 3 * %s);\n", ind, "", i0,
           i1, i2, i0, i1, i2, i0, i1, i2);
  }
  printf("%*s}\n", 2 * depth, "");
  printf("  double sum = 0, weighted = 0;\n"
         "  for (int i = 0; i < %d; i++)\n    for (int j = 0; j < %d; j++)\n"
         "      for (int k = 0; k < %d; k++) {\n"
         "        sum += out[i][j][k];\n"
         "        weighted += out[i][j][k] * (double)((i * 7 + j * 3 + k) %% 11);\n"
         "      }\n",
         ext[0], ext[1], ext[2]);
  printf("  printf(\"sum %%.6e weighted %%.6e\\n\", sum, weighted);\n"
         "  free(in);\n  free(out);\n  return 0;\n}\n");
  return 0;
}

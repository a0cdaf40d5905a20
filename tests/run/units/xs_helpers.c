/* xs_helpers.c — the other file of tests/run/helper_other_unit.c (given to
 * nucc with --with): a random-number generator, a material picker and a
 * table lookup, as XSBench-like programs keep them apart from their loops.
 * The static callee and the file-scope counter stay this file's: kernels
 * get copies of the functions they call, never of `calls`. */
static long calls; /* the host's calls only: no helper a kernel runs reads it */

static unsigned long long lcg_step(unsigned long long s) {
  return 2806196910506780709ULL * s + 1ULL;
}

double lcg_random(unsigned long long *seed) {
  *seed = lcg_step(*seed);
  return (double)(*seed >> 11) * (1.0 / 9007199254740992.0);
}

int pick_mat(double r) {
  if (r < 0.140)
    return 0;
  if (r < 0.192)
    return 1;
  if (r < 0.534)
    return 2;
  if (r < 0.713)
    return 3;
  return 4 + (int)((r - 0.713) * 10.0);
}

double lookup(const double *table, int k, double f) {
  return table[k] + f * (table[k + 1] - table[k]);
}

long host_calls(void) { return ++calls; }

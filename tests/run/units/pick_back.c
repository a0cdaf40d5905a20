/* pick_back.c — the other file of tests/run/helper_calls_back.c: a picker
 * that draws its number with the main file's generator, which this file
 * only declares (RSBench's pick_mat calls LCG_random_double so). */
double draw(unsigned long long *seed);

int pick(unsigned long long *seed) {
  double r = draw(seed);
  if (r < 0.25)
    return 0;
  if (r < 0.6)
    return 1;
  return 2 + (int)((r - 0.6) * 10.0);
}

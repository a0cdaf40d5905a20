/* reduction.c — a sum: each work-item adds its iterations in a register,
 * each work-group combines its work-items in __local memory, and the host
 * adds the groups' partial sums to s. */
float total(int n, const float *a) {
  float s = 0.0f;
#pragma nu work(256)
  for (int i = 0; i < n; i++)
    s += a[i];
  return s;
}

/* test_rows.c — tables of rows (nurt_arg_rows): rows in one heap block are
 * that block, kept on the device between launches and brought back when
 * host code names the table; rows malloc'd one by one are gathered and,
 * after a kernel that writes them, scattered back at once; counts nucc
 * could not bound come from the heap blocks; the offset table goes up
 * again only when a row pointer changed; a row twice is fine for a kernel
 * that reads, and (argument "alias") stops one that writes. */
#include <string.h>

#include "check.h"

static nurt_module mod = {
    "__kernel void add(__global float *w, long w_off, __global const long *w_rows, float v,\n"
    "                  long m, long n) {\n"
    "  w = (__global float *)((__global char *)w + w_off);\n"
    "  long g = get_global_id(0), i = g / m, j = g % m;\n"
    "  if (i < n) w[w_rows[i] + j] += v * ((float)i + 0.5f * (float)j);\n"
    "}\n"
    "__kernel void sums(__global const float *w, long w_off, __global const long *w_rows,\n"
    "                   __global float *s, long s_off, long m, long n) {\n"
    "  w = (__global const float *)((__global const char *)w + w_off);\n"
    "  s = (__global float *)((__global char *)s + s_off);\n"
    "  long i = get_global_id(0);\n"
    "  if (i >= n) return;\n"
    "  float a = 0;\n"
    "  for (long j = 0; j < m; j++) a += w[w_rows[i] + j];\n"
    "  s[i] = a;\n"
    "}\n",
    "test_rows.c", 0, NULL, 0};

enum { N = 40, M = 100 };

static void launch_add(float **w, long long n, long long m, float v) {
  long long counts[2] = {n, m};
  long long nn = N, mm = M;
  size_t global = N * M, local = 1;
  nurt_launch *l = nurt_launch_begin(&mod, "add", 1);
  nurt_arg_rows(l, w, 1, counts, sizeof(float), NURT_INOUT, "w");
  nurt_arg_value(l, &v, sizeof v);
  nurt_arg_value(l, &mm, sizeof mm);
  nurt_arg_value(l, &nn, sizeof nn);
  nurt_launch_end(l, 1, &global, &local);
}

static nurt_stats stats(void) {
  nurt_stats s;
  nurt_get_stats(&s);
  return s;
}

static void fill(float **w) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      w[i][j] = (float)(i - j);
}

static int holds(float **w, float times) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      if (w[i][j] != (float)(i - j) + times * (2.0f * (float)i + (float)j))
        return 0;
  return 1;
}

/* w[i] = block + i * M: the block is the array, lazily synced. */
static void one_block(void) {
  float **w = malloc(N * sizeof *w);
  w[0] = malloc((size_t)N * M * sizeof **w);
  for (int i = 1; i < N; i++)
    w[i] = w[0] + i * M;
  fill(w);
  launch_add(w, N, M, 2);
  nurt_stats a = stats();
  launch_add(w, N, M, 2); /* nothing moves: data and offsets are on the device */
  nurt_stats b = stats();
  CHECK_EQ(b.bytes_to_device, a.bytes_to_device);
  CHECK_EQ(b.copies_to_host, a.copies_to_host);
  nurt_host_access(w, 0); /* what hostsync puts before w[i][j] in host code */
  CHECK(holds(w, 2));
  CHECK(stats().copies_to_host > b.copies_to_host);
  nurt_host_access(w, 1);
  w[3][4] = 0;
  launch_add(w, 0, 0, 2); /* counts from the heap blocks */
  nurt_host_access(w, 0);
  CHECK(w[3][4] == 2 * 3 + 4);
  nurt_host_access(w, 1);
  w[3][4] = (float)(3 - 4) + 3 * (2 * 3 + 4);
  CHECK(holds(w, 3));
  /* two rows swapped: the offset table changed and goes up, the data not */
  float *t = w[0];
  w[0] = w[1];
  w[1] = t;
  nurt_stats c = stats();
  launch_add(w, N, M, 2); /* the block, which the host wrote, and the new offsets */
  nurt_stats d = stats();
  CHECK_EQ(d.bytes_to_device - c.bytes_to_device, N * M * sizeof(float) + N * sizeof(long long));
  launch_add(w, N, M, 0);
  CHECK_EQ(stats().bytes_to_device, d.bytes_to_device);
  w[1] = w[0];
  w[0] = t;
  nurt_host_access(w, 1);
  for (int j = 0; j < M; j++) { /* rows 0 and 1 took each other's fourth update */
    w[0][j] -= 2.0f;
    w[1][j] += 2.0f;
  }
  CHECK(holds(w, 4));
  nurt_free(w[0]);
  free(w);
}

/* Rows of their own: gathered, and back on the host after the launch. */
static void rows_apart(void) {
  float **w = malloc(N * sizeof *w);
  for (int i = 0; i < N; i++)
    w[i] = malloc(M * sizeof **w);
  fill(w);
  nurt_stats a = stats();
  launch_add(w, N, M, 2);
  CHECK(holds(w, 1)); /* no host access needed: scattered at the launch */
  nurt_stats b = stats();
  CHECK_EQ(b.copies_to_host - a.copies_to_host, 1);
  CHECK_EQ(b.bytes_to_host - a.bytes_to_host, (unsigned long long)N * M * sizeof(float));
  /* the same pointers: only the rows go up, not the offset table */
  launch_add(w, 0, 0, 2);
  nurt_stats c = stats();
  CHECK_EQ(c.bytes_to_device - b.bytes_to_device, (unsigned long long)N * M * sizeof(float));
  CHECK(holds(w, 2));
  /* two rows swapped: gathered in subscript order, the offsets stay */
  float *t = w[0];
  w[0] = w[1];
  w[1] = t;
  launch_add(w, N, M, 2);
  nurt_stats d = stats();
  CHECK_EQ(d.bytes_to_device - c.bytes_to_device, (unsigned long long)N * M * sizeof(float));
  w[1] = w[0];
  w[0] = t;
  for (int j = 0; j < M; j++) { /* rows 0 and 1 took each other's third update */
    w[0][j] -= 2.0f;
    w[1][j] += 2.0f;
  }
  CHECK(holds(w, 3));
  for (int i = 0; i < N; i++)
    free(w[i]);
  free(w);
}

/* One row twice: a kernel that only reads sees it twice; one that writes
 * stops the program (argument "alias"). */
static void same_row(int write) {
  float **w = malloc(N * sizeof *w), *s = malloc(N * sizeof *s);
  for (int i = 0; i < N; i++)
    w[i] = malloc(M * sizeof **w);
  fill(w);
  w[7] = w[5];
  if (write) {
    launch_add(w, N, M, 1);
    return;
  }
  long long counts[2] = {N, M}, nn = N, mm = M;
  size_t global = N, local = 1;
  nurt_launch *l = nurt_launch_begin(&mod, "sums", 2);
  nurt_arg_rows(l, w, 1, counts, sizeof(float), NURT_IN, "w");
  nurt_arg_buffer(l, s, N * sizeof *s, NURT_OUT);
  nurt_arg_value(l, &mm, sizeof mm);
  nurt_arg_value(l, &nn, sizeof nn);
  nurt_launch_end(l, 1, &global, &local);
  nurt_host_access(s, 0);
  CHECK(s[7] == s[5]);
  CHECK(s[5] == (float)(5 * M) - (float)(M * (M - 1) / 2));
  free(s);
}

int main(int argc, char **argv) {
  CHECK(!nurt_host_mode());
  if (argc > 1 && !strcmp(argv[1], "alias")) {
    same_row(1);
    puts("test_rows: not stopped");
    return 0;
  }
  one_block();
  rows_apart();
  same_row(0);
  puts("test_rows: ok");
  return 0;
}

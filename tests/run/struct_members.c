/* struct_members.c — struct members in kernels: a matrix descriptor reached
 * through a pointer (`m->data[i * m->cols + j]`, `m->rows`), a struct held by
 * value (`v.len`, `v.data[i]`), a fixed-size array member (`p.coef[k]`) and
 * a scalar member used as a loop bound and as a kernel operand. */
#include <stdio.h>
#include <stdlib.h>

struct mat {
  int rows, cols;
  float *data;
};

struct vec {
  int len;
  float *data;
};

struct params {
  float coef[4];
  float bias;
};

/* out = M·v + bias, one work-item per row; polynomial of each entry. */
static void matvec(const struct mat *m, struct vec v, struct vec out, struct params p) {
#pragma nu work(16)
  for (int i = 0; i < m->rows; i++) {
    float s = p.bias;
    for (int j = 0; j < m->cols; j++)
      s += m->data[i * m->cols + j] * v.data[j];
    out.data[i] = s;
  }
#pragma nu work(8, 8)
  for (int i = 0; i < m->rows; i++)
    for (int j = 0; j < m->cols; j++) {
      float x = m->data[i * m->cols + j];
      float y = p.coef[2] + x * p.coef[3];
      m->data[i * m->cols + j] = p.coef[0] + x * (p.coef[1] + x * y);
    }
}

int main(int argc, char **argv) {
  int rows = argc > 1 ? atoi(argv[1]) : 45;
  int cols = argc > 2 ? atoi(argv[2]) : 30;
  struct mat m = {rows, cols, malloc(sizeof(float) * (size_t)rows * cols)};
  struct vec v = {cols, malloc(sizeof(float) * (size_t)cols)};
  struct vec out = {rows, malloc(sizeof(float) * (size_t)rows)};
  struct params p = {{0.5f, -0.25f, 0.125f, 0.0625f}, 1.0f};
  for (int i = 0; i < m.rows * m.cols; i++)
    m.data[i] = (float)(i % 11) * 0.1f;
  for (int j = 0; j < v.len; j++)
    v.data[j] = 1.0f + (float)(j % 3);

  matvec(&m, v, out, p);
  /* A kernel in main on the struct held by value; bound m.rows. */
#pragma nu work(32)
  for (int i = 0; i < m.rows; i++)
    out.data[i] = out.data[i] * 0.5f + m.data[i * m.cols];

  double so = 0.0, sm = 0.0;
  for (int i = 0; i < out.len; i++)
    so += out.data[i];
  for (int i = 0; i < m.rows * m.cols; i++)
    sm += m.data[i] * (i % 7 + 1);
  printf("rows=%d cols=%d\n", m.rows, m.cols);
  printf("out %.6e m %.6e\n", so, sm);
  printf("out[0]=%g out[rows-1]=%g m[1][2]=%g\n", out.data[0], out.data[rows - 1],
         m.data[1 * cols + 2]);
  free(m.data), free(v.data), free(out.data);
  return 0;
}

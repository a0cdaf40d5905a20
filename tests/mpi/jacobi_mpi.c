/* jacobi_mpi.c — a 2-D Jacobi sweep over an n x m grid split by rows over
 * the MPI ranks (tests/mpi/run_mpi.sh): each rank's kernels write its rows,
 * the ranks exchange their edge rows (halo.c: MPI_Sendrecv on even steps,
 * MPI_Isend/MPI_Irecv/MPI_Waitall around the inner rows' kernel on odd
 * ones) and sum a residual per column that a kernel computed
 * (MPI_Allreduce); rank 0 gathers the grid and prints it.  Any number of
 * ranks dividing n prints what one rank prints.
 * Usage: jacobi_mpi [n m steps] */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#include "halo.h"

/* Rows lo..hi of v from u. */
static void relax(int lo, int hi, int m, double (*restrict u)[m], double (*restrict v)[m]) {
#pragma nu work(4, 16)
  for (int i = lo; i <= hi; i++)
    for (int j = 1; j < m - 1; j++)
      v[i][j] = 0.25 * (u[i - 1][j] + u[i + 1][j] + u[i][j - 1] + u[i][j + 1]);
}

/* One step: the halos, v from u on rows 1..rows, then res[j], column j's
 * squared change over those rows.  On odd steps the inner rows are relaxed
 * while the halos are in flight: the kernel reads and the halo rows share
 * pages with rows it reads, which MPI may be filling. */
static void sweep(int step, int rows, int m, double (*restrict u)[m], double (*restrict v)[m],
                  double *restrict res) {
  if (step % 2 == 0) {
    halo_exchange(&u[0][0], rows, m);
    relax(1, rows, m, u, v);
  } else {
    halo_post(&u[0][0], rows, m);
    relax(2, rows - 1, m, u, v);
    halo_wait();
    relax(1, 1, m, u, v);
    relax(rows, rows, m, u, v);
  }
#pragma nu work(32)
  for (int j = 0; j < m; j++) {
    double s = 0;
    for (int i = 1; i <= rows; i++)
      s += (v[i][j] - u[i][j]) * (v[i][j] - u[i][j]);
    res[j] = s;
  }
}

/* The fixed boundary: 1 along the top edge, a ramp down the left and right
 * columns, 0 along the bottom and inside at first.  Global row g of n + 2
 * (0 and n + 1 are the edges). */
static double boundary(int g, int j, int n, int m) {
  if (g == 0)
    return 1.0;
  if (g == n + 1)
    return 0.0;
  if (j == 0 || j == m - 1)
    return (double)(n + 1 - g) / (n + 1);
  return 0.0;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int n = argc > 1 ? atoi(argv[1]) : 24, m = argc > 2 ? atoi(argv[2]) : 4096;
  int steps = argc > 3 ? atoi(argv[3]) : 12;
  if (n % size != 0 || n / size < 2) {
    if (rank == 0)
      fprintf(stderr, "jacobi_mpi: %d rows do not split over %d ranks\n", n, size);
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  int rows = n / size;
  size_t bytes = (size_t)(rows + 2) * m * sizeof(double);
  double(*u)[m] = malloc(bytes), (*v)[m] = malloc(bytes);
  double *res = malloc(m * sizeof *res), *total = malloc(m * sizeof *total);
  if (!u || !v || !res || !total)
    MPI_Abort(MPI_COMM_WORLD, 1);
  for (int i = 0; i < rows + 2; i++)
    for (int j = 0; j < m; j++)
      u[i][j] = v[i][j] = boundary(rank * rows + i, j, n, m);

  for (int step = 0; step < steps; step++) {
    sweep(step, rows, m, u, v, res);
    halo_sum(res, total, m);
    double r = 0;
    for (int j = 0; j < m; j++)
      r += total[j];
    if (rank == 0)
      printf("step %d residual %.9e\n", step, r);
    double(*t)[m] = u;
    u = v;
    v = t;
  }

  /* Rank 0 prints each row's sum and a few points of the whole grid. */
  double *grid = rank == 0 ? malloc((size_t)n * m * sizeof *grid) : NULL;
  if (rank == 0 && !grid)
    MPI_Abort(MPI_COMM_WORLD, 1);
  MPI_Gather(&u[1][0], rows * m, MPI_DOUBLE, grid, rows * m, MPI_DOUBLE, 0, MPI_COMM_WORLD);
  if (rank == 0) {
    for (int i = 0; i < n; i++) {
      double s = 0;
      for (int j = 0; j < m; j++)
        s += grid[(long)i * m + j];
      printf("row %d sum %.9e first %.9e mid %.9e\n", i, s, grid[(long)i * m + 1],
             grid[(long)i * m + m / 2]);
    }
    free(grid);
  }
  free(u);
  free(v);
  free(res);
  free(total);
  MPI_Finalize();
  return 0;
}

/* halo.h — the communication module of jacobi_mpi.c: MPI calls in a file
 * nucc does not translate, as a program's own halo library would be. */
#ifndef HALO_H
#define HALO_H

/* Rows 1..rows of u (rows + 2 rows of m doubles) are this rank's; rows 0
 * and rows + 1 are copies of the neighbours' edge rows, exchanged here. */
void halo_exchange(double *u, int rows, int m); /* MPI_Sendrecv */
/* The same in two halves: MPI_Irecv and MPI_Isend posted, then MPI_Waitall;
 * the program runs kernels in between. */
void halo_post(double *u, int rows, int m);
void halo_wait(void);

/* out[j] = the sum over the ranks of in[j], j < m (MPI_Allreduce). */
void halo_sum(const double *in, double *out, int m);

#endif

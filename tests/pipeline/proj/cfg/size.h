/* size.h — the array size of prog.c, two headers deep. */
#define PROG_N 1000

/* omp.h — the OpenMP API as nucc --openmp parses it (libclang has no
 * <omp.h> of its own, and GCC's uses attributes clang refuses).  Only for
 * reading the input: the output keeps the program's #include <omp.h>, which
 * the user's C compiler resolves.  Calls to these from a loop nucc offloads
 * are errors (functions of another file). */
#ifndef NUCC_PARSE_OMP_H
#define NUCC_PARSE_OMP_H

typedef struct omp_lock_t {
  void *p;
} omp_lock_t;
typedef struct omp_nest_lock_t {
  void *p;
} omp_nest_lock_t;
typedef enum omp_sched_t {
  omp_sched_static = 1,
  omp_sched_dynamic = 2,
  omp_sched_guided = 3,
  omp_sched_auto = 4
} omp_sched_t;

void omp_set_num_threads(int);
int omp_get_num_threads(void);
int omp_get_max_threads(void);
int omp_get_thread_num(void);
int omp_get_num_procs(void);
int omp_in_parallel(void);
void omp_set_dynamic(int);
int omp_get_dynamic(void);
void omp_set_nested(int);
int omp_get_nested(void);
void omp_set_schedule(omp_sched_t, int);
void omp_get_schedule(omp_sched_t *, int *);
int omp_get_thread_limit(void);
int omp_get_level(void);
int omp_get_num_devices(void);
void omp_init_lock(omp_lock_t *);
void omp_destroy_lock(omp_lock_t *);
void omp_set_lock(omp_lock_t *);
void omp_unset_lock(omp_lock_t *);
int omp_test_lock(omp_lock_t *);
void omp_init_nest_lock(omp_nest_lock_t *);
void omp_destroy_nest_lock(omp_nest_lock_t *);
void omp_set_nest_lock(omp_nest_lock_t *);
void omp_unset_nest_lock(omp_nest_lock_t *);
int omp_test_nest_lock(omp_nest_lock_t *);
double omp_get_wtime(void);
double omp_get_wtick(void);

#endif

/* test_host_first.c — NU_HOST_FIRST's choice (hostfirst.c), asked as a bare
 * `work`'s site asks it.  `test_host_first budget` (NU_HOST_FIRST unset or
 * 200): a module whose nests all ask is not built by its constructor; small
 * nests run on the host and no device is chosen; the first nest whose
 * predicted time would pass the budget launches, and every later one too,
 * however small, with what the host wrote copied in.  `test_host_first times`:
 * a small nest that the loops around it will run 1e12 times launches at
 * once.  `test_host_first ahead`: a small nest whose function's later
 * nests nucc could not count (-1) launches; one before 1e15 units of later
 * work, in another run, too (`ahead-big`).  `test_host_first off`
 * (NU_HOST_FIRST=0): the first nest launches.  `test_host_first host`
 * (NU_DEVICE=host): every nest on the host, the answer 0 (no timing). */
#include <string.h>

#include "check.h"

static nurt_module mod = {TEST_KERNELS, "test_host_first.c", 0, NULL, 1};

__attribute__((constructor)) static void prepare(void) { nurt_module_prepare(&mod); }

/* the nest at line 40 as nucc prints it: the loops on the host, else a kernel */
static void scale_ahead(float *a, long long n, float s, double work, double times, double later,
                        int *on_host) {
  double hf = nurt_host_first(&mod, 40, work, times, later);
  *on_host = hf >= 0;
  if (hf >= 0) {
    for (long long i = 0; i < n; i++)
      a[i] *= s;
    nurt_host_first_end(hf);
    return;
  }
  size_t g = (size_t)n, lsz = 1;
  nurt_launch *l = nurt_launch_begin(&mod, "scale", 40);
  nurt_arg_buffer(l, a, sizeof(float) * (size_t)n, NURT_INOUT);
  nurt_arg_value(l, &s, sizeof s);
  nurt_arg_value(l, &n, sizeof n);
  nurt_launch_end(l, 1, &g, &lsz);
}

static void scale_times(float *a, long long n, float s, double work, double times, int *on_host) {
  scale_ahead(a, n, s, work, times, 0.0, on_host);
}

static void scale(float *a, long long n, float s, double work, int *on_host) {
  scale_times(a, n, s, work, 1.0, on_host);
}

int main(int argc, char **argv) {
  CHECK(argc == 2);
  enum { N = 1000 };
  float *a = malloc(sizeof *a * N);
  CHECK(a);
  for (int i = 0; i < N; i++)
    a[i] = (float)i;
  int on_host;
  if (!strcmp(argv[1], "budget")) {
    CHECK(mod.priv == NULL); /* the constructor left the build to the first launch */
    scale(a, N, 2, 2.0 * N, &on_host);
    CHECK(on_host);
    scale(a, N, 2, 2.0 * N, &on_host);
    CHECK(on_host);
    nurt_stats s;
    nurt_get_stats(&s);
    CHECK_EQ(s.launches, 0);
    /* 1e15 units: at least 1000 s at any rate a core can reach */
    scale(a, N, 3, 1e15, &on_host);
    CHECK(!on_host);
    CHECK(mod.priv != NULL);
    scale(a, N, 0.5, 2.0, &on_host); /* the device is up: small nests launch too */
    CHECK(!on_host);
    nurt_get_stats(&s);
    CHECK_EQ(s.launches, 2);
    CHECK_EQ(s.copies_to_device, 1); /* what the host wrote, once */
  } else if (!strcmp(argv[1], "times")) {
    scale_times(a, N, 2, 2.0 * N, 1e12, &on_host);
    CHECK(!on_host);
    scale_times(a, N, 2, 2.0, 1.0, &on_host);
    CHECK(!on_host);
    scale(a, N, 3, 2.0, &on_host);
    scale(a, N, 0.5, 2.0, &on_host);
    CHECK(!on_host);
  } else if (!strcmp(argv[1], "ahead") || !strcmp(argv[1], "ahead-big")) {
    scale_ahead(a, N, 2, 2.0, 1.0, argv[1][5] ? 1e15 : -1.0, &on_host);
    CHECK(!on_host);
    scale(a, N, 2, 2.0, &on_host);
    CHECK(!on_host);
    scale(a, N, 3, 2.0, &on_host);
    scale(a, N, 0.5, 2.0, &on_host);
    CHECK(!on_host);
  } else if (!strcmp(argv[1], "off")) {
    scale(a, N, 2, 2.0, &on_host);
    CHECK(!on_host);
    scale(a, N, 2, 2.0, &on_host);
    CHECK(!on_host);
    scale(a, N, 3, 2.0, &on_host);
    CHECK(!on_host);
    scale(a, N, 0.5, 2.0, &on_host);
    CHECK(!on_host);
  } else {
    CHECK(!strcmp(argv[1], "host"));
    CHECK(nurt_host_first(&mod, 40, 1e15, 1.0, -1.0) == 0);
    scale(a, N, 2, 2.0, &on_host);
    CHECK(on_host);
    scale(a, N, 2, 2.0, &on_host);
    scale(a, N, 3, 2.0, &on_host);
    scale(a, N, 0.5, 2.0, &on_host);
    CHECK(on_host);
  }
  nurt_host_access(a, 0);
  for (int i = 0; i < N; i++)
    CHECK(a[i] == (float)i * 6);
  nurt_free(a);
  puts("test_host_first: ok");
  return 0;
}

/* lsan_dtls_mod.c — a module with dynamic TLS, for lsan_dtls.c. */
int *lsan_dtls_counter(void);

static __thread int counter;

int *lsan_dtls_counter(void) { return &counter; }

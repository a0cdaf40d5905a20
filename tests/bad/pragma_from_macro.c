// expect: 8:17: error: '_Pragma("nu ...")' is not supported
/* An annotation produced by a macro through _Pragma would be dropped by the C
 * front end, which knows no `nu` pragma, and the loop would silently stay on
 * the host.  nucc refuses it where the _Pragma is written (here in the
 * macro's definition) and asks for a `#pragma nu` line.  (One from a macro
 * in a header is not seen; docs/annotations.md says so.) */

#define OFFLOAD _Pragma("nu work(64)")

void clear(float *a, int n) {
  OFFLOAD
  for (int i = 0; i < n; i++)
    a[i] = 0.0f;
}

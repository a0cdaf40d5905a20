// nucc-flags: -ffp-contract=off
/* struct_complex.c — complex arithmetic with a struct {double re, im;}:
 * helpers that take structs by value and return one (`w = cadd(cmul(w, w),
 * c)`), struct locals initialised from an array element, by a list or
 * assigned whole, an element written whole (`out[i] = w`) then by member.
 * A Mandelbrot-like iteration count: chaotic near the set's edge, where a
 * fused multiply-add changes the last digits, hence -ffp-contract=off.  nucc once refused struct
 * locals and helpers of struct type. */
#include <stdio.h>
#include <stdlib.h>
typedef struct {
  double re, im;
} Complex;
static Complex cmul(Complex a, Complex b) {
  Complex r;
  r.re = a.re * b.re - a.im * b.im;
  r.im = a.re * b.im + a.im * b.re;
  return r;
}
static Complex cadd(Complex a, Complex b) {
  Complex r = {a.re + b.re, a.im + b.im};
  return r;
}
static double cabs2(Complex a) { return a.re * a.re + a.im * a.im; }
int main(void) {
  int n = 512;
  Complex *z = malloc(sizeof(Complex) * n), *out = malloc(sizeof(Complex) * n);
  int *iters = malloc(sizeof(int) * n);
  for (int i = 0; i < n; i++) {
    z[i].re = -2.0 + 2.5 * i / n;
    z[i].im = 0.3 + 0.001 * i;
  }
#pragma nu work(64)
  for (int i = 0; i < n; i++) {
    Complex c = z[i];
    Complex w = c;
    int k = 0;
    while (k < 100 && cabs2(w) < 4.0) {
      w = cadd(cmul(w, w), c);
      k++;
    }
    iters[i] = k;
    out[i] = w;
    out[i].im = -out[i].im;
  }
  long s = 0;
  double t = 0;
  for (int i = 0; i < n; i++) {
    s += iters[i] * (i + 1);
    if (iters[i] == 100)
      t += out[i].re - out[i].im;
  }
  printf("%ld %.9f\n", s, t);
  free(z);
  free(out);
  free(iters);
  return 0;
}

static float h9(float a, float b, float c, float d, float e, float f, float g, float h, float i) {
  return a + b + c + d + e + f + g + h - i;
}
void k(int n, float *y) {
  float v9 = 9, v12 = 12;
#pragma nu work(64)
  for (int i = 0; i < n; i++) {
    float v1 = y[i], v2 = v1, v3 = v2, v4 = v3, v5 = v4, v6 = v5, v7 = v6, v8 = v7, v9 = v8,
          v10 = v9, v11 = v10, v12 = v11;
    y[i] = h9(v1, v2, v3, v4, v5, v6, v7, v8, v9) + v12;
  }
}

/* struct_particles.c — a particle update over an array of structs, as
 * particle codes write it: members read and written through `pts[i].x`, a
 * nested struct (`p[i].pos.y`), a fixed array member (`p[i].f[k]`), members
 * of mixed types with the host's padding (an int between doubles), on the
 * heap and at file scope.  The host reads the particles between steps, so
 * each step copies back and forth.  nucc once refused arrays of structs
 * ("only arrays of numbers are supported"). */
#include <stdio.h>
#include <stdlib.h>

typedef struct {
  double x, y, z;
} Vec3;

typedef struct {
  Vec3 pos, vel;
  int kind; /* 4 bytes of padding after it on the host */
  double mass;
  float f[3];
} Particle;

struct cell {
  short id;
  float w;
  char tag;
};

struct cell cells[300];

static void step(int n, Particle *p, double dt) {
#pragma nu work(64)
  for (int i = 0; i < n; i++) {
    double inv = 1.0 / p[i].mass;
    for (int k = 0; k < 3; k++)
      p[i].f[k] = (float)(-(k + 1) * p[i].kind * 0.5);
    p[i].vel.x += dt * p[i].f[0] * inv;
    p[i].vel.y += dt * p[i].f[1] * inv;
    p[i].vel.z += dt * p[i].f[2] * inv;
    p[i].pos.x += dt * p[i].vel.x;
    p[i].pos.y += dt * p[i].vel.y;
    p[i].pos.z += dt * p[i].vel.z;
  }
}

int main(void) {
  int n = 1000;
  Particle *p = malloc(sizeof(Particle) * (size_t)n);
  for (int i = 0; i < n; i++) {
    p[i].pos = (Vec3){i * 0.1, i * 0.2, 0};
    p[i].vel = (Vec3){1, 0, -1};
    p[i].kind = i % 3;
    p[i].mass = 1.0 + i % 7;
  }
  for (int t = 0; t < 5; t++) {
    step(n, p, 0.01);
    p[t].mass += 1.0; /* a host write between the launches */
  }
  double e = 0;
  for (int i = 0; i < n; i++)
    e += p[i].mass * (p[i].vel.x * p[i].vel.x + p[i].vel.y * p[i].vel.y) + p[i].pos.x + p[i].pos.z +
         p[i].f[2];
  printf("energy %.10f\n", e);
  printf("p[7] %.10f %.10f %.10f kind %d\n", p[7].pos.x, p[7].pos.y, p[7].pos.z, p[7].kind);

  for (int i = 0; i < 300; i++)
    cells[i] = (struct cell){(short)i, 0.5f * i, (char)('a' + i % 26)};
#pragma nu work(32)
  for (int i = 0; i < 300; i++) {
    cells[i].w = cells[i].w * 2 + cells[i].id;
    if (cells[i].tag == 'c')
      cells[i].id = -cells[i].id;
  }
  long s = 0;
  for (int i = 0; i < 300; i++)
    s += (long)cells[i].w * cells[i].id + cells[i].tag;
  printf("cells %ld %d %c\n", s, cells[28].id, cells[28].tag);
  free(p);
  return 0;
}

/* Nested structs, unions and arrays inside structs, passed and returned by
 * value at several depths, and member access through chains. */
#include <stdint.h>
#include "check.h"

struct Color { uint8_t r, g, b, a; };
struct Vertex { float pos[3]; struct Color col; };
struct Tri { struct Vertex v[3]; int material; };
struct Mesh { char name[8]; struct Tri tris[2]; union { uint32_t flags; struct { uint16_t lo, hi; } parts; } u; double scale; };

static NOINLINE struct Color blend(struct Color a, struct Color b) {
  struct Color c = {(uint8_t)((a.r + b.r) / 2), (uint8_t)((a.g + b.g) / 2), (uint8_t)((a.b + b.b) / 2), (uint8_t)((a.a + b.a) / 2)};
  return c;
}
static NOINLINE struct Vertex shift(struct Vertex v, float dx) { for (int i = 0; i < 3; i++) v.pos[i] += dx; return v; }
static NOINLINE struct Tri recolor(struct Tri t, struct Color c) { for (int i = 0; i < 3; i++) t.v[i].col = c; t.material++; return t; }
static NOINLINE struct Mesh scale_mesh(struct Mesh m, double s) {
  m.scale *= s;
  for (int t = 0; t < 2; t++)
    for (int v = 0; v < 3; v++)
      for (int k = 0; k < 3; k++) m.tris[t].v[v].pos[k] = (float)(m.tris[t].v[v].pos[k] * s);
  m.u.parts.hi++;
  return m;
}
static NOINLINE float sum_positions(const struct Mesh *m) {
  float s = 0;
  for (int t = 0; t < 2; t++) for (int v = 0; v < 3; v++) for (int k = 0; k < 3; k++) s += m->tris[t].v[v].pos[k];
  return s;
}

int main(void) {
  struct Color red = {255, 0, 0, 255}, blue = {0, 0, 255, 255};
  struct Color mix = blend(red, blue);
  CHECK(mix.r == 127 && mix.g == 0 && mix.b == 127 && mix.a == 255);
  struct Vertex v = {{1, 2, 3}, red};
  struct Vertex w = shift(v, OPAQUE(0.5f));
  CHECK(w.pos[0] == 1.5f && w.pos[2] == 3.5f && w.col.r == 255 && v.pos[0] == 1.0f);
  struct Tri t = {{v, w, shift(w, 1.0f)}, 7};
  struct Tri t2 = recolor(t, blue);
  CHECK(t2.material == 8 && t2.v[2].col.b == 255 && t2.v[2].pos[1] == 3.5f);
  CHECK(t.v[0].col.r == 255 && t.material == 7);
  struct Mesh m = {"mesh", {t, t2}, {.flags = 0x00010002u}, 1.0};
  float before = sum_positions(&m);
  struct Mesh m2 = scale_mesh(m, 2.0);
  CHECK(m2.scale == 2.0 && m.scale == 1.0);
  CHECK(sum_positions(&m2) == 2 * before);
  CHECK(m2.u.parts.hi == 2 && m2.u.parts.lo == 2 && m2.u.flags == 0x00020002u);
  CHECK_STR(m2.name, "mesh");
  CHECK(m2.tris[1].v[1].col.b == 255 && m2.tris[1].material == 8);
  CHECK(sizeof(struct Vertex) == 16 && sizeof(struct Tri) == 52);
  /* chained access on returned structs */
  CHECK(scale_mesh(m, 0.5).tris[0].v[2].pos[0] == 1.25f);
  CHECK(recolor(t, mix).v[1].col.r == 127);
  CHECK_DONE();
}

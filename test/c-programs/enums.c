/* Enumerations: implicit and explicit values, negative and large values,
 * enum in switch and arrays, sizeof, arithmetic. */
#include <limits.h>
#include "check.h"

enum color { RED, GREEN, BLUE, NCOLORS };
enum flags { F_A = 1, F_B = 2, F_C = 4, F_D = 8, F_ALL = F_A | F_B | F_C | F_D };
enum mixed { M_NEG = -3, M_NEXT, M_TEN = 10, M_ELEVEN, M_DUP = 10 };
enum big { BIG = INT_MAX, SMALL = INT_MIN };
typedef enum { T_INT, T_FLOAT } type_tag;
enum { ANON_A = 5, ANON_B = ANON_A * 3 };

static const char *const color_names[NCOLORS] = {[RED] = "red", [GREEN] = "green", [BLUE] = "blue"};
static NOINLINE const char *name(enum color c) {
  switch (c) {
    case RED: return "R";
    case GREEN: return "G";
    case BLUE: return "B";
    default: return "?";
  }
}

int main(void) {
  CHECK(RED == 0 && GREEN == 1 && BLUE == 2 && NCOLORS == 3);
  CHECK(F_ALL == 15);
  CHECK(M_NEG == -3 && M_NEXT == -2 && M_TEN == 10 && M_ELEVEN == 11 && M_DUP == M_TEN);
  CHECK(BIG == INT_MAX && SMALL == INT_MIN);
  CHECK(ANON_B == 15);
  CHECK(sizeof(enum color) == sizeof(int));
  CHECK(sizeof(RED) == sizeof(int));
  enum color c = OPAQUE(BLUE);
  CHECK_STR(color_names[c], "blue");
  CHECK_STR(name(c), "B");
  CHECK_STR(name((enum color)OPAQUE(7)), "?");
  int counts[NCOLORS] = {0};
  for (int i = 0; i < 30; i++) counts[(enum color)(i % NCOLORS)]++;
  CHECK(counts[RED] == 10 && counts[BLUE] == 10);
  enum flags f = F_A | F_C;
  CHECK((f & F_C) && !(f & F_B));
  f = (enum flags)(f | F_D);
  CHECK(f == 13);
  type_tag t = T_FLOAT;
  CHECK(t == 1);
  /* enum values are ints in expressions */
  CHECK(BLUE * 10 + GREEN == 21);
  CHECK((int)M_NEG < (int)RED);
  int iter = 0;
  for (enum color k = RED; k < NCOLORS; k++) iter += (int)k;
  CHECK_EQ(iter, 3);
  CHECK_DONE();
}

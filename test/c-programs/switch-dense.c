/* Dense switch statements (jump tables) over int, char and enum values,
 * including negative bases and default handling. */
#include "check.h"

static NOINLINE int dense(int x) {
  switch (x) {
    case 0: return 10;
    case 1: return 11;
    case 2: return 13;
    case 3: return 17;
    case 4: return 19;
    case 5: return 23;
    case 6: return 29;
    case 7: return 31;
    case 8: return 37;
    case 9: return 41;
    case 10: return 43;
    case 11: return 47;
    case 12: return 53;
    case 13: return 59;
    case 14: return 61;
    case 15: return 67;
    default: return -1;
  }
}
static NOINLINE int negbase(int x) {
  switch (x) {
    case -8: return 1; case -7: return 2; case -6: return 3; case -5: return 4;
    case -4: return 5; case -3: return 6; case -2: return 7; case -1: return 8;
    case 0: return 9; case 1: return 10; case 2: return 11;
    default: return 0;
  }
}
static NOINLINE int hexval(char c) {
  switch (c) {
    case '0': case '1': case '2': case '3': case '4':
    case '5': case '6': case '7': case '8': case '9': return c - '0';
    case 'a': case 'b': case 'c': case 'd': case 'e': case 'f': return c - 'a' + 10;
    case 'A': case 'B': case 'C': case 'D': case 'E': case 'F': return c - 'A' + 10;
    default: return -1;
  }
}
enum op { OP_ADD, OP_SUB, OP_MUL, OP_DIV, OP_MOD, OP_AND, OP_OR, OP_XOR, OP_SHL, OP_SHR };
static NOINLINE long apply(enum op o, long a, long b) {
  switch (o) {
    case OP_ADD: return a + b;
    case OP_SUB: return a - b;
    case OP_MUL: return a * b;
    case OP_DIV: return a / b;
    case OP_MOD: return a % b;
    case OP_AND: return a & b;
    case OP_OR: return a | b;
    case OP_XOR: return a ^ b;
    case OP_SHL: return a << b;
    case OP_SHR: return a >> b;
  }
  return 0;
}
static NOINLINE unsigned char_class(unsigned char c) {
  unsigned r = 0;
  switch (c >> 4) {           /* 16-way on the high nibble */
    case 0x0: case 0x1: r = 1; break;
    case 0x2: r = 2; break;
    case 0x3: r = 3; break;
    case 0x4: case 0x5: r = 4; break;
    case 0x6: case 0x7: r = 5; break;
    default: r = 6;
  }
  return r;
}

int main(void) {
  static const int ref[16] = {10, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67};
  for (int i = -3; i < 20; i++) CHECK_EQ(dense(OPAQUE(i)), (i >= 0 && i < 16) ? ref[i] : -1);
  CHECK_EQ(dense(OPAQUE(-2147483647 - 1)), -1);
  CHECK_EQ(dense(OPAQUE(2147483647)), -1);
  for (int i = -12; i < 6; i++) CHECK_EQ(negbase(i), (i >= -8 && i <= 2) ? i + 9 : 0);
  const char *digits = "0123456789abcdefABCDEF";
  for (int i = 0; i < 22; i++) CHECK_EQ(hexval(digits[i]), i < 16 ? i : i - 6);
  CHECK_EQ(hexval('g'), -1);
  CHECK_EQ(hexval('\0'), -1);
  long a = OPAQUE(100), b = 7;
  long exp[] = {107, 93, 700, 14, 2, 4, 103, 99, 12800, 0};
  for (int o = OP_ADD; o <= OP_SHR; o++) CHECK_EQ(apply((enum op)o, a, b), exp[o]);
  CHECK_EQ(char_class(' '), 2);
  CHECK_EQ(char_class('5'), 3);
  CHECK_EQ(char_class('Z'), 4);
  CHECK_EQ(char_class('z'), 5);
  CHECK_EQ(char_class(0xFF), 6);
  CHECK_EQ(char_class('\n'), 1);
  CHECK_DONE();
}

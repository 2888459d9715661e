/* printf/puts/putchar/fputs/fputc/fprintf to stdout and stderr: return
 * values only (the text itself is not checked). */
#include <stdio.h>
#include "check.h"

int main(void) {
  int n = printf("stdio-output: %d %s\n", 12, "ok");
  CHECK_EQ(n, 20);
  CHECK_EQ(printf("%s", ""), 0);
  CHECK(puts("puts line") >= 0);
  CHECK_EQ(putchar('x'), 'x');
  CHECK_EQ(putchar('\n'), '\n');
  CHECK_EQ(putchar(0x1FF), 0xFF);                 /* converted to unsigned char */
  CHECK_EQ(putchar('\n'), '\n');
  CHECK(fputs("fputs to stdout\n", stdout) >= 0);
  CHECK_EQ(fputc('y', stdout), 'y');
  CHECK_EQ(fputc('\n', stdout), '\n');
  CHECK_EQ(fprintf(stdout, "%5.1f\n", 2.25), 6);
  CHECK_EQ(fprintf(stderr, "to stderr %d\n", 7), 12);
  CHECK(fputs("fputs to stderr\n", stderr) >= 0);
  CHECK_EQ(putc('z', stdout), 'z');
  CHECK_EQ(putc('\n', stdout), '\n');
  CHECK(fflush(stdout) == 0);
  CHECK(fflush(stderr) == 0);
  /* long line */
  char big[300];
  memset(big, '=', sizeof big - 1);
  big[sizeof big - 1] = 0;
  CHECK_EQ(printf("%s\n", big), 300);
  CHECK_DONE();
}

/* cat: copies each named file (or, with "-", standard input) to standard
   output with stdio; for a file that cannot be opened it prints the errno's
   name and exits with 1. */
#include <errno.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv) {
  int status = 0;
  for (int i = 1; i < argc; ++i) {
    FILE *f = strcmp(argv[i], "-") ? fopen(argv[i], "r") : stdin;
    if (!f) {
      printf("%s: %s\n", argv[i],
             errno == EACCES ? "EACCES" : errno == ENOENT ? "ENOENT" : "other");
      status = 1;
      continue;
    }
    int c;
    while ((c = getc(f)) != EOF)
      putchar(c);
    if (f != stdin)
      fclose(f);
  }
  return status;
}

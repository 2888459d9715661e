/* Files through stdio: write text and binary data, read them back, seek,
 * append, update in place, rename and remove; tmpfile; freopen of stdout
 * into a file. The files are named after argv[0] (the executable), in its
 * directory. On Accel they are the host's, through accel-sim's file
 * services. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include "check.h"

static char data[1024], renamed[1024], captured[1024];

static void text_and_binary(void) {
  FILE *f = fopen(data, "w");
  CHECK(f != NULL);
  if (!f)
    return;
  for (int i = 0; i < 100; ++i)
    fprintf(f, "line %d %.1f\n", i, i * 0.5);
  double values[64];
  for (int i = 0; i < 64; ++i)
    values[i] = 1.0 / (i + 1);
  long text_end = ftell(f);
  CHECK_EQ(fwrite(values, sizeof values[0], 64, f), 64);
  CHECK_EQ(ftell(f), text_end + 64 * 8);
  CHECK_EQ(fclose(f), 0);

  struct stat st;
  CHECK_EQ(stat(data, &st), 0);
  CHECK(S_ISREG(st.st_mode));
  CHECK_EQ(st.st_size, text_end + 64 * 8);

  f = fopen(data, "r");
  CHECK(f != NULL);
  if (!f)
    return;
  for (int i = 0; i < 100; ++i) {
    int n = -1;
    double x = -1;
    CHECK_EQ(fscanf(f, "line %d %lf\n", &n, &x), 2);
    CHECK_EQ(n, i);
    CHECK(x == i * 0.5);
  }
  CHECK_EQ(ftell(f), text_end);
  double back[64];
  CHECK_EQ(fread(back, sizeof back[0], 64, f), 64);
  CHECK(memcmp(back, values, sizeof values) == 0);
  CHECK_EQ(fgetc(f), EOF);
  CHECK(feof(f));

  /* Seeks: to a line, and from the end to the last double. */
  CHECK_EQ(fseek(f, 0, SEEK_SET), 0);
  char line[64];
  CHECK(fgets(line, sizeof line, f) != NULL);
  CHECK_STR(line, "line 0 0.0\n");
  CHECK_EQ(fseek(f, -8, SEEK_END), 0);
  double last = 0;
  CHECK_EQ(fread(&last, 8, 1, f), 1);
  CHECK(last == 1.0 / 64);
  CHECK_EQ(fclose(f), 0);
}

static void append_and_update(void) {
  FILE *f = fopen(data, "w");
  CHECK(f != NULL);
  if (!f)
    return;
  fputs("alpha\n", f);
  fclose(f);
  f = fopen(data, "a");
  fputs("beta\n", f);
  fclose(f);
  /* r+: overwrite "beta" in place with "BETA". */
  f = fopen(data, "r+");
  CHECK_EQ(fseek(f, 6, SEEK_SET), 0);
  fputs("BETA", f);
  fclose(f);
  f = fopen(data, "r");
  char all[32] = {0};
  CHECK_EQ(fread(all, 1, sizeof all - 1, f), 11);
  CHECK_STR(all, "alpha\nBETA\n");
  fclose(f);
}

static void rename_and_remove(void) {
  CHECK_EQ(rename(data, renamed), 0);
  errno = 0;
  CHECK(fopen(data, "r") == NULL);
  CHECK_EQ(errno, ENOENT);
  FILE *f = fopen(renamed, "r");
  CHECK(f != NULL);
  if (f)
    fclose(f);
  CHECK_EQ(remove(renamed), 0);
  errno = 0;
  CHECK(fopen(renamed, "r") == NULL);
  CHECK_EQ(errno, ENOENT);
  CHECK(remove(renamed) != 0);
}

static void temporary_file(void) {
  FILE *t = tmpfile();
  CHECK(t != NULL);
  if (!t)
    return;
  for (int i = 0; i < 1000; ++i)
    fputc('a' + i % 26, t);
  rewind(t);
  int ok = 1;
  for (int i = 0; i < 1000; ++i)
    ok &= fgetc(t) == 'a' + i % 26;
  CHECK(ok);
  CHECK_EQ(fgetc(t), EOF);
  fclose(t);
}

/* Last: after it, stdout (and so any FAIL line) goes to the file. */
static void stdout_into_file(void) {
  fflush(stdout);
  CHECK(freopen(captured, "w", stdout) != NULL);
  printf("captured %d\n", 42);
  puts("second line");
  fflush(stdout);
  FILE *f = fopen(captured, "r");
  char text[64] = {0};
  if (f) {
    fread(text, 1, sizeof text - 1, f);
    fclose(f);
  }
  CHECK_STR(text, "captured 42\nsecond line\n");
  if (failures)
    fprintf(stderr, "FAIL: see %s\n", captured);
}

int main(int argc, char **argv) {
  snprintf(data, sizeof data, "%s.data", argv[0]);
  snprintf(renamed, sizeof renamed, "%s.renamed", argv[0]);
  snprintf(captured, sizeof captured, "%s.stdout", argv[0]);
  remove(data); /* what an interrupted earlier run left */
  remove(renamed);
  text_and_binary();
  append_and_update();
  rename_and_remove();
  temporary_file();
  stdout_into_file();
  CHECK_DONE();
}

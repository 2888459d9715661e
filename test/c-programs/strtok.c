/* strtok tokenisation with changing delimiter sets. */
#include "check.h"

int main(void) {
  char line[] = "  alpha,beta;;gamma , delta  ";
  const char *expect[] = {"alpha", "beta", "gamma", "delta"};
  int n = 0;
  for (char *t = strtok(line, " ,;"); t; t = strtok(NULL, " ,;")) {
    if (n < 4) CHECK_STR(t, expect[n]);
    n++;
  }
  CHECK_EQ(n, 4);
  char kv[] = "key=value=more";
  char *k = strtok(kv, "=");
  char *v = strtok(NULL, "");            /* rest of the string */
  CHECK_STR(k, "key");
  CHECK_STR(v, "value=more");
  char empty[] = ";;;";
  CHECK(strtok(empty, ";") == NULL);
  char csv[] = "1,22,333,4444";
  int sum = 0, count = 0;
  for (char *t = strtok(csv, ","); t; t = strtok(NULL, ",")) { sum += (int)strlen(t); count++; }
  CHECK(sum == 10 && count == 4);
  /* the source buffer gets NUL-terminated tokens */
  CHECK(csv[1] == '\0' && csv[4] == '\0');
  CHECK_DONE();
}

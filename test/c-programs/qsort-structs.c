/* qsort of structs by multiple keys, and of pointers to structs. */
#include <stdlib.h>
#include "check.h"

struct person { char name[12]; int age; double score; };

static int by_age_then_name(const void *a, const void *b) {
  const struct person *x = a, *y = b;
  if (x->age != y->age) return x->age < y->age ? -1 : 1;
  return strcmp(x->name, y->name);
}
static int by_score_desc(const void *a, const void *b) {
  const struct person *x = *(const struct person *const *)a, *y = *(const struct person *const *)b;
  return (x->score < y->score) - (x->score > y->score);
}

int main(void) {
  struct person p[] = {
      {"dave", 30, 71.5}, {"alice", 25, 88.0}, {"carol", 30, 92.25}, {"bob", 25, 65.0},
      {"eve", 22, 99.5},  {"frank", 30, 71.0}, {"grace", 22, 50.0},  {"heidi", 41, 80.0},
  };
  const int n = sizeof p / sizeof p[0];
  struct person *ptrs[8];
  for (int i = 0; i < n; i++) ptrs[i] = &p[i];
  qsort(ptrs, (size_t)n, sizeof ptrs[0], by_score_desc);
  const char *by_score[] = {"eve", "carol", "alice", "heidi", "dave", "frank", "bob", "grace"};
  for (int i = 0; i < n; i++) CHECK_STR(ptrs[i]->name, by_score[i]);
  qsort(p, (size_t)n, sizeof p[0], by_age_then_name);
  const char *by_age[] = {"eve", "grace", "alice", "bob", "carol", "dave", "frank", "heidi"};
  for (int i = 0; i < n; i++) CHECK_STR(p[i].name, by_age[i]);
  CHECK(p[7].age == 41 && p[0].score == 99.5);
  /* large struct elements (element size not a power of two) */
  struct big { char pad[37]; int key; };
  struct big arr[40];
  for (int i = 0; i < 40; i++) { memset(arr[i].pad, 'a' + i % 26, sizeof arr[i].pad); arr[i].key = (i * 17) % 40; }
  int (*cmpk)(const void *, const void *);
  int cmp_big(const void *a, const void *b);
  cmpk = cmp_big;
  qsort(arr, 40, sizeof arr[0], cmpk);
  for (int i = 0; i < 40; i++) {
    CHECK(arr[i].key == i);
    /* payload moved with its key: key = 17*j mod 40 => j = 33*key mod 40 (17*33 = 561 = 1 mod 40) */
    int j = (i * 33) % 40;
    CHECK(arr[i].pad[0] == 'a' + j % 26 && arr[i].pad[36] == 'a' + j % 26);
  }
  CHECK_DONE();
}

int cmp_big(const void *a, const void *b) {
  int x = *(const int *)((const char *)a + 40), y = *(const int *)((const char *)b + 40);
  return x - y;
}

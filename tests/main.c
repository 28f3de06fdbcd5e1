/* Unit-test runner: runs every registered test (or those whose names
 * contain argv[1]) and closes with "unit: N passed, N failed, N skipped"
 * (tests/run-all.sh reads that line). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ferret.h"
#include "test.h"

int fer_test_failures;
const char *fer_test_dir = ".";
const char *fer_bench_dir = "../shared/bench";
bool fer_test_quick;
bool fer_bench_required;
const char *fer_test_skipped;

#define X(name) void test_##name(void);
#include "tests.inc"
#undef X

static const struct {
  const char *name;
  void (*fn)(void);
} tests[] = {
#define X(name) {#name, test_##name},
#include "tests.inc"
#undef X
    {NULL, NULL}};

typedef fer_test_buf buf;

void fer_test_buf_clear(fer_test_buf *b) {
  b->size = 0;
  fer_test_buf_add(b, "", 0);
}

void fer_test_buf_add(void *user, const char *text, size_t len) {
  buf *b = user;
  if (b->size + len + 1 > b->cap) {
    b->cap = (b->size + len + 1) * 2;
    b->data = realloc(b->data, b->cap);
  }
  memcpy(b->data + b->size, text, len);
  b->size += len;
  b->data[b->size] = '\0';
}

static buf out_buf, diag_buf;

fer_test_run fer_test_smt(const char *text) {
  out_buf.size = diag_buf.size = 0;
  fer_test_buf_add(&out_buf, "", 0);
  fer_test_buf_add(&diag_buf, "", 0);
  ferret *f = ferret_new();
  ferret_set_output(f, fer_test_buf_add, &out_buf);
  ferret_set_diagnostic(f, fer_test_buf_add, &diag_buf);
  fer_test_run r;
  r.status = ferret_execute(f, "test", text, strlen(text));
  ferret_delete(f);
  r.out = out_buf.data;
  r.diag = diag_buf.data;
  return r;
}

static void drop(void *u, const char *t, size_t n) { (void)u, (void)t, (void)n; }

ferret *fer_test_search_context(uint64_t seed, uint64_t max_execs) {
  ferret *f = ferret_new();
  ferret_set_output(f, drop, NULL);
  ferret_set_diagnostic(f, drop, NULL);
  char s[32], b[32];
  snprintf(s, sizeof s, "%llu", (unsigned long long)seed);
  snprintf(b, sizeof b, "%llu", (unsigned long long)max_execs);
  CHECK(ferret_set_option(f, "seed", s) == FERRET_OK);
  CHECK(ferret_set_option(f, "max_execs", b) == FERRET_OK);
  return f;
}

int fer_test_split_tsv(char *line, char **col, int max) {
  int k = 0;
  for (char *p = line; k < max;) {
    col[k++] = p;
    char *tab = strchr(p, '\t');
    if (!tab) break;
    *tab = '\0';
    p = tab + 1;
  }
  return k;
}

bool fer_test_have(const char *name) {
  char cmd[256];
  snprintf(cmd, sizeof cmd, "command -v '%s' >/dev/null 2>&1", name);
  return system(cmd) == 0;
}

const char *fer_test_z3_answer(const char *script, int seconds) {
  if (!fer_test_have("z3")) return NULL;
  char path[] = "/tmp/ferret-test-z3-XXXXXX";
  int fd = mkstemp(path);
  if (fd < 0) return "unknown";
  FILE *fp = fdopen(fd, "w");
  fputs(script, fp);
  fclose(fp);
  char cmd[256], line[64] = "";
  snprintf(cmd, sizeof cmd, "z3 -T:%d %s 2>&1", seconds, path);
  FILE *z = popen(cmd, "r");
  if (z) {
    if (!fgets(line, sizeof line, z)) line[0] = '\0';
    pclose(z);
  }
  remove(path);
  if (!strcmp(line, "sat\n")) return "sat";
  if (!strcmp(line, "unsat\n")) return "unsat";
  return "unknown";
}

int fer_test_z3(const char *text, size_t len) {
  char *script = strndup(text, len);
  const char *a = script ? fer_test_z3_answer(script, 10) : NULL;
  free(script);
  return !a ? -1 : !strcmp(a, "sat") ? 1 : !strcmp(a, "unsat") ? 0 : -1;
}

char *fer_test_read_file(const char *path, size_t *len) {
  FILE *fp = fopen(path, "rb");
  if (!fp) return NULL;
  fseek(fp, 0, SEEK_END);
  long n = ftell(fp);
  fseek(fp, 0, SEEK_SET);
  char *p = malloc((size_t)n + 1);
  size_t got = fread(p, 1, (size_t)n, fp);
  fclose(fp);
  p[got] = '\0';
  if (len) *len = got;
  return p;
}

fer_test_row *fer_test_manifest(size_t *count) {
  char path[4096];
  snprintf(path, sizeof path, "%s/MANIFEST.tsv", fer_bench_dir);
  char *text = fer_test_read_file(path, NULL);
  if (!text) return NULL;
  size_t cap = 64, n = 0;
  fer_test_row *rows = malloc(cap * sizeof *rows);
  char *line = strchr(text, '\n'); /* skip the header */
  while (line && *++line) {
    char *end = strchr(line, '\n');
    if (end) *end = '\0';
    char *col[13] = {0};
    if (fer_test_split_tsv(line, col, 13) >= 11) {
      if (n == cap) rows = realloc(rows, (cap *= 2) * sizeof *rows);
      rows[n].path = strdup(col[0]);
      rows[n].logic = strdup(col[4]);
      rows[n].status = strdup(col[5]);
      rows[n].n_check_sat = atoi(col[10]);
      n++;
    }
    line = end;
  }
  free(text);
  *count = n;
  return rows;
}

void fer_test_manifest_free(fer_test_row *rows, size_t n) {
  for (size_t i = 0; i < n; i++)
    free(rows[i].path), free(rows[i].logic), free(rows[i].status);
  free(rows);
}

int main(int argc, char **argv) {
  const char *filter = argc > 1 ? argv[1] : NULL;
  const char *bench = getenv("FERRET_BENCH");
  if (bench && *bench) fer_bench_dir = bench, fer_bench_required = true;
  fer_test_quick = getenv("FERRET_QUICK") && *getenv("FERRET_QUICK") == '1';
  int passed = 0, failed = 0, skipped = 0;
  for (int i = 0; tests[i].name; i++) {
    if (filter && !strstr(tests[i].name, filter)) continue;
    fer_test_failures = 0;
    fer_test_skipped = NULL;
    fprintf(stderr, "test %s ...\n", tests[i].name);
    tests[i].fn();
    if (fer_test_failures) {
      failed++;
      printf("FAIL %s (%d checks)\n", tests[i].name, fer_test_failures);
    } else if (fer_test_skipped) {
      skipped++;
      printf("skip %s (%s)\n", tests[i].name, fer_test_skipped);
    } else {
      passed++;
      printf("ok   %s\n", tests[i].name);
    }
    fflush(stdout);
  }
  free(out_buf.data);
  free(diag_buf.data);
  printf("unit: %d passed, %d failed, %d skipped\n", passed, failed, skipped);
  return failed ? 1 : 0;
}

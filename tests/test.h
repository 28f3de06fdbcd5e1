/* A tiny unit-test framework.  Write
 *
 *   TEST(term_hash_consing) { CHECK(a == b); CHECK_EQ_U(x, 3); }
 *
 * at the start of a line in any tests/test_*.c file: the Makefile finds it
 * and registers it.  A failing CHECK reports file:line and marks the test
 * failed; the test goes on (so one run shows every failure).  A test that
 * cannot run here (no corpus, no z3) says so with SKIP("reason"): it is
 * counted as skipped, never as passed. */
#ifndef FER_TEST_H
#define FER_TEST_H

#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

extern int fer_test_failures; /* failures in the current test */
extern const char *fer_test_dir; /* path to the repository root */
extern const char *fer_bench_dir; /* ../shared/bench or $FERRET_BENCH */
extern bool fer_test_quick;       /* FERRET_QUICK=1: smaller loops */
extern bool fer_bench_required;   /* FERRET_BENCH set: a missing corpus fails */
/* Why the current test is skipped; NULL while it runs normally.  A helper
 * that finds a missing tool may set it and let the test go on (the test
 * still counts as skipped); checks that fail still fail it. */
extern const char *fer_test_skipped;

#define TEST(name) void test_##name(void); void test_##name(void)

/* Marks the current test skipped and returns from it (use it in the TEST
 * function itself, not in a helper). */
#define SKIP(reason)                                                      \
  do {                                                                    \
    fer_test_skipped = (reason);                                          \
    fprintf(stderr, "skipped: %s\n", fer_test_skipped);                   \
    return;                                                               \
  } while (0)

/* For a test that reads the corpus: `ok` false (manifest unreadable)
 * skips it when the corpus is optional (the default ../shared/bench, absent
 * from a user's clone) and fails it when FERRET_BENCH names it. */
#define NEED_CORPUS(ok)                                                   \
  do {                                                                    \
    if (!(ok)) {                                                          \
      if (!fer_bench_required) SKIP("no corpus (set FERRET_BENCH)");     \
      CHECK_MSG(0, "no corpus at FERRET_BENCH=%s", fer_bench_dir);        \
      return;                                                             \
    }                                                                     \
  } while (0)

#define CHECK(cond)                                                       \
  do {                                                                    \
    if (!(cond)) {                                                        \
      fer_test_failures++;                                                \
      fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__,    \
              #cond);                                                     \
    }                                                                     \
  } while (0)

#define CHECK_MSG(cond, ...)                                              \
  do {                                                                    \
    if (!(cond)) {                                                        \
      fer_test_failures++;                                                \
      fprintf(stderr, "%s:%d: CHECK failed: %s: ", __FILE__, __LINE__,    \
              #cond);                                                     \
      fprintf(stderr, __VA_ARGS__);                                       \
      fputc('\n', stderr);                                                \
    }                                                                     \
  } while (0)

#define CHECK_EQ_U(a, b)                                                  \
  do {                                                                    \
    uint64_t a_ = (uint64_t)(a), b_ = (uint64_t)(b);                      \
    if (a_ != b_) {                                                       \
      fer_test_failures++;                                                \
      fprintf(stderr, "%s:%d: CHECK failed: %s == %s (%" PRIu64           \
                      " vs %" PRIu64 ")\n",                               \
              __FILE__, __LINE__, #a, #b, a_, b_);                        \
    }                                                                     \
  } while (0)

#define CHECK_STR(a, b)                                                   \
  do {                                                                    \
    const char *a_ = (a), *b_ = (b);                                      \
    if (!a_ || !b_ || strcmp(a_, b_)) {                                   \
      fer_test_failures++;                                                \
      fprintf(stderr, "%s:%d: CHECK failed: %s == %s\n  got:      %s\n"   \
                      "  expected: %s\n",                                 \
              __FILE__, __LINE__, #a, #b, a_ ? a_ : "(null)",             \
              b_ ? b_ : "(null)");                                        \
    }                                                                     \
  } while (0)

/* A growing, always NUL-terminated text buffer usable as a ferret_write_fn
 * sink: ferret_set_output(f, fer_test_buf_add, &buf).  Free data with
 * free(). */
typedef struct fer_test_buf {
  char *data;
  size_t size, cap;
} fer_test_buf;
void fer_test_buf_add(void *user, const char *text, size_t len);
void fer_test_buf_clear(fer_test_buf *);

/* Helpers (main.c): run SMT-LIB text in a fresh context and capture what it
 * writes to the output and diagnostic channels.  Returned strings live until
 * the next call. */
typedef struct fer_test_run {
  int status;        /* ferret_status of ferret_execute */
  const char *out;   /* SMT-LIB channel */
  const char *diag;  /* diagnostics */
} fer_test_run;
fer_test_run fer_test_smt(const char *text);
/* A context for a search: output and diagnostics dropped, options seed
 * and max_execs set.  ferret_delete it. */
struct ferret *fer_test_search_context(uint64_t seed, uint64_t max_execs);
/* Split a tab-separated line in place into at most `max` columns; returns
 * how many columns it has (missing ones are left as they were). */
int fer_test_split_tsv(char *line, char **col, int max);
/* Is the program `name` (z3, cvc5, clang) on the PATH? */
bool fer_test_have(const char *name);
/* z3's answer to `script` (a whole SMT-LIB script ending in check-sat),
 * run with a `seconds` limit: "sat", "unsat", "unknown" (also for a
 * timeout or an error), or NULL when z3 is not installed. */
const char *fer_test_z3_answer(const char *script, int seconds);
/* z3's answer on a script (10 s limit): 1 sat, 0 unsat, -1 other. */
int fer_test_z3(const char *text, size_t len);
/* Read a whole file; NULL if missing.  free() the result. */
char *fer_test_read_file(const char *path, size_t *len);

/* The corpus manifest (fer_bench_dir/MANIFEST.tsv): its rows, or NULL if
 * it cannot be read (then NEED_CORPUS). */
typedef struct fer_test_row {
  char *path, *logic, *status;
  int n_check_sat;
} fer_test_row;
fer_test_row *fer_test_manifest(size_t *count);
void fer_test_manifest_free(fer_test_row *rows, size_t n);

#endif

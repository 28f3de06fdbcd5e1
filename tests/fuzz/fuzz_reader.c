/* libFuzzer harness for the reader: the input is executed as an SMT-LIB
 * script with the solver disabled (parse_only) and a memory cap, so only
 * the lexer, reader, sort checker, session commands and printer run.
 *
 * It is also an oracle for the printer: when the script reads without
 * error, its assertions are printed (T1), T1 is read in a fresh context
 * and printed again (T2), and T1 != T2 aborts, as does an error reading
 * T1 (the printer must only emit what the reader accepts).
 *
 * Build and run: make fuzz-run FUZZ_SECONDS=N (tests/fuzz/run.sh). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ferret.h"

typedef struct text {
  char *data;
  size_t size, cap;
} text;

static void drop(void *user, const char *s, size_t n) { (void)user, (void)s, (void)n; }

static void keep(void *user, const char *s, size_t n) {
  text *t = user;
  if (t->size + n > t->cap) {
    t->cap = (t->size + n) * 2 + 64;
    t->data = realloc(t->data, t->cap);
    if (!t->data) abort();
  }
  memcpy(t->data + t->size, s, n);
  t->size += n;
}

static ferret *context(void) {
  ferret *f = ferret_new();
  if (!f) abort();
  ferret_set_output(f, drop, NULL);
  ferret_set_diagnostic(f, drop, NULL);
  ferret_set_option(f, "parse_only", "1");
  ferret_set_option(f, "max_memory", "512");
  ferret_set_option(f, "timeout", "1");
  return f;
}

/* Execute and print the assertions; status of the execution. */
static int read_and_print(const char *src, size_t len, text *printed) {
  ferret *f = context();
  int st = ferret_execute(f, "fuzz", src, len);
  if (st == FERRET_OK) {
    ferret_set_output(f, keep, printed);
    st = ferret_print_assertions(f);
  }
  ferret_delete(f);
  return st;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  text t1 = {0}, t2 = {0};
  if (read_and_print((const char *)data, size, &t1) == FERRET_OK) {
    int st = read_and_print(t1.data ? t1.data : "", t1.size, &t2);
    if (st != FERRET_OK && st != FERRET_ERROR_LIMIT) {
      fprintf(stderr, "printed text does not read back (status %d):\n%.*s\n",
              st, (int)t1.size, t1.data);
      abort();
    }
    if (st == FERRET_OK &&
        (t1.size != t2.size || (t1.size && memcmp(t1.data, t2.data, t1.size)))) {
      fprintf(stderr, "round trip differs:\nT1:\n%.*s\nT2:\n%.*s\n",
              (int)t1.size, t1.data, (int)t2.size, t2.data);
      abort();
    }
  }
  free(t1.data);
  free(t2.data);
  return 0;
}

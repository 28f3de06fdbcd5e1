/* libFuzzer harness for the sample-file reader (src/sample/read.c), the
 * way `ferret coverage` reaches it: ferret_coverage_add over a small fixed
 * formula with a variable of every sort (Bool, RoundingMode, BV of 12, 3
 * and 200 bits, Float16, a name that needs escaping in every format).
 *
 * The first byte picks the format (-1: guessed, jsonl, smt2, csv); the
 * rest is the text, in libFuzzer's exact-size buffer (no NUL after it).
 * Oracle: the status is OK, a parse error located inside the text
 * ("fuzz:LINE:COL: ..." with line and column in ferret_error), an
 * unsupported node or a memory limit; anything else aborts. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ferret.h"

static const char formula[] =
    "(declare-const b Bool)(declare-const r RoundingMode)"
    "(declare-const x (_ BitVec 12))(declare-const h Float16)"
    "(declare-const |q \"v\"| (_ BitVec 3))(declare-const w (_ BitVec 200))"
    "(assert (or b (bvult x #x100)))"
    "(assert (fp.lt (fp.add r h h) (fp #b0 #b10000 #b0000000000)))"
    "(assert (bvule |q \"v\"| ((_ extract 2 0) x)))";

static void drop(void *user, const char *s, size_t n) { (void)user, (void)s, (void)n; }

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (!size) return 0;
  int format = data[0] % 4 - 1;
  const char *text = (const char *)data + 1;
  size_t len = size - 1;
  ferret *f = ferret_new();
  if (!f) abort();
  ferret_set_output(f, drop, NULL);
  ferret_set_diagnostic(f, drop, NULL);
  ferret_set_option(f, "parse_only", "1");
  ferret_set_option(f, "max_memory", "256");
  if (ferret_execute(f, "formula", formula, strlen(formula)) != FERRET_OK) abort();
  ferret_coverage *c = ferret_coverage_new(f);
  if (!c) abort();
  ferret_status st = ferret_coverage_add(c, "fuzz", text, len, format, NULL, NULL);
  if (st == FERRET_ERROR_PARSE) {
    const ferret_error_info *e = ferret_error(f);
    unsigned lines = 1;
    for (size_t k = 0; k < len; k++) lines += text[k] == '\n';
    char where[48];
    snprintf(where, sizeof where, "fuzz:%u:%u: ", e->line, e->column);
    if (e->line < 1 || e->line > lines || e->column < 1 || !e->message ||
        strncmp(e->message, where, strlen(where))) {
      fprintf(stderr, "parse error not located in the text (%u lines): %u:%u '%s'\n",
              lines, e->line, e->column, e->message ? e->message : "");
      abort();
    }
  } else if (st != FERRET_OK && st != FERRET_ERROR_UNSUPPORTED && st != FERRET_ERROR_LIMIT) {
    fprintf(stderr, "unexpected status %d: %s\n", st, ferret_error(f)->message);
    abort();
  }
  ferret_coverage_delete(c);
  ferret_delete(f);
  return 0;
}

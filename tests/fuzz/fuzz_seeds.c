/* libFuzzer harness for seed files (ferret_set_seeds, `--seed-file`) and
 * the define-fun reader under them (src/engine/seeds.c), which also reads
 * a portfolio partner's model and smt2 sample files.
 *
 * The input is the seed text.  It is read twice by fer_user_seeds_parse
 * (lenient, as seeds are, and strict, as sample files are: an error must
 * then be located inside the text), then given to ferret_set_seeds before
 * a check-sat with a small budget on a formula of every sort, so the
 * seeds reach the search.  A sat answer's model was validated by the
 * library; the harness checks the exit path only. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ferret.h"
#include "base/context.h"
#include "engine/engine.h"

static const char formula[] =
    "(declare-const b Bool)(declare-const r RoundingMode)"
    "(declare-const x (_ BitVec 12))(declare-const h Float16)"
    "(declare-const d Float64)(declare-const |q v| (_ BitVec 3))"
    "(declare-fun a () (Array (_ BitVec 2) (_ BitVec 8)))"
    "(assert (or b (bvult x #x100)))"
    "(assert (fp.lt (fp.add r h h) (fp #b0 #b10000 #b0000000000)))"
    "(assert (fp.gt d ((_ to_fp 11 53) r h)))"
    "(assert (= (select a ((_ extract 1 0) x)) ((_ zero_extend 5) |q v|)))";

static void drop(void *user, const char *s, size_t n) { (void)user, (void)s, (void)n; }

static ferret *context(void) {
  ferret *f = ferret_new();
  if (!f) abort();
  ferret_set_output(f, drop, NULL);
  ferret_set_diagnostic(f, drop, NULL);
  ferret_set_option(f, "max_memory", "256");
  ferret_set_option(f, "max_execs", "200");
  ferret_set_option(f, "timeout", "1");
  ferret_set_option(f, "intervals", "0");
  if (ferret_execute(f, "formula", formula, strlen(formula)) != FERRET_OK) abort();
  return f;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  const char *text = (const char *)data;
  ferret *f = context();
  unsigned lines = 1;
  for (size_t k = 0; k < size; k++) lines += text[k] == '\n';
  for (int strict = 0; strict < 2; strict++) {
    fer_user_seeds u;
    fer_user_seeds_init(&u);
    u.strict = strict;
    ferret_status st = fer_user_seeds_parse(f, text, size, &u);
    const ferret_error_info *e = ferret_error(f);
    if (st != FERRET_OK && st != FERRET_ERROR_LIMIT && (e->line < 1 || e->line > lines)) {
      fprintf(stderr, "seed error not located (%u lines): %u:%u %s\n", lines, e->line,
              e->column, e->message ? e->message : "");
      abort();
    }
    if (u.var.size != u.val.size || u.var.size != u.line.size || u.var.size != u.col.size)
      abort();
    fer_user_seeds_release(f, &u);
  }
  if (ferret_set_seeds(f, text, size) == FERRET_OK) {
    static const char go[] = "(check-sat)";
    ferret_execute(f, "go", go, strlen(go));
  }
  ferret_delete(f);
  return 0;
}

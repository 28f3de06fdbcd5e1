/* libFuzzer harness for what a portfolio partner prints (src/backends/
 * partner.c): its output is read a byte at a time for the answer line
 * (fer_partner_line, as the partner's thread reads it), and after "sat"
 * the rest is its model (fer_partner_model: define-fun commands read by
 * the SMT-LIB reader, completed, validated on the query).  The query is a
 * small fixed formula of every sort.
 *
 * Mostly a search for memory errors, leaks and hangs; the one check of
 * results: a model taken must hold when validated again on its own. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ferret.h"
#include "api/smt_query.h"
#include "backends/partner.h"
#include "base/context.h"
#include "smt/model.h"

static const char formula[] =
    "(declare-const b Bool)(declare-const r RoundingMode)"
    "(declare-const x (_ BitVec 12))(declare-const h Float16)"
    "(declare-const |q v| (_ BitVec 3))"
    "(assert (or b (bvult x #x100)))"
    "(assert (fp.leq (fp.add r h h) (fp #b0 #b10000 #b0000000000)))"
    "(assert (bvule |q v| ((_ extract 2 0) x)))";

static void drop(void *user, const char *s, size_t n) { (void)user, (void)s, (void)n; }

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  const char *text = (const char *)data;
  char line[160];
  size_t n = 0, at = 0;
  int answer = FER_PARTNER_NONE;
  while (at < size && answer == FER_PARTNER_NONE)
    answer = fer_partner_line(line, sizeof line, &n, text[at++]);
  if (answer != FER_PARTNER_SAT) return 0;
  ferret *f = ferret_new();
  if (!f) abort();
  ferret_set_output(f, drop, NULL);
  ferret_set_diagnostic(f, drop, NULL);
  ferret_set_option(f, "parse_only", "1");
  ferret_set_option(f, "max_memory", "256");
  if (ferret_execute(f, "formula", formula, strlen(formula)) != FERRET_OK) abort();
  const fer_term *a;
  size_t na;
  fer_smt_query(f, &a, &na);
  fer_model m;
  fer_model_init(&m);
  if (fer_partner_model(f, text + at, size - at, a, na, &m) &&
      fer_model_validate(f, a, na, &m) != 1) {
    fprintf(stderr, "a partner's model was taken that does not hold\n");
    abort();
  }
  fer_model_release(f, &m);
  ferret_delete(f);
  return 0;
}

/* libFuzzer harness for `ferret concolic`'s inputs: the QUERIES file and
 * the SEED input.  cli/concolic.c is compiled into the harness (its
 * static bind_all maps the declared variables on the seed, as the command
 * does), with cli_stubs.h in place of cli/main.c.
 *
 * Input: byte 0 gives the seed's length (mod 64), the next bytes are the
 * seed, the rest is the QUERIES text.  As `ferret concolic` does: the
 * text is read (parse_only), a concolic context made on the seed, the
 * variables bound (k!N bytes or named), and each query (at most 4,
 * (and b pi...) or b) answered with a small budget after its path
 * constraints are notified.  A sat answer must come with an input. */
#define _XOPEN_SOURCE 700 /* cli_stubs.h: nftw */
#include <stdint.h>

#include "cli_stubs.h"
#include "../../cli/concolic.c"

static void drop(void *user, const char *s, size_t n) { (void)user, (void)s, (void)n; }

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc, (void)argv;
  fuzz_quiet(); /* the cli code's messages */
  return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (!size) return 0;
  size_t seed_len = data[0] % 64;
  if (seed_len > size - 1) seed_len = size - 1;
  const uint8_t *seed = data + 1;
  const char *text = (const char *)data + 1 + seed_len;
  size_t len = size - 1 - seed_len;
  ferret *f = ferret_new();
  if (!f) abort();
  ferret_set_output(f, drop, NULL);
  ferret_set_diagnostic(f, drop, NULL);
  ferret_set_option(f, "parse_only", "1");
  ferret_set_option(f, "max_memory", "256");
  if (ferret_execute(f, "queries", text, len) != FERRET_OK) {
    ferret_delete(f);
    return 0;
  }
  ferret_concolic *c = ferret_concolic_new(f, seed, seed_len);
  if (!c) {
    ferret_delete(f);
    return 0;
  }
  if (bind_all(f, c, LAYOUT_AUTO, seed_len) == 0) {
    ferret_concolic_set(c, "timeout_ms", 20);
    ferret_concolic_set(c, "max_execs", 300);
    const ferret_term *q;
    size_t nq = ferret_get_query(f, &q);
    ferret_term queries[4];
    if (nq > 4) nq = 4;
    if (nq) memcpy(queries, q, nq * sizeof *q);
    for (size_t k = 0; k < nq; k++) {
      ferret_term b = queries[k];
      ferret_concolic_clear_path(c);
      if (ferret_term_kind(f, b) == FERRET_KIND_AND && ferret_term_nargs(f, b)) {
        for (size_t j = 1; j < ferret_term_nargs(f, b); j++)
          ferret_concolic_notify(c, ferret_term_arg(f, b, j));
        b = ferret_term_arg(f, b, 0);
      }
      ferret_result r = k % 2 ? ferret_concolic_solve_optimistic(c, b)
                              : ferret_concolic_solve(c, b);
      if (r == FERRET_SAT && !ferret_concolic_input(c)) abort();
    }
  }
  ferret_concolic_delete(c);
  ferret_delete(f);
  return 0;
}

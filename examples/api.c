/* The C API in a few lines: build x * 3 = 1 over 16-bit vectors as terms,
 * solve, read the value; then the same context answers SMT-LIB text.
 *   cc -Iinclude examples/api.c build/libferret.a -lm -o api && ./api */
#include <stdio.h>
#include <string.h>

#include "ferret.h"

int main(void) {
  ferret *f = ferret_new();
  if (!f) return 1;
  ferret_sort bv16 = ferret_sort_bv(f, 16);
  ferret_term x = ferret_mk_var(f, "x", bv16);
  ferret_term mul[2] = {x, ferret_mk_bits64(f, bv16, 3)};
  ferret_term eq[2] = {ferret_mk_term(f, FERRET_KIND_BVMUL, mul, 2, NULL, 0),
                       ferret_mk_bits64(f, bv16, 1)};
  ferret_assert(f, ferret_mk_term(f, FERRET_KIND_EQ, eq, 2, NULL, 0));
  if (ferret_check_sat(f) == FERRET_SAT) {
    uint64_t bits;
    ferret_get_value(f, x, &bits, 1, NULL);
    printf("x = %llu = %s\n", (unsigned long long)bits, ferret_get_value_string(f, x, NULL));
  }
  /* text and terms share one session: x is declared for the text too */
  const char *script = "(assert (bvult x #x1000)) (check-sat)\n(get-value (y))\n";
  if (ferret_execute(f, "script", script, strlen(script)) != FERRET_OK) {
    const ferret_error_info *e = ferret_error(f);
    printf("error at %u:%u: %s\n", e->line, e->column, e->message);
  }
  ferret_delete(f);
  return 0;
}

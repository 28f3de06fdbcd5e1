/* The query written out instead of answered: `ferret opt` (the query
 * printed as a script, as read or after the preprocessing passes, each pass
 * that changed it with --opt-trace) and `ferret smt2c` (the query as a C
 * program, by the smt2c backend). */
#include <stdio.h>

#include "engine/interval.h"
#include "engine/pre.h"
#include "backends/smt2c.h"
#include "api/smt_query.h"
#include "api/smt_session.h"

/* ferret opt: one script block, preceded by a comment naming the stage. */
static int print_block(ferret *f, const char *title, const fer_term *a,
                       size_t n) {
  fer_smt *s = f->smt;
  fer_buf b = {0};
  int ok = (!title || fer_buf_printf(f, &b, "; %s\n", title)) &&
           fer_print_script(f, &b, s->logic.size ? s->logic.data : NULL, a, n);
  if (ok) fer_write(f, b.data, b.size);
  FER_RELEASE(f, b);
  return ok;
}

static void trace_pass(void *user, const char *pass, const fer_term *a,
                       size_t n) {
  ferret *f = user;
  char title[96];
  snprintf(title, sizeof title, "after pass %s", pass);
  print_block(f, title, a, n);
}

/* ferret opt --opt-intervals: the domain of every variable of a[0..n)
 * after interval propagation (interval.h), as comments. */
static int print_intervals(ferret *f, const fer_term *a, size_t n) {
  fer_intervals iv;
  fer_intervals_init(&iv);
  fer_term_stack vars = {0};
  fer_buf b = {0};
  int ok = fer_intervals_run(f, a, n, &iv) == FERRET_OK &&
           fer_collect_vars(f, a, n, &vars) &&
           fer_buf_printf(f, &b, "; intervals after %u sweep%s%s\n", iv.rounds,
                          iv.rounds == 1 ? "" : "s",
                          iv.empty ? ": unsat (a domain is empty)" : "");
  for (size_t i = 0; ok && !iv.empty && i < vars.size; i++)
    ok = fer_buf_str(f, &b, ";   ") &&
         fer_print_symbol(f, &b, fer_var_name(f, vars.data[i])) &&
         fer_buf_str(f, &b, " in ") &&
         fer_ival_print(f, &iv, vars.data[i], &b) && fer_buf_str(f, &b, "\n");
  if (ok) fer_write(f, b.data, b.size);
  FER_RELEASE(f, b);
  FER_RELEASE(f, vars);
  fer_intervals_release(f, &iv);
  return ok;
}

ferret_status fer_smt_print_assertions(ferret *f) {
  const fer_term *a;
  size_t n;
  fer_smt_query(f, &a, &n);
  int ok;
  if (!f->opt.opt_passes) {
    ok = print_block(f, NULL, a, n) &&
         (!f->opt.opt_intervals || print_intervals(f, a, n));
  } else {
    fer_pre pre;
    fer_pre_init(&pre);
    if (f->opt.opt_trace) ok = print_block(f, "as read", a, n);
    ok = fer_preprocess(f, a, n, &pre, f->opt.opt_trace ? trace_pass : NULL,
                        f) == FERRET_OK;
    if (ok) {
      fer_term t_false = fer_false(f);
      ok = pre.unsat ? print_block(f, "preprocessed: unsat", &t_false, 1)
                     : print_block(f, f->opt.opt_trace ? "preprocessed" : NULL,
                                   pre.assertions.data, pre.assertions.size) &&
                           (!f->opt.opt_intervals ||
                            print_intervals(f, pre.assertions.data,
                                            pre.assertions.size));
    }
    fer_pre_release(f, &pre);
  }
  if (!ok)
    return f->error.status != FERRET_OK
               ? f->error.status
               : fer_error(f, FERRET_ERROR_LIMIT, 0, 0, "printing failed");
  return FERRET_OK;
}

/* ferret smt2c: the query as one self-contained C program (smt2c.h). */

ferret_status ferret_smt2c(ferret *f) {
  FER_REQUIRE(f, f, "NULL context");
  const fer_term *a;
  size_t n;
  fer_smt_query(f, &a, &n);
  fer_smt2c_unit u;
  fer_smt2c_init(&u);
  u.layout = (int)f->opt.layout;
  fer_buf b = {0};
  ferret_status st = fer_smt2c_prepare(f, a, n, &u);
  if (st == FERRET_OK &&
      !fer_smt2c_emit(f, &u, &b, (int)f->opt.encoding, f->opt.smt2c_main != 0))
    st = f->error.status != FERRET_OK
             ? f->error.status
             : fer_error(f, FERRET_ERROR_LIMIT, 0, 0, "smt2c: out of memory");
  if (st == FERRET_OK) fer_write(f, b.data, b.size);
  FER_RELEASE(f, b);
  fer_smt2c_release(f, &u);
  return st;
}

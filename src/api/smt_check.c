/* check-sat, check-sat-assuming and check-sat-using, and the query they
 * form (smt_query.h): the assertions in scope plus the assumptions, handed
 * to the solver, or under parse_only kept for `ferret opt` and `ferret
 * smt2c`. */
#include <stdio.h>
#include <string.h>

#include "api/smt_query.h"
#include "api/smt_session.h"
#include "solve/solve.h"

#define RD (&s->rd)

/* ------------------------------------------------------------ the query */

/* The query in s->tmp: the assertions in scope, then the assumptions
 * extra[0..nextra).  Under parse_only it is also kept as the snapshot
 * that fer_smt_query returns after the script has run. */
static bool make_query(ferret *f, fer_smt *s, const fer_term *extra,
                       size_t nextra) {
  FER_CLEAR(s->tmp);
  if (!FER_RESERVE(f, s->tmp, s->assertions.size + nextra)) return false;
  if (s->assertions.size)
    memcpy(s->tmp.data, s->assertions.data,
           s->assertions.size * sizeof(fer_term));
  if (nextra)
    memcpy(s->tmp.data + s->assertions.size, extra, nextra * sizeof(fer_term));
  s->tmp.size = s->assertions.size + nextra;
  if (!f->opt.parse_only) return true;
  FER_CLEAR(s->snapshot);
  if (!FER_RESERVE(f, s->snapshot, s->tmp.size)) return false;
  if (s->tmp.size)
    memcpy(s->snapshot.data, s->tmp.data, s->tmp.size * sizeof(fer_term));
  s->snapshot.size = s->tmp.size;
  s->snapshot_valid = true;
  return true;
}

void fer_smt_query(const ferret *f, const fer_term **a, size_t *n) {
  const fer_smt *s = f->smt;
  *a = s->snapshot_valid ? s->snapshot.data : s->assertions.data;
  *n = s->snapshot_valid ? s->snapshot.size : s->assertions.size;
}

/* ------------------------------------------------------------ check-sat */

/* Solve the query in s->tmp and keep the answer in the session. */
static ferret_result solve_query(ferret *f, fer_smt *s) {
  fer_model_release(f, &s->model);
  const char *reason = NULL;
  fer_stats st;
  ferret_result r =
      fer_solve(f, s->tmp.data, s->tmp.size, &s->model, &reason, &st);
  if ((r == FERRET_SAT && s->lost_depth) ||
      (r == FERRET_UNSAT && s->lost_scope)) {
    r = FERRET_UNKNOWN;
    reason = "incomplete: an earlier command failed, so the formula may "
             "lack parts of the input";
    st.result = "unknown"; /* --stats says what was answered */
    st.reason = "incomplete";
    st.found_by = "";
  }
  /* the solve job names the construct exactly when its answer is unknown
   * for it (fer_stats.unsupported): say which */
  if (r == FERRET_UNKNOWN && st.unsupported[0]) {
    snprintf(s->reason_text, sizeof s->reason_text, "unsupported: %s", st.unsupported);
    reason = s->reason_text;
  }
  f->stats = st; /* the one place the context's statistics are written */
  s->last = r;
  s->reason = r == FERRET_UNKNOWN ? (reason ? reason : "incomplete") : NULL;
  s->have_model = r == FERRET_SAT;
  return r;
}

ferret_result fer_smt_check(ferret *f, const fer_term *extra, size_t nextra) {
  fer_smt *s = f->smt;
  if (!make_query(f, s, extra, nextra)) { /* out of memory: error set */
    s->last = FERRET_UNKNOWN;
    s->reason = "memory";
    s->have_model = false;
    return FERRET_UNKNOWN;
  }
  if (f->opt.parse_only) return FERRET_UNKNOWN;
  return solve_query(f, s);
}

static fer_reply check_sat(ferret *f, fer_smt *s, const fer_term *extra,
                           size_t nextra) {
  if (!make_query(f, s, extra, nextra)) return FER_R_ERROR;
  if (f->opt.parse_only) return FER_R_DONE; /* `ferret opt`: no answer */
  ferret_result r = solve_query(f, s);
  fer_printf(f, "%s\n", r == FERRET_SAT     ? "sat"
                        : r == FERRET_UNSAT ? "unsat"
                                            : "unknown");
  if (r == FERRET_SAT && f->opt.model) return fer_smt_print_model(f, s);
  return FER_R_DONE;
}

fer_reply fer_smt_check_sat(ferret *f, fer_smt *s, fer_command c) {
  if (c == FER_CMD_CHECK_SAT_USING) /* the tactic means nothing to us */
    while (RD->tok.kind != FER_TOK_RPAR && RD->tok.kind != FER_TOK_EOF)
      if (!fer_rd_skip_sexpr(f, RD)) return FER_R_ERROR;
  if (c != FER_CMD_CHECK_SAT_ASSUMING)
    return fer_smt_close(f, s) ? check_sat(f, s, NULL, 0) : FER_R_ERROR;
  size_t base = RD->args.size;
  fer_reply r = FER_R_ERROR;
  if (!fer_rd_expect(f, RD, FER_TOK_LPAR, "'(' before the assumptions"))
    return FER_R_ERROR;
  while (fer_rd_ok(f, RD) && RD->tok.kind != FER_TOK_RPAR) {
    fer_token t = RD->tok;
    fer_term a = fer_rd_term(f, RD, NULL, NULL);
    if (!a) goto done;
    if (fer_term_sort(f, a) != fer_sort_bool(f)) {
      FER_SMT_ERROR_AT(f, FERRET_ERROR_SORT, &t,
                       "an assumption must be a Bool term");
      goto done;
    }
    if (!FER_PUSH(f, RD->args, a)) goto done;
  }
  if (!fer_rd_expect(f, RD, FER_TOK_RPAR, "')' after the assumptions") ||
      !fer_smt_close(f, s))
    goto done;
  FER_CLEAR(RD->named); /* labels inside assumptions are not kept */
  {
    size_t n = RD->args.size - base;
    fer_term *copy = n ? fer_malloc(f, n * sizeof *copy) : NULL;
    if (n && !copy) goto done;
    if (n) memcpy(copy, RD->args.data + base, n * sizeof *copy);
    RD->args.size = base;
    r = check_sat(f, s, copy, n);
    if (copy) fer_free(f, copy, n * sizeof *copy);
  }
done:
  RD->args.size = base;
  return r;
}

/* The SMT-LIB commands: dispatch by name (called by smt.c after a
 * command's '('), what a failed command costs the answers, the helpers the
 * command files share (smt_session.h), and the commands too small for a
 * file of their own (exit, reset, reset-assertions, the unsupported ones).
 * The others: smt_info.c (session), smt_decl.c (formula), smt_check.c
 * (check-sat), smt_model.c (get-model, get-value), smt_opt.c (ferret opt). */
#include "api/smt_session.h"

#define RD (&s->rd)

bool fer_smt_close(ferret *f, fer_smt *s) {
  return fer_rd_expect(f, RD, FER_TOK_RPAR, "')' at the end of the command");
}

fer_reply fer_smt_flush(ferret *f, fer_buf *b, bool ok) {
  if (ok) fer_write(f, b->data, b->size);
  FER_RELEASE(f, *b);
  if (!ok && f->error.status == FERRET_OK)
    fer_error(f, FERRET_ERROR_LIMIT, 0, 0, "out of memory while printing");
  return ok ? FER_R_DONE : FER_R_ERROR;
}

static fer_reply unsupported_cmd(ferret *f, fer_smt *s, const fer_token *name,
                                 const char *what) {
  (void)s;
  return FER_SMT_ERROR_AT(f, FERRET_ERROR_UNSUPPORTED, name,
                          "unsupported: '%.*s' (%s)", (int)name->slen, name->s,
                          what);
}

static bool command(ferret *f, fer_smt *s, const fer_token *lpar);

/* What a failed command costs the later answers.  A command that fails
 * leaves the assertion stack as it was, as z3 does; the answers
 * that follow are about that stack, and most failures lose nothing they
 * depend on:
 *  - queries, answers, options, info, echo, exit, set-logic: they never
 *    change the formula;
 *  - declarations and definitions (a duplicate name, a bad sort or body):
 *    the name keeps its earlier meaning or stays unknown, so a later
 *    command that uses it fails in its turn;
 *  - pop beyond the stack: nothing could be popped;
 *  - an unknown command or a stray token between commands.
 * The failures that lose something: an assert (its formula is missing
 * while the scope it was in is open: sat is in doubt until a pop removes
 * that scope, unsat stays a proof); a push (the levels are off by the
 * failed ones, so from the next pop on the stack differs from the one
 * meant); a pop whose level count cannot be read, a reset or
 * reset-assertions that failed, or text skipped after an error that holds
 * commands of its own: the stack itself is in doubt and both sat and unsat
 * answer unknown until (reset).  check-sat then says unknown with the
 * reason. */
static void scope_in_doubt(fer_smt *s) {
  s->lost_scope = true;
  s->lost_depth = 1; /* the scopes themselves are in doubt: never clears */
}

void fer_smt_note_failure(fer_smt *s, fer_command c) {
  switch (c) {
  case FER_CMD_ASSERT: {
    uint32_t d = (uint32_t)s->scopes.size + 1;
    if (!s->lost_depth || d < s->lost_depth) s->lost_depth = d;
    return;
  }
  case FER_CMD_PUSH:
    s->lost_push = true;
    return;
  case FER_CMD_POP:
    if (!s->pop_beyond) scope_in_doubt(s);
    s->pop_beyond = false;
    return;
  case FER_CMD_RESET: case FER_CMD_RESET_ASSERTIONS:
    scope_in_doubt(s);
    return;
  default:
    return;
  }
}

/* After a failed command, `swallowed`: the text skipped to its closing
 * parenthesis held what looks like commands of its own (an unbalanced
 * command ran into the next ones), which are lost. */
void fer_smt_note_skipped(fer_smt *s, bool swallowed) {
  if (swallowed) scope_in_doubt(s);
}

bool fer_smt_command(ferret *f, fer_smt *s, const fer_token *lpar) {
  s->current = FER_CMD_NONE;
  s->pop_beyond = false;
  if (command(f, s, lpar)) return true;
  fer_smt_note_failure(s, s->current);
  return false;
}

static bool command(ferret *f, fer_smt *s, const fer_token *lpar) {
  if (!fer_rd_ok(f, RD)) return false;
  const fer_token t = RD->tok;
  if (t.kind != FER_TOK_SYMBOL) {
    fer_rd_expect(f, RD, FER_TOK_SYMBOL, "a command name");
    return false;
  }
  uint32_t sym = fer_sym_find(RD, t.s, t.slen);
  fer_command c = sym ? (fer_command)fer_sym(RD, sym)->cmd : FER_CMD_NONE;
  s->current = c;
  if (c == FER_CMD_NONE) {
    FER_SMT_ERROR_AT(f, FERRET_ERROR_PARSE, &t, "unknown command '%.*s'",
                     (int)(t.slen > 60 ? 60 : t.slen), t.s);
    return false;
  }
  fer_rd_advance(RD);
  fer_reply r;
  switch (c) {
  case FER_CMD_ASSERT: r = fer_smt_assert(f, s); break;
  case FER_CMD_CHECK_SAT:
  case FER_CMD_CHECK_SAT_ASSUMING:
  case FER_CMD_CHECK_SAT_USING: r = fer_smt_check_sat(f, s, c); break;
  case FER_CMD_DECLARE_CONST: r = fer_smt_declare_const(f, s); break;
  case FER_CMD_DECLARE_FUN: r = fer_smt_declare_fun(f, s); break;
  case FER_CMD_DEFINE_CONST: r = fer_smt_define(f, s, false); break;
  case FER_CMD_DEFINE_FUN: r = fer_smt_define(f, s, true); break;
  case FER_CMD_DEFINE_SORT: r = fer_smt_define_sort(f, s); break;
  case FER_CMD_ECHO: r = fer_smt_echo(f, s); break;
  case FER_CMD_EXIT:
    r = fer_smt_close(f, s) ? FER_R_SUCCESS : FER_R_ERROR;
    if (r == FER_R_SUCCESS) s->exited = true;
    break;
  case FER_CMD_GET_ASSERTIONS: r = fer_smt_get_assertions(f, s); break;
  case FER_CMD_GET_INFO: r = fer_smt_get_info(f, s); break;
  case FER_CMD_GET_MODEL: r = fer_smt_get_model(f, s, lpar); break;
  case FER_CMD_GET_OPTION: r = fer_smt_get_option(f, s); break;
  case FER_CMD_GET_VALUE: r = fer_smt_get_value(f, s, lpar); break;
  case FER_CMD_POP: r = fer_smt_push_pop(f, s, false); break;
  case FER_CMD_PUSH: r = fer_smt_push_pop(f, s, true); break;
  case FER_CMD_RESET:
    r = fer_smt_close(f, s) ? FER_R_DONE : FER_R_ERROR;
    if (r == FER_R_DONE) {
      /* success is printed under the option as it was before the reset */
      if (s->print_success) fer_write(f, "success\n", 8);
      fer_smt_reset(f, s);
      s->lost_depth = 0, s->lost_scope = false, s->lost_push = false;
      FER_CLEAR(s->logic);
      s->print_success = false;
      s->produce_models = false;
      s->last = FERRET_UNKNOWN;
      s->reason = NULL;
      s->snapshot_valid = false;
    }
    break;
  case FER_CMD_RESET_ASSERTIONS:
    r = fer_smt_close(f, s) ? FER_R_SUCCESS : FER_R_ERROR;
    if (r == FER_R_SUCCESS) {
      fer_smt_reset(f, s);
      s->lost_depth = 0, s->lost_scope = false, s->lost_push = false;
    }
    break;
  case FER_CMD_SET_INFO: r = fer_smt_set_info(f, s); break;
  case FER_CMD_SET_LOGIC: r = fer_smt_set_logic(f, s); break;
  case FER_CMD_SET_OPTION: r = fer_smt_set_option(f, s); break;
  case FER_CMD_DECLARE_SORT: r = fer_smt_declare_sort(f, s); break;
  case FER_CMD_DEFINE_FUN_REC:
  case FER_CMD_DEFINE_FUNS_REC:
    r = unsupported_cmd(f, s, &t, "recursive functions");
    break;
  case FER_CMD_DECLARE_DATATYPE:
  case FER_CMD_DECLARE_DATATYPES:
    r = unsupported_cmd(f, s, &t, "datatypes");
    break;
  case FER_CMD_GET_ASSIGNMENT:
    r = unsupported_cmd(f, s, &t, "assignments of named terms");
    break;
  case FER_CMD_GET_PROOF: r = unsupported_cmd(f, s, &t, "proofs"); break;
  case FER_CMD_GET_UNSAT_ASSUMPTIONS:
  case FER_CMD_GET_UNSAT_CORE:
    r = unsupported_cmd(f, s, &t, "unsat cores");
    break;
  default:
    r = FER_SMT_ERROR_AT(f, FERRET_ERROR_PARSE, &t, "unknown command");
    break;
  }
  if (r == FER_R_ERROR) return false;
  if (r == FER_R_SUCCESS && s->print_success) fer_write(f, "success\n", 8);
  return true;
}

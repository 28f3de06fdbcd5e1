/* The SMT-LIB session state shared by smt.c (driving, errors, feeding) and
 * the command files smt_cmd.c (dispatch), smt_info.c, smt_decl.c,
 * smt_check.c, smt_model.c and smt_opt.c, with what they share.  Private
 * to those files (and to tests that look inside); the rest of the library
 * reads the query through smt_query.h. */
#ifndef FER_SMT_SESSION_H
#define FER_SMT_SESSION_H

#include "smt/model.h"
#include "smt/parse.h"
#include "smt/print.h"
#include "api/smt.h"

/* Open push scopes at most: (push 4294967295) is refused with a limit
 * error instead of allocating 2^32 scopes (each a few dozen bytes). */
#define FER_SMT_MAX_SCOPES 1000000u

/* What push saved: everything pop must restore. */
typedef struct fer_scope {
  fer_rd_mark mark;
  uint32_t assertions, decls;
} fer_scope;

typedef struct fer_smt {
  fer_reader rd;
  fer_rd_mark base;     /* the reader right after init (for reset) */
  const char *source;   /* name of the text being executed, may be NULL */

  FER_STACK(fer_term) assertions;
  FER_STACK(fer_term) decls;  /* declared constants in scope, in order */
  FER_STACK(fer_scope) scopes;
  FER_STACK(char) logic;      /* NUL-terminated name, size 0 if unset */

  bool print_success, produce_models, exited;
  /* see fer_smt_note_failure: sat / unsat can no longer be trusted */
  /* lost_depth: 1 + the scope depth of the outermost assert that failed
   * (its formula is missing from that scope), 0: none; a pop below that
   * depth removes what was lost, so it clears.
   * lost_scope: the stack itself is in doubt (sticky until reset).
   * lost_push: a push failed; the next pop puts the stack in doubt.
   * pop_beyond: the failing pop asked for more levels than are open. */
  uint32_t lost_depth;
  bool lost_scope, lost_push, pop_beyond;
  fer_command current;  /* the command being executed */
  ferret_result last;   /* of the last check-sat */
  bool have_model;      /* last check-sat said sat, nothing changed since */
  fer_model model;
  const char *reason;   /* why the last check-sat said unknown */
  char reason_text[224]; /* reason's text when it names a construct */
  FER_STACK(fer_term) snapshot; /* parse_only: the last check-sat's query */
  bool snapshot_valid;
  FER_STACK(fer_term) tmp;
  FER_STACK(char) sample_stats; /* JSON of the last ferret_sample, NUL */
  ferret_sample_info sample_info; /* of the last ferret_sample (static strings) */
  bool have_sample_info;

  /* the first error of the current ferret_execute / ferret_feed call */
  ferret_status first;
  unsigned first_line, first_col;
  FER_STACK(char) first_msg;

  /* incremental feeding (smt.c): text not executed yet and the state of
   * the scanner that finds where a command ends */
  FER_STACK(char) feed;
  FER_STACK(char) feed_source;
  size_t feed_scan;           /* next byte to scan */
  uint32_t feed_depth;
  uint8_t feed_mode;
  uint32_t scan_line, scan_col; /* position of feed.data[feed_scan] */
  uint32_t exec_line, exec_col; /* position of feed.data[0] */
} fer_smt;

/* Execute the command after its '(' (smt_cmd.c).  Returns false with the
 * context's error set on failure. */
bool fer_smt_command(ferret *, fer_smt *, const fer_token *lpar);
void fer_smt_note_failure(fer_smt *, fer_command);
void fer_smt_note_skipped(fer_smt *, bool swallowed);

/* ---- what the command files share (smt_cmd.c) ---- */

/* What a command did: failed (the context's error says why), succeeded
 * quietly (then "success" is printed under :print-success), or answered
 * with output of its own.  FER_R_ERROR is 0, so a reader call's false
 * converts to it. */
typedef enum fer_reply { FER_R_ERROR, FER_R_SUCCESS, FER_R_DONE } fer_reply;

/* An error at token t; the command fails. */
#define FER_SMT_ERROR_AT(f, st, t, ...) \
  ((fer_reply)fer_rd_error_at((f), (st), (t)->line, (t)->col, __VA_ARGS__))
/* Consume the ')' that ends the command. */
bool fer_smt_close(ferret *, fer_smt *);
/* Write b if ok (else report running out of memory), release it. */
fer_reply fer_smt_flush(ferret *, fer_buf *, bool ok);

/* ---- the commands, after their name; one file per concern ---- */

/* smt_info.c */
fer_reply fer_smt_set_logic(ferret *, fer_smt *);
fer_reply fer_smt_set_option(ferret *, fer_smt *);
fer_reply fer_smt_get_option(ferret *, fer_smt *);
fer_reply fer_smt_set_info(ferret *, fer_smt *);
fer_reply fer_smt_get_info(ferret *, fer_smt *);
fer_reply fer_smt_echo(ferret *, fer_smt *);
/* smt_decl.c; define-fun has parameters, define-const not. */
fer_reply fer_smt_declare_const(ferret *, fer_smt *);
fer_reply fer_smt_declare_fun(ferret *, fer_smt *);
fer_reply fer_smt_declare_sort(ferret *, fer_smt *);
fer_reply fer_smt_define(ferret *, fer_smt *, bool with_params);
fer_reply fer_smt_define_sort(ferret *, fer_smt *);
fer_reply fer_smt_push_pop(ferret *, fer_smt *, bool push);
fer_reply fer_smt_assert(ferret *, fer_smt *);
fer_reply fer_smt_get_assertions(ferret *, fer_smt *);
/* Empty the assertion stack, as (reset) and (reset-assertions) do. */
void fer_smt_reset(ferret *, fer_smt *);
/* smt_check.c: c is one of the three check-sat commands. */
fer_reply fer_smt_check_sat(ferret *, fer_smt *, fer_command c);
/* smt_model.c; lpar: where the command starts (for its errors). */
fer_reply fer_smt_get_model(ferret *, fer_smt *, const fer_token *lpar);
fer_reply fer_smt_get_value(ferret *, fer_smt *, const fer_token *lpar);
/* The model of the last sat, made total, as get-model prints it. */
fer_reply fer_smt_print_model(ferret *, fer_smt *);

#endif

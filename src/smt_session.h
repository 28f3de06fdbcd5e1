/* The SMT-LIB session state shared by smt.c (driving, errors, feeding) and
 * smt_cmd.c (the commands).  Private to those two files. */
#ifndef FER_SMT_SESSION_H
#define FER_SMT_SESSION_H

#include "model.h"
#include "parse.h"
#include "print.h"
#include "smt.h"

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
  bool lost_assertion, lost_scope;
  fer_command current;  /* the command being executed */
  ferret_result last;   /* of the last check-sat */
  bool have_model;      /* last check-sat said sat, nothing changed since */
  fer_model model;
  const char *reason;   /* why the last check-sat said unknown */
  FER_STACK(fer_term) snapshot; /* parse_only: the last check-sat's query */
  bool snapshot_valid;
  FER_STACK(fer_term) tmp;

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
/* Reset the session as (reset) does. */
void fer_smt_reset(ferret *, fer_smt *);

#endif

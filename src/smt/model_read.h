/* The model reader: SMT-LIB (define-fun x () S v) commands, such as a
 * model printed by ferret, z3 or cvc5 (inside (model ...) or not), read
 * into (variable, value) pairs of the context's declared variables.  The
 * engine takes them as user seeds (engine.h), the portfolio and hunt read
 * solvers' models with it, the sample job its sample files. */
#ifndef FER_MODEL_READ_H
#define FER_MODEL_READ_H

#include "base/context.h"
#include "smt/term.h"

/* (variable, value) pairs read from text; var 0 separates two models (as
 * seeds: two seeds).  Values are bit patterns (Bool 0/1, RoundingMode fer_rm).  line
 * and col: where each pair's variable name is in the text (0 0 for a
 * separator).  strict (set before parsing): a name that is no declared
 * variable, or text other than define-fun commands (a (model ...) around
 * them aside), is an error instead of being passed over. */
typedef struct fer_user_seeds {
  FER_STACK(fer_term) var;
  FER_STACK(fer_u128) val;
  FER_STACK(uint32_t) line, col;
  bool strict;
} fer_user_seeds;

void fer_user_seeds_init(fer_user_seeds *);
void fer_user_seeds_release(ferret *, fer_user_seeds *);
/* Read (define-fun x () S v) commands (e.g. a printed model); a variable
 * already set in the current seed starts a new seed.  Names are looked up
 * among the declared variables; unknown names are skipped (an error when
 * u->strict).  Errors carry the line:column in the text. */
ferret_status fer_user_seeds_parse(ferret *, const char *text, size_t len,
                                   fer_user_seeds *);

#endif

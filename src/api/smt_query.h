/* The query: which assertions a check-sat asks about.  One home for the
 * choice, which `ferret opt` (smt_opt.c) and `ferret smt2c` (smt2c.c)
 * print or compile exactly as check-sat would solve it (smt_check.c). */
#ifndef FER_SMT_QUERY_H
#define FER_SMT_QUERY_H

#include "base/context.h"
#include "smt/term.h"

/* The query of the last check-sat read under parse_only (the assertions
 * in scope then, followed by its assumptions), if there was one; otherwise
 * the assertions in scope now.  The array is the session's: valid until
 * the next command. */
void fer_smt_query(const ferret *, const fer_term **a, size_t *n);

#endif

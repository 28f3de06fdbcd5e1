/* The SMT-LIB session: commands, scopes, assertions (smt.c), on top of the
 * reader (parse.c).  api.c forwards the public entry points here. */
#ifndef FER_SMT_H
#define FER_SMT_H

#include <stdbool.h>
#include <stddef.h>

#include "base/context.h"
#include "smt/term.h"

int fer_smt_init(ferret *);          /* 0 on allocation failure */
void fer_smt_release(ferret *);
ferret_status fer_smt_execute(ferret *, const char *source, const char *text,
                              size_t len);
ferret_status fer_smt_feed(ferret *, const char *source, const char *text,
                           size_t len);
ferret_status fer_smt_feed_end(ferret *);
bool fer_smt_exited(const ferret *);
ferret_result fer_smt_last_result(const ferret *);
ferret_status fer_smt_print_assertions(ferret *);

#endif

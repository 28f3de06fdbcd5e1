/* Reading sample files (the formats of format.h), for SMT coverage of
 * ferret's output or any other sampler's written the same way. */
#ifndef FER_SAMPLE_READ_H
#define FER_SAMPLE_READ_H

#include "smt/term.h"
#include "base/context.h"

/* Called per sample: values[i] is the constant of vars[i] (every one
 * given).  Returns 0 to stop reading (the reader then returns the
 * context's error status, or FERRET_ERROR_LIMIT). */
typedef int (*fer_read_fn)(void *user, const fer_term *values);

/* Read the samples in text[0..len) (no NUL needed; nothing beyond len is
 * read) in `format` (FER_FORMAT_*, or -1: guessed from the first
 * non-blank character: '{' jsonl, '(' smt2, else csv).  Every sample must
 * give each of vars[0..nvars) exactly once, by name, with a value of its
 * sort and width, and name nothing else.  A blank text has no samples.
 * FERRET_OK, or FERRET_ERROR_PARSE with "SOURCE:LINE:COL: message" and
 * the line and column in the context's error. */
ferret_status fer_samples_read(ferret *, const char *source, const char *text,
                               size_t len, int format, const fer_term *vars,
                               size_t nvars, fer_read_fn each, void *user);

#endif

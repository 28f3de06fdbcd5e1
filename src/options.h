/* The one option table.  It generates the options struct, the command-line
 * flags (--name=value), the --help text and get/set by name.
 *
 *   OPTION(name, default, min, max, "description")
 *
 * Values are int64_t; booleans use 0..1.  Add a line here and the option
 * exists everywhere. */
#ifndef FER_OPTIONS_H
#define FER_OPTIONS_H

#include <stddef.h>
#include <stdint.h>

#define FER_OPTIONS(OPTION)                                                  \
  OPTION(seed, 1, 0, INT64_MAX, "random seed (a run with one job is reproducible)") \
  OPTION(timeout, 0, 0, 1000000000, "time limit per check-sat in seconds (0: none)") \
  OPTION(verbose, 0, 0, 5, "verbosity of progress messages on stderr")      \
  OPTION(stats, 0, 0, 1, "print statistics as JSON on stderr at the end")   \
  OPTION(model, 0, 0, 1, "print the model after sat (as get-model would)")  \
  OPTION(max_memory, 0, 0, INT64_MAX, "memory cap in MiB (0: none)")

typedef struct fer_options {
#define FER_OPTION_FIELD(N, D, LO, HI, DESC) int64_t N;
  FER_OPTIONS(FER_OPTION_FIELD)
#undef FER_OPTION_FIELD
} fer_options;

typedef struct fer_option_info {
  const char *name;
  int64_t def, lo, hi;
  const char *desc;
  size_t offset;
} fer_option_info;

/* The table, terminated by a NULL name. */
extern const fer_option_info fer_option_table[];

void fer_options_init(fer_options *);
/* NULL if no such option. */
const fer_option_info *fer_option_find(const char *name);

#endif

/* The command line's one table: every sub-command, every option, which
 * sub-commands each option applies to, and the parser, help and usage
 * errors made from them.  `ferret SUB --help` and the man page
 * (tools/manpage.c) print from these tables, so they cannot drift apart.
 *
 * The library's options (ferret_option_info) appear here by name only:
 * their description, default and range come from the library; the table
 * adds the sub-commands that read them.  An option given to a sub-command
 * that does not read it is refused. */
#ifndef FERRET_CLI_ARGS_H
#define FERRET_CLI_ARGS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "ferret.h"

/* Sub-commands.  Two-word ones (hunt gen, bench report, ...) are
 * sub-commands of their own: they read other options. */
typedef enum cli_sub {
  SUB_SOLVE, SUB_OPT, SUB_SMT2C, SUB_SAMPLE, SUB_COVERAGE, SUB_CONCOLIC,
  SUB_HUNT, SUB_HUNT_GEN, SUB_HUNT_REPLAY, SUB_HUNT_MERGE, SUB_HUNT_REPORT,
  SUB_BENCH, SUB_BENCH_REPORT, SUB_BENCH_MERGE,
  SUB_COUNT
} cli_sub;

typedef struct cli_sub_info {
  const char *name;     /* "hunt gen" */
  const char *synopsis; /* what follows the name in a usage line */
  const char *summary;  /* one line */
  const char *text;     /* the paragraph of --help and the man page */
  const char *exits;    /* exit codes, one "CODE  meaning" per line */
  unsigned minpos, maxpos; /* positional arguments (maxpos 0: any) */
  const char *posname;  /* what they are, for "no FILE" */
} cli_sub_info;

extern const cli_sub_info cli_subs[SUB_COUNT];

/* Kinds of option values. */
typedef enum cli_kind {
  CLI_FLAG,   /* no value */
  CLI_INT,    /* a decimal integer in [lo, hi] */
  CLI_TIME,   /* seconds, decimals allowed; lo and hi in milliseconds */
  CLI_TEXT,   /* any text: a file, a command, a list, a term */
  CLI_CHOICE, /* one of the |-separated names */
  CLI_LIB     /* the library's option `lib`: its kind from its table */
} cli_kind;

typedef struct cli_option {
  const char *name;  /* long name, without "--" */
  char shortname;    /* 'n' for -n, or 0 */
  const char *alias; /* another long name for the same option, or NULL */
  cli_kind kind;
  const char *arg;   /* the value's name in help ("N", "FILE") */
  int64_t lo, hi;    /* CLI_INT; CLI_TIME in seconds */
  const char *choices; /* CLI_CHOICE */
  bool repeat;       /* may be given more than once, all values kept */
  unsigned subs;     /* bit (1 << SUB_x) for each sub-command */
  const char *lib;   /* the library option's name (CLI_LIB) */
  const char *help;  /* NULL for CLI_LIB: the library's description */
} cli_option;

extern const cli_option cli_options[];
extern const size_t cli_noptions;

/* What the parser found: the sub-command, each option given (in order,
 * values checked), the positional arguments. */
typedef struct cli_given {
  const cli_option *opt;
  const char *value; /* "1"/"0" for flags and --no-flag */
} cli_given;

typedef struct cli_args {
  cli_sub sub;
  cli_given *given;
  size_t ngiven;
  const char **pos;
  size_t npos;
} cli_args;

/* Parse argv.  0 and *a filled (free with cli_args_free), or an exit code
 * with the message printed (2 for a usage error; 0 after --help or
 * --version, which print and are done: *done set). */
int cli_parse(int argc, char **argv, cli_args *a, bool *done);
void cli_args_free(cli_args *);

/* The last value of the option named `name` (long name), NULL if absent. */
const char *cli_value(const cli_args *, const char *name);
bool cli_flag(const cli_args *, const char *name);
/* Values of a checked CLI_INT / CLI_TIME option, or def if absent. */
int64_t cli_int(const cli_args *, const char *name, int64_t def);
double cli_time(const cli_args *, const char *name, double def);
/* Every value of a repeatable option, in order, into out (room for
 * a->ngiven); their number. */
size_t cli_values(const cli_args *, const char *name, const char **out);

/* Set the library options given (and --timeout, as timeout or timeout_ms)
 * on f; 0 or an exit code (message printed). */
int cli_apply(const cli_args *, ferret *f);

/* "ferret SUB: MESSAGE (see ferret SUB --help)" on stderr, one line;
 * returns 2.  printf-style. */
int cli_usage(cli_sub, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* The help of one sub-command (its usage, text, options, exit codes), and
 * the overview `ferret --help` prints. */
void cli_help(FILE *, cli_sub);
void cli_help_all(FILE *);

/* Facts of a library option for the help and man page: its description,
 * "(default ..., range ...)" text into buf. */
bool cli_lib_desc(const char *lib, ferret_option_desc *);
void cli_default_text(const cli_option *, char *buf, size_t size);
/* "-n, --count N" of a row, and its description. */
void cli_option_head(const cli_option *, char *buf, size_t size);
const char *cli_option_help(const cli_option *);

#endif

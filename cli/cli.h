/* What the sub-commands of the command-line tool share (main.c): exit
 * codes, usage errors, the library's options on the command line, flags
 * of the sub-commands, files read whole and the signal handling. */
#ifndef FERRET_CLI_H
#define FERRET_CLI_H

#include <stdbool.h>
#include <stddef.h>

#include "ferret.h"

/* Exit codes (documented in --help). */
enum {
  EXIT_UNKNOWN = 0, /* unknown, or no check-sat */
  EXIT_ERROR = 1,   /* an error in the input or while reading it */
  EXIT_USAGE = 2,   /* bad command line */
  EXIT_SAT = 10,
  EXIT_UNSAT = 20
};

/* "ferret: MESSAGE" (fmt with one %s), the usage lines; EXIT_USAGE. */
int usage_error(const char *fmt, const char *arg);
/* Apply the library option --name[=value] at argv[*i] (may consume the
 * next word); 0 or a usage error's exit code. */
int apply_option(ferret *, int argc, char **argv, int *i);
/* A whole file ("-": standard input) into memory (malloc'ed, *len set);
 * NULL if unreadable. */
char *read_all(const char *path, size_t *len);
/* Is a the flag `name` ("--name" or "--name=v")?  Its value ("--name=v"
 * or "--name v", consuming argv[*i + 1]); NULL if missing.  len is
 * strlen(name). */
bool is_flag(const char *a, const char *name);
const char *flag_value(int argc, char **argv, int *i, size_t len);
/* The first SIGINT/SIGTERM interrupts f's search, a second one exits;
 * signal_ctx = NULL when f is gone. */
void install_signals(ferret *f);
/* Has a signal arrived since? */
bool interrupted(void);
extern ferret *volatile signal_ctx;

/* The concolic and hunt sub-commands (concolic.c, hunt.c). */
int run_concolic(ferret *, int argc, char **argv, int i);
int run_hunt(ferret *, int argc, char **argv, int i);

#endif

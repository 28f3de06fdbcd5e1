/* A complete solver run beside the engine (the portfolio, option
 * ferret_add_portfolio): a child process (base/process.h) started from a
 * command line (split at blanks, no shell; argv[0] looked up in PATH) as
 * the leader of its own process group, fed one SMT-LIB script on its standard input
 * (the query, then (check-sat) (get-model) (exit)), whose first answer line
 * is read by a thread of ours, which then raises a flag the search polls
 * (for sat or unsat only).
 *
 * The thread touches no ferret state: after a delay it starts the child,
 * writes the script (the caller keeps it alive until fer_partner_stop),
 * reads the first answer line into a fixed buffer, sets the flag, and
 * stays (the child dies with the thread that forked it) until
 * fer_partner_stop.  Everything after the answer line (the model) is read
 * on the caller's thread by fer_partner_rest.  fer_partner_stop kills
 * the whole process group (SIGKILL), joins the thread and reaps the child:
 * no zombie and no orphan, whichever side answered first. */
#ifndef FER_PARTNER_H
#define FER_PARTNER_H

#include <pthread.h>
#include <stdatomic.h>
#include <sys/types.h>

#include "base/context.h"
#include "base/process.h"
#include "smt/model.h"
#include "smt/print.h"

enum {
  FER_PARTNER_NONE,    /* no answer yet */
  FER_PARTNER_SAT,
  FER_PARTNER_UNSAT,
  FER_PARTNER_UNKNOWN,
  FER_PARTNER_ERROR    /* it ended, or spoke, without an answer */
};

typedef struct fer_partner {
  const char *cmd;
  fer_proc proc;           /* pid 0: not started; in, out: our pipe ends */
  pthread_t thread;
  bool have_thread;
  const char *script;      /* the caller's, until fer_partner_stop */
  double delay;            /* seconds before the child starts */
  char words[1024], *argv[65]; /* the command, split */
  pthread_mutex_t lock;    /* pid and cancelled between the two threads */
  pthread_cond_t wake;     /* signalled by fer_partner_stop */
  bool have_lock, cancelled;
  size_t script_len;
  volatile _Atomic int *notify; /* set to 1 when an answer arrives */
  _Atomic int answer;      /* FER_PARTNER_* */
  char line[160];          /* the answer line (NUL-terminated) */
  double started, answered; /* fer_now() */
} fer_partner;

/* Start cmd on script[0..len) after `delay` seconds (a query the search
 * answers sooner never starts a process); false (error set) when the
 * command cannot be run. */
bool fer_partner_start(ferret *, fer_partner *, const char *cmd,
                       const char *script, size_t len, double delay,
                       volatile _Atomic int *notify);
/* Wait for the answer until deadline (fer_now seconds, 0: none) or
 * *interrupt; the answer (FER_PARTNER_NONE if none came). */
int fer_partner_wait(fer_partner *, double deadline,
                     volatile _Atomic int *interrupt);
/* The rest of the child's output after the answer line, read until it
 * ends or `deadline` (at most 64 MiB), into out (NUL-terminated);
 * false when no answer came yet, or on memory or read failure. */
bool fer_partner_rest(ferret *, fer_partner *, fer_buf *out,
                      double deadline);
/* Kill, join, reap (safe on a partner that never started). */
void fer_partner_stop(fer_partner *);

/* The partner's output read a byte c at a time until its answer line:
 * line[0..cap) collects the current line (NUL-terminated once it ends), *n
 * its length so far (start at 0).  Empty lines and "success"
 * (:print-success) are passed over.  FER_PARTNER_NONE until a line ends,
 * then its answer (a line other than sat, unsat, unknown, or cut at cap,
 * is FER_PARTNER_ERROR).  Pure: tests/fuzz/fuzz_partner.c feeds it. */
int fer_partner_line(char *line, size_t cap, size_t *n, char c);

/* The model a partner printed after its sat (text[0..len), no NUL needed:
 * define-fun commands, other text passed over), completed with zero
 * values for the variables of a[0..n) it leaves out, copied into *out
 * (those variables' entries) only if it satisfies a[0..n) under ferret's
 * evaluator: 1, else 0 (malformed, rejected, or out of memory). */
int fer_partner_model(ferret *, const char *text, size_t len, const fer_term *a,
                      size_t n, fer_model *out);

#endif

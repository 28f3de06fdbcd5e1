/* Solver processes for the hunt (hunt.h): each command line split at
 * blanks (no shell), the script path appended, standard output and error
 * into a pipe we drain (a solver's own time limit is often said on
 * stderr), the process the leader of its own group, killed as a
 * group at the time limit; all commands of a round run at once. */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "engine/engine.h"
#include "base/process.h"
#include "hunt/hunt.h"

const char *const fer_hunt_outcome_name[] = {
    "sat", "unsat", "unknown", "timeout", "crash", "error", "unsupported",
    "cannot-start"};

enum { MAX_ARGS = 64, MAX_OUT = 16 << 20 };

typedef struct child {
  fer_proc p;
  double t0;
  bool started, done, killed;
} child;

/* Start cmd on the script, its stdout and stderr into one pipe (stderr
 * too: "interrupted by timeout"); false when it cannot start. */
static bool start(child *c, const char *cmd, const char *path, uint32_t mem_mb) {
  char words[1024], *argv[MAX_ARGS + 2];
  size_t na = 0;
  if (snprintf(words, sizeof words, "%s", cmd) >= (int)sizeof words) return false;
  char *save = NULL;
  for (char *w = strtok_r(words, " \t", &save); w && na < MAX_ARGS;
       w = strtok_r(NULL, " \t", &save))
    argv[na++] = w;
  argv[na++] = (char *)path;
  argv[na] = NULL;
  fer_proc_spec spec = {.argv = argv, .in = FER_PROC_NULL, .out = FER_PROC_PIPE,
                        .err = FER_PROC_STDOUT, .mem_mb = mem_mb};
  return na >= 2 && fer_proc_spawn(&spec, &c->p) == 0;
}

int fer_hunt_classify(const char *text, int status, bool killed) {
  const char *p = text;
  bool error = false, unsupported = false;
  while (*p) {
    const char *e = strchr(p, '\n');
    size_t n = e ? (size_t)(e - p) : strlen(p);
    while (n && (p[n - 1] == '\r' || p[n - 1] == ' ')) n--;
    if (n == 3 && !memcmp(p, "sat", 3)) return FER_RUN_SAT;
    if (n == 5 && !memcmp(p, "unsat", 5)) return FER_RUN_UNSAT;
    if (n == 7 && !memcmp(p, "unknown", 7)) return killed ? FER_RUN_TIMEOUT : FER_RUN_UNKNOWN;
    if (n == 7 && !memcmp(p, "timeout", 7)) return FER_RUN_TIMEOUT; /* z3 -T */
    for (size_t i = 0; i + 22 <= n; i++) /* cvc5 --tlimit, then it aborts */
      if (!memcmp(p + i, "interrupted by timeout", 22)) return FER_RUN_TIMEOUT;
    /* "(error ...)", or Bitwuzla's "[error] FILE:LINE:COL: ..." */
    if ((n >= 6 && !memcmp(p, "(error", 6)) || (n >= 7 && !memcmp(p, "[error]", 7))) {
      error = true;
      for (size_t i = 0; i + 10 <= n; i++) /* [Uu]nsupported */
        if (!strncmp(p + i, "nsupported", 10) || !strncmp(p + i, "not support", 11))
          unsupported = true;
    }
    if (!e) break;
    p = e + 1;
  }
  if (killed) return FER_RUN_TIMEOUT;
  if (unsupported) return FER_RUN_UNSUPPORTED;
  if (status >= 128) return FER_RUN_CRASH; /* a signal */
  if (error) return FER_RUN_ERROR;
  return FER_RUN_CRASH; /* ended without an answer */
}

int fer_hunt_run_all(ferret *f, const char *const *cmds, uint32_t n,
                     const char *script_path, const double *timeout, uint32_t mem_mb,
                     fer_hunt_run *runs) {
  child ch[16];
  if (n > 16) n = 16;
  for (uint32_t i = 0; i < n; i++) {
    FER_CLEAR(runs[i].out);
    runs[i].outcome = FER_RUN_CANNOT_START, runs[i].seconds = 0, runs[i].status = 0;
    ch[i].t0 = fer_now();
    ch[i].started = start(&ch[i], cmds[i], script_path, mem_mb);
    ch[i].done = !ch[i].started, ch[i].killed = false;
  }
  bool ok = true;
  for (;;) {
    struct pollfd pf[16];
    uint32_t live = 0, map[16];
    for (uint32_t i = 0; i < n; i++)
      if (!ch[i].done) pf[live] = (struct pollfd){ch[i].p.out, POLLIN, 0}, map[live++] = i;
    if (!live) break;
    double now = fer_now();
    for (uint32_t k = 0; k < live; k++) {
      child *c = &ch[map[k]];
      if (!c->killed && now - c->t0 >= timeout[map[k]]) {
        fer_proc_kill(&c->p, SIGKILL);
        c->killed = true;
      }
    }
    int r = poll(pf, live, 20);
    if (r < 0 && errno != EINTR) break;
    for (uint32_t k = 0; r > 0 && k < live; k++) {
      if (!(pf[k].revents & (POLLIN | POLLHUP | POLLERR))) continue;
      uint32_t i = map[k];
      char buf[4096];
      ssize_t got = read(ch[i].p.out, buf, sizeof buf);
      if (got < 0 && errno == EINTR) continue;
      if (got > 0) {
        if (runs[i].out.size + (size_t)got <= MAX_OUT)
          ok = ok && fer_buf_add(f, &runs[i].out, buf, (size_t)got);
        continue;
      }
      ch[i].done = true; /* end of its output: reap it */
      runs[i].seconds = fer_now() - ch[i].t0;
    }
  }
  for (uint32_t i = 0; i < n; i++) {
    if (!ch[i].started) continue;
    runs[i].status = fer_proc_finish(&ch[i].p, NULL); /* its whole group goes */
    if (!runs[i].seconds) runs[i].seconds = fer_now() - ch[i].t0;
    ok = ok && fer_buf_add(f, &runs[i].out, "", 1);
    if (ok) runs[i].out.size--; /* keep the NUL out of the text */
    runs[i].outcome = fer_hunt_classify(runs[i].out.data ? runs[i].out.data : "",
                                        runs[i].status, ch[i].killed);
  }
  return ok;
}

void fer_hunt_run_release(ferret *f, fer_hunt_run *r) { FER_RELEASE(f, r->out); }

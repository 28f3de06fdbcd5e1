/* Solvers kept running for the hunt (hunt.h): each command line split at
 * blanks (no shell) is started once, reading SMT-LIB commands on its
 * standard input (a socket, so that writing to a solver that died is an
 * error, not a SIGPIPE), its standard output and error into one pipe.  A
 * formula is sent as
 *
 *     (reset)                      -- not to a freshly started process
 *     the script                   -- options, logic, ..., (check-sat) (get-model)
 *     (echo "ferret-hunt-end")
 *
 * and its answer is the output up to the line holding the echoed marker
 * (z3 prints it bare, cvc5 and Bitwuzla quoted).  A solver that passes the
 * time limit is killed with its process group and counts as a timeout; one
 * that ends before the marker (a crash, or a solver that stops at an
 * error) is reaped and classified as run.c classifies a process; either
 * way a fresh process is started for the next formula. */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include "engine/engine.h"
#include "base/process.h"
#include "hunt/hunt.h"

enum { MAX_ARGS = 64, MAX_OUT = 16 << 20 };

static const char MARKER[] = "ferret-hunt-end";

/* Start cmd (through the process module) with a socket as its standard
 * input; 0 when it cannot be started (not found, no socket, no process). */
static int start(fer_hunt_solver *s, const char *cmd) {
  char words[1024], *argv[MAX_ARGS + 1];
  size_t na = 0;
  if (snprintf(words, sizeof words, "%s", cmd) >= (int)sizeof words) return 0;
  for (char *w = strtok(words, " \t"); w && na < MAX_ARGS; w = strtok(NULL, " \t"))
    argv[na++] = w;
  argv[na] = NULL;
  if (!na) return 0;
  int in[2];
  if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, in) != 0) return 0;
  fer_proc_spec spec = {.argv = argv, .in = FER_PROC_FD, .in_fd = in[1],
                        .out = FER_PROC_PIPE, .err = FER_PROC_STDOUT};
  int e = fer_proc_spawn(&spec, &s->p);
  close(in[1]);
  if (e != 0) {
    close(in[0]);
    return 0;
  }
  fcntl(in[0], F_SETFL, fcntl(in[0], F_GETFL) | O_NONBLOCK);
  s->in = in[0];
  s->starts++;
  return 1;
}

/* Kill s's process group (whether or not it ended) and reap it: its exit
 * status, or 128 + the signal. */
static int stop(fer_hunt_solver *s) {
  if (s->p.pid <= 0) return 0;
  close(s->in);
  s->in = -1;
  return fer_proc_finish(&s->p, NULL);
}

void fer_hunt_session_close(fer_hunt_solver *s, uint32_t n) {
  for (uint32_t i = 0; i < n; i++) (void)stop(&s[i]);
}

/* The end of the answer: the start of the line holding the marker, or
 * NULL when it has not come yet (looked for from byte `from` on). */
static char *marker_line(fer_buf *out, size_t from) {
  size_t k = sizeof MARKER - 1, i = from;
  while (i + k <= out->size && memcmp(out->data + i, MARKER, k)) i++;
  if (i + k > out->size) return NULL;
  char *m = out->data + i;
  char *eol = memchr(m, '\n', out->size - (size_t)(m - out->data));
  if (!eol) return NULL; /* the rest of its line is still coming */
  while (m > out->data && m[-1] != '\n') m--;
  return m;
}

typedef struct pending {
  fer_buf msg;     /* what is still to be written */
  size_t sent;
  double t0;
  bool done, killed, absent; /* absent: could not be started */
} pending;

int fer_hunt_session_run_all(ferret *f, fer_hunt_solver *s, const char *const *cmds,
                             uint32_t n, const char *script, size_t len,
                             const double *timeout, fer_hunt_run *runs) {
  pending p[16];
  if (n > 16) n = 16;
  bool ok = true;
  for (uint32_t i = 0; i < n; i++) {
    FER_CLEAR(runs[i].out);
    runs[i].outcome = FER_RUN_CANNOT_START, runs[i].seconds = 0, runs[i].status = 0;
    memset(&p[i], 0, sizeof p[i]);
    bool fresh = s[i].p.pid <= 0;
    if (fresh && !start(&s[i], cmds[i])) s[i].p.pid = 0;
    p[i].done = p[i].absent = s[i].p.pid <= 0;
    ok = ok && (fresh || fer_buf_str(f, &p[i].msg, "(reset)\n")) &&
         fer_buf_add(f, &p[i].msg, script, len) &&
         fer_buf_printf(f, &p[i].msg, "\n(echo \"%s\")\n", MARKER);
    p[i].t0 = fer_now();
  }
  for (;;) {
    struct pollfd pf[32];
    uint32_t np = 0, map[32];
    bool wr[32];
    double now = fer_now();
    for (uint32_t i = 0; ok && i < n; i++) {
      if (p[i].done) continue;
      if (now - p[i].t0 >= timeout[i]) { /* past its limit: killed */
        p[i].killed = p[i].done = true;
        runs[i].seconds = now - p[i].t0;
        runs[i].status = stop(&s[i]);
        continue;
      }
      pf[np] = (struct pollfd){s[i].p.out, POLLIN, 0}, map[np] = i, wr[np++] = false;
      if (p[i].sent < p[i].msg.size)
        pf[np] = (struct pollfd){s[i].in, POLLOUT, 0}, map[np] = i, wr[np++] = true;
    }
    if (!np) break;
    int r = poll(pf, np, 20);
    if (r < 0 && errno != EINTR) break;
    for (uint32_t k = 0; r > 0 && k < np; k++) {
      uint32_t i = map[k];
      if (p[i].done || !pf[k].revents) continue;
      if (wr[k]) {
        ssize_t w = send(s[i].in, p[i].msg.data + p[i].sent, p[i].msg.size - p[i].sent,
                         MSG_NOSIGNAL);
        if (w > 0) p[i].sent += (size_t)w;
        else if (w < 0 && errno != EAGAIN && errno != EINTR)
          p[i].sent = p[i].msg.size; /* it stopped reading: its output says why */
        continue;
      }
      char buf[4096];
      ssize_t got = read(s[i].p.out, buf, sizeof buf);
      if (got < 0 && errno == EINTR) continue;
      if (got > 0) {
        size_t had = runs[i].out.size, back = sizeof MARKER + 1;
        if (had + (size_t)got <= MAX_OUT)
          ok = ok && fer_buf_add(f, &runs[i].out, buf, (size_t)got);
        char *end = marker_line(&runs[i].out, had > back ? had - back : 0);
        if (end) { /* answered: the process stays for the next formula */
          runs[i].out.size = (size_t)(end - runs[i].out.data);
          runs[i].seconds = fer_now() - p[i].t0;
          p[i].done = true;
        }
        continue;
      }
      /* the end of its output before the marker: it ended */
      runs[i].seconds = fer_now() - p[i].t0;
      runs[i].status = stop(&s[i]);
      p[i].done = true;
    }
  }
  for (uint32_t i = 0; i < n; i++) {
    if (!p[i].done) { /* memory failed: not answered */
      runs[i].status = stop(&s[i]);
      p[i].killed = true;
    }
    FER_RELEASE(f, p[i].msg);
    if (p[i].absent) continue;
    ok = ok && fer_buf_add(f, &runs[i].out, "", 1);
    if (ok) runs[i].out.size--; /* keep the NUL out of the text */
    runs[i].outcome = fer_hunt_classify(runs[i].out.data ? runs[i].out.data : "",
                                        runs[i].status, p[i].killed);
  }
  return ok;
}

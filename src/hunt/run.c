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
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "engine/engine.h"
#include "backends/partner.h"
#include "hunt/hunt.h"

extern char **environ;

const char *const fer_hunt_outcome_name[] = {
    "sat", "unsat", "unknown", "timeout", "crash", "error", "unsupported",
    "cannot-start"};

enum { MAX_ARGS = 64, MAX_OUT = 16 << 20 };

typedef struct child {
  pid_t pid;
  int fd;
  double t0;
  bool done, killed;
} child;

static pid_t start(const char *cmd, const char *path, int *fd, uint32_t mem_mb) {
  char words[1024], *argv[MAX_ARGS + 2], exe[1024];
  size_t na = 0;
  if (snprintf(words, sizeof words, "%s", cmd) >= (int)sizeof words) return -1;
  for (char *w = strtok(words, " \t"); w && na < MAX_ARGS; w = strtok(NULL, " \t"))
    argv[na++] = w;
  argv[na++] = (char *)path;
  argv[na] = NULL;
  if (na < 2 || !fer_find_program(argv[0], exe, sizeof exe)) return -1;
  int out[2];
  if (pipe(out) != 0) return -1;
  fcntl(out[0], F_SETFD, FD_CLOEXEC);
  pid_t pid = fork();
  if (pid < 0) {
    close(out[0]), close(out[1]);
    return -1;
  }
  if (pid == 0) { /* async-signal-safe calls only until exec */
    setpgid(0, 0);
    if (mem_mb) {
      struct rlimit rl = {(rlim_t)mem_mb << 20, (rlim_t)mem_mb << 20};
      setrlimit(RLIMIT_AS, &rl);
    }
    int null = open("/dev/null", O_RDONLY);
    if (null >= 0) dup2(null, 0);
    dup2(out[1], 1), dup2(out[1], 2); /* stderr too: "interrupted by timeout" */
    execve(exe, argv, environ);
    _exit(127);
  }
  setpgid(pid, pid);
  close(out[1]);
  *fd = out[0];
  return pid;
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
    ch[i].pid = start(cmds[i], script_path, &ch[i].fd, mem_mb);
    ch[i].done = ch[i].pid < 0, ch[i].killed = false;
  }
  bool ok = true;
  for (;;) {
    struct pollfd pf[16];
    uint32_t live = 0, map[16];
    for (uint32_t i = 0; i < n; i++)
      if (!ch[i].done) pf[live] = (struct pollfd){ch[i].fd, POLLIN, 0}, map[live++] = i;
    if (!live) break;
    double now = fer_now();
    for (uint32_t k = 0; k < live; k++) {
      child *c = &ch[map[k]];
      if (!c->killed && now - c->t0 >= timeout[map[k]]) {
        kill(-c->pid, SIGKILL);
        c->killed = true;
      }
    }
    int r = poll(pf, live, 20);
    if (r < 0 && errno != EINTR) break;
    for (uint32_t k = 0; r > 0 && k < live; k++) {
      if (!(pf[k].revents & (POLLIN | POLLHUP | POLLERR))) continue;
      uint32_t i = map[k];
      char buf[4096];
      ssize_t got = read(ch[i].fd, buf, sizeof buf);
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
    if (ch[i].pid < 0) continue;
    close(ch[i].fd);
    kill(-ch[i].pid, SIGKILL); /* whatever it left in its group */
    int status = 0;
    while (waitpid(ch[i].pid, &status, 0) < 0 && errno == EINTR) {
    }
    runs[i].status = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    if (!runs[i].seconds) runs[i].seconds = fer_now() - ch[i].t0;
    ok = ok && fer_buf_add(f, &runs[i].out, "", 1);
    if (ok) runs[i].out.size--; /* keep the NUL out of the text */
    runs[i].outcome = fer_hunt_classify(runs[i].out.data ? runs[i].out.data : "",
                                        runs[i].status, ch[i].killed);
  }
  return ok;
}

void fer_hunt_run_release(ferret *f, fer_hunt_run *r) { FER_RELEASE(f, r->out); }

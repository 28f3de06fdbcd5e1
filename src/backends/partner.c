/* A complete solver beside the engine (contract in partner.h). */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif
#include <time.h>
#include <unistd.h>

#include "engine/engine.h"
#include "backends/partner.h"

extern char **environ;

enum { MAX_ARGS = 64, MAX_REST = 64 << 20 };

bool fer_find_program(const char *name, char *out, size_t cap) {
  if (strchr(name, '/'))
    return (size_t)snprintf(out, cap, "%s", name) < cap && access(out, X_OK) == 0;
  const char *p = getenv("PATH");
  if (!p) p = "/usr/local/bin:/usr/bin:/bin";
  for (;;) {
    size_t n = strcspn(p, ":");
    if ((size_t)snprintf(out, cap, "%.*s%s%s", (int)n, p, n ? "/" : "", name) < cap &&
        access(out, X_OK) == 0)
      return true;
    if (!p[n]) return false;
    p += n + 1;
  }
}

bool fer_command_found(const char *cmd) {
  char word[256], exe[1024];
  size_t n = strspn(cmd, " \t"), k = strcspn(cmd + n, " \t");
  if (!k || k >= sizeof word) return false;
  memcpy(word, cmd + n, k), word[k] = 0;
  return fer_find_program(word, exe, sizeof exe);
}

/* Write everything; false on a closed pipe (the child ended). */
static bool write_all(int fd, const char *p, size_t n) {
  while (n) {
    ssize_t w = write(fd, p, n);
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) return false;
    p += w, n -= (size_t)w;
  }
  return true;
}

static int classify(const char *line) {
  if (!strcmp(line, "sat")) return FER_PARTNER_SAT;
  if (!strcmp(line, "unsat")) return FER_PARTNER_UNSAT;
  if (!strcmp(line, "unknown")) return FER_PARTNER_UNKNOWN;
  return FER_PARTNER_ERROR;
}

/* The thread: feed the script, then read lines until an answer. */
static void *feed_and_listen(void *arg) {
  fer_partner *p = arg;
  write_all(p->to_child, p->script, p->script_len);
  close(p->to_child);
  p->to_child = -1;
  size_t n = 0;
  int answer = FER_PARTNER_ERROR;
  for (;;) {
    char c;
    ssize_t r = read(p->from_child, &c, 1);
    if (r < 0 && errno == EINTR) continue;
    if (r <= 0) break; /* the child ended without an answer */
    if (c == '\r') continue;
    if (c != '\n') {
      if (n + 1 < sizeof p->line) p->line[n++] = c;
      continue;
    }
    p->line[n] = 0;
    if (n == 0 || !strcmp(p->line, "success")) { /* :print-success */
      n = 0;
      continue;
    }
    answer = classify(p->line);
    break;
  }
  p->line[n < sizeof p->line ? n : sizeof p->line - 1] = 0;
  p->answered = fer_now();
  atomic_store(&p->answer, answer);
  if (p->notify && (answer == FER_PARTNER_SAT || answer == FER_PARTNER_UNSAT))
    atomic_store(p->notify, 1); /* unknown or an error stops nothing */
  return NULL;
}

bool fer_partner_start(ferret *f, fer_partner *p, const char *cmd,
                       const char *script, size_t len,
                       volatile _Atomic int *notify) {
  memset(p, 0, sizeof *p);
  p->cmd = cmd, p->script = script, p->script_len = len, p->notify = notify;
  p->to_child = p->from_child = -1;
  char words[1024], *argv[MAX_ARGS + 1], exe[1024];
  size_t na = 0;
  if (snprintf(words, sizeof words, "%s", cmd) >= (int)sizeof words) {
    fer_error(f, FERRET_ERROR_OPTION, 0, 0, "portfolio: command too long");
    return false;
  }
  for (char *w = strtok(words, " \t"); w && na < MAX_ARGS; w = strtok(NULL, " \t"))
    argv[na++] = w;
  argv[na] = NULL;
  if (!na || !fer_find_program(argv[0], exe, sizeof exe)) {
    fer_error(f, FERRET_ERROR_OPTION, 0, 0, "portfolio: cannot run '%s'", cmd);
    return false;
  }
  int in[2], out[2], ok[2];
  if (pipe(in) != 0) goto io;
  if (pipe(out) != 0) {
    close(in[0]), close(in[1]);
    goto io;
  }
  if (pipe(ok) != 0) {
    close(in[0]), close(in[1]), close(out[0]), close(out[1]);
    goto io;
  }
  for (int k = 0; k < 2; k++) {
    fcntl(in[k], F_SETFD, FD_CLOEXEC);
    fcntl(out[k], F_SETFD, FD_CLOEXEC);
    fcntl(ok[k], F_SETFD, FD_CLOEXEC);
  }
  p->started = fer_now();
  pid_t pid = fork();
  if (pid < 0) {
    close(in[0]), close(in[1]), close(out[0]), close(out[1]);
    close(ok[0]), close(ok[1]);
    goto io;
  }
  if (pid == 0) { /* async-signal-safe calls only until exec */
    setpgid(0, 0);
#ifdef __linux__
    prctl(PR_SET_PDEATHSIG, SIGKILL); /* ferret killed at once: no orphan */
#endif
    int null = open("/dev/null", O_WRONLY);
    int e = 0;
    if (dup2(in[0], 0) < 0 || dup2(out[1], 1) < 0 || null < 0 || dup2(null, 2) < 0)
      e = errno;
    else
      execve(exe, argv, environ), e = errno;
    if (write(ok[1], &e, sizeof e) < 0) _exit(126);
    _exit(127);
  }
  setpgid(pid, pid); /* also here: no window in which kill(-pid) misses */
  close(in[0]), close(out[1]), close(ok[1]);
  int e = 0;
  ssize_t got;
  while ((got = read(ok[0], &e, sizeof e)) < 0 && errno == EINTR) {
  }
  close(ok[0]);
  p->pid = pid, p->to_child = in[1], p->from_child = out[0];
  if (got == (ssize_t)sizeof e && e) {
    fer_partner_stop(p);
    fer_error(f, FERRET_ERROR_OPTION, 0, 0, "portfolio: cannot run '%s': %s", cmd,
              strerror(e));
    return false;
  }
  /* the child may die before reading everything: no SIGPIPE for us */
  signal(SIGPIPE, SIG_IGN);
  if (pthread_create(&p->thread, NULL, feed_and_listen, p) != 0) {
    fer_partner_stop(p);
    fer_error(f, FERRET_ERROR_LIMIT, 0, 0, "portfolio: cannot start a thread");
    return false;
  }
  p->have_thread = true;
  return true;
io:
  fer_error(f, FERRET_ERROR_LIMIT, 0, 0, "portfolio: cannot start '%s': %s", cmd,
            strerror(errno));
  return false;
}

int fer_partner_wait(fer_partner *p, double deadline,
                     volatile _Atomic int *interrupt) {
  if (!p->pid) return FER_PARTNER_ERROR;
  for (;;) {
    int a = atomic_load(&p->answer);
    if (a) return a;
    if ((deadline > 0 && fer_now() >= deadline) || (interrupt && atomic_load(interrupt)))
      return FER_PARTNER_NONE;
    struct timespec ts = {0, 1000000}; /* 1 ms */
    nanosleep(&ts, NULL);
  }
}

bool fer_partner_rest(ferret *f, fer_partner *p, fer_buf *out, double deadline) {
  FER_CLEAR(*out);
  if (p->have_thread) { /* the reader of the answer line is done */
    pthread_join(p->thread, NULL);
    p->have_thread = false;
  }
  bool ok = true;
  for (;;) {
    int wait_ms = -1;
    if (deadline > 0) {
      double left = deadline - fer_now();
      if (left <= 0) break;
      wait_ms = (int)(left * 1000) + 1;
    }
    struct pollfd pf = {p->from_child, POLLIN, 0};
    int r = poll(&pf, 1, wait_ms);
    if (r < 0 && errno == EINTR) continue;
    if (r <= 0) break;
    char buf[4096];
    ssize_t n = read(p->from_child, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    if (out->size + (size_t)n > MAX_REST || !fer_buf_add(f, out, buf, (size_t)n)) {
      ok = false;
      break;
    }
  }
  return ok && fer_buf_add(f, out, "", 1);
}

void fer_partner_stop(fer_partner *p) {
  if (p->pid > 0) kill(-p->pid, SIGKILL);
  if (p->have_thread) { /* its read ends: the child's end of the pipe closed */
    pthread_join(p->thread, NULL);
    p->have_thread = false;
  }
  if (p->to_child >= 0) close(p->to_child);
  if (p->from_child >= 0) close(p->from_child);
  p->to_child = p->from_child = -1;
  if (p->pid > 0) {
    int status;
    while (waitpid(p->pid, &status, 0) < 0 && errno == EINTR) {
    }
  }
  p->pid = 0;
}

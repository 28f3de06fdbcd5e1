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
#include "engine/pre.h"
#include "smt/model.h"
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

int fer_partner_line(char *line, size_t cap, size_t *n, char c) {
  if (c == '\r') return FER_PARTNER_NONE;
  if (c != '\n') {
    if (*n + 1 < cap) line[(*n)++] = c;
    return FER_PARTNER_NONE;
  }
  line[*n] = 0;
  if (*n == 0 || !strcmp(line, "success")) { /* :print-success */
    *n = 0;
    return FER_PARTNER_NONE;
  }
  return classify(line);
}

int fer_partner_model(ferret *f, const char *text, size_t len, const fer_term *a,
                      size_t n, fer_model *out) {
  fer_user_seeds seeds;
  fer_user_seeds_init(&seeds);
  fer_model m;
  fer_model_init(&m);
  fer_term_stack vars = {0};
  int ok = 0;
  if (fer_user_seeds_parse(f, text, len, &seeds) != FERRET_OK ||
      !fer_model_reserve(f, &m) || !fer_collect_vars(f, a, n, &vars))
    goto done;
  for (size_t i = 0; i < seeds.var.size; i++) {
    fer_term v = seeds.var.data[i];
    if (!v) continue;
    fer_term c = fer_value_term(f, fer_term_sort(f, v), seeds.val.data[i]);
    if (!c) goto done;
    m.value[fer_term_idx(f, v, 0)] = c;
  }
  for (size_t i = 0; i < vars.size; i++) {
    uint32_t k = fer_term_idx(f, vars.data[i], 0);
    if (!m.value[k] && !(m.value[k] = fer_value_term(f, fer_term_sort(f, vars.data[i]), 0)))
      goto done;
  }
  if (fer_model_validate(f, a, n, &m) == 1 && fer_model_reserve(f, out)) {
    for (size_t i = 0; i < vars.size; i++) {
      uint32_t k = fer_term_idx(f, vars.data[i], 0);
      out->value[k] = m.value[k];
    }
    ok = 1;
  }
done:
  FER_RELEASE(f, vars);
  fer_user_seeds_release(f, &seeds);
  fer_model_release(f, &m);
  return ok;
}

/* Start the child (on the partner's thread, after its delay): pipes, fork,
 * exec; the pid is stored under the lock, so fer_partner_stop either sees
 * it or stops the start.  false when it was stopped or could not start. */
static bool spawn(fer_partner *p) {
  int in[2], out[2], ok[2];
  if (pipe(in) != 0) return false;
  if (pipe(out) != 0) {
    close(in[0]), close(in[1]);
    return false;
  }
  if (pipe(ok) != 0) {
    close(in[0]), close(in[1]), close(out[0]), close(out[1]);
    return false;
  }
  for (int k = 0; k < 2; k++) {
    fcntl(in[k], F_SETFD, FD_CLOEXEC);
    fcntl(out[k], F_SETFD, FD_CLOEXEC);
    fcntl(ok[k], F_SETFD, FD_CLOEXEC);
  }
  pthread_mutex_lock(&p->lock);
  pid_t pid = p->cancelled ? -1 : fork();
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
      execve(p->exe, p->argv, environ), e = errno;
    if (write(ok[1], &e, sizeof e) < 0) _exit(126);
    _exit(127);
  }
  if (pid > 0) {
    setpgid(pid, pid); /* also here: no window in which kill(-pid) misses */
    p->pid = pid, p->to_child = in[1], p->from_child = out[0];
    p->started = fer_now();
  }
  pthread_mutex_unlock(&p->lock);
  close(in[0]), close(out[1]), close(ok[1]);
  if (pid <= 0) {
    close(in[1]), close(out[0]), close(ok[0]);
    return false;
  }
  int e = 0;
  ssize_t got;
  while ((got = read(ok[0], &e, sizeof e)) < 0 && errno == EINTR) {
  }
  close(ok[0]);
  return !(got == (ssize_t)sizeof e && e);
}

/* The thread: wait the delay (a query answered by then needs no
 * partner), start the child, feed the script, read lines until an
 * answer. */
/* Wait until fer_partner_stop, or `seconds` (< 0: no limit); true when
 * stopped.  A condition variable: the stop wakes it at once. */
static bool wait_cancel(fer_partner *p, double seconds) {
  struct timespec until;
  clock_gettime(CLOCK_MONOTONIC, &until);
  if (seconds >= 0) {
    double s = (double)until.tv_sec + 1e-9 * (double)until.tv_nsec + seconds;
    until.tv_sec = (time_t)s;
    until.tv_nsec = (long)((s - (double)until.tv_sec) * 1e9);
  }
  pthread_mutex_lock(&p->lock);
  while (!p->cancelled) {
    if (seconds < 0) {
      pthread_cond_wait(&p->wake, &p->lock);
    } else if (pthread_cond_timedwait(&p->wake, &p->lock, &until) == ETIMEDOUT) {
      break;
    }
  }
  bool stop = p->cancelled;
  pthread_mutex_unlock(&p->lock);
  return stop;
}

static void *feed_and_listen(void *arg) {
  fer_partner *p = arg;
  if (p->delay > 0 && wait_cancel(p, p->delay)) return NULL;
  if (!spawn(p)) {
    atomic_store(&p->answer, FER_PARTNER_ERROR);
    return NULL;
  }
  /* The child may die before reading everything: its SIGPIPE is held on
   * this thread while writing (and dropped), so the library changes no
   * process-wide disposition (the child was started with the mask as it
   * was). */
  sigset_t pipe_set, old;
  sigemptyset(&pipe_set);
  sigaddset(&pipe_set, SIGPIPE);
  pthread_sigmask(SIG_BLOCK, &pipe_set, &old);
  write_all(p->to_child, p->script, p->script_len);
  struct timespec zero = {0, 0};
  while (sigtimedwait(&pipe_set, NULL, &zero) == SIGPIPE) {
  }
  pthread_sigmask(SIG_SETMASK, &old, NULL);
  pthread_mutex_lock(&p->lock);
  close(p->to_child);
  p->to_child = -1;
  pthread_mutex_unlock(&p->lock);
  size_t n = 0;
  int answer = FER_PARTNER_ERROR;
  for (;;) {
    char c;
    ssize_t r = read(p->from_child, &c, 1);
    if (r < 0 && errno == EINTR) continue;
    if (r <= 0) break; /* the child ended without an answer */
    int a = fer_partner_line(p->line, sizeof p->line, &n, c);
    if (a != FER_PARTNER_NONE) {
      answer = a;
      break;
    }
  }
  p->line[n < sizeof p->line ? n : sizeof p->line - 1] = 0;
  p->answered = fer_now();
  atomic_store(&p->answer, answer);
  if (p->notify && (answer == FER_PARTNER_SAT || answer == FER_PARTNER_UNSAT))
    atomic_store(p->notify, 1); /* unknown or an error stops nothing */
  /* This thread forked the child, and PR_SET_PDEATHSIG kills the child
   * when its parent THREAD ends: stay until fer_partner_stop, so the model
   * that follows the answer can still be written. */
  wait_cancel(p, -1);
  return NULL;
}

bool fer_partner_start(ferret *f, fer_partner *p, const char *cmd,
                       const char *script, size_t len, double delay,
                       volatile _Atomic int *notify) {
  memset(p, 0, sizeof *p);
  p->cmd = cmd, p->script = script, p->script_len = len, p->notify = notify;
  p->delay = delay;
  p->to_child = p->from_child = -1;
  size_t na = 0;
  if (snprintf(p->words, sizeof p->words, "%s", cmd) >= (int)sizeof p->words) {
    fer_error(f, FERRET_ERROR_OPTION, 0, 0, "portfolio: command too long");
    return false;
  }
  char *save = NULL;
  for (char *w = strtok_r(p->words, " \t", &save); w && na < MAX_ARGS;
       w = strtok_r(NULL, " \t", &save))
    p->argv[na++] = w;
  p->argv[na] = NULL;
  if (!na || !fer_find_program(p->argv[0], p->exe, sizeof p->exe)) {
    fer_error(f, FERRET_ERROR_OPTION, 0, 0, "portfolio: cannot run '%s'", cmd);
    return false;
  }
  pthread_condattr_t ca;
  pthread_condattr_init(&ca);
  pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
  pthread_mutex_init(&p->lock, NULL);
  pthread_cond_init(&p->wake, &ca);
  pthread_condattr_destroy(&ca);
  p->have_lock = true;
  if (pthread_create(&p->thread, NULL, feed_and_listen, p) != 0) {
    fer_partner_stop(p);
    fer_error(f, FERRET_ERROR_LIMIT, 0, 0, "portfolio: cannot start a thread");
    return false;
  }
  p->have_thread = true;
  return true;
}

int fer_partner_wait(fer_partner *p, double deadline,
                     volatile _Atomic int *interrupt) {
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
  /* the thread read the answer line and reads nothing more */
  if (atomic_load(&p->answer) == FER_PARTNER_NONE || p->from_child < 0) return false;
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
  pid_t pid = 0;
  if (p->have_lock) {
    pthread_mutex_lock(&p->lock);
    p->cancelled = true; /* a start not done yet will not happen */
    pid = p->pid;
    pthread_cond_signal(&p->wake);
    pthread_mutex_unlock(&p->lock);
  }
  if (pid > 0) kill(-pid, SIGKILL);
  if (p->have_thread) { /* its read ends: the child's end of the pipe closed */
    pthread_join(p->thread, NULL);
    p->have_thread = false;
  }
  if (p->to_child >= 0) close(p->to_child);
  if (p->from_child >= 0) close(p->from_child);
  p->to_child = p->from_child = -1;
  if (pid > 0) {
    int status;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
  }
  if (p->have_lock) pthread_mutex_destroy(&p->lock), pthread_cond_destroy(&p->wake);
  p->have_lock = false;
  p->pid = 0;
}

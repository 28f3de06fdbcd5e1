/* A complete solver beside the engine (contract in partner.h). */
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "engine/engine.h"
#include "engine/pre.h"
#include "smt/model.h"
#include "base/process.h"
#include "backends/partner.h"

enum { MAX_ARGS = 64, MAX_REST = 64 << 20 };

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

/* Start the child (on the partner's thread, after its delay); the
 * process is stored under the lock, so fer_partner_stop either sees it or
 * stops the start.  false when it was stopped or could not start. */
static bool spawn(fer_partner *p) {
  fer_proc_spec spec = {.argv = p->argv, .in = FER_PROC_PIPE, .out = FER_PROC_PIPE,
                        .err = FER_PROC_NULL,
                        .die_with_parent = true}; /* ferret killed at once: no orphan */
  pthread_mutex_lock(&p->lock);
  bool ok = !p->cancelled && fer_proc_spawn(&spec, &p->proc) == 0;
  if (ok) p->started = fer_now();
  pthread_mutex_unlock(&p->lock);
  return ok;
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
  /* The child may die before reading everything: the write holds SIGPIPE
   * on this thread only, so no process-wide disposition changes. */
  fer_proc_write_all(p->proc.in, p->script, p->script_len);
  pthread_mutex_lock(&p->lock);
  close(p->proc.in);
  p->proc.in = -1;
  pthread_mutex_unlock(&p->lock);
  size_t n = 0;
  int answer = FER_PARTNER_ERROR;
  for (;;) {
    char c;
    ssize_t r = read(p->proc.out, &c, 1);
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
  p->proc.in = p->proc.out = -1;
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
  char exe[1024];
  if (!na || !fer_proc_find(p->argv[0], exe, sizeof exe)) {
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
  if (atomic_load(&p->answer) == FER_PARTNER_NONE || p->proc.out < 0) return false;
  bool ok = true;
  for (;;) {
    int wait_ms = -1;
    if (deadline > 0) {
      double left = deadline - fer_now();
      if (left <= 0) break;
      wait_ms = (int)(left * 1000) + 1;
    }
    struct pollfd pf = {p->proc.out, POLLIN, 0};
    int r = poll(&pf, 1, wait_ms);
    if (r < 0 && errno == EINTR) continue;
    if (r <= 0) break;
    char buf[4096];
    ssize_t n = read(p->proc.out, buf, sizeof buf);
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
  if (p->have_lock) {
    pthread_mutex_lock(&p->lock);
    p->cancelled = true; /* a start not done yet will not happen */
    fer_proc_kill(&p->proc, SIGKILL);
    pthread_cond_signal(&p->wake);
    pthread_mutex_unlock(&p->lock);
  }
  if (p->have_thread) { /* its read ends: the child's end of the pipe closed */
    pthread_join(p->thread, NULL);
    p->have_thread = false;
  }
  fer_proc_finish(&p->proc, NULL);
  if (p->have_lock) pthread_mutex_destroy(&p->lock), pthread_cond_destroy(&p->wake);
  p->have_lock = false;
}

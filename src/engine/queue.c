/* Sampling on threads (search.h: fer_search_queued): the workers go on
 * searching while the judge, on the run's thread, takes their solutions
 * from a bounded queue. */
#include <pthread.h>
#include <string.h>
#include <time.h>

#include "fp/env.h"
#include "engine/judge.h"
#include "engine/search.h"

/* Sampling finds a solution every few executions: stopping the workers
 * for each (as solving does) would leave them idle while the judge
 * validates and the job writes.  Here they go on, each solution passes
 * through a bounded queue to the judge on the calling thread, and only
 * the judge's stop or a limit ends them.  With one worker this is a
 * pipeline over two CPUs (option judge_thread).  A worker adds its
 * solution to its own sampling pool before the judge's verdict, here as
 * in the loop of `search`: one worker's samples are the same whether
 * the judge runs on its own thread or not.
 *
 * Hand-over costs a wake-up (a system call, microseconds) only when the
 * other side sleeps, and both sides sleep rarely: a full queue makes a
 * worker wait until half of it is free, an empty one makes the judge wait
 * until QUEUE_BATCH solutions are in or a millisecond has passed; the
 * judge takes up to QUEUE_BATCH solutions per lock. */
enum { QUEUE_CAP = 256, QUEUE_BATCH = 16, QUEUE_NAP_NS = 1000000 };

typedef struct queue {
  pthread_mutex_t mu;
  pthread_cond_t more, room;
  fer_u128 *ring;        /* QUEUE_CAP * nslots */
  uint8_t origin[QUEUE_CAP];
  uint32_t head, count, running;
  uint32_t want_room;    /* workers waiting for room */
  bool want_more;        /* the judge waits for solutions */
  bool closed;           /* the judge stopped: nothing more is taken */
} queue;

typedef struct producer {
  fer_worker *w;
  queue *q;
  double wait; /* seconds waiting for room */
} producer;

/* Queue pr's solution; false when the judge closed the queue. */
static bool put(producer *pr) {
  queue *q = pr->q;
  const fer_worker *w = pr->w;
  uint32_t ns = w->p->nslots;
  pthread_mutex_lock(&q->mu);
  if (q->count == QUEUE_CAP) {
    double t = fer_now();
    while (q->count > QUEUE_CAP / 2 && !q->closed) {
      q->want_room++;
      pthread_cond_wait(&q->room, &q->mu);
      q->want_room--;
    }
    pr->wait += fer_now() - t;
  }
  bool open = !q->closed;
  if (open) {
    uint32_t k = (q->head + q->count++) % QUEUE_CAP;
    memcpy(q->ring + (size_t)k * ns, w->solution, (size_t)ns * sizeof *w->solution);
    q->origin[k] = (uint8_t)w->found_by;
    if (q->want_more && q->count >= QUEUE_BATCH) pthread_cond_signal(&q->more);
  }
  pthread_mutex_unlock(&q->mu);
  return open;
}

static void *produce(void *arg) {
  producer *pr = arg;
  fer_worker *w = pr->w;
  /* the search's FP environment once for the thread, not once per
   * solution (fer_worker_run's own pair then only counts): nothing here
   * runs host code that needs the host's */
  fer_env_enter();
  while (fer_worker_run(w) == FER_RUN_FOUND) {
    fer_worker_pool_add(w, w->solution);
    if (!put(pr)) break;
  }
  fer_env_leave();
  pthread_mutex_lock(&pr->q->mu);
  pr->q->running--;
  pthread_cond_signal(&pr->q->more);
  pthread_mutex_unlock(&pr->q->mu);
  return NULL;
}

/* Up to QUEUE_BATCH solutions from q into `to` (their origins into o),
 * after waiting for some; 0 when none will come. */
static uint32_t take(queue *q, uint32_t ns, fer_u128 *to, uint8_t *o) {
  pthread_mutex_lock(&q->mu);
  while (!q->count && q->running) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    t.tv_nsec += QUEUE_NAP_NS;
    if (t.tv_nsec >= 1000000000) t.tv_sec++, t.tv_nsec -= 1000000000;
    q->want_more = true;
    pthread_cond_timedwait(&q->more, &q->mu, &t);
    q->want_more = false;
  }
  uint32_t n = q->count < QUEUE_BATCH ? q->count : QUEUE_BATCH;
  for (uint32_t i = 0; i < n; i++) {
    uint32_t k = (q->head + i) % QUEUE_CAP;
    memcpy(to + (size_t)i * ns, q->ring + (size_t)k * ns, (size_t)ns * sizeof *to);
    o[i] = q->origin[k];
  }
  q->head = (q->head + n) % QUEUE_CAP, q->count -= n;
  if (q->want_room && q->count <= QUEUE_CAP / 2) pthread_cond_broadcast(&q->room);
  pthread_mutex_unlock(&q->mu);
  return n;
}

/* The judge's verdicts on the queued solutions until it stops or every
 * worker reached a limit.  *ok = false when no thread could start (the
 * caller then samples on one thread). */
fer_engine_status fer_search_queued(fer_search *s, fer_worker *w, uint32_t jobs,
                                    fer_judge *j, fer_engine_stats *st, bool *ok) {
  ferret *f = j->f;
  uint32_t ns = s->p->nslots;
  size_t row = fer_array_bytes(ns, sizeof(fer_u128));
  queue q;
  memset(&q, 0, sizeof q);
  fer_u128 *many = fer_malloc(f, QUEUE_BATCH * row);
  q.ring = fer_malloc(f, QUEUE_CAP * row);
  pthread_t th[FER_JOBS_MAX];
  producer pr[FER_JOBS_MAX];
  uint8_t origin[QUEUE_BATCH];
  pthread_condattr_t ca;
  *ok = true;
  if (!many || !q.ring || pthread_condattr_init(&ca)) {
    if (many) fer_free(f, many, QUEUE_BATCH * row);
    if (q.ring) fer_free(f, q.ring, QUEUE_CAP * row);
    fer_engine_end(st, FER_WHY_MEMORY, NULL);
    return FER_ENGINE_UNKNOWN;
  }
  pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
  pthread_mutex_init(&q.mu, NULL);
  pthread_cond_init(&q.more, &ca);
  pthread_cond_init(&q.room, NULL);
  pthread_condattr_destroy(&ca);
  uint32_t started = 0;
  for (; started < jobs; started++) {
    pr[started] = (producer){&w[started], &q, 0};
    q.running++;
    if (pthread_create(&th[started], NULL, produce, &pr[started])) {
      q.running--;
      break;
    }
  }
  fer_engine_status res = FER_ENGINE_UNKNOWN;
  bool decided = false;
  for (uint32_t n; !decided && started && (n = take(&q, ns, many, origin));) {
    for (uint32_t i = 0; i < n && !decided; i++) {
      j->more = i + 1 < n;
      if (j->more) fer_judge_prefetch(j, many + (size_t)(i + 1) * ns);
      fer_judge_verdict v = fer_judge_offer(j, many + (size_t)i * ns,
                                            fer_origin_name[origin[i]],
                                            atomic_load(&s->execs));
      if (v == FER_JUDGE_STOP || v == FER_JUDGE_FAIL) {
        res = v == FER_JUDGE_STOP ? FER_ENGINE_STOPPED : FER_ENGINE_UNKNOWN;
        decided = true;
      }
    }
  }
  /* stop the workers (a limit stopped them already, or the judge did) */
  int none = 0;
  atomic_compare_exchange_strong(&s->stop, &none, 1);
  pthread_mutex_lock(&q.mu);
  q.closed = true;
  pthread_cond_broadcast(&q.room);
  pthread_mutex_unlock(&q.mu);
  for (uint32_t i = 0; i < started; i++) {
    pthread_join(th[i], NULL);
    st->time_wait += pr[i].wait / started;
  }
  st->judge_apart = started > 0;
  if (started && !decided) fer_engine_end(st, fer_search_limit(s), NULL);
  pthread_cond_destroy(&q.room);
  pthread_cond_destroy(&q.more);
  pthread_mutex_destroy(&q.mu);
  fer_free(f, q.ring, QUEUE_CAP * row);
  fer_free(f, many, QUEUE_BATCH * row);
  *ok = started > 0;
  return res;
}

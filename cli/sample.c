/* ferret sample and ferret coverage: samples written as they are found
 * (a writer thread where a second CPU is online), and the SMT coverage of
 * sample files. */
#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "args.h"
#include "cli.h"

/* The samples are gathered in a buffer and written SAMPLE_BUF bytes at a
 * time (stdio's buffer would take a system call every few samples of a
 * wide formula), and at least every SAMPLE_FLUSH seconds while samples
 * come, so that a reader of a pipe sees slow runs' samples as they are
 * found (the writer thread: SAMPLE_FLUSH seconds after a sample at most).
 * With a second CPU a writer thread does the writing: a sample
 * run writes up to 600 MB/s, and the kernel's side of that (page cache,
 * file system) was a quarter of the judge's time, which bounds the search
 * (a profile of the sampling benchmark).  Two buffers: one filled here
 * while the writer writes the other, in order. */
enum { SAMPLE_BUF = 1 << 20 };
#define SAMPLE_FLUSH 0.1

typedef struct sampling {
  FILE *out;
  bool progress;
  double last_progress, last_flush;
  uint64_t count;
  char *buf[2]; /* SAMPLE_BUF bytes each; buf[cur] being filled, len used */
  int cur;
  size_t len;
  /* the writer thread (threaded) */
  bool threaded;
  pthread_t writer;
  pthread_mutex_t mu;
  pthread_cond_t cv;     /* pending or done changed */
  bool pending;          /* buf[!cur] from pend_from to pend_len is the
                            writer's to write */
  bool pend_flush, done; /* flush after it; no more will come */
  size_t pend_from, pend_len;
  atomic_size_t filled;  /* len, for the writer */
  size_t early;          /* bytes of buf[cur] the writer wrote already */
  atomic_bool failed;    /* a write failed */
} sampling;

static void put_out(sampling *x, const char *text, size_t n, bool flush) {
  if (n) fwrite(text, 1, n, x->out);
  if (flush) fflush(x->out);
  if (ferror(x->out)) atomic_store(&x->failed, true);
}

/* The writer thread: the buffers handed over, and every SAMPLE_FLUSH
 * seconds what the buffer being filled got since (the bytes below filled
 * never change), so that samples reach the output within SAMPLE_FLUSH
 * seconds even when no other follows them. */
static void *writer_main(void *arg) {
  sampling *x = arg;
  pthread_mutex_lock(&x->mu);
  for (;;) {
    if (!x->pending && !x->done) {
      struct timespec t;
      clock_gettime(CLOCK_MONOTONIC, &t);
      t.tv_nsec += (long)(SAMPLE_FLUSH * 1e9);
      if (t.tv_nsec >= 1000000000) t.tv_sec++, t.tv_nsec -= 1000000000;
      pthread_cond_timedwait(&x->cv, &x->mu, &t);
    }
    const char *text;
    size_t from, to;
    bool flush, handed = x->pending;
    if (handed) {
      text = x->buf[!x->cur], from = x->pend_from, to = x->pend_len;
      flush = x->pend_flush;
    } else if (x->done) {
      break;
    } else { /* what came since, if anything */
      text = x->buf[x->cur], from = x->early;
      to = atomic_load_explicit(&x->filled, memory_order_acquire);
      flush = to > from;
      x->early = to;
    }
    pthread_mutex_unlock(&x->mu);
    put_out(x, text + from, to - from, flush);
    pthread_mutex_lock(&x->mu);
    if (handed) {
      x->pending = false;
      pthread_cond_broadcast(&x->cv);
    }
  }
  pthread_mutex_unlock(&x->mu);
  return NULL;
}

/* Wait until the writer has written what it was given. */
static void settle(sampling *x) {
  if (!x->threaded) return;
  pthread_mutex_lock(&x->mu);
  while (x->pending) pthread_cond_wait(&x->cv, &x->mu);
  pthread_mutex_unlock(&x->mu);
}

/* Write the buffer (by the writer when there is one), then flush if asked. */
static void drain(sampling *x, bool flush) {
  if (!x->threaded) {
    put_out(x, x->buf[0], x->len, flush);
    x->len = 0;
    return;
  }
  if (!x->len && !flush) return;
  pthread_mutex_lock(&x->mu);
  while (x->pending) pthread_cond_wait(&x->cv, &x->mu);
  x->pending = true, x->pend_flush = flush;
  x->pend_from = x->early, x->pend_len = x->len;
  x->cur = !x->cur, x->early = 0;
  atomic_store_explicit(&x->filled, 0, memory_order_relaxed);
  pthread_cond_broadcast(&x->cv);
  pthread_mutex_unlock(&x->mu);
  x->len = 0;
}

static void gather(sampling *x, const char *text, size_t n) {
  if (x->len + n > SAMPLE_BUF) drain(x, false);
  if (n > SAMPLE_BUF) {
    settle(x);
    put_out(x, text, n, false);
    return;
  }
  memcpy(x->buf[x->cur] + x->len, text, n);
  x->len += n;
  if (x->threaded) atomic_store_explicit(&x->filled, x->len, memory_order_release);
}

static int write_sample(void *user, const ferret_sample_item *s) {
  sampling *x = user;
  if (s->header) gather(x, s->header, s->header_len);
  gather(x, s->text, s->len);
  if (!x->threaded && s->elapsed - x->last_flush >= SAMPLE_FLUSH) {
    drain(x, true);
    x->last_flush = s->elapsed;
  }
  x->count = s->index + 1;
  if (x->progress && s->elapsed - x->last_progress >= 0.5) {
    x->last_progress = s->elapsed;
    fprintf(stderr, "\rsamples %llu  %.0f/s  ", (unsigned long long)x->count,
            s->elapsed > 0 ? (double)x->count / s->elapsed : 0.0);
    if (s->coverage >= 0) fprintf(stderr, "coverage %.2f%%  ", s->coverage);
    fprintf(stderr, "elapsed %.1fs ", s->elapsed);
  }
  return atomic_load(&x->failed) ? 1 : 0; /* a full disk stops the run */
}

/* The buffers, and the writer thread as option judge_thread says (auto:
 * when a second CPU is online; if it cannot start, the writes happen
 * here).  false when out of memory. */
static bool sampling_open(sampling *x, FILE *out, int64_t judge_thread) {
  memset(x, 0, sizeof *x);
  x->out = out;
  x->progress = isatty(2) != 0;
  atomic_init(&x->failed, false);
  atomic_init(&x->filled, 0);
  bool two = judge_thread == 2 || (judge_thread == 0 && sysconf(_SC_NPROCESSORS_ONLN) > 1);
  for (int i = 0; i < 1 + two; i++)
    if (!(x->buf[i] = malloc(SAMPLE_BUF))) return false;
  pthread_condattr_t ca;
  if (two && !pthread_condattr_init(&ca)) {
    pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
    if (!pthread_mutex_init(&x->mu, NULL)) {
      if (!pthread_cond_init(&x->cv, &ca)) {
        x->threaded = true; /* before the writer reads it */
        if (!pthread_create(&x->writer, NULL, writer_main, x)) {
          pthread_condattr_destroy(&ca);
          return true;
        }
        x->threaded = false;
        pthread_cond_destroy(&x->cv);
      }
      pthread_mutex_destroy(&x->mu);
    }
    pthread_condattr_destroy(&ca);
  }
  return true;
}

/* Write what is left, stop the writer.  false if a write failed. */
static bool sampling_close(sampling *x) {
  drain(x, true);
  if (x->threaded) {
    pthread_mutex_lock(&x->mu);
    x->done = true;
    pthread_cond_broadcast(&x->cv);
    pthread_mutex_unlock(&x->mu);
    pthread_join(x->writer, NULL);
    pthread_cond_destroy(&x->cv);
    pthread_mutex_destroy(&x->mu);
  }
  free(x->buf[0]);
  free(x->buf[1]);
  return !atomic_load(&x->failed) && !ferror(x->out);
}

static int format_of(const char *s) {
  return !strcmp(s, "smt2") ? FERRET_FORMAT_SMT2
         : !strcmp(s, "csv") ? FERRET_FORMAT_CSV
                             : FERRET_FORMAT_JSONL;
}

int run_sample(ferret *f, const cli_args *a) {
  ferret_sample_options o;
  ferret_sample_options_init(&o);
  o.no_values = 1; /* only the text is written */
  const char *path = a->pos[0], *out_path = cli_value(a, "output"), *v;
  const char *prefer_text[16];
  ferret_term prefer[16];
  size_t nprefer = 0;
  for (size_t g = 0; g < a->ngiven; g++)
    if (!strcmp(a->given[g].opt->name, "prefer")) {
      if (nprefer == 16) return cli_usage(a->sub, "--prefer: at most 16 terms");
      prefer_text[nprefer++] = a->given[g].value;
    }
  o.count = (uint64_t)cli_int(a, "count", 0);
  if ((v = cli_value(a, "format"))) o.format = (ferret_sample_format)format_of(v);
  o.strategy = cli_value(a, "strategy");
  o.project = cli_value(a, "project");
  o.coverage = cli_flag(a, "coverage");
  o.neighbours = cli_flag(a, "neighbours");
  if ((v = cli_value(a, "dedup-mb"))) o.dedup_bytes = (size_t)cli_int(a, "dedup-mb", 16) << 20;
  ferret_set_option(f, "parse_only", "1");
  if (ferret_execute_file(f, path) != FERRET_OK) return EXIT_ERROR; /* reported */
  for (size_t k = 0; k < nprefer; k++) {
    prefer[k] = ferret_parse_term(f, prefer_text[k], strlen(prefer_text[k]));
    if (!prefer[k]) {
      const ferret_error_info *e = ferret_error(f);
      return cli_usage(a->sub, "--prefer '%s': %u:%u: %s", prefer_text[k], e->line,
                       e->column, e->message);
    }
  }
  o.prefer = prefer, o.nprefer = nprefer;
  FILE *out = stdout;
  if (out_path && strcmp(out_path, "-") && !(out = fopen(out_path, "w"))) {
    fprintf(stderr, "ferret sample: cannot write '%s': %s\n", out_path, strerror(errno));
    return EXIT_ERROR;
  }
  sampling x;
  if (!sampling_open(&x, out, ferret_get_option(f, "judge_thread"))) {
    fprintf(stderr, "ferret sample: out of memory\n");
    free(x.buf[0]);
    if (out != stdout) fclose(out);
    return EXIT_ERROR;
  }
  x.progress |= ferret_get_option(f, "verbose") > 0;
  install_signals(f);
  ferret_result r;
  ferret_status st = ferret_sample(f, &o, write_sample, &x, &r);
  signal_ctx = NULL;
  if (x.progress && x.count) fprintf(stderr, "\n");
  bool write_failed = !sampling_close(&x);
  if (out != stdout) write_failed |= fclose(out) != 0;
  if (st != FERRET_OK) {
    fprintf(stderr, "ferret sample: %s\n", ferret_error(f)->message);
    return st == FERRET_ERROR_OPTION ? EXIT_USAGE : EXIT_ERROR;
  }
  if (write_failed) {
    fprintf(stderr, "ferret sample: writing the samples failed\n");
    return EXIT_ERROR;
  }
  if (ferret_get_option(f, "stats")) ferret_print_sample_stats(f);
  ferret_sample_info info;
  if (ferret_get_sample_info(f, &info) == FERRET_OK && info.result == FERRET_SAT &&
      !strcmp(info.end, "complete"))
    fprintf(stderr, "ferret sample: all %lld solutions written\n", (long long)info.solutions);
  /* stdout carries samples only: the answer goes to stderr */
  if (r == FERRET_UNSAT) fprintf(stderr, "unsat\n");
  else if (r == FERRET_UNKNOWN) fprintf(stderr, "unknown\n");
  return r == FERRET_SAT ? EXIT_SAT : r == FERRET_UNSAT ? EXIT_UNSAT : EXIT_UNKNOWN;
}

typedef struct over_time {
  uint64_t every;
} over_time;

static void print_coverage(const ferret_coverage_info *c) {
  printf("%llu\t%.4f\t%.4f\t%.4f\t%.4f\n", (unsigned long long)c->samples,
         c->percent, c->percent_bool, c->percent_bv, c->percent_fp);
}

static void each_sample(void *user, const ferret_coverage_info *c) {
  over_time *t = user;
  if (t->every && c->samples % t->every == 0) print_coverage(c);
}

int run_coverage(ferret *f, const cli_args *a) {
  const char *path = a->pos[0], *v;
  int rc = 0, fmt = (v = cli_value(a, "format")) ? format_of(v) : -1;
  over_time t = {(uint64_t)cli_int(a, "over-time", 0)};
  ferret_set_option(f, "parse_only", "1");
  if (ferret_execute_file(f, path) != FERRET_OK) return EXIT_ERROR;
  ferret_coverage *c = ferret_coverage_new(f);
  if (!c) {
    fprintf(stderr, "ferret coverage: %s\n", ferret_error(f)->message);
    return EXIT_ERROR;
  }
  if (t.every) printf("samples\ttotal%%\tbool%%\tbv%%\tfp%%\n");
  for (size_t k = 1; !rc && k < a->npos; k++) {
    size_t len;
    const char *name = a->pos[k];
    char *text = read_all(name, &len);
    if (!text) {
      fprintf(stderr, "ferret coverage: cannot read '%s': %s\n", name, strerror(errno));
      rc = EXIT_ERROR;
      break;
    }
    if (ferret_coverage_add(c, name, text, len, fmt, each_sample, &t) != FERRET_OK) {
      fprintf(stderr, "ferret coverage: %s\n", ferret_error(f)->message);
      rc = EXIT_ERROR;
    }
    free(text);
  }
  if (!rc) {
    ferret_coverage_info info;
    ferret_coverage_get(c, &info);
    if (t.every) {
      if (info.samples % t.every) print_coverage(&info);
    } else {
      printf("samples %llu\n", (unsigned long long)info.samples);
      printf("total %.4f%%\n", info.percent);
      printf("bool %.4f%% (%llu of %llu bits)\n", info.percent_bool,
             (unsigned long long)info.covered_bool, (unsigned long long)info.bits_bool);
      printf("bv %.4f%% (%llu of %llu bits)\n", info.percent_bv,
             (unsigned long long)info.covered_bv, (unsigned long long)info.bits_bv);
      printf("fp %.4f%% (%llu of %llu bits)\n", info.percent_fp,
             (unsigned long long)info.covered_fp, (unsigned long long)info.bits_fp);
    }
  }
  ferret_coverage_delete(c);
  return rc;
}

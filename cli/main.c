/* The ferret command-line tool: a client of the public API only.
 *
 *   ferret [solve] [OPTIONS] FILE|-    answer the SMT-LIB script
 *   ferret opt [OPTIONS] FILE|-        print the formula instead of solving
 *
 * Options are the library's option table (ferret_option_info), spelled
 * --name=value, --name value, or --flag / --no-flag for 0..1 options. */
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "ferret.h"
#include "cli.h"


/* Signals: the first SIGINT/SIGTERM asks the running check-sat to stop (it
 * answers unknown, reason "interrupted", and the rest of the script runs
 * without searching); a second one ends the process at once.  The
 * context pointer is the only global, and it lives in the CLI, not in the
 * library. */
ferret *volatile signal_ctx;
static volatile sig_atomic_t signals_seen;

static void on_signal(int sig) {
  if (signals_seen++ || !signal_ctx) {
    static const char msg[] = "ferret: interrupted twice, exiting\n";
    ssize_t ignored = write(2, msg, sizeof msg - 1);
    (void)ignored;
    _exit(128 + sig);
  }
  ferret_interrupt(signal_ctx);
}

bool interrupted(void) { return signals_seen != 0; }

void install_signals(ferret *f) {
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_signal;
  sigemptyset(&sa.sa_mask);
  signal_ctx = f;
  sigaction(SIGINT, &sa, NULL);
  sigaction(SIGTERM, &sa, NULL);
}

typedef struct subcommand {
  const char *name, *args, *summary;
  bool parse_only;
} subcommand;

static const subcommand subcommands[] = {
    {"solve", "[OPTIONS] FILE|-",
     "execute the SMT-LIB 2.6 script (the default sub-command); check-sat\n"
     "      answers sat (with a validated model), unsat (only when proved) or\n"
     "      unknown.  FILE '-' reads standard input command by command, so\n"
     "      an interactive session works.",
     false},
    {"opt", "[OPTIONS] [--intervals] FILE|-",
     "read the script without solving and print, as an SMT-LIB script, the\n"
     "      formula its last check-sat asks about (or the assertions at the\n"
     "      end if it has no check-sat); --intervals adds, as comments, each\n"
     "      variable's domain after interval propagation.",
     true},
    {"smt2c", "[OPTIONS] [--main] FILE|-",
     "read the script without solving and print a self-contained C program\n"
     "      (the JFS encoding) for its last check-sat's formula: a libFuzzer\n"
     "      target that aborts iff the input bytes are a model, or with\n"
     "      --main a program judging input files (--encoding fail-fast or\n"
     "      try-all, --layout byte or bit).",
     true},
    {"sample", "[OPTIONS] FILE [-n COUNT] [-t SECONDS] [-o OUT]",
     "write distinct satisfying assignments of the script's query, each\n"
     "      validated on the formula, as they are found, until COUNT, SECONDS,\n"
     "      an interrupt or every solution (--format jsonl|smt2|csv,\n"
     "      --strategy naive|de|sm|sm+de (default sm+de), --project x,y:\n"
     "      distinct by these variables only, --coverage: track SMT coverage,\n"
     "      --dedup-mb N: size of the Bloom filter of emitted samples, 16;\n"
     "      --neighbours: also mutate solutions into their neighbours;\n"
     "      --prefer TERM (repeatable): samples satisfying TERM first).\n"
     "      Exit code 10 when a sample was written, 20 unsat, 0 unknown.",
     true},
    {"coverage", "[OPTIONS] FILE SAMPLES...",
     "SMT coverage of the samples (files in the formats sample writes;\n"
     "      --format to force one) on the script's query: Bool, BV, FP nodes\n"
     "      and total; --over-time K prints the coverage after every K samples.",
     true},
    {"concolic", "--input SEED --out DIR [OPTIONS] QUERIES",
     "answer a concolic executor's queries (Fuzzy-SAT's convention): QUERIES\n"
     "      declares the input bytes k!0, k!1, ... as (_ BitVec 8) (byte i of\n"
     "      SEED; or --layout named: every declared variable in order, little\n"
     "      endian) and each (assert (and b pi...)) is a query, pi true on\n"
     "      SEED.  Per query a line 'N sat|unsat|unknown SECONDS STAGE'; a sat\n"
     "      input is written whole to DIR/N.bin.  --optimistic (b alone),\n"
     "      --timeout-ms N per query (1000), --max-execs N (engine stage),\n"
     "      --stages LIST (seed,i2s,consts,intervals,range,bytes,gradient,det,\n"
     "      havoc,multigoal,engine),\n"
     "      --stats.\n"
     "      A summary goes to stderr.  Exit code 0, or 1/2 on errors.",
     true},
    {"hunt", "[gen] [OPTIONS] -o DIR",
     "find bugs in SMT solvers (BanditFuzz, with exact model checks).  'gen'\n"
     "      writes -n N random FP scripts to DIR; otherwise a campaign: formulas\n"
     "      generated or mutated with the construct a bandit agent chooses\n"
     "      (--agent thompson|ucb1|egreedy|random|none) run on --target CMD and\n"
     "      each --reference CMD (CMD reads the script file appended to it),\n"
     "      --timeout S each, until --budget S or --count N formulas; crashes,\n"
     "      errors, wrong models (checked by ferret's evaluator), wrong unsats\n"
     "      and disagreements are reduced and saved in DIR/findings; DIR/log.tsv,\n"
     "      DIR/ranking.tsv.  Shape: --vars N --asserts N --depth N --formats\n"
     "      16,32,64,4.6; --seed S, --shard I/N (1 <= I <= N), --no-reduce,\n"
     "      --resume (go on with DIR's campaign: log, findings, the agent's\n"
     "      statistics).\n"
     "      --mode perf: the target's PAR-2 time against the best reference's\n"
     "      (10x: 'slow').\n"
     "      'replay DIR' runs DIR/findings again (new solver versions) and says\n"
     "      per file what the answers make of it now.  'merge -o DIR PARTS...'\n"
     "      joins campaigns' directories (shards): logs, findings (repeats\n"
     "      dropped) and the ranking summed.  'report DIR [--plots OUT]\n"
     "      [--findings]' summarises a campaign (Markdown) and draws cactus,\n"
     "      quantile and scatter plots of the solvers' times (gnuplot).",
     true},
    {"bench", "[run] --solver NAME=CMD... [OPTIONS] FILES|DIRS|LISTS",
     "run solvers over a suite: every .smt2 file given, found in DIRS or\n"
     "      listed in LISTS (a path per line), with each --solver NAME=CMD (CMD\n"
     "      split into words, no shell; '{}' is the file, else it is appended),\n"
     "      --timeout S (60), --jobs N at once (1), --memory MB, --manifest TSV\n"
     "      (path and status columns), --shard I/N (files k with k % N = I-1\n"
     "      of the sorted list), -o RESULTS.tsv (ferret-bench.tsv; a row per\n"
     "      run as it ends, a rerun skips what is done), --plots DIR (SVGs by\n"
     "      gnuplot), --dry-run (list the files and expected statuses).  The\n"
     "      expected status is the manifest's or the file's (set-info :status);\n"
     "      a definite answer contradicting it is WRONG.  Ends with a Markdown\n"
     "      summary (solved, wrong, unique, PAR-2, virtual best).\n"
     "      'bench report RESULTS... [--plots DIR]' summarises results files;\n"
     "      'bench merge -o OUT PARTS...' joins shards' results.\n"
     "      Exit code 0, 3 interrupted, 4 a wrong answer, 1/2 errors.",
     true},
};
#define NSUB (sizeof subcommands / sizeof *subcommands)

static void usage_line(FILE *out) {
  fprintf(out, "usage: ferret [solve] [OPTIONS] FILE|-\n"
               "       ferret opt [OPTIONS] [--intervals] FILE|-\n"
               "       ferret smt2c [--main] [OPTIONS] FILE|-\n"
               "       ferret sample [OPTIONS] FILE [-n COUNT] [-t SECONDS] [-o OUT]\n"
               "       ferret coverage [OPTIONS] FILE SAMPLES...\n"
               "       ferret concolic --input SEED --out DIR [OPTIONS] QUERIES\n"
               "       ferret hunt gen [-n N] [--seed S] -o DIR\n"
               "       ferret hunt --target CMD [--reference CMD]... [OPTIONS] -o DIR\n"
               "       ferret hunt replay DIR --target CMD [--reference CMD]...\n"
               "       ferret hunt merge -o DIR PARTS...\n"
               "       ferret hunt report DIR [--plots OUT] [--findings]\n"
               "       ferret bench --solver NAME=CMD... [OPTIONS] FILES|DIRS|LISTS\n"
               "       ferret bench report|merge ...\n"
               "       ferret --help | --version\n");
}

static void help(void) {
  printf("ferret %s: solve SMT-LIB2 floating-point and bit-vector constraints "
         "by fuzzing\n\n",
         ferret_version());
  usage_line(stdout);
  printf("\nSub-commands:\n");
  for (size_t i = 0; i < NSUB; i++)
    printf("  %s %s\n      %s\n", subcommands[i].name, subcommands[i].args,
           subcommands[i].summary);
  printf("\nOptions (--name=value or --name value; 0..1 options also as "
         "--name / --no-name;\n'-' and '_' are interchangeable in names):\n");
  ferret_option_desc o;
  for (int i = 0; ferret_option_info(i, &o); i++) {
    char flag[128];
    size_t n = (size_t)snprintf(flag, sizeof flag, "--%s", o.name);
    for (size_t k = 2; k < n && k < sizeof flag; k++)
      if (flag[k] == '_') flag[k] = '-';
    /* A choice option lists its value names, in value order; a 0..1
     * option without names is a switch. */
    if (o.values) {
      char def[64] = "";
      const char *v = o.values;
      for (int64_t k = 0; *v && k < o.default_value; v++)
        if (*v == '|') k++;
      size_t dn = strcspn(v, "|");
      snprintf(def, sizeof def, "%.*s", (int)(dn < 63 ? dn : 63), v);
      printf("  %-22s %s (one of %s; default %s)\n", flag, o.description,
             o.values, def);
    } else if (o.min == 0 && o.max == 1)
      printf("  %-22s %s (default %s)\n", flag, o.description,
             o.default_value ? "on" : "off");
    else
      printf("  %-22s %s (default %lld, range %lld..%lld)\n", flag,
             o.description, (long long)o.default_value, (long long)o.min,
             (long long)o.max);
  }
  printf("  %-22s %s\n", "--portfolio CMD",
         "also run the solver CMD (reads SMT-LIB on stdin, e.g. 'z3 -in')\n"
         "                         beside the search at each check-sat; the first\n"
         "                         definite answer wins (a sat only with a model\n"
         "                         ferret's evaluator accepts); repeatable");
  printf("  %-22s %s\n", "--seed-file FILE",
         "seed the search with the assignments in FILE: (define-fun x () S v)\n"
         "                         commands, e.g. a printed model");
  printf("  %-22s %s\n", "--help, -h", "print this help and exit");
  printf("  %-22s %s\n", "--version, -V", "print the version and exit");
  printf("\nExit codes:\n"
         "  10  the last check-sat answered sat\n"
         "  20  the last check-sat answered unsat\n"
         "   0  the last check-sat answered unknown, or there was no "
         "check-sat\n"
         "   1  an error occurred in the input (an (error ...) was printed) "
         "or FILE\n      could not be read\n"
         "   2  usage error (unknown option, bad value, missing FILE)\n");
}

int usage_error(const char *fmt, const char *arg) {
  fprintf(stderr, "ferret: ");
  fprintf(stderr, fmt, arg);
  fprintf(stderr, "\n");
  usage_line(stderr);
  fprintf(stderr, "(ferret --help lists the options)\n");
  return EXIT_USAGE;
}

/* The table entry for `name` ('-' and '_' interchangeable), or 0. */
static int find_option(const char *name, size_t len, ferret_option_desc *out) {
  for (int i = 0; ferret_option_info(i, out); i++) {
    const char *a = out->name;
    size_t k = 0;
    for (; k < len && a[k]; k++)
      if (a[k] != name[k] && !(a[k] == '_' && name[k] == '-')) break;
    if (k == len && !a[k]) return 1;
  }
  return 0;
}

/* Is w one of the names in "name0|name1|..." (NULL: none)? */
static bool is_value_name(const char *names, const char *w) {
  size_t n = strlen(w);
  while (names && *names && n) {
    size_t k = strcspn(names, "|");
    if (k == n && !strncmp(names, w, n)) return true;
    names += k + (names[k] == '|');
  }
  return false;
}

/* Apply --name[=value] at argv[*i] (may consume argv[*i + 1]). */
/* --seed-file FILE and --portfolio CMD are the options that are not in
 * the library's table: a file the CLI reads, a command line (repeatable). */
static int seed_file(ferret *f, const char *path) {
  FILE *fp = fopen(path, "rb");
  if (!fp) return usage_error("cannot open seed file '%s'", path);
  char *text = NULL;
  size_t len = 0, cap = 0, got;
  do {
    if (len + 65536 > cap) {
      char *t = realloc(text, cap = len + 65536);
      if (!t) {
        free(text);
        fclose(fp);
        return usage_error("%s", "out of memory reading the seed file");
      }
      text = t;
    }
    got = fread(text + len, 1, cap - len, fp);
    len += got;
  } while (got);
  fclose(fp);
  ferret_status st = ferret_set_seeds(f, text, len);
  free(text);
  return st == FERRET_OK ? 0 : usage_error("%s", ferret_error(f)->message);
}

int apply_option(ferret *f, int argc, char **argv, int *i) {
  const char *arg = argv[*i] + 2, *eq = strchr(arg, '='), *value = NULL;
  if (!strncmp(arg, "seed-file", 9) && (!arg[9] || arg[9] == '=')) {
    if (arg[9] == '=') return seed_file(f, arg + 10);
    if (*i + 1 >= argc) return usage_error("%s", "option '--seed-file' needs a value");
    return seed_file(f, argv[++*i]);
  }
  if (!strncmp(arg, "portfolio", 9) && (!arg[9] || arg[9] == '=')) {
    const char *cmd = arg[9] == '=' ? arg + 10 : *i + 1 < argc ? argv[++*i] : NULL;
    if (!cmd) return usage_error("%s", "option '--portfolio' needs a command");
    return ferret_add_portfolio(f, cmd) == FERRET_OK
               ? 0
               : usage_error("%s", ferret_error(f)->message);
  }
  size_t len = eq ? (size_t)(eq - arg) : strlen(arg);
  ferret_option_desc o;
  char name[128];
  if (len >= sizeof name) return usage_error("unknown option '%s'", argv[*i]);
  if (!find_option(arg, len, &o)) {
    /* --no-flag */
    if (!eq && len > 3 && !strncmp(arg, "no-", 3) &&
        find_option(arg + 3, len - 3, &o) && o.min == 0 && o.max == 1) {
      return ferret_set_option(f, o.name, "0") == FERRET_OK
                 ? 0
                 : usage_error("%s", ferret_error(f)->message);
    }
    return usage_error("unknown option '%s'", argv[*i]);
  }
  memcpy(name, o.name, strlen(o.name) + 1);
  if (eq) {
    value = eq + 1;
  } else if (o.min == 0 && o.max == 1) {
    /* --flag, or --flag 0|1|true|false (or a value name of a choice
     * option) as --help promises for every option ("--name value"); any
     * other next word is not its value. */
    const char *next = *i + 1 < argc ? argv[*i + 1] : "";
    if (!strcmp(next, "0") || !strcmp(next, "1") || !strcmp(next, "true") ||
        !strcmp(next, "false") || is_value_name(o.values, next))
      value = argv[++*i];
    else
      value = "1";
  } else if (*i + 1 < argc) {
    value = argv[++*i];
  } else {
    return usage_error("option '%s' needs a value", argv[*i]);
  }
  if (ferret_set_option(f, name, value) != FERRET_OK)
    return usage_error("%s", ferret_error(f)->message);
  return 0;
}

/* ------------------------------------------------ sample and coverage */

/* A whole file into memory (malloc'ed, *len set); NULL if unreadable. */
char *read_all(const char *path, size_t *len) {
  FILE *fp = !strcmp(path, "-") ? stdin : fopen(path, "rb");
  if (!fp) return NULL;
  char *text = NULL;
  size_t cap = 0, got;
  *len = 0;
  do {
    if (*len + 65536 > cap) {
      char *t = realloc(text, cap = 2 * cap + 65536);
      if (!t) {
        free(text);
        if (fp != stdin) fclose(fp);
        return NULL;
      }
      text = t;
    }
    got = fread(text + *len, 1, cap - *len, fp);
    *len += got;
  } while (got);
  if (fp != stdin) fclose(fp);
  return text;
}

static int parse_format(const char *s, int *out) {
  if (!strcmp(s, "jsonl")) *out = FERRET_FORMAT_JSONL;
  else if (!strcmp(s, "smt2")) *out = FERRET_FORMAT_SMT2;
  else if (!strcmp(s, "csv")) *out = FERRET_FORMAT_CSV;
  else return 0;
  return 1;
}

/* The value of flag argv[*i] ("--flag=v" or "--flag v", or "-n v"). */
const char *flag_value(int argc, char **argv, int *i, size_t len) {
  if (argv[*i][len] == '=') return argv[*i] + len + 1;
  if (argv[*i][len] || *i + 1 >= argc) return NULL;
  return argv[++*i];
}

bool is_flag(const char *a, const char *name) {
  size_t n = strlen(name);
  return !strncmp(a, name, n) && (!a[n] || a[n] == '=');
}

/* The samples are gathered in a buffer and written SAMPLE_BUF bytes at a
 * time (stdio's buffer would take a system call every few samples of a
 * wide formula), and at least every SAMPLE_FLUSH seconds while samples
 * come, so that a reader of a pipe sees slow runs' samples as they are
 * found (the writer thread: SAMPLE_FLUSH seconds after a sample at most).
 * With a second CPU a writer thread does the writing: a sample
 * run writes up to 600 MB/s, and the kernel's side of that (page cache,
 * file system) was a quarter of the judge's time, which bounds the search
 * (BENCHMARKS, session 15).  Two buffers: one filled here while the writer
 * writes the other, in order. */
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

static int run_sample(ferret *f, int argc, char **argv, int i) {
  ferret_sample_options o;
  ferret_sample_options_init(&o);
  o.no_values = 1; /* only the text is written */
  const char *path = NULL, *out_path = NULL, *v;
  const char *prefer_text[16];
  ferret_term prefer[16];
  size_t nprefer_text = 0;
  int rc = 0, fmt;
  for (; i < argc && !rc; i++) {
    const char *a = argv[i];
    if (is_flag(a, "-n") || is_flag(a, "--count")) {
      char *end;
      v = flag_value(argc, argv, &i, a[1] == 'n' ? 2 : 7);
      if (!v || !*v) return usage_error("%s needs a count", a);
      o.count = strtoull(v, &end, 10);
      if (*end || *v == '-') return usage_error("bad count '%s'", v);
    } else if (is_flag(a, "-t")) {
      v = flag_value(argc, argv, &i, 2);
      if (!v || ferret_set_option(f, "timeout", v) != FERRET_OK)
        return usage_error("bad time limit '%s'", v ? v : "");
    } else if (is_flag(a, "-o") || is_flag(a, "--output")) {
      if (!(out_path = flag_value(argc, argv, &i, a[1] == 'o' ? 2 : 8)))
        return usage_error("%s needs a file", a);
    } else if (is_flag(a, "--format")) {
      if (!(v = flag_value(argc, argv, &i, 8)) || !parse_format(v, &fmt))
        return usage_error("--format: one of jsonl, smt2, csv (got '%s')", v ? v : "");
      o.format = (ferret_sample_format)fmt;
    } else if (is_flag(a, "--strategy")) {
      if (!(o.strategy = flag_value(argc, argv, &i, 10)))
        return usage_error("%s", "--strategy needs naive, de, sm or sm+de");
    } else if (is_flag(a, "--project")) {
      if (!(o.project = flag_value(argc, argv, &i, 9)))
        return usage_error("%s", "--project needs a list of variables");
    } else if (!strcmp(a, "--coverage")) {
      o.coverage = 1;
    } else if (!strcmp(a, "--neighbours")) {
      o.neighbours = 1;
    } else if (is_flag(a, "--prefer")) {
      if (!(v = flag_value(argc, argv, &i, 8)))
        return usage_error("%s", "--prefer needs a Bool term");
      if (nprefer_text == sizeof prefer_text / sizeof *prefer_text)
        return usage_error("%s", "at most 16 --prefer terms");
      prefer_text[nprefer_text++] = v;
    } else if (is_flag(a, "--dedup-mb")) {
      v = flag_value(argc, argv, &i, 10);
      long mb = v ? atol(v) : 0;
      if (mb < 1 || mb > 65536) return usage_error("--dedup-mb: 1..65536 (got '%s')", v ? v : "");
      o.dedup_bytes = (size_t)mb << 20;
    } else if (a[0] == '-' && a[1] == '-') {
      rc = apply_option(f, argc, argv, &i);
    } else if (a[0] == '-' && a[1]) {
      rc = usage_error("unknown option '%s'", a);
    } else if (path) {
      rc = usage_error("more than one input file ('%s')", a);
    } else {
      path = a;
    }
  }
  if (rc) return rc;
  if (!path) return usage_error("%s", "no input file");
  ferret_set_option(f, "parse_only", "1");
  ferret_status st = ferret_execute_file(f, path);
  if (st != FERRET_OK) return EXIT_ERROR; /* the library reported it */
  for (size_t k = 0; k < nprefer_text; k++) {
    prefer[k] = ferret_parse_term(f, prefer_text[k], strlen(prefer_text[k]));
    if (!prefer[k]) {
      const ferret_error_info *e = ferret_error(f);
      fprintf(stderr, "ferret: --prefer '%s': %u:%u: %s\n", prefer_text[k],
              e->line, e->column, e->message);
      return EXIT_USAGE;
    }
  }
  o.prefer = prefer, o.nprefer = nprefer_text;
  FILE *out = stdout;
  if (out_path && !(out = fopen(out_path, "w"))) {
    fprintf(stderr, "ferret: cannot write '%s'\n", out_path);
    return EXIT_ERROR;
  }
  sampling x;
  if (!sampling_open(&x, out, ferret_get_option(f, "judge_thread"))) {
    fprintf(stderr, "ferret: out of memory\n");
    free(x.buf[0]);
    if (out != stdout) fclose(out);
    return EXIT_ERROR;
  }
  install_signals(f);
  ferret_result r;
  st = ferret_sample(f, &o, write_sample, &x, &r);
  signal_ctx = NULL;
  if (x.progress && x.count) fprintf(stderr, "\n");
  bool write_failed = !sampling_close(&x);
  if (out != stdout) write_failed |= fclose(out) != 0;
  if (st != FERRET_OK) {
    fprintf(stderr, "ferret: %s\n", ferret_error(f)->message);
    return st == FERRET_ERROR_OPTION ? EXIT_USAGE : EXIT_ERROR;
  }
  if (write_failed) {
    fprintf(stderr, "ferret: writing the samples failed\n");
    return EXIT_ERROR;
  }
  if (ferret_get_option(f, "stats")) ferret_print_sample_stats(f);
  if (r == FERRET_UNSAT) printf("unsat\n");
  else if (r == FERRET_UNKNOWN) printf("unknown\n");
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

static int run_coverage(ferret *f, int argc, char **argv, int i) {
  const char *path = NULL, *v;
  int rc = 0, fmt = -1, nsamples = 0;
  over_time t = {0};
  const char **samples = calloc((size_t)argc, sizeof *samples);
  if (!samples) return EXIT_ERROR;
  for (; i < argc && !rc; i++) {
    const char *a = argv[i];
    if (is_flag(a, "--over-time")) {
      v = flag_value(argc, argv, &i, 11);
      long k = v ? atol(v) : 0;
      if (k < 1) rc = usage_error("--over-time: a count >= 1 (got '%s')", v ? v : "");
      t.every = (uint64_t)k;
    } else if (is_flag(a, "--format")) {
      if (!(v = flag_value(argc, argv, &i, 8)) || !parse_format(v, &fmt))
        rc = usage_error("--format: one of jsonl, smt2, csv (got '%s')", v ? v : "");
    } else if (a[0] == '-' && a[1] == '-') {
      rc = apply_option(f, argc, argv, &i);
    } else if (a[0] == '-' && a[1]) {
      rc = usage_error("unknown option '%s'", a);
    } else if (!path) {
      path = a;
    } else {
      samples[nsamples++] = a;
    }
  }
  if (!rc && !path) rc = usage_error("%s", "no input file");
  if (!rc && !nsamples) rc = usage_error("%s", "no sample file");
  ferret_coverage *c = NULL;
  if (!rc) {
    ferret_set_option(f, "parse_only", "1");
    if (ferret_execute_file(f, path) != FERRET_OK) rc = EXIT_ERROR;
  }
  if (!rc && !(c = ferret_coverage_new(f))) {
    fprintf(stderr, "ferret: out of memory\n");
    rc = EXIT_ERROR;
  }
  if (!rc && t.every) printf("samples\ttotal%%\tbool%%\tbv%%\tfp%%\n");
  for (int k = 0; !rc && k < nsamples; k++) {
    size_t len;
    char *text = read_all(samples[k], &len);
    if (!text) {
      fprintf(stderr, "ferret: cannot read '%s'\n", samples[k]);
      rc = EXIT_ERROR;
      break;
    }
    if (ferret_coverage_add(c, samples[k], text, len, fmt, each_sample, &t) != FERRET_OK) {
      fprintf(stderr, "ferret: %s\n", ferret_error(f)->message);
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
  free(samples);
  return rc;
}

int main(int argc, char **argv) {
  int i = 1;
  const subcommand *sub = &subcommands[0];
  for (int k = 1; k < argc; k++) { /* --help/--version win anywhere */
    if (!strcmp(argv[k], "--")) break;
    if (!strcmp(argv[k], "--help") || !strcmp(argv[k], "-h")) {
      help();
      return 0;
    }
    if (!strcmp(argv[k], "--version") || !strcmp(argv[k], "-V")) {
      printf("ferret %s\n", ferret_version());
      return 0;
    }
  }
  if (i < argc && argv[i][0] != '-') {
    for (size_t k = 0; k < NSUB; k++)
      if (!strcmp(argv[i], subcommands[k].name)) sub = &subcommands[k], i++;
  }
  if (!strcmp(sub->name, "bench")) return run_bench(argc, argv, i);
  if (!strcmp(sub->name, "hunt") && i < argc && !strcmp(argv[i], "merge"))
    return run_hunt_merge(argc, argv, i + 1);
  if (!strcmp(sub->name, "hunt") && i < argc && !strcmp(argv[i], "report"))
    return run_hunt_report(argc, argv, i + 1);
  ferret *f = ferret_new();
  if (!f) {
    fprintf(stderr, "ferret: out of memory\n");
    return EXIT_ERROR;
  }
  if (!strcmp(sub->name, "sample") || !strcmp(sub->name, "coverage") ||
      !strcmp(sub->name, "concolic") || !strcmp(sub->name, "hunt")) {
    int code = !strcmp(sub->name, "sample")     ? run_sample(f, argc, argv, i)
               : !strcmp(sub->name, "coverage") ? run_coverage(f, argc, argv, i)
               : !strcmp(sub->name, "hunt")     ? run_hunt(f, argc, argv, i)
                                                : run_concolic(f, argc, argv, i);
    ferret_delete(f);
    return code;
  }
  const char *path = NULL;
  int rc = 0;
  bool options_done = false;
  for (; i < argc && !rc; i++) {
    const char *a = argv[i];
    if (!options_done && !strcmp(a, "--")) {
      options_done = true;
    } else if (!options_done && !strcmp(a, "--main") &&
               !strcmp(sub->name, "smt2c")) {
      ferret_set_option(f, "smt2c_main", "1");
    } else if (!options_done && !strcmp(a, "--intervals") &&
               !strcmp(sub->name, "opt")) {
      ferret_set_option(f, "opt_intervals", "1");
    } else if (!options_done && a[0] == '-' && a[1] == '-') {
      rc = apply_option(f, argc, argv, &i);
    } else if (!options_done && a[0] == '-' && a[1]) {
      rc = usage_error("unknown option '%s'", a);
    } else if (path) {
      rc = usage_error("more than one input file ('%s')", a);
    } else {
      path = a;
    }
  }
  if (!rc && !path) rc = usage_error("%s", "no input file (use '-' for stdin)");
  if (rc) {
    ferret_delete(f);
    return rc;
  }
  if (sub->parse_only) ferret_set_option(f, "parse_only", "1");
  install_signals(f);
  /* Every error, including a file that cannot be read, is reported by the
   * library on the diagnostic channel (stderr). */
  ferret_status st = ferret_execute_file(f, path);
  if (sub->parse_only && st != FERRET_ERROR_IO &&
      (strcmp(sub->name, "smt2c") ? ferret_print_assertions(f)
                                  : ferret_smt2c(f)) != FERRET_OK) {
    fprintf(stderr, "ferret: %s\n", ferret_error(f)->message);
    st = ferret_error(f)->status;
  }
  if (!sub->parse_only && ferret_get_option(f, "stats"))
    ferret_print_stats(f);
  signal_ctx = NULL;
  if (st != FERRET_OK)
    rc = EXIT_ERROR;
  else
    rc = ferret_last_result(f) == FERRET_SAT     ? EXIT_SAT
         : ferret_last_result(f) == FERRET_UNSAT ? EXIT_UNSAT
                                                 : EXIT_UNKNOWN;
  ferret_delete(f);
  return rc;
}

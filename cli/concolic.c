/* ferret concolic: Fuzzy-SAT's query convention on the command line.
 *
 *   ferret concolic --input SEED -o DIR [OPTIONS] QUERIES.smt2
 *
 * QUERIES declares the input bytes k!0, k!1, ... as (_ BitVec 8) (byte i of
 * SEED; bytes without a variable stay as they are) or, with --binding named,
 * any Bool/BV/FP variables mapped to consecutive byte ranges in declaration
 * order, little endian.  Each (assert Q) is one query: Q = (and b pi...)
 * with pi true on SEED, or Q = b.  One line per query on stdout,
 * "N sat|unsat|unknown SECONDS STAGE", the input of a sat answer (the
 * whole seed with the changed bytes) in DIR/N.bin, a summary on stderr. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "args.h"
#include "cli.h"

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* Is the name k!N (N a decimal without leading zeros)?  *n = N. */
static bool byte_name(const char *s, size_t *n) {
  if (s[0] != 'k' || s[1] != '!' || !s[2] || (s[2] == '0' && s[3])) return false;
  size_t v = 0;
  for (const char *p = s + 2; *p; p++) {
    if (*p < '0' || *p > '9' || v > (SIZE_MAX - 9) / 10) return false;
    v = v * 10 + (size_t)(*p - '0');
  }
  *n = v;
  return true;
}

/* The bits of a bindable variable (Bool, BV, FP), 0 otherwise. */
static uint32_t var_bits(ferret *f, ferret_term v) {
  uint32_t a = 0, b = 0;
  switch (ferret_sort_info(f, ferret_term_sort(f, v), &a, &b)) {
  case FERRET_SORT_BOOL: return 1;
  case FERRET_SORT_BV: return a;
  case FERRET_SORT_FP: return a + b;
  default: return 0;
  }
}

enum { LAYOUT_AUTO, LAYOUT_BYTES, LAYOUT_NAMED };

/* Bind the declared variables; 0 or an exit code (message printed). */
static int bind_all(ferret *f, ferret_concolic *c, int layout, size_t size) {
  const ferret_term *vars;
  size_t nv = ferret_get_declared(f, &vars), idx;
  if (layout == LAYOUT_AUTO) {
    layout = nv ? LAYOUT_BYTES : LAYOUT_NAMED;
    for (size_t i = 0; i < nv; i++) {
      const char *name = ferret_term_string(f, vars[i]);
      if (!name || !byte_name(name, &idx) || var_bits(f, vars[i]) != 8)
        layout = LAYOUT_NAMED;
    }
  }
  size_t offset = 0;
  for (size_t i = 0; i < nv; i++) {
    const char *name = ferret_term_string(f, vars[i]);
    if (!name) break;
    uint32_t bits = var_bits(f, vars[i]);
    size_t at;
    if (layout == LAYOUT_BYTES) {
      if (!byte_name(name, &at) || bits != 8) {
        fprintf(stderr, "ferret: '%s' is not an input byte k!N of sort (_ BitVec 8) "
                        "(--binding named maps any variables)\n", name);
        return EXIT_ERROR;
      }
      if (at >= size) {
        fprintf(stderr, "ferret: '%s' is beyond the seed's %zu bytes\n", name, size);
        return EXIT_ERROR;
      }
    } else {
      at = offset;
      offset += (bits + 7) / 8;
    }
    if (ferret_concolic_bind(c, vars[i], at, 0) != FERRET_OK) {
      fprintf(stderr, "ferret: %s\n", ferret_error(f)->message);
      return EXIT_ERROR;
    }
  }
  return 0;
}

static int write_input(const char *dir, size_t n, const uint8_t *data,
                       size_t size) {
  char path[4096];
  snprintf(path, sizeof path, "%s/%zu.bin", dir, n);
  FILE *fp = fopen(path, "wb");
  bool ok = fp && fwrite(data, 1, size, fp) == size;
  if (fp) ok &= fclose(fp) == 0;
  if (!ok) fprintf(stderr, "ferret: cannot write '%s'\n", path);
  return ok ? 0 : EXIT_ERROR;
}

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* The flags of the sub-command (checked by the parser). */
typedef struct run {
  const char *seed_path, *out_dir, *path, *stages;
  int layout;
  bool optimistic;
  int64_t timeout_ms, max_execs; /* -1: the library's default */
} run;

static int parse_args(const cli_args *a, run *r) {
  const char *v;
  r->path = a->pos[0];
  r->seed_path = cli_value(a, "input");
  r->out_dir = cli_value(a, "output");
  r->stages = cli_value(a, "stages");
  r->optimistic = cli_flag(a, "optimistic");
  if ((v = cli_value(a, "binding")))
    r->layout = !strcmp(v, "bytes") ? LAYOUT_BYTES : !strcmp(v, "named") ? LAYOUT_NAMED
                                                                          : LAYOUT_AUTO;
  /* the later of --timeout and --timeout-ms */
  for (size_t g = 0; g < a->ngiven; g++) {
    const char *name = a->given[g].opt->name;
    if (!strcmp(name, "timeout")) {
      double t = strtod(a->given[g].value, NULL) * 1000;
      r->timeout_ms = t > 0 && t < 1 ? 1 : (int64_t)(t + 0.999);
    } else if (!strcmp(name, "timeout_ms")) {
      r->timeout_ms = strtoll(a->given[g].value, NULL, 10);
    }
  }
  r->max_execs = cli_int(a, "max_execs", -1);
  if (!r->seed_path) return cli_usage(a->sub, "no seed input (--input SEED)");
  if (!r->out_dir) return cli_usage(a->sub, "no output directory (-o DIR)");
  return 0;
}

/* --stages a,b,...: exactly these stages on. */
static int set_stages(ferret_concolic *c, const char *list) {
  static const char *const names[] = {"seed", "i2s", "consts", "intervals", "range",
                                      "bytes", "gradient", "det", "havoc", "multigoal", "engine"};
  for (size_t k = 0; k < sizeof names / sizeof *names; k++)
    ferret_concolic_set(c, names[k], 0);
  while (*list) {
    size_t n = strcspn(list, ",");
    char name[32];
    if (n >= sizeof name) n = sizeof name - 1;
    memcpy(name, list, n), name[n] = 0;
    if (ferret_concolic_set(c, name, 1) != FERRET_OK)
      return cli_usage(SUB_CONCOLIC, "--stages: unknown stage '%s'", name);
    list += n + (list[n] == ',');
  }
  return 0;
}

typedef struct tally {
  size_t n, sat, unsat, unknown;
  double total;
  double *times;
  char (*stage)[16];
} tally;

static void summary(const tally *t) {
  qsort(t->times, t->n, sizeof *t->times, cmp_double);
  fprintf(stderr, "queries %zu: sat %zu, unsat %zu, unknown %zu; %.3f s in all, "
                  "median %.6f s, max %.6f s\n",
          t->n, t->sat, t->unsat, t->unknown, t->total,
          t->n ? t->times[t->n / 2] : 0.0, t->n ? t->times[t->n - 1] : 0.0);
  static const char *const names[] = {"seed", "i2s", "consts", "intervals", "range",
                                      "bytes", "gradient", "det", "havoc", "multigoal", "engine"};
  fprintf(stderr, "%-8s %8s\n", "stage", "sat");
  for (size_t k = 0; k < sizeof names / sizeof *names; k++) {
    size_t m = 0;
    for (size_t q = 0; q < t->n; q++) m += !strcmp(t->stage[q], names[k]);
    fprintf(stderr, "%-8s %8zu\n", names[k], m);
  }
}

int run_concolic(ferret *f, const cli_args *a) {
  run r = {.layout = LAYOUT_AUTO, .timeout_ms = -1, .max_execs = -1};
  int rc = parse_args(a, &r);
  if (rc) return rc;
  size_t size;
  char *seed = read_all(r.seed_path, &size);
  if (!seed) {
    fprintf(stderr, "ferret concolic: cannot read the seed input '%s': %s\n", r.seed_path,
            strerror(errno));
    return EXIT_ERROR;
  }
  ferret_set_option(f, "parse_only", "1");
  if (ferret_execute_file(f, r.path) != FERRET_OK) {
    free(seed);
    return EXIT_ERROR; /* the library reported it */
  }
  if (mkdir(r.out_dir, 0777) && errno != EEXIST) {
    fprintf(stderr, "ferret: cannot create '%s': %s\n", r.out_dir, strerror(errno));
    free(seed);
    return EXIT_ERROR;
  }
  ferret_concolic *c = ferret_concolic_new(f, (const uint8_t *)seed, size);
  if (!c) {
    fprintf(stderr, "ferret: %s\n", ferret_error(f)->message);
    free(seed);
    return EXIT_ERROR;
  }
  rc = bind_all(f, c, r.layout, size);
  if (!rc && r.stages) rc = set_stages(c, r.stages);
  if (!rc && !ferret_get_option(f, "intervals")) ferret_concolic_set(c, "intervals", 0);
  if (!rc && r.timeout_ms >= 0) ferret_concolic_set(c, "timeout_ms", r.timeout_ms);
  if (!rc && r.max_execs >= 0) ferret_concolic_set(c, "max_execs", r.max_execs);
  if (!rc) ferret_concolic_set(c, "random_seed", ferret_get_option(f, "seed"));
  const ferret_term *q;
  size_t nq = rc ? 0 : ferret_get_query(f, &q);
  /* the query array is the session's: copy it (term calls follow) */
  ferret_term *queries = malloc((nq ? nq : 1) * sizeof *queries);
  tally t = {0};
  t.times = malloc((nq ? nq : 1) * sizeof *t.times);
  t.stage = malloc((nq ? nq : 1) * sizeof *t.stage);
  if (!rc && (!queries || !t.times || !t.stage)) {
    fprintf(stderr, "ferret: out of memory\n");
    rc = EXIT_ERROR;
  }
  if (!rc && nq) memcpy(queries, q, nq * sizeof *q); /* q is NULL without queries */
  install_signals(f);
  for (size_t k = 0; !rc && k < nq && !interrupted(); k++) {
    ferret_term b = queries[k];
    ferret_concolic_clear_path(c);
    if (ferret_term_kind(f, b) == FERRET_KIND_AND && ferret_term_nargs(f, b)) {
      for (size_t j = 1; !rc && j < ferret_term_nargs(f, b); j++)
        if (ferret_concolic_notify(c, ferret_term_arg(f, b, j)) != FERRET_OK) {
          fprintf(stderr, "ferret: query %zu: %s\n", k + 1, ferret_error(f)->message);
          rc = EXIT_ERROR;
        }
      b = ferret_term_arg(f, b, 0);
    }
    if (rc) break;
    double t0 = now();
    ferret_result res = r.optimistic ? ferret_concolic_solve_optimistic(c, b)
                                     : ferret_concolic_solve(c, b);
    double dt = now() - t0;
    const char *stage = ferret_concolic_stage(c);
    snprintf(t.stage[k], sizeof t.stage[k], "%s", res == FERRET_SAT ? stage : "");
    t.times[t.n++] = dt, t.total += dt;
    printf("%zu %s %.6f %s\n", k + 1,
           res == FERRET_SAT ? "sat" : res == FERRET_UNSAT ? "unsat" : "unknown",
           dt, stage);
    fflush(stdout);
    if (res == FERRET_SAT) {
      t.sat++;
      rc = write_input(r.out_dir, k + 1, ferret_concolic_input(c), size);
    } else if (res == FERRET_UNSAT) {
      t.unsat++;
    } else {
      t.unknown++;
    }
  }
  signal_ctx = NULL;
  if (t.n) summary(&t);
  if (!rc && ferret_get_option(f, "stats")) ferret_concolic_print_stats(c);
  free(queries), free(t.times), free(t.stage), free(seed);
  ferret_concolic_delete(c);
  return rc;
}

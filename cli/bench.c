/* ferret bench: run solvers over a suite of SMT-LIB files, as a product
 * feature (what bench/solve-bench.sh did for one suite).
 *
 *   ferret bench [run] --solver NAME=CMD... [--timeout S] [--jobs N]
 *                [--memory MB] [--manifest TSV] [--shard I/N] [-o OUT.tsv]
 *                [--plots DIR] [--dry-run] FILES|DIRS|LISTS...
 *   ferret bench report RESULTS.tsv... [--plots DIR]
 *   ferret bench merge -o OUT.tsv PART.tsv... [--plots DIR]
 *
 * Each run is a child process: CMD split into words (no shell; '...' and
 * "..." quote, \ escapes), "{}" replaced by the file or the file appended,
 * stdin /dev/null, stdout and stderr into an unlinked temporary file, the
 * leader of its own process group (killed as a group at the time limit,
 * at the end, and on SIGINT/SIGTERM of ferret), RLIMIT_AS with --memory.
 * Its answer is the first output line that is sat, unsat or unknown;
 * wall time from a monotonic clock (the end seen through SIGCHLD at once,
 * not by polling), CPU time and peak memory from wait4's
 * rusage (the child and the descendants it waited for).  A row is appended
 * to OUT and flushed as each run ends, so a rerun with the same OUT skips
 * what is done (resumable, also after a crash or a kill). */
/* wait4 and realpath are BSD/XSI, outside _POSIX_C_SOURCE. */
#define _DEFAULT_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "args.h"
#include "base/process.h"
#include "cli.h"

enum { MAX_SOLVERS = 32, MAX_WORDS = 128, MAX_JOBS = 256, MAX_DEPTH = 64 };

typedef struct solver {
  const char *name;
  char *words[MAX_WORDS + 1]; /* the command, split; words[n] == NULL */
  char *buf;                  /* what words point into */
  size_t n;
} solver;

typedef struct strings {
  char **data;
  size_t size, cap;
} strings;

typedef struct expect { /* manifest: real path -> status */
  strings path, status;
} expect;

typedef struct job {
  size_t file, solver;
} job;

typedef struct running {
  fer_proc p;
  int out; /* the temporary file the child writes */
  job j;
  double t0;
  bool killed;
} running;

typedef struct bench {
  solver solvers[MAX_SOLVERS];
  size_t nsolvers;
  strings files, expected;
  double timeout;
  unsigned jobs, memory_mb, shard, nshards;
  const char *out_path, *manifest, *plots;
  bool dry_run, progress;
} bench;

static volatile sig_atomic_t stop_signal;
static void on_stop(int sig) { stop_signal = sig; }

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static bool push(strings *s, const char *v) {
  if (s->size == s->cap) {
    size_t cap = s->cap ? 2 * s->cap : 64;
    char **d = realloc(s->data, cap * sizeof *d);
    if (!d) return false;
    s->data = d, s->cap = cap;
  }
  size_t n = strlen(v) + 1;
  if (!(s->data[s->size] = malloc(n))) return false;
  memcpy(s->data[s->size++], v, n);
  return true;
}

static void strings_free(strings *s) {
  for (size_t i = 0; i < s->size; i++) free(s->data[i]);
  free(s->data);
  *s = (strings){0};
}

/* ----------------------------------------------------------- solvers */

/* Split cmd into words: blanks separate, '...' is literal, "..." keeps
 * \" and \\, a \ outside quotes escapes the next character.  0, or a
 * usage error's exit code. */
static int split_command(solver *s, const char *cmd) {
  size_t len = strlen(cmd);
  if (!(s->buf = malloc(2 * len + 2))) return EXIT_ERROR;
  char *w = s->buf;
  const char *p = cmd;
  s->n = 0;
  for (;;) {
    while (*p == ' ' || *p == '\t') p++;
    if (!*p) break;
    if (s->n == MAX_WORDS) return cli_usage(SUB_BENCH, "solver '%s': too many words", s->name);
    s->words[s->n++] = w;
    while (*p && *p != ' ' && *p != '\t') {
      if (*p == '\'') {
        const char *e = strchr(p + 1, '\'');
        if (!e) return cli_usage(SUB_BENCH, "solver '%s': unbalanced ' in its command", s->name);
        memcpy(w, p + 1, (size_t)(e - p - 1));
        w += e - p - 1, p = e + 1;
      } else if (*p == '"') {
        for (p++; *p && *p != '"'; p++) {
          if (*p == '\\' && (p[1] == '"' || p[1] == '\\')) p++;
          *w++ = *p;
        }
        if (!*p) return cli_usage(SUB_BENCH, "solver '%s': unbalanced \" in its command", s->name);
        p++;
      } else {
        if (*p == '\\' && p[1]) p++;
        *w++ = *p++;
      }
    }
    *w++ = 0;
  }
  s->words[s->n] = NULL;
  if (!s->n) return cli_usage(SUB_BENCH, "solver '%s' has an empty command", s->name);
  return 0;
}

static int add_solver(bench *b, const char *spec) {
  const char *eq = strchr(spec, '=');
  if (!eq || eq == spec || !eq[1])
    return cli_usage(SUB_BENCH, "--solver is NAME=CMD, not '%s'", spec);
  if (b->nsolvers == MAX_SOLVERS) return cli_usage(SUB_BENCH, "at most 32 solvers");
  solver *s = &b->solvers[b->nsolvers++];
  size_t n = (size_t)(eq - spec);
  char *name = malloc(n + 1);
  if (!name) return EXIT_ERROR;
  memcpy(name, spec, n), name[n] = 0;
  s->name = name;
  if (strpbrk(name, "\t\n"))
    return cli_usage(SUB_BENCH, "solver name '%s' has a tab or newline", name);
  for (size_t k = 0; k + 1 < b->nsolvers; k++)
    if (!strcmp(b->solvers[k].name, name))
      return cli_usage(SUB_BENCH, "two solvers named '%s'", name);
  int rc = split_command(s, eq + 1);
  char exe[PATH_MAX];
  if (!rc && !fer_proc_find(s->words[0], exe, sizeof exe))
    rc = cli_usage(SUB_BENCH, "solver program '%s' not found", s->words[0]);
  return rc;
}

/* -------------------------------------------------------------- inputs */

static bool has_suffix(const char *s, const char *suf) {
  size_t n = strlen(s), k = strlen(suf);
  return n >= k && !strcmp(s + n - k, suf);
}

static int walk(strings *files, const char *dir, int depth) {
  if (depth > MAX_DEPTH) return 0; /* a symlink loop: stop quietly */
  DIR *d = opendir(dir);
  if (!d) {
    fprintf(stderr, "ferret bench: cannot read directory '%s': %s\n", dir, strerror(errno));
    return EXIT_ERROR;
  }
  int rc = 0;
  struct dirent *e;
  char path[PATH_MAX];
  while (!rc && (e = readdir(d))) {
    if (e->d_name[0] == '.') continue;
    if (snprintf(path, sizeof path, "%s/%s", dir, e->d_name) >= (int)sizeof path) continue;
    struct stat st;
    if (stat(path, &st) != 0) continue;
    if (S_ISDIR(st.st_mode)) rc = walk(files, path, depth + 1);
    else if (has_suffix(e->d_name, ".smt2") && !push(files, path)) rc = EXIT_ERROR;
  }
  closedir(d);
  return rc;
}

/* A list file: one path per line (# comments, blank lines skipped),
 * relative paths taken from the list's directory. */
static int read_list(strings *files, const char *list) {
  size_t len;
  char *text = read_all(list, &len);
  if (!text) {
    fprintf(stderr, "ferret bench: cannot read '%s'\n", list);
    return EXIT_ERROR;
  }
  text[len] = 0;
  const char *slash = strrchr(list, '/');
  int dirlen = slash ? (int)(slash - list) : 0, rc = 0;
  char path[PATH_MAX];
  for (char *line = strtok(text, "\r\n"); line && !rc; line = strtok(NULL, "\r\n")) {
    while (*line == ' ' || *line == '\t') line++;
    if (!*line || *line == '#') continue;
    if (*line == '/' || !slash) snprintf(path, sizeof path, "%s", line);
    else snprintf(path, sizeof path, "%.*s/%s", dirlen, list, line);
    if (!push(files, path)) rc = EXIT_ERROR;
  }
  free(text);
  return rc;
}

static int add_input(strings *files, const char *arg) {
  struct stat st;
  if (stat(arg, &st) != 0) {
    fprintf(stderr, "ferret bench: no such file or directory '%s'\n", arg);
    return EXIT_ERROR;
  }
  if (S_ISDIR(st.st_mode)) return walk(files, arg, 0);
  if (has_suffix(arg, ".smt2")) return push(files, arg) ? 0 : EXIT_ERROR;
  return read_list(files, arg);
}

static int by_string(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Sorted, duplicates dropped, then this shard's part: the files whose
 * index k has k % nshards == shard - 1 (deterministic for the same list). */
static void sort_and_shard(bench *b) {
  strings *f = &b->files;
  qsort(f->data, f->size, sizeof *f->data, by_string);
  size_t k = 0;
  for (size_t i = 0; i < f->size; i++) { /* duplicates */
    if (k && !strcmp(f->data[i], f->data[k - 1])) free(f->data[i]);
    else f->data[k++] = f->data[i];
  }
  f->size = k, k = 0;
  for (size_t i = 0; i < f->size; i++) { /* the shard */
    if (b->nshards && i % b->nshards != b->shard - 1) free(f->data[i]);
    else f->data[k++] = f->data[i];
  }
  f->size = k;
}

/* ---------------------------------------------------- expected status */

/* The manifest: a TSV with a header naming a path column (path_in_bench,
 * path or file; relative paths from the manifest's directory) and a
 * status column; sat/unsat there override the file's own set-info. */
static int read_manifest(expect *m, const char *path) {
  size_t len;
  char *text = read_all(path, &len);
  if (!text) {
    fprintf(stderr, "ferret bench: cannot read manifest '%s'\n", path);
    return EXIT_ERROR;
  }
  text[len] = 0;
  const char *slash = strrchr(path, '/');
  int dirlen = slash ? (int)(slash - path) : 1, pcol = -1, scol = -1, rc = 0;
  size_t line_no = 0;
  char *save = NULL;
  for (char *line = strtok_r(text, "\n", &save); line && !rc;
       line = strtok_r(NULL, "\n", &save), line_no++) {
    char *field[64];
    size_t nf = 0;
    for (char *p = line; nf < 64;) {
      field[nf++] = p;
      if (!(p = strchr(p, '\t'))) break;
      *p++ = 0;
    }
    if (nf && field[nf - 1][0] && field[nf - 1][strlen(field[nf - 1]) - 1] == '\r')
      field[nf - 1][strlen(field[nf - 1]) - 1] = 0;
    if (!line_no) {
      for (size_t k = 0; k < nf; k++) {
        if (pcol < 0 && (!strcmp(field[k], "path_in_bench") ||
                         !strcmp(field[k], "path") || !strcmp(field[k], "file")))
          pcol = (int)k;
        if (scol < 0 && !strcmp(field[k], "status")) scol = (int)k;
      }
      if (pcol < 0 || scol < 0) {
        fprintf(stderr, "ferret bench: manifest '%s' has no path and status "
                "columns in its header\n", path);
        rc = EXIT_ERROR;
      }
      continue;
    }
    if ((size_t)pcol >= nf || (size_t)scol >= nf) continue;
    char full[PATH_MAX], real[PATH_MAX];
    if (field[pcol][0] == '/') snprintf(full, sizeof full, "%s", field[pcol]);
    else snprintf(full, sizeof full, "%.*s/%s", dirlen, slash ? path : ".", field[pcol]);
    if (!realpath(full, real)) continue; /* not in this copy of the suite */
    if (!push(&m->path, real) || !push(&m->status, field[scol])) rc = EXIT_ERROR;
  }
  free(text);
  return rc;
}

/* The status the file declares with (set-info :status X), or "unknown". */
static const char *declared_status(const char *file) {
  FILE *fp = fopen(file, "rb");
  if (!fp) return "unknown";
  static char buf[1 << 16];
  const char *result = "unknown";
  size_t got, keep = 0;
  /* Scan in chunks, keeping a tail so a split key is still found. */
  while ((got = fread(buf + keep, 1, sizeof buf - 1 - keep, fp)) > 0) {
    size_t n = keep + got;
    bool last = n < sizeof buf - 1; /* a short read: the end of the file */
    buf[n] = 0;
    char *p = strstr(buf, ":status");
    if (p && (last || (size_t)(p - buf) + 16 < n)) {
      p += 7;
      while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r') p++;
      if (!strncmp(p, "unsat", 5)) result = "unsat";
      else if (!strncmp(p, "sat", 3)) result = "sat";
      break;
    }
    keep = n < 32 ? n : 32;
    memmove(buf, buf + n - keep, keep);
  }
  fclose(fp);
  return result;
}

static int fill_expected(bench *b, const expect *m) {
  for (size_t i = 0; i < b->files.size; i++) {
    const char *e = declared_status(b->files.data[i]);
    char real[PATH_MAX];
    if (m->path.size && realpath(b->files.data[i], real))
      for (size_t k = 0; k < m->path.size; k++)
        if (!strcmp(m->path.data[k], real)) {
          const char *s = m->status.data[k];
          if (!strcmp(s, "sat") || !strcmp(s, "unsat")) e = s;
          break;
        }
    if (!push(&b->expected, e)) return EXIT_ERROR;
  }
  return 0;
}

/* ---------------------------------------------------------- processes */

/* Start run r (its output into a new unlinked temporary file r->out): 0,
 * or the errno that keeps any process from starting.  A solver that
 * cannot be executed is a run that ended at once with exit code 127. */
static int start(const bench *b, running *r) {
  const solver *s = &b->solvers[r->j.solver];
  const char *file = b->files.data[r->j.file];
  char *argv[MAX_WORDS + 2], *subst[MAX_WORDS + 1];
  size_t n = 0, ns = 0;
  bool placed = false;
  for (size_t k = 0; k < s->n; k++) {
    const char *w = s->words[k], *at = strstr(w, "{}");
    if (!at) {
      argv[n++] = s->words[k];
      continue;
    }
    size_t len = strlen(w) + strlen(file);
    char *x = malloc(len);
    if (!x) break;
    snprintf(x, len, "%.*s%s%s", (int)(at - w), w, file, at + 2);
    argv[n++] = subst[ns++] = x, placed = true;
  }
  if (!placed) argv[n++] = (char *)file;
  argv[n] = NULL;
  char tmpl[] = "/tmp/ferret-bench.XXXXXX";
  int e = 0;
  r->out = mkstemp(tmpl);
  if (r->out < 0) {
    e = errno;
  } else {
    unlink(tmpl);
    fcntl(r->out, F_SETFD, FD_CLOEXEC); /* not inherited by the other runs */
    fflush(NULL);
    fer_proc_spec spec = {.argv = argv, .in = FER_PROC_NULL, .out = FER_PROC_FD,
                          .out_fd = r->out, .err = FER_PROC_STDOUT,
                          .mem_mb = b->memory_mb};
    e = fer_proc_spawn(&spec, &r->p);
    if (e && (r->p.exec_failed || e == ENOENT)) { /* a run that says why */
      dprintf(r->out, "ferret bench: cannot execute the solver: %s\n", strerror(e));
      r->p.pid = 0, r->p.status = 127, e = 0;
    }
  }
  for (size_t k = 0; k < ns; k++) free(subst[k]);
  return e;
}

/* The answer its output gives (see the header comment). */
static const char *classify(int fd, int status, bool killed, const bench *b,
                            long maxrss_kb) {
  static char text[1 << 16];
  ssize_t n = pread(fd, text, sizeof text - 1, 0);
  text[n > 0 ? n : 0] = 0;
  bool memory = strstr(text, "out of memory") || strstr(text, "bad_alloc") ||
                strstr(text, "Out of memory") || strstr(text, "memory exhausted");
  for (char *p = text; *p;) {
    size_t len = strcspn(p, "\n");
    size_t k = len;
    while (k && (p[k - 1] == '\r' || p[k - 1] == ' ')) k--;
    if (!killed && k == 3 && !memcmp(p, "sat", 3)) return "sat";
    if (!killed && k == 5 && !memcmp(p, "unsat", 5)) return "unsat";
    if (!killed && k == 7 && !memcmp(p, "unknown", 7)) return "unknown";
    if (k == 7 && !memcmp(p, "timeout", 7)) return "timeout"; /* z3 -T */
    p += len + (p[len] == '\n');
  }
  if (killed || strstr(text, "interrupted by timeout")) return "timeout";
  if (b->memory_mb && (memory || (long)b->memory_mb * 1024 * 9 / 10 <= maxrss_kb))
    return "memout";
  if (memory && status) return "memout";
  return "error";
}

static void finish(bench *b, running *r, int exit, const struct rusage *ru,
                   FILE *out, size_t *wrong) {
  bench_row row;
  row.file = b->files.data[r->j.file];
  row.solver = (char *)b->solvers[r->j.solver].name;
  row.expected = b->expected.data[r->j.file];
  row.wall = now() - r->t0;
  row.cpu = (double)ru->ru_utime.tv_sec + 1e-6 * (double)ru->ru_utime.tv_usec +
            (double)ru->ru_stime.tv_sec + 1e-6 * (double)ru->ru_stime.tv_usec;
  row.maxrss_kb = ru->ru_maxrss;
  row.exit = exit;
  row.timeout = b->timeout;
  row.answer = (char *)classify(r->out, row.exit, r->killed, b, row.maxrss_kb);
  row.wrong = bench_is_definite(row.answer) && bench_is_definite(row.expected) &&
              strcmp(row.answer, row.expected) != 0;
  if (row.wrong) {
    ++*wrong;
    fprintf(stderr, "%sferret bench: WRONG: %s answered %s on %s (expected %s)\n",
            b->progress ? "\r\033[K" : "", row.solver, row.answer, row.file, row.expected);
  }
  if (row.exit == 127 && !strcmp(row.answer, "error"))
    fprintf(stderr, "%sferret bench: %s could not be executed on %s\n",
            b->progress ? "\r\033[K" : "", row.solver, row.file);
  bench_write_row(out, &row);
  fflush(out);
  close(r->out);
}

static void progress(size_t done, size_t total, size_t nrun,
                     size_t wrong, double t0) {
  double t = now() - t0;
  fprintf(stderr, "\r\033[Kferret bench: %zu/%zu runs, %zu running, %zu wrong, "
          "%.0f s", done, total, nrun, wrong, t);
  if (done && done < total)
    fprintf(stderr, ", about %.0f s left", t / (double)done * (double)(total - done));
}

/* Run the jobs, at most b->jobs at once; rows appended to out.  0, or 3
 * when interrupted. */
static int run_jobs(bench *b, const job *jobs, size_t njobs, FILE *out, size_t *wrong) {
  running run[MAX_JOBS];
  size_t nrun = 0, next = 0, done = 0;
  double t0 = now(), last = 0;
  /* SIGCHLD blocked: a child's end stays pending until sigtimedwait below
   * takes it, so a run's end is seen at once (its wall time is not rounded
   * up to a polling period) and none is missed between two looks. */
  sigset_t chld, old_mask;
  sigemptyset(&chld);
  sigaddset(&chld, SIGCHLD);
  sigprocmask(SIG_BLOCK, &chld, &old_mask);
  while ((next < njobs && !stop_signal) || nrun) {
    while (nrun < b->jobs && next < njobs && !stop_signal) {
      running *r = &run[nrun];
      r->j = jobs[next++], r->killed = false, r->t0 = now();
      int e = start(b, r);
      if (e) {
        fprintf(stderr, "ferret bench: cannot start a process: %s\n", strerror(e));
        if (r->out >= 0) close(r->out);
        stop_signal = -1;
        break;
      }
      nrun++;
    }
    bool reaped = false;
    for (size_t k = 0; k < nrun;) {
      running *r = &run[k];
      struct rusage ru;
      if (!r->killed && (now() - r->t0 >= b->timeout || stop_signal)) {
        fer_proc_kill(&r->p, SIGKILL);
        r->killed = true;
      }
      if (fer_proc_ended(&r->p, 0)) {
        int exit = fer_proc_finish(&r->p, &ru); /* and whatever it left in its group */
        if (stop_signal && r->killed) close(r->out); /* not a result */
        else finish(b, r, exit, &ru, out, wrong), done++;
        run[k] = run[--nrun];
        reaped = true;
        continue;
      }
      k++;
    }
    if (b->progress && (reaped || now() - last > 1)) {
      progress(done, njobs, nrun, *wrong, t0);
      last = now();
    }
    if (!reaped && nrun) { /* until a child ends, a timeout or the progress */
      double wait = 0.25;
      for (size_t k = 0; k < nrun; k++)
        if (!run[k].killed && run[k].t0 + b->timeout - now() < wait)
          wait = run[k].t0 + b->timeout - now();
      if (wait < 0.001) wait = 0.001;
      struct timespec ts = {(time_t)wait, (long)((wait - (double)(time_t)wait) * 1e9)};
      sigtimedwait(&chld, NULL, &ts); /* EINTR: SIGINT/SIGTERM, looked at above */
    }
  }
  sigprocmask(SIG_SETMASK, &old_mask, NULL);
  if (b->progress) {
    progress(done, njobs, 0, *wrong, t0);
    fprintf(stderr, "\n");
  }
  if (stop_signal > 0)
    fprintf(stderr, "ferret bench: interrupted after %zu of %zu runs; run the "
            "same command again to resume\n", done, njobs);
  return stop_signal > 0 ? BENCH_EXIT_INTERRUPTED : stop_signal ? EXIT_ERROR : 0;
}

/* ----------------------------------------------------------- the command */

static int parse(bench *b, const cli_args *a, strings *inputs) {
  int rc = 0;
  const char *v;
  for (size_t g = 0; g < a->ngiven && !rc; g++)
    if (!strcmp(a->given[g].opt->name, "solver")) rc = add_solver(b, a->given[g].value);
  b->timeout = cli_time(a, "timeout", b->timeout);
  b->jobs = (unsigned)cli_int(a, "jobs", b->jobs);
  b->memory_mb = (unsigned)cli_int(a, "memory", b->memory_mb);
  b->manifest = cli_value(a, "manifest");
  b->plots = cli_value(a, "plots");
  if ((v = cli_value(a, "output"))) b->out_path = v;
  if ((v = cli_value(a, "shard"))) {
    char tail;
    if (sscanf(v, "%u/%u%c", &b->shard, &b->nshards, &tail) != 2 || !b->nshards ||
        b->shard < 1 || b->shard > b->nshards)
      return cli_usage(SUB_BENCH, "--shard is I/N with 1 <= I <= N, not '%s'", v);
  }
  b->dry_run = cli_flag(a, "dry-run");
  if ((v = cli_value(a, "progress"))) b->progress = !strcmp(v, "1");
  for (size_t k = 0; k < a->npos && !rc; k++)
    if (!push(inputs, a->pos[k])) rc = EXIT_ERROR;
  if (!rc && !b->nsolvers) rc = cli_usage(SUB_BENCH, "no solver (--solver NAME=CMD)");
  return rc;
}

/* The jobs not yet in the results file (file-major order). */
static job *pending(bench *b, const bench_rows *done, size_t *njobs) {
  size_t total = b->files.size * b->nsolvers;
  job *jobs = malloc((total + 1) * sizeof *jobs);
  if (!jobs) return NULL;
  /* done rows sorted by (file, solver) name for a binary search */
  char **keys = malloc((done->size + 1) * sizeof *keys);
  if (!keys) {
    free(jobs);
    return NULL;
  }
  size_t nk = 0;
  bool ok = true;
  for (size_t k = 0; k < done->size && ok; k++) {
    size_t n = strlen(done->data[k].file) + strlen(done->data[k].solver) + 2;
    if (!(keys[nk] = malloc(n))) ok = false;
    else snprintf(keys[nk++], n, "%s\t%s", done->data[k].file, done->data[k].solver);
  }
  qsort(keys, nk, sizeof *keys, by_string);
  *njobs = 0;
  for (size_t f = 0; f < b->files.size && ok; f++)
    for (size_t s = 0; s < b->nsolvers && ok; s++) {
      size_t n = strlen(b->files.data[f]) + strlen(b->solvers[s].name) + 2;
      char *key = malloc(n);
      if (!key) {
        ok = false;
        break;
      }
      snprintf(key, n, "%s\t%s", b->files.data[f], b->solvers[s].name);
      if (!bsearch(&key, keys, nk, sizeof *keys, by_string))
        jobs[(*njobs)++] = (job){f, s};
      free(key);
    }
  for (size_t k = 0; k < nk; k++) free(keys[k]);
  free(keys);
  if (!ok) {
    free(jobs);
    return NULL;
  }
  return jobs;
}

/* A last row without its newline was cut short by a kill: remove it so
 * the rerun's row replaces it (bench_load skipped it already). */
static bool cut_torn_row(const char *path) {
  int fd = open(path, O_RDWR);
  if (fd < 0) return true;
  off_t end = lseek(fd, 0, SEEK_END), keep = end;
  char c = '\n';
  while (keep > 0 && pread(fd, &c, 1, keep - 1) == 1 && c != '\n') keep--;
  bool ok = keep == end || ftruncate(fd, keep) == 0;
  close(fd);
  return ok;
}

static int bench_run(bench *b, const cli_args *a) {
  strings inputs = {0};
  expect m = {{0}, {0}};
  bench_rows done = {0};
  job *jobs = NULL;
  FILE *out = NULL;
  size_t wrong = 0, njobs = 0;
  int rc = parse(b, a, &inputs);
  for (size_t k = 0; !rc && k < inputs.size; k++) rc = add_input(&b->files, inputs.data[k]);
  if (!rc) sort_and_shard(b);
  if (!rc && b->manifest) rc = read_manifest(&m, b->manifest);
  if (!rc) rc = fill_expected(b, &m);
  if (!rc && b->dry_run) {
    for (size_t k = 0; k < b->files.size; k++)
      printf("%s\t%s\n", b->files.data[k], b->expected.data[k]);
    goto end;
  }
  if (!rc) {
    int l = bench_load(b->out_path, &done);
    if (l > 0) rc = EXIT_ERROR;
    if (!rc && !(jobs = pending(b, &done, &njobs))) rc = EXIT_ERROR;
  }
  if (!rc) {
    bool fresh = !done.size;
    struct stat st;
    if (stat(b->out_path, &st) == 0 && st.st_size > 0) fresh = false;
    if (!(out = fopen(b->out_path, "a"))) {
      fprintf(stderr, "ferret bench: cannot write '%s': %s\n", b->out_path, strerror(errno));
      rc = EXIT_ERROR;
    } else if (fresh) {
      fprintf(out, "%s\n", BENCH_HEADER);
      fflush(out);
    } else if (!cut_torn_row(b->out_path)) {
      fprintf(stderr, "ferret bench: cannot remove the row cut short at the "
              "end of '%s': %s\n", b->out_path, strerror(errno));
      rc = EXIT_ERROR;
    }
  }
  if (!rc) {
    size_t total = b->files.size * b->nsolvers;
    fprintf(stderr, "ferret bench: %zu files x %zu solvers, %zu runs to do (%zu "
            "already in %s), timeout %g s, %u at once\n", b->files.size,
            b->nsolvers, njobs, total - njobs, b->out_path, b->timeout, b->jobs);
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_stop;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    rc = run_jobs(b, jobs, njobs, out, &wrong);
  }
  if (out && fclose(out) != 0 && !rc) rc = EXIT_ERROR;
  if (!rc) { /* the summary of everything in the results file */
    bench_rows all = {0};
    if (bench_load(b->out_path, &all) != 0) rc = EXIT_ERROR;
    else {
      int w = bench_report(&all, stdout);
      if (w < 0 || (b->plots && bench_plots(&all, b->plots))) rc = EXIT_ERROR;
      else if (w) rc = BENCH_EXIT_WRONG;
    }
    bench_free(&all);
  }
end:
  free(jobs);
  bench_free(&done);
  strings_free(&inputs), strings_free(&m.path), strings_free(&m.status);
  return rc;
}

int run_bench(const cli_args *a) {
  bench b;
  memset(&b, 0, sizeof b);
  b.timeout = 60, b.jobs = 1, b.out_path = "ferret-bench.tsv";
  b.progress = isatty(2);
  int rc = bench_run(&b, a);
  for (size_t k = 0; k < b.nsolvers; k++) {
    free((char *)b.solvers[k].name);
    free(b.solvers[k].buf);
  }
  strings_free(&b.files), strings_free(&b.expected);
  return rc;
}

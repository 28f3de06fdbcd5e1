/* ferret bench's results (cli.h): the TSV file read and written, the
 * summary table, the plots, and `ferret bench report` / `merge`.
 *
 * A results file is a TSV whose header names its columns (BENCH_HEADER;
 * columns are found by name, so a file with more columns still reads).
 * One row per (file, solver) run.  Scores, per solver over the rows it has:
 *   solved   sat/unsat answers that are not wrong
 *   wrong    a definite answer contradicting a definite expected status
 *   unique   files this solver solved and no other solver did
 *   PAR-2    sum of wall time when solved, else 2 x the row's timeout
 * and a "virtual best" row: per file the best solver's score. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "args.h"
#include "base/process.h"
#include "cli.h"

/* ------------------------------------------------------------ the rows */

static char *dup_str(const char *s) {
  size_t n = strlen(s) + 1;
  char *d = malloc(n);
  if (d) memcpy(d, s, n);
  return d;
}

bool bench_add(bench_rows *rs, const bench_row *r) {
  if (rs->size == rs->cap) {
    size_t cap = rs->cap ? 2 * rs->cap : 64;
    bench_row *d = realloc(rs->data, cap * sizeof *d);
    if (!d) return false;
    rs->data = d, rs->cap = cap;
  }
  bench_row *c = &rs->data[rs->size];
  *c = *r;
  c->file = dup_str(r->file), c->solver = dup_str(r->solver);
  c->answer = dup_str(r->answer), c->expected = dup_str(r->expected);
  if (!c->file || !c->solver || !c->answer || !c->expected) {
    free(c->file), free(c->solver), free(c->answer), free(c->expected);
    return false;
  }
  rs->size++;
  return true;
}

void bench_free(bench_rows *rs) {
  for (size_t i = 0; i < rs->size; i++) {
    bench_row *r = &rs->data[i];
    free(r->file), free(r->solver), free(r->answer), free(r->expected);
  }
  free(rs->data);
  rs->data = NULL, rs->size = rs->cap = 0;
}

void bench_write_row(FILE *out, const bench_row *r) {
  fprintf(out, "%s\t%s\t%s\t%s\t%d\t%.3f\t%.3f\t%ld\t%d\t%g\n", r->file,
          r->solver, r->answer, r->expected, r->wrong, r->wall, r->cpu,
          r->maxrss_kb, r->exit, r->timeout);
}

bool bench_is_definite(const char *answer) {
  return !strcmp(answer, "sat") || !strcmp(answer, "unsat");
}

static const char *const columns[] = {"file",   "solver", "answer",
                                      "expected", "wrong", "wall_s",
                                      "cpu_s",  "maxrss_kb", "exit",
                                      "timeout_s"};
enum { NCOLS = sizeof columns / sizeof *columns };

/* Split line (modified in place) at tabs into at most max fields. */
static size_t split_tabs(char *line, char **field, size_t max) {
  size_t n = 0;
  for (char *p = line; n < max;) {
    field[n++] = p;
    p = strchr(p, '\t');
    if (!p) break;
    *p++ = 0;
  }
  return n;
}

int bench_load(const char *path, bench_rows *rs) {
  size_t len;
  struct stat st;
  if (stat(path, &st) != 0 && errno == ENOENT) return -1;
  char *text = read_all(path, &len);
  if (!text) {
    fprintf(stderr, "ferret bench: cannot read '%s': %s\n", path, strerror(errno));
    return 1;
  }
  text[len] = 0; /* read_all leaves room */
  int rc = 0, col[NCOLS];
  size_t line_no = 0, header_cols = 0;
  char *line = text, *field[64];
  for (; *line && !rc; line_no++) {
    char *nl = strchr(line, '\n'), *next = nl ? nl + 1 : line + strlen(line);
    if (nl) *nl = 0;
    if (nl > line && nl[-1] == '\r') nl[-1] = 0;
    size_t nf = split_tabs(line, field, 64);
    if (line_no == 0) { /* the header: where each column is */
      header_cols = nf;
      for (size_t c = 0; c < NCOLS; c++) {
        col[c] = -1;
        for (size_t k = 0; k < nf; k++)
          if (!strcmp(field[k], columns[c])) col[c] = (int)k;
        if (col[c] < 0 && c < 4) {
          fprintf(stderr, "ferret bench: %s: not a results file (no column "
                  "'%s' in its first line)\n", path, columns[c]);
          rc = 1;
        }
      }
    } else if (nf > 1 || field[0][0]) {
      const char *v[NCOLS];
      for (size_t c = 0; c < NCOLS; c++)
        v[c] = col[c] >= 0 && (size_t)col[c] < nf ? field[col[c]] : "0";
      if (nf < header_cols || !nl) { /* cut short (a killed run): skip */
        fprintf(stderr, "ferret bench: %s:%zu: a row cut short (%zu of %zu "
                "columns%s), skipped\n", path, line_no + 1, nf, header_cols,
                nl ? "" : ", no newline");
        line = next;
        continue;
      }
      bench_row r = {(char *)v[0], (char *)v[1], (char *)v[2], (char *)v[3],
                     atoi(v[4]), atoi(v[8]), atof(v[5]), atof(v[6]),
                     atof(v[9]), atol(v[7])};
      if (!bench_add(rs, &r)) {
        fprintf(stderr, "ferret bench: out of memory\n");
        rc = 1;
      }
    }
    line = next;
  }
  if (!rc && line_no == 0) {
    fprintf(stderr, "ferret bench: %s: empty (no header line)\n", path);
    rc = 1;
  }
  free(text);
  return rc;
}

/* ------------------------------------------------------------- scoring */

static bool solved(const bench_row *r) {
  return bench_is_definite(r->answer) && !r->wrong;
}
static double par2(const bench_row *r) {
  return solved(r) ? r->wall : 2 * r->timeout;
}

typedef struct solver_score {
  const char *name;
  size_t files, solved, sat, unsat, unknown, timeout, error, memout, wrong,
      unique;
  double par2;
  double *times; /* wall times of the solved runs */
} solver_score;

/* Row indices ordered by file, then by position (qsort_r is a GNU
 * extension: the rows are passed through this file-local pointer, set
 * just before the sort). */
static const bench_row *sort_rows;
static int by_file(const void *a, const void *b) {
  size_t i = *(const size_t *)a, j = *(const size_t *)b;
  int c = strcmp(sort_rows[i].file, sort_rows[j].file);
  return c ? c : (i > j) - (i < j);
}

static int by_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

static size_t solver_index(solver_score *s, size_t *n, const char *name) {
  for (size_t k = 0; k < *n; k++)
    if (!strcmp(s[k].name, name)) return k;
  s[*n] = (solver_score){0};
  s[*n].name = name;
  return (*n)++;
}

typedef struct scoring {
  solver_score *s;
  size_t ns;
  size_t *order;               /* row indices grouped by file */
  size_t files, vbest_solved;
  double vbest_par2;
  size_t disagreements;
} scoring;

static void score_free(scoring *sc) {
  for (size_t k = 0; k < sc->ns; k++) free(sc->s[k].times);
  free(sc->s), free(sc->order);
}

/* Score the rows; with notes, name the files where solvers disagree. */
static bool score(const bench_rows *rs, scoring *sc, FILE *notes) {
  *sc = (scoring){0};
  sc->s = calloc(rs->size + 1, sizeof *sc->s);
  sc->order = malloc((rs->size + 1) * sizeof *sc->order);
  if (!sc->s || !sc->order) return false;
  for (size_t i = 0; i < rs->size; i++) {
    const bench_row *r = &rs->data[i];
    solver_score *s = &sc->s[solver_index(sc->s, &sc->ns, r->solver)];
    s->files++;
    s->wrong += r->wrong != 0;
    if (solved(r)) s->solved++;
    const char *a = r->answer;
    if (!strcmp(a, "sat")) s->sat++;
    else if (!strcmp(a, "unsat")) s->unsat++;
    else if (!strcmp(a, "unknown")) s->unknown++;
    else if (!strcmp(a, "timeout")) s->timeout++;
    else if (!strcmp(a, "memout")) s->memout++;
    else s->error++;
    s->par2 += par2(r);
    sc->order[i] = i;
  }
  for (size_t k = 0; k < sc->ns; k++) {
    sc->s[k].times = malloc((sc->s[k].solved + 1) * sizeof(double));
    if (!sc->s[k].times) return false;
    sc->s[k].solved = 0;
  }
  for (size_t i = 0; i < rs->size; i++) {
    const bench_row *r = &rs->data[i];
    solver_score *s = &sc->s[solver_index(sc->s, &sc->ns, r->solver)];
    if (solved(r)) s->times[s->solved++] = r->wall;
  }
  sort_rows = rs->data;
  qsort(sc->order, rs->size, sizeof *sc->order, by_file);
  /* Per file: unique solves, the virtual best, disagreements. */
  for (size_t g = 0; g < rs->size;) {
    size_t e = g;
    const char *file = rs->data[sc->order[g]].file;
    while (e < rs->size && !strcmp(rs->data[sc->order[e]].file, file)) e++;
    size_t nsolved = 0, who = 0;
    double best = INFINITY;
    const bench_row *sat = NULL, *unsat = NULL;
    for (size_t k = g; k < e; k++) {
      const bench_row *r = &rs->data[sc->order[k]];
      if (solved(r)) nsolved++, who = sc->order[k];
      if (par2(r) < best) best = par2(r);
      if (!strcmp(r->answer, "sat")) sat = r;
      if (!strcmp(r->answer, "unsat")) unsat = r;
    }
    sc->files++;
    sc->vbest_solved += nsolved > 0;
    sc->vbest_par2 += best;
    if (nsolved == 1 && e - g > 1)
      sc->s[solver_index(sc->s, &sc->ns, rs->data[who].solver)].unique++;
    if (sat && unsat) {
      if (notes && sc->disagreements < 20)
        fprintf(notes, "- disagreement on %s: %s sat, %s unsat (expected %s)\n",
                file, sat->solver, unsat->solver, sat->expected);
      sc->disagreements++;
    }
    g = e;
  }
  return true;
}

int bench_report(const bench_rows *rs, FILE *out) {
  scoring sc;
  if (!score(rs, &sc, NULL)) {
    score_free(&sc);
    fprintf(stderr, "ferret bench: out of memory\n");
    return -1;
  }
  size_t wrong = 0;
  fprintf(out, "| solver | files | solved | sat | unsat | unknown | timeout | "
               "error | memout | wrong | unique | PAR-2 (s) | median solved (s) |\n"
               "|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|\n");
  for (size_t k = 0; k < sc.ns; k++) {
    solver_score *s = &sc.s[k];
    wrong += s->wrong;
    qsort(s->times, s->solved, sizeof(double), by_double);
    double med = !s->solved ? NAN
                 : s->solved % 2 ? s->times[s->solved / 2]
                     : (s->times[s->solved / 2 - 1] + s->times[s->solved / 2]) / 2;
    fprintf(out, "| %s | %zu | %zu | %zu | %zu | %zu | %zu | %zu | %zu | %zu | %zu | %.1f | ",
            s->name, s->files, s->solved, s->sat, s->unsat, s->unknown,
            s->timeout, s->error, s->memout, s->wrong, s->unique, s->par2);
    if (s->solved) fprintf(out, "%.3f |\n", med);
    else fprintf(out, "- |\n");
  }
  if (sc.ns > 1)
    fprintf(out, "| virtual best | %zu | %zu | | | | | | | | | %.1f | |\n",
            sc.files, sc.vbest_solved, sc.vbest_par2);
  /* The wrong answers and the disagreements, named. */
  size_t listed = 0;
  for (size_t i = 0; i < rs->size; i++) {
    const bench_row *r = &rs->data[i];
    if (!r->wrong) continue;
    if (listed++ == 0) fprintf(out, "\n");
    if (listed <= 20)
      fprintf(out, "- WRONG: %s answered %s on %s (expected %s)\n", r->solver,
              r->answer, r->file, r->expected);
  }
  if (listed > 20) fprintf(out, "- ... and %zu more wrong answers\n", listed - 20);
  if (sc.disagreements) {
    scoring again; /* the same pass, now naming the files */
    fprintf(out, "\n");
    if (score(rs, &again, out))
      fprintf(out, "(%zu files where one solver answered sat and another unsat)\n",
              sc.disagreements);
    score_free(&again);
  }
  score_free(&sc);
  return (int)(wrong > 0x7fffffff ? 0x7fffffff : wrong);
}

/* --------------------------------------------------------------- plots */

/* name as a gnuplot string ("..." with \ and " escaped). */
static void gp_string(FILE *gp, const char *name) {
  fputc('"', gp);
  for (const char *p = name; *p; p++) {
    if (*p == '"' || *p == '\\') fputc('\\', gp);
    fputc(*p, gp);
  }
  fputc('"', gp);
}

/* Run gnuplot on DIR/plots.gp in DIR; a clear message when it is absent. */
static int run_gnuplot(const char *dir) {
  char *argv[] = {"gnuplot", "plots.gp", NULL};
  fer_proc_spec spec = {.argv = argv, .dir = dir, .in = FER_PROC_NULL,
                        .out = FER_PROC_INHERIT, .err = FER_PROC_INHERIT};
  fer_proc p;
  fflush(NULL);
  int e = fer_proc_spawn(&spec, &p);
  if (e == ENOENT) {
    fprintf(stderr, "ferret bench: gnuplot not found (Debian: apt-get install "
                    "gnuplot-nox); the data and the script are in %s "
                    "(plots.gp)\n", dir);
    return 0;
  }
  while (!e && !fer_proc_ended(&p, 1.0)) {
  }
  if (e || fer_proc_finish(&p, NULL)) {
    fprintf(stderr, "ferret bench: gnuplot failed on %s/plots.gp\n", dir);
    return 1;
  }
  fprintf(stderr, "ferret bench: wrote %s/quantile.svg, cactus.svg and the "
                  "scatter plots\n", dir);
  return 0;
}

static const char svg_terminal[] =
    "set terminal svg size 800,560 dynamic enhanced background rgb 'white'\n";

/* quantile.svg (the JFS paper's plot: correct answers sorted by time, the
 * curve starting at -wrong), cactus.svg (cumulative time over the number
 * solved) and scatter-A-B.svg for each pair of the first four solvers
 * (an unsolved run drawn at the timeout). */
int bench_plots(const bench_rows *rs, const char *dir) {
  scoring sc;
  if (mkdir(dir, 0777) != 0 && errno != EEXIST) {
    fprintf(stderr, "ferret bench: cannot create '%s': %s\n", dir, strerror(errno));
    return 1;
  }
  if (!score(rs, &sc, NULL)) {
    score_free(&sc);
    return 1;
  }
  char path[4096];
  snprintf(path, sizeof path, "%s/times.dat", dir);
  FILE *dat = fopen(path, "w");
  snprintf(path, sizeof path, "%s/plots.gp", dir);
  FILE *gp = dat ? fopen(path, "w") : NULL;
  if (!gp) {
    if (dat) fclose(dat);
    score_free(&sc);
    fprintf(stderr, "ferret bench: cannot write into '%s'\n", dir);
    return 1;
  }
  /* times.dat: one block per solver (gnuplot's index k): x y_quantile
   * y_cumulative; solvers with nothing solved get a single dummy point
   * and are left out of the plot commands. */
  double tmax = 0;
  for (size_t i = 0; i < rs->size; i++)
    if (rs->data[i].timeout > tmax) tmax = rs->data[i].timeout;
  for (size_t k = 0; k < sc.ns; k++) {
    solver_score *s = &sc.s[k];
    qsort(s->times, s->solved, sizeof(double), by_double);
    double sum = 0;
    fprintf(dat, "# %s\n", s->name);
    for (size_t j = 0; j < s->solved; j++) {
      sum += s->times[j];
      fprintf(dat, "%zd %.6f %zu %.6f\n", (ssize_t)(j + 1) - (ssize_t)s->wrong,
              s->times[j] > 1e-3 ? s->times[j] : 1e-3, j + 1, sum);
    }
    if (!s->solved) fprintf(dat, "0 1 0 1\n");
    fprintf(dat, "\n\n");
  }
  fprintf(gp, "%sset logscale y\nset key left top\nset grid\n", svg_terminal);
  for (int kind = 0; kind < 2; kind++) {
    fprintf(gp, "set output '%s'\n", kind ? "cactus.svg" : "quantile.svg");
    fprintf(gp, kind ? "set xlabel 'instances solved'\nset ylabel 'cumulative wall time (s)'\n"
                     : "set xlabel 'correct answers - wrong answers'\nset ylabel 'wall time (s)'\n");
    const char *sep = "plot ";
    for (size_t k = 0; k < sc.ns; k++) {
      if (!sc.s[k].solved) continue;
      fprintf(gp, "%s'times.dat' index %zu using %s with steps lw 2 title ", sep, k,
              kind ? "3:4" : "1:2");
      gp_string(gp, sc.s[k].name);
      sep = ", \\\n     ";
    }
    fprintf(gp, *sep == 'p' ? "set label 'nothing solved' at graph 0.5,0.5\nplot 1 notitle\n" : "\n");
    if (*sep == 'p') fprintf(gp, "unset label\n");
  }
  /* scatter-A-B: per file both ran, A's time against B's. */
  fprintf(gp, "unset key\nset logscale xy\nset size square\n");
  size_t nsc = sc.ns < 4 ? sc.ns : 4, block = 0;
  fprintf(dat, "# scatter blocks follow\n");
  for (size_t a = 0; a < nsc; a++)
    for (size_t b = a + 1; b < nsc; b++) {
      size_t points = 0;
      for (size_t g = 0; g < rs->size;) {
        size_t e = g;
        const char *file = rs->data[sc.order[g]].file;
        const bench_row *ra = NULL, *rb = NULL;
        while (e < rs->size && !strcmp(rs->data[sc.order[e]].file, file)) {
          const bench_row *r = &rs->data[sc.order[e++]];
          if (!strcmp(r->solver, sc.s[a].name)) ra = r;
          if (!strcmp(r->solver, sc.s[b].name)) rb = r;
        }
        if (ra && rb) {
          double x = solved(ra) ? ra->wall : ra->timeout;
          double y = solved(rb) ? rb->wall : rb->timeout;
          fprintf(dat, "%.6f %.6f\n", x > 1e-3 ? x : 1e-3, y > 1e-3 ? y : 1e-3);
          points++;
        }
        g = e;
      }
      if (!points) fprintf(dat, "1 1\n");
      fprintf(dat, "\n\n");
      fprintf(gp, "set output 'scatter-%zu-%zu.svg'\nset xlabel ", a + 1, b + 1);
      gp_string(gp, sc.s[a].name);
      fprintf(gp, "\nset ylabel ");
      gp_string(gp, sc.s[b].name);
      fprintf(gp, "\nset xrange [1e-3:%g]\nset yrange [1e-3:%g]\n"
                  "plot 'times.dat' index %zu using 1:2 with points pt 7 ps 0.6, x lc rgb 'gray'\n",
              tmax > 1e-3 ? 2 * tmax : 1, tmax > 1e-3 ? 2 * tmax : 1, sc.ns + block);
      block++;
    }
  fclose(dat);
  fclose(gp);
  score_free(&sc);
  return run_gnuplot(dir);
}

/* ------------------------------------------------ report and merge */

/* The rows of in, once per (file, solver): the first in file order is
 * kept; a later answer that differs is named on stderr. */
static bool dedup(const bench_rows *in, bench_rows *out, size_t *dups,
                  size_t *conflicts) {
  scoring sc; /* for the rows grouped by file */
  if (!score(in, &sc, NULL)) return score_free(&sc), false;
  bool ok = true;
  for (size_t g = 0; ok && g < in->size; g++) {
    const bench_row *r = &in->data[sc.order[g]], *first = NULL;
    for (size_t k = g; k-- > 0;) {
      const bench_row *q = &in->data[sc.order[k]];
      if (strcmp(q->file, r->file)) break;
      if (!strcmp(q->solver, r->solver)) first = q;
    }
    if (!first) {
      ok = bench_add(out, r);
      continue;
    }
    ++*dups;
    if (strcmp(first->answer, r->answer)) {
      ++*conflicts;
      fprintf(stderr, "ferret bench: %s on %s: %s in one file, %s in another "
              "(the first kept)\n", r->solver, r->file, first->answer,
              r->answer);
    }
  }
  score_free(&sc);
  return ok;
}

static int report_and_plot(const bench_rows *rs, const char *plots) {
  int wrong = bench_report(rs, stdout);
  if (wrong < 0) return EXIT_ERROR;
  if (plots && bench_plots(rs, plots)) return EXIT_ERROR;
  return wrong ? BENCH_EXIT_WRONG : 0;
}

/* ferret bench report RESULTS... [--plots DIR], and with merge
 * ferret bench merge -o OUT PART... [--plots DIR]: the rows, each (file,
 * solver) once (a pair in two files with different answers is reported
 * and the first kept), for merge written to OUT; then the summary. */
static int report_or_merge(const cli_args *a, bool merge) {
  bench_rows in = {0}, out = {0};
  const char *path = cli_value(a, "output"), *plots = cli_value(a, "plots");
  int rc = 0;
  if (merge && !path) return cli_usage(a->sub, "no output file (-o OUT)");
  for (size_t k = 0; k < a->npos && !rc; k++) {
    int l = bench_load(a->pos[k], &in);
    if (l < 0) fprintf(stderr, "ferret bench: no such file '%s'\n", a->pos[k]);
    if (l) rc = EXIT_ERROR;
  }
  size_t dups = 0, conflicts = 0;
  if (!rc && !dedup(&in, &out, &dups, &conflicts)) rc = EXIT_ERROR;
  if (!rc && !merge && dups)
    fprintf(stderr, "ferret bench: %zu rows repeat a file and solver seen "
            "before (dropped)\n", dups);
  if (!rc && merge) {
    FILE *fp = fopen(path, "w");
    if (!fp) {
      fprintf(stderr, "ferret bench: cannot write '%s'\n", path);
      rc = EXIT_ERROR;
    } else {
      fprintf(fp, "%s\n", BENCH_HEADER);
      for (size_t k = 0; k < out.size; k++) bench_write_row(fp, &out.data[k]);
      if (fclose(fp) != 0) rc = EXIT_ERROR;
      fprintf(stderr, "ferret bench: merged %zu parts, %zu rows into %s (%zu "
              "duplicates dropped, %zu with different answers)\n",
              a->npos, out.size, path, dups, conflicts);
    }
  }
  if (!rc) rc = report_and_plot(&out, plots);
  bench_free(&in), bench_free(&out);
  return rc;
}

int run_bench_report(const cli_args *a) {
  return report_or_merge(a, false);
}

int run_bench_merge(const cli_args *a) {
  return report_or_merge(a, true);
}

/* ferret hunt merge -o DIR PART...: the output directories of hunt
 * campaigns run apart (the shards of --shard i/n on several machines, or
 * runs one after another) joined into one:
 *
 *   DIR/log.tsv       every part's rows, a first column 'part' naming the
 *                     part (its directory's last component); the parts'
 *                     headers must agree (the same number of solvers);
 *   DIR/findings/     every part's findings as PART-NAME; a finding whose
 *                     formula (its ';' lines aside) is already there is
 *                     dropped;
 *   DIR/ranking.tsv   the constructs ranked by summed rewards over summed
 *                     pulls (the empirical mean; the parts' own means may
 *                     carry their agent's prior).
 *
 * Exit 0, 1 when a part cannot be read or DIR written, 2 usage. */
#define _DEFAULT_SOURCE /* strdup */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "args.h"
#include "cli.h"

typedef struct arm {
  char *name, *kind;
  double pulls, rewards;
} arm;

typedef struct merge {
  const char *out;
  FILE *log;
  char *header;            /* the first part's log header */
  char **bodies;           /* findings' formulas, to drop repeats */
  size_t nbodies, cap_bodies;
  arm *arms;
  size_t narms, cap_arms;
  size_t rows, findings, dropped;
} merge;

static const char *part_name(const char *dir) {
  static char name[256];
  size_t len = strlen(dir);
  while (len > 1 && dir[len - 1] == '/') len--;
  size_t start = len;
  while (start && dir[start - 1] != '/') start--;
  snprintf(name, sizeof name, "%.*s", (int)(len - start), dir + start);
  return name;
}

static char *read_in(const char *dir, const char *file, size_t *len) {
  char path[4096];
  snprintf(path, sizeof path, "%s/%s", dir, file);
  char *text = read_all(path, len);
  if (!text) fprintf(stderr, "ferret hunt: cannot read '%s'\n", path);
  else text[*len] = 0; /* read_all leaves room */
  return text;
}

/* The part's log rows, prefixed with its name. */
static int merge_log(merge *m, const char *dir) {
  size_t len;
  char *text = read_in(dir, "log.tsv", &len);
  if (!text) return EXIT_ERROR;
  char *nl = strchr(text, '\n');
  if (nl) *nl = 0;
  int rc = 0;
  if (!m->header) {
    if (!(m->header = strdup(text))) rc = EXIT_ERROR;
    else fprintf(m->log, "part\t%s\n", text);
  } else if (strcmp(m->header, text)) {
    fprintf(stderr, "ferret hunt: %s/log.tsv: its columns differ from the "
            "first part's (another set of solvers?)\n", dir);
    rc = EXIT_ERROR;
  }
  for (char *row = nl ? nl + 1 : text + len; !rc && *row;) {
    char *end = strchr(row, '\n');
    if (!end) break; /* a row cut short by a kill */
    fprintf(m->log, "%s\t%.*s\n", part_name(dir), (int)(end - row), row);
    m->rows++;
    row = end + 1;
  }
  free(text);
  return rc;
}

/* The formula without its comment lines. */
static char *body_of(const char *text) {
  size_t len = strlen(text), k = 0;
  char *b = malloc(len + 1);
  if (!b) return NULL;
  for (const char *p = text; *p;) {
    size_t n = strcspn(p, "\n");
    if (*p != ';') memcpy(b + k, p, n), k += n, b[k++] = '\n';
    p += n + (p[n] == '\n');
  }
  b[k] = 0;
  return b;
}

static int by_name(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

static int copy_finding(merge *m, const char *dir, const char *name) {
  char sub[4096], path[4096];
  snprintf(sub, sizeof sub, "findings/%s", name);
  size_t len;
  char *text = read_in(dir, sub, &len);
  if (!text) return EXIT_ERROR;
  char *b = body_of(text);
  int rc = b ? 0 : EXIT_ERROR;
  for (size_t k = 0; !rc && k < m->nbodies; k++)
    if (!strcmp(m->bodies[k], b)) {
      m->dropped++;
      free(b), free(text);
      return 0;
    }
  if (!rc && m->nbodies == m->cap_bodies) {
    size_t cap = 2 * m->cap_bodies + 16;
    char **nb = realloc(m->bodies, cap * sizeof *nb);
    if (!nb) rc = EXIT_ERROR;
    else m->bodies = nb, m->cap_bodies = cap;
  }
  if (rc) {
    free(b), free(text);
    return rc;
  }
  m->bodies[m->nbodies++] = b;
  snprintf(path, sizeof path, "%s/findings/%s-%s", m->out, part_name(dir), name);
  FILE *fp = fopen(path, "wb");
  if (!fp || fwrite(text, 1, len, fp) != len) rc = EXIT_ERROR;
  if (fp && fclose(fp) != 0) rc = EXIT_ERROR;
  if (rc) fprintf(stderr, "ferret hunt: cannot write '%s'\n", path);
  else m->findings++;
  free(text);
  return rc;
}

static int merge_findings(merge *m, const char *dir) {
  char path[4096];
  snprintf(path, sizeof path, "%s/findings", dir);
  DIR *d = opendir(path);
  if (!d) return errno == ENOENT ? 0 : EXIT_ERROR; /* gen-only parts */
  char **names = NULL;
  size_t n = 0, cap = 0;
  int rc = 0;
  for (struct dirent *e; !rc && (e = readdir(d));) {
    size_t len = strlen(e->d_name);
    if (len < 5 || strcmp(e->d_name + len - 5, ".smt2")) continue;
    if (n == cap) {
      char **nn = realloc(names, (cap = 2 * cap + 16) * sizeof *nn);
      if (!nn) { rc = EXIT_ERROR; break; }
      names = nn;
    }
    if (!(names[n] = strdup(e->d_name))) rc = EXIT_ERROR;
    else n++;
  }
  closedir(d);
  if (!rc && n) qsort(names, n, sizeof *names, by_name);
  for (size_t k = 0; !rc && k < n; k++) rc = copy_finding(m, dir, names[k]);
  for (size_t k = 0; k < n; k++) free(names[k]);
  free(names);
  return rc;
}

/* Sum the part's pulls and rewards per construct. */
static int merge_ranking(merge *m, const char *dir) {
  size_t len;
  char *text = read_in(dir, "ranking.tsv", &len);
  if (!text) return EXIT_ERROR;
  int rc = 0;
  char *save = NULL;
  strtok_r(text, "\n", &save); /* the header */
  for (char *line; !rc && (line = strtok_r(NULL, "\n", &save));) {
    char name[128], kind[32];
    double pulls, rewards;
    if (sscanf(line, "%*u\t%127[^\t]\t%31[^\t]\t%lf\t%lf", name, kind, &pulls,
               &rewards) != 4)
      continue;
    size_t k = 0;
    while (k < m->narms && strcmp(m->arms[k].name, name)) k++;
    if (k == m->narms) {
      if (m->narms == m->cap_arms) {
        size_t cap = 2 * m->cap_arms + 64;
        arm *na = realloc(m->arms, cap * sizeof *na);
        if (!na) { rc = EXIT_ERROR; break; }
        m->arms = na, m->cap_arms = cap;
      }
      m->arms[k] = (arm){strdup(name), strdup(kind), 0, 0};
      m->narms++;
      if (!m->arms[k].name || !m->arms[k].kind) rc = EXIT_ERROR;
    }
    m->arms[k].pulls += pulls, m->arms[k].rewards += rewards;
  }
  free(text);
  return rc;
}

static double arm_mean(const arm *a) {
  return a->pulls > 0 ? a->rewards / a->pulls : 0;
}

static int by_mean(const void *x, const void *y) {
  const arm *a = x, *b = y;
  double d = arm_mean(b) - arm_mean(a);
  if (d) return d > 0 ? 1 : -1;
  if (a->pulls != b->pulls) return a->pulls < b->pulls ? 1 : -1;
  return strcmp(a->name, b->name);
}

static int write_ranking(merge *m) {
  char path[4096];
  snprintf(path, sizeof path, "%s/ranking.tsv", m->out);
  FILE *fp = fopen(path, "w");
  if (!fp) return EXIT_ERROR;
  if (m->narms) qsort(m->arms, m->narms, sizeof *m->arms, by_mean);
  fprintf(fp, "rank\tconstruct\tkind\tpulls\trewards\tmean\n");
  for (size_t k = 0; k < m->narms; k++)
    fprintf(fp, "%zu\t%s\t%s\t%.0f\t%.0f\t%.4f\n", k + 1, m->arms[k].name,
            m->arms[k].kind, m->arms[k].pulls, m->arms[k].rewards,
            arm_mean(&m->arms[k]));
  return fclose(fp) == 0 ? 0 : EXIT_ERROR;
}

static int make_dirs(const char *out) {
  char path[4096];
  snprintf(path, sizeof path, "%s/findings", out);
  if ((mkdir(out, 0777) && errno != EEXIST) || (mkdir(path, 0777) && errno != EEXIST)) {
    fprintf(stderr, "ferret hunt: cannot create '%s': %s\n", path, strerror(errno));
    return EXIT_ERROR;
  }
  return 0;
}

int run_hunt_merge(const cli_args *a) {
  merge m;
  memset(&m, 0, sizeof m);
  int rc = 0, nparts = (int)a->npos;
  const char *const *parts = a->pos;
  m.out = cli_value(a, "output");
  if (!m.out) return cli_usage(a->sub, "no output directory (-o DIR)");
  char path[4096];
  snprintf(path, sizeof path, "%s/log.tsv", m.out);
  if ((rc = make_dirs(m.out)) == 0 && !(m.log = fopen(path, "w"))) {
    fprintf(stderr, "ferret hunt: cannot write '%s'\n", path);
    rc = EXIT_ERROR;
  }
  for (int k = 0; !rc && k < nparts; k++) {
    const char *dir = parts[k];
    char name[256];
    snprintf(name, sizeof name, "%s", part_name(dir));
    for (int j = 0; j < k && !rc; j++)
      if (!strcmp(part_name(parts[j]), name)) {
        fprintf(stderr, "ferret hunt: two parts named '%s' (%s and %s): the "
                "names tell the parts apart, rename one\n", name,
                parts[j], dir);
        rc = EXIT_USAGE;
      }
    if (rc) break;
    if (!(rc = merge_log(&m, dir)) && !(rc = merge_findings(&m, dir)))
      rc = merge_ranking(&m, dir);
  }
  if (m.log && fclose(m.log) != 0 && !rc) rc = EXIT_ERROR;
  if (!rc) rc = write_ranking(&m);
  if (!rc)
    fprintf(stderr, "ferret hunt: merged %d parts into %s: %zu formulas, %zu "
            "findings (%zu repeated ones dropped)\n", nparts, m.out, m.rows,
            m.findings, m.dropped);
  for (size_t k = 0; k < m.nbodies; k++) free(m.bodies[k]);
  for (size_t k = 0; k < m.narms; k++) free(m.arms[k].name), free(m.arms[k].kind);
  free(m.bodies), free(m.arms), free(m.header);
  return rc;
}

/* ------------------------------------------------------------- report */

/* The solvers' command lines, from a finding's header ("; solver K: CMD:
 * ..."), else "solverK". */
static void solver_names(const char *dir, char names[16][128], int n) {
  for (int k = 0; k < n; k++) snprintf(names[k], sizeof names[k], "solver%d", k + 1);
  char path[4096];
  snprintf(path, sizeof path, "%s/findings", dir);
  DIR *d = opendir(path);
  struct dirent *e = NULL;
  while (d && (e = readdir(d)) && !strstr(e->d_name, ".smt2")) {
  }
  if (e) {
    snprintf(path, sizeof path, "%s/findings/%s", dir, e->d_name);
    FILE *fp = fopen(path, "r");
    char line[1024];
    while (fp && fgets(line, sizeof line, fp) && line[0] == ';') {
      int k, at;
      if (sscanf(line, "; solver %d: %n", &k, &at) == 1 && k >= 1 && k <= n) {
        char *end = strstr(line + at, ": ");
        if (end) snprintf(names[k - 1], sizeof names[k - 1], "%.*s", (int)(end - line - at), line + at);
      }
    }
    if (fp) fclose(fp);
  }
  if (d) closedir(d);
}

/* ferret hunt report DIR [--plots OUT] [--findings] [--timeout S]: the
 * campaign's log as Markdown (formulas, findings by kind, per solver the
 * bench table over the formulas, the best constructs) and, with --plots,
 * bench's cactus, quantile and scatter plots of the solvers' times (over
 * the formulas with a finding only, with --findings). */
int run_hunt_report(const cli_args *a) {
  const char *dir = a->pos[0], *plots = cli_value(a, "plots");
  double timeout = cli_time(a, "timeout", 0);
  bool only_findings = cli_flag(a, "findings");
  int rc = 0;
  size_t len;
  char *text = read_in(dir, "log.tsv", &len);
  if (!text) return EXIT_ERROR;
  /* columns: [part] formula origin finding margin (answerK secondsK)... */
  char *field[64], *save = NULL;
  char *line = strtok_r(text, "\n", &save);
  size_t nf = 0;
  for (char *p = line; p && nf < 64;) {
    field[nf++] = p;
    if ((p = strchr(p, '\t'))) *p++ = 0;
  }
  size_t base = nf && !strcmp(field[0], "part") ? 1 : 0;
  int nsolvers = nf >= base + 4 ? (int)(nf - base - 4) / 2 : 0;
  if (nsolvers < 1 || nsolvers > 16 || strcmp(field[base + 2], "finding")) {
    fprintf(stderr, "ferret hunt: %s/log.tsv is not a campaign's log\n", dir);
    free(text);
    return EXIT_ERROR;
  }
  char names[16][128];
  solver_names(dir, names, nsolvers);
  bench_rows rows = {0};
  size_t formulas = 0, generated = 0, kinds = 0;
  char kind_name[16][32];
  size_t kind_count[16] = {0};
  double tmax = 0;
  for (char *row; (row = strtok_r(NULL, "\n", &save));) {
    char *v[64];
    size_t n = 0;
    for (char *p = row; p && n < 64;) {
      v[n++] = p;
      if ((p = strchr(p, '\t'))) *p++ = 0;
    }
    if (n != nf) continue; /* cut short */
    formulas++;
    generated += !strcmp(v[base + 1], "generate");
    const char *finding = v[base + 2];
    if (strcmp(finding, "none")) {
      size_t k = 0;
      while (k < kinds && strcmp(kind_name[k], finding)) k++;
      if (k == kinds && kinds < 16) snprintf(kind_name[kinds++], sizeof kind_name[0], "%s", finding);
      if (k < 16) kind_count[k]++;
    }
    if (only_findings && !strcmp(finding, "none")) continue;
    char file[128];
    snprintf(file, sizeof file, "%s%sformula %s", base ? v[0] : "", base ? " " : "", v[base]);
    for (int s = 0; s < nsolvers; s++) {
      double t = atof(v[base + 5 + 2 * s]);
      if (t > tmax) tmax = t;
      bench_row r = {file, names[s], v[base + 4 + 2 * s], (char *)"unknown",
                     0, 0, t, t, 0, 0};
      if (!bench_add(&rows, &r)) rc = EXIT_ERROR;
    }
  }
  for (size_t k = 0; k < rows.size; k++) rows.data[k].timeout = timeout > 0 ? timeout : tmax;
  printf("Campaign %s: %zu formulas (%zu generated, %zu mutated)", dir, formulas, generated,
         formulas - generated);
  for (size_t k = 0; k < kinds; k++) printf("%s %zu %s", k ? "," : ";", kind_count[k], kind_name[k]);
  printf("%s\n\n", kinds ? "" : "; no finding");
  if (!rc && rows.size && bench_report(&rows, stdout) < 0) rc = EXIT_ERROR;
  free(text);
  /* the best constructs */
  text = read_in(dir, "ranking.tsv", &len);
  if (text) {
    printf("\nConstructs, best first (rank, construct, kind, pulls, rewards, mean):\n\n");
    save = NULL;
    strtok_r(text, "\n", &save);
    for (int k = 0; k < 10 && (line = strtok_r(NULL, "\n", &save)); k++) printf("    %s\n", line);
    free(text);
  }
  if (!rc && plots && rows.size && bench_plots(&rows, plots)) rc = EXIT_ERROR;
  bench_free(&rows);
  return rc;
}

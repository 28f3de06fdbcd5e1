/* Findings grouped by cause (hunt_internal.h): kind, solver, formats and
 * operator multiset of the reduced formula; for an error its message
 * without places and numbers, for a crash the first lines it printed.
 * OUT/causes.tsv has a row per cause and is read back on resume. */
#include <stdlib.h>
#include <string.h>

#include "base/ops.h"
#include "hunt/hunt_internal.h"

typedef struct census {
  uint32_t ops[FER_OP_COUNT];
  uint32_t eb[8], sb[8], nfmt;
} census;

static void take_census(ferret *f, fer_term t, census *k) {
  const fer_sort_info *si = fer_sort_get(f, fer_term_sort(f, t));
  if (si->kind == FER_SORT_FP) {
    uint32_t i = 0;
    while (i < k->nfmt && (k->eb[i] != si->a || k->sb[i] != si->b)) i++;
    if (i == k->nfmt && i < 8) k->eb[i] = si->a, k->sb[i] = si->b, k->nfmt++;
  }
  uint32_t n = fer_term_nargs(f, t);
  if (!n) return;
  k->ops[fer_term_op(f, t)]++;
  for (uint32_t i = 0; i < n; i++) take_census(f, fer_term_arg(f, t, i), k);
}

static const char *op_name(fer_op op) {
  switch (op) {
  case FER_OP_TO_FP_FP: return "to_fp(fp)";
  case FER_OP_TO_FP_SBV: return "to_fp(sbv)";
  case FER_OP_TO_FP_REAL: return "to_fp(real)";
  case FER_OP_TO_FP_BV: return "to_fp(bv)";
  default: return fer_op_table[op].name;
  }
}

/* The cause of finding v on the reduced formula x (fer_malloc'ed). */
char *fer_hunt_cause_key(fer_hunt_campaign *c, const fer_hunt_formula *x, fer_hunt_verdict v) {
  ferret *f = c->f;
  census k;
  memset(&k, 0, sizeof k);
  for (size_t i = 0; i < x->a.size; i++) take_census(f, x->a.data[i], &k);
  for (uint32_t i = 1; i < k.nfmt; i++) /* formats in order */
    for (uint32_t j = i; j > 0 && (k.eb[j] < k.eb[j - 1] ||
                                   (k.eb[j] == k.eb[j - 1] && k.sb[j] < k.sb[j - 1])); j--) {
      uint32_t e = k.eb[j], m = k.sb[j];
      k.eb[j] = k.eb[j - 1], k.sb[j] = k.sb[j - 1], k.eb[j - 1] = e, k.sb[j - 1] = m;
    }
  fer_buf b = {0};
  bool ok = fer_buf_printf(f, &b, "%s\tsolver %u\t", fer_hunt_find_name[v.kind], v.who + 1);
  const bool by_message = v.kind == FIND_ERROR || v.kind == FIND_CRASH;
  if (by_message) k.nfmt = 0, memset(k.ops, 0, sizeof k.ops);
  for (uint32_t i = 0; ok && i < k.nfmt; i++)
    ok = fer_buf_printf(f, &b, "%s%u.%u", i ? "," : "", k.eb[i], k.sb[i]);
  ok = ok && fer_buf_str(f, &b, k.nfmt ? "\t" : "-\t");
  bool any = false;
  for (uint32_t op = 0; ok && op < FER_OP_COUNT; op++)
    if (k.ops[op]) {
      ok = k.ops[op] > 1 ? fer_buf_printf(f, &b, "%s%s*%u", any ? " " : "", op_name(op), k.ops[op])
                         : fer_buf_printf(f, &b, "%s%s", any ? " " : "", op_name(op));
      any = true;
    }
  ok = ok && (any || by_message || fer_buf_str(f, &b, "-"));
  /* an error: its message without places and numbers; a crash: the first
   * lines it printed (an assertion's file and line), or its exit status */
  const char *out = c->runs[v.who].out.data ? c->runs[v.who].out.data : "";
  const char *m = v.kind == FIND_ERROR ? strstr(out, "(error") : out;
  if (ok && v.kind == FIND_CRASH && !*m)
    ok = fer_buf_printf(f, &b, "exit %d", c->runs[v.who].status);
  for (size_t i = 0, lines = 0; ok && by_message && m && m[i] && i < 200; i++) {
    bool digit = m[i] >= '0' && m[i] <= '9';
    if (m[i] == '\n' && (v.kind == FIND_ERROR || ++lines == 3)) break;
    if ((digit && v.kind == FIND_ERROR) || m[i] == '\r') continue;
    ok = fer_buf_add(f, &b, m[i] == '\n' || m[i] == '\t' ? " " : m + i, 1);
  }
  ok = ok && fer_buf_add(f, &b, "", 1);
  char *key = ok ? fer_strdup(f, b.data) : NULL;
  FER_RELEASE(f, b);
  return key;
}

void fer_hunt_release_causes(fer_hunt_campaign *c) {
  for (size_t i = 0; i < c->causes.size; i++) {
    fer_hunt_cause *k = &c->causes.data[i];
    fer_free(c->f, k->key, strlen(k->key) + 1);
    fer_free(c->f, k->first, strlen(k->first) + 1);
  }
  FER_RELEASE(c->f, c->causes);
  for (size_t i = 0; i < c->guesses.size; i++) {
    fer_hunt_guess *g = &c->guesses.data[i];
    fer_free(c->f, g->key, strlen(g->key) + 1);
    if (g->cause) fer_free(c->f, g->cause, strlen(g->cause) + 1);
  }
  FER_RELEASE(c->f, c->guesses);
}

static fer_hunt_guess *guess_of(fer_hunt_campaign *c, const char *pre) {
  for (size_t i = 0; i < c->guesses.size; i++)
    if (!strcmp(c->guesses.data[i].key, pre)) return &c->guesses.data[i];
  return NULL;
}

const char *fer_hunt_predicted(fer_hunt_campaign *c, const char *pre) {
  fer_hunt_guess *g = guess_of(c, pre);
  if (!g || !g->cause || g->reduced < PREDICT_AFTER) return NULL;
  g->skipped++;
  return g->cause;
}

void fer_hunt_learn(fer_hunt_campaign *c, const char *pre, const char *cause) {
  ferret *f = c->f;
  fer_hunt_guess *g = guess_of(c, pre);
  if (!g) {
    fer_hunt_guess n = {fer_strdup(f, pre), fer_strdup(f, cause), 0, 0};
    if (!n.key || !n.cause || !FER_PUSH(f, c->guesses, n)) {
      if (n.key) fer_free(f, n.key, strlen(n.key) + 1);
      if (n.cause) fer_free(f, n.cause, strlen(n.cause) + 1);
      return;
    }
    g = &c->guesses.data[c->guesses.size - 1];
  } else if (g->cause && strcmp(g->cause, cause)) {
    /* reductions of one unreduced key that differ: no prediction, ever */
    fer_free(f, g->cause, strlen(g->cause) + 1);
    g->cause = NULL;
  }
  g->reduced++;
}

/* One more finding of its cause (a new cause for a new key). */
void fer_hunt_add_cause_key(fer_hunt_campaign *c, char *key, const char *file, double seconds,
                            uint64_t count) {
  ferret *f = c->f;
  if (!key) return;
  for (size_t i = 0; i < c->causes.size; i++)
    if (!strcmp(c->causes.data[i].key, key)) {
      c->causes.data[i].count += count;
      fer_free(f, key, strlen(key) + 1);
      return;
    }
  fer_hunt_cause k = {key, count, fer_strdup(f, file), seconds};
  if (!k.first || !FER_PUSH(f, c->causes, k)) {
    fer_free(f, key, strlen(key) + 1);
    if (k.first) fer_free(f, k.first, strlen(k.first) + 1);
  }
}

bool fer_hunt_cause_seen(const fer_hunt_campaign *c, const char *key) {
  for (size_t i = 0; i < c->causes.size; i++)
    if (!strcmp(c->causes.data[i].key, key)) return true;
  return false;
}


/* OUT/causes.tsv: a row per cause, the most frequent first. */
void fer_hunt_write_causes(fer_hunt_campaign *c) {
  ferret *f = c->f;
  if (c->cfg->mode != 1) return;
  for (size_t i = 1; i < c->causes.size; i++) /* stable: by count, then found first */
    for (size_t j = i; j > 0 && c->causes.data[j].count > c->causes.data[j - 1].count; j--) {
      fer_hunt_cause t = c->causes.data[j];
      c->causes.data[j] = c->causes.data[j - 1], c->causes.data[j - 1] = t;
    }
  fer_buf b = {0};
  bool ok = fer_buf_str(f, &b, "kind\tsolver\tformats\toperators\tfindings\tfirst\tseconds\n");
  for (size_t i = 0; ok && i < c->causes.size; i++)
    ok = fer_buf_printf(f, &b, "%s\t%llu\t%s\t%.1f\n", c->causes.data[i].key,
                        (unsigned long long)c->causes.data[i].count, c->causes.data[i].first,
                        c->causes.data[i].seconds);
  char path[4096];
  snprintf(path, sizeof path, "%s/causes.tsv", c->cfg->out_dir);
  if (ok) fer_hunt_write_file(f, path, &b);
  FER_RELEASE(f, b);
}

/* Resume: the causes found so far, read back from OUT/causes.tsv. */
void fer_hunt_read_causes(fer_hunt_campaign *c) {
  char path[4096];
  snprintf(path, sizeof path, "%s/causes.tsv", c->cfg->out_dir);
  FILE *in = fopen(path, "r");
  if (!in) return;
  char *line = NULL;
  size_t cap = 0;
  ssize_t len;
  for (int row = 0; (len = getline(&line, &cap, in)) > 0; row++) {
    if (!row || line[len - 1] != '\n') continue;
    line[len - 1] = 0;
    /* key = the first four fields; then count, first, seconds */
    char *p = line;
    for (int t = 0; t < 4 && p; t++) p = strchr(p + (t > 0), '\t');
    if (!p) continue;
    *p++ = 0;
    char *end, *file;
    unsigned long long n = strtoull(p, &end, 10);
    if (*end != '\t') continue;
    file = end + 1;
    char *tab = strchr(file, '\t');
    if (!tab) continue;
    *tab = 0;
    fer_hunt_add_cause_key(c, fer_strdup(c->f, line), file, strtod(tab + 1, NULL), n);
  }
  free(line);
  fclose(in);
}

/* The .smt2 regressions of tests/regress/: each file says what ferret must
 * answer in its header,
 *
 *   ; expect: sat|unsat|unknown    (one of them, or "unknown|unsat" for an
 *                                    unsat formula the search may not prove)
 *   ; check: TERM          (sat only; a Bool term the model must satisfy)
 *   ; options: name=value name=value ...   (ferret_set_option, optional)
 *   ; found-by: preprocess|enumeration|...  (the stats' found_by, optional)
 *
 * and every expectation was cross-checked with z3 (cvc5 for the overflow
 * predicates).  Each file runs through the library; for sat, each check
 * is appended as (get-value (TERM)) and must evaluate to true on the
 * model ferret found.
 *
 * A check must say something the assertions do not: a value of a variable
 * or a term worked out by hand (or with z3 when the file was written), or
 * a property every model has.  A check that repeats an assertion of its
 * file would be judged by the evaluator that already accepted the model,
 * so it proves nothing; the runner refuses one.  tools/regress-entail.py
 * confirms with z3 or cvc5 that every check holds in every model. */
#include <dirent.h>
#include <stdlib.h>
#include <string.h>

#include "ferret.h"
#include "test.h"

/* Sorted names of the files in `dir` ending in `ext`; *n gets the count.
 * free() each name and the array. */
static char **list_dir(const char *dir, const char *ext, size_t *n) {
  *n = 0;
  DIR *d = opendir(dir);
  if (!d) return NULL;
  size_t cap = 0;
  char **names = NULL;
  for (struct dirent *e; (e = readdir(d));) {
    size_t len = strlen(e->d_name), el = strlen(ext);
    if (e->d_name[0] == '.' || len < el || strcmp(e->d_name + len - el, ext)) continue;
    if (*n == cap) names = realloc(names, (cap = cap * 2 + 16) * sizeof *names);
    names[(*n)++] = strdup(e->d_name);
  }
  closedir(d);
  for (size_t i = 1; i < *n; i++) /* insertion sort: a few dozen names */
    for (size_t j = i; j > 0 && strcmp(names[j - 1], names[j]) > 0; j--) {
      char *t = names[j];
      names[j] = names[j - 1], names[j - 1] = t;
    }
  return names;
}

/* The rest of the line after `key` at the start of a line, from `*at` on;
 * *at moves past it.  Length in *len; NULL when there is none. */
static const char *header(const char *text, const char *key, const char **at, size_t *len) {
  size_t kl = strlen(key);
  for (const char *p = *at; p && *p; p = strchr(p, '\n'), p = p ? p + 1 : NULL) {
    if (strncmp(p, key, kl)) continue;
    const char *v = p + kl, *end = strchr(v, '\n');
    *len = end ? (size_t)(end - v) : strlen(v);
    *at = v + *len;
    return v;
  }
  (void)text;
  return NULL;
}

/* Apply "name=value name=value" with ferret_set_option. */
static bool set_options(ferret *f, const char *v, size_t len) {
  char opts[512];
  if (len >= sizeof opts) return false;
  memcpy(opts, v, len);
  opts[len] = '\0';
  for (char *tok = strtok(opts, " "); tok; tok = strtok(NULL, " ")) {
    char *eq = strchr(tok, '=');
    if (!eq) return false;
    *eq = '\0';
    if (ferret_set_option(f, tok, eq + 1) != FERRET_OK) return false;
  }
  return true;
}

/* `s` (length n) with whitespace runs collapsed to one space and no space
 * next to a parenthesis, into out (size cap); false if it does not fit. */
static bool normalise(const char *s, size_t n, char *out, size_t cap) {
  size_t o = 0;
  bool space = false;
  for (size_t i = 0; i < n; i++) {
    char c = s[i];
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
      space = true;
      continue;
    }
    if (space && o > 0 && out[o - 1] != '(' && c != ')') {
      if (o + 1 >= cap) return false;
      out[o++] = ' ';
    }
    space = false;
    if (o + 1 >= cap) return false;
    out[o++] = c;
  }
  out[o] = '\0';
  return true;
}

/* Whether the check `v` (length len) is, up to white space, the argument of
 * one of the (assert ...) commands of `text` (comments skipped). */
static bool repeats_assertion(const char *text, const char *v, size_t len) {
  char check[4096], assertion[4096];
  if (!normalise(v, len, check, sizeof check)) return false;
  for (const char *p = text; (p = strstr(p, "(assert "));) {
    const char *line = p;
    while (line > text && line[-1] != '\n') line--;
    const char *arg = p + 8, *q = arg;
    int depth = 1;
    for (; *q && depth; q++) depth += *q == '(' ? 1 : *q == ')' ? -1 : 0;
    p = arg;
    if (*line == ';' || depth) continue;
    if (normalise(arg, (size_t)(q - 1 - arg), assertion, sizeof assertion) && !strcmp(assertion, check))
      return true;
  }
  return false;
}

/* Run one regression file; false (with a message) if it does not hold. */
static bool run_regress(const char *name, const char *text) {
  const char *at = text, *v;
  size_t len;
  v = header(text, "; expect: ", &at, &len);
  CHECK_MSG(v != NULL, "%s: no '; expect:' line", name);
  if (!v) return false;
  char expect[16];
  snprintf(expect, sizeof expect, "%.*s", (int)len, v);
  bool sat = !strcmp(expect, "sat");
  /* never a weaker answer than the truth: an unsat formula the search
   * need not prove says "unknown|unsat" */
  bool either = !strcmp(expect, "unknown|unsat");
  CHECK_MSG(sat || either || !strcmp(expect, "unsat") || !strcmp(expect, "unknown"),
            "%s: bad expectation '%s'", name, expect);
  /* the script with the checks appended as get-value commands */
  fer_test_buf script = {0}, out = {0}, diag = {0};
  fer_test_buf_add(&script, text, strlen(text));
  int nchecks = 0, fails = 0;
  at = text;
  while ((v = header(text, "; check: ", &at, &len))) {
    fer_test_buf_add(&script, "\n(get-value (", 13);
    fer_test_buf_add(&script, v, len);
    fer_test_buf_add(&script, "))", 2);
    nchecks++;
    bool repeat = repeats_assertion(text, v, len);
    CHECK_MSG(!repeat, "%s: check repeats an assertion of the file: %.*s", name, (int)len, v);
    if (repeat) fails++;
  }
  CHECK_MSG(sat == (nchecks > 0), "%s: %d checks for '%s' (sat files need some, others none)",
            name, nchecks, expect);
  fer_test_buf_add(&out, "", 0), fer_test_buf_add(&diag, "", 0);
  ferret *f = ferret_new();
  ferret_set_output(f, fer_test_buf_add, &out);
  ferret_set_diagnostic(f, fer_test_buf_add, &diag);
  /* a generous limit: a regression that needs it is a regression */
  bool ok = ferret_set_option(f, "timeout", "60") == FERRET_OK;
  at = text;
  if ((v = header(text, "; options: ", &at, &len))) ok = ok && set_options(f, v, len);
  at = text;
  const char *found_by = header(text, "; found-by: ", &at, &len);
  size_t found_len = len;
  CHECK_MSG(ok, "%s: bad options", name);
  ferret_status st = ferret_execute(f, name, script.data, script.size);
  if (found_by) ferret_print_stats(f); /* of the file's only check-sat */
  ferret_delete(f);
  CHECK_MSG(st == FERRET_OK, "%s: status %d: %s", name, (int)st, diag.data);
  /* the answer, then one "((TERM true))" line per check */
  size_t alen = strcspn(out.data, "\n");
  bool answer = alen == strlen(expect) && !strncmp(out.data, expect, alen);
  if (either) answer = (alen == 7 && !strncmp(out.data, "unknown", 7)) ||
                       (alen == 5 && !strncmp(out.data, "unsat", 5));
  CHECK_MSG(answer, "%s: expected %s, got %.*s", name, expect, (int)alen, out.data);
  int truths = 0;
  for (char *line = strchr(out.data, '\n'); answer && line && line[1]; line = strchr(line + 1, '\n')) {
    size_t ll = strcspn(line + 1, "\n");
    bool t = ll >= 7 && !strncmp(line + 1 + ll - 7, " true))", 7);
    CHECK_MSG(t, "%s: a check does not hold: %.*s", name, (int)ll, line + 1);
    truths += t;
  }
  if (answer) CHECK_MSG(truths == nchecks, "%s: %d of %d checks hold", name, truths, nchecks);
  if (found_by) {
    char want[64];
    snprintf(want, sizeof want, "\"found_by\": \"%.*s\"", (int)found_len, found_by);
    CHECK_MSG(strstr(diag.data, want) != NULL, "%s: not %s: %s", name, want, diag.data);
  }
  bool good = st == FERRET_OK && answer && truths == nchecks && !fails;
  free(script.data), free(out.data), free(diag.data);
  return good;
}

TEST(regress_smt2) {
  char dir[4096];
  snprintf(dir, sizeof dir, "%s/tests/regress", fer_test_dir);
  size_t n;
  char **names = list_dir(dir, ".smt2", &n);
  CHECK_MSG(n >= 15, "only %zu files in %s", n, dir);
  int good = 0;
  for (size_t i = 0; i < n; i++) {
    char path[8192];
    snprintf(path, sizeof path, "%s/%s", dir, names[i]);
    char *text = fer_test_read_file(path, NULL);
    CHECK_MSG(text != NULL, "cannot read %s", path);
    if (text) good += run_regress(names[i], text);
    free(text);
    free(names[i]);
  }
  free(names);
  fprintf(stderr, "  regress: %d of %zu files hold\n", good, n);
}

/* The fuzzer's regression inputs (tests/fuzz/regress/, any name): each
 * must return from ferret_execute without crashing or hanging, read only
 * (as tests/fuzz/fuzz_reader.c runs them) and solved with a small budget.
 * Any status is fine; the sanitizers and the runner judge the rest. */
static void fuzz_quiet(void *user, const char *text, size_t len) {
  (void)user, (void)text, (void)len;
}

TEST(regress_fuzz_inputs) {
  char dir[4096];
  snprintf(dir, sizeof dir, "%s/tests/fuzz/regress", fer_test_dir);
  size_t n;
  char **names = list_dir(dir, "", &n);
  CHECK_MSG(n >= 1, "no inputs in %s", dir);
  for (size_t i = 0; i < n; i++) {
    char path[8192];
    snprintf(path, sizeof path, "%s/%s", dir, names[i]);
    size_t len;
    char *text = fer_test_read_file(path, &len);
    CHECK_MSG(text != NULL, "cannot read %s", path);
    for (int solve = 0; text && solve < 2; solve++) {
      ferret *f = ferret_new();
      ferret_set_output(f, fuzz_quiet, NULL);
      ferret_set_diagnostic(f, fuzz_quiet, NULL);
      CHECK(ferret_set_option(f, "parse_only", solve ? "0" : "1") == FERRET_OK);
      CHECK(ferret_set_option(f, "max_memory", "512") == FERRET_OK);
      CHECK(ferret_set_option(f, "timeout", "2") == FERRET_OK);
      CHECK(ferret_set_option(f, "max_execs", "10000") == FERRET_OK);
      int st = ferret_execute(f, names[i], text, len);
      CHECK_MSG(st >= FERRET_OK && st <= FERRET_ERROR_OPTION, "%s: status %d", names[i], st);
      ferret_delete(f);
    }
    free(text);
    free(names[i]);
  }
  free(names);
  fprintf(stderr, "  fuzz regressions: %zu inputs replayed\n", n);
}

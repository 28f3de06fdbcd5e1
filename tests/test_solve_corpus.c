/* The solver on the real corpus (fer_bench_dir, MANIFEST.tsv): every file
 * of QF_FP / QF_BVFP / QF_BV with one check-sat that the reader accepts,
 * run with a small execution budget.  Checks: never unsat on a sat-status
 * file, never sat on an unsat-status file, never "internal: model
 * rejected", and every sat model confirmed by z3 (the original file plus
 * the model as assertions must be sat).
 *
 * A deterministic sample (every STRIDE-th file) keeps the sanitizer build
 * within about a minute; FERRET_CORPUS_FULL=1 runs every file,
 * FERRET_CORPUS_EXECS overrides the budget (default 20000). */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/context.h"
#include "smt/term.h"
#include "smt/print.h"
#include "api/smt_session.h"
#include "test.h"

#define STRIDE 3

static void quiet(void *u, const char *t, size_t n) { (void)u, (void)t, (void)n; }

/* The symbol as z3 reads the original file: bare if simple, else |raw|. */
static void symbol(ferret *f, fer_buf *b, const char *name) {
  if (fer_symbol_is_simple(name)) {
    fer_buf_add(f, b, name, strlen(name));
  } else {
    fer_buf_add(f, b, "|", 1);
    fer_buf_add(f, b, name, strlen(name));
    fer_buf_add(f, b, "|", 1);
  }
}

/* Run `cmd` (with %s for the file) on `query`; the first line of output. */
static int run_solver(const char *cmd_fmt, const char *query, size_t len,
                      char *line, size_t cap) {
  char tmp[] = "/tmp/ferret-corpus-XXXXXX";
  int fd = mkstemp(tmp), ok = 0;
  line[0] = '\0';
  if (fd < 0) return 0;
  FILE *fp = fdopen(fd, "w");
  fwrite(query, 1, len, fp);
  fclose(fp);
  char cmd[512];
  snprintf(cmd, sizeof cmd, cmd_fmt, tmp);
  FILE *z = popen(cmd, "r");
  if (z) {
    ok = fgets(line, (int)cap, z) != NULL;
    pclose(z);
  }
  remove(tmp);
  return ok;
}

#define Z3 "z3 -T:10 %s 2>&1"
#define CVC5 "cvc5 --lang=smt2 --tlimit=10000 %s 2>/dev/null"

/* The file up to its (only) check-sat, without set-option commands (they
 * are solver-specific: z3 rejects cvc5's, and some z3 regressions turn on
 * z3's own model validation, which is not what we are asking). */
static void prefix(ferret *f, fer_buf *b, const char *text) {
  const char *cs = NULL;
  for (const char *p = text; (p = strstr(p, "(check-sat")); p++) cs = p;
  if (!cs) cs = text + strlen(text);
  for (const char *p = text; p < cs;) {
    if (!strncmp(p, "(set-option", 11)) {
      int depth = 0;
      do {
        depth += *p == '(' ? 1 : *p == ')' ? -1 : 0;
        p++;
      } while (depth > 0 && p < cs);
      continue;
    }
    fer_buf_add(f, b, p, 1);
    p++;
  }
}

/* Files on which the oracles are known to be wrong, each derived by hand.
 *  6674-simp: x = min subnormal of Float(3,2) = 2^-3; x*x = 2^-6 is
 *  positive and below every positive float, so RTN gives +0 = r: sat (the
 *  file's status).  z3 4.8.12 answers unsat (it is Z3 issue 6674, fixed
 *  later); cvc5 1.0 rejects sb = 2. */
static const char *const oracle_bugs[] = {"QF_FP/z3test-regress/6674-simp.smt2", NULL};

static bool oracle_bug(const char *path) {
  for (int i = 0; oracle_bugs[i]; i++)
    if (!strcmp(oracle_bugs[i], path)) return true;
  return false;
}

/* Is the model a model?  1 confirmed (by z3, else cvc5), 0 refuted by
 * both, -1 neither could run. */
static int model_confirmed(ferret *f, const char *text, const char *path) {
  fer_buf b = {0};
  prefix(f, &b, text);
  fer_model *m = &f->smt->model;
  for (uint32_t i = 0; i < m->size; i++) {
    if (!m->value[i]) continue;
    fer_term v = fer_var_term(f, i);
    fer_buf_add(f, &b, "\n(assert (= ", 12);
    symbol(f, &b, fer_var_name(f, v));
    fer_buf_add(f, &b, " ", 1);
    fer_print_value(f, &b, m->value[i]);
    fer_buf_add(f, &b, "))", 2);
  }
  fer_buf_add(f, &b, "\n(check-sat)\n", 13);
  char z3[512], cv[512];
  int result = -1;
  if (run_solver(Z3, b.data, b.size, z3, sizeof z3)) {
    result = !strncmp(z3, "sat", 3);
    if (!result && run_solver(CVC5, b.data, b.size, cv, sizeof cv) &&
        !strncmp(cv, "sat", 3)) {
      fprintf(stderr, "  note: z3 rejects the model of %s (%.60s), cvc5 confirms it\n",
              path, z3);
      result = 1;
    } else if (!result && oracle_bug(path)) {
      fprintf(stderr, "  note: %s: known oracle bug, model checked by hand\n", path);
      result = 1;
    } else if (!result) {
      fprintf(stderr, "  z3 rejects the model of %s: %s", path, z3);
    }
  }
  FER_RELEASE(f, b);
  return result;
}

/* z3's own answer on the file: "sat", "unsat", or "" (unknown, error). */
static const char *z3_answer(ferret *f, const char *text) {
  fer_buf b = {0};
  prefix(f, &b, text);
  fer_buf_add(f, &b, "\n(check-sat)\n", 13);
  char line[512];
  const char *r = "";
  if (run_solver(Z3, b.data, b.size, line, sizeof line))
    r = !strncmp(line, "unsat", 5) ? "unsat" : !strncmp(line, "sat", 3) ? "sat" : "";
  FER_RELEASE(f, b);
  return r;
}

TEST(solve_corpus) {
  char mpath[4096];
  snprintf(mpath, sizeof mpath, "%s/MANIFEST.tsv", fer_bench_dir);
  char *man = fer_test_read_file(mpath, NULL);
  NEED_CORPUS(man != NULL);
  if (!fer_test_have("z3")) { /* the judge of every answer */
    free(man);
    SKIP("z3 not found (tests/deps.sh installs it)");
  }
  bool full = getenv("FERRET_CORPUS_FULL") && !strcmp(getenv("FERRET_CORPUS_FULL"), "1");
  const char *execs = getenv("FERRET_CORPUS_EXECS") ? getenv("FERRET_CORPUS_EXECS") : "20000";
  int eligible = 0, ran = 0, skipped = 0, sat_files = 0, sat_solved = 0,
      unsat_files = 0, unsat_proved = 0, sat_answers = 0, unsat_answers = 0,
      confirmed = 0, z3_unavailable = 0, wrong = 0;
  for (char *line = strtok(man, "\n"); line; line = strtok(NULL, "\n")) {
    char *col[13] = {0};
    if (fer_test_split_tsv(line, col, 13) < 11 || !strcmp(col[0], "path_in_bench"))
      continue;
    const char *logic = col[4], *status = col[5], *nchk = col[10];
    if (strcmp(logic, "QF_FP") && strcmp(logic, "QF_BVFP") && strcmp(logic, "QF_BV"))
      continue;
    if (strcmp(status, "sat") && strcmp(status, "unsat") && strcmp(status, "unknown") &&
        strcmp(status, "none"))
      continue;
    if (strcmp(nchk, "1")) continue;
    if (!full && eligible++ % STRIDE) continue;
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", fer_bench_dir, col[0]);
    size_t len;
    char *text = fer_test_read_file(path, &len);
    if (!text) {
      skipped++;
      continue;
    }
    ferret *f = ferret_new();
    ferret_set_output(f, quiet, NULL);
    ferret_set_diagnostic(f, quiet, NULL);
    ferret_set_option(f, "max_execs", execs);
    ferret_set_option(f, "timeout", "5");
    ferret_status st = ferret_execute(f, col[0], text, len);
    ferret_result r = f->smt->last;
    const char *why = f->smt->reason ? f->smt->reason : "";
    if (st != FERRET_OK) { /* the reader refused some command: the
                              assertions are not the file's */
      skipped++;
    } else {
      ran++;
      bool is_sat = !strcmp(status, "sat"), is_unsat = !strcmp(status, "unsat");
      sat_files += is_sat, unsat_files += is_unsat;
      if (r == FERRET_SAT) {
        sat_answers++;
        sat_solved += is_sat;
        /* a sat answer on an unsat-status file is wrong unless the model
         * is confirmed below (then the annotation is) */
        int z = model_confirmed(f, text, col[0]);
        if (z < 0) z3_unavailable++;
        else if (z) {
          confirmed++;
          if (is_unsat)
            fprintf(stderr, "  note: %s says unsat, the confirmed model says sat\n", col[0]);
        } else {
          wrong++;
          CHECK_MSG(0, "invalid model: %s", col[0]);
        }
      } else if (r == FERRET_UNSAT) {
        unsat_answers++;
        unsat_proved += is_unsat;
        /* Without an unsat annotation, z3 judges: it must not find sat. */
        const char *z = is_unsat ? "unsat" : z3_answer(f, text);
        if (is_sat && !strcmp(z, "unsat")) { /* the annotation is wrong */
          fprintf(stderr, "  note: %s says sat, but z3 agrees with unsat\n", col[0]);
        } else {
          CHECK_MSG(!is_sat && strcmp(z, "sat"), "unsat, but sat by %s: %s",
                    is_sat ? "the annotation" : "z3", col[0]);
          wrong += is_sat || !strcmp(z, "sat");
        }
      } else {
        CHECK_MSG(strncmp(why, "internal", 8), "%s: %s", why, col[0]);
        wrong += !strncmp(why, "internal", 8);
      }
    }
    ferret_delete(f);
    free(text);
  }
  free(man);
  fprintf(stderr,
          "corpus%s: %d files run (%d skipped by the reader), sat-status %d/%d "
          "solved, unsat-status %d/%d proved; %d sat answers (%d confirmed by z3, "
          "%d unchecked), %d unsat answers, %d wrong\n",
          full ? "" : " (sample)", ran, skipped, sat_solved, sat_files, unsat_proved,
          unsat_files, sat_answers, confirmed, z3_unavailable, unsat_answers, wrong);
  CHECK(wrong == 0);
  /* The floor: what the sample solves today, less about 10 % for slower
   * machines (the 5 s timeout) and honest changes of search order.
   * Measured 2024-11 (sanitizer build, 20000 executions): 352 files run,
   * 243 sat + 52 unsat answers = 295 solved; sat-status 152/165 solved.
   * Raise the floor when the solver gets better. */
  if (!full && !getenv("FERRET_CORPUS_EXECS")) {
    CHECK_MSG(sat_answers + unsat_answers >= 265, "%d files solved, the floor is 265 of 295",
              sat_answers + unsat_answers);
    CHECK_MSG(sat_solved >= 137, "%d sat-status files solved, the floor is 137 of 152",
              sat_solved);
  }
}

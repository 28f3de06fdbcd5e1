/* The reader against the real corpus (../shared/bench, see its README.md).
 *
 * What is expected of each file comes from MANIFEST.tsv, not from a hand
 * list: a file of logic QF_BV, QF_FP or QF_BVFP must read without error
 * (unless the error says "unsupported" about a construct outside ferret's
 * theories, which is counted and listed); a file of an array or
 * uninterpreted-function logic must be rejected with a message saying so.
 *
 * Round trip: a supported file that reads cleanly is printed (T1), T1 is
 * read in a fresh context and printed again (T2), and T1 == T2 byte for
 * byte.  z3 is the oracle that T1 is valid SMT-LIB with the same meaning:
 * on a sample it must accept T1 and, where the manifest knows the answer
 * and z3 finds one within its time limit, give that answer. */
#include <ctype.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/context.h"
#include "smt/term.h"
#include "test.h"

/* A fresh context that only reads (check-sat answers without searching). */
static ferret *reader_context(fer_test_buf *out, fer_test_buf *diag) {
  ferret *f = ferret_new();
  ferret_set_output(f, fer_test_buf_add, out);
  ferret_set_diagnostic(f, fer_test_buf_add, diag);
  if (ferret_set_option(f, "parse_only", "1") != FERRET_OK)
    fprintf(stderr, "corpus: option parse_only missing\n");
  ferret_set_option(f, "opt_passes", "0"); /* round trip of the formula as read */
  return f;
}

/* The message of the n-th (error "...") in `out` (from 0), without its
 * leading "source:line:col: " position; NULL if there is none.  The text
 * lives in a static buffer until the next call. */
static const char *nth_error(const char *out, int n) {
  static char msg[1024];
  const char *p = out;
  for (int k = 0; p && k <= n; k++) {
    p = strstr(p, "(error \"");
    if (p && k < n) p += 8;
  }
  if (!p) return NULL;
  p += 8;
  size_t len = 0;
  while (p[len] && !(p[len] == '"' && p[len + 1] != '"') && len + 1 < sizeof msg) len++;
  memcpy(msg, p, len);
  msg[len] = '\0';
  /* The message proper follows the first ": " after a digit (the column). */
  for (char *q = msg; *q; q++)
    if (q[0] == ':' && q[1] == ' ' && q > msg && isdigit((unsigned char)q[-1]))
      return q + 2;
  return msg;
}

static const char *first_error(const char *out) { return nth_error(out, 0); }

typedef fer_test_row row;
#define read_manifest fer_test_manifest
#define free_manifest fer_test_manifest_free

static bool logic_in(const char *logic, const char *const *set) {
  for (int i = 0; set[i]; i++)
    if (!strcmp(logic, set[i])) return true;
  return false;
}

static const char *const supported[] = {"QF_BV",     "QF_FP",      "QF_BVFP",
                                        "QF_AFP",    "QF_ABVFP",   "QF_AUFBVFP",
                                        "QF_UFFP",   "QF_UFBVFP",  NULL};
static const char *const rejected[] = {NULL};

/* Does an "unsupported" message name something outside ferret's theories
 * (or a command ferret does not offer)?  The words are those the reader's
 * messages use for the construct's theory. */
static bool foreign_construct(const char *msg) {
  static const char *const words[] = {
      "sets", "bags", "sequences", "strings", "fp.to_real", "integer arithmetic",
      "real arithmetic", "'Int'", "'Real'", "datatypes", "arrays",
      "uninterpreted function", "uninterpreted sorts", "quantifiers",
      "unsat cores", "proofs", "(arithmetic)", "get-value of a function", NULL};
  if (strncmp(msg, "unsupported", 11)) return false;
  for (int i = 0; words[i]; i++)
    if (strstr(msg, words[i])) return true;
  return false;
}

static bool mentions_array_or_uf(const char *msg) {
  char low[1024];
  size_t i = 0;
  for (; msg[i] && i + 1 < sizeof low; i++) low[i] = (char)tolower((unsigned char)msg[i]);
  low[i] = '\0';
  return strstr(low, "array") || strstr(low, "uninterpreted function");
}

/* Does any error in `out` mention arrays or uninterpreted functions? */
static bool any_array_or_uf(const char *out) {
  const char *m;
  for (int k = 0; (m = nth_error(out, k)); k++)
    if (mentions_array_or_uf(m)) return true;
  return false;
}

/* The oracle for inputs that are not valid SMT-LIB: does cvc5 (reading
 * only) or z3 report an error on the file too?  z3 solves, so its errors
 * about models are not reading errors.  Only files ferret rejects get
 * here, a handful; each run is time-limited. */
static bool peers_reject(const char *path) {
  static const char *const cmds[] = {"cvc5 --parse-only '%s' 2>&1",
                                     "z3 -T:5 '%s' 2>&1", NULL};
  for (int i = 0; cmds[i]; i++) {
    char cmd[4400];
    snprintf(cmd, sizeof cmd, cmds[i], path);
    FILE *p = popen(cmd, "r");
    if (!p) continue;
    char line[4096];
    bool error = false;
    while (fgets(line, sizeof line, p))
      if (strstr(line, "(error") && !strstr(line, "model")) error = true;
    pclose(p);
    if (error) return true;
  }
  return false;
}

/* Execute `text`; returns the context's status.  T (if not NULL) gets what
 * ferret_print_assertions prints afterwards. */
static int run_text(const char *source, const char *text, size_t len, fer_test_buf *out,
                    fer_test_buf *diag, fer_test_buf *printed) {
  fer_test_buf_clear(out), fer_test_buf_clear(diag);
  ferret *f = reader_context(out, diag);
  int st = ferret_execute(f, source, text, len);
  if (printed && st == FERRET_OK) {
    fer_test_buf_clear(printed);
    ferret_set_output(f, fer_test_buf_add, printed);
    st = ferret_print_assertions(f);
  }
  ferret_delete(f);
  return st;
}

typedef struct z3_job {
  const row *r;
  bool compare; /* the manifest's status applies to T1 */
} z3_job;

TEST(corpus_reads_manifest) {
  size_t n = 0;
  row *rows = read_manifest(&n);
  NEED_CORPUS(rows != NULL);
  /* z3 and cvc5 judge the printed files and the files ferret rejects */
  if (!fer_test_have("z3") || !fer_test_have("cvc5")) {
    free_manifest(rows, n);
    SKIP("z3 or cvc5 not found (tests/deps.sh installs them)");
  }
  CHECK_MSG(n > 1000, "only %zu manifest rows", n);
  fer_test_buf out = {0}, diag = {0}, t1 = {0}, t2 = {0}, o2 = {0}, d2 = {0};
  size_t n_sup = 0, n_ok = 0, n_foreign = 0, n_invalid = 0, n_rej = 0, n_rej_ok = 0;
  size_t n_rt = 0, n_rt_ok = 0, n_other = 0;
  char tmpdir[] = "/tmp/ferret-corpus-XXXXXX";
  bool z3 = system("z3 -version >/dev/null 2>&1") == 0 && mkdtemp(tmpdir);
  z3_job jobs[30];
  size_t njobs = 0;
  /* Supported files that read cleanly: every step-th goes to z3. */
  size_t step = 0;
  for (size_t i = 0; i < n; i++) step += logic_in(rows[i].logic, supported);
  step = step / 30 ? step / 30 : 1;
  size_t sup_index = 0, next_pick = step;
  for (size_t i = 0; i < n; i++) {
    const row *r = &rows[i];
    bool sup = logic_in(r->logic, supported), rej = logic_in(r->logic, rejected);
    if (!sup && !rej) {
      n_other++;
      continue;
    }
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", fer_bench_dir, r->path);
    size_t len;
    char *text = fer_test_read_file(path, &len);
    CHECK_MSG(text != NULL, "cannot read %s", path);
    if (!text) continue;
    int st = run_text(r->path, text, len, &out, &diag, sup ? &t1 : NULL);
    const char *err = first_error(out.data);
    if (rej) {
      n_rej++;
      bool ok = st != FERRET_OK && any_array_or_uf(out.data);
      n_rej_ok += ok;
      CHECK_MSG(ok, "%s (%s) not rejected as array/UF: status %d, error: %s",
                r->path, r->logic, st, err ? err : "(none)");
    } else {
      n_sup++;
      sup_index++;
      if (st != FERRET_OK) {
        /* The first error is the cause; later ones are often its
         * consequences (a use of what failed to be declared). */
        if (err && foreign_construct(err)) {
          n_foreign++;
          fprintf(stderr, "corpus: unsupported construct in %s: %s\n", r->path, err);
        } else if (peers_reject(path)) {
          n_invalid++;
          fprintf(stderr, "corpus: invalid input (z3 or cvc5 rejects it too) %s: %s\n",
                  r->path, err ? err : "");
        } else
          CHECK_MSG(0, "%s (%s) fails to read: status %d, %s", r->path, r->logic,
                    st, err ? err : diag.data);
      } else {
        n_ok++;
        /* Round trip. */
        int st2 = run_text("T1", t1.data, t1.size, &o2, &d2, &t2);
        bool same = st2 == FERRET_OK && t1.size == t2.size &&
                    !memcmp(t1.data, t2.data, t1.size);
        n_rt++;
        n_rt_ok += same;
        CHECK_MSG(same, "%s: round trip differs (status %d, %s)\nT1: %.300s\nT2: %.300s",
                  r->path, st2, first_error(o2.data) ? first_error(o2.data) : "",
                  t1.data, t2.data);
        if (z3 && same && sup_index >= next_pick && njobs < 30) {
          next_pick += step;
          char tp[4200];
          snprintf(tp, sizeof tp, "%s/%02zu.smt2", tmpdir, njobs);
          FILE *fp = fopen(tp, "w");
          if (fp) {
            fwrite(t1.data, 1, t1.size, fp);
            fputs("(check-sat)\n", fp);
            fclose(fp);
            jobs[njobs].r = r;
            /* With parse_only, T1 is the query of the last check-sat. */
            jobs[njobs].compare = r->n_check_sat == 1 &&
                                  (!strcmp(r->status, "sat") || !strcmp(r->status, "unsat"));
            njobs++;
          }
        }
      }
    }
    free(text);
  }
  fprintf(stderr,
          "corpus: %zu supported-logic files, %zu read, %zu unsupported constructs, "
          "%zu invalid; %zu array/UF files, %zu rejected; round trip %zu/%zu; %zu other\n",
          n_sup, n_ok, n_foreign, n_invalid, n_rej, n_rej_ok, n_rt_ok, n_rt, n_other);
  CHECK(n_sup > 1030 && n_rej == 0);
  /* z3 on the sample, all at once (each has a 5 s limit). */
  if (z3 && njobs) {
    char cmd[4400];
    snprintf(cmd, sizeof cmd,
             "cd %s && for f in *.smt2; do z3 -T:5 $f > $f.out 2>&1 & done; wait",
             tmpdir);
    CHECK(system(cmd) == 0);
    size_t answered = 0, agreed = 0;
    for (size_t j = 0; j < njobs; j++) {
      char op[4200];
      snprintf(op, sizeof op, "%s/%02zu.smt2.out", tmpdir, j);
      char *o = fer_test_read_file(op, NULL);
      CHECK_MSG(o && !strstr(o, "error"), "z3 rejects the printed %s: %.500s",
                jobs[j].r->path, o ? o : "(no output)");
      bool sat = o && !strcmp(o, "sat\n"), unsat = o && !strcmp(o, "unsat\n");
      if (jobs[j].compare && (sat || unsat)) {
        answered++;
        bool agree = !strcmp(jobs[j].r->status, sat ? "sat" : "unsat");
        agreed += agree;
        CHECK_MSG(agree, "z3 says %s on the printed %s, manifest says %s",
                  sat ? "sat" : "unsat", jobs[j].r->path, jobs[j].r->status);
      }
      free(o);
      unlink(op);
      op[strlen(op) - 4] = '\0';
      unlink(op);
    }
    fprintf(stderr, "corpus: z3 accepted %zu printed files; %zu answered, %zu agree "
            "with the manifest\n", njobs, answered, agreed);
  } else if (!z3)
    fprintf(stderr, "corpus: SKIP z3 check (z3 not installed)\n");
  if (z3) rmdir(tmpdir);
  free(out.data), free(diag.data), free(t1.data), free(t2.data);
  free(o2.data), free(d2.data);
  free_manifest(rows, n);
}

/* The hunt job: generated scripts are well sorted (ferret reads them back;
 * z3 accepts them when installed), the mutator keeps sorts and puts the
 * chosen construct in, the agents learn the best arm of a fixed reward
 * table, and a run of planted solvers gives findings of the right kind. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/context.h"
#include "engine/engine.h" /* fer_now */
#include "smt/print.h"
#include "hunt/hunt_internal.h"
#include "test.h"

static void quiet(void *u, const char *t, size_t n) { (void)u, (void)t, (void)n; }

static ferret *fresh(void) {
  ferret *f = ferret_new();
  ferret_set_output(f, quiet, NULL);
  ferret_set_diagnostic(f, quiet, NULL);
  return f;
}

/* Does op occur in t? */
static bool has_op(ferret *f, fer_term t, fer_op op) {
  if (fer_term_op(f, t) == op) return true;
  for (uint32_t i = 0; i < fer_term_nargs(f, t); i++)
    if (has_op(f, fer_term_arg(f, t, i), op)) return true;
  return false;
}

TEST(hunt_generated_scripts_read_back) {
  ferret *f = fresh();
  fer_rng rng;
  fer_rng_seed(&rng, 7);
  fer_hunt_shape shape = {2, 3, 4, 0, {0}, {0}};
  fer_hunt_default_formats(&shape);
  fer_hunt_formula x = {{0}};
  bool z3 = fer_test_have("z3");
  /* without z3 the scripts are read back by ferret alone: skipped, not passed */
  if (!z3) fer_test_skipped = "z3 not found: the scripts were not read back by z3";
  int gaps = 0; /* assertions putting two variables far apart */
  for (int k = 0; k < 200; k++) {
    CHECK(fer_hunt_generate(f, &rng, &shape, &x));
    for (size_t i = 0; i < x.a.size; i++) {
      fer_term t = x.a.data[i];
      CHECK(fer_term_sort(f, t) == fer_sort_bool(f));
      gaps += fer_term_op(f, t) == FER_OP_AND &&
              fer_term_op(f, fer_term_arg(f, t, 0)) == FER_OP_FP_IS_SUBNORMAL;
    }
    fer_buf b = {0};
    CHECK(fer_hunt_script(f, &x, NULL, &b) && fer_buf_add(f, &b, "", 1));
    /* a fresh context reads it without an error */
    ferret *g = fresh();
    ferret_set_option(g, "parse_only", "1");
    CHECK_MSG(ferret_execute(g, "gen", b.data, b.size - 1) == FERRET_OK, "%s\n%s",
              ferret_error(g)->message, b.data);
    ferret_delete(g);
    if (z3 && k < 20) { /* and so does z3 (its only error may be the
                           get-model after an unsat or a timeout) */
      char path[] = "/tmp/ferret-hunt-XXXXXX";
      int fd = mkstemp(path);
      CHECK(fd >= 0);
      FILE *fp = fdopen(fd, "w");
      fwrite(b.data, 1, b.size - 1, fp);
      fclose(fp);
      char cmd[256];
      snprintf(cmd, sizeof cmd, "z3 -T:2 %s 2>&1 | grep error | grep -vc 'model is not available'", path);
      FILE *p = popen(cmd, "r");
      int errors = -1;
      CHECK(p && fscanf(p, "%d", &errors) == 1);
      if (p) pclose(p);
      CHECK_MSG(errors == 0, "z3 reports an error on\n%s", b.data);
      remove(path);
    }
    FER_RELEASE(f, b);
  }
  CHECK_MSG(gaps > 20, "%d gap assertions in 200 formulas", gaps);
  fer_hunt_formula_release(f, &x);
  ferret_delete(f);
}

TEST(hunt_mutator_keeps_sorts_and_inserts_the_construct) {
  ferret *f = fresh();
  fer_rng rng;
  fer_rng_seed(&rng, 11);
  fer_hunt_shape shape = {2, 2, 3, 0, {0}, {0}};
  fer_hunt_default_formats(&shape);
  fer_hunt_formula x = {{0}}, y = {{0}};
  uint32_t inserted = 0, tried = 0;
  for (int k = 0; k < 300; k++) {
    CHECK(fer_hunt_generate(f, &rng, &shape, &x));
    uint32_t c = (uint32_t)fer_rng_below(&rng, fer_hunt_nconstructs);
    const fer_hunt_construct *con = &fer_hunt_constructs[c];
    if (!fer_hunt_mutate(f, &rng, &shape, &x, c, &y)) continue;
    tried++;
    CHECK(y.a.size == x.a.size);
    for (size_t i = 0; i < y.a.size; i++)
      CHECK(y.a.data[i] && fer_term_sort(f, y.a.data[i]) == fer_sort_bool(f));
    if (con->kind == FER_HK_OP || con->kind == FER_HK_PRED) {
      bool found = false;
      fer_op want = !strcmp(con->name, "fp.to_ubv")   ? FER_OP_FP_TO_UBV
                    : !strcmp(con->name, "fp.to_sbv") ? FER_OP_FP_TO_SBV
                                                      : con->op;
      for (size_t i = 0; i < y.a.size; i++) {
        found |= has_op(f, y.a.data[i], want);
        if (!strcmp(con->name, "edge")) /* some comparison with a constant */
          found |= has_op(f, y.a.data[i], FER_OP_EQ) || has_op(f, y.a.data[i], FER_OP_FP_LT) ||
                   has_op(f, y.a.data[i], FER_OP_FP_LEQ) || has_op(f, y.a.data[i], FER_OP_FP_GT);
      }
      inserted += found;
      CHECK_MSG(found, "construct %s not in the mutant", con->name);
    }
  }
  CHECK(tried > 200 && inserted > 100);
  fer_hunt_formula_release(f, &x);
  fer_hunt_formula_release(f, &y);
  ferret_delete(f);
}

/* Arms with fixed reward probabilities; the best arm (index 3, p 0.6)
 * must be pulled most by every learning agent, and random spreads. */
TEST(hunt_agents_learn_the_best_arm) {
  static const double p[8] = {0.05, 0.1, 0.2, 0.6, 0.1, 0.3, 0.05, 0.0};
  for (int kind = FER_AGENT_THOMPSON; kind <= FER_AGENT_RANDOM; kind++) {
    fer_hunt_agent a;
    fer_hunt_agent_init(&a, kind, 8);
    fer_rng rng, env;
    fer_rng_seed(&rng, 3), fer_rng_seed(&env, 4);
    for (int t = 0; t < 3000; t++) {
      uint32_t arm = fer_hunt_agent_choose(&a, &rng);
      CHECK(arm < 8);
      double r = (double)(fer_rng_next(&env) >> 11) / 9007199254740992.0 < p[arm];
      fer_hunt_agent_update(&a, arm, r);
    }
    uint64_t most = 0;
    uint32_t best = 0;
    for (uint32_t i = 0; i < 8; i++)
      if (a.pulls[i] > most) most = a.pulls[i], best = i;
    if (kind == FER_AGENT_RANDOM) {
      CHECK_MSG(most < 3000 / 8 * 3 / 2, "random pulls arm %u %llu times", best,
                (unsigned long long)most);
    } else {
      CHECK_MSG(best == 3 && most > 3000 / 2, "%s: arm %u pulled most (%llu)",
                fer_hunt_agent_name[kind], best, (unsigned long long)most);
      uint32_t order[FER_HUNT_MAX_ARMS];
      fer_hunt_agent_rank(&a, order);
      CHECK(order[0] == 3);
    }
  }
}

/* --resume reads the agent's pulls and rewards back from ranking.tsv: a
 * row with more rewards than pulls, or negative or NaN rewards, would give
 * Thompson sampling a Beta parameter below 1/3, on which its gamma draw
 * never returns (a campaign that hangs at its second formula).  Such a
 * ranking is refused, naming the file; a proper one resumes. */
TEST(hunt_resume_refuses_an_improper_ranking) {
  char dir[] = "/tmp/ferret-test-hunt-XXXXXX";
  CHECK(mkdtemp(dir) != NULL);
  char log[256], rank[256], findings[256];
  snprintf(log, sizeof log, "%s/log.tsv", dir);
  snprintf(rank, sizeof rank, "%s/ranking.tsv", dir);
  snprintf(findings, sizeof findings, "%s/findings", dir);
  static const char *const rows[] = {"1\tfp.add\top\t3\t5\t0.1\n", "1\tfp.add\top\t3\t-1\t0.1\n",
                                     "1\tfp.add\top\t3\tnan\t0.1\n", "1\tfp.add\top\t3\t2\t0.6\n"};
  for (int k = 0; k < 4; k++) {
    FILE *fp = fopen(log, "w");
    fputs("formula\torigin\tfinding\tmargin\tanswer1\tseconds1\n0\tgenerate\tnone\t0.000\tsat\t0.1\n", fp);
    fclose(fp);
    fp = fopen(rank, "w");
    fprintf(fp, "rank\tconstruct\tkind\tpulls\trewards\tmean\n%s", rows[k]);
    fclose(fp);
    ferret *f = fresh();
    ferret_hunt_options o;
    ferret_hunt_options_init(&o);
    const char *solvers[] = {"true"};
    o.out_dir = dir, o.solvers = solvers, o.nsolvers = 1;
    o.budget = 1e-9, o.resume = 1;
    ferret_status st = ferret_hunt(f, &o, NULL);
    if (k < 3) {
      CHECK_MSG(st == FERRET_ERROR_OPTION, "row %d: status %d", k, st);
      CHECK_MSG(strstr(ferret_error(f)->message, "ranking.tsv") &&
                    strstr(ferret_error(f)->message, "rewards"),
                "row %d: %s", k, ferret_error(f)->message);
    } else {
      CHECK_MSG(st == FERRET_OK, "a proper ranking: %s", ferret_error(f)->message);
    }
    ferret_delete(f);
  }
  remove(log), remove(rank), rmdir(findings), rmdir(dir);
}

TEST(hunt_formats_parse) {
  static const struct {
    const char *s;
    uint32_t eb, sb;
  } good[] = {{"2.3", 2, 3},   {"2.2", 2, 2},     {"4.6", 4, 6},     {"30.98", 30, 98},
              {"16", 5, 11},   {"32", 8, 24},     {"64", 11, 53},    {"128", 15, 113},
              {"bf16", 8, 8},  {"tf32", 8, 11},   {"Float32", 8, 24}, {"5.123", 5, 123}};
  for (size_t i = 0; i < sizeof good / sizeof *good; i++) {
    uint32_t eb = 0, sb = 0;
    CHECK_MSG(fer_hunt_parse_format(good[i].s, strlen(good[i].s), &eb, &sb) &&
                  eb == good[i].eb && sb == good[i].sb,
              "%s -> %u.%u", good[i].s, eb, sb);
  }
  static const char *const bad[] = {"1.3", "2.1",  "31.5", "20.109", "2.",    ".3",
                                    "2",   "abc",  "2.3x", "-2.3",   "2..3",  "",
                                    "8",   "bf17", "2.3.4", "99999.2", "5.124"};
  for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
    uint32_t eb, sb;
    CHECK_MSG(!fer_hunt_parse_format(bad[i], strlen(bad[i]), &eb, &sb), "'%s' accepted", bad[i]);
  }
  /* the default spread: tiny formats (EB 2-5, SB 2-8), half, single,
   * double and a wide one, each an arm after the constructs */
  fer_hunt_shape s = {2, 2, 3, 0, {0}, {0}};
  fer_hunt_default_formats(&s);
  uint32_t tiny = 0, have16 = 0, have32 = 0, have64 = 0, wide = 0;
  for (uint32_t i = 0; i < s.nformats; i++) {
    tiny += s.eb[i] <= 5 && s.sb[i] <= 8;
    have16 += s.eb[i] == 5 && s.sb[i] == 11;
    have32 += s.eb[i] == 8 && s.sb[i] == 24;
    have64 += s.eb[i] == 11 && s.sb[i] == 53;
    wide += s.eb[i] + s.sb[i] > 64;
  }
  CHECK(tiny >= 4 && have16 && have32 && have64 && wide);
  CHECK_EQ_U(fer_hunt_narms(&s), fer_hunt_nconstructs + s.nformats);
  char name[64];
  CHECK_STR(fer_hunt_arm_name(&s, fer_hunt_nconstructs, name, sizeof name),
            "(_ FloatingPoint 2 3)");
}

/* Counts of the constructs of interest in a formula's tree. */
typedef struct seen {
  uint32_t from_real, from_bits, from_sbv1, to_bv_wide, to_bv_one, rm_var, eb2;
} seen;

static void look(ferret *f, fer_term t, seen *s) {
  fer_op op = fer_term_op(f, t);
  const fer_sort_info *si = fer_sort_get(f, fer_term_sort(f, t));
  s->eb2 += si->kind == FER_SORT_FP && si->a == 2;
  s->rm_var += op == FER_OP_VAR && si->kind == FER_SORT_RM;
  s->from_real += op == FER_OP_TO_FP_REAL;
  s->from_bits += op == FER_OP_FP;
  if (op == FER_OP_TO_FP_SBV || op == FER_OP_TO_FP_UBV)
    s->from_sbv1 += fer_sort_get(f, fer_term_sort(f, fer_term_arg(f, t, 1)))->a == 1;
  if (op == FER_OP_FP_TO_UBV || op == FER_OP_FP_TO_SBV) {
    s->to_bv_wide += fer_term_idx(f, t, 0) > 64;
    s->to_bv_one += fer_term_idx(f, t, 0) == 1;
  }
  for (uint32_t i = 0; i < fer_term_nargs(f, t); i++) look(f, fer_term_arg(f, t, i), s);
}

/* The reals of to_fp in a tree, as "NEG NUM/DEN" in limbs (hex). */
typedef struct reals {
  uint32_t n;
  char text[4096];
} reals;

static void collect_reals(ferret *f, fer_term t, reals *r) {
  if (fer_term_op(f, t) == FER_OP_TO_FP_REAL) {
    bool neg;
    const uint32_t *num, *den;
    uint32_t nl, dl;
    fer_real_get(f, fer_term_arg(f, t, 1), &neg, &num, &nl, &den, &dl);
    size_t k = strlen(r->text);
    k += (size_t)snprintf(r->text + k, sizeof r->text - k, "%s", neg ? "-" : "");
    for (uint32_t i = nl; i-- > 0 && k < sizeof r->text;)
      k += (size_t)snprintf(r->text + k, sizeof r->text - k, "%08x", num[i]);
    if (k < sizeof r->text) k += (size_t)snprintf(r->text + k, sizeof r->text - k, "/");
    for (uint32_t i = dl; i-- > 0 && k < sizeof r->text;)
      k += (size_t)snprintf(r->text + k, sizeof r->text - k, "%08x", den[i]);
    if (k < sizeof r->text) snprintf(r->text + k, sizeof r->text - k, " ");
    r->n++;
  }
  for (uint32_t i = 0; i < fer_term_nargs(f, t); i++) collect_reals(f, fer_term_arg(f, t, i), r);
}

/* The generator reaches the constructs that break encodings, and its
 * scripts say the same thing after a round trip through the reader: the
 * reals it prints as decimals (SMT-LIB's FP logics have no quotients) are
 * the reals it made. */
TEST(hunt_generator_reaches_conversions_and_round_trips) {
  ferret *f = fresh();
  fer_rng rng;
  fer_rng_seed(&rng, 21);
  fer_hunt_shape shape = {2, 3, 3, 0, {0}, {0}};
  fer_hunt_default_formats(&shape);
  fer_hunt_formula x = {{0}};
  seen s;
  memset(&s, 0, sizeof s);
  uint32_t decimals = 0;
  for (int k = 0; k < 400; k++) {
    CHECK(fer_hunt_generate(f, &rng, &shape, &x));
    for (size_t i = 0; i < x.a.size; i++) look(f, x.a.data[i], &s);
    fer_buf b = {0};
    CHECK(fer_hunt_script(f, &x, NULL, &b) && fer_buf_add(f, &b, "", 1));
    CHECK_MSG(!strstr(b.data, "(/ ") && !strstr(b.data, "(- "), "a quotient or negation:\n%s",
              b.data);
    for (const char *p = b.data; (p = strstr(p, " RN")) || 0;) /* to_fp RM DECIMAL */
      decimals += p[4] == ' ' && p[5] >= '0' && p[5] <= '9', p++;
    ferret *g = fresh();
    ferret_set_option(g, "parse_only", "1");
    CHECK_MSG(ferret_execute(g, "gen", b.data, b.size - 1) == FERRET_OK, "%s\n%s",
              ferret_error(g)->message, b.data);
    const fer_term *a;
    size_t n = ferret_get_query(g, (const ferret_term **)&a);
    fer_hunt_formula y = {{0}};
    for (size_t i = 0; i < n; i++) CHECK(FER_PUSH(g, y.a, a[i]));
    /* the reals read back are the reals made, in the same order */
    reals r1 = {0}, r2 = {0};
    CHECK(y.a.size == x.a.size);
    for (size_t i = 0; i < x.a.size && i < y.a.size; i++) {
      collect_reals(f, x.a.data[i], &r1);
      collect_reals(g, y.a.data[i], &r2);
    }
    CHECK_MSG(r1.n == r2.n && !memcmp(r1.text, r2.text, sizeof r1.text), "reals differ:\n%s\n%s",
              r1.text, r2.text);
    fer_hunt_formula_release(g, &y);
    ferret_delete(g);
    FER_RELEASE(f, b);
  }
  CHECK_MSG(s.from_real > 20 && s.from_bits > 20 && s.from_sbv1 > 0 && s.to_bv_wide > 5 &&
                s.to_bv_one > 0 && s.rm_var > 20 && s.eb2 > 50 && decimals > 10,
            "real %u, fp of bits %u, from 1-bit %u, to_bv > 64 bits %u, 1 bit %u, rm "
            "variables %u, EB 2 %u, decimals %u",
            s.from_real, s.from_bits, s.from_sbv1, s.to_bv_wide, s.to_bv_one, s.rm_var, s.eb2,
            decimals);
  fer_hunt_formula_release(f, &x);
  ferret_delete(f);
}

/* A solver kept running (session.c), played by a shell script that
 * answers "(answer X)" with X, hangs on "(hang)", exits on "(die)" and
 * echoes: it stays up across formulas, is killed at its limit and started
 * again, and a long script is written in full. */
TEST(hunt_session_keeps_solvers_running) {
  if (!fer_test_have("sh")) SKIP("no sh");
  char dir[] = "/tmp/ferret-session-XXXXXX", path[64], cmd[96];
  CHECK(mkdtemp(dir) != NULL);
  snprintf(path, sizeof path, "%s/fake", dir);
  FILE *fp = fopen(path, "w");
  CHECK(fp != NULL);
  fputs("n=0\n"
        "while IFS= read -r line; do\n"
        "  case \"$line\" in\n"
        "    '(reset)') n=$((n+1)) ;;\n"
        "    '(answer '*) a=${line#(answer }; echo \"${a%)}\" ;;\n"
        "    '(resets)') echo \"resets $n\" ;;\n"
        "    '(hang)') sleep 30 ;;\n"
        "    '(die)') exit 3 ;;\n"
        "    '(echo '*) e=${line#(echo }; echo \"${e%)}\" ;;\n"
        "  esac\n"
        "done\n",
        fp);
  fclose(fp);
  snprintf(cmd, sizeof cmd, "sh %s", path);
  ferret *f = fresh();
  const char *cmds[2] = {cmd, cmd};
  fer_hunt_solver s[2];
  memset(s, 0, sizeof s);
  fer_hunt_run runs[2];
  memset(runs, 0, sizeof runs);
  double lim[2] = {5, 5};
#define SEND(text, n) fer_hunt_session_run_all(f, s, cmds, n, text, strlen(text), lim, runs)
  CHECK(SEND("(answer sat)\n", 2));
  CHECK(runs[0].outcome == FER_RUN_SAT && runs[1].outcome == FER_RUN_SAT);
  CHECK_MSG(!strstr(runs[0].out.data, "ferret-hunt-end"), "the marker in the answer: %s",
            runs[0].out.data);
  CHECK(SEND("(answer unsat)\n", 2));
  CHECK(runs[0].outcome == FER_RUN_UNSAT && runs[1].outcome == FER_RUN_UNSAT);
  /* the same processes, each told (reset) before the second formula */
  CHECK(SEND("(resets)\n(answer sat)\n", 1));
  CHECK_MSG(s[0].starts == 1 && s[1].starts == 1 && strstr(runs[0].out.data, "resets 2"),
            "starts %llu, %llu; %s", (unsigned long long)s[0].starts,
            (unsigned long long)s[1].starts, runs[0].out.data);
  /* 300 KB of comments before the answer: more than a socket holds */
  fer_buf big = {0};
  for (int i = 0; i < 5000; i++) CHECK(fer_buf_str(f, &big, "; padding padding padding padding padding padding\n"));
  CHECK(fer_buf_str(f, &big, "(answer unsat)\n"));
  CHECK(fer_hunt_session_run_all(f, s, cmds, 1, big.data, big.size, lim, runs));
  CHECK(runs[0].outcome == FER_RUN_UNSAT && s[0].starts == 1);
  FER_RELEASE(f, big);
  /* a hang: killed at its limit, a timeout; started again next time */
  lim[0] = 0.3;
  double t0 = fer_now();
  CHECK(SEND("(hang)\n", 1));
  CHECK_MSG(runs[0].outcome == FER_RUN_TIMEOUT && fer_now() - t0 < 3 && s[0].p.pid == 0,
            "%s after %.2f s", fer_hunt_outcome_name[runs[0].outcome], fer_now() - t0);
  lim[0] = 5;
  CHECK(SEND("(resets)\n(answer unknown)\n", 1));
  CHECK(runs[0].outcome == FER_RUN_UNKNOWN && s[0].starts == 2);
  CHECK_MSG(strstr(runs[0].out.data, "resets 0") != NULL, "a fresh process told (reset): %s",
            runs[0].out.data);
  /* an exit without an answer: a crash; a sat then an exit: the sat */
  CHECK(SEND("(die)\n", 1));
  CHECK(runs[0].outcome == FER_RUN_CRASH && runs[0].status == 3 && s[0].p.pid == 0);
  CHECK(SEND("(answer sat)\n(die)\n", 1));
  CHECK(runs[0].outcome == FER_RUN_SAT && s[0].starts == 3);
  /* a program that is not there */
  const char *none[1] = {"no-such-solver-here"};
  fer_hunt_solver t = {0};
  CHECK(fer_hunt_session_run_all(f, &t, none, 1, "(answer sat)\n", 13, lim, runs));
  CHECK(runs[0].outcome == FER_RUN_CANNOT_START && t.starts == 0);
#undef SEND
  fer_hunt_session_close(s, 2);
  CHECK(s[0].p.pid == 0 && s[1].p.pid == 0);
  for (int i = 0; i < 2; i++) fer_hunt_run_release(f, &runs[i]);
  ferret_delete(f);
  remove(path);
  rmdir(dir);
}

/* A finding's cause is predicted from its unreduced formula only after
 * PREDICT_AFTER reductions of that unreduced key gave one cause; a key
 * whose reductions gave two causes is reduced every time after. */
TEST(hunt_causes_predicted_only_after_agreeing_reductions) {
  ferret *f = fresh();
  fer_hunt_campaign c;
  memset(&c, 0, sizeof c);
  c.f = f;
  const char *a = "wrong-model\tsolver 1\t2.3\tfp.add fp.eq";
  const char *b = "wrong-model\tsolver 1\t2.3\tfp.sqrt fp.lt";
  for (int i = 0; i < PREDICT_AFTER; i++) {
    CHECK(fer_hunt_predicted(&c, a) == NULL); /* too few reductions yet */
    fer_hunt_learn(&c, a, "wrong-model\tsolver 1\t2.3\tfp.add");
  }
  const char *p = fer_hunt_predicted(&c, a);
  CHECK(p && !strcmp(p, "wrong-model\tsolver 1\t2.3\tfp.add"));
  CHECK(fer_hunt_predicted(&c, "wrong-model\tsolver 2\t2.3\tfp.add fp.eq") == NULL);
  fer_hunt_learn(&c, b, "wrong-model\tsolver 1\t2.3\tfp.sqrt");
  fer_hunt_learn(&c, b, "wrong-model\tsolver 1\t2.3\tfp.lt");
  for (int i = 0; i < 2 * PREDICT_AFTER; i++) {
    fer_hunt_learn(&c, b, "wrong-model\tsolver 1\t2.3\tfp.sqrt");
    CHECK(fer_hunt_predicted(&c, b) == NULL); /* two causes: never predicted */
  }
  CHECK(c.guesses.size == 2 && c.guesses.data[0].skipped == 1);
  fer_hunt_release_causes(&c);
  ferret_delete(f);
}

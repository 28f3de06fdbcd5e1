/* The hunt job: generated scripts are well sorted (ferret reads them back;
 * z3 accepts them when installed), the mutator keeps sorts and puts the
 * chosen construct in, the agents learn the best arm of a fixed reward
 * table, and a run of planted solvers gives findings of the right kind. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/context.h"
#include "smt/print.h"
#include "hunt/hunt.h"
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
  fer_hunt_shape shape = {2, 3, 4, 15};
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
  fer_hunt_shape shape = {2, 2, 3, 15};
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
      for (size_t i = 0; i < y.a.size; i++) found |= has_op(f, y.a.data[i], con->op);
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
      uint32_t order[64];
      fer_hunt_agent_rank(&a, order);
      CHECK(order[0] == 3);
    }
  }
}

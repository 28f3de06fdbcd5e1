/* The hunt's bandit agents (hunt.h).  Thompson sampling keeps a Beta
 * posterior per arm from Beta(1,1) (BanditFuzz §3.3) and plays the arm
 * whose sample is largest; UCB1 plays the largest mean + sqrt(2 ln t / n)
 * after trying each arm once; epsilon-greedy (epsilon 0.1) the best mean or
 * a uniform arm; random a uniform arm. */
#include <math.h>
#include <string.h>

#include "hunt/hunt.h"

const char *const fer_hunt_agent_name[] = {"thompson", "ucb1", "egreedy",
                                           "random", "none"};

void fer_hunt_agent_init(fer_hunt_agent *a, int kind, uint32_t narms) {
  memset(a, 0, sizeof *a);
  a->kind = kind, a->narms = narms > FER_HUNT_MAX_ARMS ? FER_HUNT_MAX_ARMS : narms;
  for (uint32_t i = 0; i < a->narms; i++) a->alpha[i] = a->beta[i] = 1;
}

static double uniform(fer_rng *r) {
  return ((double)(fer_rng_next(r) >> 11) + 0.5) * (1.0 / 9007199254740992.0);
}

static double normal(fer_rng *r) { /* Box-Muller */
  return sqrt(-2 * log(uniform(r))) * cos(6.283185307179586 * uniform(r));
}

/* Gamma(k, 1) for k >= 1 (Marsaglia and Tsang). */
static double gamma_draw(fer_rng *r, double k) {
  double d = k - 1.0 / 3, c = 1 / sqrt(9 * d);
  for (;;) {
    double x = normal(r), v = 1 + c * x;
    if (v <= 0) continue;
    v = v * v * v;
    double u = uniform(r);
    if (log(u) < 0.5 * x * x + d - d * v + d * log(v)) return d * v;
  }
}

static double beta_draw(fer_rng *r, double a, double b) {
  double x = gamma_draw(r, a), y = gamma_draw(r, b);
  return x / (x + y);
}

double fer_hunt_agent_mean(const fer_hunt_agent *a, uint32_t i) {
  if (a->kind == FER_AGENT_THOMPSON) return a->alpha[i] / (a->alpha[i] + a->beta[i]);
  return a->pulls[i] ? a->reward[i] / (double)a->pulls[i] : 0;
}

uint32_t fer_hunt_agent_choose(fer_hunt_agent *a, fer_rng *r) {
  uint32_t best = 0;
  double top = -1;
  switch (a->kind) {
  case FER_AGENT_THOMPSON:
    for (uint32_t i = 0; i < a->narms; i++) {
      double x = beta_draw(r, a->alpha[i], a->beta[i]);
      if (x > top) top = x, best = i;
    }
    return best;
  case FER_AGENT_UCB1:
    for (uint32_t i = 0; i < a->narms; i++) {
      if (!a->pulls[i]) return i;
      double x = a->reward[i] / (double)a->pulls[i] +
                 sqrt(2 * log((double)a->total) / (double)a->pulls[i]);
      if (x > top) top = x, best = i;
    }
    return best;
  case FER_AGENT_EGREEDY:
    if (fer_rng_below(r, 10) == 0) return (uint32_t)fer_rng_below(r, a->narms);
    for (uint32_t i = 0; i < a->narms; i++) {
      double x = fer_hunt_agent_mean(a, i) + 1e-9 * uniform(r); /* ties: random */
      if (x > top) top = x, best = i;
    }
    return best;
  default:
    return (uint32_t)fer_rng_below(r, a->narms);
  }
}

void fer_hunt_agent_update(fer_hunt_agent *a, uint32_t arm, double reward) {
  if (arm >= a->narms) return;
  a->pulls[arm]++, a->total++;
  a->reward[arm] += reward;
  a->alpha[arm] += reward;
  a->beta[arm] += 1 - reward;
}

void fer_hunt_agent_rank(const fer_hunt_agent *a, uint32_t *order) {
  for (uint32_t i = 0; i < a->narms; i++) order[i] = i;
  for (uint32_t i = 1; i < a->narms; i++) /* insertion sort: a few dozen arms */
    for (uint32_t j = i; j > 0 && fer_hunt_agent_mean(a, order[j]) >
                                      fer_hunt_agent_mean(a, order[j - 1]); j--) {
      uint32_t t = order[j];
      order[j] = order[j - 1], order[j - 1] = t;
    }
}

/* The hunt call of the public API (ferret.h, "hunt"): options checked and
 * turned into the job's configuration (hunt/hunt.h). */
#include <stdatomic.h>
#include <string.h>

#include "base/context.h"
#include "backends/partner.h"
#include "hunt/hunt.h"

void ferret_hunt_options_init(ferret_hunt_options *o) {
  memset(o, 0, sizeof *o);
  o->mode = "bug", o->timeout = 5, o->seed = 1, o->nshards = 1;
  o->agent = "thompson", o->vars = 2, o->asserts = 2, o->depth = 3;
}

/* "16,32,64,4.6" -> format bits (the FMT constructs in their order). */
static bool formats(const char *s, uint32_t *bits) {
  static const char *const names[] = {"16", "32", "64", "4.6"};
  *bits = 0;
  while (*s) {
    size_t n = strcspn(s, ",");
    uint32_t k = 0;
    while (k < 4 && (strlen(names[k]) != n || strncmp(s, names[k], n))) k++;
    if (k == 4) return false;
    *bits |= 1u << k;
    s += n + (s[n] == ',');
  }
  return *bits != 0;
}

ferret_status ferret_hunt(ferret *f, const ferret_hunt_options *o,
                          uint64_t *findings) {
  FER_REQUIRE(f, f && o, "NULL argument");
  FER_REQUIRE(f, o->solvers || !o->nsolvers, "NULL solvers");
  if (findings) *findings = 0;
  fer_hunt_config cfg;
  memset(&cfg, 0, sizeof cfg);
  const char *mode = o->mode ? o->mode : "bug";
  if (!strcmp(mode, "gen")) cfg.mode = 0;
  else if (!strcmp(mode, "bug")) cfg.mode = 1;
  else return fer_error(f, FERRET_ERROR_OPTION, 0, 0, "hunt: mode is gen or bug, not '%s'", mode);
  if (!o->out_dir || !*o->out_dir)
    return fer_error(f, FERRET_ERROR_OPTION, 0, 0, "hunt: no output directory");
  if (cfg.mode == 1 && !o->nsolvers)
    return fer_error(f, FERRET_ERROR_OPTION, 0, 0, "hunt: no solver (a --target at least)");
  if (o->nsolvers > 16)
    return fer_error(f, FERRET_ERROR_OPTION, 0, 0, "hunt: at most 16 solvers");
  for (size_t i = 0; i < o->nsolvers; i++)
    if (!fer_command_found(o->solvers[i]))
      return fer_error(f, FERRET_ERROR_OPTION, 0, 0, "hunt: '%s' not found", o->solvers[i]);
  cfg.agent = -1;
  for (int a = 0; a <= FER_AGENT_NONE; a++)
    if (!strcmp(o->agent ? o->agent : "thompson", fer_hunt_agent_name[a])) cfg.agent = a;
  if (cfg.agent < 0)
    return fer_error(f, FERRET_ERROR_OPTION, 0, 0,
                     "hunt: agent is thompson, ucb1, egreedy, random or none");
  if (o->nshards < 1 || o->shard >= o->nshards)
    return fer_error(f, FERRET_ERROR_OPTION, 0, 0, "hunt: shard i/n needs i < n");
  if (!o->vars || !o->asserts || o->depth > 12 || o->vars > 64 || o->asserts > 64)
    return fer_error(f, FERRET_ERROR_OPTION, 0, 0,
                     "hunt: vars and asserts 1..64, depth at most 12");
  uint32_t fm = 15;
  if (o->formats && !formats(o->formats, &fm))
    return fer_error(f, FERRET_ERROR_OPTION, 0, 0,
                     "hunt: formats are a list of 16, 32, 64, 4.6");
  cfg.out_dir = o->out_dir, cfg.solvers = o->solvers, cfg.nsolvers = (uint32_t)o->nsolvers;
  cfg.budget = o->budget, cfg.count = cfg.mode == 0 && !o->count ? 10 : o->count;
  cfg.timeout = o->timeout > 0 ? o->timeout : 5, cfg.seed = o->seed;
  cfg.shard = o->shard, cfg.nshards = o->nshards;
  cfg.shape = (fer_hunt_shape){o->vars, o->asserts, o->depth, fm};
  cfg.reduce = !o->no_reduce;
  atomic_store(&f->interrupt, 0);
  fer_hunt_stats st;
  ferret_status s = fer_hunt(f, &cfg, &st);
  if (findings) *findings = st.findings;
  if (cfg.mode == 1)
    fer_diag(f, "hunt: %llu formulas (%llu generated, %llu mutated), %llu solver runs, "
                "%llu findings\n",
             (unsigned long long)st.formulas, (unsigned long long)st.generated,
             (unsigned long long)st.mutated, (unsigned long long)st.runs,
             (unsigned long long)st.findings);
  return s;
}

/* --stats JSON (contract in stats.h).  The field names are read by
 * scripts (bench/solve-bench.sh, tests/cli/): keep them. */
#include <stdio.h>

#include "base/stats.h"

int fer_stats_json(const fer_stats *s, char *out, size_t cap) {
  return snprintf(
      out, cap,
      "{\"result\": \"%s\", \"reason\": \"%s\", \"found_by\": \"%s\", "
      "\"seed\": %llu, \"jobs\": %u, \"time\": %.6f, \"time_preprocess\": %.6f, "
      "\"time_intervals\": %.6f, \"interval_rounds\": %u, "
      "\"time_compile\": %.6f, \"time_search\": %.6f, \"time_validate\": %.6f, "
      "\"execs\": %llu, \"execs_per_sec\": %.0f, \"corpus\": %llu, "
      "\"local_search_runs\": %llu, \"local_search_execs\": %llu, \"restarts\": %llu, "
      "\"enumerated\": %llu, \"assertions_in\": %u, \"assertions_out\": %u, "
      "\"eliminated\": %u, \"components\": %u, \"slots\": %u, "
      "\"slot_bits\": %u, \"instructions\": %u, \"portfolio\": \"%s\"}",
      s->result ? s->result : "", s->reason ? s->reason : "",
      s->found_by ? s->found_by : "", (unsigned long long)s->seed, s->jobs,
      s->time_total, s->time_preprocess, s->time_intervals, s->interval_rounds,
      s->time_compile, s->time_search,
      s->time_validate, (unsigned long long)s->execs, s->execs_per_sec,
      (unsigned long long)s->corpus, (unsigned long long)s->local_search_runs,
      (unsigned long long)s->local_search_execs, (unsigned long long)s->restarts,
      (unsigned long long)s->enumerated, s->assertions_in, s->assertions_out,
      s->eliminated, s->components, s->slots, s->slot_bits, s->instructions,
      s->portfolio);
}

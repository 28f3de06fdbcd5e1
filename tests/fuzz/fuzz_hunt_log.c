/* libFuzzer harness for a hunt campaign's files, read back by
 * `ferret hunt report`, `ferret hunt merge` (cli/hunt_merge.c, compiled in
 * with cli/bench_report.c, which the report uses) and by the library's
 * `--resume` (src/hunt/hunt.c: log.tsv and ranking.tsv).
 *
 * Input: log.tsv, a NUL byte, ranking.tsv, a NUL byte, a second part's
 * log.tsv.  The report and the merge read them from memory (cli_stubs.h);
 * --resume reads them from a directory of the harness's own, through
 * ferret_hunt with the shortest budget (no solver runs: the campaign
 * ends before its first formula, after writing the ranking it read). */
#define _XOPEN_SOURCE 700 /* nftw, mkdtemp */
#include <stdint.h>
#include <unistd.h>

#include "cli_stubs.h"
#include "../../cli/bench_report.c"
#include "../../cli/hunt_merge.c"

static char dir_a[256], dir_b[256], dir_out[256], dir_lib[256];
static char a_log[300], a_rank[300], b_log[300], b_rank[300];

static void drop(void *user, const char *s, size_t n) { (void)user, (void)s, (void)n; }

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc, (void)argv;
  const char *base = fuzz_tmpdir("hunt");
  snprintf(dir_a, sizeof dir_a, "%s/a", base);
  snprintf(dir_b, sizeof dir_b, "%s/b", base);
  snprintf(dir_out, sizeof dir_out, "%s/out", base);
  snprintf(dir_lib, sizeof dir_lib, "%s/lib", base);
  snprintf(a_log, sizeof a_log, "%s/log.tsv", dir_a);
  snprintf(a_rank, sizeof a_rank, "%s/ranking.tsv", dir_a);
  snprintf(b_log, sizeof b_log, "%s/log.tsv", dir_b);
  snprintf(b_rank, sizeof b_rank, "%s/ranking.tsv", dir_b);
  if (mkdir(dir_a, 0777) || mkdir(dir_b, 0777) || mkdir(dir_lib, 0777)) abort();
  fuzz_quiet(); /* the cli code's messages */
  return 0;
}

static void write_file(const char *path, const char *data, size_t len) {
  FILE *fp = fopen(path, "wb");
  if (!fp) abort();
  if (len && fwrite(data, 1, len, fp) != len) abort();
  fclose(fp);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  const char *part[3] = {"", "", ""};
  size_t len[3] = {0, 0, 0};
  fuzz_split((const char *)data, size, part, len, 3);
  fuzz_nfiles = 0;
  fuzz_serve(a_log, part[0], len[0]);
  fuzz_serve(a_rank, part[1], len[1]);
  fuzz_serve(b_log, part[2], len[2]);
  fuzz_serve(b_rank, part[1], len[1]);

  char *report[] = {"ferret", "hunt", "report", dir_a, NULL};
  fuzz_run(run_hunt_report, 4, report);
  char *merge_argv[] = {"ferret", "hunt", "merge", "-o", dir_out, dir_a, dir_b, NULL};
  fuzz_run(run_hunt_merge, 7, merge_argv);

  char path[300];
  snprintf(path, sizeof path, "%s/log.tsv", dir_lib);
  write_file(path, part[0], len[0]);
  snprintf(path, sizeof path, "%s/ranking.tsv", dir_lib);
  write_file(path, part[1], len[1]);
  ferret *f = ferret_new();
  if (!f) abort();
  ferret_set_output(f, drop, NULL);
  ferret_set_diagnostic(f, drop, NULL);
  ferret_hunt_options o;
  ferret_hunt_options_init(&o);
  const char *solvers[] = {"true", "false"};
  o.out_dir = dir_lib;
  o.solvers = solvers;
  o.nsolvers = 2;
  o.budget = 1e-9;
  o.resume = 1;
  uint64_t findings = 0;
  ferret_hunt(f, &o, &findings);
  if (findings) abort();
  ferret_delete(f);
  return 0;
}

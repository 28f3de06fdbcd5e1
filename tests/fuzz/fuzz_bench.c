/* libFuzzer harness for `ferret bench`'s results files (cli/bench_report.c
 * bench_load, compiled into the harness with cli_stubs.h in place of
 * cli/main.c): `ferret bench report A B` over two files (the input split
 * at its first NUL byte), which loads, deduplicates and scores them.
 *
 * Oracle: the rows a file loads to, written back with bench_write_row
 * under the header, load to the same rows (file, solver, answer, expected
 * and the integers). */
#define _XOPEN_SOURCE 700 /* nftw, mkdtemp */
#include <stdint.h>
#include <unistd.h>

#include "cli_stubs.h"
#include "../../cli/bench_report.c"

static char path_a[256], path_b[256], path_c[256];

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc, (void)argv;
  const char *base = fuzz_tmpdir("bench");
  /* bench_load asks stat() whether the file exists: empty files stand for
   * the ones served from memory */
  snprintf(path_a, sizeof path_a, "%s/a.tsv", base);
  snprintf(path_b, sizeof path_b, "%s/b.tsv", base);
  snprintf(path_c, sizeof path_c, "%s/c.tsv", base);
  const char *all[] = {path_a, path_b, path_c};
  for (int k = 0; k < 3; k++) {
    FILE *fp = fopen(all[k], "w");
    if (!fp) abort();
    fclose(fp);
  }
  fuzz_quiet(); /* the cli code's messages */
  return 0;
}

static bool same_rows(const bench_rows *x, const bench_rows *y) {
  if (x->size != y->size) return false;
  for (size_t k = 0; k < x->size; k++) {
    const bench_row *a = &x->data[k], *b = &y->data[k];
    if (strcmp(a->file, b->file) || strcmp(a->solver, b->solver) ||
        strcmp(a->answer, b->answer) || strcmp(a->expected, b->expected) ||
        a->wrong != b->wrong || a->exit != b->exit || a->maxrss_kb != b->maxrss_kb)
      return false;
  }
  return true;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  const char *part[2] = {"", ""};
  size_t len[2] = {0, 0};
  fuzz_split((const char *)data, size, part, len, 2);
  fuzz_nfiles = 0;
  fuzz_serve(path_a, part[0], len[0]);
  fuzz_serve(path_b, part[1], len[1]);
  char *argv[] = {"ferret", "bench", "report", path_a, path_b, NULL};
  fuzz_run(run_bench_report, 5, argv);

  /* the round trip */
  bench_rows rows = {0}, again = {0};
  if (bench_load(path_a, &rows) == 0) {
    char *text = NULL;
    size_t tlen = 0;
    FILE *mem = open_memstream(&text, &tlen);
    if (!mem) abort();
    fprintf(mem, "%s\n", BENCH_HEADER);
    for (size_t k = 0; k < rows.size; k++) bench_write_row(mem, &rows.data[k]);
    fclose(mem);
    fuzz_serve(path_c, text, tlen);
    if (bench_load(path_c, &again) != 0 || !same_rows(&rows, &again)) {
      fprintf(fuzz_stderr, "round trip differs\n");
      abort();
    }
    free(text);
  }
  bench_free(&rows);
  bench_free(&again);
  return 0;
}

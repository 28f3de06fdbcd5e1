/* What a fuzz harness that compiles a file of cli/ into itself (to reach
 * its static readers) provides in place of cli/main.c: the helpers of
 * cli.h, with files served from memory.
 *
 * read_all keeps the real one's contract (a malloc'ed copy, *len set, at
 * least one byte of room after the text: callers write a NUL there);
 * fuzz_serve names the files it knows, by the exact path asked for. */
#ifndef FERRET_FUZZ_CLI_STUBS_H
#define FERRET_FUZZ_CLI_STUBS_H

#include <ftw.h> /* nftw: the harness file defines _XOPEN_SOURCE first */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../cli/args.c" /* the real command-line parser */
#include "../../cli/cli.h"

enum { FUZZ_MAX_FILES = 8 };
static struct {
  const char *path;
  const char *data;
  size_t len;
} fuzz_files[FUZZ_MAX_FILES];
static size_t fuzz_nfiles;

__attribute__((unused)) static void fuzz_serve(const char *path, const char *data, size_t len) {
  if (fuzz_nfiles < FUZZ_MAX_FILES)
    fuzz_files[fuzz_nfiles].path = path, fuzz_files[fuzz_nfiles].data = data,
    fuzz_files[fuzz_nfiles++].len = len;
}

char *read_all(const char *path, size_t *len) {
  for (size_t k = 0; k < fuzz_nfiles; k++)
    if (!strcmp(fuzz_files[k].path, path)) {
      char *t = malloc(fuzz_files[k].len + 1);
      if (!t) return NULL;
      if (fuzz_files[k].len) memcpy(t, fuzz_files[k].data, fuzz_files[k].len);
      *len = fuzz_files[k].len;
      return t;
    }
  return NULL;
}

/* Run a sub-command of the cli code on argv, parsed as main would. */
__attribute__((unused)) static int fuzz_run(int (*run)(const cli_args *), int argc,
                                            char **argv) {
  cli_args a;
  bool done;
  if (cli_parse(argc, argv, &a, &done) || done) return EXIT_USAGE;
  int rc = run(&a);
  cli_args_free(&a);
  return rc;
}

ferret *volatile signal_ctx;
void install_signals(ferret *f) { signal_ctx = f; }
bool interrupted(void) { return false; }

/* The cli code's messages (stdout, stderr) silenced: stdout goes to
 * /dev/null, and the `stderr` variable points to /dev/null too, while fd 2
 * stays open for libFuzzer's and the sanitizers' reports (they hold their
 * own handle).  The harness's own messages go to fuzz_stderr. */
static FILE *fuzz_stderr;
static void fuzz_quiet(void) {
  fuzz_stderr = stderr;
  FILE *null = fopen("/dev/null", "w");
  if (null) stderr = null;
  if (!freopen("/dev/null", "w", stdout)) fprintf(fuzz_stderr, "stdout stays\n");
}

/* A temporary directory of the harness's own, removed at exit. */
static char fuzz_tmp[64];
static int fuzz_rm(const char *path, const struct stat *st, int flag, struct FTW *w) {
  (void)st, (void)flag, (void)w;
  return remove(path);
}
static void fuzz_cleanup(void) {
  if (fuzz_tmp[0]) nftw(fuzz_tmp, fuzz_rm, 16, FTW_DEPTH | FTW_PHYS);
}
__attribute__((unused)) static const char *fuzz_tmpdir(const char *tag) {
  snprintf(fuzz_tmp, sizeof fuzz_tmp, "/tmp/ferret-fuzz-%s-XXXXXX", tag);
  if (!mkdtemp(fuzz_tmp)) abort();
  atexit(fuzz_cleanup);
  return fuzz_tmp;
}

/* Split data at NUL bytes into at most max parts (the last part takes the
 * rest); the number of parts. */
__attribute__((unused)) static size_t fuzz_split(const char *data, size_t size, const char **part,
                         size_t *len, size_t max) {
  size_t n = 0;
  while (n + 1 < max) {
    const char *z = memchr(data, 0, size);
    if (!z) break;
    part[n] = data, len[n++] = (size_t)(z - data);
    size -= (size_t)(z - data) + 1, data = z + 1;
  }
  part[n] = data, len[n++] = size;
  return n;
}

#endif

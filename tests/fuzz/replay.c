/* A main() for a fuzz harness without libFuzzer: each argument is an input
 * file (or a directory of them) given to LLVMFuzzerTestOneInput once.  The
 * sanitizer build links every harness with it (build-san/fuzz-replay-*),
 * and tests/cli/fuzz_regress.sh replays the regression and seed inputs
 * through them in the normal test run. */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv) __attribute__((weak));

static int replay_file(const char *path) {
  FILE *fp = fopen(path, "rb");
  if (!fp) {
    fprintf(stderr, "replay: cannot open '%s'\n", path);
    return 1;
  }
  size_t cap = 4096, len = 0, got;
  uint8_t *buf = malloc(cap);
  while (buf && (got = fread(buf + len, 1, cap - len, fp)) > 0) {
    len += got;
    if (len == cap) {
      uint8_t *b = realloc(buf, cap *= 2);
      if (!b) free(buf);
      buf = b;
    }
  }
  fclose(fp);
  if (!buf) return 1;
  /* an exact-size copy, as libFuzzer passes it (a read past the end is
   * seen by AddressSanitizer) */
  uint8_t *exact = malloc(len ? len : 1);
  if (!exact) return free(buf), 1;
  memcpy(exact, buf, len);
  free(buf);
  LLVMFuzzerTestOneInput(exact, len);
  free(exact);
  return 0;
}

static int by_name(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

int main(int argc, char **argv) {
  if (LLVMFuzzerInitialize) LLVMFuzzerInitialize(&argc, &argv);
  int rc = 0, n = 0;
  for (int i = 1; i < argc; i++) {
    struct stat st;
    if (stat(argv[i], &st) == 0 && S_ISDIR(st.st_mode)) {
      DIR *d = opendir(argv[i]);
      char **names = NULL;
      size_t k = 0, cap = 0;
      for (struct dirent *e; d && (e = readdir(d));) {
        if (e->d_name[0] == '.') continue;
        if (k == cap) names = realloc(names, (cap = 2 * cap + 16) * sizeof *names);
        names[k++] = strdup(e->d_name);
      }
      if (d) closedir(d);
      if (k) qsort(names, k, sizeof *names, by_name);
      for (size_t j = 0; j < k; j++) {
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", argv[i], names[j]);
        rc |= replay_file(path), n++;
        free(names[j]);
      }
      free(names);
    } else {
      rc |= replay_file(argv[i]), n++;
    }
  }
  fprintf(stderr, "replay: %d inputs\n", n);
  return rc;
}

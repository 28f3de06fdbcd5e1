/* The libFuzzer backend (option backend=1): JFS's architecture, as a real
 * alternative to the in-process engine, for comparison.
 *
 *   formula -> smt2c program (smt2c.h) -> clang -O2 -fsanitize=fuzzer
 *   (cached by a content hash of the C text) -> the fuzzer runs with
 *   -max_total_time=timeout on naive seeds (all-zero and all-one bytes)
 *   -> its crash input (the program aborts iff the input is a model) is
 *   decoded into slot values -> model of the original variables ->
 *   fer_model_validate on the ORIGINAL assertions, as the engine does.
 *
 * JFS compiled with -O0; ferret uses -O2 (the runtime calls dominate and
 * -O2 compiles them much faster to run).  Cache directory:
 * $XDG_CACHE_HOME/ferret, else /tmp/ferret-cache-$UID.  External programs
 * run through system() (/bin/sh); ferret_interrupt does not stop a running fuzzer
 * (the timeout does). */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "search.h" /* fer_now */
#include "smt2c.h"
#include "solve.h"

static uint64_t fnv1a(const char *s, size_t n) {
  uint64_t h = 0xcbf29ce484222325ull;
  for (size_t i = 0; i < n; i++) h = (h ^ (uint8_t)s[i]) * 0x100000001b3ull;
  return h;
}

/* A path is used inside '...' in shell commands: refuse quotes. */
static bool shell_safe(const char *p) { return !strchr(p, '\''); }

static bool cache_dir(char *out, size_t cap) {
  const char *x = getenv("XDG_CACHE_HOME");
  if (x && *x && shell_safe(x)) {
    snprintf(out, cap, "%s/ferret", x);
    if ((mkdir(x, 0700) == 0 || errno == EEXIST) &&
        (mkdir(out, 0700) == 0 || errno == EEXIST))
      return true;
  }
  snprintf(out, cap, "/tmp/ferret-cache-%lu", (unsigned long)getuid());
  return mkdir(out, 0700) == 0 || errno == EEXIST;
}

static bool write_file(const char *path, const void *data, size_t n) {
  FILE *fp = fopen(path, "wb");
  if (!fp) return false;
  bool ok = fwrite(data, 1, n, fp) == n;
  return fclose(fp) == 0 && ok;
}

/* The first crash-* file in dir, read into buf (cap bytes); its length or
 * -1 if there is none. */
static long read_crash(const char *dir, uint8_t *buf, size_t cap) {
  DIR *d = opendir(dir);
  if (!d) return -1;
  long n = -1;
  struct dirent *e;
  while (n < 0 && (e = readdir(d))) {
    if (strncmp(e->d_name, "crash-", 6)) continue;
    char path[1100];
    snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
    FILE *fp = fopen(path, "rb");
    if (!fp) continue;
    n = (long)fread(buf, 1, cap, fp);
    fclose(fp);
  }
  closedir(d);
  return n;
}

/* Remove dir and the files in it and in its subdirectories (the fuzzer's
 * temporary directory is two levels deep). */
static void remove_tree(const char *dir, int depth) {
  DIR *d = opendir(dir);
  if (d) {
    struct dirent *e;
    while ((e = readdir(d))) {
      if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..")) continue;
      char path[1100];
      snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
      if (unlink(path) != 0 && depth > 0) remove_tree(path, depth - 1);
    }
    closedir(d);
  }
  rmdir(dir);
}

/* Executions libFuzzer reports (-print_final_stats=1), or 0. */
static uint64_t read_execs(const char *log) {
  FILE *fp = fopen(log, "r");
  if (!fp) return 0;
  char line[512];
  unsigned long long n = 0;
  while (fgets(line, sizeof line, fp))
    if (sscanf(line, "stat::number_of_executed_units: %llu", &n) == 1) break;
  fclose(fp);
  return n;
}

ferret_result fer_libfuzzer_solve(ferret *f, const fer_term *a, size_t n,
                                  fer_model *model, const char **reason) {
  fer_stats *st = &f->stats;
  memset(st, 0, sizeof *st);
  st->seed = (uint64_t)f->opt.seed, st->jobs = 1, st->found_by = "";
  double t0 = fer_now();
  ferret_result res = FERRET_UNKNOWN;
  fer_smt2c_unit u;
  fer_smt2c_init(&u);
  fer_buf b = {0};
  fer_model local;
  fer_model_init(&local);
  uint8_t *buf = NULL;
  fer_u128 *slots = NULL;
  char cache[600], src[700], bin[700], tmp[] = "/tmp/ferret-lf-XXXXXX",
       cmd[4096], path[800];
  bool have_tmp = false;
  *reason = "memory";
  if (fer_smt2c_prepare(f, a, n, &u) != FERRET_OK) {
    *reason = f->error.status == FERRET_ERROR_UNSUPPORTED ? "unsupported" : "memory";
    goto done;
  }
  st->time_preprocess = fer_now() - t0;
  if (u.pre.unsat) { /* preprocessing proved it */
    res = FERRET_UNSAT, *reason = "", st->found_by = "preprocess";
    goto done;
  }
  st->slots = u.prog.nslots, st->instructions = (uint32_t)u.prog.code.size;
  if (!fer_smt2c_emit(f, &u, &b, (int)f->opt.encoding, false)) goto done;
  *reason = "libfuzzer: cannot use the cache or temporary directory";
  if (!cache_dir(cache, sizeof cache) || !mkdtemp(tmp)) goto done;
  have_tmp = true;
  uint64_t h = fnv1a(b.data, b.size);
  snprintf(src, sizeof src, "%s/%016llx.c", cache, (unsigned long long)h);
  snprintf(bin, sizeof bin, "%s/%016llx", cache, (unsigned long long)h);
  double tc = fer_now();
  if (access(bin, X_OK) != 0) {
    if (!write_file(src, b.data, b.size)) goto done;
    /* Build under a temporary name: a concurrent run never sees half a
     * binary. */
    snprintf(cmd, sizeof cmd,
             "clang -O2 -fsanitize=fuzzer -o '%s/fuzz' '%s' -lm "
             ">'%s/cc.log' 2>&1",
             tmp, src, tmp);
    snprintf(path, sizeof path, "%s/fuzz", tmp);
    if (system(cmd) != 0 || rename(path, bin) != 0) {
      fer_diag(f, "ferret: libfuzzer backend: 'clang -O2 -fsanitize=fuzzer' "
                  "failed (is clang with libFuzzer, e.g. libclang-rt-dev, "
                  "installed?); see %s/cc.log\n",
               tmp);
      have_tmp = false; /* keep the log */
      *reason = "libfuzzer: clang -fsanitize=fuzzer not available";
      goto done;
    }
  }
  st->time_compile = fer_now() - tc;
  if (f->opt.verbose)
    fer_diag(f, "ferret: libfuzzer backend: %s compiled in %.2f s\n", bin,
             st->time_compile);
  /* Naive seeds (JFS): all bytes 0x00 and all 0xff. */
  size_t nb = u.input_bytes ? u.input_bytes : 1;
  buf = fer_malloc(f, nb + 1);
  slots = fer_calloc(f, (u.prog.nslots + 1) * sizeof *slots);
  if (!buf || !slots) { *reason = "memory"; goto done; }
  snprintf(path, sizeof path, "%s/seeds", tmp);
  mkdir(path, 0700);
  memset(buf, 0, nb);
  snprintf(path, sizeof path, "%s/seeds/zeros", tmp);
  write_file(path, buf, nb);
  memset(buf, 0xff, nb);
  snprintf(path, sizeof path, "%s/seeds/ones", tmp);
  write_file(path, buf, nb);
  char runs[64] = "";
  if (f->opt.max_execs)
    snprintf(runs, sizeof runs, "-runs=%lld ", (long long)f->opt.max_execs);
  double ts = fer_now();
  snprintf(cmd, sizeof cmd,
           "cd '%s' && '%s' -max_total_time=%lld %s-seed=%llu "
           "-print_final_stats=1 -artifact_prefix='%s/' -max_len=%zu "
           "'%s/seeds' >'%s/fuzz.log' 2>&1",
           tmp, bin, (long long)f->opt.timeout, runs,
           (unsigned long long)(f->opt.seed ? f->opt.seed : 1), tmp, nb, tmp, tmp);
  int rc = system(cmd);
  (void)rc; /* a crash exits non-zero: the artifact says what happened */
  st->time_search = fer_now() - ts;
  snprintf(path, sizeof path, "%s/fuzz.log", tmp);
  st->execs = read_execs(path);
  st->execs_per_sec = st->time_search > 0 ? (double)st->execs / st->time_search : 0;
  long got = read_crash(tmp, buf, nb);
  if (got < (long)u.input_bytes) {
    *reason = f->opt.max_execs ? "budget" : "timeout";
    goto done;
  }
  fer_smt2c_decode(&u, buf, slots);
  fer_model *m = model ? model : &local;
  const char *why = fer_smt2c_model(f, &u, slots, m);
  if (why) { *reason = why; goto done; }
  double tv = fer_now();
  int v = fer_model_validate(f, a, n, m);
  st->time_validate = fer_now() - tv;
  if (v == 1) {
    res = FERRET_SAT, *reason = "", st->found_by = "libfuzzer";
  } else {
    /* The program aborts only on inputs without unspecified cases, so a
     * rejection is a disagreement with the evaluator: a bug. */
    *reason = v < 0 ? "unspecified" : "internal: model rejected";
  }
done:
  if (have_tmp) remove_tree(tmp, 1);
  st->time_total = fer_now() - t0;
  st->result = res == FERRET_SAT ? "sat" : res == FERRET_UNSAT ? "unsat" : "unknown";
  st->reason = res == FERRET_UNKNOWN ? *reason : "";
  if (buf) fer_free(f, buf, (u.input_bytes ? u.input_bytes : 1) + 1);
  if (slots) fer_free(f, slots, (u.prog.nslots + 1) * sizeof *slots);
  fer_model_release(f, &local);
  FER_RELEASE(f, b);
  fer_smt2c_release(f, &u);
  return res;
}

/* The libFuzzer backend (option backend=1): JFS's architecture, as a real
 * alternative to the in-process engine, for comparison; a backend of the
 * search interface (contract in libfuzzer.h).
 *
 *   request's program (smt2c unit; options encoding and layout) -> C text
 *   (smt2c.h) -> clang -O2 -fsanitize=fuzzer (cached by a content hash of
 *   the C text) -> the fuzzer runs on a seed corpus holding the engine's
 *   seed set for the request (fer_engine_seeds: NEAR's input, or the
 *   option seeds none / naive / smart, then the user seeds), each encoded
 *   into input bytes by fer_smt2c_encode -> its crash input (the program
 *   aborts iff the input is a model) is decoded into slot values -> the
 *   engine's judge (fer_judge_offer: model, validation on the request's
 *   formula, the acceptance callback), as for the engine's own candidates.
 *
 * clang and the fuzzer are started by the process module (base/process.h;
 * no shell: paths need no quoting), each in its own process group with stdin from /dev/null and
 * stdout/stderr in a log file of the temporary directory.  The caller
 * polls every 10 ms: the request's interrupt flag stops the child's whole
 * group (reason "interrupted"); so does the deadline, which the solve job
 * counts from the start of the check-sat, compilation included (libFuzzer
 * is also told -max_total_time, the whole seconds left, so that it
 * normally stops by itself and prints its statistics).  A group is stopped
 * with SIGTERM (libFuzzer prints its statistics and exits), then SIGKILL
 * after 0.5 s.
 *
 * JFS compiled with -O0; ferret uses -O2 (the runtime calls dominate and
 * -O2 compiles them much faster to run).  Cache directory:
 * $XDG_CACHE_HOME/ferret, else /tmp/ferret-cache-$UID. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "engine/judge.h"
#include "backends/libfuzzer.h"
#include "base/process.h"

/* Poll period of the wait loop, and the grace between SIGTERM and
 * SIGKILL when a child group is stopped. */
#define POLL_SECONDS 0.01
#define KILL_GRACE 0.5

static uint64_t fnv1a(const char *s, size_t n) {
  uint64_t h = 0xcbf29ce484222325ull;
  for (size_t i = 0; i < n; i++) h = (h ^ (uint8_t)s[i]) * 0x100000001b3ull;
  return h;
}

/* snprintf that reports truncation (a cut path must not be used). */
#define PATHF(buf, ...) \
  ((size_t)snprintf(buf, sizeof buf, __VA_ARGS__) < sizeof buf)

static bool cache_dir(char *out, size_t cap) {
  const char *x = getenv("XDG_CACHE_HOME");
  if (x && *x && (size_t)snprintf(out, cap, "%s/ferret", x) < cap &&
      (mkdir(x, 0700) == 0 || errno == EEXIST) &&
      (mkdir(out, 0700) == 0 || errno == EEXIST))
    return true;
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
    if (!PATHF(path, "%s/%s", dir, e->d_name)) continue;
    FILE *fp = fopen(path, "rb");
    if (!fp) continue;
    n = (long)fread(buf, 1, cap, fp);
    fclose(fp);
  }
  closedir(d);
  return n;
}

/* Remove dir and the files in it and in its subdirectories (the seed
 * corpus is one level down). */
static void remove_tree(const char *dir, int depth) {
  DIR *d = opendir(dir);
  if (d) {
    struct dirent *e;
    while ((e = readdir(d))) {
      if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..")) continue;
      char path[1100];
      if (!PATHF(path, "%s/%s", dir, e->d_name)) continue;
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

/* ------------------------------------------------------ child processes */

enum {
  RUN_CANNOT_START = -1, RUN_INTERRUPTED = -2, RUN_DEADLINE = -3,
  RUN_PARTNER = -4 /* a portfolio partner answered */
};

/* Run argv (argv[0] looked up in PATH) in directory `dir` with its output
 * in `log`, as the leader of a new process group (base/process.h), and
 * wait for it.  Stops the group when the budget's interrupt or partner
 * flag (either may be NULL) becomes non-zero or at `kill_at` (fer_now
 * seconds; 0: never).  Returns the exit code (128 + signal if killed by
 * one), or a RUN_* code; *err is errno when it could not start. */
static int run(const fer_engine_budget *b, char *const argv[],
               const char *dir, const char *log, double kill_at, int *err) {
  int out = open(log, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
  if (out < 0) return *err = errno, RUN_CANNOT_START;
  fer_proc_spec spec = {.argv = argv, .dir = dir, .in = FER_PROC_NULL,
                        .out = FER_PROC_FD, .out_fd = out, .err = FER_PROC_STDOUT};
  fer_proc p;
  *err = fer_proc_spawn(&spec, &p);
  close(out);
  if (*err) return RUN_CANNOT_START;
  int why = 0;
  double term_at = 0;
  while (!fer_proc_ended(&p, POLL_SECONDS)) {
    if (!why && b->interrupt && atomic_load(b->interrupt)) why = RUN_INTERRUPTED;
    if (!why && b->partner && atomic_load(b->partner)) why = RUN_PARTNER;
    if (!why && kill_at > 0 && fer_now() >= kill_at) why = RUN_DEADLINE;
    if (why && !term_at) {
      fer_proc_kill(&p, SIGTERM);
      term_at = fer_now();
    } else if (why && fer_now() - term_at > KILL_GRACE) {
      fer_proc_kill(&p, SIGKILL);
    }
  }
  int status = fer_proc_finish(&p, NULL); /* the rest of its group goes too */
  return why ? why : status;
}

/* ---------------------------------------------------------------- seeds */

/* Write the engine's seed set for request r into dir, one file of
 * input_bytes bytes each.  Returns the number written, or -1 on failure. */
static long write_seeds(ferret *f, const fer_smt2c_unit *u,
                        const fer_engine_request *r, const char *dir,
                        uint8_t *buf) {
  fer_u128 *seeds;
  uint32_t n;
  if (!fer_engine_seeds(f, r, &seeds, &n)) return -1;
  long written = 0;
  for (uint32_t k = 0; k < n; k++) {
    char path[800];
    fer_smt2c_encode(u, seeds + (size_t)k * u->prog.nslots, buf);
    if (!PATHF(path, "%s/seed-%06u", dir, k) ||
        !write_file(path, buf, u->input_bytes)) {
      written = -1;
      break;
    }
    written++;
  }
  fer_engine_seeds_release(f, r, seeds, n);
  return written;
}

/* -------------------------------------------------------------- solving */

/* The run's state, released in one place. */
typedef struct lf {
  ferret *f;
  const fer_smt2c_unit *u;
  const fer_engine_request *r;
  fer_engine_stats *st;
  fer_buf text;
  uint8_t *buf;
  fer_u128 *slots;
  char tmp[32];
  bool have_tmp;
} lf;

/* Build the fuzzer for the unit's C text into `bin` (cached).  NULL, or
 * the reason the run ends. */
static const char *build(lf *x, const char *bin, const char *src) {
  ferret *f = x->f;
  char path[640], log[640];
  int err = 0;
  if (access(bin, X_OK) == 0) return NULL;
  if (!write_file(src, x->text.data, x->text.size) ||
      !PATHF(log, "%s/cc.log", x->tmp))
    return "libfuzzer: cannot use the cache or temporary directory";
  /* Build under a temporary name: a concurrent run never sees half a
   * binary. */
  snprintf(path, sizeof path, "%s/fuzz", x->tmp);
  char *cc[] = {(char *)"clang", (char *)"-O2", (char *)"-fsanitize=fuzzer",
                (char *)"-o", path, (char *)src, (char *)"-lm", NULL};
  int rc = run(&x->r->budget, cc, x->tmp, log, x->r->budget.deadline, &err);
  if (rc == RUN_INTERRUPTED) return "interrupted";
  if (rc == RUN_PARTNER) return "portfolio";
  if (rc == RUN_DEADLINE) return "timeout";
  if (rc == RUN_CANNOT_START) {
    fer_diag(f, "ferret: libfuzzer backend: cannot run clang (%s); the "
                "backend needs clang with libFuzzer ('clang "
                "-fsanitize=fuzzer', e.g. packages clang and "
                "libclang-rt-dev)\n",
             strerror(err));
    return "libfuzzer: clang -fsanitize=fuzzer not available";
  }
  if (rc != 0 || rename(path, bin) != 0) {
    fer_diag(f, "ferret: libfuzzer backend: 'clang -O2 -fsanitize=fuzzer' "
                "failed (is clang with libFuzzer, e.g. libclang-rt-dev, "
                "installed?); see %s\n",
             log);
    x->have_tmp = false; /* keep the log */
    return "libfuzzer: clang -fsanitize=fuzzer not available";
  }
  return NULL;
}

/* Run the fuzzer `bin` and judge its crash input.  The run's status; the
 * reason in x->st when unknown. */
static fer_engine_status fuzz(lf *x, const char *bin) {
  ferret *f = x->f;
  const fer_smt2c_unit *u = x->u;
  const fer_engine_request *r = x->r;
  const fer_options *opt = r->opt ? r->opt : &f->opt;
  fer_engine_stats *st = x->st;
  double deadline = r->budget.deadline;
  char seeds[640], log[640];
  size_t nb = u->input_bytes ? u->input_bytes : 1;
  st->reason = "libfuzzer: cannot write the seed corpus";
  if (!PATHF(seeds, "%s/seeds", x->tmp) || mkdir(seeds, 0700) != 0)
    return FER_ENGINE_UNKNOWN;
  long nseeds = write_seeds(f, u, r, seeds, x->buf);
  if (nseeds < 0) return FER_ENGINE_UNKNOWN;
  if (opt->verbose)
    fer_diag(f, "ferret: libfuzzer backend: %ld seeds\n", nseeds);
  /* The fuzzer's own time limit: the whole seconds left (0: none). */
  long long left = 0;
  if (deadline) {
    left = (long long)(deadline - fer_now());
    if (left < 1) return st->reason = "timeout", FER_ENGINE_UNKNOWN;
  }
  char a_time[48], a_runs[48], a_seed[48], a_art[700], a_len[48];
  snprintf(a_time, sizeof a_time, "-max_total_time=%lld", left);
  snprintf(a_runs, sizeof a_runs, "-runs=%llu",
           (unsigned long long)r->budget.max_execs);
  snprintf(a_seed, sizeof a_seed, "-seed=%llu",
           (unsigned long long)(opt->seed ? opt->seed : 1));
  snprintf(a_len, sizeof a_len, "-max_len=%zu", nb);
  if (!PATHF(a_art, "-artifact_prefix=%s/", x->tmp) ||
      !PATHF(log, "%s/fuzz.log", x->tmp))
    return FER_ENGINE_UNKNOWN;
  char *fz[10];
  int k = 0, err = 0;
  fz[k++] = (char *)bin, fz[k++] = a_time, fz[k++] = a_seed;
  fz[k++] = (char *)"-print_final_stats=1", fz[k++] = a_art, fz[k++] = a_len;
  if (r->budget.max_execs) fz[k++] = a_runs;
  fz[k++] = seeds, fz[k] = NULL;
  double ts = fer_now();
  /* After the deadline libFuzzer gets a second to stop by itself. */
  int rc = run(&r->budget, fz, x->tmp, log, deadline ? deadline + 1.0 : 0,
               &err);
  st->time_search = fer_now() - ts;
  st->execs = read_execs(log);
  if (rc == RUN_INTERRUPTED) return st->reason = "interrupted", FER_ENGINE_UNKNOWN;
  if (rc == RUN_PARTNER) return st->reason = "portfolio", FER_ENGINE_UNKNOWN;
  if (rc == RUN_CANNOT_START) {
    fer_diag(f, "ferret: libfuzzer backend: cannot run %s (%s)\n", bin,
             strerror(err));
    return st->reason = "libfuzzer: cannot run the fuzzer", FER_ENGINE_UNKNOWN;
  }
  /* A crash exits non-zero: the artifact says what happened. */
  long got = read_crash(x->tmp, x->buf, nb);
  if (got < (long)u->input_bytes) {
    if (rc == RUN_DEADLINE || (deadline && fer_now() >= deadline - 0.5))
      st->reason = "timeout";
    else if (r->budget.max_execs)
      st->reason = "budget";
    else
      st->reason = "libfuzzer: the fuzzer stopped without a model";
    return FER_ENGINE_UNKNOWN;
  }
  fer_smt2c_decode(u, x->buf, x->slots);
  fer_judge j;
  const char *why = fer_judge_init(f, &j, r, st);
  fer_judge_verdict v = FER_JUDGE_FAIL;
  if (why) st->reason = why;
  else v = fer_judge_offer(&j, x->slots, "libfuzzer", st->execs);
  fer_judge_release(&j);
  if (v == FER_JUDGE_STOP) return FER_ENGINE_STOPPED;
  if (v == FER_JUDGE_GO_ON) st->reason = "libfuzzer: one solution per run";
  /* The program aborts only on inputs without unspecified cases, so an
   * unspecified verdict here is a disagreement with the evaluator. */
  if (v == FER_JUDGE_SKIP) st->reason = "unspecified";
  return FER_ENGINE_UNKNOWN;
}

fer_engine_status fer_libfuzzer_run(ferret *f, const fer_smt2c_unit *u,
                                    const fer_engine_request *r,
                                    fer_engine_stats *st) {
  FER_REQUIRE(f, r->prog == &u->prog, "the request's program is not the unit's");
  memset(st, 0, sizeof *st);
  st->reason = "", st->found_by = "";
  const fer_options *opt = r->opt ? r->opt : &f->opt;
  lf x;
  memset(&x, 0, sizeof x);
  x.f = f, x.u = u, x.r = r, x.st = st;
  snprintf(x.tmp, sizeof x.tmp, "/tmp/ferret-lf-XXXXXX");
  fer_engine_status res = FER_ENGINE_UNKNOWN;
  size_t nb = u->input_bytes ? u->input_bytes : 1;
  char cache[512], src[600], bin[600];
  if (r->layout.kind != FER_LAYOUT_SLOTS) {
    st->reason = "unsupported: byte layout";
    goto done;
  }
  st->reason = "memory";
  if (!fer_smt2c_emit(f, u, &x.text, (int)opt->encoding, false)) goto done;
  st->reason = "libfuzzer: cannot use the cache or temporary directory";
  if (!cache_dir(cache, sizeof cache) || !mkdtemp(x.tmp)) goto done;
  x.have_tmp = true;
  uint64_t h = fnv1a(x.text.data, x.text.size);
  if (!PATHF(src, "%s/%016llx.c", cache, (unsigned long long)h) ||
      !PATHF(bin, "%s/%016llx", cache, (unsigned long long)h))
    goto done;
  double tc = fer_now();
  const char *why = build(&x, bin, src);
  st->time_prepare = fer_now() - tc;
  if (why) {
    st->reason = why;
    goto done;
  }
  if (opt->verbose)
    fer_diag(f, "ferret: libfuzzer backend: %s compiled in %.2f s\n", bin,
             st->time_prepare);
  x.buf = fer_malloc(f, nb + 1);
  x.slots = fer_calloc(f, (u->prog.nslots + 1) * sizeof *x.slots);
  st->reason = "memory";
  if (x.buf && x.slots) res = fuzz(&x, bin);
done:
  if (res != FER_ENGINE_UNKNOWN) st->reason = "";
  if (x.have_tmp) remove_tree(x.tmp, 1);
  if (x.buf) fer_free(f, x.buf, nb + 1);
  if (x.slots) fer_free(f, x.slots, (u->prog.nslots + 1) * sizeof *x.slots);
  FER_RELEASE(f, x.text);
  return res;
}

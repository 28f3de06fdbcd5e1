/*
 * The ferret backend's concolic side: symbolic input bytes, path
 * constraints sent to ferret's concolic context (pi = the path so far,
 * b = the branch not taken, seed = the current input), new inputs written
 * as QSYM writes them, QSYM-style back-off per branch, the memory policy,
 * and the runtime's setup from the environment.
 */
#define _GNU_SOURCE /* environ */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "fsym.h"
#include "glue.h"

extern char **environ;

FSYM_HIDDEN fsym_state fsym;

/* --------------------------------------------------------------- settings */

/* Every variable the backend reads; any other SYMCC_FERRET_* is an error
 * (a misspelt setting must not be silently ignored). */
static const char *const known_env[] = {
    "SYMCC_FERRET_TIMEOUT_MS", "SYMCC_FERRET_MAX_EXECS",
    "SYMCC_FERRET_OPTIMISTIC", "SYMCC_FERRET_BACKOFF",
    "SYMCC_FERRET_SOLVE",      "SYMCC_FERRET_MAX_TERMS",
    "SYMCC_FERRET_MAX_PATH",   "SYMCC_FERRET_TRACE",
    "SYMCC_FERRET_STATS",      "SYMCC_FERRET_RANDOM_SEED",
    "SYMCC_FERRET_TIMEOUT_MAX_MS", "SYMCC_FERRET_DUMP",
    "SYMCC_FERRET_BACKOFF_DECAY", NULL};

static void die(const char *fmt, const char *a, const char *b) {
  fprintf(stderr, "SymCC (ferret backend): ");
  fprintf(stderr, fmt, a, b);
  fprintf(stderr, "\n");
  exit(2);
}

static uint64_t env_num(const char *name, uint64_t dflt, uint64_t max) {
  const char *v = getenv(name);
  if (!v || !*v) return dflt;
  char *end = NULL;
  errno = 0;
  unsigned long long x = strtoull(v, &end, 10);
  if (*v == '-' || errno || *end || x > max)
    die("%s: '%s' is not a number in range", name, v);
  return x;
}

static void check_env_names(void) {
  for (char **e = environ; e && *e; e++) {
    if (strncmp(*e, "SYMCC_FERRET_", 13)) continue;
    size_t n = strcspn(*e, "=");
    bool ok = false;
    for (const char *const *k = known_env; *k && !ok; k++)
      ok = strlen(*k) == n && !strncmp(*k, *e, n);
    if (!ok) {
      char name[128];
      snprintf(name, sizeof name, "%.*s", (int)(n < 100 ? n : 100), *e);
      die("unknown setting %s%s (the settings: contrib/symcc/README.md)", name, "");
    }
  }
}

/* ------------------------------------------------------------------ input */

static bool grow_input(size_t n) {
  if (n <= fsym.cap) return true;
  size_t cap = fsym.cap ? fsym.cap : 64;
  while (cap < n) cap *= 2;
  uint8_t *s = realloc(fsym.seed, cap);
  if (!s) return false;
  fsym.seed = s;
  ferret_term *v = realloc(fsym.vars, cap * sizeof *v);
  if (!v) return false;
  fsym.vars = v;
  memset(fsym.seed + fsym.cap, 0, cap - fsym.cap);
  memset(fsym.vars + fsym.cap, 0, (cap - fsym.cap) * sizeof *v);
  fsym.cap = cap;
  return true;
}

/* The whole input at start when it is a file (SYMCC_INPUT_FILE, or stdin
 * redirected from one): new inputs then keep the bytes the program has
 * not read yet.  From a pipe, the input is the bytes read so far. */
static void read_whole_input(void) {
  int kind = fsym_input_kind(), fd = -1;
  off_t from = 0;
  if (kind == FSYM_INPUT_FILE) {
    fd = open(fsym_input_file(), O_RDONLY);
  } else if (kind == FSYM_INPUT_STDIN) {
    struct stat st;
    if (fstat(0, &st) == 0 && S_ISREG(st.st_mode)) {
      fd = 0;
      from = lseek(0, 0, SEEK_CUR);
      if (from < 0) from = 0;
    }
  }
  if (fd < 0) return;
  struct stat st;
  if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > from &&
      grow_input((size_t)(st.st_size - from))) {
    size_t n = (size_t)(st.st_size - from), got = 0;
    while (got < n) {
      ssize_t r = pread(fd, fsym.seed + got, n - got, from + (off_t)got);
      if (r <= 0) break;
      got += (size_t)r;
    }
    fsym.nbytes = got;
    fsym.whole_input = true;
  }
  if (fd != 0) close(fd);
}

SymExpr _sym_get_input_byte(size_t offset, uint8_t value) {
  if (!fsym.ready || fsym.concrete || offset >= (size_t)1 << 40) return NULL;
  if (!grow_input(offset + 1)) {
    fsym_enter_concrete("out of memory for the input");
    return NULL;
  }
  if (offset >= fsym.nbytes) fsym.nbytes = offset + 1;
  if (fsym.seed[offset] != value && fsym.cc && offset < fsym.cc_size)
    fsym.seed_dirty = true; /* the context's seed, before the next query */
  fsym.seed[offset] = value;
  if (!fsym.vars[offset]) {
    char name[40];
    snprintf(name, sizeof name, "in%zu", offset);
    ferret_term v = ferret_mk_var(fsym.f, name, fsym_bv_sort(8));
    if (!v) {
      fsym_failed("input byte");
      return NULL;
    }
    fsym.vars[offset] = v;
    if (fsym.cc && offset < fsym.cc_size &&
        ferret_concolic_bind(fsym.cc, v, offset, 0) != FERRET_OK)
      ferret_concolic_delete(fsym.cc), fsym.cc = NULL;
  }
  return FSYM_E(fsym.vars[offset]);
}

/* A concolic context over the input known now, with every byte variable
 * bound and the path notified.  An input that grows as it is read (a pipe,
 * SYMCC_MEMORY_INPUT) gets a context over twice the bytes known, the rest
 * zeros no variable reads, so that it is rebuilt (every conjunct of the
 * path notified again) only when the input doubles; new bytes are bound as
 * they come and the context's seed is brought up to date before a query.
 * New inputs are cut to the bytes known. */
static bool ensure_concolic(void) {
  if (fsym.cc && fsym.nbytes <= fsym.cc_size) {
    if (!fsym.seed_dirty) return true;
    if (ferret_concolic_set_seed(fsym.cc, fsym.seed, fsym.cc_size) == FERRET_OK) {
      fsym.seed_dirty = false;
      return true;
    }
  }
  if (fsym.cc) ferret_concolic_delete(fsym.cc);
  fsym.cc = NULL;
  size_t size = fsym.whole_input || fsym.nbytes > SIZE_MAX / 2 ? fsym.nbytes
                                                               : 2 * fsym.nbytes;
  if (size < 64 && !fsym.whole_input) size = 64;
  if (!grow_input(size)) return false;
  fsym.cc = ferret_concolic_new(fsym.f, fsym.seed, size);
  if (!fsym.cc) return false;
  fsym.cc_size = size;
  fsym.seed_dirty = false;
  ferret_concolic_set(fsym.cc, "cpu_time", 1);
  ferret_concolic_set(fsym.cc, "timeout_ms", fsym.timeout_ms);
  ferret_concolic_set(fsym.cc, "max_execs", fsym.max_execs);
  ferret_concolic_set(fsym.cc, "random_seed",
                      (int64_t)env_num("SYMCC_FERRET_RANDOM_SEED", 1, INT32_MAX));
  for (size_t i = 0; i < fsym.nbytes; i++)
    if (fsym.vars[i] && ferret_concolic_bind(fsym.cc, fsym.vars[i], i, 0))
      goto fail;
  for (size_t i = 0; i < fsym.npath; i++)
    if (ferret_concolic_notify(fsym.cc, fsym.path[i])) goto fail;
  return true;
fail:
  fsym_failed("concolic context");
  ferret_concolic_delete(fsym.cc);
  fsym.cc = NULL;
  return false;
}

/* ----------------------------------------------------------------- output */

static uint64_t hash_bytes(const uint8_t *p, size_t n) {
  uint64_t h = 1469598103934665603ull ^ n;
  for (size_t i = 0; i < n; i++) h = (h ^ p[i]) * 1099511628211ull;
  return h | 1; /* 0 marks an empty slot */
}

static uint64_t mix(uint64_t h, uint64_t x);

/* Whether the set holds key (not 0); with `add`, it does afterwards.  Open
 * addressing, at most half full; out of memory, it forgets nothing but
 * adds nothing. */
static bool set_has(fsym_set *set, uint64_t key, bool add) {
  if (add && 2 * (set->n + 1) > set->cap) {
    size_t cap = set->cap ? 2 * set->cap : 256;
    uint64_t *t = calloc(cap, sizeof *t);
    if (t) {
      for (size_t i = 0; i < set->cap; i++) {
        uint64_t x = set->slot[i];
        if (!x) continue;
        size_t j = mix(0, x) & (cap - 1);
        while (t[j]) j = (j + 1) & (cap - 1);
        t[j] = x;
      }
      free(set->slot);
      set->slot = t;
      set->cap = cap;
    }
  }
  if (!set->cap || (add && 2 * (set->n + 1) > set->cap)) return false;
  size_t j = mix(0, key) & (set->cap - 1);
  while (set->slot[j]) {
    if (set->slot[j] == key) return true;
    j = (j + 1) & (set->cap - 1);
  }
  if (add) set->slot[j] = key, set->n++;
  return false;
}

/* Hand a new input to the test-case handler, or write it as QSYM does:
 * SYMCC_OUTPUT_DIR/000000, 000001, ...  Returns the name written ("" for
 * the handler), "=" for an input written before, NULL on failure. */
static const char *emit_input(const uint8_t *bytes, size_t n) {
  static char name[32];
  uint64_t h = hash_bytes(bytes, n);
  if (set_has(&fsym.written, h, false)) {
    fsym.duplicates++;
    return "=";
  }
  if (fsym.handler) {
    /* the handler may be instrumented: its parameters are concrete */
    _sym_set_parameter_expression(0, NULL);
    _sym_set_parameter_expression(1, NULL);
    fsym.handler(bytes, n);
    fsym.files++;
    set_has(&fsym.written, h, true);
    return "";
  }
  snprintf(name, sizeof name, "%06u", fsym.next_file);
  size_t len = strlen(fsym.outdir) + strlen(name) + 2;
  char *path = malloc(len);
  if (!path) return NULL;
  snprintf(path, len, "%s/%s", fsym.outdir, name);
  FILE *out = fopen(path, "wb");
  bool ok = out && fwrite(bytes, 1, n, out) == n;
  if (out && fclose(out)) ok = false;
  free(path);
  if (!ok) {
    if (!fsym.outdir_warned)
      fprintf(fsym.log, "ferret: cannot write new inputs to %s (%s); set "
              "SYMCC_OUTPUT_DIR to an existing directory\n", fsym.outdir,
              strerror(errno));
    fsym.outdir_warned = true;
    return NULL;
  }
  fsym.next_file++;
  fsym.files++;
  set_has(&fsym.written, h, true);
  return name;
}

/* --------------------------------------------------------------- back-off */

static uint64_t mix(uint64_t h, uint64_t x) {
  h ^= x + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
  h ^= h >> 31;
  h *= 0xbf58476d1ce4e5b9ull;
  return h ^ (h >> 29);
}

static uint8_t bucket(uint8_t count) {
  if (count <= 3) return (uint8_t)(1u << (count - 1)); /* 1, 2, 3 */
  if (count <= 7) return 8;
  if (count <= 15) return 16;
  if (count <= 31) return 32;
  if (count <= 127) return 64;
  return 128;
}

/* Whether the branch (site, taken) in the current calling context is worth
 * a query: its hit count in this execution reached an AFL bucket no
 * earlier visit (in this execution, or in the ones that shared
 * SYMCC_AFL_COVERAGE_MAP) reached. */
static bool interesting(uintptr_t site, int taken, size_t *cell) {
  uint64_t ctx = fsym.depth ? fsym.ctx_stack[fsym.depth - 1] : 0;
  uint64_t key = mix(mix(ctx, site), (uint64_t)(taken != 0));
  size_t i = key & (FSYM_MAP_SIZE - 1);
  *cell = i;
  if (fsym.stats) set_has(&fsym.keys, key | 1, true);
  if (!fsym.backoff) return true;
  if (fsym.map[i] < 255) fsym.map[i]++;
  uint8_t b = bucket(fsym.map[i]);
  if (fsym.virgin[i] & b) return false;
  fsym.virgin[i] |= b;
  return true;
}

/* At the end of an execution sharing SYMCC_AFL_COVERAGE_MAP: every cell it
 * visited counts one more execution, and a cell visited in K executions
 * (SYMCC_FERRET_BACKOFF_DECAY) since its buckets were last forgotten
 * forgets them, K doubling at each forgetting: the branch is asked again
 * under the inputs of later executions, about log2(executions / K) times
 * in all instead of once.  The budget levels are kept (a retired branch
 * stays retired).  Without decay (0) the buckets are kept for good, as
 * QSYM's bitmap does.  Called once per execution: 64 Ki cells. */
static void decay_map(void) {
  for (size_t i = 0; i < FSYM_MAP_SIZE; i++) {
    if (!fsym.map[i]) continue;
    fsym.cells++;
    if (!fsym.decay || !fsym.map_file) continue;
    unsigned shift = fsym.forgot[i] < FSYM_DECAY_MAX ? fsym.forgot[i] : FSYM_DECAY_MAX;
    uint64_t due = (uint64_t)fsym.decay << shift;
    if (fsym.seen[i] < UINT16_MAX) fsym.seen[i]++;
    if (fsym.seen[i] < due && fsym.seen[i] < UINT16_MAX) continue;
    fsym.virgin[i] = 0;
    fsym.seen[i] = 0;
    if (fsym.forgot[i] < 255) fsym.forgot[i]++;
    fsym.forgotten++;
  }
}

void _sym_notify_call(uintptr_t site) {
  if (fsym.depth < FSYM_CALL_DEPTH) {
    uint64_t up = fsym.depth ? fsym.ctx_stack[fsym.depth - 1] : 0;
    fsym.ctx_stack[fsym.depth] = mix(up, site);
  }
  fsym.depth++;
}
void _sym_notify_ret(uintptr_t site) {
  (void)site;
  if (fsym.depth) fsym.depth--;
}
void _sym_notify_basic_block(uintptr_t site) { (void)site; }

/* ---------------------------------------------------------------- queries */

static double clock_s(clockid_t id) {
  struct timespec ts;
  clock_gettime(id, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}
static double now(void) { return clock_s(CLOCK_MONOTONIC); }
static double cpu_now(void) { return clock_s(CLOCK_PROCESS_CPUTIME_ID); }

/* The CPU budget of a query at a branch whose earlier queries ended on
 * their budget `level` times: the first budget doubled as often, at most
 * the cap (0: no budget). */
static unsigned budget_ms(uint8_t level) {
  if (!fsym.timeout_ms) return 0;
  uint64_t ms = (uint64_t)fsym.timeout_ms << (level < 32 ? level : 32);
  return ms < fsym.timeout_max_ms ? (unsigned)ms : fsym.timeout_max_ms;
}

static const char *const stage_names[] = {
    "seed", "i2s", "consts", "intervals", "range", "bytes",
    "gradient", "det", "havoc", "multigoal", "engine", NULL};

static void count_answer(int kind, const char *stage, double cpu) {
  static const double upper[FSYM_HIST - 1] = {1e-4, 1e-3, 4e-3, 16e-3,
                                              64e-3, 256e-3, 1.024};
  int h = 0;
  while (h < FSYM_HIST - 1 && cpu >= upper[h]) h++;
  fsym.hist[kind][h]++;
  if (kind == 2) return;
  int s = 0;
  while (stage_names[s] && strcmp(stage_names[s], stage)) s++;
  fsym.by_stage[s]++;
}

static const char *answer(ferret_result r) {
  return r == FERRET_SAT ? "sat" : r == FERRET_UNSAT ? "unsat" : "unknown";
}

/* SYMCC_FERRET_DUMP: a query that ended on its budget as an SMT-LIB
 * script (the input bytes' variables, pi, b) in that folder, named
 * PID-N.smt2, for another solver to try.  When pi and b was proved unsat
 * (first), what ended on its budget is the optimistic retry, b alone: a
 * comment line says so.  A term whose text exceeds 16 MiB is not
 * written. */
static void dump_query(ferret_term b, ferret_result first) {
  static unsigned n;
  if (!fsym.dump_dir) return;
  char name[4096];
  snprintf(name, sizeof name, "%s/%ld-%06u.smt2", fsym.dump_dir, (long)getpid(), n++);
  FILE *out = fopen(name, "w");
  if (!out) return;
  fprintf(out, "(set-logic QF_BVFP)\n");
  if (first == FERRET_UNSAT)
    fprintf(out, "; pi and b: unsat; the optimistic retry (b alone) ended on its budget\n");
  for (size_t i = 0; i < fsym.nbytes; i++)
    if (fsym.vars[i]) {
      const char *v = ferret_term_string(fsym.f, fsym.vars[i]);
      if (v) fprintf(out, "(declare-const %s (_ BitVec 8))\n", v);
    }
  bool ok = true;
  for (size_t i = 0; i <= fsym.npath && ok; i++) {
    const char *t = ferret_term_string(fsym.f, i < fsym.npath ? fsym.path[i] : b);
    ok = t && strlen(t) < (16u << 20);
    if (ok) fprintf(out, "(assert %s)\n", t);
  }
  fprintf(out, "(check-sat)\n");
  if (fclose(out) || !ok) remove(name);
}

/* fsym.opt_failed: the branches b whose optimistic retry (b alone) found
 * nothing in this execution.  b is a hash-consed term, so the same
 * condition met again (in a loop, or through another site) has the same
 * id, and b alone is the same query whatever the path: it is not retried
 * (counted as repeats). */

/* Look for an input taking the other side of the branch: b with pi, then
 * (optimistic solving) b alone, within what is left of the branch's
 * budget.  Either ending on the budget escalates the branch (double the
 * budget next time, up to SYMCC_FERRET_TIMEOUT_MAX_MS, then retired): a
 * retry that needed more time is worth it (on jhead, capping the retry at
 * the first budget without escalating lost 22 of the 247 edges the seed
 * execution's new inputs reach).  A retry ending on its budget is counted
 * apart too (optimistic_on_budget). */
static void flip(ferret_term b, uintptr_t site, int taken, size_t cell) {
  if (!ensure_concolic()) return;
  uint8_t *level = &fsym.level[cell];
  unsigned ms = budget_ms(*level & ~FSYM_NO_RETRY);
  ferret_concolic_set(fsym.cc, "timeout_ms", ms);
  double t0 = now(), c0 = cpu_now();
  fsym.queries++;
  if (*level & ~FSYM_NO_RETRY) fsym.escalated++;
  ferret_result r = ferret_concolic_solve(fsym.cc, b);
  const char *stage = ferret_concolic_stage(fsym.cc);
  bool optimistic = false, on_budget = r == FERRET_UNKNOWN && !strcmp(stage, "timeout");
  if (r == FERRET_SAT) fsym.sat++;
  else if (r == FERRET_UNSAT) fsym.unsat++;
  else fsym.unknown++;
  if (r != FERRET_UNKNOWN) count_answer(r == FERRET_SAT ? 0 : 1, stage, cpu_now() - c0);
  ferret_result first = r;
  if (r != FERRET_SAT && fsym.optimistic) {
    /* b alone, within what is left of the same budget */
    double left_ms = ms ? ms - 1e3 * (cpu_now() - c0) : 0;
    if (ms && left_ms < 1) {
      fsym.opt_no_budget++;
    } else if (*level & FSYM_NO_RETRY) {
      fsym.opt_skips++;
    } else if (set_has(&fsym.opt_failed, b, false)) {
      fsym.repeats++;
    } else {
      ferret_concolic_set(fsym.cc, "timeout_ms", ms ? (int64_t)left_ms : 0);
      double c1 = cpu_now();
      if (ferret_concolic_solve_optimistic(fsym.cc, b) == FERRET_SAT) {
        r = FERRET_SAT;
        optimistic = true;
        fsym.opt_sat++;
        stage = ferret_concolic_stage(fsym.cc);
        count_answer(3, stage, cpu_now() - c1);
      } else {
        if (!strcmp(ferret_concolic_stage(fsym.cc), "timeout")) {
          fsym.opt_on_budget++, on_budget = true;
          *level |= FSYM_NO_RETRY;
        }
        set_has(&fsym.opt_failed, b, true);
      }
    }
  }
  double dt = now() - t0, cpu = cpu_now() - c0;
  if (first == FERRET_UNKNOWN) count_answer(2, stage, cpu);
  fsym.seconds += dt;
  fsym.cpu_seconds += cpu;
  if (cpu > fsym.slowest_cpu) fsym.slowest_cpu = cpu;
  if (on_budget) {
    fsym.on_budget++;
    if (r != FERRET_SAT) dump_query(b, first);
    if (*level < FSYM_GIVEN_UP) {
      bool capped = !ms || ms >= fsym.timeout_max_ms;
      *level = capped ? FSYM_GIVEN_UP : (uint8_t)(*level + 1); /* the flag kept */
      if (capped) fsym.given_up++;
    }
  }
  const char *name = NULL;
  if (r == FERRET_SAT) name = emit_input(ferret_concolic_input(fsym.cc), fsym.nbytes);
  fprintf(fsym.log, "ferret: branch %#lx %s: %s", (unsigned long)site,
          taken ? "taken" : "not taken", answer(first));
  if (optimistic) fprintf(fsym.log, ", optimistic sat");
  fprintf(fsym.log, " (%s, %.2f ms CPU of %u, %.2f ms)", stage, 1e3 * cpu, ms, 1e3 * dt);
  if (r == FERRET_SAT) {
    if (!name) fprintf(fsym.log, " (not written)");
    else if (!*name) fprintf(fsym.log, " -> test-case handler");
    else if (*name == '=') fprintf(fsym.log, " (input written before)");
    else fprintf(fsym.log, " -> new input %s", name);
  }
  fputc('\n', fsym.log);
  if (fsym.trace)
    fprintf(fsym.trace, "query %#lx %d %s %s %s\n", (unsigned long)site,
            taken != 0, answer(first), optimistic ? "optimistic" : stage,
            name && *name && *name != '=' ? name : "-");
}

/* "branch SITE TAKEN" for the trace; for an equality with a constant (a
 * value SymCC concretises, e.g. a memcpy length: always "taken", so only
 * the constant shows that a new input changed the value) also
 * "eq CONSTANT". */
static void trace_branch(ferret_term c, uintptr_t site, int taken) {
  fprintf(fsym.trace, "branch %#lx %d", (unsigned long)site, taken != 0);
  if (ferret_term_kind(fsym.f, c) == FERRET_KIND_EQ &&
      ferret_term_nargs(fsym.f, c) == 2) {
    for (size_t i = 0; i < 2; i++) {
      ferret_term a = ferret_term_arg(fsym.f, c, i);
      if (ferret_term_kind(fsym.f, a) != FERRET_KIND_CONST) continue;
      const char *text = ferret_term_string(fsym.f, a);
      if (text) fprintf(fsym.trace, " eq %s", text);
      break;
    }
  }
  fputc('\n', fsym.trace);
}

void _sym_push_path_constraint(SymExpr constraint, int taken, uintptr_t site) {
  if (!fsym.ready || !constraint || fsym.concrete) return;
  ferret_term c = fsym_as_bool(FSYM_T(constraint));
  if (!c || ferret_term_sort(fsym.f, c) != fsym.s_bool) return;
  ferret_term nc = ferret_mk_term(fsym.f, FERRET_KIND_NOT, &c, 1, NULL, 0);
  if (!nc) {
    fsym_failed("path constraint");
    return;
  }
  ferret_term held = taken ? c : nc, other = taken ? nc : c;
  if (held == fsym.t_true) return;
  if (held == fsym.t_false) {
    fsym.diverged++; /* the program went where the terms say it cannot */
    return;
  }
  fsym.branches++;
  if (fsym.trace) trace_branch(c, site, taken);
  size_t cell;
  if (!interesting(site, taken, &cell) || !fsym.solve) fsym.skipped++;
  else if (fsym.level[cell] == FSYM_GIVEN_UP) fsym.given_up_skips++;
  else flip(other, site, taken, cell);
  if (fsym.npath == fsym.path_cap) {
    size_t cap = fsym.path_cap ? 2 * fsym.path_cap : 256;
    ferret_term *p = realloc(fsym.path, cap * sizeof *p);
    if (!p) {
      fsym_enter_concrete("out of memory for the path");
      return;
    }
    fsym.path = p;
    fsym.path_cap = cap;
  }
  fsym.path[fsym.npath++] = held;
  if (fsym.cc && ferret_concolic_notify(fsym.cc, held) != FERRET_OK) {
    ferret_concolic_delete(fsym.cc);
    fsym.cc = NULL;
  }
  if (fsym.npath >= fsym.max_path) fsym_enter_concrete("path length limit");
}

bool _sym_feasible(SymExpr e) {
  ferret_term t = fsym_as_bool(FSYM_T(e));
  if (!fsym.ready || !t || fsym.concrete || !ensure_concolic()) return false;
  return ferret_concolic_solve(fsym.cc, t) == FERRET_SAT;
}

void symcc_set_test_case_handler(TestCaseHandler handler) {
  fsym.handler = handler;
}

/* ----------------------------------------------------------------- memory
 * The term store only grows (terms are hash-consed ids that instrumented
 * code holds in registers and stack slots the runtime cannot see, so none
 * can be freed safely while the program runs).  The store is bounded
 * instead: past SYMCC_FERRET_MAX_TERMS terms or SYMCC_FERRET_MAX_PATH path
 * conjuncts the execution goes on concretely (no new symbolic bytes, no
 * more queries, one placeholder term per sort).  Per-query memory is
 * ferret's arena, freed after each query. */

void fsym_enter_concrete(const char *why) {
  if (fsym.concrete) return;
  fsym.concrete = true;
  if (fsym.cc) ferret_concolic_delete(fsym.cc);
  fsym.cc = NULL;
  fprintf(fsym.log, "ferret: %s reached after %llu branches: the rest of "
          "this execution runs concretely\n", why,
          (unsigned long long)fsym.branches);
}

void _sym_collect_garbage(void) {
  /* nothing to free (see above); the limits are checked as terms are made */
}

/* ------------------------------------------------------------------ setup */

static void load_map(void) {
  if (!fsym.map_file) return;
  FILE *in = fopen(fsym.map_file, "rb");
  if (!in) return; /* first execution: the file is written at exit */
  /* virgin, level, forgot, seen; a shorter file (an older runtime's)
   * leaves the later parts zero */
  if (fread(fsym.virgin, 1, FSYM_MAP_SIZE, in) != FSYM_MAP_SIZE)
    memset(fsym.virgin, 0, FSYM_MAP_SIZE);
  else if (fread(fsym.level, 1, FSYM_MAP_SIZE, in) != FSYM_MAP_SIZE)
    memset(fsym.level, 0, FSYM_MAP_SIZE);
  else if (fread(fsym.forgot, 1, FSYM_MAP_SIZE, in) != FSYM_MAP_SIZE ||
           fread(fsym.seen, sizeof *fsym.seen, FSYM_MAP_SIZE, in) != FSYM_MAP_SIZE) {
    memset(fsym.forgot, 0, FSYM_MAP_SIZE);
    memset(fsym.seen, 0, FSYM_MAP_SIZE * sizeof *fsym.seen);
  }
  fclose(in);
}

/* Written to a file of its own beside the map and renamed over it, so an
 * execution killed while writing (a search's CPU limit, a fuzzer's
 * timeout) or another execution sharing the map never leaves it cut
 * short: a reader sees the old map or the new one. */
static void save_map(void) {
  char tmp[4096];
  int n = snprintf(tmp, sizeof tmp, "%s.%ld.tmp", fsym.map_file, (long)getpid());
  if (n < 0 || (size_t)n >= sizeof tmp) return;
  FILE *out = fopen(tmp, "wb");
  if (!out) return;
  bool ok = fwrite(fsym.virgin, 1, FSYM_MAP_SIZE, out) == FSYM_MAP_SIZE &&
            fwrite(fsym.level, 1, FSYM_MAP_SIZE, out) == FSYM_MAP_SIZE &&
            fwrite(fsym.forgot, 1, FSYM_MAP_SIZE, out) == FSYM_MAP_SIZE &&
            fwrite(fsym.seen, sizeof *fsym.seen, FSYM_MAP_SIZE, out) == FSYM_MAP_SIZE;
  ok = fclose(out) == 0 && ok;
  if (!ok || rename(tmp, fsym.map_file) != 0) unlink(tmp);
}

static void write_log(void *user, const char *text, size_t len) {
  (void)user;
  fwrite(text, 1, len, fsym.log);
}

static void print_stats(void);

static void at_exit(void) {
  if (!fsym.ready) return;
  decay_map();
  if (fsym.map_file) save_map();
  if (fsym.stats) print_stats();
  if (fsym.trace) fflush(fsym.trace);
  fflush(fsym.log);
}

static void print_stats(void) {
  fprintf(fsym.log,
          "ferret: {\"input_bytes\": %zu, \"branches\": %llu, \"queries\": "
          "%llu, \"sat\": %llu, \"unsat\": %llu, \"unknown\": %llu, "
          "\"optimistic_sat\": %llu, \"skipped\": %llu, \"duplicates\": "
          "%llu, \"new_inputs\": %llu, \"errors\": %llu, \"diverged\": "
          "%llu, \"solver_seconds\": %.6f, \"concrete\": %s, ",
          fsym.nbytes, (unsigned long long)fsym.branches,
          (unsigned long long)fsym.queries, (unsigned long long)fsym.sat,
          (unsigned long long)fsym.unsat, (unsigned long long)fsym.unknown,
          (unsigned long long)fsym.opt_sat, (unsigned long long)fsym.skipped,
          (unsigned long long)fsym.duplicates,
          (unsigned long long)fsym.files, (unsigned long long)fsym.errors,
          (unsigned long long)fsym.diverged, fsym.seconds,
          fsym.concrete ? "true" : "false");
  fprintf(fsym.log, "\"solver_cpu_seconds\": %.6f, \"slowest_cpu_ms\": %.3f, "
          "\"on_budget\": %llu, \"escalated\": %llu, \"given_up\": %llu, "
          "\"given_up_skips\": %llu, \"optimistic_no_budget\": %llu, "
          "\"optimistic_on_budget\": %llu, \"optimistic_skips\": %llu, "
          "\"repeats\": %llu, \"keys\": %zu, \"cells\": %llu, \"forgotten\": %llu, "
          "\"cpu_ms_histogram\": {\"upper\": [0.1, 1, 4, 16, 64, 256, 1024, null]",
          fsym.cpu_seconds, 1e3 * fsym.slowest_cpu,
          (unsigned long long)fsym.on_budget, (unsigned long long)fsym.escalated,
          (unsigned long long)fsym.given_up, (unsigned long long)fsym.given_up_skips,
          (unsigned long long)fsym.opt_no_budget,
          (unsigned long long)fsym.opt_on_budget,
          (unsigned long long)fsym.opt_skips,
          (unsigned long long)fsym.repeats, fsym.keys.n,
          (unsigned long long)fsym.cells, (unsigned long long)fsym.forgotten);
  static const char *const kinds[4] = {"sat", "unsat", "unknown", "optimistic_sat"};
  for (int k = 0; k < 4; k++) {
  fprintf(fsym.log, ", \"%s\": [", kinds[k]);
    for (int h = 0; h < FSYM_HIST; h++)
      fprintf(fsym.log, "%s%llu", h ? ", " : "", (unsigned long long)fsym.hist[k][h]);
    fputc(']', fsym.log);
  }
  fprintf(fsym.log, "}, \"answers_by_stage\": {");
  for (int s = 0; s < 12; s++)
  fprintf(fsym.log, "%s\"%s\": %llu", s ? ", " : "",
          stage_names[s] ? stage_names[s] : "other",
          (unsigned long long)fsym.by_stage[s]);
  fprintf(fsym.log, "}}\n");
}

void _sym_initialize(void) {
  static bool done;
  if (done) return;
  done = true;
  if (!fsym_load_config()) exit(2);
  check_env_names();
  fsym.log = stderr;
  if (fsym_log_file() && !(fsym.log = fopen(fsym_log_file(), "w")))
    die("cannot open SYMCC_LOG_FILE %s: %s", fsym_log_file(), strerror(errno));
  /* line by line, so that an execution killed at a CPU limit leaves the
   * queries it made */
  if (fsym.log != stderr) setvbuf(fsym.log, NULL, _IOLBF, 0);
  fprintf(stderr, "This is SymCC running with the ferret backend\n");
  fsym.outdir = fsym_output_dir();
  fsym.timeout_ms = (unsigned)env_num("SYMCC_FERRET_TIMEOUT_MS", 5, 86400000);
  fsym.timeout_max_ms =
      (unsigned)env_num("SYMCC_FERRET_TIMEOUT_MAX_MS", 100, 86400000);
  if (fsym.timeout_max_ms < fsym.timeout_ms) fsym.timeout_max_ms = fsym.timeout_ms;
  fsym.max_execs = (unsigned)env_num("SYMCC_FERRET_MAX_EXECS", 0, UINT32_MAX);
  fsym.optimistic = env_num("SYMCC_FERRET_OPTIMISTIC", 1, 1);
  fsym.backoff = env_num("SYMCC_FERRET_BACKOFF", 1, 1);
  fsym.decay = (unsigned)env_num("SYMCC_FERRET_BACKOFF_DECAY", 2, UINT16_MAX);
  fsym.solve = env_num("SYMCC_FERRET_SOLVE", 1, 1);
  fsym.max_terms = env_num("SYMCC_FERRET_MAX_TERMS", 20000000, UINT32_MAX - 1);
  fsym.max_path = env_num("SYMCC_FERRET_MAX_PATH", 1000000, UINT32_MAX);
  fsym.stats = env_num("SYMCC_FERRET_STATS", 0, 1);
  (void)env_num("SYMCC_FERRET_RANDOM_SEED", 1, INT32_MAX);
  const char *trace = getenv("SYMCC_FERRET_TRACE");
  if (trace && *trace && !(fsym.trace = fopen(trace, "a")))
    die("cannot open SYMCC_FERRET_TRACE %s: %s", trace, strerror(errno));
  if (fsym.trace) setvbuf(fsym.trace, NULL, _IOLBF, 0);
  fsym.map_file = fsym_afl_map();
  fsym.dump_dir = getenv("SYMCC_FERRET_DUMP");
  if (fsym.dump_dir && !*fsym.dump_dir) fsym.dump_dir = NULL;

  fsym.f = ferret_new();
  fsym.map = calloc(FSYM_MAP_SIZE, 1);
  fsym.virgin = calloc(FSYM_MAP_SIZE, 1);
  fsym.level = calloc(FSYM_MAP_SIZE, 1);
  fsym.forgot = calloc(FSYM_MAP_SIZE, 1);
  fsym.seen = calloc(FSYM_MAP_SIZE, sizeof *fsym.seen);
  fsym.ph_bv = calloc(257, sizeof *fsym.ph_bv);
  if (!fsym.f || !fsym.map || !fsym.virgin || !fsym.level || !fsym.forgot ||
      !fsym.seen || !fsym.ph_bv) {
    fprintf(stderr, "SymCC (ferret backend): out of memory at start; the "
            "program runs concretely\n");
    return;
  }
  ferret_set_diagnostic(fsym.f, write_log, NULL);
  fsym.s_bool = ferret_sort_bool(fsym.f);
  fsym.s_f32 = ferret_sort_fp(fsym.f, 8, 24);
  fsym.s_f64 = ferret_sort_fp(fsym.f, 11, 53);
  fsym.t_true = ferret_mk_bool(fsym.f, 1);
  fsym.t_false = ferret_mk_bool(fsym.f, 0);
  fsym.rm_rne = ferret_mk_rm(fsym.f, FERRET_RNE);
  fsym.rm_rtz = ferret_mk_rm(fsym.f, FERRET_RTZ);
  load_map();
  if (fsym_input_kind() != FSYM_INPUT_NONE) read_whole_input();
  fsym.ready = true;
  atexit(at_exit);
}

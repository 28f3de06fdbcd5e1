/* Physical-limit benchmark driver: (a) the natively compiled program of a
 * formula against (b) ferret's in-process evaluator, on the SAME inputs,
 * in one process, interleaved.
 *
 *   limit-eval [options] FILE.smt2
 *     --k K          inputs per set (default 4096, fewer for huge inputs)
 *     --time T       seconds per contender in total (default 0.3)
 *     --rounds R     interleaved rounds; the best round is reported (5)
 *     --encoding E   0 fail-fast, 1 try-all (must match the generated C)
 *     --layout L     0 byte-aligned, 1 bit-packed (must match the C)
 *     --seed S       input generator seed (default 1)
 *
 * Link: bench/limit-native.c compiled with -DFER_PROG=the `ferret smt2c`
 * output of FILE (same encoding and layout), this file, and
 * build/libferret.a.  Prints one JSON object on stdout; exit status 0,
 * 1 if the native and ferret verdicts disagree on some input (a bug in one
 * of the two: reported loudly on stderr), 2 on a usage or input error.
 *
 * Two input sets of K inputs each, from a fixed-seed PRNG:
 *   rand: every byte random (every slot changes between inputs);
 *   mut:  input i+1 is input i with ONE slot given a fresh random value,
 *         the access pattern of a mutation-based search (ferret's
 *         evaluator re-runs only what depends on the changed slot; the
 *         native program recomputes everything, as libFuzzer's does);
 *   spec: every slot independently a special value of its sort (zeros,
 *         infinities, NaN, extremes: fer_special_values) with probability
 *         1/2, a constant of the formula of the same width with 1/4, else
 *         random: inputs like the smart seeds, which get past more
 *         constraints (deeper evaluation, more unspecified cases).
 * Each input is held as bytes (native) and decoded ONCE into slot values
 * with fer_smt2c_decode (ferret: the engine never decodes bytes, it
 * mutates slot values).  Before timing, every input of both sets is judged
 * by both sides and the verdicts compared one by one.
 *
 * ferret is timed twice: in the evaluation mode the engine chooses for
 * the program (the headline figure; "straight": 1 for small programs,
 * src/engine/prog.h) and in the other one ("other", for comparison; its verdicts
 * are checked against native as well).
 *
 * ferret's batched evaluator (src/engine/batch.c, fer_batch_run: up to 64 inputs
 * per call, each instruction dispatched once per batch; what the
 * enumeration runs) is timed on the same decoded inputs as a third figure
 * ("batch"), its per-input transposition included; its verdicts are
 * checked against native as well.
 *
 * The native side is timed with one out-of-line call per input, and on
 * rand also with fer_check inlined into the loop (limit-native.c says why
 * the first is the reference).
 *
 * Timing: each contender runs chunks of ~10 ms (so a slow formula does not
 * blow the budget) cycling over its set until T/R seconds have passed;
 * R rounds alternate the contenders; rate = evaluations / second of the
 * best round (the least disturbed by other processes).  Seconds are
 * process CPU seconds, not wall time: on a shared machine wall time also
 * counts the time spent waiting for a core. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ferret.h"
#include "base/context.h"
#include "smt/term.h"
#include "limit.h"
#include "engine/search.h" /* fer_special_values */
#include "backends/smt2c.h"
#include "api/smt_query.h" /* the query after parse_only */

/* Cap on the slot vectors of one input set (K is lowered to fit). */
#define LIMIT_MAX_SET_BYTES ((size_t)64 << 20)
/* Target duration of one timed chunk, seconds. */
#define LIMIT_CHUNK_S 0.01

enum { SET_RAND, SET_MUT, SET_SPEC, NSETS };
static const char *const set_name[NSETS] = {"rand", "mut", "spec"};

typedef struct limit_opts {
  size_t k;
  double time;
  int rounds, encoding, layout;
  uint64_t seed;
  const char *path;
} limit_opts;

typedef struct limit_set {
  uint8_t *bytes;  /* k * nb */
  fer_u128 *slots; /* k * ns */
  uint64_t native_v[3], ferret_v[3];
  uint64_t mismatches;
  uint64_t insns;  /* ferret instructions run in the checking pass */
  double native_pass, ferret_pass; /* seconds for one pass (checking) */
  double native_best, ferret_best; /* evaluations/s, best round */
  double inline_best;              /* native, fer_check inlined (rand) */
  double other_best;               /* ferret in the other mode */
  uint64_t other_mismatches;       /* its verdicts against native */
  double batch_best;               /* ferret's batched evaluator */
  uint64_t batch_mismatches;       /* its verdicts against native */
} limit_set;

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* splitmix64: the input generator (fixed seed: every run, every file and
 * both contenders see the same byte stream). */
static uint64_t next_rand(uint64_t *s) {
  uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

/* HOT: ferret's evaluator on one input, with the verdict of the generated
 * program: 0 if a constraint is false (fail-fast stops there), else 2 if
 * an operation hit an unspecified case, else 1. */
static int ferret_verdict(fer_exec *x, const fer_u128 *in, bool try_all) {
  const fer_prog *p = x->p;
  fer_exec_load(x, in);
  uint32_t n = (uint32_t)p->cons.size;
  bool all = true;
  for (uint32_t c = 0; c < n; c++) {
    if (fer_exec_cons(x, c)) continue;
    all = false;
    if (!try_all) break;
  }
  if (!all) return 0;
  if (p->may_unspec)
    for (uint32_t c = 0; c < n; c++)
      if (fer_exec_cons_unspec(x, c)) return 2;
  return 1;
}

static void ferret_run(fer_exec *x, const fer_u128 *in, size_t k, size_t ns,
                       bool try_all, uint64_t counts[3]) {
  for (size_t i = 0; i < k; i++)
    counts[ferret_verdict(x, in + i * ns, try_all)]++;
}

/* HOT: ferret's batched evaluator (src/engine/batch.c) on k inputs, FER_LANES
 * at a time (fewer for a large register file); verdicts as ferret_verdict.
 * If `v` is not NULL, every verdict is also stored there. */
static void batch_run(fer_batch *b, const fer_u128 *in, size_t k, size_t ns,
                      bool try_all, uint64_t counts[3], int *v) {
  const fer_prog *p = b->p;
  uint32_t nc = (uint32_t)p->cons.size, nsat[FER_LANES];
  for (size_t i = 0; i < k; i += b->lanes) {
    uint32_t n = k - i < b->lanes ? (uint32_t)(k - i) : b->lanes;
    fer_batch_run(b, in + i * ns, n, NULL, try_all, nsat, NULL);
    /* without branches: the verdicts vary from lane to lane */
    uint32_t us = p->may_unspec;
    for (uint32_t l = 0; l < n; l++) {
      uint32_t r = (uint32_t)(nsat[l] >= nc) << (us & b->unspec[l]);
      counts[r]++;
      if (v) v[i + l] = (int)r;
    }
  }
}

/* Input sets: rand, then mut derived from rand's decoded values. */
static int make_sets(const limit_opts *o, const fer_smt2c_unit *u, size_t k,
                     size_t nb, size_t ns, limit_set *sets) {
  uint64_t s = o->seed;
  for (int i = 0; i < NSETS; i++) {
    sets[i].bytes = calloc(k * nb, 1);
    sets[i].slots = calloc(k * ns, sizeof(fer_u128));
    if (!sets[i].bytes || !sets[i].slots) return 0;
  }
  limit_set *r = &sets[SET_RAND], *m = &sets[SET_MUT];
  for (size_t j = 0; j < k * nb; j++) r->bytes[j] = (uint8_t)(next_rand(&s) >> 56);
  for (size_t i = 0; i < k; i++)
    fer_smt2c_decode(u, r->bytes + i * nb, r->slots + i * ns);
  /* mut: start from rand[0]; step i replaces one random slot by rand[i]'s
   * value of that slot (a valid value of its sort).  The bytes are then
   * encoded and decoded again, so both sides read exactly the same. */
  fer_u128 *cur = calloc(ns, sizeof *cur);
  if (!cur) return 0;
  memcpy(cur, r->slots, ns * sizeof *cur);
  for (size_t i = 0; i < k; i++) {
    if (i > 0 && u->prog.nslots > 0) {
      uint32_t j = (uint32_t)(next_rand(&s) % u->prog.nslots);
      cur[j] = r->slots[i * ns + j];
    }
    fer_smt2c_encode(u, cur, m->bytes + i * nb);
    fer_smt2c_decode(u, m->bytes + i * nb, m->slots + i * ns);
  }
  free(cur);
  /* spec: per slot, special value (1/2), formula constant of the same
   * width (1/4, else special), random (1/4, rand's value). */
  limit_set *sp = &sets[SET_SPEC];
  const fer_prog *p = &u->prog;
  fer_u128 *val = calloc(ns, sizeof *val), specials[64];
  if (!val) return 0;
  for (size_t i = 0; i < k; i++) {
    for (uint32_t j = 0; j < p->nslots; j++) {
      const fer_slot *sl = &p->slots.data[j];
      uint64_t z = next_rand(&s);
      val[j] = r->slots[i * ns + j];
      if ((z & 3) == 3) continue;
      if ((z & 3) == 2) {
        uint32_t nd = 0; /* constants of this width */
        for (size_t d = 0; d < p->dict_val.size; d++) nd += p->dict_bits.data[d] == sl->bits;
        if (nd) {
          uint32_t pick = (uint32_t)((z >> 8) % nd);
          for (size_t d = 0; d < p->dict_val.size; d++)
            if (p->dict_bits.data[d] == sl->bits && pick-- == 0) val[j] = p->dict_val.data[d];
          continue;
        }
      }
      uint32_t n = fer_special_values(sl, specials, 64);
      if (n) val[j] = specials[(z >> 8) % n];
    }
    fer_smt2c_encode(u, val, sp->bytes + i * nb);
    fer_smt2c_decode(u, sp->bytes + i * nb, sp->slots + i * ns);
  }
  free(val);
  return 1;
}

/* Judge every input of a set on both sides; count verdicts and
 * disagreements, and time one pass of each. */
static void check_set(const char *name, limit_set *st, fer_exec *x, size_t k,
                      size_t nb, size_t ns, bool try_all) {
  double t0 = now();
  for (size_t i = 0; i < k; i++) {
    int v = limit_native_check(st->bytes + i * nb);
    st->native_v[v]++;
  }
  double t1 = now();
  uint64_t insns0 = x->insns;
  for (size_t i = 0; i < k; i++) st->ferret_v[ferret_verdict(x, st->slots + i * ns, try_all)]++;
  double t2 = now();
  st->insns = x->insns - insns0;
  st->native_pass = t1 - t0, st->ferret_pass = t2 - t1;
  /* again, one by one, now with the evaluator coming from the last input
   * instead of from nothing (incremental state must not change a verdict) */
  for (size_t i = 0; i < k; i++) {
    int vn = limit_native_check(st->bytes + i * nb);
    int vf = ferret_verdict(x, st->slots + i * ns, try_all);
    if (vn == vf) continue;
    if (st->mismatches++ < 5) {
      fprintf(stderr, "limit-eval: MISMATCH (%s set, input %zu): native %d, ferret %d; bytes", name, i, vn, vf);
      for (size_t j = 0; j < nb; j++) fprintf(stderr, " %02x", st->bytes[i * nb + j]);
      fprintf(stderr, "\n");
    }
  }
}

/* The evaluator in the mode it does not choose for this program
 * (straight or incremental, src/engine/prog.h): its verdicts against native. */
static void check_other(limit_set *st, fer_exec *y, size_t k, size_t nb,
                        size_t ns, bool try_all) {
  for (size_t i = 0; i < k; i++)
    if (limit_native_check(st->bytes + i * nb) !=
        ferret_verdict(y, st->slots + i * ns, try_all))
      st->other_mismatches++;
}

/* The batched evaluator's verdicts against native. */
static int check_batch(limit_set *st, fer_batch *b, size_t k, size_t nb,
                       size_t ns, bool try_all) {
  int *v = malloc(k * sizeof *v);
  uint64_t counts[3] = {0, 0, 0};
  if (!v) return 0;
  batch_run(b, st->slots, k, ns, try_all, counts, v);
  for (size_t i = 0; i < k; i++)
    if (limit_native_check(st->bytes + i * nb) != v[i]) st->batch_mismatches++;
  free(v);
  return 1;
}

/* Number of inputs per ~LIMIT_CHUNK_S, from one timed pass of k inputs. */
static size_t chunk_of(size_t k, double pass) {
  if (pass <= 0) return k;
  double c = (double)k * LIMIT_CHUNK_S / pass;
  return c >= (double)k ? k : c < 1 ? 1 : (size_t)c;
}

typedef void limit_run_fn(const uint8_t *, size_t, size_t, uint64_t[3]);

/* Evaluations per second of one contender over `budget` seconds. */
static double time_native(limit_run_fn *run, const limit_set *st, size_t k,
                          size_t nb, size_t chunk, double budget) {
  uint64_t counts[3] = {0, 0, 0}, n = 0;
  size_t pos = 0;
  double t0 = now(), t;
  do {
    size_t c = chunk < k - pos ? chunk : k - pos;
    run(st->bytes + pos * nb, c, nb, counts);
    n += c, pos = (pos + c) % k;
  } while ((t = now() - t0) < budget);
  return (double)n / t;
}

static double time_ferret(const limit_set *st, fer_exec *x, size_t k,
                          size_t ns, size_t chunk, double budget,
                          bool try_all) {
  uint64_t counts[3] = {0, 0, 0}, n = 0;
  size_t pos = 0;
  double t0 = now(), t;
  do {
    size_t c = chunk < k - pos ? chunk : k - pos;
    ferret_run(x, st->slots + pos * ns, c, ns, try_all, counts);
    n += c, pos = (pos + c) % k;
  } while ((t = now() - t0) < budget);
  return (double)n / t;
}

static double time_batch(const limit_set *st, fer_batch *b, size_t k,
                         size_t ns, size_t chunk, double budget, bool try_all) {
  uint64_t counts[3] = {0, 0, 0}, n = 0;
  size_t pos = 0;
  double t0 = now(), t;
  do {
    size_t c = chunk < k - pos ? chunk : k - pos;
    batch_run(b, st->slots + pos * ns, c, ns, try_all, counts, NULL);
    n += c, pos = (pos + c) % k;
  } while ((t = now() - t0) < budget);
  return (double)n / t;
}

static int usage(const char *msg) {
  fprintf(stderr, "limit-eval: %s\nusage: limit-eval [--k K] [--time T] [--rounds R] "
                  "[--encoding 0|1] [--layout 0|1] [--seed S] FILE\n", msg);
  return 2;
}

static int parse_args(int argc, char **argv, limit_opts *o) {
  *o = (limit_opts){4096, 0.3, 5, 0, 0, 1, NULL};
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    bool val = i + 1 < argc;
    if (!strcmp(a, "--k") && val) o->k = strtoull(argv[++i], NULL, 10);
    else if (!strcmp(a, "--time") && val) o->time = strtod(argv[++i], NULL);
    else if (!strcmp(a, "--rounds") && val) o->rounds = atoi(argv[++i]);
    else if (!strcmp(a, "--encoding") && val) o->encoding = atoi(argv[++i]);
    else if (!strcmp(a, "--layout") && val) o->layout = atoi(argv[++i]);
    else if (!strcmp(a, "--seed") && val) o->seed = strtoull(argv[++i], NULL, 10);
    else if (a[0] == '-' || o->path) return usage("bad arguments");
    else o->path = a;
  }
  if (!o->path) return usage("no input file");
  if (o->k < 1 || o->time <= 0 || o->rounds < 1 || o->encoding < 0 ||
      o->encoding > 1 || o->layout < 0 || o->layout > 1)
    return usage("option out of range");
  return 0;
}

static void json_counts(const char *key, const uint64_t v[3]) {
  printf(", \"%s\": [%llu, %llu, %llu]", key, (unsigned long long)v[0],
         (unsigned long long)v[1], (unsigned long long)v[2]);
}

/* Everything after the formula is prepared: returns the exit status. */
static int bench(const limit_opts *o, ferret *f, fer_smt2c_unit *u,
                 double prep_s) {
  const fer_prog *p = &u->prog;
  size_t nb = u->input_bytes, ns = p->nslots;
  bool trivial = u->pre.unsat || p->cons.size == 0;
  printf("{\"encoding\": %d, \"layout\": %d, \"slots\": %zu, "
         "\"input_bytes\": %zu, \"constraints\": %zu, \"instructions\": %zu, "
         "\"blocks\": %zu, \"pre_unsat\": %d, \"trivial\": %d, \"prep_s\": %.6f",
         o->encoding, o->layout, ns, nb, p->cons.size, p->code.size, p->blocks.size,
         (int)u->pre.unsat, (int)trivial, prep_s);
  if (limit_native_bytes() != nb) {
    printf(", \"error\": \"native program reads %zu bytes, ferret %zu\"}\n",
           limit_native_bytes(), nb);
    fprintf(stderr, "limit-eval: MISMATCH: the native program reads %zu input bytes, "
                    "ferret's unit %zu (not the same formula/layout?)\n",
            limit_native_bytes(), nb);
    return 1;
  }
  if (trivial) {
    /* Nothing to evaluate: preprocessing decided the formula. */
    printf("}\n");
    return 0;
  }
  size_t k = o->k, per = (nb > ns * sizeof(fer_u128) ? nb : ns * sizeof(fer_u128));
  if (per && k * per > LIMIT_MAX_SET_BYTES) k = LIMIT_MAX_SET_BYTES / per;
  if (k < 1) k = 1;
  size_t nbs = nb ? nb : 1, nss = ns ? ns : 1; /* strides; never 0 */
  limit_set sets[NSETS];
  memset(sets, 0, sizeof sets);
  fer_exec x, y; /* y: the same program in the other evaluation mode */
  fer_batch bt;
  int rc = 0;
  memset(&x, 0, sizeof x);
  memset(&y, 0, sizeof y);
  memset(&bt, 0, sizeof bt);
  if (!make_sets(o, u, k, nbs, nss, sets) || !fer_exec_init(f, &x, p) ||
      !fer_exec_init_mode(f, &y, p, !x.straight) || !fer_batch_init(f, &bt, p)) {
    printf(", \"error\": \"out of memory\"}\n");
    fer_exec_release(f, &x);
    fer_exec_release(f, &y);
    fer_batch_release(f, &bt);
    for (int i = 0; i < NSETS; i++) free(sets[i].bytes), free(sets[i].slots);
    return 2;
  }
  bool try_all = o->encoding == 1;
  for (int i = 0; i < NSETS; i++) {
    check_set(set_name[i], &sets[i], &x, k, nbs, nss, try_all);
    check_other(&sets[i], &y, k, nbs, nss, try_all);
    if (!check_batch(&sets[i], &bt, k, nbs, nss, try_all)) sets[i].batch_mismatches = k;
  }
  for (int r = 0; r < o->rounds; r++) {
    double b = o->time / o->rounds;
    for (int i = 0; i < NSETS; i++) {
      limit_set *st = &sets[i];
      size_t cn = chunk_of(k, st->native_pass);
      double n = time_native(limit_native_run, st, k, nbs, cn, b);
      double fr = time_ferret(st, &x, k, nss, chunk_of(k, st->ferret_pass), b, try_all);
      double fo = time_ferret(st, &y, k, nss, chunk_of(k, st->ferret_pass), b, try_all);
      double fb = time_batch(st, &bt, k, nss, chunk_of(k, st->ferret_pass), b, try_all);
      if (n > st->native_best) st->native_best = n;
      if (fb > st->batch_best) st->batch_best = fb;
      if (fr > st->ferret_best) st->ferret_best = fr;
      if (fo > st->other_best) st->other_best = fo;
      if (i == SET_RAND) {
        double ni = time_native(limit_native_run_inline, st, k, nbs, cn, b);
        if (ni > st->inline_best) st->inline_best = ni;
      }
    }
  }
  printf(", \"k\": %zu, \"straight\": %d, \"straight_code\": %zu, "
         "\"batch_lanes\": %u, \"rand_native_inline_eps\": %.1f",
         k, (int)x.straight, x.straight ? x.nscode : y.nscode, bt.lanes,
         sets[SET_RAND].inline_best);
  for (int i = 0; i < NSETS; i++) {
    limit_set *st = &sets[i];
    char key[64];
    printf(", \"%s_native_eps\": %.1f, \"%s_ferret_eps\": %.1f, \"%s_ratio\": %.4f",
           set_name[i], st->native_best, set_name[i], st->ferret_best,
           set_name[i], st->ferret_best / st->native_best);
    printf(", \"%s_ferret_insns_per_eval\": %.2f", set_name[i], (double)st->insns / (double)k);
    printf(", \"%s_other_eps\": %.1f, \"%s_other_mismatches\": %llu", set_name[i],
           st->other_best, set_name[i], (unsigned long long)st->other_mismatches);
    printf(", \"%s_batch_eps\": %.1f, \"%s_batch_ratio\": %.4f, \"%s_batch_mismatches\": %llu",
           set_name[i], st->batch_best, set_name[i], st->batch_best / st->native_best,
           set_name[i], (unsigned long long)st->batch_mismatches);
    snprintf(key, sizeof key, "%s_native_verdicts", set_name[i]);
    json_counts(key, st->native_v);
    snprintf(key, sizeof key, "%s_ferret_verdicts", set_name[i]);
    json_counts(key, st->ferret_v);
    printf(", \"%s_mismatches\": %llu", set_name[i], (unsigned long long)st->mismatches);
    if (st->mismatches || st->other_mismatches || st->batch_mismatches ||
        memcmp(st->native_v, st->ferret_v, sizeof st->native_v))
      rc = 1;
  }
  printf("}\n");
  if (rc)
    fprintf(stderr, "limit-eval: MISMATCH between the native program and ferret's "
                    "evaluator on %s: a bug in one of them\n", o->path);
  fer_exec_release(f, &x);
  fer_exec_release(f, &y);
  fer_batch_release(f, &bt);
  for (int i = 0; i < NSETS; i++) free(sets[i].bytes), free(sets[i].slots);
  return rc;
}

int main(int argc, char **argv) {
  limit_opts o;
  int rc = parse_args(argc, argv, &o);
  if (rc) return rc;
  ferret *f = ferret_new();
  if (!f) return 2;
  char v[2] = {0, 0};
  v[0] = (char)('0' + o.layout);
  double t0 = now();
  if (ferret_set_option(f, "parse_only", "1") != FERRET_OK ||
      ferret_set_option(f, "layout", v) != FERRET_OK ||
      ferret_execute_file(f, o.path) != FERRET_OK) {
    fprintf(stderr, "limit-eval: %s: %s\n", o.path, ferret_error(f)->message);
    ferret_delete(f);
    return 2;
  }
  const fer_term *a;
  size_t n;
  fer_smt_query(f, &a, &n);
  fer_smt2c_unit u;
  fer_smt2c_init(&u);
  u.layout = o.layout;
  if (fer_smt2c_prepare(f, a, n, &u) != FERRET_OK) {
    fprintf(stderr, "limit-eval: %s: %s\n", o.path, ferret_error(f)->message);
    rc = 2;
  } else {
    fer_env_enter(); /* the FP environment of a search (internal.h) */
    rc = bench(&o, f, &u, now() - t0);
    fer_env_leave();
  }
  fer_smt2c_release(f, &u);
  ferret_delete(f);
  return rc;
}

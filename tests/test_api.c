/* The public API's edges: misuse through the abort hook, and every
 * allocation failing in turn (a counted allocator: no crash, no leak, a
 * limit error). */
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

#include "ferret.h"
#include "test.h"

/* ------------------------------------------------------------ misuse */

static jmp_buf misuse_jump;
static const char *misuse_function;

/* The hook must not return (the library aborts when it does). */
static void misuse_hook(void *user, const char *function, const char *message) {
  (void)user, (void)message;
  misuse_function = function;
  longjmp(misuse_jump, 1);
}

static void quiet(void *user, const char *text, size_t len) {
  (void)user, (void)text, (void)len;
}

#define MISUSE(F, NAME, CALL)                                               \
  do {                                                                      \
    misuse_function = NULL;                                                 \
    if (!setjmp(misuse_jump)) {                                             \
      CALL;                                                                 \
      CHECK_MSG(0, "%s: misuse not caught", NAME);                          \
    } else {                                                                \
      CHECK_STR(misuse_function, NAME);                                     \
    }                                                                       \
  } while (0)

TEST(api_misuse_reaches_the_abort_hook) {
  ferret *f = ferret_new();
  ferret_set_output(f, quiet, NULL);
  ferret_set_diagnostic(f, quiet, NULL);
  ferret_set_abort_hook(f, misuse_hook, NULL);
  MISUSE(f, "ferret_set_output", ferret_set_output(f, NULL, NULL));
  MISUSE(f, "ferret_set_diagnostic", ferret_set_diagnostic(f, NULL, NULL));
  MISUSE(f, "ferret_set_option", ferret_set_option(f, NULL, "1"));
  MISUSE(f, "ferret_set_option", ferret_set_option(f, "seed", NULL));
  MISUSE(f, "ferret_get_option", ferret_get_option(f, NULL));
  MISUSE(f, "ferret_set_seeds", ferret_set_seeds(f, NULL, 4));
  MISUSE(f, "ferret_execute", ferret_execute(f, "t", NULL, 5));
  MISUSE(f, "ferret_feed", ferret_feed(f, "t", NULL, 3));
  MISUSE(f, "ferret_execute_file", ferret_execute_file(f, NULL));
  MISUSE(f, "ferret_get_sample_info", ferret_get_sample_info(f, NULL));
  /* and the context still works after the misuses */
  CHECK(ferret_execute(f, "t", "(declare-const x Bool)(assert x)(check-sat)",
                       43) == FERRET_OK);
  CHECK(ferret_last_result(f) == FERRET_SAT);
  /* allowed edge cases: empty texts, NULL source names, NULL delete */
  CHECK(ferret_execute(f, NULL, NULL, 0) == FERRET_OK);
  CHECK(ferret_set_seeds(f, NULL, 0) == FERRET_OK);
  ferret_delete(f);
  ferret_delete(NULL);
}

/* ------------------------------------------------- constants' bits */

typedef struct sample_bits {
  ferret *f;
  int n;
  uint64_t mask; /* bit v set for each value v below 64 */
} sample_bits;

static int collect_bits(void *user, const ferret_sample_item *it) {
  sample_bits *sb = user;
  uint64_t v = 99;
  if (it->nvars == 1 && it->values &&
      ferret_term_bits(sb->f, it->values[0], &v, 1) == FERRET_OK && v < 64)
    sb->mask |= (uint64_t)1 << v;
  sb->n++;
  return 0;
}

/* ferret_term_bits reads back what the store keeps: bits above a BV's
 * width dropped, an FP NaN made canonical, a constant read from text equal
 * to its bits, every sort kind with values, and refusals that are errors
 * (not a constant, too few limbs) or misuse (no such term). */
TEST(api_term_bits_of_constants) {
  ferret *f = ferret_new();
  ferret_set_output(f, quiet, NULL);
  ferret_set_diagnostic(f, quiet, NULL);
  ferret_sort b8 = ferret_sort_bv(f, 8), b100 = ferret_sort_bv(f, 100);
  ferret_sort f32 = ferret_sort_fp(f, 8, 24), f128 = ferret_sort_fp(f, 15, 113);
  uint64_t v[3] = {0, 0, 0};
  CHECK(ferret_term_bits(f, ferret_mk_bits64(f, b8, 0x1ff), v, 1) == FERRET_OK);
  CHECK_EQ_U(v[0], 0xff);
  uint64_t wide[2] = {0x0123456789abcdefu, 0xfffffffffffffffu};
  v[2] = 7; /* must be cleared */
  CHECK(ferret_term_bits(f, ferret_mk_bits(f, b100, wide, 2), v, 3) == FERRET_OK);
  CHECK_EQ_U(v[0], 0x0123456789abcdefu);
  CHECK_EQ_U(v[1], 0xfffffffffu); /* 36 bits above the first 64 */
  CHECK_EQ_U(v[2], 0);            /* limbs past the value are cleared */
  /* a signalling NaN pattern comes back as the canonical NaN 0x7fc00000 */
  CHECK(ferret_term_bits(f, ferret_mk_bits64(f, f32, 0xff800001u), v, 1) ==
        FERRET_OK);
  CHECK_EQ_U(v[0], 0x7fc00000u);
  /* -1.5 in Float128: sign, exponent 0x3fff, top stored bit */
  uint64_t q[2] = {0, 0xbfff800000000000u};
  CHECK(ferret_term_bits(f, ferret_mk_bits(f, f128, q, 2), v, 2) == FERRET_OK);
  CHECK_EQ_U(v[1], 0xbfff800000000000u);
  CHECK_EQ_U(v[0], 0);
  CHECK(ferret_term_bits(f, ferret_mk_bool(f, 1), v, 1) == FERRET_OK && v[0] == 1);
  CHECK(ferret_term_bits(f, ferret_mk_bool(f, 0), v, 1) == FERRET_OK && v[0] == 0);
  CHECK(ferret_term_bits(f, ferret_mk_rm(f, FERRET_RTN), v, 1) == FERRET_OK);
  CHECK_EQ_U(v[0], 3);
  /* constants read from text: 2.0f and #b101 */
  const char *two = "(fp #b0 #b10000000 #b00000000000000000000000)";
  CHECK(ferret_term_bits(f, ferret_parse_term(f, two, strlen(two)), v, 1) ==
        FERRET_OK);
  CHECK_EQ_U(v[0], 0x40000000u);
  CHECK(ferret_term_bits(f, ferret_parse_term(f, "#b101", 5), v, 1) == FERRET_OK);
  CHECK_EQ_U(v[0], 5);
  /* the values of samples are constants: y < 3 has three solutions */
  const char *script = "(declare-const y (_ BitVec 8))"
                       "(assert (bvult y #x03))";
  CHECK(ferret_execute(f, "t", script, strlen(script)) == FERRET_OK);
  ferret_sample_options so;
  ferret_sample_options_init(&so);
  so.count = 5;
  sample_bits seen = {f, 0, 0};
  ferret_result r = FERRET_UNKNOWN;
  CHECK(ferret_sample(f, &so, collect_bits, &seen, &r) == FERRET_OK);
  CHECK(r == FERRET_SAT && seen.n == 3);
  CHECK_EQ_U(seen.mask, 0x7); /* 0, 1 and 2, each once */
  /* refusals */
  ferret_term x = ferret_mk_var(f, "x", b8);
  ferret_term sum_args[2] = {x, ferret_mk_bits64(f, b8, 1)};
  ferret_term sum = ferret_mk_term(f, FERRET_KIND_BVADD, sum_args, 2, NULL, 0);
  CHECK(ferret_term_bits(f, x, v, 1) == FERRET_ERROR_SORT);
  CHECK(strstr(ferret_error(f)->message, "VAR") ||
        strstr(ferret_error(f)->message, "not a constant"));
  CHECK(ferret_term_bits(f, sum, v, 1) == FERRET_ERROR_SORT);
  CHECK(ferret_term_bits(f, ferret_mk_bits(f, b100, wide, 2), v, 1) ==
        FERRET_ERROR_LIMIT);
  ferret_set_abort_hook(f, misuse_hook, NULL);
  MISUSE(f, "ferret_term_bits", ferret_term_bits(f, 0, v, 1));
  MISUSE(f, "ferret_term_bits", ferret_term_bits(f, x, NULL, 1));
  ferret_delete(f);
}

/* -------------------------------------------------- failing allocator */

typedef struct counted {
  long calls, fail_at; /* the fail_at-th call that allocates fails */
  long live;           /* blocks allocated and not freed */
  bool failed;
} counted;

static void *counted_alloc(void *user, void *p, size_t old_size,
                           size_t new_size) {
  counted *c = user;
  (void)old_size;
  if (!new_size) {
    if (p) c->live--, free(p);
    return NULL;
  }
  if (++c->calls == c->fail_at) {
    c->failed = true;
    return NULL;
  }
  void *q = realloc(p, new_size);
  if (q && !p) c->live++;
  return q;
}

/* Run `script` with the k-th allocation failing, for k = 1, 2, ... until a
 * run no longer meets the failure.  Every run must end without a crash or
 * a leak, with the status of a run without failure (`clean`), or
 * FERRET_ERROR_LIMIT, or FERRET_ERROR_COMMAND (a get-value refused after
 * a check-sat that ran out of memory answered unknown).  Returns the
 * number of runs. */
typedef ferret_status (*run_fn)(ferret *, const char *name,
                               const char *script);

static ferret_status run_script(ferret *f, const char *name,
                                const char *script) {
  return ferret_execute(f, name, script, strlen(script));
}

static long fail_in_turn(const char *name, const char *script,
                         ferret_status clean, run_fn run) {
  long k = 1, runs = 0;
  for (;; runs++) {
    counted c = {0, k, 0, false};
    ferret *f = ferret_new_with_allocator(counted_alloc, &c);
    ferret_status st = FERRET_ERROR_LIMIT; /* ferret_new said NULL */
    if (f) {
      ferret_set_output(f, quiet, NULL);
      ferret_set_diagnostic(f, quiet, NULL);
      ferret_set_option(f, "max_execs", "200000");
      st = run(f, name, script);
      if (c.failed) ferret_print_stats(f);
      ferret_delete(f);
    }
    CHECK_MSG(c.live == 0, "%s: %ld blocks leaked with allocation %ld failing",
              name, c.live, k);
    if (!c.failed) break; /* the whole run needed fewer allocations */
    CHECK_MSG(st == clean || st == FERRET_ERROR_LIMIT ||
                  st == FERRET_ERROR_COMMAND,
              "%s: status %d with allocation %ld failing", name, (int)st, k);
    /* dense at first, then a stride: these scripts run a search of up to
     * 200000 executions; tests/test_oom.c fails every allocation with no
     * stride, through each job, on smaller inputs */
    k += k < 400 ? 1 : k / 50;
    if (k > 20000) break;
  }
  return runs;
}

TEST(api_every_allocation_failing_in_turn) {
  static const struct {
    const char *name, *script;
    ferret_status clean;
  } cases[] = {
      {"fp-sat", "(set-logic QF_FP)(declare-const x Float32)(declare-const y Float32)"
                 "(assert (fp.gt (fp.add RNE x y) ((_ to_fp 8 24) RNE 10.5)))"
                 "(assert (fp.isNormal y))(check-sat)(get-model)", FERRET_OK},
      {"push-pop", "(set-logic QF_BV)(declare-const a (_ BitVec 8))(push 1)"
                   "(define-fun d ((x (_ BitVec 8))) (_ BitVec 8) (bvadd x x))"
                   "(assert (= (d a) #x10))(check-sat)(get-value (a))(pop 1)"
                   "(check-sat)", FERRET_OK},
      {"bv-unsat", "(set-logic QF_BV)(declare-const a (_ BitVec 8))"
                   "(assert (= (bvmul a a) #x03))(check-sat)", FERRET_OK},
      {"parse-error", "(set-logic QF_BV)(declare-const a (_ BitVec 8))"
                      "(assert (= a #x00))(assert (bvult a #x10)(check-sat)",
       FERRET_ERROR_PARSE},
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    long runs = fail_in_turn(cases[i].name, cases[i].script, cases[i].clean,
                             run_script);
    CHECK_MSG(runs > 10, "%s: only %ld runs", cases[i].name, runs);
  }
}

/* The term-building API under the same failing allocator: a float query
 * built term by term, checked, its values read; the first failing call's
 * status is the run's. */
static ferret_status run_terms(ferret *f, const char *name,
                               const char *script) {
  (void)name, (void)script;
  ferret_sort f32 = ferret_sort_fp(f, 8, 24), b8 = ferret_sort_bv(f, 8);
  if (!f32 || !b8) return ferret_error(f)->status;
  ferret_term x = ferret_mk_var(f, "x", f32), k = ferret_mk_var(f, "k", b8);
  ferret_term rne = ferret_mk_rm(f, FERRET_RNE);
  ferret_term c = ferret_mk_bits64(f, f32, 0x41280000); /* 10.5 */
  ferret_term conv_args[2] = {rne, k};
  uint32_t idx[2] = {8, 24};
  ferret_term kf = ferret_mk_term(f, FERRET_KIND_TO_FP_UBV, conv_args, 2, idx, 2);
  ferret_term sum_args[3] = {rne, x, kf};
  ferret_term sum = ferret_mk_term(f, FERRET_KIND_FP_ADD, sum_args, 3, NULL, 0);
  ferret_term gt_args[2] = {sum, c};
  ferret_term gt = ferret_mk_term(f, FERRET_KIND_FP_GT, gt_args, 2, NULL, 0);
  if (!gt || !ferret_term_string(f, gt)) return ferret_error(f)->status;
  ferret_status st;
  if ((st = ferret_push(f, 1)) || (st = ferret_assert(f, gt))) return st;
  if (ferret_check_sat(f) != FERRET_SAT) return FERRET_ERROR_LIMIT;
  uint64_t v;
  if ((st = ferret_get_value(f, sum, &v, 1, NULL))) return st;
  return ferret_pop(f, 1);
}

TEST(api_term_building_with_every_allocation_failing) {
  long runs = fail_in_turn("terms", "", FERRET_OK, run_terms);
  CHECK_MSG(runs > 10, "terms: only %ld runs", runs);
}

/* Arrays, an uninterpreted sort and a function through the API under the
 * failing allocator, up to the values as text. */
static ferret_status run_arrays(ferret *f, const char *name,
                                const char *script) {
  (void)name, (void)script;
  ferret_sort b8 = ferret_sort_bv(f, 8), f32 = ferret_sort_fp(f, 8, 24);
  ferret_sort U = b8 && f32 ? ferret_sort_uninterpreted(f, "U") : 0;
  ferret_sort A = U ? ferret_sort_array(f, b8, f32) : 0;
  if (!A) return ferret_error(f)->status;
  ferret_sort dom[2] = {b8, U};
  ferret_term a = ferret_mk_var(f, "a", A), i = ferret_mk_var(f, "i", b8);
  ferret_term u = ferret_mk_var(f, "u", U);
  ferret_term g = ferret_mk_fun(f, "g", dom, 2, b8);
  ferret_term one = ferret_mk_bits64(f, f32, 0x3f800000);
  uint32_t asort = A;
  ferret_term ca =
      ferret_mk_term(f, FERRET_KIND_CONST_ARRAY, &one, 1, &asort, 1);
  ferret_term st_args[3] = {ca, i, one}, gargs[3] = {g, i, u};
  ferret_term st = ferret_mk_term(f, FERRET_KIND_STORE, st_args, 3, NULL, 0);
  ferret_term eq_args[2] = {a, st};
  ferret_term eq = ferret_mk_term(f, FERRET_KIND_EQ, eq_args, 2, NULL, 0);
  ferret_term gi = ferret_mk_term(f, FERRET_KIND_APPLY, gargs, 3, NULL, 0);
  ferret_term ge_args[2] = {gi, i};
  ferret_term ge = ferret_mk_term(f, FERRET_KIND_EQ, ge_args, 2, NULL, 0);
  if (!eq || !ge) return ferret_error(f)->status;
  ferret_status st_ = ferret_assert(f, eq);
  if (st_ || (st_ = ferret_assert(f, ge))) return st_;
  if (ferret_check_sat(f) != FERRET_SAT) return FERRET_ERROR_LIMIT;
  if (!ferret_get_value_string(f, a, NULL) ||
      !ferret_get_value_string(f, g, NULL))
    return ferret_error(f)->status;
  return FERRET_OK;
}

TEST(api_arrays_and_functions_with_every_allocation_failing) {
  long runs = fail_in_turn("arrays", "", FERRET_OK, run_arrays);
  CHECK_MSG(runs > 10, "arrays: only %ld runs", runs);
}

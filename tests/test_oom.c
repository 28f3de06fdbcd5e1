/* Out of memory through every job: solve, sample, concolic and hunt (gen
 * mode) run on small inputs with the k-th allocation failing, for EVERY k
 * from 1 until a run no longer meets the failure (no stride).  Each run
 * must
 *   - give an answer that is unknown or right, never wrong (a sat model is
 *     checked against values worked out by hand, an unsat formula never
 *     answers sat);
 *   - leave an error record when a call fails: the status it returned and
 *     a message;
 *   - give back every byte: the allocator counts bytes and blocks, and
 *     checks that each old_size the library passes is the size it asked
 *     for (a wrong one would corrupt a user allocator's accounting). */
#include <dirent.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ferret.h"
#include "test.h"

/* Each block carries its size in a header, so old_size can be checked. */
typedef struct oom {
  long calls, fail_at;  /* the fail_at-th allocating call fails */
  bool failed;
  long blocks;          /* live blocks */
  long long bytes;      /* live bytes */
  long bad_sizes;       /* frees or reallocs with a wrong old_size */
} oom;

enum { HDR = 16 };

static void *oom_alloc(void *user, void *p, size_t old_size, size_t new_size) {
  oom *c = user;
  unsigned char *h = p ? (unsigned char *)p - HDR : NULL;
  if (h) {
    size_t had;
    memcpy(&had, h, sizeof had);
    c->bad_sizes += had != old_size;
  }
  if (!new_size) {
    if (h) c->blocks--, c->bytes -= (long long)old_size, free(h);
    return NULL;
  }
  if (++c->calls == c->fail_at) {
    c->failed = true;
    return NULL;
  }
  unsigned char *q = realloc(h, new_size + HDR);
  if (!q) return NULL;
  if (!h) c->blocks++;
  else c->bytes -= (long long)old_size;
  c->bytes += (long long)new_size;
  memcpy(q, &new_size, sizeof new_size);
  return q + HDR;
}

static void quiet(void *user, const char *text, size_t len) {
  (void)user, (void)text, (void)len;
}

/* One job run on a fresh context; returns the status of its failing call
 * (FERRET_OK when none failed) and checks its own answers. */
typedef ferret_status (*job_fn)(ferret *, long k);

/* A status from a call that failed: an error record must say so. */
static ferret_status record(ferret *f, ferret_status st, const char *job, long k) {
  if (st != FERRET_OK) {
    const ferret_error_info *e = ferret_error(f);
    CHECK_MSG(e->status == st, "%s, allocation %ld failing: status %d, error record %d", job, k,
              (int)st, (int)e->status);
    CHECK_MSG(e->message && e->message[0], "%s, allocation %ld failing: no message", job, k);
    CHECK_MSG(st == FERRET_ERROR_LIMIT || st == FERRET_ERROR_COMMAND || st == FERRET_ERROR_IO,
              "%s, allocation %ld failing: status %d: %s", job, k, (int)st,
              ferret_error(f)->message);
  }
  return st;
}

/* Run `job` with allocation k failing for k = 1, 2, ... until a run makes
 * fewer allocations than k; every run is checked.  Returns the number of
 * runs (the allocations of a run without failure). */
static long every_allocation(const char *name, job_fn job) {
  long k = 1;
  for (;; k++) {
    oom c = {0, k, false, 0, 0, 0};
    ferret *f = ferret_new_with_allocator(oom_alloc, &c);
    if (f) {
      ferret_set_output(f, quiet, NULL);
      ferret_set_diagnostic(f, quiet, NULL);
      ferret_status st = job(f, k);
      if (!c.failed) CHECK_MSG(st == FERRET_OK, "%s: status %d without a failure", name, (int)st);
      ferret_delete(f);
    }
    CHECK_MSG(c.blocks == 0 && c.bytes == 0, "%s: %ld blocks, %lld bytes leaked with allocation %ld failing",
              name, c.blocks, c.bytes, k);
    CHECK_MSG(c.bad_sizes == 0, "%s: %ld wrong old sizes with allocation %ld failing", name,
              c.bad_sizes, k);
    if (!c.failed || fer_test_failures > 20) break;
  }
  fprintf(stderr, "  %s: %ld runs\n", name, k);
  return k;
}

/* ---------------------------------------------------------------- solve */

typedef struct capture {
  char text[512];
  size_t len;
} capture;

static void keep(void *user, const char *text, size_t len) {
  capture *c = user;
  size_t room = sizeof c->text - 1 - c->len;
  if (len > room) len = room;
  memcpy(c->text + c->len, text, len);
  c->len += len;
  c->text[c->len] = '\0';
}

/* 3a = 15 (mod 256) has the one solution a = 5 (3 is invertible): the
 * answer is sat with a = #x05, or unknown. */
static ferret_status solve_sat(ferret *f, long k) {
  capture out = {{0}, 0};
  ferret_set_output(f, keep, &out);
  static const char s[] = "(set-option :produce-models true)(declare-const a (_ BitVec 8))"
                          "(assert (= (bvmul a #x03) #x0f))(check-sat)(get-value (a))";
  ferret_status st = ferret_set_option(f, "max_execs", "2000");
  if (st == FERRET_OK) st = ferret_execute(f, "sat", s, sizeof s - 1);
  /* after an error (a command that ran out of memory) the script goes on
   * without that command: only a run without one answers this query */
  if (!strstr(out.text, "(error")) {
    bool sat = !strncmp(out.text, "sat\n", 4), unknown = !strncmp(out.text, "unknown\n", 8);
    CHECK_MSG(sat || unknown, "allocation %ld failing: %s", k, out.text);
    if (sat) CHECK_MSG(!strcmp(out.text, "sat\n((a #x05))\n"), "allocation %ld failing: %s", k, out.text);
  }
  return record(f, st, "solve sat", k);
}

/* a * a = 3 (mod 256) has no solution (odd squares are 1 mod 8): unsat
 * (the 256 values enumerated) or unknown, never sat. */
static ferret_status solve_unsat(ferret *f, long k) {
  capture out = {{0}, 0};
  ferret_set_output(f, keep, &out);
  static const char s[] = "(declare-const a (_ BitVec 8))(assert (= (bvmul a a) #x03))(check-sat)";
  ferret_status st = ferret_execute(f, "unsat", s, sizeof s - 1);
  if (!strstr(out.text, "(error"))
    CHECK_MSG(!strcmp(out.text, "unsat\n") || !strcmp(out.text, "unknown\n"),
              "allocation %ld failing: %s", k, out.text);
  return record(f, st, "solve unsat", k);
}

/* x * x = 6.25 over Float16 holds for x = 2.5 and x = -2.5 only (z3
 * agrees): sat with one of them, or unknown. */
static ferret_status solve_fp(ferret *f, long k) {
  capture out = {{0}, 0};
  ferret_set_output(f, keep, &out);
  static const char s[] = "(declare-const x Float16)"
                          "(assert (fp.eq (fp.mul RNE x x) ((_ to_fp 5 11) RNE 6.25)))"
                          "(check-sat)(get-value (x))";
  ferret_status st = ferret_execute(f, "fp", s, sizeof s - 1);
  if (!strstr(out.text, "(error"))
    CHECK_MSG(!strcmp(out.text, "unknown\n") ||
                  !strcmp(out.text, "sat\n((x (fp #b0 #b10000 #b0100000000)))\n") ||
                  !strcmp(out.text, "sat\n((x (fp #b1 #b10000 #b0100000000)))\n"),
              "allocation %ld failing: %s", k, out.text);
  return record(f, st, "solve fp", k);
}

TEST(oom_solve_every_allocation) {
  CHECK(every_allocation("solve sat", solve_sat) > 10);
  CHECK(every_allocation("solve fp", solve_fp) > 10);
  CHECK(every_allocation("solve unsat", solve_unsat) > 10);
}

/* --------------------------------------------------------------- sample */

/* Samples of a < 3 over 4 bits: each must be #x0, #x1 or #x2. */
static int sample_each(void *user, const ferret_sample_item *it) {
  long *bad = user;
  const char *v = strstr(it->text, "#x");
  *bad += !v || v[2] < '0' || v[2] > '2' || v[3] != ')';
  return 0;
}

static ferret_status sample_job(ferret *f, long k) {
  static const char s[] = "(declare-const a (_ BitVec 4))(assert (bvult a #x3))";
  ferret_status st = ferret_execute(f, "sample", s, sizeof s - 1);
  if (st != FERRET_OK) return record(f, st, "sample (reading)", k);
  if ((st = ferret_set_option(f, "max_execs", "2000")) != FERRET_OK) return record(f, st, "sample", k);
  ferret_sample_options o;
  ferret_sample_options_init(&o);
  o.count = 3, o.format = FERRET_FORMAT_SMT2, o.dedup_bytes = 4096;
  long bad = 0;
  ferret_result r = FERRET_UNKNOWN;
  st = ferret_sample(f, &o, sample_each, &bad, &r);
  CHECK_MSG(bad == 0, "allocation %ld failing: %ld samples not a model", k, bad);
  CHECK_MSG(r != FERRET_UNSAT, "allocation %ld failing: a sat query sampled unsat", k);
  return record(f, st, "sample", k);
}

TEST(oom_sample_every_allocation) {
  CHECK(every_allocation("sample", sample_job) > 10);
}

/* ------------------------------------------------------------- concolic */

/* Bytes x, y (seed 0, 0): flip (bvugt (bvadd x y) #xf0) under the path
 * x = #x7f.  Any answer sat must be validated here: x = 127, x + y > 240
 * (mod 256). */
static ferret_status concolic_job(ferret *f, long k) {
  static const uint8_t seed[2] = {0, 0};
  ferret_sort b8 = ferret_sort_bv(f, 8);
  ferret_term x = b8 ? ferret_mk_var(f, "x", b8) : 0, y = x ? ferret_mk_var(f, "y", b8) : 0;
  ferret_term c7f = y ? ferret_mk_bits64(f, b8, 0x7f) : 0, cf0 = c7f ? ferret_mk_bits64(f, b8, 0xf0) : 0;
  ferret_term xy[2] = {x, y};
  ferret_term sum = cf0 ? ferret_mk_term(f, FERRET_KIND_BVADD, xy, 2, NULL, 0) : 0;
  ferret_term gt_args[2] = {sum, cf0}, eq_args[2] = {x, c7f};
  ferret_term b = sum ? ferret_mk_term(f, FERRET_KIND_BVUGT, gt_args, 2, NULL, 0) : 0;
  ferret_term pi = b ? ferret_mk_term(f, FERRET_KIND_EQ, eq_args, 2, NULL, 0) : 0;
  if (!pi) return record(f, ferret_error(f)->status, "concolic (terms)", k);
  ferret_concolic *c = ferret_concolic_new(f, seed, 2);
  if (!c) return record(f, ferret_error(f)->status, "concolic (new)", k);
  ferret_status st = ferret_concolic_bind(c, x, 0, 0);
  if (st == FERRET_OK) st = ferret_concolic_bind(c, y, 1, 0);
  if (st == FERRET_OK) st = ferret_concolic_notify(c, pi);
  if (st == FERRET_OK) {
    ferret_result r = ferret_concolic_solve(c, b);
    CHECK_MSG(r != FERRET_UNSAT, "allocation %ld failing: concolic unsat on a sat query", k);
    if (r == FERRET_SAT) {
      const uint8_t *in = ferret_concolic_input(c);
      CHECK_MSG(in[0] == 0x7f && (uint8_t)(in[0] + in[1]) > 0xf0,
                "allocation %ld failing: input %02x %02x", k, in[0], in[1]);
    } else if (ferret_error(f)->status != FERRET_OK) {
      st = ferret_error(f)->status;
    }
  }
  ferret_concolic_delete(c);
  return record(f, st, "concolic", k);
}

TEST(oom_concolic_every_allocation) {
  CHECK(every_allocation("concolic", concolic_job) > 10);
}

/* ----------------------------------------------------------- hunt (gen) */

static char hunt_dir[64];

static void remove_dir(const char *dir) {
  DIR *d = opendir(dir);
  if (!d) return;
  for (struct dirent *e; (e = readdir(d));) {
    if (e->d_name[0] == '.') continue;
    char p[512];
    snprintf(p, sizeof p, "%s/%s", dir, e->d_name);
    if (unlink(p)) remove_dir(p);
  }
  closedir(d);
  rmdir(dir);
}

/* Two generated scripts; when the call succeeds both files exist. */
static ferret_status hunt_job(ferret *f, long k) {
  char dir[128];
  snprintf(dir, sizeof dir, "%s/run", hunt_dir);
  remove_dir(dir);
  ferret_hunt_options o;
  ferret_hunt_options_init(&o);
  o.mode = "gen", o.out_dir = dir, o.count = 2, o.seed = 3;
  o.vars = 1, o.asserts = 1, o.depth = 2, o.formats = "16";
  ferret_status st = ferret_hunt(f, &o, NULL);
  if (st == FERRET_OK) {
    size_t files = 0;
    DIR *d = opendir(dir);
    for (struct dirent *e; d && (e = readdir(d));) files += strstr(e->d_name, ".smt2") != NULL;
    if (d) closedir(d);
    CHECK_MSG(files == 2, "allocation %ld failing: %zu scripts written", k, files);
  }
  return record(f, st, "hunt gen", k);
}

TEST(oom_hunt_gen_every_allocation) {
  snprintf(hunt_dir, sizeof hunt_dir, "/tmp/ferret-oom-XXXXXX");
  CHECK(mkdtemp(hunt_dir) != NULL);
  CHECK(every_allocation("hunt gen", hunt_job) > 10);
  remove_dir(hunt_dir);
}

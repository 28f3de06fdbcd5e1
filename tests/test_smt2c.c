/* smt2c: the generated C program against ferret's evaluator.
 *
 * For hand-written formulas over several formats and rounding modes, the
 * --main program is compiled with the system C compiler (-Wall -Wextra
 * -Werror) in both encodings and both input layouts (byte-aligned,
 * bit-packed) and run on random and special-value inputs;
 * its verdict on each input must agree with fer_model_validate (the
 * reference evaluator, fer_eval) on the model the same bytes decode to.
 * Cases SMT-LIB leaves unspecified are skipped (counted, not compared).
 * The layout facts (bytes or bits per slot, one slot per equality class)
 * and some decoded bytes are derived by hand; fer_smt2c_encode is checked
 * as the inverse of fer_smt2c_decode.  Skipped with a note when no C compiler is found. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bv/bv.h"
#include "base/context.h"
#include "smt/term.h"
#include "backends/smt2c.h"
#include "api/smt_session.h"
#include "solve/solve.h"
#include "test.h"

static void quiet(void *u, const char *t, size_t n) { (void)u, (void)t, (void)n; }

static ferret *load(const char *script) {
  ferret *f = ferret_new();
  ferret_set_output(f, quiet, NULL);
  ferret_set_diagnostic(f, quiet, NULL);
  int st = ferret_execute(f, "test", script, strlen(script));
  CHECK_MSG(st == FERRET_OK, "script failed: %s", ferret_error(f)->message);
  return f;
}

static uint64_t mix(uint64_t *s) { /* splitmix64 */
  uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

/* A slot value biased towards the interesting FP/BV values. */
static fer_u128 pick(uint64_t *rng, const fer_slot *sl) {
  fer_u128 r = (fer_u128)mix(rng) << 64 | mix(rng);
  if (sl->kind != FER_SLOT_FP) return r; /* masked/reduced by the decoder */
  uint32_t eb = sl->eb, sb = sl->sb;
  fer_u128 sign = (fer_u128)(mix(rng) & 1) << (eb + sb - 1);
  fer_u128 bias = ((fer_u128)1 << (eb - 1)) - 1;
  switch (mix(rng) % 10) {
  case 0: return sign;                                        /* zero */
  case 1: return sign | ((((fer_u128)1 << eb) - 1) << (sb - 1)); /* inf */
  case 2: return r | ((((fer_u128)1 << eb) - 1) << (sb - 1));    /* NaN-ish */
  case 3: return sign | (bias << (sb - 1));                   /* 1.0 */
  case 4: return sign | ((bias + 1) << (sb - 1));             /* 2.0 */
  case 5: return sign | 1;                                    /* subnormal */
  case 6: return sign | ((bias + (mix(rng) % 3)) << (sb - 1)) | (r & 7);
  default: return r;
  }
}

/* Compile the with_main program of `u` and judge n inputs; results are the
 * lines the program prints.  Returns 0 if no compiler could be run. */
static int run_main(ferret *f, const fer_smt2c_unit *u, int encoding,
                    const char *dir, uint8_t **inputs, int n, char **verdict) {
  fer_buf b = {0};
  CHECK(fer_smt2c_emit(f, u, &b, encoding, true));
  char path[512], cmd[4096];
  snprintf(path, sizeof path, "%s/p.c", dir);
  FILE *fp = fopen(path, "wb");
  CHECK(fp != NULL);
  if (!fp) return 0;
  fwrite(b.data, 1, b.size, fp);
  fclose(fp);
  FER_RELEASE(f, b);
  snprintf(cmd, sizeof cmd,
           "cc -std=c11 -O0 -Wall -Wextra -Werror -o %s/p %s/p.c -lm 2>%s/cc.err",
           dir, dir, dir);
  if (system(cmd) != 0) {
    snprintf(cmd, sizeof cmd, "cc --version >/dev/null 2>&1");
    if (system(cmd) != 0) return 0;
    snprintf(cmd, sizeof cmd, "cat %s/cc.err >&2", dir);
    (void)!system(cmd);
    CHECK_MSG(0, "generated C does not compile warning-free (%s)", path);
    return 0;
  }
  for (int i = 0; i < n; i++) {
    char ip[600];
    snprintf(ip, sizeof ip, "%s/in%d", dir, i);
    FILE *o = fopen(ip, "wb");
    if (!o) return 0;
    fwrite(inputs[i], 1, u->input_bytes, o);
    fclose(o);
  }
  /* One process judges every input (argument list kept short). */
  size_t len = (size_t)snprintf(cmd, sizeof cmd, "%s/p", dir);
  for (int i = 0; i < n && len + 600 < sizeof cmd; i++)
    len += (size_t)snprintf(cmd + len, sizeof cmd - len, " %s/in%d", dir, i);
  FILE *pp = popen(cmd, "r");
  if (!pp) return 0;
  char line[64];
  int k = 0;
  while (k < n && fgets(line, sizeof line, pp)) {
    line[strcspn(line, "\n")] = 0;
    verdict[k++] = strdup(line);
  }
  pclose(pp);
  CHECK_EQ_U(k, n);
  return k == n;
}

#define NIN 48

typedef struct tally {
  int sat, unsat, skipped;
} tally;

static void agree_on(const char *script, int layout, tally *t) {
  ferret *f = load(script);
  fer_smt *s = f->smt;
  const fer_term *a = s->assertions.data;
  size_t n = s->assertions.size;
  fer_smt2c_unit u;
  fer_smt2c_init(&u);
  u.layout = layout;
  CHECK(fer_smt2c_prepare(f, a, n, &u) == FERRET_OK);
  char dir[] = "/tmp/ferret-smt2c-XXXXXX";
  CHECK(mkdtemp(dir) != NULL);
  uint64_t rng = 0x5eed ^ (uint64_t)strlen(script);
  uint8_t *in[NIN];
  fer_u128 *slots = calloc(u.prog.nslots + 1, sizeof *slots);
  for (int i = 0; i < NIN; i++) {
    in[i] = calloc(u.input_bytes + 1, 1);
    if (i % 4 == 3) { /* raw bytes: padding bits, RoundingMode fields 5..7 */
      for (uint32_t k = 0; k < u.input_bytes; k++) in[i][k] = (uint8_t)mix(&rng);
      continue;
    }
    for (uint32_t sl = 0; sl < u.prog.nslots; sl++)
      slots[sl] = pick(&rng, &u.prog.slots.data[sl]);
    fer_smt2c_encode(&u, slots, in[i]); /* drops the bits above each width */
  }
  for (int enc = 0; enc <= 1; enc++) {
    char *verdict[NIN] = {0};
    if (!run_main(f, &u, enc, dir, in, NIN, verdict)) {
      fprintf(stderr, "note: smt2c agreement not checked (no C compiler?)\n");
      break;
    }
    for (int i = 0; i < NIN; i++) {
      fer_model m;
      fer_model_init(&m);
      fer_smt2c_decode(&u, in[i], slots);
      const char *why = fer_smt2c_model(f, &u, slots, &m);
      CHECK_MSG(why == NULL, "model: %s", why ? why : "");
      int v = fer_model_validate(f, a, n, &m);
      fer_model_release(f, &m);
      if (v < 0 || !strcmp(verdict[i], "unspecified")) {
        t->skipped++;
      } else {
        CHECK_MSG(!strcmp(verdict[i], v ? "sat" : "unsat"),
                  "input %d, encoding %d, layout %d: program says %s, "
                  "evaluator %d\n%s", i, enc, layout, verdict[i], v, script);
        if (v) t->sat++; else t->unsat++;
      }
      free(verdict[i]);
    }
  }
  char cmd[600];
  snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
  (void)!system(cmd);
  for (int i = 0; i < NIN; i++) free(in[i]);
  free(slots);
  fer_smt2c_release(f, &u);
  ferret_delete(f);
}

/* Satisfied by a fair share of the biased random inputs, so that both
 * verdicts are exercised. */
static const char *const scripts[] = {
    /* Float32: arithmetic under a rounding-mode variable */
    "(declare-const r RoundingMode)(declare-const x Float32)(declare-const y Float32)"
    "(assert (not (fp.isNaN (fp.add r x y))))"
    "(assert (fp.leq (fp.mul r x y) (fp.div r y x)))",
    /* Float16: fma, sqrt, roundToIntegral, rem */
    "(declare-const r RoundingMode)(declare-const x Float16)(declare-const y Float16)"
    "(declare-const z Float16)"
    "(assert (or (fp.lt (fp.fma r x y z) (fp.sqrt r z)) (fp.isInfinite x)))"
    "(assert (not (fp.eq (fp.roundToIntegral r x) (fp.rem y x))))",
    /* Float64 with fixed modes and an equality class x = w */
    "(declare-const x Float64)(declare-const y Float64)(declare-const w Float64)"
    "(assert (= x w))"
    "(assert (fp.geq (fp.sub RTP x y) (fp.sub RTN w y)))"
    "(assert (not (fp.isSubnormal (fp.add RNA x y))))",
    /* odd small format, conversions between formats */
    "(declare-const r RoundingMode)(declare-const x (_ FloatingPoint 3 5))"
    "(declare-const y (_ FloatingPoint 11 53))"
    "(assert (fp.leq ((_ to_fp 11 53) r x) y))"
    "(assert (not (fp.isZero ((_ to_fp 3 5) RTZ y))))",
    /* BV <-> FP, Float128 */
    "(declare-const b (_ BitVec 13))(declare-const q (_ BitVec 64))"
    "(declare-const x Float128)(declare-const r RoundingMode)"
    "(assert (fp.lt ((_ to_fp 15 113) r b) x))"
    "(assert (bvult ((_ extract 12 0) q) (bvadd b #b0000000010011)))"
    "(assert (fp.isNormal ((_ to_fp_unsigned 15 113) r q)))",
    /* bit-vector arithmetic, shifts, division by zero, Bool variables */
    "(declare-const a (_ BitVec 8))(declare-const c (_ BitVec 8))(declare-const p Bool)"
    "(declare-const d (_ BitVec 100))"
    "(assert (=> p (bvslt (bvsdiv a c) (bvsrem c a))))"
    "(assert (distinct (bvshl a c) (bvlshr (bvmul a c) #x01)))"
    "(assert (bvuge ((_ extract 99 92) (bvashr d ((_ zero_extend 92) c))) (bvurem a c)))",
    /* fp.to_ubv/to_sbv and fp.min (unspecified cases skipped), (fp ...) */
    "(declare-const x Float32)(declare-const r RoundingMode)(declare-const s (_ BitVec 1))"
    "(declare-const e (_ BitVec 8))(declare-const m (_ BitVec 23))"
    "(assert (bvsle ((_ fp.to_sbv 16) r x) ((_ fp.to_ubv 16) RNE (fp s e m))))"
    "(assert (fp.leq (fp.min x (fp s e m)) (fp.max x (fp.neg x))))",
    /* to_fp of a real under every rounding mode (folded per mode) */
    "(declare-const r RoundingMode)(declare-const x Float32)"
    "(assert (fp.lt x ((_ to_fp 8 24) r 0.1)))"
    "(assert (fp.gt x (fp.abs ((_ to_fp 8 24) r (- 0.1)))))",
};

TEST(smt2c_main_agrees_with_evaluator) {
  if (!fer_test_have("cc")) SKIP("no C compiler (cc) to build the generated programs");
  tally t = {0, 0, 0};
  for (int layout = FER_SMT2C_BYTES; layout <= FER_SMT2C_BITS; layout++)
    for (size_t k = 0; k < sizeof scripts / sizeof *scripts; k++)
      agree_on(scripts[k], layout, &t);
  fprintf(stderr, "smt2c agreement: %d sat, %d unsat, %d unspecified (skipped)\n",
          t.sat, t.unsat, t.skipped);
  if (t.sat + t.unsat) {
    CHECK(t.sat > 20);
    CHECK(t.unsat > 20);
  }
}

/* Hand-derived layout: Bool 1 byte, BV13 2, Float64 8, RM 1; x = y share
 * one Float32 slot. */
TEST(smt2c_layout) {
  ferret *f = load("(declare-const p Bool)(declare-const b (_ BitVec 13))"
                   "(declare-const x Float64)(declare-const r RoundingMode)"
                   "(assert (or p (bvult b #b0000000000011)))"
                   "(assert (fp.lt (fp.add r x x) x))");
  fer_smt2c_unit u;
  fer_smt2c_init(&u);
  CHECK(fer_smt2c_prepare(f, f->smt->assertions.data, f->smt->assertions.size,
                          &u) == FERRET_OK);
  CHECK_EQ_U(u.prog.nslots, 4);
  CHECK_EQ_U(u.input_bytes, 12);
  fer_smt2c_release(f, &u);
  ferret_delete(f);

  f = load("(declare-const x Float32)(declare-const y Float32)"
           "(assert (= x y))(assert (fp.lt y (fp #b0 #x7f #b00000000000000000000000)))");
  fer_smt2c_init(&u);
  CHECK(fer_smt2c_prepare(f, f->smt->assertions.data, f->smt->assertions.size,
                          &u) == FERRET_OK);
  CHECK_EQ_U(u.prog.nslots, 1);
  CHECK_EQ_U(u.input_bytes, 4);
  /* decode: little-endian, masked to the width */
  uint8_t in[4] = {0x00, 0x00, 0x80, 0x3f}; /* 1.0f */
  fer_u128 v[1];
  fer_smt2c_decode(&u, in, v);
  CHECK(v[0] == 0x3f800000u);
  fer_smt2c_release(f, &u);
  ferret_delete(f);
}

/* Bit-packed by hand: Bool 1 bit, BV13 13, Float64 64, RM 3 -> 81 bits in
 * 11 bytes; (r, x) as RTZ and 1.0f is 4 | 0x3f800000 << 3. */
TEST(smt2c_layout_bits) {
  ferret *f = load("(declare-const p Bool)(declare-const b (_ BitVec 13))"
                   "(declare-const x Float64)(declare-const r RoundingMode)"
                   "(assert (or p (bvult b #b0000000000011)))"
                   "(assert (fp.lt (fp.add r x x) x))");
  fer_smt2c_unit u;
  fer_smt2c_init(&u);
  u.layout = FER_SMT2C_BITS;
  CHECK(fer_smt2c_prepare(f, f->smt->assertions.data, f->smt->assertions.size,
                          &u) == FERRET_OK);
  CHECK_EQ_U(u.prog.nslots, 4);
  CHECK_EQ_U(u.input_bits, 81);
  CHECK_EQ_U(u.input_bytes, 11);
  CHECK_EQ_U(fer_smt2c_slot_offset(&u, 4), 11);
  fer_smt2c_release(f, &u);
  ferret_delete(f);

  f = load("(declare-const r RoundingMode)(declare-const x Float32)"
           "(assert (fp.lt (fp.add r x x) (fp #b0 #x7f #b00000000000000000000000)))");
  fer_smt2c_init(&u);
  u.layout = FER_SMT2C_BITS;
  CHECK(fer_smt2c_prepare(f, f->smt->assertions.data, f->smt->assertions.size,
                          &u) == FERRET_OK);
  CHECK_EQ_U(u.prog.nslots, 2);
  CHECK_EQ_U(u.input_bytes, 5);
  uint32_t rs = u.prog.slots.data[0].kind == FER_SLOT_RM ? 0 : 1;
  CHECK(u.prog.slots.data[rs].kind == FER_SLOT_RM);
  CHECK_EQ_U(fer_smt2c_slot_bit_offset(&u, 1), 3);
  if (rs == 0) { /* the order the bytes below assume */
    uint8_t in[5] = {0x04, 0x00, 0x00, 0xfc, 0x01};
    fer_u128 v[2], w[2];
    uint8_t out[5];
    fer_smt2c_decode(&u, in, v);
    CHECK(v[0] == FER_RTZ);
    CHECK(v[1] == 0x3f800000u);
    fer_smt2c_encode(&u, v, out);
    CHECK(!memcmp(in, out, 5));
    /* 7 mod 5 = RTP; input bits 33, 34 are x's bits 30, 31 (-oo), bits
     * 35..39 are unused */
    in[0] = 0x07, in[4] = 0xff;
    fer_smt2c_decode(&u, in, w);
    CHECK(w[0] == FER_RTP);
    CHECK(w[1] == 0xff800000u);
  }
  fer_smt2c_release(f, &u);
  ferret_delete(f);
}

/* fer_smt2c_encode is the inverse of fer_smt2c_decode in both layouts:
 * decode(encode(v)) == v for values of the sorts, encode(decode(bytes))
 * decodes alike and leaves the bits outside every slot zero. */
TEST(smt2c_encode_round_trip) {
  for (int layout = FER_SMT2C_BYTES; layout <= FER_SMT2C_BITS; layout++) {
    for (size_t k = 0; k < sizeof scripts / sizeof *scripts; k++) {
      ferret *f = load(scripts[k]);
      fer_smt2c_unit u;
      fer_smt2c_init(&u);
      u.layout = layout;
      CHECK(fer_smt2c_prepare(f, f->smt->assertions.data,
                              f->smt->assertions.size, &u) == FERRET_OK);
      uint32_t ns = u.prog.nslots, nb = u.input_bytes;
      fer_u128 *v = calloc(ns + 1, sizeof *v), *w = calloc(ns + 1, sizeof *w);
      uint8_t *in = calloc(nb + 1, 1), *out = calloc(nb + 1, 1);
      uint8_t *used = calloc(nb + 1, 1); /* bits that belong to a slot */
      uint8_t ones[64];
      memset(ones, 0xff, sizeof ones);
      CHECK(nb <= sizeof ones);
      fer_u128 *all = calloc(ns + 1, sizeof *all);
      for (uint32_t s = 0; s < ns; s++) all[s] = ~(fer_u128)0;
      fer_smt2c_encode(&u, all, used); /* RM fields: 7 & mask, all set */
      uint64_t rng = 77 + k;
      for (int round = 0; round < 200; round++) {
        for (uint32_t s = 0; s < ns; s++) {
          const fer_slot *sl = &u.prog.slots.data[s];
          fer_u128 x = pick(&rng, sl);
          v[s] = sl->kind == FER_SLOT_BOOL ? x & 1
                 : sl->kind == FER_SLOT_RM ? x % 5
                                           : x & fer_bv_mask(sl->bits);
        }
        fer_smt2c_encode(&u, v, out);
        fer_smt2c_decode(&u, out, w);
        CHECK(!memcmp(v, w, ns * sizeof *v));
        for (uint32_t b = 0; b < nb; b++) {
          in[b] = (uint8_t)mix(&rng);
          CHECK((out[b] & ~used[b]) == 0);
        }
        fer_smt2c_decode(&u, in, v);
        fer_smt2c_encode(&u, v, out);
        fer_smt2c_decode(&u, out, w);
        CHECK(!memcmp(v, w, ns * sizeof *v));
      }
      /* the layout sizes: whole bytes per slot, or exactly the bits */
      uint32_t bits = 0;
      for (uint32_t s = 0; s < ns; s++) {
        uint32_t b = u.prog.slots.data[s].bits;
        CHECK_EQ_U(fer_smt2c_slot_bit_offset(&u, s), bits);
        bits += layout == FER_SMT2C_BITS ? b : (b + 7) / 8 * 8;
      }
      CHECK_EQ_U(u.input_bits, bits);
      CHECK_EQ_U(u.input_bytes, (bits + 7) / 8);
      free(v), free(w), free(in), free(out), free(used), free(all);
      fer_smt2c_release(f, &u);
      ferret_delete(f);
    }
  }
}

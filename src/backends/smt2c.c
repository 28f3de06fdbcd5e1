/* smt2c: the compiled program printed as C (contract in smt2c.h).
 *
 * Every instruction becomes one assignment to the register array r[] with
 * a call into the embedded runtime, mirroring fer_run in prog.c case by
 * case (the two must stay in step: tests/test_smt2c.c compares them).
 * A register array rather than one local per register keeps the output
 * free of unused-variable warnings whatever the program looks like. */
#include <string.h>

#include "bv/bv.h"
#include "smt/eval.h"
#include "backends/smt2c.h"

/* ferret's FP/BV library as source lines (tools/smt2c-runtime.sh). */
static const char *const runtime_lines[] = {
#include "smt2c_runtime.inc"
    NULL};

void fer_smt2c_init(fer_smt2c_unit *u) {
  memset(u, 0, sizeof *u);
  fer_pre_init(&u->pre);
  fer_prog_init(&u->prog);
}

void fer_smt2c_release(ferret *f, fer_smt2c_unit *u) {
  fer_pre_release(f, &u->pre);
  fer_prog_release(f, &u->prog);
  fer_smt2c_init(u);
}

/* Bits slot sl takes in the input under the unit's layout. */
static uint32_t slot_width(const fer_smt2c_unit *u, const fer_slot *sl) {
  return u->layout == FER_SMT2C_BITS ? sl->bits : (sl->bits + 7) / 8 * 8;
}

ferret_status fer_smt2c_prepare(ferret *f, const fer_term *a, size_t n,
                                fer_smt2c_unit *u) {
  ferret_status st = fer_preprocess(f, a, n, &u->pre, NULL, NULL);
  if (st != FERRET_OK) return st;
  /* An unsat proof needs no program: fer_check returns 0 at once (and
   * compiling the constant false alone is not what fer_compile is for). */
  if (u->pre.unsat) return FERRET_OK;
  st = fer_compile(f, u->pre.assertions.data, u->pre.assertions.size, &u->prog);
  if (st != FERRET_OK) return st;
  u->input_bits = fer_smt2c_slot_bit_offset(u, u->prog.nslots);
  u->input_bytes = (u->input_bits + 7) / 8;
  return FERRET_OK;
}

uint32_t fer_smt2c_slot_bit_offset(const fer_smt2c_unit *u, uint32_t s) {
  uint32_t off = 0;
  for (uint32_t k = 0; k < s; k++) off += slot_width(u, &u->prog.slots.data[k]);
  return off;
}

uint32_t fer_smt2c_slot_offset(const fer_smt2c_unit *u, uint32_t s) {
  if (s >= u->prog.nslots) return u->input_bytes;
  return fer_smt2c_slot_bit_offset(u, s) / 8;
}

/* The field of `w` bits at bit offset `o`: byte o/8 shifted right by o%8,
 * then each further byte k shifted left by 8k - o (< w <= 128).  The
 * reader put_check emits does the same steps. */
static fer_u128 get_field(const uint8_t *in, uint32_t o, uint32_t w) {
  uint32_t k0 = o / 8, k1 = (o + w - 1) / 8;
  fer_u128 v = (fer_u128)in[k0] >> (o % 8);
  for (uint32_t k = k0 + 1; k <= k1; k++) v |= (fer_u128)in[k] << (8 * k - o);
  return v & fer_bv_mask(w);
}

static fer_u128 reduce(const fer_slot *sl, fer_u128 v) {
  switch (sl->kind) {
  case FER_SLOT_BOOL: return v & 1;
  case FER_SLOT_RM: return v % 5;
  default: return v & fer_bv_mask(sl->bits);
  }
}

void fer_smt2c_decode(const fer_smt2c_unit *u, const uint8_t *in,
                      fer_u128 *slots) {
  uint32_t o = 0;
  for (uint32_t s = 0; s < u->prog.nslots; s++) {
    const fer_slot *sl = &u->prog.slots.data[s];
    uint32_t w = slot_width(u, sl);
    slots[s] = reduce(sl, get_field(in, o, w));
    o += w;
  }
}

void fer_smt2c_encode(const fer_smt2c_unit *u, const fer_u128 *slots,
                      uint8_t *out) {
  memset(out, 0, u->input_bytes);
  uint32_t o = 0;
  for (uint32_t s = 0; s < u->prog.nslots; s++) {
    const fer_slot *sl = &u->prog.slots.data[s];
    uint32_t w = slot_width(u, sl);
    fer_u128 v = slots[s] & fer_bv_mask(sl->bits);
    uint32_t k0 = o / 8, k1 = (o + w - 1) / 8;
    out[k0] |= (uint8_t)(v << (o % 8));
    for (uint32_t k = k0 + 1; k <= k1; k++) out[k] |= (uint8_t)(v >> (8 * k - o));
    o += w;
  }
}

const char *fer_smt2c_model(ferret *f, const fer_smt2c_unit *u,
                            const fer_u128 *slots, fer_model *m) {
  if (!fer_model_reserve(f, m)) return "memory";
  for (uint32_t i = 0; i < m->size; i++) m->value[i] = 0;
  const fer_prog *p = &u->prog;
  for (uint32_t s = 0; s < p->nslots; s++) {
    fer_term v = p->slots.data[s].var;
    fer_term c = fer_value_term(f, fer_term_sort(f, v), slots[s]);
    if (!c) return "memory";
    m->value[fer_term_idx(f, v, 0)] = c;
  }
  fer_why w = fer_model_complete(f, m, NULL, 0, u->pre.elim_var.data,
                                 u->pre.elim_def.data, u->pre.elim_var.size);
  return w ? fer_why_text[w] : NULL;
}

/* ------------------------------------------------------------ emission */

/* A 128-bit constant as a C expression. */
static int put_u128(ferret *f, fer_buf *b, fer_u128 v) {
  uint64_t hi = (uint64_t)(v >> 64), lo = (uint64_t)v;
  if (!hi) return fer_buf_printf(f, b, "(fer_u128)0x%llxULL", (unsigned long long)lo);
  return fer_buf_printf(f, b, "((fer_u128)0x%llxULL << 64 | 0x%llxULL)",
                        (unsigned long long)hi, (unsigned long long)lo);
}

/* One instruction as a C statement.  Mirrors fer_run (prog.c). */
static int put_insn(ferret *f, fer_buf *b, const fer_insn *i) {
  unsigned d = i->d, a = i->a, bb = i->b, c = i->c, e = i->e, w = i->w,
           x = i->x;
#define P(...) return fer_buf_printf(f, b, __VA_ARGS__)
#define FM "FER_F(%u, %u)"
  switch (fer_opcode_general((fer_opcode)i->op)) {
  case FER_I_NOT: P("r[%u] = r[%u] ^ 1;\n", d, a);
  case FER_I_AND: P("r[%u] = r[%u] & r[%u];\n", d, a, bb);
  case FER_I_OR: P("r[%u] = r[%u] | r[%u];\n", d, a, bb);
  case FER_I_XOR: P("r[%u] = r[%u] ^ r[%u];\n", d, a, bb);
  case FER_I_IMPLIES: P("r[%u] = (r[%u] ^ 1) | r[%u];\n", d, a, bb);
  case FER_I_ITE: P("r[%u] = r[%u] ? r[%u] : r[%u];\n", d, a, bb, c);
  case FER_I_EQ: P("r[%u] = r[%u] == r[%u];\n", d, a, bb);
  case FER_I_FSEQ: P("r[%u] = fer_fp_smt_eq(" FM ", r[%u], r[%u]);\n", d, w, x, bb, c);
  case FER_I_BVNOT: P("r[%u] = fer_bv_not(r[%u], %u);\n", d, a, w);
  case FER_I_BVNEG: P("r[%u] = fer_bv_neg(r[%u], %u);\n", d, a, w);
  case FER_I_BVAND: P("r[%u] = r[%u] & r[%u];\n", d, a, bb);
  case FER_I_BVOR: P("r[%u] = r[%u] | r[%u];\n", d, a, bb);
  case FER_I_BVXOR: P("r[%u] = r[%u] ^ r[%u];\n", d, a, bb);
  case FER_I_BVNAND: P("r[%u] = fer_bv_not(r[%u] & r[%u], %u);\n", d, a, bb, w);
  case FER_I_BVNOR: P("r[%u] = fer_bv_not(r[%u] | r[%u], %u);\n", d, a, bb, w);
  case FER_I_BVXNOR: P("r[%u] = fer_bv_not(r[%u] ^ r[%u], %u);\n", d, a, bb, w);
  case FER_I_BVCOMP: P("r[%u] = r[%u] == r[%u];\n", d, a, bb);
#define BIN(OP, FN) \
  case FER_I_##OP: P("r[%u] = " FN "(r[%u], r[%u], %u);\n", d, a, bb, w);
    BIN(BVADD, "fer_bv_add") BIN(BVSUB, "fer_bv_sub") BIN(BVMUL, "fer_bv_mul")
    BIN(BVUDIV, "fer_bv_udiv") BIN(BVUREM, "fer_bv_urem")
    BIN(BVSDIV, "fer_bv_sdiv") BIN(BVSREM, "fer_bv_srem")
    BIN(BVSMOD, "fer_bv_smod") BIN(BVSHL, "fer_bv_shl")
    BIN(BVLSHR, "fer_bv_lshr") BIN(BVASHR, "fer_bv_ashr")
    BIN(BVULT, "fer_bv_ult") BIN(BVSLT, "fer_bv_slt")
    BIN(BVUADDO, "fer_bv_uaddo") BIN(BVSADDO, "fer_bv_saddo")
    BIN(BVUMULO, "fer_bv_umulo") BIN(BVSMULO, "fer_bv_smulo")
    BIN(BVUSUBO, "fer_bv_usubo") BIN(BVSSUBO, "fer_bv_ssubo")
    BIN(BVSDIVO, "fer_bv_sdivo")
#undef BIN
  case FER_I_BVULE: P("r[%u] = !fer_bv_ult(r[%u], r[%u], %u);\n", d, bb, a, w);
  case FER_I_BVSLE: P("r[%u] = !fer_bv_slt(r[%u], r[%u], %u);\n", d, bb, a, w);
  case FER_I_BVNEGO: P("r[%u] = fer_bv_nego(r[%u], %u);\n", d, a, w);
  case FER_I_BVREDAND: P("r[%u] = r[%u] == fer_bv_mask(%u);\n", d, a, w);
  case FER_I_BVREDOR: P("r[%u] = r[%u] != 0;\n", d, a);
  case FER_I_CONCAT: P("r[%u] = fer_bv_concat(r[%u], r[%u], %u);\n", d, a, bb, w);
  case FER_I_EXTRACT: P("r[%u] = fer_bv_extract(r[%u], %u, %u);\n", d, a, w, x);
  case FER_I_REPEAT: P("r[%u] = fer_bv_repeat(r[%u], %u, %u);\n", d, a, x, w);
  case FER_I_SEXT: P("r[%u] = fer_bv_sign_extend(r[%u], %u, %u);\n", d, a, x, w);
  case FER_I_ROTL: P("r[%u] = fer_bv_rotl(r[%u], %u, %u);\n", d, a, x, w);
  case FER_I_ROTR: P("r[%u] = fer_bv_rotr(r[%u], %u, %u);\n", d, a, x, w);
  case FER_I_FPMAKE:
    P("r[%u] = fer_fp_make(" FM ", (unsigned)r[%u], r[%u], r[%u]);\n", d, w, x, a, bb, c);
  case FER_I_FABS: P("r[%u] = fer_fp_abs(" FM ", r[%u]);\n", d, w, x, bb);
  case FER_I_FNEG: P("r[%u] = fer_fp_neg(" FM ", r[%u]);\n", d, w, x, bb);
#define FRM2(OP, FN)                                                       \
  case FER_I_##OP:                                                         \
    P("r[%u] = " FN "(" FM ", (fer_rm)r[%u], r[%u], r[%u]);\n", d, w, x, a, \
      bb, c);
    FRM2(FADD, "fer_fp_add") FRM2(FSUB, "fer_fp_sub") FRM2(FMUL, "fer_fp_mul")
    FRM2(FDIV, "fer_fp_div")
#undef FRM2
  case FER_I_FFMA:
    P("r[%u] = fer_fp_fma(" FM ", (fer_rm)r[%u], r[%u], r[%u], r[%u]);\n", d,
      w, x, a, bb, c, e);
  case FER_I_FSQRT: P("r[%u] = fer_fp_sqrt(" FM ", (fer_rm)r[%u], r[%u]);\n", d, w, x, a, bb);
  case FER_I_FRTI: P("r[%u] = fer_fp_rti(" FM ", (fer_rm)r[%u], r[%u]);\n", d, w, x, a, bb);
  case FER_I_FREM: P("r[%u] = fer_fp_rem(" FM ", r[%u], r[%u]);\n", d, w, x, bb, c);
  case FER_I_FMIN: case FER_I_FMAX:
    P("r[%u] = fer_minmax_u(" FM ", r[%u], r[%u], %d, &unspec);\n", d, w, x,
      bb, c, i->op == FER_I_FMAX);
#define FPRED(OP, FN) \
  case FER_I_##OP: P("r[%u] = " FN "(" FM ", r[%u], r[%u]);\n", d, w, x, bb, c);
    FPRED(FLEQ, "fer_fp_leq") FPRED(FLT, "fer_fp_lt") FPRED(FEQ, "fer_fp_eq")
#undef FPRED
#define FCLASS(OP, FN) \
  case FER_I_##OP: P("r[%u] = " FN "(" FM ", r[%u]);\n", d, w, x, bb);
    FCLASS(ISNORMAL, "fer_fp_is_normal") FCLASS(ISSUBNORMAL, "fer_fp_is_subnormal")
    FCLASS(ISZERO, "fer_fp_is_zero") FCLASS(ISINF, "fer_fp_is_inf")
    FCLASS(ISNAN, "fer_fp_is_nan") FCLASS(ISNEG, "fer_fp_is_negative")
    FCLASS(ISPOS, "fer_fp_is_positive")
#undef FCLASS
  case FER_I_FCVT:
    P("r[%u] = fer_fp_convert(" FM ", (fer_rm)r[%u], " FM ", r[%u]);\n", d, w,
      x, a, e, c, bb);
  case FER_I_FROMSBV:
    P("r[%u] = fer_fp_from_sbv(" FM ", (fer_rm)r[%u], r[%u], %u);\n", d, w, x, a, bb, c);
  case FER_I_FROMUBV:
    P("r[%u] = fer_fp_from_ubv(" FM ", (fer_rm)r[%u], r[%u], %u);\n", d, w, x, a, bb, c);
  case FER_I_FROMREAL: P("r[%u] = r[%u + (unsigned)r[%u]];\n", d, bb, a);
  case FER_I_TOUBV: case FER_I_TOSBV:
    P("r[%u] = fer_toint_u(" FM ", (fer_rm)r[%u], r[%u], %u, %d, &unspec);\n",
      d, e, c, a, bb, w, i->op == FER_I_TOSBV);
  case FER_I_TOIEEE: P("r[%u] = fer_toieee_u(" FM ", r[%u], &unspec);\n", d, w, x, bb);
  case FER_I_WIDE: /* the generated C holds every value in one fer_u128 */
    return fer_error(f, FERRET_ERROR_UNSUPPORTED, 0, 0,
                     "smt2c: '%s' on bit-vectors wider than 128 bits: the "
                     "generated C holds every value in 128 bits (ferret solve "
                     "takes them)", fer_op_table[x].name), 0;
  default: break;
  }
#undef P
#undef FM
  return fer_error(f, FERRET_ERROR_UNSUPPORTED, 0, 0,
                   "smt2c: opcode %u not supported", (unsigned)i->op),
         0;
}

/* Helpers of the generated code that carry the "unspecified" flag, in the
 * same cases as fer_run. */
static const char helpers[] =
    "#define FER_F(eb, sb) ((fer_fmt){(eb), (sb)})\n"
    "static fer_u128 fer_minmax_u(fer_fmt m, fer_u128 b, fer_u128 c, int max,\n"
    "                             int *unspec) {\n"
    "  if (fer_fp_is_zero(m, b) && fer_fp_is_zero(m, c) && b != c) *unspec = 1;\n"
    "  return max ? fer_fp_max(m, b, c) : fer_fp_min(m, b, c);\n"
    "}\n"
    "static fer_u128 fer_toint_u(fer_fmt from, fer_rm rm, fer_u128 b, uint32_t w,\n"
    "                            int sgn, int *unspec) {\n"
    "  bool defined = true;\n"
    "  fer_u128 v = sgn ? fer_fp_to_sbv(from, rm, b, w, &defined)\n"
    "                   : fer_fp_to_ubv(from, rm, b, w, &defined);\n"
    "  if (!defined) *unspec = 1;\n"
    "  return v;\n"
    "}\n"
    "static fer_u128 fer_toieee_u(fer_fmt m, fer_u128 b, int *unspec) {\n"
    "  if (fer_fp_is_nan(m, b)) *unspec = 1;\n"
    "  return fer_fp_canon(m, b);\n"
    "}\n";

/* Which helpers does the program use?  (An unused static function is a
 * warning.)  bit 0 minmax, bit 1 toint, bit 2 toieee. */
static unsigned helpers_used(const fer_prog *p) {
  unsigned m = 0;
  for (size_t k = 0; k < p->code.size; k++) {
    uint16_t op = p->code.data[k].op;
    if (op == FER_I_FMIN || op == FER_I_FMAX) m |= 1;
    if (op == FER_I_TOUBV || op == FER_I_TOSBV) m |= 2;
    if (op == FER_I_TOIEEE) m |= 4;
  }
  return m;
}

static int put_helpers(ferret *f, fer_buf *b, unsigned used) {
  /* Split the helper text at its functions and keep the used ones. */
  const char *s = helpers, *fn[4];
  fn[0] = strstr(s, "static fer_u128 fer_minmax_u");
  fn[1] = strstr(s, "static fer_u128 fer_toint_u");
  fn[2] = strstr(s, "static fer_u128 fer_toieee_u");
  fn[3] = s + strlen(s);
  if (!fer_buf_add(f, b, s, (size_t)(fn[0] - s))) return 0;
  for (int k = 0; k < 3; k++)
    if ((used >> k & 1) && !fer_buf_add(f, b, fn[k], (size_t)(fn[k + 1] - fn[k])))
      return 0;
  return 1;
}

/* The evaluation function: int fer_check(const uint8_t *in) returning
 * 1 all hold, 0 some constraint false, 2 all hold but unspecified. */
static int put_check(ferret *f, fer_buf *b, const fer_smt2c_unit *u,
                     int encoding, uint8_t *blk_done, uint8_t *is_dest) {
  const fer_prog *p = &u->prog;
  if (!fer_buf_printf(f, b,
                      "static int fer_check(const uint8_t *in) {\n"
                      "  static fer_u128 r[%u];\n"
                      "  int unspec = 0, held = 0;\n"
                      "  (void)unspec, (void)held, (void)in, (void)r;\n",
                      p->nregs ? p->nregs : 1))
    return 0;
  if (u->pre.unsat) /* preprocessing proved the formula false */
    return fer_buf_printf(f, b, "  return 0;\n}\n\n");
  /* Slots, as fer_smt2c_decode reads them. */
  uint32_t o = 0;
  for (uint32_t s = 0; s < p->nslots; s++) {
    const fer_slot *sl = &p->slots.data[s];
    uint32_t w = slot_width(u, sl), k0 = o / 8, k1 = (o + w - 1) / 8;
    int ok = o % 8 ? fer_buf_printf(f, b, "  r[%u] = (fer_u128)in[%u] >> %u;\n",
                                    s, k0, o % 8)
                   : fer_buf_printf(f, b, "  r[%u] = in[%u];\n", s, k0);
    for (uint32_t k = k0 + 1; ok && k <= k1; k++)
      ok = fer_buf_printf(f, b, "  r[%u] |= (fer_u128)in[%u] << %u;\n", s, k,
                          8 * k - o);
    o += w;
    if (!ok) return 0;
    /* Cut to the field (bytes read may hold bits of the next slot), then
     * reduce to the sort, as get_field and reduce do; an RM field is 3 or
     * 8 bits wide. */
    ok = sl->kind == FER_SLOT_BOOL ? fer_buf_printf(f, b, "  r[%u] &= 1;\n", s)
         : sl->kind == FER_SLOT_RM
             ? fer_buf_printf(f, b, "  r[%u] = (r[%u] & %u) %% 5;\n", s, s,
                              (1u << w) - 1)
             : fer_buf_printf(f, b, "  r[%u] &= fer_bv_mask(%u);\n", s, sl->bits);
    if (!ok) return 0;
  }
  /* Constant registers (every register that is neither a slot nor written
   * by an instruction). */
  for (uint32_t r = p->nslots; r < p->nregs; r++) {
    if (is_dest[r]) continue;
    if (!fer_buf_printf(f, b, "  r[%u] = ", r) || !put_u128(f, b, p->init.data[r]) ||
        !fer_buf_add(f, b, ";\n", 2))
      return 0;
  }
  /* Constraints in order; each runs the blocks it needs not run yet
   * (block ids are a topological order). */
  for (size_t c = 0; c < p->cons.size; c++) {
    const fer_cons *k = &p->cons.data[c];
    for (uint32_t bi = 0; bi < p->blocks.size; bi++) blk_done[bi] &= 1;
    for (uint32_t j = k->blk_begin; j < k->blk_end; j++)
      blk_done[p->cblocks.data[j]] |= 2; /* needed */
    for (uint32_t bi = 0; bi < p->blocks.size; bi++) {
      if (blk_done[bi] != 2) continue;
      blk_done[bi] = 1;
      const fer_block *bl = &p->blocks.data[bi];
      for (uint32_t q = bl->begin; q < bl->end; q++)
        if (!fer_buf_add(f, b, "  ", 2) || !put_insn(f, b, &p->code.data[q]))
          return 0;
    }
    int ok = encoding == 0
                 ? fer_buf_printf(f, b, "  if (!r[%u]) return 0;\n", k->root)
                 : fer_buf_printf(f, b, "  held += r[%u] != 0;\n", k->root);
    if (!ok) return 0;
  }
  if (encoding == 0)
    return fer_buf_printf(f, b, "  return unspec ? 2 : 1;\n}\n\n");
  return fer_buf_printf(f, b, "  if (held != %zu) return 0;\n"
                              "  return unspec ? 2 : 1;\n}\n\n",
                        p->cons.size);
}

static const char fuzz_entry[] =
    "int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);\n"
    "int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {\n"
    "  if (size < fer_input_bytes) return 0;\n"
    "  if (fer_check(data) == 1) abort();\n"
    "  return 0;\n"
    "}\n";

/* main: judge input files, or `--bench N`: evaluate N pseudo-random
 * inputs (xorshift64) and print evaluations per second, the native speed
 * limit of the encoding (bench/native-limit.sh). */
static const char main_entry[] =
    "#include <time.h>\n"
    "static int fer_bench(long n) {\n"
    "  static uint8_t in[FER_INPUT_BYTES + 8];\n"
    "  uint64_t x = 88172645463325252ull;\n"
    "  long held = 0;\n"
    "  clock_t t0 = clock();\n"
    "  for (long k = 0; k < n; k++) {\n"
    "    for (size_t j = 0; j < fer_input_bytes; j += 8) {\n"
    "      x ^= x << 13, x ^= x >> 7, x ^= x << 17;\n"
    "      memcpy(in + j, &x, 8);\n"
    "    }\n"
    "    held += fer_check(in) == 1;\n"
    "  }\n"
    "  double s = (double)(clock() - t0) / CLOCKS_PER_SEC;\n"
    "  printf(\"%ld evaluations, %ld sat, %.3f s, %.0f evaluations/s\\n\", n, held,\n"
    "         s, s > 0 ? (double)n / s : 0.0);\n"
    "  return 0;\n"
    "}\n"
    "int main(int argc, char **argv) {\n"
    "  static uint8_t buf[FER_INPUT_BYTES + 1];\n"
    "  int rc = 0;\n"
    "  if (argc == 3 && !strcmp(argv[1], \"--bench\")) return fer_bench(atol(argv[2]));\n"
    "  for (int i = 1; i < argc; i++) {\n"
    "    FILE *fp = fopen(argv[i], \"rb\");\n"
    "    if (!fp) { perror(argv[i]); rc = 1; continue; }\n"
    "    size_t n = fread(buf, 1, sizeof buf, fp);\n"
    "    fclose(fp);\n"
    "    if (n < fer_input_bytes) { puts(\"short\"); continue; }\n"
    "    int v = fer_check(buf);\n"
    "    puts(v == 1 ? \"sat\" : v == 2 ? \"unspecified\" : \"unsat\");\n"
    "  }\n"
    "  return rc;\n"
    "}\n";

/* The input layout as comments (names made comment-safe). */
static int put_layout(ferret *f, fer_buf *b, const fer_smt2c_unit *u) {
  static const char *const kind[] = {"Bool", "BitVec", "FloatingPoint",
                                     "RoundingMode"};
  uint32_t o = 0;
  for (uint32_t s = 0; s < u->prog.nslots; s++) {
    const fer_slot *sl = &u->prog.slots.data[s];
    const char *name = fer_var_name(f, sl->var);
    uint32_t w = slot_width(u, sl);
    int ok = u->layout == FER_SMT2C_BITS
                 ? fer_buf_printf(f, b, "/* slot %u: bits [%u, %u) ", s, o, o + w)
                 : fer_buf_printf(f, b, "/* slot %u: bytes [%u, %u) ", s, o / 8,
                                  (o + w) / 8);
    o += w;
    if (!ok || !fer_buf_printf(f, b, "%s %u bits, ", kind[sl->kind], sl->bits))
      return 0;
    for (const char *c = name ? name : "?"; *c; c++) {
      char ch = (*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') ||
                        (*c >= '0' && *c <= '9') || *c == '_' || *c == '.'
                    ? *c
                    : '_';
      if (!fer_buf_add(f, b, &ch, 1)) return 0;
    }
    if (!fer_buf_add(f, b, " */\n", 4)) return 0;
  }
  return 1;
}

int fer_smt2c_emit(ferret *f, const fer_smt2c_unit *u, fer_buf *b,
                   int encoding, bool with_main) {
  const fer_prog *p = &u->prog;
  size_t nb = p->blocks.size ? p->blocks.size : 1, nr = p->nregs ? p->nregs : 1;
  uint8_t *blk_done = fer_calloc(f, nb), *is_dest = fer_calloc(f, nr);
  int ok = blk_done && is_dest;
  if (ok)
    for (size_t k = 0; k < p->code.size; k++) is_dest[p->code.data[k].d] = 1;
  ok = ok && fer_buf_printf(f, b,
                            "/* Generated by ferret smt2c (%s encoding, %s "
                            "layout): %u slots, %u input bytes, %zu "
                            "constraints. */\n"
                            "#ifdef __clang__\n"
                            "/* the runtime's static inline helpers are not "
                            "all used */\n"
                            "#pragma clang diagnostic ignored "
                            "\"-Wunused-function\"\n"
                            "#endif\n",
                            encoding ? "try-all" : "fail-fast",
                            u->layout == FER_SMT2C_BITS ? "bit-packed"
                                                        : "byte-aligned",
                            p->nslots,
                            u->input_bytes, p->cons.size);
  for (size_t k = 0; ok && runtime_lines[k]; k++)
    ok = fer_buf_add(f, b, runtime_lines[k], strlen(runtime_lines[k]));
  ok = ok && fer_buf_printf(f, b,
                            "\n/* ---- the formula ---- */\n"
                            "#include <stddef.h>\n#include <stdio.h>\n"
                            "#include <stdlib.h>\n"
                            "#define FER_INPUT_BYTES %uu\n"
                            "/* a variable, not the macro: no warning when 0 */\n"
                            "static const size_t fer_input_bytes = "
                            "FER_INPUT_BYTES;\n",
                            u->input_bytes);
  ok = ok && put_layout(f, b, u);
  ok = ok && put_helpers(f, b, helpers_used(p));
  ok = ok && put_check(f, b, u, encoding, blk_done, is_dest);
  ok = ok && (with_main ? fer_buf_add(f, b, main_entry, sizeof main_entry - 1)
                        : fer_buf_add(f, b, fuzz_entry, sizeof fuzz_entry - 1));
  fer_free(f, blk_done, nb);
  fer_free(f, is_dest, nr);
  return ok;
}

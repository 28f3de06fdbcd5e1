/* The operations of the evaluator, one case per opcode: included by
 * prog.c (one input, run_code) and batch.c (many inputs, one lane loop per
 * instruction), so both run exactly the same semantics.  Not a header of
 * its own: the includer defines, for the current instruction `i` and the
 * current value of `env` (FER_ENV_*, fp/fast.h):
 *   CASE(N)    the start of opcode FER_I_N's case,
 *   NEXT       its end,
 *   REG(n)     register n (an lvalue),
 *   UNSPEC(X)  note that the result is unspecified if X holds.
 * Below, A B C E are REG(i->a) .. REG(i->e), RM is A as a rounding mode
 * and SET(V) writes the result register.  This file undefines every one of
 * these macros at its end.
 * HOT. */
#define A REG(i->a)
#define B REG(i->b)
#define C REG(i->c)
#define E REG(i->e)
#define RM ((fer_rm)A)
#define SET(V) REG(i->d) = (V)
  CASE(NOT) SET(A ^ 1); NEXT;
  CASE(AND) SET(A & B); NEXT;
  CASE(OR) SET(A | B); NEXT;
  CASE(XOR) SET(A ^ B); NEXT;
  CASE(IMPLIES) SET((A ^ 1) | B); NEXT;
  CASE(ITE) SET(A ? B : C); NEXT;
  CASE(EQ) SET(A == B); NEXT;
  CASE(FSEQ) SET(fer_fast_smt_eq(fer_insn_fmt(i), B, C)); NEXT;
  CASE(BVNOT) SET(fer_bv_not(A, i->w)); NEXT;
  CASE(BVNEG) SET(fer_bv_neg(A, i->w)); NEXT;
  CASE(BVAND) SET(A & B); NEXT;
  CASE(BVOR) SET(A | B); NEXT;
  CASE(BVXOR) SET(A ^ B); NEXT;
  CASE(BVNAND) SET(fer_bv_not(A & B, i->w)); NEXT;
  CASE(BVNOR) SET(fer_bv_not(A | B, i->w)); NEXT;
  CASE(BVXNOR) SET(fer_bv_not(A ^ B, i->w)); NEXT;
  CASE(BVCOMP) SET(A == B); NEXT;
  CASE(BVADD) SET(fer_bv_add(A, B, i->w)); NEXT;
  CASE(BVSUB) SET(fer_bv_sub(A, B, i->w)); NEXT;
  CASE(BVMUL) SET(fer_bv_mul(A, B, i->w)); NEXT;
  CASE(BVUDIV) SET(fer_bv_udiv(A, B, i->w)); NEXT;
  CASE(BVUREM) SET(fer_bv_urem(A, B, i->w)); NEXT;
  CASE(BVSDIV) SET(fer_bv_sdiv(A, B, i->w)); NEXT;
  CASE(BVSREM) SET(fer_bv_srem(A, B, i->w)); NEXT;
  CASE(BVSMOD) SET(fer_bv_smod(A, B, i->w)); NEXT;
  CASE(BVSHL) SET(fer_bv_shl(A, B, i->w)); NEXT;
  CASE(BVLSHR) SET(fer_bv_lshr(A, B, i->w)); NEXT;
  CASE(BVASHR) SET(fer_bv_ashr(A, B, i->w)); NEXT;
  CASE(BVULT) SET(fer_bv_ult(A, B, i->w)); NEXT;
  CASE(BVULE) SET(!fer_bv_ult(B, A, i->w)); NEXT;
  CASE(BVSLT) SET(fer_bv_slt(A, B, i->w)); NEXT;
  CASE(BVSLE) SET(!fer_bv_slt(B, A, i->w)); NEXT;
  CASE(BVNEGO) SET(fer_bv_nego(A, i->w)); NEXT;
  CASE(BVUADDO) SET(fer_bv_uaddo(A, B, i->w)); NEXT;
  CASE(BVSADDO) SET(fer_bv_saddo(A, B, i->w)); NEXT;
  CASE(BVUMULO) SET(fer_bv_umulo(A, B, i->w)); NEXT;
  CASE(BVSMULO) SET(fer_bv_smulo(A, B, i->w)); NEXT;
  CASE(BVUSUBO) SET(fer_bv_usubo(A, B, i->w)); NEXT;
  CASE(BVSSUBO) SET(fer_bv_ssubo(A, B, i->w)); NEXT;
  CASE(BVSDIVO) SET(fer_bv_sdivo(A, B, i->w)); NEXT;
  CASE(BVREDAND) SET(A == fer_bv_mask(i->w)); NEXT;
  CASE(BVREDOR) SET(A != 0); NEXT;
  CASE(CONCAT) SET(fer_bv_concat(A, B, i->w)); NEXT;
  CASE(EXTRACT) SET(fer_bv_extract(A, i->w, i->x)); NEXT;
  CASE(REPEAT) SET(fer_bv_repeat(A, i->x, i->w)); NEXT;
  CASE(SEXT) SET(fer_bv_sign_extend(A, i->x, i->w)); NEXT;
  CASE(ROTL) SET(fer_bv_rotl(A, i->x, i->w)); NEXT;
  CASE(ROTR) SET(fer_bv_rotr(A, i->x, i->w)); NEXT;
  CASE(FPMAKE) SET(fer_fp_make(fer_insn_fmt(i), (unsigned)A, B, C)); NEXT;
  CASE(FABS) SET(fer_fast_abs(fer_insn_fmt(i), B)); NEXT;
  CASE(FNEG) SET(fer_fast_neg(fer_insn_fmt(i), B)); NEXT;
  CASE(FADD) SET(fer_fast_add(fer_insn_fmt(i), RM, B, C, env)); NEXT;
  CASE(FSUB) SET(fer_fast_sub(fer_insn_fmt(i), RM, B, C, env)); NEXT;
  CASE(FMUL) SET(fer_fast_mul(fer_insn_fmt(i), RM, B, C, env)); NEXT;
  CASE(FDIV) SET(fer_fast_div(fer_insn_fmt(i), RM, B, C, env)); NEXT;
  CASE(FFMA) SET(fer_fast_fma(fer_insn_fmt(i), RM, B, C, E, env)); NEXT;
  CASE(FSQRT) SET(fer_fast_sqrt(fer_insn_fmt(i), RM, B, env)); NEXT;
  CASE(FREM) SET(fer_fp_rem(fer_insn_fmt(i), B, C)); NEXT;
  CASE(FRTI) SET(fer_fast_rti(fer_insn_fmt(i), RM, B)); NEXT;
  CASE(FMIN) {
    fer_fmt m = fer_insn_fmt(i);
    UNSPEC(fer_fast_is_zero(m, B) && fer_fast_is_zero(m, C) && B != C);
    SET(fer_fast_min(m, B, C));
  }
  NEXT;
  CASE(FMAX) {
    fer_fmt m = fer_insn_fmt(i);
    UNSPEC(fer_fast_is_zero(m, B) && fer_fast_is_zero(m, C) && B != C);
    SET(fer_fast_max(m, B, C));
  }
  NEXT;
  CASE(FLEQ) SET(fer_fast_leq(fer_insn_fmt(i), B, C)); NEXT;
  CASE(FLT) SET(fer_fast_lt(fer_insn_fmt(i), B, C)); NEXT;
  CASE(FEQ) SET(fer_fast_eq(fer_insn_fmt(i), B, C)); NEXT;
  CASE(ISNORMAL) SET(fer_fast_is_normal(fer_insn_fmt(i), B)); NEXT;
  CASE(ISSUBNORMAL) SET(fer_fast_is_subnormal(fer_insn_fmt(i), B)); NEXT;
  CASE(ISZERO) SET(fer_fast_is_zero(fer_insn_fmt(i), B)); NEXT;
  CASE(ISINF) SET(fer_fast_is_inf(fer_insn_fmt(i), B)); NEXT;
  CASE(ISNAN) SET(fer_fast_is_nan(fer_insn_fmt(i), B)); NEXT;
  CASE(ISNEG) SET(fer_fast_is_negative(fer_insn_fmt(i), B)); NEXT;
  CASE(ISPOS) SET(fer_fast_is_positive(fer_insn_fmt(i), B)); NEXT;
  /* Conversions: w/x = target format; e = source eb, c = source sb or
   * source width (the registers a/b are rm/operand). */
  CASE(FCVT) {
    fer_fmt from = {i->e, i->c};
    SET(fer_fast_convert(fer_insn_fmt(i), RM, from, B, env));
  }
  NEXT;
  CASE(FROMSBV) SET(fer_fast_from_sbv(fer_insn_fmt(i), RM, B, i->c, env)); NEXT;
  CASE(FROMUBV) SET(fer_fast_from_ubv(fer_insn_fmt(i), RM, B, i->c, env)); NEXT;
  CASE(FROMREAL) SET(REG(i->b + (uint32_t)A)); NEXT;
  CASE(TOUBV) {
    bool defined = true;
    fer_fmt from = {i->e, i->c};
    SET(fer_fp_to_ubv(from, RM, B, i->w, &defined));
    UNSPEC(!defined);
  }
  NEXT;
  CASE(TOSBV) {
    bool defined = true;
    fer_fmt from = {i->e, i->c};
    SET(fer_fp_to_sbv(from, RM, B, i->w, &defined));
    UNSPEC(!defined);
  }
  NEXT;
  /* Float64 / Float32 under constant RNE (compile.c's specialise) */
  CASE(FADD64) SET(fer_fast_add64(B, C, env)); NEXT;
  CASE(FSUB64) SET(fer_fast_sub64(B, C, env)); NEXT;
  CASE(FMUL64) SET(fer_fast_mul64(B, C, env)); NEXT;
  CASE(FDIV64) SET(fer_fast_div64(B, C, env)); NEXT;
  CASE(FLEQ64) SET(fer_fast_leq64(B, C, env)); NEXT;
  CASE(FLT64) SET(fer_fast_lt64(B, C, env)); NEXT;
  CASE(FEQ64) SET(fer_fast_eq64(B, C, env)); NEXT;
  CASE(FADD32) SET(fer_fast_add32(B, C, env)); NEXT;
  CASE(FSUB32) SET(fer_fast_sub32(B, C, env)); NEXT;
  CASE(FMUL32) SET(fer_fast_mul32(B, C, env)); NEXT;
  CASE(FDIV32) SET(fer_fast_div32(B, C, env)); NEXT;
  CASE(FLEQ32) SET(fer_fast_leq32(B, C, env)); NEXT;
  CASE(FLT32) SET(fer_fast_lt32(B, C, env)); NEXT;
  CASE(FEQ32) SET(fer_fast_eq32(B, C, env)); NEXT;
  CASE(TOIEEE) {
    fer_fmt m = fer_insn_fmt(i);
    UNSPEC(fer_fp_is_nan(m, B));
    SET(fer_fp_canon(m, B));
  }
  NEXT;
  /* bit-vectors wider than 128 bits: out of line (engine/wide.c) */
  CASE(WIDE) UNSPEC(!fer_wide_run(i, &REG(0), (size_t)(&REG(1) - &REG(0)))); NEXT;
#undef REG
#undef A
#undef B
#undef C
#undef E
#undef RM
#undef SET
#undef UNSPEC
#undef CASE
#undef NEXT

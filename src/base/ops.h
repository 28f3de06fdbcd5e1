/* The operator table: one line per term constructor.
 *
 *   OP(ID, "smt-lib name", indices, kind)
 *
 * indices: how many numeric indices ((_ extract i j) has 2).
 * kind:    how the reader treats extra arguments (SMT-LIB attributes):
 *   FIXED  fixed arity, checked by the sort checker;
 *   LEFT   :left-assoc, (op a b c) = (op (op a b) c), stored binary;
 *   RIGHT  :right-assoc, stored binary;
 *   CHAIN  :chainable, (op a b c) = (and (op a b) (op b c)), stored binary;
 *   NARY   kept n-ary in the store (and, or, distinct);
 *   LEAF   no arguments, built by dedicated constructors.
 * The store is canonical: a term read back from its printed form is the
 * same id. */
#ifndef FER_OPS_H
#define FER_OPS_H

#define FER_OPS(OP)                                  \
  /* leaves */                                       \
  OP(TRUE, "true", 0, LEAF)                          \
  OP(FALSE, "false", 0, LEAF)                        \
  OP(CONST, "const", 0, LEAF) /* BV, FP or RM value */ \
  OP(VAR, "var", 0, LEAF)     /* declared constant */ \
  OP(REAL, "real", 0, LEAF)   /* exact rational literal */ \
  OP(PARAM, "param", 0, LEAF) /* define-fun parameter */ \
  /* core */                                         \
  OP(NOT, "not", 0, FIXED)                           \
  OP(IMPLIES, "=>", 0, RIGHT)                        \
  OP(AND, "and", 0, NARY)                            \
  OP(OR, "or", 0, NARY)                              \
  OP(XOR, "xor", 0, LEFT)                            \
  OP(EQ, "=", 0, CHAIN)                              \
  OP(DISTINCT, "distinct", 0, NARY)                  \
  OP(ITE, "ite", 0, FIXED)                           \
  /* bit-vectors */                                  \
  OP(CONCAT, "concat", 0, LEFT)                      \
  OP(EXTRACT, "extract", 2, FIXED)                   \
  OP(REPEAT, "repeat", 1, FIXED)                     \
  OP(ZERO_EXTEND, "zero_extend", 1, FIXED)           \
  OP(SIGN_EXTEND, "sign_extend", 1, FIXED)           \
  OP(ROTATE_LEFT, "rotate_left", 1, FIXED)           \
  OP(ROTATE_RIGHT, "rotate_right", 1, FIXED)         \
  OP(BVNOT, "bvnot", 0, FIXED)                       \
  OP(BVNEG, "bvneg", 0, FIXED)                       \
  OP(BVAND, "bvand", 0, LEFT)                        \
  OP(BVOR, "bvor", 0, LEFT)                          \
  OP(BVXOR, "bvxor", 0, LEFT)                        \
  OP(BVNAND, "bvnand", 0, FIXED)                     \
  OP(BVNOR, "bvnor", 0, FIXED)                       \
  OP(BVXNOR, "bvxnor", 0, FIXED)                     \
  OP(BVCOMP, "bvcomp", 0, FIXED)                     \
  OP(BVADD, "bvadd", 0, LEFT)                        \
  OP(BVSUB, "bvsub", 0, LEFT)                        \
  OP(BVMUL, "bvmul", 0, LEFT)                        \
  OP(BVUDIV, "bvudiv", 0, FIXED)                     \
  OP(BVUREM, "bvurem", 0, FIXED)                     \
  OP(BVSDIV, "bvsdiv", 0, FIXED)                     \
  OP(BVSREM, "bvsrem", 0, FIXED)                     \
  OP(BVSMOD, "bvsmod", 0, FIXED)                     \
  OP(BVSHL, "bvshl", 0, FIXED)                       \
  OP(BVLSHR, "bvlshr", 0, FIXED)                     \
  OP(BVASHR, "bvashr", 0, FIXED)                     \
  OP(BVULT, "bvult", 0, FIXED)                       \
  OP(BVULE, "bvule", 0, FIXED)                       \
  OP(BVUGT, "bvugt", 0, FIXED)                       \
  OP(BVUGE, "bvuge", 0, FIXED)                       \
  OP(BVSLT, "bvslt", 0, FIXED)                       \
  OP(BVSLE, "bvsle", 0, FIXED)                       \
  OP(BVSGT, "bvsgt", 0, FIXED)                       \
  OP(BVSGE, "bvsge", 0, FIXED)                       \
  OP(BVNEGO, "bvnego", 0, FIXED)                     \
  OP(BVUADDO, "bvuaddo", 0, FIXED)                   \
  OP(BVSADDO, "bvsaddo", 0, FIXED)                   \
  OP(BVUMULO, "bvumulo", 0, FIXED)                   \
  OP(BVSMULO, "bvsmulo", 0, FIXED)                   \
  OP(BVUSUBO, "bvusubo", 0, FIXED)                   \
  OP(BVSSUBO, "bvssubo", 0, FIXED)                   \
  OP(BVSDIVO, "bvsdivo", 0, FIXED)                   \
  OP(BVREDAND, "bvredand", 0, FIXED) /* extension: Z3, Bitwuzla */ \
  OP(BVREDOR, "bvredor", 0, FIXED)                   \
  /* floating point */                               \
  OP(FP, "fp", 0, FIXED)                             \
  OP(FP_ABS, "fp.abs", 0, FIXED)                     \
  OP(FP_NEG, "fp.neg", 0, FIXED)                     \
  OP(FP_ADD, "fp.add", 0, FIXED)                     \
  OP(FP_SUB, "fp.sub", 0, FIXED)                     \
  OP(FP_MUL, "fp.mul", 0, FIXED)                     \
  OP(FP_DIV, "fp.div", 0, FIXED)                     \
  OP(FP_FMA, "fp.fma", 0, FIXED)                     \
  OP(FP_SQRT, "fp.sqrt", 0, FIXED)                   \
  OP(FP_REM, "fp.rem", 0, FIXED)                     \
  OP(FP_RTI, "fp.roundToIntegral", 0, FIXED)         \
  OP(FP_MIN, "fp.min", 0, FIXED)                     \
  OP(FP_MAX, "fp.max", 0, FIXED)                     \
  OP(FP_LEQ, "fp.leq", 0, CHAIN)                     \
  OP(FP_LT, "fp.lt", 0, CHAIN)                       \
  OP(FP_GEQ, "fp.geq", 0, CHAIN)                     \
  OP(FP_GT, "fp.gt", 0, CHAIN)                       \
  OP(FP_EQ, "fp.eq", 0, CHAIN)                       \
  OP(FP_IS_NORMAL, "fp.isNormal", 0, FIXED)          \
  OP(FP_IS_SUBNORMAL, "fp.isSubnormal", 0, FIXED)    \
  OP(FP_IS_ZERO, "fp.isZero", 0, FIXED)              \
  OP(FP_IS_INF, "fp.isInfinite", 0, FIXED)           \
  OP(FP_IS_NAN, "fp.isNaN", 0, FIXED)                \
  OP(FP_IS_NEG, "fp.isNegative", 0, FIXED)           \
  OP(FP_IS_POS, "fp.isPositive", 0, FIXED)           \
  /* conversions; TO_FP_* carry (eb, sb), FP_TO_*BV carry the width */ \
  OP(TO_FP_BV, "to_fp", 2, FIXED)   /* (_ to_fp eb sb) bv: reinterpret */ \
  OP(TO_FP_FP, "to_fp", 2, FIXED)   /* rm fp */      \
  OP(TO_FP_SBV, "to_fp", 2, FIXED)  /* rm bv, signed */ \
  OP(TO_FP_REAL, "to_fp", 2, FIXED) /* rm real */    \
  OP(TO_FP_UBV, "to_fp_unsigned", 2, FIXED)          \
  OP(FP_TO_UBV, "fp.to_ubv", 1, FIXED)               \
  OP(FP_TO_SBV, "fp.to_sbv", 1, FIXED)               \
  /* extension (Z3): the IEEE bit pattern; of NaN it is unspecified */ \
  OP(FP_TO_IEEE_BV, "to_ieee_bv", 0, FIXED)         \
  /* arrays and uninterpreted functions */           \
  OP(SELECT, "select", 0, FIXED)                     \
  OP(STORE, "store", 0, FIXED)                       \
  OP(CONST_ARRAY, "as const", 1, FIXED) /* idx0 = the array sort */ \
  OP(APPLY, "apply", 0, FIXED) /* (f a1 .. an): args f, a1 .. an */

typedef enum fer_op {
#define FER_OP_ENUM(ID, NAME, NIDX, KIND) FER_OP_##ID,
  FER_OPS(FER_OP_ENUM)
#undef FER_OP_ENUM
  FER_OP_COUNT
} fer_op;

typedef enum fer_op_kind {
  FER_KIND_LEAF,
  FER_KIND_FIXED,
  FER_KIND_LEFT,
  FER_KIND_RIGHT,
  FER_KIND_CHAIN,
  FER_KIND_NARY
} fer_op_kind;

typedef struct fer_op_info {
  const char *name;
  unsigned char nidx;
  unsigned char kind; /* fer_op_kind */
} fer_op_info;

extern const fer_op_info fer_op_table[FER_OP_COUNT];

/* Rounding modes, in the order SMT-LIB lists them.  RM constants are
 * FER_OP_CONST terms of sort RoundingMode with this value. */
typedef enum fer_rm {
  FER_RNE = 0, /* roundNearestTiesToEven */
  FER_RNA = 1, /* roundNearestTiesToAway */
  FER_RTP = 2, /* roundTowardPositive */
  FER_RTN = 3, /* roundTowardNegative */
  FER_RTZ = 4  /* roundTowardZero */
} fer_rm;

/* SMT-LIB's names of the rounding modes, indexed by fer_rm: the short ones
 * ("RNE") the printer writes, and the long ones the reader accepts too
 * (term.c). */
extern const char *const fer_rm_names[5], *const fer_rm_long_names[5];

#endif

"""The operators of ferret_kind (ferret.h) by number and name, and the
SMT-LIB names of the ones apply() takes."""

KIND_NAMES = (
    "TRUE FALSE CONST VAR REAL PARAM NOT IMPLIES AND OR XOR EQ DISTINCT ITE CONCAT EXTRACT "
    "REPEAT ZERO_EXTEND SIGN_EXTEND ROTATE_LEFT ROTATE_RIGHT BVNOT BVNEG BVAND BVOR BVXOR "
    "BVNAND BVNOR BVXNOR BVCOMP BVADD BVSUB BVMUL BVUDIV BVUREM BVSDIV BVSREM BVSMOD BVSHL "
    "BVLSHR BVASHR BVULT BVULE BVUGT BVUGE BVSLT BVSLE BVSGT BVSGE BVNEGO BVUADDO BVSADDO "
    "BVUMULO BVSMULO BVUSUBO BVSSUBO BVSDIVO BVREDAND BVREDOR FP FP_ABS FP_NEG FP_ADD FP_SUB "
    "FP_MUL FP_DIV FP_FMA FP_SQRT FP_REM FP_RTI FP_MIN FP_MAX FP_LEQ FP_LT FP_GEQ FP_GT FP_EQ "
    "FP_IS_NORMAL FP_IS_SUBNORMAL FP_IS_ZERO FP_IS_INF FP_IS_NAN FP_IS_NEG FP_IS_POS TO_FP_BV "
    "TO_FP_FP TO_FP_SBV TO_FP_REAL TO_FP_UBV FP_TO_UBV FP_TO_SBV FP_TO_IEEE_BV SELECT STORE "
    "CONST_ARRAY APPLY").split()
KIND = {n: i for i, n in enumerate(KIND_NAMES)}

# SMT-LIB operator names of the applicable kinds (apply("bvadd", ...)).
SMT_NAMES = {
    "not": "NOT", "=>": "IMPLIES", "and": "AND", "or": "OR", "xor": "XOR", "=": "EQ",
    "distinct": "DISTINCT", "ite": "ITE", "concat": "CONCAT", "extract": "EXTRACT",
    "repeat": "REPEAT", "zero_extend": "ZERO_EXTEND", "sign_extend": "SIGN_EXTEND",
    "rotate_left": "ROTATE_LEFT", "rotate_right": "ROTATE_RIGHT", "fp": "FP",
    "fp.abs": "FP_ABS", "fp.neg": "FP_NEG", "fp.add": "FP_ADD", "fp.sub": "FP_SUB",
    "fp.mul": "FP_MUL", "fp.div": "FP_DIV", "fp.fma": "FP_FMA", "fp.sqrt": "FP_SQRT",
    "fp.rem": "FP_REM", "fp.roundToIntegral": "FP_RTI", "fp.min": "FP_MIN",
    "fp.max": "FP_MAX", "fp.leq": "FP_LEQ", "fp.lt": "FP_LT", "fp.geq": "FP_GEQ",
    "fp.gt": "FP_GT", "fp.eq": "FP_EQ", "fp.isNormal": "FP_IS_NORMAL",
    "fp.isSubnormal": "FP_IS_SUBNORMAL", "fp.isZero": "FP_IS_ZERO",
    "fp.isInfinite": "FP_IS_INF", "fp.isNaN": "FP_IS_NAN", "fp.isNegative": "FP_IS_NEG",
    "fp.isPositive": "FP_IS_POS", "to_fp": "TO_FP_BV", "to_fp_unsigned": "TO_FP_UBV",
    "fp.to_ubv": "FP_TO_UBV", "fp.to_sbv": "FP_TO_SBV", "to_ieee_bv": "FP_TO_IEEE_BV",
    "select": "SELECT", "store": "STORE", "const": "CONST_ARRAY", "apply": "APPLY",
}
for _k in KIND_NAMES:
    if _k.startswith("BV"):
        SMT_NAMES[_k.lower()] = _k

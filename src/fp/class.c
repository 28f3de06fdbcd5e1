/* Classification, special constants, (fp s e m), canonical NaN, abs, neg.
 * abs and neg are bit operations (IEEE §5.5.1), except that a NaN comes
 * out canonical like every result of this library. */
#include "fp/fp_internal.h"

bool fer_fp_is_nan(fer_fmt f, fer_u128 x) { return fer_fp_isnan(f, x); }
bool fer_fp_is_inf(fer_fmt f, fer_u128 x) {
  return fer_fp_mag(f, x) == fer_fp_inf_bits(f);
}
bool fer_fp_is_zero(fer_fmt f, fer_u128 x) { return !fer_fp_mag(f, x); }
bool fer_fp_is_normal(fer_fmt f, fer_u128 x) {
  fer_u128 m = fer_fp_mag(f, x);
  return m >> (f.sb - 1) && m < fer_fp_inf_bits(f);
}
bool fer_fp_is_subnormal(fer_fmt f, fer_u128 x) {
  fer_u128 m = fer_fp_mag(f, x);
  return m && !(m >> (f.sb - 1));
}
bool fer_fp_is_negative(fer_fmt f, fer_u128 x) {
  return fer_fp_sign_of(f, x) && !fer_fp_is_nan(f, x);
}
bool fer_fp_is_positive(fer_fmt f, fer_u128 x) {
  return !fer_fp_sign_of(f, x) && !fer_fp_is_nan(f, x);
}

fer_u128 fer_fp_nan(fer_fmt f) { return fer_fp_nan_bits(f); }
fer_u128 fer_fp_inf(fer_fmt f, bool negative) {
  return (negative ? fer_fp_sign_bit(f) : 0) | fer_fp_inf_bits(f);
}
fer_u128 fer_fp_zero(fer_fmt f, bool negative) {
  return negative ? fer_fp_sign_bit(f) : 0;
}

fer_u128 fer_fp_canon(fer_fmt f, fer_u128 x) {
  return fer_fp_isnan(f, x) ? fer_fp_nan_bits(f) : x;
}

fer_u128 fer_fp_order_key(fer_fmt f, fer_u128 x) {
  fer_u128 S = fer_fp_sign_bit(f);
  return x & S ? S - 1 - (x & (S - 1)) : S + x;
}

fer_u128 fer_fp_from_order_key(fer_fmt f, fer_u128 k) {
  fer_u128 S = fer_fp_sign_bit(f);
  return k >= S ? k - S : S | (S - 1 - k);
}

fer_u128 fer_fp_make(fer_fmt f, unsigned sign, fer_u128 exp, fer_u128 sig) {
  fer_u128 x = ((fer_u128)(sign & 1) << (f.eb + f.sb - 1)) |
               ((exp & fer_fp_exp_ones(f)) << (f.sb - 1)) |
               (sig & fer_fp_frac_mask(f));
  return fer_fp_canon(f, x);
}

fer_u128 fer_fp_abs(fer_fmt f, fer_u128 x) {
  fer_u128 m = fer_fp_mag(f, x);
  return fer_fp_mag_is_nan(f, m) ? fer_fp_nan_bits(f) : m;
}

fer_u128 fer_fp_neg(fer_fmt f, fer_u128 x) {
  return fer_fp_isnan(f, x) ? fer_fp_nan_bits(f) : x ^ fer_fp_sign_bit(f);
}

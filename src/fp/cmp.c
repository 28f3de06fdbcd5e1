/* IEEE comparisons (fp.leq, fp.lt, fp.eq) and SMT-LIB `=` on bit patterns.
 * Hot: called on every evaluation of a comparison, so integer code only
 * (as fast as the hardware compare and valid for every format). */
#include "fp/fp_internal.h"

/* fp.lt / fp.leq on two magnitudes ma, mb (neither NaN) with signs. */
static inline bool less(bool sa, fer_u128 ma, bool sb, fer_u128 mb,
                        bool or_equal) {
  if (!(ma | mb)) return or_equal; /* -0 == +0 */
  if (sa != sb) return sa;
  if (ma == mb) return or_equal;
  return sa ? ma > mb : ma < mb;
}

bool fer_fp_leq(fer_fmt f, fer_u128 a, fer_u128 b) {
  fer_u128 ma = fer_fp_mag(f, a), mb = fer_fp_mag(f, b);
  if (fer_fp_mag_is_nan(f, ma) || fer_fp_mag_is_nan(f, mb)) return false;
  return less(fer_fp_sign_of(f, a), ma, fer_fp_sign_of(f, b), mb, true);
}

bool fer_fp_lt(fer_fmt f, fer_u128 a, fer_u128 b) {
  fer_u128 ma = fer_fp_mag(f, a), mb = fer_fp_mag(f, b);
  if (fer_fp_mag_is_nan(f, ma) || fer_fp_mag_is_nan(f, mb)) return false;
  return less(fer_fp_sign_of(f, a), ma, fer_fp_sign_of(f, b), mb, false);
}

bool fer_fp_eq(fer_fmt f, fer_u128 a, fer_u128 b) {
  fer_u128 ma = fer_fp_mag(f, a), mb = fer_fp_mag(f, b);
  if (fer_fp_mag_is_nan(f, ma) || fer_fp_mag_is_nan(f, mb)) return false;
  return a == b || !(ma | mb);
}

bool fer_fp_smt_eq(fer_fmt f, fer_u128 a, fer_u128 b) {
  bool na = fer_fp_is_nan(f, a), nb = fer_fp_is_nan(f, b);
  return na || nb ? na && nb : a == b;
}

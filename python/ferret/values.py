"""Python values of ferret's sorts: exact floating-point values of any format.

A floating-point value is kept as its three IEEE fields (sign, biased
exponent, stored significand) of a format (eb, sb); FPValue is also a
Python float, exact for Float16, BFloat16, Float32 and Float64 (and rounded
to nearest for wider formats), so ``m[x] == 1.5`` and arithmetic work, while
``.fraction()`` and ``.bits`` stay exact for every format.
"""
import math
import struct
from fractions import Fraction

RM_NAMES = ("RNE", "RNA", "RTP", "RTN", "RTZ")
RM_LONG = ("roundNearestTiesToEven", "roundNearestTiesToAway", "roundTowardPositive",
           "roundTowardNegative", "roundTowardZero")


def rm_index(rm):
    """The ferret_rm number of a rounding mode given by name (short or long)."""
    if isinstance(rm, int) and 0 <= rm < 5:
        return rm
    if isinstance(rm, str):
        if rm in RM_NAMES:
            return RM_NAMES.index(rm)
        if rm in RM_LONG:
            return RM_LONG.index(rm)
    raise ValueError("unknown rounding mode %r (RNE, RNA, RTP, RTN, RTZ)" % (rm,))


class FPValue(float):
    """An exact floating-point value of format (eb, sb).

    sign, exponent (biased) and significand (the sb-1 stored bits) are the
    IEEE fields; bits is the whole pattern as an int; fraction() the exact
    rational value (ValueError for infinities and NaN)."""

    __slots__ = ("eb", "sb", "sign", "exponent", "significand")

    def __new__(cls, eb, sb, sign, exponent, significand):
        if not (0 <= exponent < (1 << eb) and 0 <= significand < (1 << (sb - 1))
                and sign in (0, 1)):
            raise ValueError("FP fields out of range for (%d, %d)" % (eb, sb))
        v = float.__new__(cls, _to_float(eb, sb, sign, exponent, significand))
        v.eb, v.sb, v.sign, v.exponent, v.significand = eb, sb, sign, exponent, significand
        return v

    @classmethod
    def from_bits(cls, eb, sb, bits):
        m = sb - 1
        return cls(eb, sb, (bits >> (m + eb)) & 1, (bits >> m) & ((1 << eb) - 1),
                   bits & ((1 << m) - 1))

    @classmethod
    def from_value(cls, value, eb, sb, rm="RNE"):
        """value (float, int, Fraction, or a string Fraction reads, or
        'nan', 'inf', '-inf', '-0.0') rounded to (eb, sb) with rm."""
        return cls.from_bits(eb, sb, round_to_bits(value, eb, sb, rm))

    @property
    def bits(self):
        m = self.sb - 1
        return (self.sign << (m + self.eb)) | (self.exponent << m) | self.significand

    def fields(self):
        """(sign, exponent, significand), exact."""
        return (self.sign, self.exponent, self.significand)

    def is_nan(self):
        return self.exponent == (1 << self.eb) - 1 and self.significand != 0

    def is_inf(self):
        return self.exponent == (1 << self.eb) - 1 and self.significand == 0

    def is_zero(self):
        return self.exponent == 0 and self.significand == 0

    def is_subnormal(self):
        return self.exponent == 0 and self.significand != 0

    def is_normal(self):
        return 0 < self.exponent < (1 << self.eb) - 1

    def fraction(self):
        """The exact value as a fractions.Fraction (ValueError for inf/NaN)."""
        if self.exponent == (1 << self.eb) - 1:
            raise ValueError("%s has no rational value" % self.smtlib())
        return _fraction(self.eb, self.sb, self.sign, self.exponent, self.significand)

    def smtlib(self):
        """As ferret and z3 print it: (fp #b.. #b.. #b..) or (_ NaN eb sb) ..."""
        eb, sb = self.eb, self.sb
        if self.is_nan():
            return "(_ NaN %d %d)" % (eb, sb)
        if self.is_inf():
            return "(_ %soo %d %d)" % ("-" if self.sign else "+", eb, sb)
        if self.is_zero():
            return "(_ %szero %d %d)" % ("-" if self.sign else "+", eb, sb)
        return "(fp #b%d #b%s #b%s)" % (self.sign, format(self.exponent, "0%db" % eb),
                                        format(self.significand, "0%db" % (sb - 1)))

    def __repr__(self):
        return "FPValue(%s, eb=%d, sb=%d)" % (float.__repr__(self), self.eb, self.sb)

    def __reduce__(self):
        return (FPValue, (self.eb, self.sb, self.sign, self.exponent, self.significand))


def _fraction(eb, sb, sign, exponent, significand):
    bias = (1 << (eb - 1)) - 1
    if exponent == 0:
        mant, e = significand, 1 - bias
    else:
        mant, e = (1 << (sb - 1)) | significand, exponent - bias
    shift = e - (sb - 1)
    q = Fraction(mant << shift) if shift >= 0 else Fraction(mant, 1 << -shift)
    return -q if sign else q


def _to_float(eb, sb, sign, exponent, significand):
    if (eb, sb) == (11, 53):
        bits = (sign << 63) | (exponent << 52) | significand
        return struct.unpack("<d", struct.pack("<Q", bits))[0]
    if (eb, sb) == (8, 24):
        bits = (sign << 31) | (exponent << 23) | significand
        return struct.unpack("<f", struct.pack("<I", bits))[0]
    if exponent == (1 << eb) - 1:
        if significand:
            return math.nan
        return -math.inf if sign else math.inf
    if exponent == 0 and significand == 0:
        return -0.0 if sign else 0.0
    q = _fraction(eb, sb, sign, exponent, significand)
    try:
        return float(q)  # int / int true division rounds to nearest
    except OverflowError:
        return -math.inf if sign else math.inf


def canonical_nan(eb, sb):
    """ferret's NaN: sign 0, exponent all ones, the top stored bit set."""
    return (((1 << eb) - 1) << (sb - 1)) | (1 << (sb - 2))


def round_to_bits(value, eb, sb, rm="RNE"):
    """The bit pattern of `value` rounded to format (eb, sb) with rm (exact,
    every rounding mode; IEEE 754 rounding of a rational)."""
    rmi = rm_index(rm)
    m = sb - 1
    ones = (1 << eb) - 1
    neg = False
    if isinstance(value, str):
        s = value.strip().lower()
        if s in ("nan", "+nan", "-nan"):
            return canonical_nan(eb, sb)
        if s in ("inf", "+inf", "infinity", "+infinity", "-inf", "-infinity"):
            return ((1 if s.startswith("-") else 0) << (m + eb)) | (ones << m)
        if s in ("-0", "-0.0"):
            return 1 << (m + eb)
        value = Fraction(value)
    if isinstance(value, float):
        if math.isnan(value):
            return canonical_nan(eb, sb)
        if math.isinf(value):
            return ((1 if value < 0 else 0) << (m + eb)) | (ones << m)
        if value == 0:
            return (1 if math.copysign(1.0, value) < 0 else 0) << (m + eb)
        value = Fraction(value)
    q = Fraction(value)
    if q == 0:
        return 0
    if q < 0:
        neg, q = True, -q
    bias = (1 << (eb - 1)) - 1
    emin, emax = 1 - bias, bias
    # e = floor(log2(q))
    e = q.numerator.bit_length() - q.denominator.bit_length()
    if Fraction(2) ** e > q:
        e -= 1
    e = max(e, emin)
    scaled = q / (Fraction(2) ** (e - m))
    n = scaled.numerator // scaled.denominator
    rest = scaled - n
    if rest:
        half = Fraction(1, 2)
        if rmi == 0:
            up = rest > half or (rest == half and n & 1)
        elif rmi == 1:
            up = rest >= half
        elif rmi == 2:
            up = not neg
        elif rmi == 3:
            up = neg
        else:
            up = False
        if up:
            n += 1
    if n == 1 << sb:
        n >>= 1
        e += 1
    sign = (1 if neg else 0) << (m + eb)
    if e > emax:
        to_inf = rmi in (0, 1) or (rmi == 2 and not neg) or (rmi == 3 and neg)
        if to_inf:
            return sign | (ones << m)
        return sign | ((ones - 1) << m) | ((1 << m) - 1)
    if n < (1 << m):  # subnormal or zero
        return sign | n
    return sign | ((e + bias) << m) | (n - (1 << m))

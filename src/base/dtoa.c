/* Double to shortest decimal text (contract in dtoa.h), by Grisu2
 * (F. Loitsch, "Printing floating-point numbers quickly and accurately
 * with integers", PLDI 2010):
 *
 *   v = f * 2^e (exact) -> its neighbours' midpoints m- < v < m+ bound
 *   every decimal that reads back as v -> scale all three by one cached
 *   power 10^q so that the product's binary exponent lies in [-60, -32]
 *   (64-bit products, each off by less than one unit in the last place:
 *   the interval is narrowed by one unit on each side to stay inside) ->
 *   the digits of the scaled m+, stopping at the first prefix inside the
 *   interval -> the last digit moved towards the scaled v while it stays
 *   inside.
 *
 * The result always reads back as v; it is the shortest such text for all
 * but a few doubles in 10^4 (those whose shortest decimal lies within the
 * products' error of the interval's end: then up to 17 digits).  Cost: three 64x64
 * multiplications, the integral digits two per step by the constant 100,
 * a multiply and a mask per fractional digit, no big numbers, and no
 * hardware division but in the rare end inside the integral digits: about
 * 40 ns a call on random float32 or double values (gcc -O2; 80 ns with a
 * division per integral digit).  Hot: called for every FP value of every
 * sample, so the branches the data decides (sign, exponent, digit moves)
 * are kept few. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "base/dtoa.h"
#include "base/u128.h"

typedef struct diy { /* f * 2^e */
  uint64_t f;
  int e;
} diy;

/* 10^q as f * 2^e, f the nearest 64-bit integer with its top bit set,
 * for q = -348, -340, ..., 340 (tools/gen-pow10.py prints this table). */
static const diy pow10_cache[] = {
    {0xfa8fd5a0081c0288ull, -1220}, {0xbaaee17fa23ebf76ull, -1193}, {0x8b16fb203055ac76ull, -1166},
    {0xcf42894a5dce35eaull, -1140}, {0x9a6bb0aa55653b2dull, -1113}, {0xe61acf033d1a45dfull, -1087},
    {0xab70fe17c79ac6caull, -1060}, {0xff77b1fcbebcdc4full, -1034}, {0xbe5691ef416bd60cull, -1007},
    {0x8dd01fad907ffc3cull, -980}, {0xd3515c2831559a83ull, -954}, {0x9d71ac8fada6c9b5ull, -927},
    {0xea9c227723ee8bcbull, -901}, {0xaecc49914078536dull, -874}, {0x823c12795db6ce57ull, -847},
    {0xc21094364dfb5637ull, -821}, {0x9096ea6f3848984full, -794}, {0xd77485cb25823ac7ull, -768},
    {0xa086cfcd97bf97f4ull, -741}, {0xef340a98172aace5ull, -715}, {0xb23867fb2a35b28eull, -688},
    {0x84c8d4dfd2c63f3bull, -661}, {0xc5dd44271ad3cdbaull, -635}, {0x936b9fcebb25c996ull, -608},
    {0xdbac6c247d62a584ull, -582}, {0xa3ab66580d5fdaf6ull, -555}, {0xf3e2f893dec3f126ull, -529},
    {0xb5b5ada8aaff80b8ull, -502}, {0x87625f056c7c4a8bull, -475}, {0xc9bcff6034c13053ull, -449},
    {0x964e858c91ba2655ull, -422}, {0xdff9772470297ebdull, -396}, {0xa6dfbd9fb8e5b88full, -369},
    {0xf8a95fcf88747d94ull, -343}, {0xb94470938fa89bcfull, -316}, {0x8a08f0f8bf0f156bull, -289},
    {0xcdb02555653131b6ull, -263}, {0x993fe2c6d07b7facull, -236}, {0xe45c10c42a2b3b06ull, -210},
    {0xaa242499697392d3ull, -183}, {0xfd87b5f28300ca0eull, -157}, {0xbce5086492111aebull, -130},
    {0x8cbccc096f5088ccull, -103}, {0xd1b71758e219652cull, -77}, {0x9c40000000000000ull, -50},
    {0xe8d4a51000000000ull, -24}, {0xad78ebc5ac620000ull, 3}, {0x813f3978f8940984ull, 30},
    {0xc097ce7bc90715b3ull, 56}, {0x8f7e32ce7bea5c70ull, 83}, {0xd5d238a4abe98068ull, 109},
    {0x9f4f2726179a2245ull, 136}, {0xed63a231d4c4fb27ull, 162}, {0xb0de65388cc8ada8ull, 189},
    {0x83c7088e1aab65dbull, 216}, {0xc45d1df942711d9aull, 242}, {0x924d692ca61be758ull, 269},
    {0xda01ee641a708deaull, 295}, {0xa26da3999aef774aull, 322}, {0xf209787bb47d6b85ull, 348},
    {0xb454e4a179dd1877ull, 375}, {0x865b86925b9bc5c2ull, 402}, {0xc83553c5c8965d3dull, 428},
    {0x952ab45cfa97a0b3ull, 455}, {0xde469fbd99a05fe3ull, 481}, {0xa59bc234db398c25ull, 508},
    {0xf6c69a72a3989f5cull, 534}, {0xb7dcbf5354e9beceull, 561}, {0x88fcf317f22241e2ull, 588},
    {0xcc20ce9bd35c78a5ull, 614}, {0x98165af37b2153dfull, 641}, {0xe2a0b5dc971f303aull, 667},
    {0xa8d9d1535ce3b396ull, 694}, {0xfb9b7cd9a4a7443cull, 720}, {0xbb764c4ca7a44410ull, 747},
    {0x8bab8eefb6409c1aull, 774}, {0xd01fef10a657842cull, 800}, {0x9b10a4e5e9913129ull, 827},
    {0xe7109bfba19c0c9dull, 853}, {0xac2820d9623bf429ull, 880}, {0x80444b5e7aa7cf85ull, 907},
    {0xbf21e44003acdd2dull, 933}, {0x8e679c2f5e44ff8full, 960}, {0xd433179d9c8cb841ull, 986},
    {0x9e19db92b4e31ba9ull, 1013}, {0xeb96bf6ebadf77d9ull, 1039}, {0xaf87023b9bf0ee6bull, 1066},
};
enum { POW10_FIRST = -348, POW10_STEP = 8, POW10_COUNT = sizeof pow10_cache / sizeof *pow10_cache };

static const uint64_t pow10_u64[20] = {
    1ull, 10ull, 100ull, 1000ull, 10000ull, 100000ull, 1000000ull, 10000000ull,
    100000000ull, 1000000000ull, 10000000000ull, 100000000000ull,
    1000000000000ull, 10000000000000ull, 100000000000000ull,
    1000000000000000ull, 10000000000000000ull, 100000000000000000ull,
    1000000000000000000ull, 10000000000000000000ull};

/* a * b, the 128-bit product's top 64 bits rounded (half up) */
static diy diy_mul(diy a, diy b) {
  fer_u128 p = (fer_u128)a.f * b.f;
  uint64_t hi = (uint64_t)(p >> 64) + ((uint64_t)p >> 63);
  return (diy){hi, a.e + b.e + 64};
}

static diy diy_normal(diy x) {
  int s = __builtin_clzll(x.f);
  return (diy){x.f << s, x.e - s};
}

/* The cached power whose product with a normal diy of exponent e has its
 * exponent in [-60, -32]: the least decimal exponent that works is about
 * ceil((-61 - e) * log10(2)), here by 78913 / 2^18 ~ log10(2) in integers
 * (the same as ceil of the double product for every e a double gives), as
 * an index (+ 348, rounded up to a step of 8: one shift); then
 * corrected. */
static int pick_power(int e) {
  int i = ((-61 - e) * 78913 + (356 << 18) - 1) >> 21;
  if (i < 0) i = 0;
  if (i >= POW10_COUNT) i = POW10_COUNT - 1;
  while (i + 1 < POW10_COUNT && e + pow10_cache[i].e + 64 < -60) i++;
  while (i > 0 && e + pow10_cache[i].e + 64 > -32) i--;
  return i;
}

/* Moves the last digit down (the number towards w) while the number stays
 * above the interval's low end and gets closer to w.  rest: upper end
 * minus the number; gap: upper end minus w; unit: one of the last digit
 * (even).  Both limits shrink as the number moves, so the steps are the
 * fewer of those that stay inside, (delta - rest) / unit, and those that
 * end nearer to w, the t with gap - rest - t * unit > unit / 2; counted,
 * not looped for (a step loop exits after a count the data decides).  A
 * power-of-two unit, as from digits' fraction loop, makes the divisions
 * shifts once inlined. */
static void weed(char *d, size_t n, uint64_t delta, uint64_t rest,
                 uint64_t unit, uint64_t gap) {
  uint64_t half = unit / 2, inside = (delta - rest) / unit;
  uint64_t closer = rest < gap && gap - rest > half ? (gap - rest - half - 1) / unit + 1 : 0;
  d[n - 1] = (char)(d[n - 1] - (char)(inside < closer ? inside : closer));
}

/* "00" .. "99", for writing two digits per step */
static const char two_digits[200] =
    "0001020304050607080910111213141516171819"
    "2021222324252627282930313233343536373839"
    "4041424344454647484950515253545556575859"
    "6061626364656667686970717273747576777879"
    "8081828384858687888990919293949596979899";

/* The number of decimal digits of v > 0: that of 2^(bits - 1), bits its
 * binary length, which is floor((bits - 1) * log10(2)) + 1 (by 1233 /
 * 2^12 ~ log10(2), exact for bits <= 32), or one more. */
static int decimal_length(uint32_t v) {
  int bits = 32 - __builtin_clz(v);
  int n = ((bits - 1) * 1233 >> 12) + 1;
  return n + (v >= pow10_u64[n]);
}

/* The n decimal digits of v into d[0..n), two at a time from the end:
 * divisions by the constant 100 are multiplications, where a digit per
 * division by a power of ten from a table cost a hardware divide each. */
static void put_digits(char *d, uint32_t v, int n) {
  char *p = d + n;
  while (v >= 100) {
    p -= 2;
    memcpy(p, two_digits + 2 * (v % 100), 2);
    v /= 100;
  }
  if (v >= 10) memcpy(p - 2, two_digits + 2 * v, 2);
  else p[-1] = (char)('0' + v);
}

/* The end inside the integral digits d[0..kappa), when the fraction frac
 * is within delta: the first prefix whose rest (the integral digits after
 * it, shifted, plus frac) is within delta, the last digit at the latest.
 * The rests shrink as the prefix grows, so the first that fits is where
 * a digit-by-digit loop stops.  Rare: mostly small integers. */
static size_t integral_stop(char *d, uint32_t whole, int kappa, int shift,
                            uint64_t frac, uint64_t delta, uint64_t gap, int *k) {
  uint32_t head = 0;
  for (int i = 0;; i++) {
    int m = kappa - 1 - i; /* digits after the prefix d[0..i] */
    head = head * 10 + (uint32_t)(d[i] - '0');
    uint64_t rest = ((uint64_t)(whole - head * (uint32_t)pow10_u64[m]) << shift) + frac;
    if (rest <= delta) {
      *k += m;
      weed(d, (size_t)i + 1, delta, rest, pow10_u64[m] << shift, gap);
      return (size_t)i + 1;
    }
  }
}

/* The digits of the scaled upper end `hi` down to the first prefix inside
 * (hi - delta, hi]; *k gets the decimal exponent of the last digit.
 * Returns the number of digits, at most 17, or 0 if 17 do not reach
 * inside (cannot happen: the interval is at least 2^-53 of the value wide,
 * more than the 10^-16 that 17 digits leave out; the caller then falls
 * back to printf).  The integral part (hi's top 64 + hi.e bits: below
 * 2^32, and not 0 as hi.f >= 2^62 - 1 and hi.e >= -60) is written whole
 * first: a prefix can only end inside it when the fraction is within
 * delta. */
static size_t digits(diy w, diy hi, uint64_t delta, char *d, int *k) {
  int shift = -hi.e;
  uint64_t one = 1ull << shift, gap = hi.f - w.f;
  uint32_t whole = (uint32_t)(hi.f >> shift);
  uint64_t frac = hi.f & (one - 1);
  int kappa = decimal_length(whole);
  put_digits(d, whole, kappa);
  if (frac <= delta) return integral_stop(d, whole, kappa, shift, frac, delta, gap, k);
  size_t n = (size_t)kappa;
  for (int j = 1;; j++) { /* the j-th fractional digit */
    frac *= 10, delta *= 10;
    d[n++] = (char)('0' + (frac >> shift));
    frac &= one - 1;
    if (frac < delta) {
      *k -= j;
      weed(d, n, delta, frac, one, gap * pow10_u64[j]);
      return n;
    }
    if (n == 17) return 0;
  }
}

/* Digits d[0..n), n <= 17, times 10^k, laid out as %g would (see dtoa.h).
 * The digits move by fixed-size copies (d has 32 readable bytes; out's 32
 * hold the longest text, 24 characters and the NUL, and each copy's spill
 * past the text): one or two moves where memcpy of n bytes was a call. */
static size_t layout(char *out, const char *d, size_t n, int k) {
  int point = (int)n + k; /* the value is 0.d * 10^point */
  char *p = out;
  if (point >= -3 && point <= 17) {
    if (point <= 0) {
      *p++ = '0', *p++ = '.';
      for (int i = point; i < 0; i++) *p++ = '0';
      memcpy(p, d, 24), p += n;
    } else if ((size_t)point >= n) {
      memcpy(p, d, 24), p += n;
      for (size_t i = n; i < (size_t)point; i++) *p++ = '0';
    } else { /* n - point <= 16 digits after the '.' */
      memcpy(p, d, 24), p += point;
      *p++ = '.';
      if (point < 15) memcpy(p, d + point, 16);
      else memcpy(p, d + point, 2); /* 16 would pass out + 32 */
      p += n - (size_t)point;
    }
  } else { /* d.ddde-XX, or de-XX (the '.' then overwritten) */
    int x = point - 1;
    *p++ = d[0];
    *p = '.';
    memcpy(p + 1, d + 1, 24);
    p += n > 1 ? n : 0;
    *p++ = 'e', *p++ = x < 0 ? '-' : '+';
    if (x < 0) x = -x;
    *p = (char)('0' + x / 100), p += x >= 100;
    memcpy(p, two_digits + 2 * (x % 100), 2), p += 2;
  }
  *p = 0;
  return (size_t)(p - out);
}

size_t fer_dtoa(char *out, double x) {
  uint64_t u;
  memcpy(&u, &x, sizeof u);
  char *p = out;
  *p = '-', p += u >> 63; /* no branch: signs in samples are coin flips */
  uint64_t frac = u & ((1ull << 52) - 1);
  int bexp = (int)(u >> 52 & 0x7ff);
  if (bexp == 0x7ff) {
    if (frac) return (size_t)(stpcpy(out, "nan") - out);
    return (size_t)(stpcpy(p, "inf") - out);
  }
  if (!bexp && !frac) return (size_t)(stpcpy(p, "0") - out);
  diy v = bexp ? (diy){frac | 1ull << 52, bexp - 1075} : (diy){frac, -1074};
  /* the midpoints to the neighbours; the lower one is nearer when v is a
   * power of two above the least normal exponent */
  diy hi = diy_normal((diy){2 * v.f + 1, v.e - 1});
  diy lo = v.f == 1ull << 52 && bexp > 1 ? (diy){4 * v.f - 1, v.e - 2}
                                         : (diy){2 * v.f - 1, v.e - 1};
  lo.f <<= lo.e - hi.e, lo.e = hi.e;
  diy w = diy_normal(v);
  int i = pick_power(hi.e);
  diy c = pow10_cache[i];
  diy sw = diy_mul(w, c), shi = diy_mul(hi, c), slo = diy_mul(lo, c);
  shi.f--, slo.f++; /* each product is off by less than one unit */
  int k = -(POW10_FIRST + POW10_STEP * i);
  char d[32] = {0}; /* zeroed: layout copies past the digits */
  size_t n = digits(sw, shi, shi.f - slo.f, d, &k);
  if (!n) /* unreachable by Grisu2's bounds; a safe answer all the same */
    return (size_t)snprintf(out, 32, "%.17g", x);
  return (size_t)(p - out) + layout(p, d, n, k);
}

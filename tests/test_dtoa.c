/* fer_dtoa (src/base/dtoa.c): values worked out by hand, integers and
 * values with long integral parts, then random doubles of every exponent
 * (bit patterns, subnormals, powers of two and their neighbours, short
 * decimals) read back by strtod, and the digit count compared with the
 * shortest that printf's correctly rounded "%.*e" finds (Grisu2 may
 * print more, up to 17, on a few). */
#include <stdlib.h>

#include "base/dtoa.h"
#include "test.h"

static uint64_t state = 0x2545f4914f6cdd1dull;
static uint64_t rnd(void) { /* xorshift64* */
  state ^= state >> 12;
  state ^= state << 25;
  state ^= state >> 27;
  return state * 0x2545f4914f6cdd1dull;
}

static double from_bits(uint64_t u) {
  double x;
  memcpy(&x, &u, sizeof x);
  return x;
}

static const char *text(double x) {
  static char s[32];
  size_t n = fer_dtoa(s, x);
  return n == strlen(s) ? s : "(length wrong)";
}

TEST(dtoa_by_hand) {
  static const struct {
    double x;
    const char *want;
  } cases[] = {
      {0.0, "0"}, {-0.0, "-0"}, {1.0, "1"}, {-2.0, "-2"}, {0.1, "0.1"},
      {1.5, "1.5"}, {100.0, "100"}, {123.456, "123.456"}, {0.3, "0.3"},
      {0.0001, "0.0001"}, {0.00001, "1e-05"}, {1e16, "10000000000000000"},
      {1e17, "1e+17"}, {1e18, "1e+18"}, {1e22, "1e+22"},
      /* Grisu2 is not shortest here ("1e+23" reads back the same) */
      {1e23, "9.999999999999999e+22"},
      {5e-324, "5e-324"}, {1.7976931348623157e308, "1.7976931348623157e+308"},
      {2.2250738585072014e-308, "2.2250738585072014e-308"},
      {1.1754943508222875e-38, "1.1754943508222875e-38"},
      {9007199254740993.0, "9007199254740992"}, {3.0e-5, "3e-05"},
      {1.0 / 3.0, "0.3333333333333333"}, {2.0 / 3.0, "0.6666666666666666"},
      {123456789012345680.0, "1.2345678901234568e+17"}, {-1e-100, "-1e-100"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++)
    CHECK_MSG(!strcmp(text(cases[i].x), cases[i].want), "%.17g: %s, want %s",
              cases[i].x, text(cases[i].x), cases[i].want);
  CHECK(!strcmp(text(from_bits(0x7ff0000000000000ull)), "inf"));
  CHECK(!strcmp(text(from_bits(0xfff0000000000000ull)), "-inf"));
  CHECK(!strcmp(text(from_bits(0x7ff8000000000001ull)), "nan"));
}

/* The integral digits: every text is the digits of the value's scaled
 * integral part (1 to 10 of them, written two at a time) and then of its
 * fraction, ending inside the integral part when the fraction is within
 * the interval (integers, mostly).  Integers below 2^53 print as "%.0f"
 * does (the interval is at most one wide, so no shorter decimal is in
 * it); the others, of every length of integral part, were checked
 * shortest against printf's correctly rounded "%.*e". */
TEST(dtoa_integral_digits) {
  static const struct {
    double x;
    const char *want;
  } cases[] = {
      {4294967295.0, "4294967295"}, {4294967296.5, "4294967296.5"},
      {1234567890.1234567, "1234567890.1234567"}, {98765.4321, "98765.4321"},
      {123456789012345.67, "123456789012345.67"}, {1e15 + 0.3, "1000000000000000.3"},
      {100.0 / 7.0, "14.285714285714286"}, {1e9 / 7.0, "142857142.85714287"},
      {999999999.9999999, "999999999.9999999"}, {4503599627370495.5, "4503599627370495.5"},
      {3.141592653589793, "3.141592653589793"}, {6.02214076e23, "6.02214076e+23"},
      {1.602176634e-19, "1.602176634e-19"}, {0.000123456789, "0.000123456789"},
      /* Float32 values, the samples' usual kind */
      {(double)0.1f, "0.10000000149011612"}, {(double)(1.0f / 3.0f), "0.3333333432674408"},
      {(double)3.4028234663852886e38f, "3.4028234663852886e+38"},
      {(double)123456.789f, "123456.7890625"}, {(double)3.0e-5f, "2.9999999242136255e-05"},
      {(double)1.4e-45f, "1.401298464324817e-45"},
      /* a tie (the value ends in ...71875): the last digit moves down
       * only to get strictly nearer */
      {(double)0x1.0027p-1f, "0.5002975463867188"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++)
    CHECK_MSG(!strcmp(text(cases[i].x), cases[i].want), "%.17g: %s, want %s",
              cases[i].x, text(cases[i].x), cases[i].want);
  int n = fer_test_quick ? 20000 : 200000, bad = 0;
  for (int i = 0; i < n; i++) {
    /* small ones in turn, then random ones of every length up to 2^53 */
    int64_t v = i < n / 2 ? i : (int64_t)(rnd() >> (11 + rnd() % 53));
    double x = (double)(i & 1 ? -v : v);
    char want[32];
    snprintf(want, sizeof want, "%.0f", x);
    if (strcmp(text(x), want) && bad++ < 10)
      CHECK_MSG(0, "%.17g: %s, want %s", x, text(x), want);
  }
  CHECK_MSG(!bad, "%d of %d integers wrong", bad, n);
}

/* The significant digits of text s (no sign, point or exponent). */
static int digit_count(const char *s) {
  int n = 0, lead = 1, zeros = 0;
  for (; *s && *s != 'e'; s++) {
    if (*s < '0' || *s > '9') continue;
    if (*s == '0' && lead) continue;
    lead = 0;
    if (*s == '0') zeros++; /* trailing zeros of an integer are not digits */
    else n += zeros + 1, zeros = 0;
  }
  return n ? n : 1;
}

/* The fewest digits that round-trip, by printf's correctly rounded %.*e. */
static int shortest(double x) {
  char s[40];
  for (int p = 1; p < 17; p++) {
    snprintf(s, sizeof s, "%.*e", p - 1, x);
    if (strtod(s, NULL) == x) return p;
  }
  return 17;
}

static double random_double(void) {
  uint64_t u = rnd();
  switch (rnd() % 6) {
  case 0: return from_bits(u & 0x800fffffffffffffull); /* subnormal */
  case 1: /* a power of two or a neighbour */
    return from_bits((u & 0xfff0000000000000ull) + (rnd() % 3) - 1);
  case 2: return (double)(int64_t)(u % 2000001) / 1000.0; /* short decimal */
  case 3: return (double)(rnd() % 100000) * 1e-7;
  default: return from_bits(u);
  }
}

TEST(dtoa_round_trip_random) {
  int n = fer_test_quick ? 100000 : 1000000, longer = 0, bad = 0;
  for (int i = 0; i < n; i++) {
    double x = random_double();
    if (x != x || x - x != 0) continue; /* NaN, infinities: by hand above */
    const char *s = text(x);
    double back = strtod(s, NULL);
    uint64_t a, b;
    memcpy(&a, &x, sizeof a), memcpy(&b, &back, sizeof b);
    if (a != b && bad++ < 10) CHECK_MSG(0, "%a: %s reads back as %a", x, s, back);
    int d = digit_count(s), best = i % 10 ? 0 : shortest(x); /* 1 in 10 */
    if (!best) continue;
    if (d > best) longer++;
    if (d > 17 && bad++ < 10) CHECK_MSG(0, "%a: %s, %d digits", x, s, d);
  }
  CHECK_MSG(!bad, "%d bad", bad);
  /* Grisu2 is longer than needed when the shortest decimal lies within
   * its products' error of the interval's end: rare on random doubles,
   * less rare on short decimals (1 in 6 of these) */
  CHECK_MSG(longer * 100 <= n / 10, "%d of %d longer than needed", longer, n / 10);
  fprintf(stderr, "dtoa: %d doubles read back; %d of %d checked longer than needed\n", n,
          longer, n / 10);
}

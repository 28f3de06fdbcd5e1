/* The text of a sample in the formats `ferret sample` writes and
 * `ferret coverage` reads (read.c):
 *   jsonl  one JSON object per line, one member per variable:
 *          "x": {"value": SMT-LIB value, "bits": "#x..." or "#b...",
 *          and for FP "decimal": its value as the nearest double, in the
 *          fewest digits that read back as that double (base/dtoa.h;
 *          "NaN", "inf", "-inf")}; Bool bits #b0/#b1, RoundingMode the
 *          fer_rm number in 3 bits;
 *   smt2   (define-fun x () S v) per variable, then one empty line;
 *   csv    a header line of the variable names (before the first sample),
 *          then one line per sample: BV and FP cells are the raw bits
 *          (#x... when the width is a multiple of 4, else #b...), Bool
 *          true/false, RoundingMode its SMT-LIB name. */
#ifndef FER_SAMPLE_FORMAT_H
#define FER_SAMPLE_FORMAT_H

#include "smt/print.h"

typedef enum fer_sample_format {
  FER_FORMAT_JSONL,
  FER_FORMAT_SMT2,
  FER_FORMAT_CSV
} fer_sample_format;

/* Append the sample vars[i] = values[i] (constants) to b.  1, or 0 on
 * allocation failure. */
int fer_format_sample(ferret *, fer_buf *b, int format, const fer_term *vars,
                      const fer_term *values, size_t n);
/* The CSV header line. */
int fer_format_csv_header(ferret *, fer_buf *b, const fer_term *vars, size_t n);
/* Raw bits of width w as an SMT-LIB literal (#x when w % 4 == 0). */
int fer_format_bits(ferret *, fer_buf *b, fer_u128 v, uint32_t w);

#endif

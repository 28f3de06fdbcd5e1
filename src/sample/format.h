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
 *          true/false, RoundingMode its SMT-LIB name.
 * Values are written as fer_print_value prints the constants.
 *
 * A writer is made once per run, for its variables and format: what does
 * not depend on the values (each name JSON-escaped, |quoted| or
 * CSV-quoted, the sorts, the separators) is worked out then, and every
 * sample is written from its values' bits, with no term, sort or name
 * lookup. */
#ifndef FER_SAMPLE_FORMAT_H
#define FER_SAMPLE_FORMAT_H

#include "smt/print.h"

typedef enum fer_sample_format {
  FER_FORMAT_JSONL,
  FER_FORMAT_SMT2,
  FER_FORMAT_CSV
} fer_sample_format;

typedef struct fer_sample_writer fer_sample_writer;

/* The writer of samples of vars[0..n) (each Bool, RoundingMode, BV or FP)
 * in `format` (fer_sample_format); NULL on allocation failure.  vars is
 * not kept.  Free it with fer_sample_writer_delete. */
fer_sample_writer *fer_sample_writer_new(ferret *, int format,
                                         const fer_term *vars, size_t n);
void fer_sample_writer_delete(ferret *, fer_sample_writer *);
/* CSV: the header line, NUL-terminated, its length without the NUL in
 * *len; NULL in the other formats.  Owned by the writer. */
const char *fer_sample_writer_header(const fer_sample_writer *, size_t *len);
/* Append to b the sample whose variables hold bits[0..n), as
 * fer_sample_item.bits has them (Bool 0/1, RoundingMode its fer_rm, BV
 * and FP the pattern, a NaN its own).  A sort wider than 128 bits reads
 * zeros above bit 127, as the model's constants have (fer_mk_const_u128).
 * 1, or 0 on allocation failure.  Called on every sample: one
 * reservation, then direct stores; a variable whose bits it wrote lately
 * is copied from that text (the writer keeps a few values' texts per
 * variable, so one writer serves one thread). */
int fer_sample_write(ferret *, fer_sample_writer *, fer_buf *b, const fer_u128 *bits);

#endif

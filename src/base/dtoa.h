/* A double as short decimal text: the fewest significant digits (all but
 * a few doubles in 10^4; never more than 17) that read back, by any correct decimal
 * reader (strtod), as the same double.  For the sample formats, which
 * print an FP value's decimal rendering per variable per sample, where
 * printf's "%.17g" was the most expensive step.  No allocation, no
 * context, thread-safe. */
#ifndef FER_DTOA_H
#define FER_DTOA_H

#include <stddef.h>

/* Writes the text of x into out (NUL-terminated, at most 24 characters)
 * and returns its length.  out must have 32 bytes: those after the NUL
 * may be overwritten too (the digits move by fixed-size copies).  As
 * "%g" lays it out: plain digits when the decimal exponent is in
 * [-4, 17), else d.ddde-XX / d.ddde+XX; "-0" for negative zero, "inf",
 * "-inf", "nan". */
size_t fer_dtoa(char *out, double x);

#endif

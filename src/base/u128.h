/* fer_u128, the unsigned 128-bit integer that holds FP bit patterns, BV
 * values of up to 128 bits and search slots.  A header of its own so that
 * the semantics (fp/, bv.h) and the natural numbers (nat.h) need nothing
 * of the term store; `ferret smt2c` copies it into the C it writes
 * (tools/smt2c-runtime.sh). */
#ifndef FER_U128_H
#define FER_U128_H

__extension__ typedef unsigned __int128 fer_u128;

#endif

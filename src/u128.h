/* The 128-bit unsigned integer every layer holds values in (a BV of up to
 * 128 bits, an FP bit pattern of up to 128 bits). */
#ifndef FER_U128_H
#define FER_U128_H

__extension__ typedef unsigned __int128 fer_u128;

#endif

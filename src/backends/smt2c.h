/* smt2c: the JFS program encoding (paper §3-4) as C source.
 *
 * The formula is preprocessed (pre.h) and compiled (prog.h) exactly as the
 * in-process engine does, but as ONE program (no component split), and the
 * program is printed as a self-contained C file defining
 * LLVMFuzzerTestOneInput:
 *   - the input bytes hold the variable slots in slot order, in one of two
 *     layouts (unit.layout, option `layout`):
 *       byte-aligned (FER_SMT2C_BYTES, JFS's): slot s takes ceil(bits/8)
 *         whole bytes, little-endian;
 *       bit-packed (FER_SMT2C_BITS): slot s takes exactly `bits` bits
 *         (RoundingMode 3), back to back; input bit i is bit i%8 of byte
 *         i/8 and a slot's low bit comes first;
 *     either way input_bytes = ceil(total bits / 8), and each slot is then
 *     reduced to its sort (BV/FP: low `bits` bits; Bool: bit 0;
 *     RoundingMode: its field mod 5, in fer_rm order RNE RNA RTP RTN RTZ);
 *     an input shorter than input_bytes is rejected (return 0), extra bytes
 *     are ignored;
 *   - the constraints are evaluated in order with fail-fast (return at the
 *     first false one) or try-all (all evaluated, satisfied ones counted);
 *   - abort() is called iff every constraint holds and no operation hit a
 *     case SMT-LIB leaves unspecified (fp.min of +0/-0, fp.to_ubv out of
 *     range, ...), i.e. iff the input is a model the engine would accept.
 * Semantics are ferret's own FP/BV library, embedded as source text
 * (smt2c_runtime.inc, which tools/smt2c-runtime.sh generates in each build
 * directory's gen/), so the generated program computes bit for bit what the
 * interpreter computes.
 * With `with_main` the file instead defines main(): each argument is a file
 * holding one input; it prints "sat", "unsat", "unspecified" or "short"
 * (input too short) per file.  Link with -lm (sqrt). */
#ifndef FER_SMT2C_H
#define FER_SMT2C_H

#include "smt/model.h"
#include "engine/pre.h"
#include "smt/print.h"
#include "engine/prog.h"

/* Input layouts (values of fer_smt2c_unit.layout and option `layout`). */
enum { FER_SMT2C_BYTES = 0, FER_SMT2C_BITS = 1 };

typedef struct fer_smt2c_unit {
  fer_pre pre;
  fer_prog prog;
  int layout;           /* FER_SMT2C_*: set after init, before prepare */
  uint32_t input_bits;  /* sum over slots of the bits each takes */
  uint32_t input_bytes; /* ceil(input_bits / 8): the input length */
} fer_smt2c_unit;

/* Zeroes the unit: byte-aligned layout. */
void fer_smt2c_init(fer_smt2c_unit *);
void fer_smt2c_release(ferret *, fer_smt2c_unit *);

/* Preprocess and compile a[0..n).  FERRET_OK, or the error of
 * fer_preprocess / fer_compile (the context's error says why). */
ferret_status fer_smt2c_prepare(ferret *, const fer_term *a, size_t n,
                                fer_smt2c_unit *);

/* Append the C program for a prepared unit to *out.  encoding: 0 fail-fast,
 * 1 try-all.  Returns 1, or 0 on allocation failure. */
int fer_smt2c_emit(ferret *, const fer_smt2c_unit *, fer_buf *out,
                   int encoding, bool with_main);

/* Bit offset of slot s in the input (s == nslots: input_bits). */
uint32_t fer_smt2c_slot_bit_offset(const fer_smt2c_unit *, uint32_t s);
/* Byte offset of slot s: the byte holding its first bit (byte-aligned:
 * its first byte); s == nslots: input_bytes. */
uint32_t fer_smt2c_slot_offset(const fer_smt2c_unit *, uint32_t s);
/* Decode the slot values from an input of input_bytes bytes, exactly as
 * the generated program does. */
void fer_smt2c_decode(const fer_smt2c_unit *, const uint8_t *in,
                      fer_u128 *slots);
/* The inverse: write input_bytes bytes that decode to `slots` (values of
 * their sorts: Bool 0/1, RoundingMode 0..4, BV/FP masked; bits above a
 * slot's width are dropped).  Unused bits are zero. */
void fer_smt2c_encode(const fer_smt2c_unit *, const fer_u128 *slots,
                      uint8_t *out);
/* Model of the ORIGINAL variables for slot values: slot variables, then
 * defaults (zero) for the others, then eliminated variables from their
 * definitions (as the engine does).  Returns NULL or a static reason. */
const char *fer_smt2c_model(ferret *, const fer_smt2c_unit *,
                            const fer_u128 *slots, fer_model *);

#endif

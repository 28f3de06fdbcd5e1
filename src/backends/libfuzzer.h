/* The libFuzzer backend (option backend=1): a request of the search
 * interface (engine.h) served JFS's way, by the smt2c program (smt2c.h)
 * compiled with clang -fsanitize=fuzzer and run as a child process, for
 * comparison with the in-process engine.  An optional build unit: it needs
 * clang with libFuzzer at run time, never at build time.  The engine does
 * not know it; the solve job selects it.
 *
 * What reaches the callback follows engine.h: the crash input is decoded
 * into slot values and given to the engine's judge (fer_judge_offer), which
 * builds the model, validates it on the request's formula and calls the
 * callback (judge.h).  The seed corpus is the engine's seed set for the request
 * (fer_engine_seeds).  Differences from fer_engine_run:
 *  - one candidate per run: libFuzzer stops at its first crash, so a
 *    callback that answers "go on" ends the run (unknown, "libfuzzer: one
 *    solution per run"); never FER_ENGINE_EXHAUSTED;
 *  - NEAR: its input is the only seed, but libFuzzer mutates as it likes;
 *    MINIMIZE / MAXIMIZE: the one solution found, if any;
 *  - budget: max_execs is libFuzzer's -runs; the deadline covers the clang
 *    build too (libFuzzer gets -max_total_time, the whole seconds left);
 *    the interrupt flag is polled every 10 ms and stops the child's whole
 *    process group (reason "interrupted");
 *  - options used: encoding, seed, seeds, num_seeds, verbose; the layout
 *    is the unit's (option layout, set before fer_smt2c_prepare); jobs and
 *    the engine's tuning do not apply;
 *  - stats: time_prepare is the clang build (about 0 when the binary is in
 *    the cache), time_search the fuzzer's run, execs libFuzzer's count.
 * Without clang the run ends unknown with a message on the diagnostic
 * channel. */
#ifndef FER_LIBFUZZER_H
#define FER_LIBFUZZER_H

#include "engine/engine.h"
#include "backends/smt2c.h"

/* Serve request r, whose program must be u->prog (u prepared by
 * fer_smt2c_prepare, not proved unsat).  `stats` is overwritten. */
fer_engine_status fer_libfuzzer_run(ferret *, const fer_smt2c_unit *u,
                                    const fer_engine_request *r,
                                    fer_engine_stats *stats);

#endif

/*
 * ferret — solve, sample and stress-test SMT-LIB2 floating-point and
 * bit-vector constraints by fuzzing.  This is the only public header.
 *
 * Contract for every function below:
 *  - A `ferret *` is owned by the caller from ferret_new() to ferret_delete();
 *    two contexts share nothing and may be used from two threads at once.
 *  - Misuse (NULL context, bad enum value) calls the abort hook, which by
 *    default prints the function's name and aborts; the library never calls
 *    exit().
 *  - Bad input and exhausted limits are not misuse: the call returns a
 *    non-zero ferret_status and ferret_error() describes it.
 */
#ifndef FERRET_H
#define FERRET_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__)
#define FERRET_API __attribute__((visibility("default")))
#else
#define FERRET_API
#endif

#define FERRET_VERSION "0.1.0"

typedef struct ferret ferret;

/* Answers, numbered as SAT solvers do. */
typedef enum ferret_result {
  FERRET_UNKNOWN = 0,
  FERRET_SAT = 10,
  FERRET_UNSAT = 20
} ferret_result;

/* Status of a call.  FERRET_OK is zero, everything else is an error. */
typedef enum ferret_status {
  FERRET_OK = 0,
  FERRET_ERROR_PARSE,       /* malformed SMT-LIB text */
  FERRET_ERROR_SORT,        /* ill-sorted term, undeclared symbol, ... */
  FERRET_ERROR_UNSUPPORTED, /* valid SMT-LIB that ferret does not handle */
  FERRET_ERROR_COMMAND,     /* command not allowed now (e.g. get-model) */
  FERRET_ERROR_LIMIT,       /* memory or size limit reached */
  FERRET_ERROR_IO,          /* a file could not be read */
  FERRET_ERROR_OPTION       /* unknown option or value out of range */
} ferret_status;

/* The last error of a context.  Strings are owned by the context and stay
 * valid until the next call that can fail.  line/column are 1-based and 0
 * when the error has no position. */
typedef struct ferret_error_info {
  ferret_status status;
  const char *source; /* file name given to ferret_execute, or NULL */
  unsigned line, column;
  const char *message;
} ferret_error_info;

/* Memory: one function owns all of a context's memory, as in Lua.
 * realloc semantics: new_size == 0 frees and returns NULL. */
typedef void *(*ferret_alloc_fn)(void *user, void *ptr, size_t old_size,
                                 size_t new_size);

/* Output sink: SMT-LIB responses (sat, models, (error ...)) go to the
 * output sink; human-readable diagnostics ("file:line:col: msg") go to the
 * diagnostic sink.  Default: stdout and stderr. */
typedef void (*ferret_write_fn)(void *user, const char *text, size_t len);

/* Called on API misuse with the function's name and a message.  If it
 * returns, the library aborts. */
typedef void (*ferret_abort_fn)(void *user, const char *function,
                                const char *message);

/* Create a context with the default allocator (malloc).  NULL if out of
 * memory. */
FERRET_API ferret *ferret_new(void);
/* Create a context whose memory all comes from `alloc`. */
FERRET_API ferret *ferret_new_with_allocator(ferret_alloc_fn alloc,
                                             void *user);
FERRET_API void ferret_delete(ferret *);

FERRET_API void ferret_set_output(ferret *, ferret_write_fn, void *user);
FERRET_API void ferret_set_diagnostic(ferret *, ferret_write_fn, void *user);
FERRET_API void ferret_set_abort_hook(ferret *, ferret_abort_fn, void *user);

/* Options by name (the names of the command-line flags without "--",
 * e.g. "seed", "timeout").  Values are decimal integers, booleans
 * ("true"/"false"/"1"/"0"), or for choice options one of the names their
 * ferret_option_desc lists ("backend": "engine" = 0, "libfuzzer" = 1).
 * Unknown names and out-of-range values give FERRET_ERROR_OPTION. */
FERRET_API ferret_status ferret_set_option(ferret *, const char *name,
                                           const char *value);
/* Current value of an integer/boolean option; 0 with an error for an
 * unknown name. */
FERRET_API int64_t ferret_get_option(ferret *, const char *name);

/* The option table, for front ends (`ferret --help` lists it): fills *out
 * with option `index` (0-based) and returns 1, or returns 0 past the last
 * option.  The strings are static. */
typedef struct ferret_option_desc {
  const char *name; /* e.g. "max_memory"; "max-memory" is accepted too */
  int64_t default_value, min, max; /* min 0, max 1: a boolean flag */
  const char *description;
  const char *values; /* choice options: value names "name0|name1|..." for
                         0, 1, ...; NULL for the others */
} ferret_option_desc;
FERRET_API int ferret_option_info(int index, ferret_option_desc *out);

/* Execute SMT-LIB 2.6 commands from `text` (need not be NUL-terminated).
 * `source` names the text in diagnostics (may be NULL).  Responses are
 * written to the output sink as they are produced.  Execution follows the
 * SMT-LIB error behaviour: an erroneous command prints (error "...") and
 * execution continues with the next command (after a syntax error, the
 * reader skips to the parenthesis that closes the broken command; only an
 * unterminated string or quoted symbol ends the text).  Returns FERRET_OK
 * if no command failed, else the status of the first failure, which
 * ferret_error() then describes.  Cost: linear in the text plus
 * the cost of the commands (check-sat may run until the time limit). */
FERRET_API ferret_status ferret_execute(ferret *, const char *source,
                                        const char *text, size_t len);

/* Same as ferret_execute for the contents of a file ("-" is stdin). */
FERRET_API ferret_status ferret_execute_file(ferret *, const char *path);

/* Incremental feeding, for interactive sessions: text is appended to an
 * internal buffer and every complete command in it is executed at once.
 * ferret_feed_end() executes what is left (an incomplete command there is
 * a parse error).  Line and column numbers continue across calls. */
FERRET_API ferret_status ferret_feed(ferret *, const char *source,
                                     const char *text, size_t len);
FERRET_API ferret_status ferret_feed_end(ferret *);

/* True after an (exit) command. */
FERRET_API int ferret_exited(const ferret *);

/* Result of the most recent check-sat (FERRET_UNKNOWN before any). */
FERRET_API ferret_result ferret_last_result(const ferret *);

/* The last error (status FERRET_OK if the last failing call was cleared). */
FERRET_API const ferret_error_info *ferret_error(const ferret *);

/* Print the current assertions in canonical form (what `ferret opt`
 * prints) to the output sink. */
FERRET_API ferret_status ferret_print_assertions(ferret *);

/* Write to the output sink a self-contained C program (the JFS encoding,
 * `ferret smt2c`) for the formula the last check-sat asked about (execute
 * the script with option parse_only first), or the current assertions.
 * Options: encoding (fail-fast or try-all), layout, smt2c_main. */
FERRET_API ferret_status ferret_smt2c(ferret *);

/* Seeds for the search: SMT-LIB text of (define-fun x () S v) commands,
 * such as a printed model; a variable set twice starts a new seed.  The
 * text is copied and read at every later check-sat against the variables
 * declared then (unknown names are skipped; a malformed text gives a
 * warning on the diagnostic sink and the search goes on without it).
 * len 0 removes the seeds. */
FERRET_API ferret_status ferret_set_seeds(ferret *, const char *text,
                                          size_t len);

/* Ask a running check-sat to stop as soon as possible (it then answers
 * unknown, reason "interrupted").  Async-signal-safe: may be called from a
 * signal handler or another thread.  The request holds until the
 * call that executes commands (ferret_execute, ferret_execute_file,
 * ferret_feed, ferret_feed_end) returns: every later check-sat of that
 * call answers unknown at once.  The next such call starts afresh. */
FERRET_API void ferret_interrupt(ferret *);

/* Statistics of the last check-sat as one JSON line on the diagnostic
 * sink (result, reason, found_by, seed, jobs, times per phase in seconds,
 * execs, execs_per_sec, corpus, ...). */
FERRET_API ferret_status ferret_print_stats(ferret *);

FERRET_API const char *ferret_version(void);

/* ------------------------------------------------------------------ terms
 * Terms and sorts of a context's term store, as integer ids (0 is "none":
 * what a failing call returns, with the reason in ferret_error()).
 * Structurally equal terms have equal ids.  The term-building calls are
 * declared below (ferret_mk_*); the concolic, sample and hunt sections use
 * the same ids. */
typedef uint32_t ferret_term;
typedef uint32_t ferret_sort;

#ifdef __cplusplus
}
#endif

#endif

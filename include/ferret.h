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
 * unterminated string or quoted symbol ends the text).  A failed command
 * leaves the assertion stack as it was; check-sat answers unknown only
 * while input lost with one could change the answer (a failed assert in a
 * scope still open; a failed push, pop or reset).  Returns FERRET_OK
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

/* Portfolio: run a complete solver beside the search at every check-sat.
 * cmd is a command line (split at blanks, no shell) of a solver that reads
 * SMT-LIB from its standard input, e.g. "z3 -in" or "cvc5 --lang smt2";
 * each call adds one (NULL removes them all).  At a check-sat each partner
 * gets the query as a script (declarations, assertions, (check-sat),
 * (get-model)), started after option portfolio_delay_ms of search (20: a
 * query answered sooner starts no process); the first definite answer wins and the other side is
 * stopped at once (the partner's whole process group is killed).  A
 * partner's sat is taken only when its model passes ferret's evaluator on
 * the query (a rejected model: the search goes on, and an unknown answer
 * says why); its unsat is taken as it is, with found_by "portfolio".
 * --stats reports each partner's answer and time.  FERRET_ERROR_OPTION
 * when the program is not found. */
FERRET_API ferret_status ferret_add_portfolio(ferret *, const char *cmd);

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

typedef enum ferret_sort_kind {
  FERRET_SORT_BOOL = 1,
  FERRET_SORT_BV,  /* *a = width */
  FERRET_SORT_FP,  /* *a = exponent bits eb, *b = significand bits sb */
  FERRET_SORT_RM,  /* RoundingMode */
  FERRET_SORT_REAL, /* only literals, the argument of to_fp */
  FERRET_SORT_ARRAY, /* *a = index sort, *b = element sort (sort ids) */
  FERRET_SORT_UNINTERPRETED /* declare-sort of arity 0: ferret_sort_name */
} ferret_sort_kind;

/* Rounding modes, in SMT-LIB's order. */
typedef enum ferret_rm {
  FERRET_RNE = 0, /* roundNearestTiesToEven */
  FERRET_RNA,     /* roundNearestTiesToAway */
  FERRET_RTP,     /* roundTowardPositive */
  FERRET_RTN,     /* roundTowardNegative */
  FERRET_RTZ      /* roundTowardZero */
} ferret_rm;

/* Every operator ferret evaluates, by its SMT-LIB name.  The first six are
 * leaves, made by the ferret_mk_* calls below and reported by
 * ferret_term_kind; the others are applied with ferret_mk_term.  Indices
 * (ferret_mk_term's `indices`): EXTRACT (hi, lo); REPEAT, ZERO_EXTEND,
 * SIGN_EXTEND, ROTATE_LEFT, ROTATE_RIGHT (n); FP_TO_UBV, FP_TO_SBV (width);
 * the TO_FP kinds (eb, sb); CONST_ARRAY (its array sort, a ferret_sort).
 * Any of TO_FP_BV, TO_FP_FP, TO_FP_SBV and TO_FP_REAL means SMT-LIB's
 * (_ to_fp eb sb): the variant is chosen by the arguments' sorts, and
 * ferret_term_kind reports the one chosen.
 * Associative operators (and, or, bvadd, ...) take any number of arguments,
 * chainable ones (=, fp.leq, ...) two or more, as SMT-LIB applies them. */
typedef enum ferret_kind {
  FERRET_KIND_TRUE = 0, FERRET_KIND_FALSE, FERRET_KIND_CONST, FERRET_KIND_VAR,
  FERRET_KIND_REAL, FERRET_KIND_PARAM,
  /* core */
  FERRET_KIND_NOT, FERRET_KIND_IMPLIES, FERRET_KIND_AND, FERRET_KIND_OR,
  FERRET_KIND_XOR, FERRET_KIND_EQ, FERRET_KIND_DISTINCT, FERRET_KIND_ITE,
  /* bit-vectors */
  FERRET_KIND_CONCAT, FERRET_KIND_EXTRACT, FERRET_KIND_REPEAT,
  FERRET_KIND_ZERO_EXTEND, FERRET_KIND_SIGN_EXTEND, FERRET_KIND_ROTATE_LEFT,
  FERRET_KIND_ROTATE_RIGHT, FERRET_KIND_BVNOT, FERRET_KIND_BVNEG,
  FERRET_KIND_BVAND, FERRET_KIND_BVOR, FERRET_KIND_BVXOR, FERRET_KIND_BVNAND,
  FERRET_KIND_BVNOR, FERRET_KIND_BVXNOR, FERRET_KIND_BVCOMP,
  FERRET_KIND_BVADD, FERRET_KIND_BVSUB, FERRET_KIND_BVMUL,
  FERRET_KIND_BVUDIV, FERRET_KIND_BVUREM, FERRET_KIND_BVSDIV,
  FERRET_KIND_BVSREM, FERRET_KIND_BVSMOD, FERRET_KIND_BVSHL,
  FERRET_KIND_BVLSHR, FERRET_KIND_BVASHR, FERRET_KIND_BVULT,
  FERRET_KIND_BVULE, FERRET_KIND_BVUGT, FERRET_KIND_BVUGE,
  FERRET_KIND_BVSLT, FERRET_KIND_BVSLE, FERRET_KIND_BVSGT,
  FERRET_KIND_BVSGE, FERRET_KIND_BVNEGO, FERRET_KIND_BVUADDO,
  FERRET_KIND_BVSADDO, FERRET_KIND_BVUMULO, FERRET_KIND_BVSMULO,
  FERRET_KIND_BVUSUBO, FERRET_KIND_BVSSUBO, FERRET_KIND_BVSDIVO,
  FERRET_KIND_BVREDAND, FERRET_KIND_BVREDOR,
  /* floating point */
  FERRET_KIND_FP, FERRET_KIND_FP_ABS, FERRET_KIND_FP_NEG, FERRET_KIND_FP_ADD,
  FERRET_KIND_FP_SUB, FERRET_KIND_FP_MUL, FERRET_KIND_FP_DIV,
  FERRET_KIND_FP_FMA, FERRET_KIND_FP_SQRT, FERRET_KIND_FP_REM,
  FERRET_KIND_FP_RTI, FERRET_KIND_FP_MIN, FERRET_KIND_FP_MAX,
  FERRET_KIND_FP_LEQ, FERRET_KIND_FP_LT, FERRET_KIND_FP_GEQ,
  FERRET_KIND_FP_GT, FERRET_KIND_FP_EQ, FERRET_KIND_FP_IS_NORMAL,
  FERRET_KIND_FP_IS_SUBNORMAL, FERRET_KIND_FP_IS_ZERO,
  FERRET_KIND_FP_IS_INF, FERRET_KIND_FP_IS_NAN, FERRET_KIND_FP_IS_NEG,
  FERRET_KIND_FP_IS_POS,
  /* conversions */
  FERRET_KIND_TO_FP_BV, FERRET_KIND_TO_FP_FP, FERRET_KIND_TO_FP_SBV,
  FERRET_KIND_TO_FP_REAL, FERRET_KIND_TO_FP_UBV, FERRET_KIND_FP_TO_UBV,
  FERRET_KIND_FP_TO_SBV,
  FERRET_KIND_FP_TO_IEEE_BV, /* Z3's to_ieee_bv */
  /* arrays and uninterpreted functions: SELECT (array, index); STORE
   * (array, index, element); CONST_ARRAY (element), index the array sort:
   * SMT-LIB's ((as const (Array I E)) element); APPLY (function, a1 .. an)
   * with a function of ferret_mk_fun, printed (g a1 .. an) */
  FERRET_KIND_SELECT, FERRET_KIND_STORE, FERRET_KIND_CONST_ARRAY,
  FERRET_KIND_APPLY,
  FERRET_KIND_COUNT
} ferret_kind;

/* Term building.  Contract of this section: a NULL context, a kind or
 * rounding mode out of range, a term or sort id the context never
 * returned, or a NULL array with a non-zero count is misuse (abort hook).
 * An ill-sorted application, a wrong number of arguments or indices, a
 * name already in use, or an argument that is 0 (the call that made it
 * failed) is an error: the call returns 0 and ferret_error() says why
 * (FERRET_ERROR_SORT, or FERRET_ERROR_LIMIT when memory runs out; for an
 * argument 0 the error of the call that failed is kept, so a term can be
 * built whole and checked once).  Terms
 * built here and terms read from SMT-LIB text by ferret_execute live in the
 * same store: ids are interchangeable. */
FERRET_API ferret_sort ferret_sort_bool(ferret *);
FERRET_API ferret_sort ferret_sort_rm(ferret *);
FERRET_API ferret_sort ferret_sort_bv(ferret *, uint32_t width);
FERRET_API ferret_sort ferret_sort_fp(ferret *, uint32_t eb, uint32_t sb);
/* (Array index element); the element may be an array sort.  A Real index
 * or element is FERRET_ERROR_UNSUPPORTED. */
FERRET_API ferret_sort ferret_sort_array(ferret *, ferret_sort index,
                                         ferret_sort element);
/* A new uninterpreted sort, declared in the current scope as
 * (declare-sort name 0) would be: SMT-LIB text executed later may name it,
 * and a pop below its scope removes the name (the sort id stays valid).
 * A name that already names a sort in scope (built-in, declared or
 * defined) is FERRET_ERROR_SORT, as the reader answers a second
 * (declare-sort U 0): ask once and keep the id.  Its values are abstract
 * elements, equal or not and nothing else; models print them as z3 does,
 * U!val!0, U!val!1, ... */
FERRET_API ferret_sort ferret_sort_uninterpreted(ferret *, const char *name);
/* The kind of a sort and its parameters (a, b may be NULL; 0 where the
 * kind has none): BV width; FP eb, sb; ARRAY index and element sorts. */
FERRET_API ferret_sort_kind ferret_sort_info(ferret *, ferret_sort,
                                             uint32_t *a, uint32_t *b);
/* The name of an uninterpreted sort, NULL for any other sort.  Owned by the
 * context, valid until the next call that declares a name (a variable,
 * function or sort, or SMT-LIB text executed). */
FERRET_API const char *ferret_sort_name(ferret *, ferret_sort);

FERRET_API ferret_term ferret_mk_bool(ferret *, int value);
/* A BV or FP constant from its bits, 64 per limb, least significant limb
 * first (bits above the width are ignored; an FP NaN is made canonical). */
FERRET_API ferret_term ferret_mk_bits(ferret *, ferret_sort,
                                      const uint64_t *limbs, size_t nlimbs);
/* A BV or FP constant of at most 64 bits. */
FERRET_API ferret_term ferret_mk_bits64(ferret *, ferret_sort, uint64_t bits);
FERRET_API ferret_term ferret_mk_rm(ferret *, ferret_rm);
/* The exact rational (-1)^negative * num / den (den > 0), for TO_FP_REAL. */
FERRET_API ferret_term ferret_mk_real(ferret *, int negative, uint64_t num,
                                      uint64_t den);
/* A variable of `sort`, declared in the current scope as
 * (declare-const name sort) would be: SMT-LIB text executed later may name
 * it, models list it, and a pop below its scope removes the name (the term
 * id stays valid but may no longer be asserted usefully). */
FERRET_API ferret_term ferret_mk_var(ferret *, const char *name, ferret_sort);
/* An uninterpreted function, declared in the current scope as
 * (declare-fun name (domain[0] .. domain[n-1]) range) would be (at most 64
 * arguments, FERRET_ERROR_LIMIT).  With n == 0 it is a constant, exactly
 * ferret_mk_var(name, range).  With n >= 1 the term is a function: it is
 * used only as the first argument of FERRET_KIND_APPLY (anywhere else is
 * FERRET_ERROR_SORT); ferret_term_kind reports FERRET_KIND_VAR,
 * ferret_term_arity n, and ferret_term_sort the curried array sort (Array
 * domain[0] (Array .. (Array domain[n-1] range))) it is held as.  A Real
 * argument or result sort is FERRET_ERROR_UNSUPPORTED. */
FERRET_API ferret_term ferret_mk_fun(ferret *, const char *name,
                                     const ferret_sort *domain, size_t n,
                                     ferret_sort range);
/* Apply an operator (kind >= FERRET_KIND_NOT) to args[0..nargs) with
 * indices[0..nindices).  Arrays and functions: see ferret_kind; an index of
 * CONST_ARRAY that is not a sort id is misuse, one that is not an array
 * sort an error. */
FERRET_API ferret_term ferret_mk_term(ferret *, ferret_kind,
                                      const ferret_term *args, size_t nargs,
                                      const uint32_t *indices,
                                      size_t nindices);

/* Looking at terms (no error is possible but misuse). */
FERRET_API ferret_kind ferret_term_kind(ferret *, ferret_term);
FERRET_API ferret_sort ferret_term_sort(ferret *, ferret_term);
/* The number of arguments of a function (ferret_mk_fun or declare-fun with
 * n >= 1), 0 for every other term. */
FERRET_API size_t ferret_term_arity(ferret *, ferret_term);
FERRET_API size_t ferret_term_nargs(ferret *, ferret_term);
FERRET_API ferret_term ferret_term_arg(ferret *, ferret_term, size_t i);
/* Index i (0 or 1) of an indexed operator, else 0. */
FERRET_API uint32_t ferret_term_index(ferret *, ferret_term, int i);
/* The term as SMT-LIB text, owned by the context and valid until the next
 * call of this function; NULL (with an error) when memory runs out. */
FERRET_API const char *ferret_term_string(ferret *, ferret_term);

/* The assertion stack, as the SMT-LIB commands assert, push, pop and
 * check-sat / check-sat-assuming do, without printing anything: the
 * answer is returned (and kept for ferret_last_result and
 * ferret_print_stats).  ferret_check_sat_assuming's assumptions are Bool
 * terms that hold for that check only.  Options (timeout, seed, ...) as
 * set by ferret_set_option. */
FERRET_API ferret_status ferret_assert(ferret *, ferret_term);
FERRET_API ferret_status ferret_push(ferret *, uint32_t levels);
FERRET_API ferret_status ferret_pop(ferret *, uint32_t levels);
FERRET_API ferret_result ferret_check_sat(ferret *);
FERRET_API ferret_result ferret_check_sat_assuming(ferret *,
                                                   const ferret_term *a,
                                                   size_t n);
/* A term read from SMT-LIB text in the session's current scope (declared
 * constants, define-fun, let), e.g. a --prefer predicate; 0 with the error
 * (line:column in the text) when it is not one well-sorted term. */
FERRET_API ferret_term ferret_parse_term(ferret *, const char *text,
                                         size_t len);
/* The value of a term in the model of the last sat answer (no assertion,
 * push or pop since), as bits: Bool 0/1, RoundingMode a ferret_rm, BV and
 * FP as ferret_mk_bits takes them (nlimbs must be at least
 * ceil(bits / 64)), an uninterpreted sort the number k of its abstract
 * element U!val!k (equal numbers, equal values).  Variables the solver
 * left open are false, zero, RNE or U!val!0, as get-model prints them (an
 * array: every element so).  *unspecified (may be NULL) is set when the
 * value depends on a choice SMT-LIB leaves open.  FERRET_ERROR_COMMAND
 * when there is no such model; an array or function has no bits:
 * FERRET_ERROR_UNSUPPORTED (ferret_get_value_string gives it). */
FERRET_API ferret_status ferret_get_value(ferret *, ferret_term,
                                          uint64_t *limbs, size_t nlimbs,
                                          int *unspecified);
/* The bits of a constant term (FERRET_KIND_TRUE, _FALSE or _CONST: made by
 * ferret_mk_bool, _bits, _bits64, _rm, read from text, or a value of
 * ferret_sample_item.values), in ferret_get_value's layout: Bool 0/1,
 * RoundingMode a ferret_rm, BV and FP as ferret_mk_bits takes them, an
 * abstract element its number k.  Any other term is FERRET_ERROR_SORT;
 * fewer than ceil(bits / 64) limbs is FERRET_ERROR_LIMIT.  No model is
 * needed and nothing is allocated. */
FERRET_API ferret_status ferret_term_bits(ferret *, ferret_term,
                                          uint64_t *limbs, size_t nlimbs);
/* The same value as SMT-LIB text, as (get-value) prints it: true,
 * #x2a, (fp #b0 #b10000000 #b00000000000000000000000), RNE, U!val!0, an
 * array as stores over a constant array in increasing index order,
 * (store ((as const (Array (_ BitVec 8) Bool)) false) #x03 true), and a
 * function (ferret_mk_fun) as a lambda term whose body is the one
 * (get-model) prints, (lambda ((x!0 (_ BitVec 8))) (ite (= x!0 #x00) #x07
 * #x00)).  Owned by the context, valid until the next call of this
 * function; NULL with the error (as ferret_get_value's) otherwise. */
FERRET_API const char *ferret_get_value_string(ferret *, ferret_term,
                                               int *unspecified);

/* ----------------------------------------------------------------- sample
 * Many distinct satisfying assignments of the query: the assertions of the
 * last check-sat read under option parse_only (as `ferret sample` does),
 * else the assertions in scope now.  Options: seed (a run with jobs 1 is
 * reproducible), timeout_ms (milliseconds, as (set-option :timeout N)
 * sets it) or else timeout (seconds; both 0: none), max_execs, jobs (workers
 * that search on threads of their own and hand their solutions to the
 * calling thread, which validates them and calls the callback), and
 * judge_thread (with jobs 1: auto, the default, searches on a thread of
 * its own when a second CPU is online; off keeps every step on the
 * calling thread; the samples are the same either way).  The callback
 * always runs on the calling thread.
 *
 * Every sample is validated by the reference evaluator on the query
 * before the callback sees it, and no two samples have the same bits on
 * the sample's variables (every NaN counts as one value).  Memory for
 * distinctness is a fixed-size Bloom filter (dedup_bytes): a new sample
 * is dropped as a duplicate with the probability --stats reports as
 * false_dup_rate (about 2e-8 after 10^6 samples with the default 16 MiB,
 * 2e-3 after 10^7). */
typedef enum ferret_sample_format {
  FERRET_FORMAT_JSONL = 0, /* a JSON object per line: "x": {"value": SMT-LIB
                              value, "bits": "#x..", "decimal" for FP} */
  FERRET_FORMAT_SMT2,      /* (define-fun x () S v) per variable, then an
                              empty line */
  FERRET_FORMAT_CSV        /* header of names; cells: raw bits #x../#b..,
                              Bool true/false, RoundingMode its name */
} ferret_sample_format;

typedef struct ferret_sample_options {
  uint64_t count;           /* stop after this many samples (0: no limit) */
  const char *strategy;     /* "naive", "de", "sm" or "sm+de" (NULL: sm+de) */
  const char *project;      /* "x,y": sample and compare these variables
                               only (NULL or "": every declared variable) */
  ferret_sample_format format; /* of ferret_sample_item.text */
  int coverage;             /* non-zero: track SMT coverage (one more
                               evaluation of the query per sample) */
  size_t dedup_bytes;       /* Bloom filter size (0: 16 MiB) */
  int neighbours;           /* non-zero: also mutate solutions into their
                               neighbours (one or two bits flipped) */
  const ferret_term *prefer; /* soft Bool terms (GuidedSampler): samples
                               satisfying all of them come first, for half
                               the count and half the time (without a time
                               limit at most 10 s); every sample is
                               still a model of the query alone */
  size_t nprefer;
  int no_values;            /* non-zero: ferret_sample_item.values is NULL
                               (the library then makes no term per sample:
                               about a tenth of the time per sample) */
} ferret_sample_options;

/* The defaults (all zero but the format, JSONL). */
FERRET_API void ferret_sample_options_init(ferret_sample_options *);

/* One validated sample.  Everything is owned by the library and valid
 * until the callback returns. */
typedef struct ferret_sample_item {
  uint64_t index;                 /* 0, 1, ... */
  size_t nvars;
  const ferret_term *vars;        /* the variables, in declaration order
                                     (or the projection's order) */
  const ferret_term *values;      /* their values, constants (NULL with
                                     options.no_values) */
  const char *text;               /* the sample in options.format, ending
                                     with a newline (smt2: an empty line) */
  size_t len;
  const char *header;             /* CSV and index 0: the header line;
                                     else NULL */
  size_t header_len;
  uint64_t execs;                 /* executions so far */
  double elapsed;                 /* seconds since the call started */
  double coverage;                /* options.coverage: SMT coverage so far
                                     in %; else -1 */
} ferret_sample_item;

/* Return 0 to go on, non-zero to stop sampling. */
typedef int (*ferret_sample_fn)(void *user, const ferret_sample_item *);

/* Sample until options.count, the timeout, max_execs, ferret_interrupt,
 * the callback's stop, or every solution was given.  *result (may be NULL)
 * is FERRET_SAT when at least one sample was given, FERRET_UNSAT when the
 * query is proved unsatisfiable, else FERRET_UNKNOWN (the reason is in the
 * statistics), as check-sat answers.  Returns FERRET_OK, or
 * FERRET_ERROR_OPTION for an unknown strategy or a --project name that is
 * not a declared variable (ferret_error() says which). */
FERRET_API ferret_status ferret_sample(ferret *, const ferret_sample_options *,
                                       ferret_sample_fn, void *user,
                                       ferret_result *result);
/* How the last ferret_sample ended, for a client to say it ("all 5
 * solutions"): the answer, the reason of an unknown, the end ("count",
 * "stopped", "complete", "timeout", "interrupted", "budget", ...), the
 * samples given, and `solutions`, the number of distinct samples the
 * query has (on the projection's variables, else on every variable) when
 * ferret knows it, else -1.  It knows it when the run enumerated the
 * whole input space (narrowed by interval propagation) of at most
 * 2^enum_bits inputs, or when the query splits into independent
 * components and each one holding a sampled variable is that small (the
 * product of their counts: the run then ends "complete" once it gave that
 * many, even with count 0), or when the query is unsat (0).  end
 * "complete" means every distinct sample was given.  The strings are
 * static.  FERRET_ERROR_COMMAND when no sample run happened yet. */
typedef struct ferret_sample_info {
  ferret_result result;
  const char *reason;       /* "" unless result is FERRET_UNKNOWN */
  const char *end;
  uint64_t samples;
  int64_t solutions;        /* -1: not known */
} ferret_sample_info;
FERRET_API ferret_status ferret_get_sample_info(ferret *, ferret_sample_info *);

/* Statistics of the last ferret_sample as one JSON line on the diagnostic
 * sink: result, reason, end ("count", "stopped", "complete", "timeout",
 * "interrupted", "budget", ...), solutions (as ferret_get_sample_info's,
 * null when not known), strategy, seed, samples, samples_per_sec,
 * execs, execs_per_sec, candidates, duplicates, projected_dups, times,
 * dedup_bits, dedup_fill, false_dup_rate, coverage (-1 if not tracked). */
FERRET_API ferret_status ferret_print_sample_stats(ferret *);

/* SMT coverage (JFSampler §II-D): over the query's internal nodes (terms
 * with arguments of sort Bool, BV or FP, but not the assertions and their
 * top-level conjuncts, true in every sample), the share of result bits
 * seen both as 0 and as 1 across the samples; Bool, BV and FP nodes
 * separately and in total.  Nodes are evaluated lazily (a branch of an ite
 * a sample does not take is not observed).  Costs one evaluation of the
 * query per sample. */
typedef struct ferret_coverage ferret_coverage;
typedef struct ferret_coverage_info {
  uint64_t samples;
  double percent;                  /* all nodes */
  double percent_bool, percent_bv, percent_fp;
  uint64_t bits_bool, bits_bv, bits_fp;          /* bits of the nodes */
  uint64_t covered_bool, covered_bv, covered_fp; /* bits seen 0 and 1 */
} ferret_coverage_info;
/* Called after each sample read (for coverage over time). */
typedef void (*ferret_coverage_fn)(void *user, const ferret_coverage_info *);

/* A coverage tracker over the query (see ferret_sample); NULL when memory
 * runs out.  The query's terms must stay (no pop below them). */
FERRET_API ferret_coverage *ferret_coverage_new(ferret *);
/* Read samples from text[0..len) (no NUL needed) in `format` (a
 * ferret_sample_format, or -1: by the first character, '{' JSONL, '(' SMT2,
 * else CSV).  Each sample must give every variable of the query (the
 * declared ones, as ferret_sample writes them) exactly once, by name, with
 * a value of its sort and width, and no other name.  `each` (may be NULL)
 * is called after every sample.  FERRET_OK, or FERRET_ERROR_PARSE for a
 * malformed text or a sample of another formula (message
 * "SOURCE:LINE:COL: ...", line and column in ferret_error; the samples
 * before the error are counted), FERRET_ERROR_UNSUPPORTED when a node
 * cannot be evaluated. */
FERRET_API ferret_status ferret_coverage_add(ferret_coverage *,
                                             const char *source,
                                             const char *text, size_t len,
                                             int format, ferret_coverage_fn each,
                                             void *user);
FERRET_API void ferret_coverage_get(const ferret_coverage *,
                                    ferret_coverage_info *);
FERRET_API void ferret_coverage_delete(ferret_coverage *);

/* --------------------------------------------------------------- concolic
 * Path queries of a concolic executor (Fuzzy-SAT's approach, floating
 * point included).  A concolic context is bound to an input of `size`
 * bytes and a seed input that drove the path; variables (Bool, BV or FP,
 * at most 128 bits, built with ferret_mk_var) are bound to byte ranges of
 * it.  The path constraint pi is a list of Bool conjuncts (notify), true on
 * the seed; solve(b) looks for an input that differs from the seed in as
 * few bytes as it can and satisfies b and every conjunct of pi:
 *
 *   seed    b already holds on the seed;
 *   i2s     input-to-state: the seed value of one side of a comparison in
 *           b, found in the bytes b reads (1-8 bytes, either endianness),
 *           replaced by the other side's value or its neighbours (+-1, the
 *           next floats), also through one FP conversion;
 *   consts  b's constants and their neighbours written into b's variables
 *           and bytes;
 *   intervals  Fuzzy-SAT's analysis (the wrapped interval of each input
 *           group that comparisons with constants in b and pi allow, the
 *           bytes equalities define) finding a contradiction, then
 *           interval propagation on b and the conjuncts connected to it:
 *           proves unsat (no input);
 *   range   every value of the bytes b reads that no equality defines,
 *           when there are at most 2, else of the input group with the
 *           smallest interval (at most 2048 values; proves unsat when pi's
 *           conjuncts on them read no other byte);
 *   bytes   every value of one byte at a time;
 *   gradient  coordinate descent on b's variables (FP in steps of the
 *           value order) towards the two sides of b's comparisons meeting;
 *   det     AFL's deterministic stage: walking bit flips, byte arithmetic,
 *           interesting 16/32-bit values;
 *   havoc   AFL-like stacks of random byte mutations;
 *   multigoal  the candidate that made b true but broke fewest conjuncts
 *           of pi, repaired greedily byte by byte (b's bytes frozen);
 *   engine  ferret's search from the seed (objective: near it) on b and
 *           the conjuncts connected to it through shared variables.
 *
 * An answer FERRET_SAT is validated by the reference evaluator on b and pi
 * (ferret_concolic_input gives it); FERRET_UNSAT only when proved (the
 * analysis, an exhaustive range, interval propagation or the engine's
 * enumeration on b and the connected conjuncts); FERRET_UNKNOWN otherwise.
 * A conjunct is analysed once and cached across queries (its variables,
 * its intervals, its truth on the seed).  One
 * context per thread; the ferret context must outlive it. */
typedef struct ferret_concolic ferret_concolic;

/* A concolic context on a copy of seed[0..size); NULL when memory runs out
 * (the reason in ferret_error()). */
FERRET_API ferret_concolic *ferret_concolic_new(ferret *, const uint8_t *seed,
                                                size_t size);
FERRET_API void ferret_concolic_delete(ferret_concolic *);
/* Bind variable var to the bytes offset, offset+1, ... (as many as its bits
 * need; little endian unless big_endian; a variable wider than 128 bits is
 * searched as parts of 128 bits over its bytes).  Errors: not a variable, a
 * bit-vector of over 8192 bits or an FP format of over 1024 bits, bytes
 * outside the input, bound already. */
FERRET_API ferret_status ferret_concolic_bind(ferret_concolic *,
                                              ferret_term var, size_t offset,
                                              int big_endian);
/* A new seed of the same size (the executor's next input); the cached
 * analyses are kept, their truth on the seed is recomputed. */
FERRET_API ferret_status ferret_concolic_set_seed(ferret_concolic *,
                                                  const uint8_t *seed,
                                                  size_t size);
/* Add a conjunct to the path constraint; forget them all. */
FERRET_API ferret_status ferret_concolic_notify(ferret_concolic *,
                                                ferret_term pi);
FERRET_API void ferret_concolic_clear_path(ferret_concolic *);
/* b with the path constraint; the optimistic form ignores pi (QSYM's
 * optimistic solving: an input that flips the branch, maybe not the path). */
FERRET_API ferret_result ferret_concolic_solve(ferret_concolic *,
                                               ferret_term b);
FERRET_API ferret_result ferret_concolic_solve_optimistic(ferret_concolic *,
                                                          ferret_term b);
/* The largest (smallest) value of t, a BV (unsigned, or signed when
 * is_signed) or FP term (NaN is no value), over inputs satisfying pi:
 * bisection on t's values, each step a solve started from the best input
 * so far, the whole call within "timeout_ms".  FERRET_SAT: the best input
 * found is ferret_concolic_input's, and *optimal (may be NULL) is set when
 * every step proved its half empty, so no input gives a better value. */
FERRET_API ferret_result ferret_concolic_solve_max(ferret_concolic *,
                                                   ferret_term t,
                                                   int is_signed, int *optimal);
FERRET_API ferret_result ferret_concolic_solve_min(ferret_concolic *,
                                                   ferret_term t,
                                                   int is_signed, int *optimal);
/* Distinct values of t (Bool, BV or FP, at most 128 bits; every NaN is one
 * value) over inputs satisfying pi, each given with an input producing it
 * to `each` (value as ferret_mk_bits takes it; return non-zero to stop),
 * at most `limit` of them (0: no limit), within "timeout_ms".  FERRET_SAT
 * when at least one was given; *complete (may be NULL) when no other value
 * exists (proved). */
typedef int (*ferret_concolic_value_fn)(void *user, const uint64_t *value,
                                        size_t nlimbs, const uint8_t *input,
                                        size_t size);
FERRET_API ferret_result ferret_concolic_solve_all(ferret_concolic *,
                                                   ferret_term t, uint64_t limit,
                                                   ferret_concolic_value_fn each,
                                                   void *user, int *complete);
/* The input of the last FERRET_SAT answer (size bytes, owned by the
 * context, valid until the next solve). */
FERRET_API const uint8_t *ferret_concolic_input(const ferret_concolic *);
/* The stage that gave the last answer ("seed", "i2s", "consts",
 * "intervals", "range", "bytes", "gradient", "det", "havoc", "multigoal",
 * "engine"), or for unknown why ("timeout", "budget", "unsupported", ...). */
FERRET_API const char *ferret_concolic_stage(const ferret_concolic *);
/* Settings: "timeout_ms" per query (0: none; default: the ferret
 * context's option timeout_ms, else its timeout in seconds, else 1000,
 * as they were when the concolic context was made), "cpu_time" 1: the
 * query budget ("timeout_ms") counts the process's CPU time, so it does
 * not shrink on a loaded machine (the engine stage is given the CPU time
 * left as wall time; default 0: wall time), "max_execs"
 * candidate inputs per query, every stage's together (default 0: none,
 * the time limit bounds it), "random_seed" of the random choices
 * (default 1), and each stage by name ("seed" is the stage that tries the
 * seed itself), 0 off / 1 on (default on; "intervals" off when the ferret
 * context's option intervals was 0).  With "intervals" off no stage runs
 * interval propagation (the engine stage neither).  The engine stage
 * runs as many search workers as the ferret context's option jobs says
 * when it runs (1, the default: a query's answer is reproducible); the
 * other stages run on the calling thread.
 * FERRET_ERROR_OPTION for an unknown name or a value out of range. */
FERRET_API ferret_status ferret_concolic_set(ferret_concolic *,
                                             const char *name, int64_t value);
/* Counters as one JSON line on the diagnostic sink: queries, sat, unsat,
 * unknown, seconds, and per stage the answers it gave and the candidate
 * inputs it tried. */
FERRET_API ferret_status ferret_concolic_print_stats(ferret_concolic *);

/* The query the session holds: the assertions of the last check-sat read
 * under parse_only, else the assertions in scope (as ferret_sample takes
 * them), and the declared constants in scope, in declaration order.  The
 * arrays are the context's, valid until the next command or term call. */
FERRET_API size_t ferret_get_query(ferret *, const ferret_term **terms);
FERRET_API size_t ferret_get_declared(ferret *, const ferret_term **vars);

/* ------------------------------------------------------------------- hunt
 * Find bugs in SMT solvers (BanditFuzz's approach, with exact model
 * checks).  Mode "gen" writes `count` random well-sorted FP scripts to
 * out_dir; mode "bug" runs a campaign until `budget` seconds (or `count`
 * formulas): each formula, generated or mutated with the construct (FP
 * operation, predicate, rounding mode or format) a bandit agent chooses, is
 * given to every solver (each a command line that reads the script file
 * appended as its last argument, run without a shell in its own process
 * group, all at once, `timeout` seconds each).  Findings: a crash, an
 * error on valid input, a sat whose model ferret's evaluator rejects, an
 * unsat where a model shows sat (another solver's, or one ferret's own
 * search finds, each checked by the evaluator); each reduced (unless
 * no_reduce) and saved as out_dir/findings/N-KIND.smt2 with a header
 * naming solvers, answers and times, and grouped by cause (kind, solver,
 * formats and operators of the reduced formula) in out_dir/causes.tsv.
 * out_dir/log.tsv logs every formula (a sat/unsat disagreement no model
 * settles is logged as "disagree", not a finding), out_dir/ranking.tsv
 * the constructs ranked by the agent (the reward is 1 for a finding).
 * Timeouts and unsupported-construct errors are never findings. */
/* A campaign so far (ferret_hunt_options.progress). */
typedef struct ferret_hunt_progress {
  uint64_t formulas, runs, findings;
  double elapsed, budget; /* seconds; budget 0: none */
} ferret_hunt_progress;

typedef struct ferret_hunt_options {
  const char *mode;          /* "gen", "bug" (default) or "perf": the
                                target's PAR-2 time over the best
                                reference's, a mutation that widens it is
                                rewarded, 10x or more is a finding "slow";
                                or "replay": each .smt2 in out_dir/findings
                                run again and checked, a line each on the
                                output channel (FILE, the finding now or
                                "none", each solver's answer and time) */
  const char *out_dir;
  const char *const *solvers; /* the target first, then the references */
  size_t nsolvers;
  double budget;             /* seconds of a campaign (0: count only) */
  uint64_t count;            /* gen: scripts (default 10); bug: formulas */
  double timeout;            /* per solver run (default 5 s) */
  uint64_t seed;             /* default 1 */
  uint32_t shard, nshards;   /* a distinct seed stream per shard (0/1) */
  const char *agent;         /* "thompson" (default), "ucb1", "egreedy",
                                "random", "none" (pure generation) */
  uint32_t vars, asserts, depth; /* per format; defaults 2, 2, 3 */
  const char *formats;       /* comma-separated EB.SB (2 <= EB <= 30,
                                2 <= SB, EB + SB <= 128) or 16, 32, 64,
                                128, bf16, tf32; at most 16 (NULL: 2.3,
                                3.2, 3.5, 4.4, 5.3, 5.8, 16, bf16, 32, 64,
                                128); each an arm of the agent */
  int no_reduce;
  int resume;                /* bug/perf: go on with out_dir's campaign
                                (log appended, findings numbered on, the
                                agent's pulls and rewards read back from
                                ranking.tsv, a fresh seed stream); without
                                it out_dir's log is started over */
  int persistent;            /* bug/perf: each solver kept running, reading
                                the scripts on its standard input with
                                (reset) between them (the command line gets
                                no file: z3 -in, cvc5 --incremental
                                --interactive, bitwuzla); a solver killed at
                                the limit or ended is started again */
  double timeout_factor;     /* bug mode, > 0: each solver's limit becomes
                                min(timeout, max(0.5 s, factor x the median
                                of its last 64 definite answers' times))
                                after 16 answers (0: timeout for all;
                                ferret_hunt_options_init sets 5) */
  /* Called after each formula of a bug or perf campaign (may be NULL):
   * the campaign so far.  Runs on the calling thread; keep it cheap. */
  void (*progress)(void *user, const struct ferret_hunt_progress *);
  void *progress_user;
} ferret_hunt_options;



FERRET_API void ferret_hunt_options_init(ferret_hunt_options *);
/* Run it; *findings (may be NULL) gets their number.  FERRET_ERROR_OPTION
 * for a bad option (ferret_error() says which), FERRET_ERROR_IO when a file
 * cannot be written. */
FERRET_API ferret_status ferret_hunt(ferret *, const ferret_hunt_options *,
                                     uint64_t *findings);

#ifdef __cplusplus
}
#endif

#endif

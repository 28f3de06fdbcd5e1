/* The command line's tables and their parser (args.h).  A sub-command is
 * recognised in the first position only ("hunt gen": the first two); every
 * option is looked up among the rows that apply to that sub-command, so an
 * option of another sub-command is refused by name, never ignored. */
#include "args.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#define S(x) (1u << SUB_##x)
#define ENGINE (S(SOLVE) | S(SAMPLE) | S(CONCOLIC))
#define PREPROCESS (S(SOLVE) | S(OPT) | S(SMT2C) | S(SAMPLE) | S(CONCOLIC))
#define CONTEXT (S(SOLVE) | S(OPT) | S(SMT2C) | S(SAMPLE) | S(COVERAGE) | S(CONCOLIC))
#define SHAPE (S(HUNT) | S(HUNT_GEN))

#define EXITS_SOLVE                                                         \
  "10  the last check-sat answered sat\n"                                  \
  "20  the last check-sat answered unsat\n"                                \
  " 0  the last check-sat answered unknown, or there was no check-sat\n"   \
  " 1  an error in the input ((error ...) printed) or FILE unreadable\n"   \
  " 2  usage error (unknown option, bad value, missing FILE)\n"
#define EXITS_PLAIN                                                         \
  " 0  done\n"                                                             \
  " 1  an error in the input or a file unreadable or unwritable\n"         \
  " 2  usage error\n"

const cli_sub_info cli_subs[SUB_COUNT] = {
    [SUB_SOLVE] = {"solve", "[OPTIONS] FILE|-",
                   "execute an SMT-LIB 2.6 script (the default sub-command)",
                   "Executes the script's commands.  check-sat answers sat (only with "
                   "a model validated on the original formula by ferret's exact "
                   "evaluator), unsat (only when proved: preprocessing, interval "
                   "propagation, an exhausted input space, or a complete solver of "
                   "the portfolio) or unknown ((get-info :reason-unknown) says why).  "
                   "FILE '-' reads standard input command by command, so an "
                   "interactive session works.  A failed command prints "
                   "file:line:col: message on stderr and (error \"...\") on stdout; "
                   "the session goes on.",
                   EXITS_SOLVE, 1, 1, "input file"},
    [SUB_OPT] = {"opt", "[OPTIONS] FILE|-",
                 "print the formula after preprocessing (like jfs-opt)",
                 "Reads the script without solving and prints, as an SMT-LIB script, "
                 "the formula its last check-sat asks about (or the assertions at the "
                 "end if it has no check-sat), after the enabled preprocessing passes.",
                 EXITS_PLAIN, 1, 1, "input file"},
    [SUB_SMT2C] = {"smt2c", "[OPTIONS] FILE|-",
                   "write the formula as a C libFuzzer target (like jfs-smt2cxx)",
                   "Reads the script without solving and prints one self-contained C "
                   "file for its last check-sat's formula (ferret's FP/BV library "
                   "embedded): a libFuzzer target that aborts iff the input bytes are "
                   "a model, or with --main a program judging input files.",
                   EXITS_PLAIN, 1, 1, "input file"},
    [SUB_SAMPLE] = {"sample", "[OPTIONS] FILE [-n COUNT] [-t SECONDS] [-o OUT]",
                    "many distinct, validated models (JFSampler)",
                    "Writes distinct satisfying assignments of the script's query "
                    "(its last check-sat, else its assertions), each validated on the "
                    "formula, as they are found, until COUNT samples, SECONDS, an "
                    "interrupt, or every solution (when the search knows the space is "
                    "exhausted).  Only samples go to the output; the answer goes to "
                    "stderr and the exit code.",
                    "10  a sample was written (sat)\n"
                    "20  unsat: the formula has no solution\n"
                    " 0  unknown: no sample found in the budget\n"
                    " 1  an error in the input, or the output could not be written\n"
                    " 2  usage error\n",
                    1, 1, "input file"},
    [SUB_COVERAGE] = {"coverage", "[OPTIONS] FILE SAMPLES...",
                      "SMT coverage of sample files",
                      "The SMT coverage (JFSampler's metric: the share of each Bool, BV "
                      "and FP node's bits seen both 0 and 1) that the samples reach on "
                      "the script's query.  Each sample must name the query's variables "
                      "with values of their sorts.",
                      EXITS_PLAIN, 2, 0, "input file and sample files"},
    [SUB_CONCOLIC] = {"concolic", "--input SEED -o DIR [OPTIONS] QUERIES",
                      "answer a concolic executor's path queries (Fuzzy-SAT)",
                      "QUERIES declares the input bytes k!0, k!1, ... as (_ BitVec 8) "
                      "(byte i of SEED; or --binding named: every declared variable in "
                      "order, little endian) and each (assert (and b pi...)) is a "
                      "query, pi true on SEED.  Per query a line 'N sat|unsat|unknown "
                      "SECONDS STAGE' on stdout; a sat input is written whole to "
                      "DIR/N.bin; a summary goes to stderr.",
                      EXITS_PLAIN, 1, 1, "query file"},
    [SUB_HUNT] = {"hunt", "--target CMD [--reference CMD]... [OPTIONS] -o DIR",
                  "find wrong answers and slowdowns in SMT solvers (BanditFuzz)",
                  "A campaign: FP formulas generated or mutated with the construct a "
                  "bandit agent chooses run on the target and each reference (CMD reads "
                  "the script file appended to it); crashes, errors, wrong models "
                  "(checked by ferret's evaluator), wrong unsats and disagreements are "
                  "reduced and saved in DIR/findings, with DIR/log.tsv and "
                  "DIR/ranking.tsv.  A DIR that holds a campaign is refused unless "
                  "--resume or --force.",
                  EXITS_PLAIN, 0, 0, NULL},
    [SUB_HUNT_GEN] = {"hunt gen", "[-n N] [--seed S] [SHAPE] -o DIR",
                      "write random FP scripts",
                      "Writes N random FP scripts of the given shape to DIR.",
                      EXITS_PLAIN, 0, 0, NULL},
    [SUB_HUNT_REPLAY] = {"hunt replay", "DIR --target CMD [--reference CMD]...",
                         "run a campaign's findings again",
                         "Runs each DIR/findings/*.smt2 again (new solver versions) and "
                         "says per file what the answers make of it now.",
                         EXITS_PLAIN, 1, 1, "campaign directory"},
    [SUB_HUNT_MERGE] = {"hunt merge", "-o DIR PARTS...",
                        "join campaigns' directories (shards)",
                        "Joins the logs and findings (repeats dropped) of campaign "
                        "directories and sums their rankings into DIR.",
                        EXITS_PLAIN, 1, 0, "campaign directories to merge"},
    [SUB_HUNT_REPORT] = {"hunt report", "DIR [--plots OUT] [--findings]",
                         "summarise a campaign",
                         "Summarises a campaign in Markdown and, with --plots, draws "
                         "cactus, quantile and scatter plots of the solvers' times "
                         "(gnuplot).",
                         EXITS_PLAIN, 1, 1, "campaign directory"},
    [SUB_BENCH] = {"bench", "--solver NAME=CMD... [OPTIONS] FILES|DIRS|LISTS",
                   "run solvers over a benchmark suite",
                   "Runs every .smt2 file given, found in DIRS or listed in LISTS (a "
                   "path per line) with each solver (CMD split into words, no shell; "
                   "'{}' is the file, else it is appended).  The expected status is the "
                   "manifest's or the file's (set-info :status); a definite answer "
                   "contradicting it is WRONG.  A row per run goes to the results file "
                   "as it ends (a rerun skips what is done); a Markdown summary ends "
                   "the run.",
                   " 0  done\n"
                   " 3  interrupted (run the same command again to resume)\n"
                   " 4  a solver gave a wrong answer\n"
                   " 1  an error (a file unreadable or unwritable)\n"
                   " 2  usage error\n",
                   1, 0, "files, directories or lists"},
    [SUB_BENCH_REPORT] = {"bench report", "RESULTS... [--plots DIR]",
                          "summarise results files",
                          "The Markdown summary of results files (solved, wrong, unique, "
                          "PAR-2, virtual best); plots with --plots.",
                          " 0  done\n 4  a wrong answer in the results\n"
                          " 1  an error\n 2  usage error\n",
                          1, 0, "results files"},
    [SUB_BENCH_MERGE] = {"bench merge", "-o OUT PARTS...",
                         "join shards' results files",
                         "Joins results files (each file and solver once) into OUT, then "
                         "summarises them.",
                         " 0  done\n 4  a wrong answer in the results\n"
                         " 1  an error\n 2  usage error\n",
                         1, 0, "results files to merge"},
};

/* Rows with one name apply to disjoint sets of sub-commands (one meaning,
 * worded for each). */
#define LIB(name, subs) {name, 0, NULL, CLI_LIB, NULL, 0, 0, NULL, false, subs, name, NULL}
const cli_option cli_options[] = {
    /* what every job shares */
    LIB("seed", ENGINE),
    {"seed", 0, NULL, CLI_INT, "S", 0, INT64_MAX, NULL, false, SHAPE,
     NULL, "random seed of the formulas (default 1)"},
    {"timeout", 't', NULL, CLI_TIME, "S", 0, 1000000000000LL, NULL, false, S(SOLVE),
     NULL, "time limit per check-sat in seconds, decimals allowed (0: none)"},
    {"timeout", 't', NULL, CLI_TIME, "S", 0, 1000000000000LL, NULL, false, S(SAMPLE),
     NULL, "time limit of the run in seconds, decimals allowed (0: none)"},
    {"timeout", 't', NULL, CLI_TIME, "S", 0, 1000000000000LL, NULL, false, S(CONCOLIC),
     NULL, "time limit per query in seconds, decimals allowed (default 1; 0: none)"},
    {"timeout", 't', NULL, CLI_TIME, "S", 1, 1000000000LL, NULL, false,
     S(HUNT) | S(HUNT_REPLAY), NULL, "time limit per solver run in seconds (default 5)"},
    {"timeout", 't', NULL, CLI_TIME, "S", 1, 10000000000LL, NULL, false, S(HUNT_REPORT),
     NULL, "the runs' time limit, for PAR-2 (default: the log's largest)"},
    {"timeout", 't', NULL, CLI_TIME, "S", 1, 10000000000LL, NULL, false, S(BENCH),
     NULL, "time limit per run in seconds (default 60)"},
    LIB("timeout_ms", ENGINE),
    LIB("verbose", S(SOLVE) | S(SAMPLE) | S(HUNT)),
    LIB("stats", ENGINE),
    LIB("max_memory", CONTEXT),
    LIB("jobs", ENGINE),
    {"jobs", 'j', NULL, CLI_INT, "N", 1, 64, NULL, false, S(BENCH), NULL,
     "runs at once (default 1)"},
    LIB("max_execs", ENGINE),
    /* solve */
    LIB("model", S(SOLVE)),
    LIB("parse_only", S(SOLVE)),
    LIB("backend", S(SOLVE)),
    LIB("layout", S(SOLVE) | S(SMT2C)),
    LIB("portfolio_delay_ms", S(SOLVE)),
    {"portfolio", 0, NULL, CLI_TEXT, "CMD", 0, 0, NULL, true, S(SOLVE), NULL,
     "also run the solver CMD (reads SMT-LIB on stdin, e.g. 'z3 -in') beside the "
     "search at each check-sat; the first definite answer wins (a sat only with a "
     "model ferret's evaluator accepts); repeatable"},
    {"seed-file", 0, NULL, CLI_TEXT, "FILE", 0, 0, NULL, false, S(SOLVE), NULL,
     "start the search from the assignments in FILE ((define-fun x () S v) "
     "commands, e.g. a printed model)"},
    /* the search engine */
    LIB("judge_thread", S(SAMPLE)),
    LIB("seeds", ENGINE),
    LIB("num_seeds", ENGINE),
    LIB("encoding", ENGINE | S(SMT2C)),
    LIB("pure_random", ENGINE),
    LIB("local_search", ENGINE),
    LIB("ls_real", ENGINE),
    LIB("ls_project", ENGINE),
    LIB("ls_kick", ENGINE),
    LIB("enum_bits", ENGINE),
    LIB("corpus_max", ENGINE),
    LIB("restart_unit", S(SOLVE)),
    LIB("cmp_snap", S(SOLVE)),
    LIB("intervals", ENGINE),
    LIB("relations", S(SOLVE)),
    /* preprocessing */
    LIB("pp_hoist", PREPROCESS),
    LIB("pp_propagate", PREPROCESS),
    LIB("pp_dedup", PREPROCESS),
    LIB("pp_simplify", PREPROCESS),
    LIB("pp_contradiction", PREPROCESS),
    LIB("pp_true", PREPROCESS),
    LIB("pp_eqx", PREPROCESS),
    LIB("pp_solve", PREPROCESS),
    LIB("pp_split", PREPROCESS),
    /* opt and smt2c */
    LIB("opt_passes", S(OPT)),
    LIB("opt_trace", S(OPT)),
    {"domains", 0, NULL, CLI_LIB, NULL, 0, 0, NULL, false, S(OPT), "opt_intervals",
     "also print, as comments, each variable's domain after interval propagation"},
    {"main", 0, NULL, CLI_LIB, NULL, 0, 0, NULL, false, S(SMT2C), "smt2c_main",
     "define main() judging input files instead of LLVMFuzzerTestOneInput"},
    /* sample and coverage */
    {"count", 'n', NULL, CLI_INT, "N", 0, INT64_MAX, NULL, false, S(SAMPLE), NULL,
     "stop after N samples (0, the default: no limit)"},
    {"output", 'o', "out", CLI_TEXT, "FILE", 0, 0, NULL, false, S(SAMPLE), NULL,
     "write the samples to FILE (default: stdout)"},
    {"format", 0, NULL, CLI_CHOICE, "F", 0, 0, "jsonl|smt2|csv", false, S(SAMPLE), NULL,
     "sample format (default jsonl)"},
    {"format", 0, NULL, CLI_CHOICE, "F", 0, 0, "jsonl|smt2|csv", false, S(COVERAGE), NULL,
     "the samples' format (default: by each file's first line)"},
    {"strategy", 0, NULL, CLI_CHOICE, "S", 0, 0, "naive|de|sm|sm+de", false, S(SAMPLE), NULL,
     "naive: the solver restarted; de: diversity encoding; sm: sampling mutator; "
     "sm+de: both (default)"},
    {"project", 0, NULL, CLI_TEXT, "X,Y", 0, 0, NULL, false, S(SAMPLE), NULL,
     "samples distinct by these variables only"},
    {"coverage", 0, NULL, CLI_FLAG, NULL, 0, 0, NULL, false, S(SAMPLE), NULL,
     "track SMT coverage (shown in the progress line and --stats)"},
    {"neighbours", 0, NULL, CLI_FLAG, NULL, 0, 0, NULL, false, S(SAMPLE), NULL,
     "also mutate solutions into their neighbours"},
    {"prefer", 0, NULL, CLI_TEXT, "TERM", 0, 0, NULL, true, S(SAMPLE), NULL,
     "samples satisfying the Bool TERM first (repeatable, at most 16)"},
    {"dedup-mb", 0, NULL, CLI_INT, "N", 1, 65536, NULL, false, S(SAMPLE), NULL,
     "MiB of the Bloom filter of emitted samples (default 16)"},
    {"over-time", 0, NULL, CLI_INT, "K", 1, INT64_MAX, NULL, false, S(COVERAGE), NULL,
     "print the coverage after every K samples (a TSV table)"},
    /* concolic */
    {"input", 0, NULL, CLI_TEXT, "SEED", 0, 0, NULL, false, S(CONCOLIC), NULL,
     "the seed input that drove the path (required)"},
    {"output", 'o', "out", CLI_TEXT, "DIR", 0, 0, NULL, false, S(CONCOLIC), NULL,
     "write each sat query's input to DIR/N.bin (required)"},
    {"binding", 0, NULL, CLI_CHOICE, "B", 0, 0, "auto|bytes|named", false, S(CONCOLIC),
     NULL, "bytes: variables k!N are input byte N; named: every declared variable "
     "takes the next bytes, in order, little endian; auto (default): bytes when "
     "every variable is a k!N byte"},
    {"optimistic", 0, NULL, CLI_FLAG, NULL, 0, 0, NULL, false, S(CONCOLIC), NULL,
     "solve b alone, without the path constraint (QSYM's optimistic solving)"},
    {"stages", 0, NULL, CLI_TEXT, "LIST", 0, 0, NULL, false, S(CONCOLIC), NULL,
     "only these stages, comma-separated: seed, i2s, consts, intervals, range, "
     "bytes, gradient, det, havoc, multigoal, engine"},
    /* hunt */
    {"mode", 0, NULL, CLI_CHOICE, "M", 0, 0, "bug|perf", false, S(HUNT), NULL,
     "bug: wrong answers, crashes, errors (default); perf: the target's PAR-2 time "
     "against the best reference's (10x: a finding 'slow')"},
    {"target", 0, NULL, CLI_TEXT, "CMD", 0, 0, NULL, false, S(HUNT) | S(HUNT_REPLAY), NULL,
     "the solver under test (CMD reads the script file appended to it)"},
    {"reference", 0, NULL, CLI_TEXT, "CMD", 0, 0, NULL, true, S(HUNT) | S(HUNT_REPLAY),
     NULL, "a solver to compare with (repeatable, at most 15)"},
    {"count", 'n', NULL, CLI_INT, "N", 0, INT64_MAX, NULL, false, S(HUNT), NULL,
     "stop after N formulas (0: only --budget)"},
    {"count", 'n', NULL, CLI_INT, "N", 1, INT64_MAX, NULL, false, S(HUNT_GEN), NULL,
     "scripts to write (default 10)"},
    {"budget", 0, NULL, CLI_TIME, "S", 0, 1000000000000LL, NULL, false, S(HUNT), NULL,
     "seconds of the campaign (0: only --count)"},
    {"agent", 0, NULL, CLI_CHOICE, "A", 0, 0, "thompson|ucb1|egreedy|random|none", false,
     S(HUNT), NULL, "the bandit agent choosing constructs (default thompson; none: "
     "generation only)"},
    {"shard", 0, NULL, CLI_TEXT, "I/N", 0, 0, NULL, false, S(HUNT), NULL,
     "shard I of N (1 <= I <= N): a seed stream of its own"},
    {"vars", 0, NULL, CLI_INT, "N", 1, 64, NULL, false, SHAPE, NULL,
     "variables per format (default 2)"},
    {"asserts", 0, NULL, CLI_INT, "N", 1, 64, NULL, false, SHAPE, NULL,
     "assertions per format (default 2)"},
    {"depth", 0, NULL, CLI_INT, "N", 0, 12, NULL, false, SHAPE, NULL,
     "term depth (default 3)"},
    {"formats", 0, NULL, CLI_TEXT, "LIST", 0, 0, NULL, false, SHAPE, NULL,
     "FP formats, comma-separated: EB.SB (2 <= EB <= 30, 2 <= SB, EB + SB <= 128) or 16, 32, 64, 128, bf16, tf32 (default 2.3,3.2,3.5,4.4,5.3,5.8,16,bf16,32,64,128)"},
    {"reduce", 0, NULL, CLI_FLAG, NULL, 0, 0, NULL, false, S(HUNT), NULL,
     "reduce each finding (default on; --no-reduce keeps them whole)"},
    {"persistent", 0, NULL, CLI_FLAG, NULL, 0, 0, NULL, false, S(HUNT), NULL,
     "keep each solver running, the scripts on its standard input with (reset) between "
     "(CMD gets no file: 'z3 -in', 'cvc5 --incremental --interactive', 'bitwuzla')"},
    {"timeout-factor", 0, NULL, CLI_INT, "K", 0, 1000, NULL, false, S(HUNT), NULL,
     "bug mode: a solver's limit min(--timeout, max(0.5 s, K x the median of its "
     "answers' times)) after 16 answers (default 5; 0: --timeout for all)"},
    {"resume", 0, NULL, CLI_FLAG, NULL, 0, 0, NULL, false, S(HUNT), NULL,
     "go on with DIR's campaign: log, findings, the agent's statistics"},
    {"force", 0, NULL, CLI_FLAG, NULL, 0, 0, NULL, false, S(HUNT), NULL,
     "start a new campaign in a DIR that holds one (its log is started over)"},
    {"output", 'o', "out", CLI_TEXT, "DIR", 0, 0, NULL, false,
     S(HUNT) | S(HUNT_GEN) | S(HUNT_MERGE), NULL, "the campaign's directory (required)"},
    {"plots", 0, NULL, CLI_TEXT, "DIR", 0, 0, NULL, false,
     S(HUNT_REPORT) | S(BENCH) | S(BENCH_REPORT) | S(BENCH_MERGE), NULL,
     "draw cactus, quantile and scatter plots (SVG, gnuplot) into DIR"},
    {"findings", 0, NULL, CLI_FLAG, NULL, 0, 0, NULL, false, S(HUNT_REPORT), NULL,
     "plots over the formulas with a finding only"},
    /* bench */
    {"solver", 0, NULL, CLI_TEXT, "NAME=CMD", 0, 0, NULL, true, S(BENCH), NULL,
     "a solver to run (repeatable, at most 32)"},
    {"memory", 0, NULL, CLI_INT, "MB", 1, 1 << 24, NULL, false, S(BENCH), NULL,
     "memory limit per run in MB (default: none)"},
    {"manifest", 0, NULL, CLI_TEXT, "TSV", 0, 0, NULL, false, S(BENCH), NULL,
     "expected statuses (a TSV with path and status columns)"},
    {"shard", 0, NULL, CLI_TEXT, "I/N", 0, 0, NULL, false, S(BENCH), NULL,
     "only files k with k % N = I-1 of the sorted list"},
    {"output", 'o', "out", CLI_TEXT, "FILE", 0, 0, NULL, false, S(BENCH), NULL,
     "results file (default ferret-bench.tsv)"},
    {"output", 'o', "out", CLI_TEXT, "FILE", 0, 0, NULL, false, S(BENCH_MERGE), NULL,
     "the merged results file (required)"},
    {"dry-run", 0, NULL, CLI_FLAG, NULL, 0, 0, NULL, false, S(BENCH), NULL,
     "list the files and expected statuses, run nothing"},
    {"progress", 0, NULL, CLI_FLAG, NULL, 0, 0, NULL, false, S(BENCH), NULL,
     "a progress line on a terminal (default on; --no-progress)"},
};
const size_t cli_noptions = sizeof cli_options / sizeof *cli_options;

/* ------------------------------------------------------------- lookups */

/* Names equal, '-' and '_' alike. */
static bool same_name(const char *a, const char *b, size_t blen) {
  size_t k = 0;
  for (; k < blen && a[k]; k++) {
    char x = a[k] == '_' ? '-' : a[k], y = b[k] == '_' ? '-' : b[k];
    if (x != y) return false;
  }
  return k == blen && !a[k];
}

bool cli_lib_desc(const char *lib, ferret_option_desc *o) {
  for (int i = 0; ferret_option_info(i, o); i++)
    if (!strcmp(o->name, lib)) return true;
  return false;
}

/* The row named name[0..len) (or by its alias) for sub; *other: whether a
 * row of another sub-command has that name. */
static const cli_option *find_long(cli_sub sub, const char *name, size_t len,
                                   bool *other) {
  *other = false;
  for (size_t i = 0; i < cli_noptions; i++) {
    const cli_option *o = &cli_options[i];
    if (!same_name(o->name, name, len) && !(o->alias && same_name(o->alias, name, len)) &&
        !(o->lib && same_name(o->lib, name, len)))
      continue;
    if (o->subs & (1u << sub)) return o;
    *other = true;
  }
  return NULL;
}

static const cli_option *find_short(cli_sub sub, char c, bool *other) {
  *other = false;
  for (size_t i = 0; i < cli_noptions; i++) {
    if (cli_options[i].shortname != c) continue;
    if (cli_options[i].subs & (1u << sub)) return &cli_options[i];
    *other = true;
  }
  return NULL;
}

/* The effective kind of a row (a library option's from the library). */
typedef struct kind_info {
  cli_kind kind;
  int64_t lo, hi;
  const char *choices;
} kind_info;

static kind_info kind_of(const cli_option *o) {
  kind_info k = {o->kind, o->lo, o->hi, o->choices};
  if (o->kind != CLI_LIB) return k;
  ferret_option_desc d;
  if (!cli_lib_desc(o->lib, &d)) return (kind_info){CLI_TEXT, 0, 0, NULL};
  k.lo = d.min, k.hi = d.max;
  if (d.values) k.kind = CLI_CHOICE, k.choices = d.values;
  else if (d.min == 0 && d.max == 1) k.kind = CLI_FLAG;
  else k.kind = CLI_INT;
  return k;
}

/* Names some sub-commands spell otherwise, for "did you mean". */
static const struct {
  cli_sub sub;
  const char *given, *meant;
} renamed[] = {
    {SUB_OPT, "intervals", "--domains"},
    {SUB_CONCOLIC, "layout", "--binding"},
};

static const char *hint(cli_sub sub, const char *name, size_t len) {
  for (size_t k = 0; k < sizeof renamed / sizeof *renamed; k++)
    if (renamed[k].sub == sub && same_name(renamed[k].given, name, len)) return renamed[k].meant;
  return NULL;
}

/* ------------------------------------------------------------- errors */

int cli_usage(cli_sub sub, const char *fmt, ...) {
  va_list ap;
  fprintf(stderr, "ferret %s: ", cli_subs[sub].name);
  va_start(ap, fmt);
  vfprintf(stderr, fmt, ap);
  va_end(ap);
  fprintf(stderr, " (see ferret %s --help)\n", cli_subs[sub].name);
  return 2;
}

/* ------------------------------------------------------------- values */

/* A strict decimal integer: optional '-', digits, nothing else.  1, or
 * 0 if it is not one, -1 if it is one beyond int64_t. */
static int parse_int(const char *s, int64_t *v) {
  if (!*s || (!(*s >= '0' && *s <= '9') && *s != '-')) return 0;
  errno = 0;
  char *end;
  long long x = strtoll(s, &end, 10);
  if (*end || end == s || (*s == '-' && !s[1])) return 0;
  if (errno == ERANGE) return -1;
  *v = x;
  return 1;
}

/* Seconds: a decimal number (no sign, no exponent letters but digits and
 * one point), finite. */
static bool parse_time(const char *s, double *v) {
  const char *p = s;
  size_t digits = 0;
  while (*p >= '0' && *p <= '9') p++, digits++;
  if (*p == '.') {
    p++;
    while (*p >= '0' && *p <= '9') p++, digits++;
  }
  if (*p || !digits) return false;
  *v = strtod(s, NULL);
  return isfinite(*v);
}

static bool in_choices(const char *names, const char *w, int64_t *index) {
  size_t n = strlen(w);
  for (int64_t i = 0; names && *names; i++) {
    size_t len = strcspn(names, "|"), k = 0;
    while (k < n && (names[k] == w[k] || (names[k] == '-' && w[k] == '_'))) k++;
    if (len == n && k == n && n) {
      *index = i;
      return true;
    }
    names += len + (names[len] == '|');
  }
  return false;
}

/* Check `value` for option o; 0 or a usage error.  `spelled` is how the
 * user wrote the option. */
static int check_value(cli_sub sub, const cli_option *o, const char *spelled,
                       const char *value) {
  kind_info k = kind_of(o);
  int64_t x;
  double t;
  switch (k.kind) {
  case CLI_FLAG:
    if (!strcmp(value, "0") || !strcmp(value, "1") || !strcmp(value, "true") ||
        !strcmp(value, "false"))
      return 0;
    return cli_usage(sub, "%s takes no value but 0/1/true/false, not '%s'", spelled, value);
  case CLI_INT: {
    int got = parse_int(value, &x);
    if (!got) return cli_usage(sub, "%s: '%s' is not a whole number", spelled, value);
    if (got < 0 || x < k.lo || x > k.hi)
      return cli_usage(sub, "%s: %s is out of range %lld..%lld", spelled, value,
                       (long long)k.lo, (long long)k.hi);
    return 0;
  }
  case CLI_TIME: /* lo and hi in milliseconds */
    if (!parse_time(value, &t))
      return cli_usage(sub, "%s: '%s' is not a number of seconds", spelled, value);
    if (t * 1000 < (double)k.lo || t * 1000 > (double)k.hi)
      return cli_usage(sub, "%s: %s is out of range %g..%g seconds", spelled, value,
                       (double)k.lo / 1000, (double)k.hi / 1000);
    return 0;
  case CLI_CHOICE:
    if (in_choices(k.choices, value, &x)) return 0;
    if (o->kind == CLI_LIB && parse_int(value, &x) == 1 && x >= k.lo && x <= k.hi) return 0;
    return cli_usage(sub, "%s: '%s' is not one of %s", spelled, value, k.choices);
  case CLI_TEXT:
  case CLI_LIB:
    return 0;
  }
  return 0;
}

/* ------------------------------------------------------------- parser */

static bool is_help(const char *a) { return !strcmp(a, "--help") || !strcmp(a, "-h"); }
static bool is_version(const char *a) {
  return !strcmp(a, "--version") || !strcmp(a, "-V");
}

/* The sub-command at argv[1] (and argv[2]); *used: words it takes. */
static cli_sub which_sub(int argc, char **argv, int *used) {
  *used = 0;
  if (argc < 2) return SUB_SOLVE;
  const char *w = argv[1], *v = argc > 2 ? argv[2] : "";
  static const struct {
    const char *first, *second;
    cli_sub sub;
  } words[] = {
      {"hunt", "gen", SUB_HUNT_GEN},       {"hunt", "replay", SUB_HUNT_REPLAY},
      {"hunt", "merge", SUB_HUNT_MERGE},   {"hunt", "report", SUB_HUNT_REPORT},
      {"bench", "report", SUB_BENCH_REPORT}, {"bench", "merge", SUB_BENCH_MERGE},
      {"bench", "run", SUB_BENCH},
  };
  for (size_t k = 0; k < sizeof words / sizeof *words; k++)
    if (!strcmp(w, words[k].first) && !strcmp(v, words[k].second)) {
      *used = 2;
      return words[k].sub;
    }
  for (int s = 0; s < SUB_COUNT; s++)
    if (!strchr(cli_subs[s].name, ' ') && !strcmp(w, cli_subs[s].name)) {
      *used = 1;
      return (cli_sub)s;
    }
  return SUB_SOLVE;
}

static void add_given(cli_args *a, const cli_option *o, const char *value) {
  a->given[a->ngiven].opt = o;
  a->given[a->ngiven++].value = value;
}

/* The short usage of a sub-command, for a bare one. */
static void short_usage(cli_sub sub) {
  fprintf(stderr, "usage: ferret %s %s\n  %s\n(ferret %s --help lists its options)\n",
          cli_subs[sub].name, cli_subs[sub].synopsis, cli_subs[sub].summary,
          cli_subs[sub].name);
}

/* --help or --version anywhere before "--": printed, true. */
static bool help_or_version(int argc, char **argv, cli_sub sub, int used) {
  for (int k = 1; k < argc && strcmp(argv[k], "--"); k++) {
    if (is_help(argv[k])) {
      if (used) cli_help(stdout, sub);
      else cli_help_all(stdout);
      return true;
    }
    if (is_version(argv[k])) {
      printf("ferret %s\n", ferret_version());
      return true;
    }
  }
  return false;
}

/* The row of option word arg (a long name, --no-NAME of an on/off option,
 * or a short letter) into *o, the value written into the word itself
 * (--name=V, -nV, -n=V) into *value, and the spelling for messages into
 * spelled.  0, or the usage error's exit code. */
static int lookup(cli_sub sub, const char *arg, const cli_option **o, const char **value,
                  bool *negated, char spelled[80]) {
  bool other;
  *value = NULL, *negated = false;
  if (arg[1] != '-') {
    *o = find_short(sub, arg[1], &other);
    snprintf(spelled, 80, "-%c", arg[1]);
    if (!*o && other)
      return cli_usage(sub, "%s does not apply to `ferret %s`", spelled, cli_subs[sub].name);
    if (!*o) return cli_usage(sub, "unknown option %s", spelled);
    if (arg[2]) *value = arg[2] == '=' ? arg + 3 : arg + 2; /* -n5, -n=5 */
    return 0;
  }
  const char *name = arg + 2, *eq = strchr(name, '=');
  size_t len = eq ? (size_t)(eq - name) : strlen(name);
  *o = find_long(sub, name, len, &other);
  if (!*o && !other && len > 3 && !strncmp(name, "no-", 3)) {
    const cli_option *p = find_long(sub, name + 3, len - 3, &other);
    if (p && kind_of(p).kind == CLI_FLAG) *o = p, *negated = true;
    else if (p)
      return cli_usage(sub, "--%.*s: --%s is not an on/off option", (int)len, name, p->name);
  }
  snprintf(spelled, 80, "--%.*s", (int)(len < 60 ? len : 60), name);
  if (!*o) {
    const char *meant = hint(sub, name, len);
    if (other)
      return cli_usage(sub, "%s does not apply to `ferret %s`%s%s%s", spelled,
                       cli_subs[sub].name, meant ? " (did you mean " : "", meant ? meant : "",
                       meant ? "?)" : "");
    return cli_usage(sub, "unknown option %s", spelled);
  }
  if (eq) *value = eq + 1;
  return 0;
}

/* The value of option o at argv[*i] into *value: an on/off option's
 * (written in the word, a following 0/1/true/false, or 1; 0 when
 * negated), else the word's own or the next word (*i moves past it).
 * 0, or the usage error's exit code. */
static int take_value(cli_sub sub, const cli_option *o, bool negated, const char *spelled,
                      int argc, char **argv, int *i, const char **value) {
  kind_info k = kind_of(o);
  if (k.kind == CLI_FLAG) {
    if (negated && *value) return cli_usage(sub, "%s takes no value", spelled);
    const char *next = *i + 1 < argc ? argv[*i + 1] : NULL;
    if (!*value && !negated && next &&
        (!strcmp(next, "0") || !strcmp(next, "1") || !strcmp(next, "true") ||
         !strcmp(next, "false")))
      *value = argv[++*i]; /* --stats 1, as for any option */
    if (!*value) *value = negated ? "0" : "1";
    if (!strcmp(*value, "true")) *value = "1";
    if (!strcmp(*value, "false")) *value = "0";
  } else if (!*value) {
    if (*i + 1 >= argc)
      return cli_usage(sub, "%s needs a value (%s)", spelled,
                       o->arg ? o->arg : k.choices ? k.choices : "a number");
    *value = argv[++*i];
  }
  return 0;
}

/* The number of positional arguments sub takes.  0, or the usage error's
 * exit code. */
static int check_positionals(const cli_args *a) {
  cli_sub sub = a->sub;
  const cli_sub_info *si = &cli_subs[sub];
  if (a->npos < si->minpos)
    return cli_usage(sub, "no %s%s", si->posname,
                     strstr(si->synopsis, "|-") ? " (use '-' for stdin)" : "");
  if (si->maxpos && a->npos > si->maxpos)
    return cli_usage(sub, "unexpected argument '%s': one %s only", a->pos[si->maxpos],
                     si->posname);
  if (!si->minpos && !si->maxpos && a->npos)
    return cli_usage(sub, "unexpected argument '%s'", a->pos[0]);
  return 0;
}

int cli_parse(int argc, char **argv, cli_args *a, bool *done) {
  memset(a, 0, sizeof *a);
  int used;
  cli_sub sub = which_sub(argc, argv, &used);
  a->sub = sub;
  *done = help_or_version(argc, argv, sub, used);
  if (*done) return 0;
  if (argc <= 1 + used) {
    if (used) short_usage(sub);
    else
      fprintf(stderr, "usage: ferret [SUB-COMMAND] [OPTIONS] FILE|-\n"
                      "(ferret --help lists the sub-commands and their options)\n");
    return 2;
  }
  a->given = malloc((size_t)argc * sizeof *a->given);
  a->pos = malloc((size_t)argc * sizeof *a->pos);
  if (!a->given || !a->pos) {
    cli_args_free(a);
    fprintf(stderr, "ferret: out of memory\n");
    return 1;
  }
  bool options_done = false;
  int rc = 0;
  for (int i = 1 + used; !rc && i < argc; i++) {
    const char *arg = argv[i];
    if (options_done || arg[0] != '-' || !arg[1]) { /* "-" is stdin */
      a->pos[a->npos++] = arg;
      continue;
    }
    if (!strcmp(arg, "--")) {
      options_done = true;
      continue;
    }
    const cli_option *o;
    const char *value;
    bool negated;
    char spelled[80];
    rc = lookup(sub, arg, &o, &value, &negated, spelled);
    if (!rc) rc = take_value(sub, o, negated, spelled, argc, argv, &i, &value);
    if (!rc) rc = check_value(sub, o, spelled, value);
    if (!rc) add_given(a, o, value);
  }
  if (!rc) rc = check_positionals(a);
  if (rc) cli_args_free(a);
  return rc;
}

void cli_args_free(cli_args *a) {
  free(a->given);
  free(a->pos);
  a->given = NULL, a->pos = NULL;
  a->ngiven = a->npos = 0;
}

/* ------------------------------------------------------------- access */

static const cli_given *last(const cli_args *a, const char *name) {
  for (size_t g = a->ngiven; g-- > 0;)
    if (!strcmp(a->given[g].opt->name, name)) return &a->given[g];
  return NULL;
}

const char *cli_value(const cli_args *a, const char *name) {
  const cli_given *g = last(a, name);
  return g ? g->value : NULL;
}

bool cli_flag(const cli_args *a, const char *name) {
  const char *v = cli_value(a, name);
  return v && !strcmp(v, "1");
}

int64_t cli_int(const cli_args *a, const char *name, int64_t def) {
  const char *v = cli_value(a, name);
  return v ? strtoll(v, NULL, 10) : def;
}

double cli_time(const cli_args *a, const char *name, double def) {
  const char *v = cli_value(a, name);
  return v ? strtod(v, NULL) : def;
}

size_t cli_values(const cli_args *a, const char *name, const char **out) {
  size_t n = 0;
  for (size_t g = 0; g < a->ngiven; g++)
    if (!strcmp(a->given[g].opt->name, name)) out[n++] = a->given[g].value;
  return n;
}

int cli_apply(const cli_args *a, ferret *f) {
  for (size_t g = 0; g < a->ngiven; g++) {
    const cli_option *o = a->given[g].opt;
    const char *v = a->given[g].value;
    char ms[32];
    if (!strcmp(o->name, "timeout") && (a->sub == SUB_SOLVE || a->sub == SUB_SAMPLE ||
                                        a->sub == SUB_CONCOLIC)) {
      /* whole seconds as option timeout, else milliseconds (a positive
       * time never becomes 0, which means none) */
      double t = strtod(v, NULL);
      if (t == floor(t)) {
        if (ferret_set_option(f, "timeout", v) != FERRET_OK ||
            ferret_set_option(f, "timeout_ms", "0") != FERRET_OK)
          return cli_usage(a->sub, "--timeout: %s", ferret_error(f)->message);
        continue;
      }
      double m = ceil(t * 1000);
      snprintf(ms, sizeof ms, "%.0f", m < 1 ? 1 : m);
      if (ferret_set_option(f, "timeout_ms", ms) != FERRET_OK)
        return cli_usage(a->sub, "--timeout: %s", ferret_error(f)->message);
      continue;
    }
    if (o->kind != CLI_LIB) continue;
    if (!strcmp(o->lib, "timeout_ms") && strcmp(v, "0") &&
        ferret_set_option(f, "timeout", "0") != FERRET_OK)
      return cli_usage(a->sub, "--timeout-ms: %s", ferret_error(f)->message);
    if (ferret_set_option(f, o->lib, v) != FERRET_OK)
      return cli_usage(a->sub, "--%s: %s", o->name, ferret_error(f)->message);
  }
  return 0;
}

/* ------------------------------------------------------------- help */

void cli_default_text(const cli_option *o, char *buf, size_t size) {
  *buf = 0;
  if (o->kind != CLI_LIB) return;
  ferret_option_desc d;
  if (!cli_lib_desc(o->lib, &d)) return;
  if (d.values) {
    const char *v = d.values;
    for (int64_t k = 0; *v && k < d.default_value; v++)
      if (*v == '|') k++;
    int n = (int)strcspn(v, "|");
    snprintf(buf, size, "one of %s; default %.*s", d.values, n, v);
  } else if (d.min == 0 && d.max == 1) {
    snprintf(buf, size, "default %s", d.default_value ? "on" : "off");
  } else {
    snprintf(buf, size, "default %lld, range %lld..%lld", (long long)d.default_value,
             (long long)d.min, (long long)d.max);
  }
}

const char *cli_option_help(const cli_option *o) {
  ferret_option_desc d;
  return o->help ? o->help : cli_lib_desc(o->lib, &d) ? d.description : "";
}

/* Write text wrapped at 78 columns, every line indented by `indent`. */
static void wrap(FILE *out, const char *text, int indent, int first_col) {
  int col = first_col;
  while (*text) {
    size_t n = strcspn(text, " ");
    if (col > indent && col + 1 + (int)n > 78) {
      fprintf(out, "\n%*s", indent, "");
      col = indent;
    } else if (col > indent) {
      fputc(' ', out);
      col++;
    } else if (col < indent) {
      fprintf(out, "%*s", indent - col, "");
      col = indent;
    }
    fwrite(text, 1, n, out);
    col += (int)n;
    text += n;
    while (*text == ' ') text++;
  }
  fputc('\n', out);
}

/* "--name ARG" / "-n, --name ARG" of a row. */
void cli_option_head(const cli_option *o, char *buf, size_t size) {
  kind_info k = kind_of(o);
  char name[64];
  snprintf(name, sizeof name, "%s", o->name);
  for (char *c = name; *c; c++)
    if (*c == '_') *c = '-';
  const char *arg = k.kind == CLI_FLAG ? NULL : o->arg ? o->arg : k.kind == CLI_CHOICE ? "V" : "N";
  size_t n = 0;
  if (o->shortname) n = (size_t)snprintf(buf, size, "-%c, ", o->shortname);
  snprintf(buf + n, size - n, "--%s%s%s", name, arg ? " " : "", arg ? arg : "");
}

void cli_help(FILE *out, cli_sub sub) {
  const cli_sub_info *s = &cli_subs[sub];
  fprintf(out, "usage: ferret %s %s\n\n", s->name, s->synopsis);
  wrap(out, s->text, 0, 0);
  fprintf(out, "\nOptions (--name VALUE or --name=VALUE; on/off options also --name and "
               "--no-name):\n");
  for (size_t j = 0; j < 2 * cli_noptions; j++) { /* its own first */
    const cli_option *o = &cli_options[j % cli_noptions];
    if (!(o->subs & (1u << sub)) || (j < cli_noptions) == (o->kind == CLI_LIB)) continue;
    char head[96], def[160], text[1024];
    cli_option_head(o, head, sizeof head);
    cli_default_text(o, def, sizeof def);
    const char *help = cli_option_help(o);
    snprintf(text, sizeof text, "%s%s%s%s", help, *def ? " (" : "", def, *def ? ")" : "");
    fprintf(out, "  %s", head);
    int col = 2 + (int)strlen(head);
    if (col >= 26) {
      fputc('\n', out);
      col = 0;
    }
    wrap(out, text, 26, col);
  }
  fprintf(out, "  %-24s%s\n", "-h, --help", "this help");
  fprintf(out, "\nExit codes:\n");
  for (const char *e = s->exits; *e;) {
    size_t n = strcspn(e, "\n");
    fprintf(out, "  %.*s\n", (int)n, e);
    e += n + (e[n] == '\n');
  }
}

void cli_help_all(FILE *out) {
  fprintf(out, "ferret %s: solve, sample and stress-test SMT-LIB2 floating-point and "
               "bit-vector\nconstraints by fuzzing\n\n"
               "usage: ferret [SUB-COMMAND] [OPTIONS] ARGUMENTS\n\nSub-commands:\n",
          ferret_version());
  for (int i = 0; i < SUB_COUNT; i++)
    fprintf(out, "  %-13s %s\n", cli_subs[i].name, cli_subs[i].summary);
  fprintf(out, "\n'ferret FILE' is 'ferret solve FILE'.  'ferret SUB-COMMAND --help' lists\n"
               "that sub-command's options and exit codes; 'man ferret' has them all.\n"
               "  %-24s%s\n  %-24s%s\n", "-h, --help", "this help", "-V, --version",
          "the version");
  fprintf(out, "\nExit codes of solve (the others: see their --help):\n");
  for (const char *e = cli_subs[SUB_SOLVE].exits; *e;) {
    size_t n = strcspn(e, "\n");
    fprintf(out, "  %.*s\n", (int)n, e);
    e += n + (e[n] == '\n');
  }
}

/* Writes the man page ferret(1) in roff to stdout, its OPTIONS section
 * generated from the library's option table (ferret_option_info), so the
 * page and `ferret --help` cannot drift apart.  Built and run by
 * `make build/ferret.1`; a client of the public API only. */
#include <stdio.h>
#include <string.h>

#include "ferret.h"

/* roff-escape: backslashes and leading dots/quotes. */
static void text(const char *s) {
  if (*s == '.' || *s == '\'') fputs("\\&", stdout);
  for (; *s; s++) {
    if (*s == '\\') fputs("\\e", stdout);
    else if (*s == '-') fputs("\\-", stdout);
    else putchar(*s);
  }
}

int main(void) {
  printf(".TH FERRET 1 \"\" \"ferret %s\" \"User Commands\"\n", ferret_version());
  puts(".SH NAME\nferret \\- solve SMT\\-LIB2 floating\\-point and bit\\-vector "
       "constraints by fuzzing");
  puts(".SH SYNOPSIS\n"
       ".B ferret\n[\\fBsolve\\fR] [\\fIOPTIONS\\fR] \\fIFILE\\fR|\\fB\\-\\fR\n.br\n"
       ".B ferret opt\n[\\fIOPTIONS\\fR] [\\fB\\-\\-intervals\\fR] \\fIFILE\\fR|\\fB\\-\\fR\n.br\n"
       ".B ferret smt2c\n[\\fB\\-\\-main\\fR] [\\fIOPTIONS\\fR] \\fIFILE\\fR|\\fB\\-\\fR\n.br\n"
       ".B ferret sample\n[\\fIOPTIONS\\fR] \\fIFILE\\fR [\\fB\\-n\\fR \\fICOUNT\\fR] "
       "[\\fB\\-t\\fR \\fISECONDS\\fR] [\\fB\\-o\\fR \\fIOUT\\fR]\n.br\n"
       ".B ferret coverage\n[\\fIOPTIONS\\fR] \\fIFILE\\fR \\fISAMPLES\\fR...\n.br\n"
       ".B ferret concolic\n\\fB\\-\\-input\\fR \\fISEED\\fR \\fB\\-\\-out\\fR \\fIDIR\\fR "
       "[\\fIOPTIONS\\fR] \\fIQUERIES\\fR\n.br\n"
       ".B ferret hunt\n[\\fBgen\\fR] [\\fIOPTIONS\\fR] \\fB\\-o\\fR \\fIDIR\\fR\n.br\n"
       ".B ferret\n\\fB\\-\\-help\\fR | \\fB\\-\\-version\\fR");
  puts(".SH DESCRIPTION\n"
       "ferret executes an SMT\\-LIB 2.6 script over floating point and "
       "bit\\-vectors (QF_FP, QF_BVFP, QF_BV).  A check\\-sat is answered "
       "\\fBsat\\fR only with a model validated on the original formula by an "
       "exact evaluator, \\fBunsat\\fR only when proved (preprocessing, interval "
       "propagation or exhaustive enumeration), otherwise \\fBunknown\\fR.  The "
       "search is a coverage\\-guided fuzzer over the formula compiled to a "
       "register program (the JFS approach).\n.PP\n"
       "\\fBopt\\fR prints the formula a script's last check\\-sat asks about, "
       "after preprocessing; \\fBsmt2c\\fR prints it as a self\\-contained C "
       "program (a libFuzzer target).\n.PP\n"
       "\\fBsample\\fR writes distinct satisfying assignments, each "
       "validated, as JSON lines, SMT\\-LIB or CSV (strategies naive, de, sm, "
       "sm+de of JFSampler); \\fBcoverage\\fR measures the SMT coverage of "
       "sample files.  \\fBconcolic\\fR answers a concolic executor's path "
       "queries (Fuzzy\\-SAT's convention: input bytes k!0, k!1, ...; each "
       "assertion (and b pi...)) by mutating the seed input, writing each new "
       "input to DIR/N.bin.  \\fBhunt\\fR generates and mutates FP scripts, "
       "guided by a bandit agent, to find wrong answers, crashes and errors in "
       "SMT solvers, each model checked by ferret's exact evaluator.  "
       "\\fBferret \\-\\-help\\fR lists each "
       "sub\\-command's own flags.");
  puts(".SH OPTIONS\n"
       "Options are written \\fB\\-\\-name=value\\fR or \\fB\\-\\-name value\\fR; "
       "on/off options also \\fB\\-\\-name\\fR and \\fB\\-\\-no\\-name\\fR.  "
       "\\(aq\\-\\(aq and \\(aq_\\(aq are interchangeable in names.  The same "
       "names are accepted by the C API (ferret_set_option) without the dashes.");
  ferret_option_desc o;
  for (int i = 0; ferret_option_info(i, &o); i++) {
    char flag[128];
    snprintf(flag, sizeof flag, "%s", o.name);
    for (char *c = flag; *c; c++)
      if (*c == '_') *c = '-';
    printf(".TP\n.B \\-\\-");
    text(flag);
    putchar('\n');
    text(o.description);
    if (o.values) {
      printf(" (one of ");
      text(o.values);
      printf("; default value %lld)", (long long)o.default_value);
    } else if (o.min == 0 && o.max == 1) {
      printf(" (default %s)", o.default_value ? "on" : "off");
    } else {
      printf(" (default %lld, range %lld..%lld)", (long long)o.default_value,
             (long long)o.min, (long long)o.max);
    }
    puts(".");
  }
  puts(".TP\n.B \\-\\-seed\\-file \\fIFILE\\fR\n"
       "Seed the search with the assignments in FILE: (define\\-fun x () S v) "
       "commands, e.g. a printed model.");
  puts(".SH EXIT STATUS\n.TP\n.B 10\nthe last check\\-sat answered sat\n"
       ".TP\n.B 20\nthe last check\\-sat answered unsat\n"
       ".TP\n.B 0\nthe last check\\-sat answered unknown, or there was no check\\-sat\n"
       ".TP\n.B 1\nan error in the input, or FILE could not be read\n"
       ".TP\n.B 2\nusage error");
  puts(".SH LIBRARY\nThe same solver is a C library: #include <ferret.h>, "
       "link with \\fBpkg\\-config \\-\\-cflags \\-\\-libs ferret\\fR.  "
       "Terms are built as integer ids: sorts with ferret_sort_bool, "
       "ferret_sort_bv, ferret_sort_fp, ferret_sort_rm, ferret_sort_array and "
       "ferret_sort_uninterpreted; variables and functions with "
       "ferret_mk_var and ferret_mk_fun; operators (select, store, constant "
       "arrays and function applications included) with ferret_mk_term.  "
       "ferret_assert and ferret_check_sat solve them; ferret_get_value "
       "reads a value as bits, ferret_get_value_string as SMT\\-LIB text "
       "(arrays and functions too).  The header documents every call.");
  puts(".SH SEE ALSO\nz3(1), cvc5(1)");
  return 0;
}

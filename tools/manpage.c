/* Writes the man page ferret(1) in roff to stdout from the command line's
 * tables (cli/args.c: every sub-command, its options, its exit codes) and
 * the library's option table, so the page and `ferret SUB --help` cannot
 * drift apart.  Built and run by `make build/ferret.1`. */
#include <stdio.h>
#include <string.h>

#include "args.h"
#include "ferret.h"

/* roff-escape: backslashes, dashes and leading dots/quotes. */
static void text(const char *s) {
  if (*s == '.' || *s == '\'') fputs("\\&", stdout);
  for (; *s; s++) {
    if (*s == '\\') fputs("\\e", stdout);
    else if (*s == '-') fputs("\\-", stdout);
    else if (*s == '\n' && (s[1] == '.' || s[1] == '\'')) fputs("\n\\&", stdout);
    else putchar(*s);
  }
}

static void option(const cli_option *o) {
  char head[96], def[160];
  cli_option_head(o, head, sizeof head);
  cli_default_text(o, def, sizeof def);
  fputs(".TP\n.B ", stdout);
  text(head);
  putchar('\n');
  text(cli_option_help(o));
  if (*def) {
    fputs(" (", stdout);
    text(def);
    putchar(')');
  }
  putchar('\n');
}

/* The sub-commands an option applies to, as text. */
static void applies(unsigned subs) {
  fputs("Read by: ", stdout);
  const char *sep = "";
  for (int s = 0; s < SUB_COUNT; s++)
    if (subs & (1u << s)) {
      printf("%s\\fB", sep);
      text(cli_subs[s].name);
      fputs("\\fR", stdout);
      sep = ", ";
    }
  puts(".");
}

int main(void) {
  printf(".TH FERRET 1 \"\" \"ferret %s\" \"User Commands\"\n", ferret_version());
  puts(".SH NAME\nferret \\- solve, sample and stress\\-test SMT\\-LIB2 "
       "floating\\-point and bit\\-vector constraints by fuzzing");
  puts(".SH SYNOPSIS");
  for (int s = 0; s < SUB_COUNT; s++) {
    printf(".B ferret %s\n", s == SUB_SOLVE ? "[solve]" : cli_subs[s].name);
    text(cli_subs[s].synopsis);
    puts("\n.br");
  }
  puts(".B ferret\n\\-\\-help | \\-\\-version");
  puts(".SH DESCRIPTION\n"
       "ferret answers SMT\\-LIB 2.6 queries over floating point and "
       "bit\\-vectors (and arrays and uninterpreted functions over them) by "
       "a coverage\\-guided search over the formula compiled to a register "
       "program, instead of bit\\-blasting.  Every sat answer carries a model "
       "validated by an exact evaluator; unsat is printed only when proved.  "
       "Each sub\\-command below reads only the options listed for it; any "
       "other option is refused with a one\\-line message (exit code 2).  "
       "Options are written \\fB\\-\\-name VALUE\\fR or "
       "\\fB\\-\\-name=VALUE\\fR; on/off options also \\fB\\-\\-name\\fR and "
       "\\fB\\-\\-no\\-name\\fR; \\(aq\\-\\(aq and \\(aq_\\(aq are "
       "interchangeable in names; times take decimals.");
  puts(".SH SUB-COMMANDS");
  for (int s = 0; s < SUB_COUNT; s++) {
    printf(".SS ferret %s\n", cli_subs[s].name);
    text(cli_subs[s].text);
    puts("\n.PP");
    int own = 0, shared = 0;
    for (size_t i = 0; i < cli_noptions; i++) {
      const cli_option *o = &cli_options[i];
      if (!(o->subs & (1u << s))) continue;
      if (o->kind == CLI_LIB) {
        shared++;
        continue;
      }
      if (!own++) puts("Options:");
      option(o);
    }
    if (shared) {
      puts(".PP\nAnd these options of the search (see \\fBSEARCH OPTIONS\\fR):");
      const char *sep = "";
      for (size_t i = 0; i < cli_noptions; i++) {
        const cli_option *o = &cli_options[i];
        if (!(o->subs & (1u << s)) || o->kind != CLI_LIB) continue;
        char head[96];
        cli_option_head(o, head, sizeof head);
        printf("%s\\fB", sep);
        text(head);
        fputs("\\fR", stdout);
        sep = ", ";
      }
      puts(".");
    }
    puts(".PP\nExit status:");
    for (const char *e = cli_subs[s].exits; *e;) {
      size_t n = strcspn(e, "\n");
      char line[256];
      snprintf(line, sizeof line, "%.*s", (int)n, e);
      const char *code = line;
      while (*code == ' ') code++;
      char *gap = strstr(code, "  ");
      if (gap) *gap = 0;
      printf(".TP\n.B %s\n", code);
      if (gap) {
        const char *rest = gap + 2;
        while (*rest == ' ') rest++;
        text(rest);
        putchar('\n');
      }
      e += n + (e[n] == '\n');
    }
  }
  puts(".SH SEARCH OPTIONS\nThe library's options (also settable through "
       "ferret_set_option in the C API, without the dashes; a script sets "
       "the seed and the timeout with (set\\-option :random\\-seed N) and "
       "(set\\-option :timeout MS)), with the sub\\-commands that read "
       "them.");
  for (size_t i = 0; i < cli_noptions; i++) {
    const cli_option *o = &cli_options[i];
    if (o->kind != CLI_LIB) continue;
    option(o);
    puts(".br");
    applies(o->subs);
  }
  puts(".SH SIGNALS\nSIGINT or SIGTERM stops a running check\\-sat (it answers "
       "unknown, reason interrupted) or a sample, concolic, hunt or bench run; "
       "a second signal exits at once.");
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

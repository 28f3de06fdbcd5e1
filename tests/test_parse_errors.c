/* The parse-error corpus: tests/parse-errors/NNN-name.smt2, each with
 * exactly one defect and a first line
 *
 *   ; expect: LINE:COL: message substring
 *
 * where LINE:COL (1-based, bytes; a tab is one column) is the start of the
 * defect, derived by hand.  Each file must produce exactly one
 * (error "...") on the SMT-LIB channel, carrying that position and the
 * substring, the same on the diagnostic channel, and no crash or leak
 * (the sanitizer build checks those). */
#include <dirent.h>
#include <stdlib.h>

#include "ferret.h"
#include "test.h"

static int by_name(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

static size_t count_of(const char *hay, const char *needle) {
  size_t n = 0;
  for (const char *p = hay; (p = strstr(p, needle)); p++) n++;
  return n;
}

/* Does `text` contain "L:C: " at its start or right after a ':'? */
static const char *find_position(const char *text, const char *pos) {
  size_t n = strlen(pos);
  for (const char *p = text; (p = strstr(p, pos)); p++)
    if (p == text || p[-1] == ':' || p[-1] == '"') return p + n;
  return NULL;
}

static void check_file(const char *dir, const char *name) {
  char path[8448];
  snprintf(path, sizeof path, "%s/%s", dir, name);
  size_t len;
  char *text = fer_test_read_file(path, &len);
  CHECK_MSG(text, "cannot read %s", path);
  if (!text) return;
  unsigned line = 0, col = 0;
  char msg[256] = "";
  int got = sscanf(text, "; expect: %u:%u: %255[^\n]", &line, &col, msg);
  CHECK_MSG(got == 3 && line && col, "%s: no '; expect: L:C: message' line", name);
  if (got != 3) {
    free(text);
    return;
  }
  fer_test_buf out = {0}, diag = {0};
  fer_test_buf_clear(&out);
  fer_test_buf_clear(&diag);
  ferret *f = ferret_new();
  ferret_set_output(f, fer_test_buf_add, &out);
  ferret_set_diagnostic(f, fer_test_buf_add, &diag);
  /* No parse_only: get-model and get-value must see that no check-sat
   * answered; no file asks for a solution, so nothing is solved. */
  int st = ferret_execute(f, name, text, len);
  const ferret_error_info *e = ferret_error(f);
  char pos[64];
  snprintf(pos, sizeof pos, "%u:%u: ", line, col);
  CHECK_MSG(st != FERRET_OK, "%s: accepted", name);
  size_t errors = count_of(out.data, "(error ");
  const char *first = strstr(out.data, "(error ");
  const char *after = first ? find_position(first, pos) : NULL;
  const char *eol = first ? strchr(first, '\n') : NULL;
  CHECK_MSG(errors == 1 && after && (!eol || after < eol) &&
                strstr(after, msg) && (!eol || strstr(after, msg) < eol),
            "%s: expected one (error \"...%s%s...\"), got %zu errors:\n%s", name,
            pos, msg, errors, out.data);
  const char *dafter = find_position(diag.data, pos);
  CHECK_MSG(dafter && strstr(dafter, msg), "%s: diagnostic lacks '%s%s': %s",
            name, pos, msg, diag.data);
  CHECK_MSG(e->line == line && e->column == col,
            "%s: ferret_error() says %u:%u, expected %u:%u", name, e->line,
            e->column, line, col);
  ferret_delete(f);
  free(out.data);
  free(diag.data);
  free(text);
}

TEST(parse_errors_corpus) {
  char dir[4096];
  snprintf(dir, sizeof dir, "%s/tests/parse-errors", fer_test_dir);
  DIR *d = opendir(dir);
  CHECK_MSG(d, "cannot open %s", dir);
  if (!d) return;
  char **names = NULL;
  size_t n = 0, cap = 0;
  for (struct dirent *de; (de = readdir(d));) {
    size_t l = strlen(de->d_name);
    if (l < 5 || strcmp(de->d_name + l - 5, ".smt2")) continue;
    if (n == cap) names = realloc(names, (cap = cap ? 2 * cap : 64) * sizeof *names);
    names[n++] = strdup(de->d_name);
  }
  closedir(d);
  qsort(names, n, sizeof *names, by_name);
  CHECK_MSG(n >= 60, "only %zu parse-error files", n);
  for (size_t i = 0; i < n; i++) {
    int before = fer_test_failures;
    check_file(dir, names[i]);
    if (fer_test_failures != before) fprintf(stderr, "  in %s\n", names[i]);
    free(names[i]);
  }
  free(names);
}

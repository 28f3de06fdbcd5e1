#include "base/options.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#define FER_OPTION_VALUES_OF(N, V) \
  static const char fer_values_##N[] = V;
FER_OPTION_VALUES(FER_OPTION_VALUES_OF)
#undef FER_OPTION_VALUES_OF

const fer_option_info fer_option_table[] = {
#define FER_OPTION_ROW(N, D, LO, HI, DESC) \
  {#N, D, LO, HI, DESC, offsetof(fer_options, N)},
    FER_OPTIONS(FER_OPTION_ROW)
#undef FER_OPTION_ROW
    {NULL, 0, 0, 0, NULL, 0}};

void fer_options_init(fer_options *o) {
#define FER_OPTION_INIT(N, D, LO, HI, DESC) o->N = D;
  FER_OPTIONS(FER_OPTION_INIT)
#undef FER_OPTION_INIT
}

/* Accepts both "max_memory" and "max-memory". */
const fer_option_info *fer_option_find(const char *name) {
  for (const fer_option_info *i = fer_option_table; i->name; i++) {
    const char *a = i->name, *b = name;
    while (*a && (*a == *b || (*a == '_' && *b == '-'))) a++, b++;
    if (!*a && !*b) return i;
  }
  return NULL;
}

const char *fer_option_value_names(const fer_option_info *o) {
#define FER_OPTION_VALUES_FIND(N, V) \
  if (!strcmp(o->name, #N)) return fer_values_##N;
  FER_OPTION_VALUES(FER_OPTION_VALUES_FIND)
#undef FER_OPTION_VALUES_FIND
  return NULL;
}

int fer_option_parse(const fer_option_info *o, const char *s, int64_t *v) {
  if (!strcmp(s, "true")) return *v = 1, 1;
  if (!strcmp(s, "false")) return *v = 0, 1;
  char *end;
  long long x = strtoll(s, &end, 10);
  if (end != s && !*end) return *v = x, 1;
  const char *names = fer_option_value_names(o);
  for (int64_t k = 0; names && *names; k++) {
    const char *b = s;
    while (*names && *names != '|' &&
           (*names == *b || (*names == '-' && *b == '_')))
      names++, b++;
    if (!*b && (!*names || *names == '|')) return *v = k, 1;
    while (*names && *names != '|') names++;
    if (*names) names++;
  }
  return 0;
}

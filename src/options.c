#include "options.h"

#include <stddef.h>
#include <string.h>

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

#include <string.h>

#include "model.h"

void fer_model_init(fer_model *m) { m->value = NULL, m->size = 0; }

int fer_model_reserve(ferret *f, fer_model *m) {
  uint32_t n = fer_var_count(f);
  if (n <= m->size) return 1;
  fer_term *v = fer_realloc(f, m->value, m->size * sizeof *v, n * sizeof *v);
  if (!v) return 0;
  memset(v + m->size, 0, (n - m->size) * sizeof *v);
  m->value = v, m->size = n;
  return 1;
}

void fer_model_release(ferret *f, fer_model *m) {
  fer_free(f, m->value, m->size * sizeof *m->value);
  fer_model_init(m);
}

/* A model: a value (a constant term) for each variable, by variable number
 * (see fer_var_count / fer_var_term).  value[i] == 0 means unassigned. */
#ifndef FER_MODEL_H
#define FER_MODEL_H

#include "internal.h"

typedef struct fer_model {
  fer_term *value; /* indexed by variable number; fer_malloc'ed */
  uint32_t size;
} fer_model;

void fer_model_init(fer_model *);
/* Make room for every variable that exists now (new entries 0). */
int fer_model_reserve(ferret *, fer_model *);
void fer_model_release(ferret *, fer_model *);

#endif

/* Outcomes (outcome.h): the reason texts, and the two mappings to them. */
#include <string.h>

#include "base/outcome.h"

const char *const fer_why_text[FER_WHY_COUNT] = {
    "",        "incomplete",  "memory",      "unsupported",
    "unspecified", "budget",  "timeout",     "interrupted",
    "portfolio",   "error",   "internal: model rejected",
    "internal: eliminated variable", "other"};

fer_why fer_why_of_status(ferret_status s) {
  return s == FERRET_ERROR_UNSUPPORTED ? FER_WHY_UNSUPPORTED : FER_WHY_MEMORY;
}

fer_why fer_why_of_text(const char *t) {
  if (!t || !*t) return FER_WHY_NONE;
  for (int w = 1; w < FER_WHY_OTHER; w++)
    if (!strcmp(t, fer_why_text[w])) return (fer_why)w;
  return FER_WHY_OTHER;
}

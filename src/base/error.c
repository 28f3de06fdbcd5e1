/* The error record of a context and API-misuse checks (context.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/context.h"

void fer_misuse(const ferret *f, const char *function, const char *message) {
  if (f && f->abort_hook) f->abort_hook(f->abort_user, function, message);
  fprintf(stderr, "ferret: API misuse in %s: %s\n", function, message);
  abort();
}

ferret_status fer_verror(ferret *f, ferret_status status, unsigned line,
                         unsigned column, const char *fmt, va_list ap) {
  char buf[1024];
  int n = vsnprintf(buf, sizeof buf, fmt, ap);
  if (n < 0) n = 0;
  if ((size_t)n >= sizeof buf) n = sizeof buf - 1;
  f->error.status = status;
  f->error.line = line;
  f->error.column = column;
  FER_CLEAR(f->error_text);
  if (FER_RESERVE(f, f->error_text, (size_t)n + 1)) {
    memcpy(f->error_text.data, buf, (size_t)n + 1);
    f->error_text.size = (size_t)n + 1;
    f->error.message = f->error_text.data;
  } else {
    f->error.message = "out of memory";
  }
  return status;
}

ferret_status fer_error(ferret *f, ferret_status status, unsigned line,
                        unsigned column, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fer_verror(f, status, line, column, fmt, ap);
  va_end(ap);
  return status;
}

void fer_error_clear(ferret *f) {
  f->error.status = FERRET_OK;
  f->error.line = f->error.column = 0;
  f->error.message = "";
}

/* The output channels of a context: SMT-LIB output and diagnostics, each a
 * host sink called between fer_host_enter and fer_host_leave (context.h). */
#include <stdio.h>

#include "base/context.h"

void fer_write(ferret *f, const char *text, size_t len) {
  if (!len) return;
  fer_host_enter(f); /* host code runs under the host's FP environment */
  f->out(f->out_user, text, len);
  fer_host_leave(f);
}

void fer_printf(ferret *f, const char *fmt, ...) {
  char buf[4096];
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  if (n < 0) return;
  if ((size_t)n < sizeof buf) {
    fer_write(f, buf, (size_t)n);
    return;
  }
  char *big = fer_malloc(f, (size_t)n + 1);
  if (!big) return;
  va_start(ap, fmt);
  vsnprintf(big, (size_t)n + 1, fmt, ap);
  va_end(ap);
  fer_write(f, big, (size_t)n);
  fer_free(f, big, (size_t)n + 1);
}

void fer_diag(ferret *f, const char *fmt, ...) {
  char buf[2048];
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  if (n < 0) return;
  if ((size_t)n >= sizeof buf) n = sizeof buf - 1;
  fer_host_enter(f); /* host code runs under the host's FP environment */
  f->diag(f->diag_user, buf, (size_t)n);
  fer_host_leave(f);
}

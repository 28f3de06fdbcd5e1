/* Placeholder: replaced by the printer's author. */
#include "print.h"
int fer_buf_add(ferret *f, fer_buf *b, const char *t, size_t n) { (void)f, (void)b, (void)t, (void)n; return 0; }
int fer_buf_printf(ferret *f, fer_buf *b, const char *fmt, ...) { (void)f, (void)b, (void)fmt; return 0; }
int fer_print_sort(ferret *f, fer_buf *b, fer_sort s) { (void)f, (void)b, (void)s; return 0; }
int fer_print_value(ferret *f, fer_buf *b, fer_term t) { (void)f, (void)b, (void)t; return 0; }
int fer_print_term(ferret *f, fer_buf *b, fer_term t) { (void)f, (void)b, (void)t; return 0; }
int fer_print_script(ferret *f, fer_buf *b, const char *l, const fer_term *a, size_t n) { (void)f, (void)b, (void)l, (void)a, (void)n; return 0; }

/* Benchmark driver for jq's JSON library (jv_parse.c, jv.c, jv_print.c and
   David Gay's strtod/dtoa in jv_dtoa.c): parses the JSON texts on stdin and
   prints each value back, so every number goes through jvp_strtod and
   jvp_dtoa_fmt. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "jv.h"

/* jv.c's one need from jq's util.c (the rest of which pulls in jq itself). */
const void *_jq_memmem(const void *haystack, size_t hlen, const void *needle, size_t nlen)
{
  return memmem(haystack, hlen, needle, nlen);
}

int main(void)
{
  static char buf[1 << 16];
  size_t n = fread(buf, 1, sizeof buf, stdin);
  jv_parser *p = jv_parser_new(0);
  jv_parser_set_buf(p, buf, (int)n, 0);
  for (;;) {
    jv v = jv_parser_next(p);
    if (!jv_is_valid(v)) {
      /* A parse error ends the text, as in jq (the parser would report
         the same error again and again). */
      if (jv_invalid_has_msg(jv_copy(v))) {
        jv msg = jv_invalid_get_msg(v);
        printf("error: %s\n", jv_string_value(msg));
        jv_free(msg);
      } else {
        jv_free(v);
      }
      break;
    }
    jv s = jv_dump_string(v, 0);
    printf("%s\n", jv_string_value(s));
    jv_free(s);
  }
  jv_parser_free(p);
  return 0;
}

/* Answers made unknown by a construct ferret does not support: one
 * warning per check-sat on the diagnostic sink naming the construct (its
 * variable and sort), and (get-info :reason-unknown) saying the same; a
 * supported neighbour of each gets no warning. */
#include <stdlib.h>
#include <string.h>

#include "ferret.h"
#include "test.h"

typedef struct two {
  fer_test_buf out, diag;
} two;

static ferret *open_two(two *t) {
  memset(t, 0, sizeof *t);
  fer_test_buf_add(&t->out, "", 0);
  fer_test_buf_add(&t->diag, "", 0);
  ferret *f = ferret_new();
  ferret_set_output(f, fer_test_buf_add, &t->out);
  ferret_set_diagnostic(f, fer_test_buf_add, &t->diag);
  return f;
}

static void close_two(ferret *f, two *t) {
  ferret_delete(f);
  free(t->out.data);
  free(t->diag.data);
}

static size_t count(const char *hay, const char *needle) {
  size_t n = 0;
  for (const char *p = hay; (p = strstr(p, needle)); p += strlen(needle)) n++;
  return n;
}

/* script: a declaration and an assertion; twice check-sat, then the
 * reason.  The warnings and the reason must name `what`. */
static void named(const char *script, const char *what) {
  two t;
  ferret *f = open_two(&t);
  char text[1024];
  snprintf(text, sizeof text,
           "%s(check-sat)(check-sat)(get-info :reason-unknown)", script);
  CHECK(ferret_execute(f, "t", text, strlen(text)) == FERRET_OK);
  fer_test_buf_add(&t.out, "", 1);
  fer_test_buf_add(&t.diag, "", 1);
  CHECK_MSG(!strncmp(t.out.data, "unknown\nunknown\n(:reason-unknown \"unsupported: ", 47),
            "%s", t.out.data);
  CHECK_MSG(strstr(t.out.data, what) != NULL, "reason without %s: %s", what, t.out.data);
  CHECK_MSG(count(t.diag.data, "warning") == 2 && count(t.diag.data, what) == 2,
            "want one warning naming %s per check-sat: %s", what, t.diag.data);
  close_two(f, &t);
}

static void quiet_sat(const char *script) {
  two t;
  ferret *f = open_two(&t);
  CHECK(ferret_execute(f, "t", script, strlen(script)) == FERRET_OK);
  fer_test_buf_add(&t.out, "", 1);
  fer_test_buf_add(&t.diag, "", 1);
  CHECK_MSG(!strcmp(t.out.data, "sat\n") && !strstr(t.diag.data, "warning"), "%s / %s",
            t.out.data, t.diag.data);
  close_two(f, &t);
}

TEST(unsupported_width_and_format_named) {
  /* bit-vectors: any width in the evaluator, up to 8192 bits in the search */
  named("(declare-const x (_ BitVec 9000))(assert (bvugt x (_ bv5 9000)))",
        "of at most 8192 bits");
  named("(declare-const y (_ FloatingPoint 40 100))(assert (fp.isNormal y))",
        "'y' of sort (_ FloatingPoint 40 100)");
  /* eb > 30 within 128 bits, and a wide term over narrow variables */
  named("(declare-const z (_ FloatingPoint 31 20))(assert (fp.isNormal z))",
        "'z' of sort (_ FloatingPoint 31 20)");
  /* the widest supported neighbours: sat, no warning */
  quiet_sat("(declare-const a (_ BitVec 100))(declare-const b (_ BitVec 100))"
            "(assert (= ((_ extract 199 190) (concat a b)) #b0000000001))(check-sat)");
  quiet_sat("(declare-const x (_ BitVec 256))(assert (bvugt x (_ bv5 256)))(check-sat)");
  quiet_sat("(declare-const x (_ BitVec 8192))(assert (bvugt x (bvshl (_ bv5 8192) (_ bv8000 8192))))"
            "(check-sat)");
  quiet_sat("(declare-const x (_ BitVec 128))(assert (bvugt x (_ bv5 128)))(check-sat)");
  quiet_sat("(declare-const y Float128)(assert (fp.isNormal y))(check-sat)");
}

static int keep_none(void *user, const ferret_sample_item *s) {
  (void)user, (void)s;
  return 0;
}

/* The sample job says it too. */
TEST(unsupported_named_by_sample) {
  two t;
  ferret *f = open_two(&t);
  const char *text = "(declare-const y (_ FloatingPoint 40 100))(assert (fp.isNormal y))"
                     "(check-sat)";
  CHECK(ferret_set_option(f, "parse_only", "1") == FERRET_OK);
  CHECK(ferret_execute(f, "t", text, strlen(text)) == FERRET_OK);
  ferret_sample_options o;
  ferret_sample_options_init(&o);
  o.count = 3;
  ferret_result r = FERRET_SAT;
  CHECK(ferret_sample(f, &o, keep_none, NULL, &r) == FERRET_OK);
  CHECK(r == FERRET_UNKNOWN);
  fer_test_buf_add(&t.diag, "", 1);
  CHECK_MSG(count(t.diag.data, "warning") == 1 &&
                strstr(t.diag.data, "'y' of sort (_ FloatingPoint 40 100)"),
            "%s", t.diag.data);
  close_two(f, &t);
}

/* The SMT-LIB session rules that z3 follows (src/api/smt_cmd.c,
 * fer_smt_note_failure): a command that fails without changing the
 * assertion stack leaves the later answers as they would be without it;
 * a failed assert, a failed push followed by a pop, an unreadable pop or
 * reset, or a command that ran into the next ones make check-sat answer
 * unknown.  Also overloaded declare-fun, get-value of a function and
 * (get-info :reason-unknown) after every answer.
 *
 * The expected answers follow from the formulas by hand (p and (not p)),
 * not from what the session printed before. */
#include <stdio.h>
#include <stdlib.h>

#include "ferret.h"
#include "test.h"

/* The lines of out that are not errors, and how many errors there were. */
static const char *answers(const char *out, int *errors) {
  static char buf[4096];
  size_t n = 0;
  *errors = 0;
  for (const char *p = out; *p;) {
    const char *e = strchr(p, '\n');
    size_t len = e ? (size_t)(e - p + 1) : strlen(p);
    if (!strncmp(p, "(error ", 7))
      ++*errors;
    else if (n + len < sizeof buf)
      memcpy(buf + n, p, len), n += len;
    p += len;
  }
  buf[n] = '\0';
  return buf;
}

/* Commands that fail and change nothing: between (assert p) and the two
 * check-sats, each leaves the answers sat and unsat. */
static const char *const harmless[] = {
    "(declare-const p Bool)",             /* duplicate declaration */
    "(declare-const p Float32)",          /* ... with another sort */
    "(declare-fun p () Bool)",            /* ... as a function */
    "(define-fun p () Bool false)",       /* duplicate definition */
    "(pop 1)",                            /* pop beyond the stack */
    "(push 1)(pop 2)",                    /* ... with a level open */
    "(set-option :print-success 3)",      /* bad option value */
    "(set-option :random-seed x)",
    "(set-option :produce-models)",
    "(get-value (p))",                    /* no model yet */
    "(get-model)",
    "(get-info 3)",
    "(get-option)",
    "(echo 3)",
    "foo",                                /* stray token */
    ")",                                  /* stray ')' */
    "#x0f",
    "(frobnicate 1 2)",                   /* unknown command */
    "()",
    "(set-logic QF_LIA)",                 /* unsupported logic */
    "(set-logic QF_BV)(set-logic QF_FP)", /* logic set twice */
    "(define-fun q () Bool (fp.isNaN #x0))", /* failed definition */
    "(define-fun r ((a Bool)) Bool (nosuch a))",
    "(declare-sort U 1)",
    "(declare-fun g (Foo) Bool)",         /* unknown sort */
    "(define-sort S () (_ BitVec 0))",
    "(check-sat-assuming (nosuch))",      /* bad assumption */
    "(check-sat-assuming (p) extra)",
    "(exit now)",                         /* malformed exit: no exit */
    "(push x)",                           /* failed push, no pop after */
    "(get-assertions 1)",
    "(declare-datatypes () ())",          /* unsupported commands */
    "(get-unsat-core)",
};

TEST(session_failed_command_leaves_answers) {
  for (size_t i = 0; i < sizeof harmless / sizeof *harmless; i++) {
    char text[512];
    snprintf(text, sizeof text,
             "(declare-const p Bool)(assert p)\n%s\n"
             "(check-sat)(assert (not p))(check-sat)",
             harmless[i]);
    fer_test_run r = fer_test_smt(text);
    int errors;
    const char *a = answers(r.out, &errors);
    CHECK_MSG(!strcmp(a, "sat\nunsat\n") && errors >= 1,
              "after '%s': answers '%s' with %d errors (%s)", harmless[i], a,
              errors, r.out);
  }
}

/* Failures that lose part of the input: sat (and for the stack itself,
 * unsat too) is in doubt, and says why. */
TEST(session_lost_input_answers_unknown) {
  static const struct {
    const char *fail, *want;
  } lost[] = {
      /* a failed assert: sat in doubt, unsat still a proof */
      {"(assert (nosuch))", "unknown\nunsat\n"},
      {"(assert (and p (nosuch))) (check-sat)", "unknown\nunknown\nunsat\n"},
      /* a command word without its '(' */
      {"assert (not p)", "unknown\nunsat\n"},
      /* failed push: the pop after it removes the wrong levels */
      {"(push x)(push 1)(pop 1)", "unknown\nunknown\n"},
      /* an unreadable pop, a failed reset */
      {"(push 1)(pop x)", "unknown\nunknown\n"},
      {"(pop 1 2)", "unknown\nunknown\n"},
      {"pop", "unknown\nunknown\n"},
      {"(reset-assertions 1)", "unknown\nunknown\n"},
      {"(reset x)", "unknown\nunknown\n"},
      /* a command that ran into the next one: that one is lost */
      {"(declare-const q Bool (assert (not p)))", "unknown\nunknown\n"},
      {"((push 1))", "unknown\nunknown\n"},
  };
  for (size_t i = 0; i < sizeof lost / sizeof *lost; i++) {
    char text[512];
    snprintf(text, sizeof text,
             "(declare-const p Bool)(assert p)\n%s\n"
             "(check-sat)(assert (not p))(check-sat)",
             lost[i].fail);
    fer_test_run r = fer_test_smt(text);
    int errors;
    const char *a = answers(r.out, &errors);
    CHECK_MSG(!strcmp(a, lost[i].want) && errors >= 1,
              "after '%s': answers '%s', want '%s' (%s)", lost[i].fail, a,
              lost[i].want, r.out);
  }
  /* (reset) forgets what was lost */
  fer_test_run r = fer_test_smt("(pop x)(reset)(declare-const p Bool)"
                                "(assert p)(check-sat)");
  CHECK(strstr(r.out, "\nsat\n") != NULL);
}

/* A failed assert inside a scope: unknown while the scope is open, definite
 * answers again once it is popped. */
TEST(session_failed_assert_cleared_by_pop) {
  fer_test_run r = fer_test_smt(
      "(declare-const x Float32)(push 1)(push 1)(assert (fp.isNaN y))"
      "(check-sat)(pop 1)(check-sat)(pop 1)(assert (fp.isNaN x))(check-sat)"
      "(assert (not (fp.isNaN x)))(check-sat)");
  int errors;
  CHECK_STR(answers(r.out, &errors), "unknown\nsat\nsat\nunsat\n");
  CHECK(errors == 1);
  /* the reason names the cause */
  r = fer_test_smt("(declare-const p Bool)(assert (q))(check-sat)"
                   "(get-info :reason-unknown)");
  CHECK(strstr(r.out, "unknown\n(:reason-unknown \"incomplete: an earlier "
                      "command failed") != NULL);
  /* at the outer level, pops do not clear it */
  r = fer_test_smt("(declare-const x Float32)(assert (fp.isNaN y))(push 1)"
                   "(pop 1)(check-sat)");
  CHECK_STR(answers(r.out, &errors), "unknown\n");
}

/* (get-info :reason-unknown) answers after any check-sat. */
TEST(session_reason_unknown_always) {
  fer_test_run r = fer_test_smt(
      "(get-info :reason-unknown)(declare-const p Bool)(assert p)(check-sat)"
      "(get-info :reason-unknown)(assert (not p))(check-sat)"
      "(get-info :reason-unknown)(reset)(get-info :reason-unknown)");
  CHECK_STR(r.out, "(:reason-unknown \"no check-sat was answered\")\n"
                   "sat\n(:reason-unknown \"\")\n"
                   "unsat\n(:reason-unknown \"\")\n"
                   "(:reason-unknown \"no check-sat was answered\")\n");
  CHECK(r.status == FERRET_OK);
}

/* declare-fun overloaded by argument sorts: each application takes the
 * declaration its argument sorts select. */
TEST(session_overloaded_declare_fun) {
  fer_test_run r = fer_test_smt(
      "(set-option :produce-models true)"
      "(declare-fun f (Float32) Float32)(declare-fun f ((_ BitVec 8)) Bool)"
      "(declare-const f Bool)"
      "(assert (f #x01))(assert (not (f #x02)))"
      "(assert (fp.isNaN (f (_ +zero 8 24))))(assert (not f))(check-sat)"
      "(get-value ((f #x01) (f #x02) f (f (_ +zero 8 24))))");
  CHECK_STR(r.out, "sat\n(((f #x01) true)\n ((f #x02) false)\n (f false)\n"
                   " ((f (_ +zero 8 24)) (_ NaN 8 24)))\n");
  CHECK(r.status == FERRET_OK);
  /* the model defines each */
  r = fer_test_smt(
      "(declare-fun f (Float32) Float32)(declare-fun f ((_ BitVec 8)) Bool)"
      "(assert (f #x01))(check-sat)(get-model)");
  CHECK(strstr(r.out, "(define-fun f ((x!0 (_ FloatingPoint 8 24))) "
                      "(_ FloatingPoint 8 24) ") != NULL);
  CHECK(strstr(r.out, "(define-fun f ((x!0 (_ BitVec 8))) Bool ") != NULL);
  /* the same argument sorts again: an error, also with another range */
  r = fer_test_smt("(declare-fun f (Float32) Float32)\n"
                   "(declare-fun f (Float32) Bool)\n"
                   "(declare-const c Bool)(declare-fun c () Float32)");
  CHECK_STR(r.out, "(error \"test:2:14: 'f' is already declared with the "
                   "same argument sorts\")\n(error \"test:3:36: symbol 'c' is "
                   "already declared\")\n");
  /* no declaration fits: the sorts are named */
  r = fer_test_smt("(declare-fun f (Float32) Float32)(declare-fun f (Bool) Bool)\n"
                   "(assert (f #x0001))");
  CHECK_STR(r.out, "(error \"test:2:9: no declaration of 'f' takes arguments "
                   "of sorts ((_ BitVec 16))\")\n");
  /* a pop removes the overload declared in its scope */
  r = fer_test_smt("(declare-fun f (Float32) Float32)(push 1)"
                   "(declare-fun f (Bool) Bool)(assert (f true))(pop 1)\n"
                   "(assert (f true))");
  CHECK(strstr(r.out, "test:2:9: ill-sorted application of 'f'") != NULL);
  /* a defined name, a let or a built-in is not overloaded */
  r = fer_test_smt("(define-fun d ((a Bool)) Bool a)(declare-fun d (Float32) Bool)"
                   "(declare-fun true (Float32) Bool)");
  CHECK(strstr(r.out, "symbol 'd' is already declared") != NULL);
  CHECK(strstr(r.out, "cannot redefine the built-in symbol 'true'") != NULL);
  /* a let shadows every declaration of its name */
  r = fer_test_smt("(declare-fun f (Bool) Bool)(declare-const f Bool)"
                   "(declare-const x Bool)\n(assert (let ((f x)) (f true)))"
                   "(assert (let ((f x)) f))");
  CHECK_STR(r.out, "(error \"test:2:23: 'f' is a constant, not a function\")\n");
  /* get-value of an overloaded name alone is ambiguous, as in z3 */
  r = fer_test_smt("(declare-fun f (Float32) Float32)(declare-fun f (Bool) Bool)"
                   "(check-sat)(get-value (f))");
  CHECK(strstr(r.out, "'f' is declared with several signatures") != NULL);
}

/* get-value of a declared function: its table as a lambda. */
TEST(session_get_value_of_function) {
  fer_test_run r = fer_test_smt(
      "(declare-fun g ((_ BitVec 2)) (_ BitVec 2))"
      "(assert (= (g #b01) #b10))(assert (= (g #b10) #b01))"
      "(assert (= (g #b00) (g #b11)))(assert (= (g #b11) #b11))(check-sat)"
      "(get-value (g (g #b11)))");
  CHECK(!strncmp(r.out, "sat\n((g (lambda ((x!0 (_ BitVec 2))) ", 37));
  /* every argument maps to what the assertions say */
  CHECK(strstr(r.out, "(ite (= x!0 #b01) #b10") != NULL);
  CHECK(strstr(r.out, "(ite (= x!0 #b10) #b01") != NULL);
  CHECK(strstr(r.out, "(ite (= x!0 #b00) #b11") != NULL ||
        strstr(r.out, "#b11))))\n") != NULL);
  CHECK(strstr(r.out, "\n ((g #b11) #b11))\n") != NULL);
  /* two arguments: nested by argument */
  r = fer_test_smt("(declare-fun h (Bool Bool) Bool)(assert (h true false))"
                   "(assert (not (h false false)))(check-sat)(get-value (h))");
  CHECK(strstr(r.out, "((h (lambda ((x!0 Bool) (x!1 Bool)) (ite ") != NULL);
  /* a function defined with parameters: its body under the model */
  r = fer_test_smt("(declare-const c (_ BitVec 8))(declare-fun g ((_ BitVec 8)) Bool)"
                   "(define-fun d ((a (_ BitVec 8)) (p Bool)) (_ BitVec 8) "
                   "(ite (and p (g a)) (bvadd a c) c))"
                   "(assert (= c #x05))(assert (g #x01))(check-sat)"
                   "(get-value (d (d #x01 true)))");
  CHECK_STR(r.out, "sat\n((d (lambda ((_param_0 (_ BitVec 8)) (_param_1 Bool)) "
                   "(ite (and _param_1 (g _param_0)) (bvadd _param_0 #x05) #x05)))\n"
                   " ((d #x01 true) #x06))\n");
}

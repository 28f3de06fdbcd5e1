#!/usr/bin/env python3
# Regenerates tests/parse-errors/*.smt2: python3 tests/parse-errors/generate.py tests/parse-errors
# Generates tests/parse-errors/*.smt2.  Each entry: name, body lines, and the
# defect: (line index in body, marker substring, occurrence) -> line:col,
# plus a message substring.  Line 1 of each file is the expect comment.
import os, sys
out = sys.argv[1]
D8 = "(declare-fun x () (_ BitVec 8))"
D16 = "(declare-fun z () (_ BitVec 16))"
DA = "(declare-fun a () (_ FloatingPoint 8 24))"
DB = "(declare-fun b () (_ FloatingPoint 11 53))"
DP = "(declare-fun p () Bool)"
E = []
def e(name, body, line, marker, msg, occ=1, col_off=0):
    E.append((name, body, line, marker, msg, occ, col_off))

e("unbalanced-close", ["(set-logic QF_BV)", D8, "(assert (= x #x00)))"], 2, "))", "')'", col_off=2)
e("unclosed-paren", ["(set-logic QF_BV)", D8, "(assert (= x #x00)"], 3, None, "end of input")
e("bad-numeral", ["(declare-fun x () (_ BitVec 8a))"], 0, "8a", "numeral")
e("bad-binary-digit", [D8, "(assert (= x #b0120))"], 1, "#b0120", "binary")
e("bad-hex-digit", [D8, "(assert (= x #x1g))"], 1, "#x1g", "hexadecimal")
e("unterminated-string", ["(set-logic QF_BV)", '(set-info :source "no end', "(check-sat)"], 1, '"', "unterminated string")
e("unterminated-quoted-symbol", ["(declare-fun |abc () Bool)", "(assert true)"], 0, "|", "unterminated quoted symbol")
e("unknown-command", ["(set-logic QF_BV)", "(frobnicate x)"], 1, "frobnicate", "unknown command")
e("unknown-symbol", [D8, "(assert (= x y))"], 1, "y", "unknown")
e("ill-sorted-bvadd", [D8, D16, "(assert (= x (bvadd x z)))"], 2, "(bvadd", "bvadd")
e("ill-sorted-fp-add-formats", [DA, DB, "(assert (fp.isNaN (fp.add RNE a b)))"], 2, "(fp.add", "fp.add")
e("ill-sorted-fp-add-no-rm", [DA, "(assert (fp.isNaN (fp.add a a)))"], 1, "(fp.add", "fp.add")
e("ill-sorted-not", [D8, "(assert (not x))"], 1, "(not", "not")
e("ill-sorted-and", [D8, DP, "(assert (and p x))"], 2, "(and", "and")
e("ill-sorted-eq", [D8, DA, "(assert (= x a))"], 2, "(=", "'='")
e("ill-sorted-ite-condition", [D8, DA, "(assert (fp.isZero (ite x a a)))"], 2, "(ite", "ite")
e("ill-sorted-ite-branches", [D8, DA, DP, "(assert (= x (ite p x a)))"], 3, "(ite", "ite")
e("ill-sorted-concat", [D8, DP, "(assert (= (concat x p) #x0000))"], 2, "(concat", "concat")
e("ill-sorted-bvult", [D8, DA, "(assert (bvult x a))"], 2, "(bvult", "bvult")
e("ill-sorted-fp-lt", [D8, DA, "(assert (fp.lt a x))"], 2, "(fp.lt", "fp.lt")
e("ill-sorted-fp-isnan", [D8, "(assert (fp.isNaN x))"], 1, "(fp.isNaN", "fp.isNaN")
e("ill-sorted-fp-sqrt", [DA, "(assert (fp.isNaN (fp.sqrt a a)))"], 1, "(fp.sqrt", "fp.sqrt")
e("ill-sorted-fp-fma", [DA, DB, "(assert (fp.isNaN (fp.fma RNE a a b)))"], 2, "(fp.fma", "fp.fma")
e("ill-sorted-fp-constructor", [DA, "(assert (fp.eq a (fp #b01 #x80 #b00000000000000000000000)))"], 1, "(fp #", "'fp'")
e("ill-sorted-to-fp-width", [DA, "(assert (fp.eq a ((_ to_fp 8 24) #x0000)))"], 1, "((_ to_fp", "to_fp")
e("ill-sorted-fp-to-ubv", [D8, DA, "(assert (= x ((_ fp.to_ubv 8) a)))"], 2, "((_ fp.to_ubv", "fp.to_ubv")
e("ill-sorted-distinct", [D8, DA, "(assert (distinct x a))"], 2, "(distinct", "distinct")
e("ill-sorted-xor", [D8, DP, "(assert (xor p x))"], 2, "(xor", "xor")
e("ill-sorted-implies", [DA, DP, "(assert (=> a p))"], 2, "(=>", "=>")
e("ill-sorted-bvcomp", [D8, D16, "(assert (= (bvcomp x z) #b1))"], 2, "(bvcomp", "bvcomp")
e("ill-sorted-fp-min", [DA, DB, "(assert (fp.isNaN (fp.min a b)))"], 2, "(fp.min", "fp.min")
e("ill-sorted-to-fp-unsigned", [DA, "(assert (fp.eq a ((_ to_fp_unsigned 8 24) RNE a)))"], 1, "((_ to_fp_unsigned", "to_fp_unsigned")
e("ill-sorted-rounding-mode", [D8, DA, "(assert (fp.isNaN (fp.add x a a)))"], 2, "(fp.add", "fp.add")
e("wrong-arity-not", [DP, "(assert (not p p))"], 1, "(not", "not")
e("wrong-arity-bvneg", [D8, "(assert (= x (bvneg x x)))"], 1, "(bvneg", "bvneg")
e("wrong-arity-ite", [D8, DP, "(assert (= x (ite p x)))"], 2, "(ite", "ite")
e("extract-out-of-range", [D8, "(assert (= #b0 ((_ extract 8 8) x)))"], 1, "((_ extract", "extract")
e("extract-reversed", [D8, "(assert (= #b0000 ((_ extract 2 5) x)))"], 1, "((_ extract", "extract")
e("bitvec-width-zero", ["(declare-fun x () (_ BitVec 0))"], 0, "BitVec", "width must be at least 1")
e("floatingpoint-bad-eb", ["(declare-fun a () (_ FloatingPoint 1 24))"], 0, "FloatingPoint", "eb >= 2")
e("to-fp-wrong-arity", [DA, DB, "(assert (fp.eq a ((_ to_fp 8 24) RNE b a)))"], 2, "((_ to_fp", "to_fp")
e("extract-missing-index", [D8, "(assert (= #b0 ((_ extract 7) x)))"], 1, "7)", "expected an index", col_off=1)
e("index-not-numeral", [D8, "(assert (= x ((_ zero_extend p) x)))"], 1, "p)", "numeral")
e("undeclared-sort", ["(declare-fun x () Foo)"], 0, "Foo", "sort")
e("duplicate-declaration", [D8, "(declare-fun y () Bool)", "(declare-fun x () (_ BitVec 8))"], 2, "x", "already")
e("assert-non-bool", [D8, "(assert x)"], 1, "x", "Bool")
e("let-bad-binding", [DP, "(assert (let ((q)) q))"], 1, "(q)", "expected a term", col_off=2)
e("let-binding-not-a-list", [DP, "(assert (let (q p) q))"], 1, "q p", "let")
e("pop-too-many", ["(push 1)", DP, "(pop 2)"], 2, "2", "cannot pop")
e("get-model-without-check-sat", ["(set-option :produce-models true)", DP, "(get-model)"], 2, "(get-model", "model")
e("get-value-without-check-sat", ["(set-option :produce-models true)", DP, "(get-value (p))"], 2, "(get-value", "value")
e("define-fun-sort-mismatch", ["(define-fun f () Bool #x00)"], 0, "#x00", "sort")
e("bad-logic", ["(set-logic QF_FOO)"], 0, "QF_FOO", "logic")
e("unsupported-logic", ["(set-logic QF_LIA)"], 0, "QF_LIA", "unsupported")
e("array-sort", ["(declare-fun m () (Array (_ BitVec 8) (_ BitVec 8)))"], 0, "Array", "Array")
e("declare-fun-with-arguments", ["(declare-fun f ((_ BitVec 8)) (_ BitVec 8))"], 0, " f ", "uninterpreted function", col_off=1)
e("int-sort", ["(declare-fun n () Int)"], 0, "Int", "Int")
e("real-sort", ["(declare-fun r () Real)"], 0, "Real", "Real")
e("bad-keyword", ["(set-info : abc)"], 0, ":", "keyword")
e("missing-sort", ["(declare-fun x ())", "(assert true)"], 0, "))", "sort", col_off=1)
e("empty-application", [DP, "(assert (and p ()))"], 1, "()", "empty")
e("set-logic-twice", ["(set-logic QF_BV)", DP, "(set-logic QF_BV)"], 2, "QF_BV", "already set")
e("string-as-term", ['(assert "abc")'], 0, '"abc"', "string")
e("decimal-as-bitvec", [D8, "(assert (= x 1.5))"], 1, "(=", "'='")
e("unknown-indexed-operator", [D8, "(assert (= x ((_ frob 3) x)))"], 1, "frob", "frob")
e("define-fun-argument-sort", [D8, "(define-fun f ((c Bool)) Bool c)", "(assert (f x))"], 2, "(f", "f")
e("define-fun-arity", [DP, "(define-fun f ((c Bool)) Bool c)", "(assert (f p p))"], 2, "(f", "f")
e("named-twice", [DP, "(declare-fun q () Bool)", "(assert (! p :named n))", "(assert (! q :named n))"], 3, "n)", "n")
e("push-not-numeral", ["(push x)"], 0, "x", "numeral")
e("reset-forgets-declarations", [DP, "(reset)", "(assert p)"], 2, "p", "unknown")
e("pop-forgets-declarations", ["(push 1)", DP, "(pop 1)", "(assert p)"], 3, "p", "unknown")
e("let-scope-ends", [DP, "(assert (and (let ((c p)) c) c))"], 1, "c))", "unknown")
e("quantifier", ["(assert (forall ((i (_ BitVec 8))) (= i i)))"], 0, "forall", "unsupported")
e("fp-to-real", [DA, "(assert (= (fp.to_real a) 0.0))"], 1, "fp.to_real", "fp.to_real")
e("check-sat-with-argument", [DP, "(check-sat p)"], 1, "p)", "expected ')'")
e("set-option-bad-value", ["(set-option :produce-models maybe)"], 0, "maybe", "expected true or false")
e("tab-counts-one-column", [DP, "(assert\t(and\tp\tq))"], 1, "q", "unknown")
e("symbol-after-command", ["(declare-fun p () Bool) (assert p) (assert w)"], 0, "w", "unknown")
e("nested-error-position", [D8, DA, "(assert (and (= x x)", "             (fp.isNaN (fp.add RNE a", "                               x))))"], 3, "(fp.add", "fp.add")
e("bv-literal-bad-index", [D8, "(assert (= x (_ bv1 0)))"], 1, "bv1", "width must be at least 1")
e("declare-const-missing-sort", ["(declare-const c)"], 0, ")", "sort")
e("rounding-mode-unknown", [DA, "(assert (fp.isNaN (fp.add RNX a a)))"], 1, "RNX", "unknown")
e("fp-literal-as-bool", [DA, "(assert (fp #b0 #x00 #b00000000000000000000000))"], 1, "(fp", "Bool")
e("check-sat-assuming-non-bool", [D8, "(check-sat-assuming (x))"], 1, "x)", "Bool")

MSG = {
    "unbalanced-close": "got ')'", "unclosed-paren": "got end of input",
    "bad-numeral": "invalid numeral", "bad-binary-digit": "invalid binary literal",
    "bad-hex-digit": "invalid hexadecimal literal",
    "unknown-command": "unknown command 'frobnicate'", "unknown-symbol": "unknown symbol 'y'",
    "extract-out-of-range": "ill-sorted application of 'extract'",
    "extract-reversed": "ill-sorted application of 'extract'",
    "to-fp-wrong-arity": "ill-sorted application of 'to_fp'",
    "index-not-numeral": "expected an index", "undeclared-sort": "unknown sort 'Foo'",
    "duplicate-declaration": "symbol 'x' is already declared",
    "assert-non-bool": "assert expects a Bool term",
    "let-binding-not-a-list": "before a let binding",
    "get-model-without-check-sat": "get-model is only available",
    "get-value-without-check-sat": "get-value is only available",
    "define-fun-sort-mismatch": "the body of 'f' has sort (_ BitVec 8)",
    "bad-logic": "unknown logic name", "unsupported-logic": "unsupported logic 'QF_LIA'",
    "array-sort": "unsupported: sort 'Array'", "int-sort": "unsupported: sort 'Int'",
    "real-sort": "unsupported: sort 'Real'", "bad-keyword": "invalid keyword",
    "missing-sort": "expected a sort", "empty-application": "empty application",
    "string-as-term": "string literal", "decimal-as-bitvec": "a Real argument of '='",
    "unknown-indexed-operator": "unknown indexed identifier 'frob'",
    "define-fun-argument-sort": "ill-sorted application of 'f'",
    "define-fun-arity": "ill-sorted application of 'f'",
    "named-twice": "symbol 'n' is already declared", "push-not-numeral": "expected a level count",
    "reset-forgets-declarations": "unknown symbol 'p'",
    "pop-forgets-declarations": "unknown symbol 'p'", "let-scope-ends": "unknown symbol 'c'",
    "quantifier": "unsupported: 'forall'", "fp-to-real": "unsupported: 'fp.to_real'",
    "tab-counts-one-column": "unknown symbol 'q'", "symbol-after-command": "unknown symbol 'w'",
    "declare-const-missing-sort": "expected a sort", "rounding-mode-unknown": "unknown symbol 'RNX'",
    "fp-literal-as-bool": "assert expects a Bool term",
    "check-sat-assuming-non-bool": "an assumption must be a Bool term",
}
for k, (name, body, line, marker, msg, occ, off) in enumerate(E):
    if name.startswith(("ill-sorted", "wrong-arity")):
        msg = "ill-sorted application of '%s'" % msg.strip("'")
    E[k] = (name, body, line, marker, MSG.get(name, msg), occ, off)
os.makedirs(out, exist_ok=True)
for i, (name, body, line, marker, msg, occ, off) in enumerate(E, 1):
    if marker is None:  # at the end of input, after the last newline
        assert line == len(body)
        col = 1
    else:
        s = body[line]
        idx = -1
        for _ in range(occ):
            idx = s.index(marker, idx + 1)
        col = idx + 1 + off
    text = "; expect: %d:%d: %s\n" % (line + 2, col, msg) + "\n".join(body) + "\n"
    fn = os.path.join(out, "%03d-%s.smt2" % (i, name))
    with open(fn, "w", newline="") as fp:
        fp.write(text)
n = len(E)
# Files that need bytes a text list cannot hold.
def raw(name, data, line, col, msg):
    global n
    n += 1
    fn = os.path.join(out, "%03d-%s.smt2" % (n, name))
    with open(fn, "wb") as fp:
        fp.write(("; expect: %d:%d: %s\n" % (line, col, msg)).encode() + data)
raw("non-utf8-byte", b"(declare-fun p () Bool)\n(assert (and p \xff))\n", 3, 16, "non-ASCII")
raw("nul-byte", b"(declare-fun p () Bool)\n(assert (and p \x00p))\n", 3, 16, "unexpected character")
raw("crlf-line-endings", b"(declare-fun p () Bool)\r\n(assert (and p\r\n  w))\r\n", 4, 3, "unknown symbol 'w'")
raw("utf8-in-symbol", "(declare-fun p () Bool)\n(assert (and p \u00e9t\u00e9))\n".encode(), 3, 16, "non-ASCII")
# The reader's documented limit is FER_MAX_NESTING = 10000 open parentheses
# in a term: the 10001st "(not" (column 8 + 5 * 10000 + 1) is the defect.
raw("deep-nesting-limit", b"(declare-fun p () Bool)\n(assert " + b"(not " * 20000 + b"p" + b")" * 20000 + b")\n",
    3, 8 + 5 * 10000 + 1, "nesting too deep")
# Below the limit: positions stay exact at depth, and end of input is found.
raw("deep-unclosed", b"(declare-fun p () Bool)\n(assert " + b"(not " * 5000 + b"p\n", 4, 1, "end of input")
raw("deep-unknown-symbol", b"(declare-fun p () Bool)\n(assert " + b"(not " * 9000 + b"q" + b")" * 9000 + b")\n",
    3, 8 + 5 * 9000 + 1, "unknown symbol 'q'")
print(n, "files")

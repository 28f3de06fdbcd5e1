#!/bin/sh
# The SMTSampler baseline of `ferret sample` (issue 14; JFSampler paper,
# ICSE 2025, sections II-C and IV-B1).  SMTSampler (Dutra, Bachrach, Sen,
# ICCAD 2018; github.com/RafaelTupynamba/SMTSampler, commit 8186483) is not
# part of ferret: the user clones it, and this script patches that checkout
# in place and runs it.  Nothing of it is kept here.
#
#   bench/smtsampler.sh build PEER
#       patch and compile the checkout PEER (g++, Debian's libz3-dev; no
#       patched Z3).  Idempotent: an already patched file is left as it is.
#   bench/smtsampler.sh run PEER FILE SECONDS SEED OUT.csv
#       sample FILE for SECONDS (--smtbit, the paper's mode) with SEED; the
#       valid, distinct samples go to OUT.csv (ferret's CSV format, read by
#       `ferret coverage`); prints one line of tab-separated fields:
#       samples samples_per_sec execs_per_sec coverage end
#       (execs_per_sec is '-', coverage is ferret's total %, end says why
#       SMTSampler stopped: timeout, slow, no-solution, unsat, killed, ...).
#       Also, on stderr: lines written, invalid (by ferret), duplicates.
#   FERRET=build/ferret (the evaluator and the coverage tool).
#
# What the patch does (a Python script below, each edit anchored on the
# 8186483 text, so a different version fails loudly instead of silently):
#  - port to a stock Z3 (Debian 4.8.12): parse_file returns a vector (taken
#    as its conjunction), model conversion (--sat mode only, unused here)
#    is z3::goal's; parse_bv/bv_string and the coverage counters, which
#    the original takes from its patched Z3, are defined in
#    ferret-shim.cpp (written by this script; coverage is measured by
#    `ferret coverage` instead, the counters stay 0);
#  - the FP extension of the JFSampler paper: an FP variable is handled as
#    the bit-vector fp.to_ieee_bv(x) (Z3's mk_to_ieee_bv): random soft
#    constraints on its bits, one bit-flip constraint per bit of it, its
#    value written as those bits (hex, like a BV) so that the XOR/OR
#    combination applies unchanged; a written value is read back with
#    to_fp.  Only uninterpreted constants count as variables (FP numerals
#    and rounding-mode constants are 0-ary applications too).  NaN has no
#    single IEEE pattern in SMT-LIB: it is written as the quiet NaN
#    0 1..1 10..0;
#  - --seed N (the original seeds rand() with the time of day), and
#    --solver-timeout MS (the original fixes 5000 ms; the paper tuned it per
#    suite to about the budget, so run uses the budget);
#  - the variables in sample order are printed ("ferret-var NAME SORT"),
#    since a sample line is only values; a failed check of a solver model
#    ends through finish() so the samples written so far are kept.
# Everything SMTSampler writes has passed its own check (Z3 evaluates the formula
# on the assignment); run checks every distinct sample again with ferret
# (one push/assert/check-sat/pop per sample) and keeps only those ferret
# finds sat.  Distinct: by value, every NaN one value (as ferret sample
# counts them).
set -eu
: "${FERRET:=build/ferret}"
me=bench/smtsampler.sh

need_peer() {
  if [ ! -f "$1/smtsampler.cpp" ]; then
    echo "$me: no SMTSampler checkout at '$1' (smtsampler.cpp missing);" >&2
    echo "  git clone https://github.com/RafaelTupynamba/SMTSampler (commit 8186483)," >&2
    echo "  then $me build DIR" >&2
    exit 2
  fi
}

build() {
  need_peer "$1"
  python3 - "$1" <<'EOF'
import sys, os
peer = sys.argv[1]
src = os.path.join(peer, "smtsampler.cpp")
text = open(src).read()
MARK = "// ferret-bench patch"
if MARK in text:
    print("smtsampler.cpp already patched")
    sys.exit(0)

def edit(old, new, count=1):
    global text
    n = text.count(old)
    if n != count:
        sys.exit(f"patch: anchor found {n} times, expected {count}:\n{old}")
    text = text.replace(old, new)

edit("#include <fstream>\n",
     "#include <fstream>\n#include <sstream>\n" + MARK + " (bench/smtsampler.sh in ferret)\n"
     "static unsigned solver_timeout_ms = 5000;\nstatic bool have_seed = false;\n"
     "static unsigned seed_arg = 0;\n")
# FP value -> its IEEE bits as a BV numeral (NaN: the quiet NaN 0 1..1 10..0).
edit("class SMTSampler {\n",
     "static z3::expr ieee_bits(z3::expr const & e) {\n"
     "    z3::context & c = e.ctx();\n"
     "    if (Z3_fpa_is_numeral_nan(c, e)) {\n"
     "        unsigned eb = e.get_sort().fpa_ebits(), sb = e.get_sort().fpa_sbits();\n"
     "        z3::expr r = z3::concat(c.bv_val(0, 1), ~c.bv_val(0, eb));\n"
     "        r = z3::concat(r, c.bv_val(1, 1));\n"
     "        if (sb > 2) r = z3::concat(r, c.bv_val(0, sb - 2));\n"
     "        return r.simplify();\n"
     "    }\n"
     "    return e.mk_to_ieee_bv().simplify();\n"
     "}\n\nclass SMTSampler {\n")
edit('params.set("timeout", 5000u);', 'params.set("timeout", solver_timeout_ms);')
edit("srand(start_time.tv_sec);", "srand(have_seed ? seed_arg : start_time.tv_sec);")
# --sat mode only (not used here): model conversion moved to z3::goal
edit("res0->convert_model(", "converted_goal->convert_model(", 2)
edit("z3::expr formula = c.parse_file(input_file.c_str());",
     "z3::expr formula = z3::mk_and(c.parse_file(input_file.c_str()));")
# base solution: random soft value for an FP variable's IEEE bits
edit("""                case Z3_BOOL_SORT:
                    if (rand() % 2)
                        assert_soft(v());""",
"""                case Z3_FLOATING_POINT_SORT:
                {
                    int i = v.range().fpa_ebits() + v.range().fpa_sbits();
                    z3::sort bvs = c.bv_sort(i);
                    std::string n;
                    char num[10];
                    if (i % 4) {
                        snprintf(num, 10, "%x", rand() & ((1<<(i%4)) - 1));
                        n += num;
                        i -= (i % 4);
                    }
                    while (i) {
                        snprintf(num, 10, "%x", rand() & 15);
                        n += num;
                        i -= 4;
                    }
                    z3::expr exp(c, parse_bv(n.c_str(), bvs, c));
                    assert_soft(v().mk_to_ieee_bv() == exp);
                    break;
                }
                case Z3_BOOL_SORT:
                    if (rand() % 2)
                        assert_soft(v());""")
# variables: uninterpreted constants only; FP ones counted by their bits
edit("        if (e.is_const()) {\n",
     "        if (e.is_const() && fd.decl_kind() == Z3_OP_UNINTERPRETED) {\n")
edit("""                    case Z3_BOOL_SORT:
                        ++num_bools;""",
"""                    case Z3_FLOATING_POINT_SORT:
                        ++num_bv;
                        num_bits += fd.range().fpa_ebits() + fd.range().fpa_sbits();
                        break;
                    case Z3_BOOL_SORT:
                        ++num_bools;""")
edit("""        visit(smt_formula);
""", """        visit(smt_formula);
        for (z3::func_decl & fd : variables)
            std::cout << "ferret-var\\t" << fd.name().str() << '\\t' << fd.range() << '\\n';
""")
# a written value read back: FP from its IEEE bits
edit("""        case Z3_BOOL_SORT:
            return c.bool_val(atoi(n) == 1);""",
"""        case Z3_FLOATING_POINT_SORT:
        {
            z3::sort bvs = c.bv_sort(s.fpa_ebits() + s.fpa_sbits());
            z3::expr bits(c, parse_bv(n, bvs, c));
            return z3::expr(c, Z3_mk_fpa_to_fp_bv(c, bits, s)).simplify();
        }
        case Z3_BOOL_SORT:
            return c.bool_val(atoi(n) == 1);""")
# atomic mutations: one flip constraint per IEEE bit
edit("""    void add_constraints(z3::expr exp, z3::expr val, int count) {
        switch (val.get_sort().sort_kind()) {
""", """    void add_constraints(z3::expr exp, z3::expr val, int count) {
        switch (val.get_sort().sort_kind()) {
        case Z3_FLOATING_POINT_SORT:
            add_constraints(exp.mk_to_ieee_bv(), ieee_bits(val), count);
            break;
""")
# a sample written: an FP value as its IEEE bits in hex
edit("""                case Z3_BOOL_SORT:
\t\t{
                    if (!ast) {""", """                case Z3_FLOATING_POINT_SORT:
                {
                    unsigned w = v.range().fpa_ebits() + v.range().fpa_sbits();
                    if (!ast)
                        s += bv_string(c.bv_val(0, w), c) + '\\0';
                    else
                        s += bv_string(ieee_bits(m.eval(b, true)), c) + '\\0';
                    break;
                }
                case Z3_BOOL_SORT:
\t\t{
                    if (!ast) {""")
edit("""\t    std::cout << b << "\\n";
\t    exit(0);""", """\t    std::cout << b << "\\n";
\t    finish();""")
edit("""        else if (strcmp(argv[i], "--sat") == 0)
            strategy = STRAT_SAT;
""", """        else if (strcmp(argv[i], "--sat") == 0)
            strategy = STRAT_SAT;
        else if (strcmp(argv[i], "--seed") == 0 && i + 2 < argc) {
            have_seed = true;
            seed_arg = strtoul(argv[++i], NULL, 10);
        } else if (strcmp(argv[i], "--solver-timeout") == 0 && i + 2 < argc)
            solver_timeout_ms = strtoul(argv[++i], NULL, 10);
""")
open(src, "w").write(text)
print("smtsampler.cpp patched")
EOF
  cat > "$1/ferret-shim.cpp" <<'EOF'
// Written by ferret's bench/smtsampler.sh: what smtsampler.cpp takes from
// its patched Z3, for a stock libz3.  A BV value is a string of hex digits,
// most significant first, ceil(width/4) of them.  Coverage is not counted
// here (ferret coverage measures it), so the counters stay 0.
#include <z3.h>
#include <string>
#include <vector>
#include <cstring>
#include <memory>

int coverage_enable = 0, coverage_bool = 0, coverage_bv = 0;
int coverage_all_bool = 0, coverage_all_bv = 0;

Z3_ast parse_bv(char const * n, Z3_sort s, Z3_context ctx) {
    unsigned w = Z3_get_bv_sort_size(ctx, s);
    size_t len = std::strlen(n);
    std::unique_ptr<bool[]> bits(new bool[w]());  // bits[0]: least significant
    for (size_t k = 0; k < len; ++k) {
        char ch = n[len - 1 - k];
        unsigned d = ch >= 'a' ? ch - 'a' + 10 : ch - '0';
        for (unsigned b = 0; b < 4 && 4 * k + b < w; ++b)
            bits[4 * k + b] = (d >> b) & 1;
    }
    return Z3_mk_bv_numeral(ctx, w, bits.get());
}

std::string bv_string(Z3_ast ast, Z3_context ctx) {
    unsigned w = Z3_get_bv_sort_size(ctx, Z3_get_sort(ctx, ast));
    std::string bin = Z3_is_numeral_ast(ctx, ast) ? Z3_get_numeral_binary_string(ctx, ast) : "0";
    unsigned digits = (w + 3) / 4;
    if (bin.size() < 4 * digits) bin.insert(0, 4 * digits - bin.size(), '0');
    std::string s;
    for (size_t k = 0; k < bin.size(); k += 4) {
        unsigned d = 0;
        for (size_t b = 0; b < 4; ++b) d = d * 2 + (bin[k + b] == '1');
        s += "0123456789abcdef"[d];
    }
    return s;
}
EOF
  (cd "$1" && nice g++ -std=c++11 -O3 -o smtsampler smtsampler.cpp ferret-shim.cpp -lz3)
  echo "built $1/smtsampler"
}

run() {
  peer=$1 file=$2 secs=$3 seed=$4 out=$5
  need_peer "$peer"
  if [ ! -x "$peer/smtsampler" ]; then
    echo "$me: $peer/smtsampler not built: $me build $peer" >&2
    exit 2
  fi
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
  # SMTSampler writes FILE.samples beside its input: run it on a copy.
  cp "$file" "$tmp/f.smt2"
  # The budget is checked between solver calls and before every sample is
  # written, so nothing written is late; a call started just before the end
  # may run on for up to two solver timeouts: a hard stop well after that.
  rc=0
  timeout -s KILL $((secs * 3 + 10)) "$peer/smtsampler" --smtbit -n 2000000000 \
    -t "$secs" --seed "$seed" --solver-timeout $((secs * 1000)) "$tmp/f.smt2" \
    > "$tmp/log" 2>&1 || rc=$?
  [ -f "$tmp/f.smt2.samples" ] || : > "$tmp/f.smt2.samples"
  python3 - "$tmp" "$file" "$out" "$rc" <<'EOF'
import sys, re
tmp, file, out, rc = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
log = open(f"{tmp}/log", errors="replace").read()
vars_ = []  # (name, kind, a, b)
for line in log.splitlines():
    if line.startswith("ferret-var\t"):
        _, name, sort = line.split("\t", 2)
        m = re.match(r"\(_ BitVec (\d+)\)", sort)
        f = re.match(r"\(_ FloatingPoint (\d+) (\d+)\)", sort)
        if sort == "Bool":
            vars_.append((name, "bool", 1, 0))
        elif m:
            vars_.append((name, "bv", int(m.group(1)), 0))
        elif f:
            vars_.append((name, "fp", int(f.group(1)), int(f.group(2))))
        else:
            sys.exit(f"unexpected sort {sort} of {name}")
end = ("killed" if rc == 137 else "timeout" if "Stopping: timeout" in log else
       "slow" if "Stopping: slow" in log else
       "samples" if "Stopping: samples" in log else
       "check-failed" if "Solution check failed" in log else
       "unsat" if "Formula is unsat" in log or "No solutions" in log else
       "no-solution" if "could not solve" in log.lower() else f"rc{rc}")

def cell(v, x):
    name, kind, a, b = v
    if kind == "bool":
        return "true" if x == "1" else "false"
    w = a + b if kind == "fp" else a
    n = int(x, 16)
    return f"#x{n:0{w // 4}x}" if w % 4 == 0 else "#b" + format(n, f"0{w}b")

def key(v, x):
    name, kind, a, b = v
    if kind != "fp":
        return x
    n = int(x, 16)
    exp = (n >> (b - 1)) & ((1 << a) - 1)
    if exp == (1 << a) - 1 and n & ((1 << (b - 1)) - 1):
        return "nan"
    return x

lines = open(f"{tmp}/f.smt2.samples", "rb").read().split(b"\n")
rows, seen, dups, bad = [], set(), 0, 0
for ln in lines:
    if not ln:
        continue
    fields = ln.decode().split(": ", 1)[1].split("\0")
    if fields and fields[-1] == "":
        fields.pop()
    if len(fields) != len(vars_):
        bad += 1
        continue
    k = tuple(key(v, x) for v, x in zip(vars_, fields))
    if k in seen:
        dups += 1
        continue
    seen.add(k)
    rows.append([cell(v, x) for v, x in zip(vars_, fields)])
written = sum(1 for ln in lines if ln)

# ferret's check: the script's declarations and assertions, then per sample
# (push) (assert (= x v)) ... (check-sat) (pop)
src = open(file).read()
src = re.sub(r"\(\s*(check-sat|exit|get-model)\s*\)", "", src)
def term(v, c):
    name, kind, a, b = v
    return f"((_ to_fp {a} {b}) {c})" if kind == "fp" else c
with open(f"{tmp}/check.smt2", "w") as f:
    f.write(src + "\n")
    for r in rows:
        eqs = " ".join(f"(= |{v[0]}| {term(v, c)})" for v, c in zip(vars_, r))
        f.write(f"(push 1)\n(assert (and true {eqs}))\n(check-sat)\n(pop 1)\n")
open(f"{tmp}/rows", "w").write("\n".join(",".join(r) for r in rows) + ("\n" if rows else ""))
open(f"{tmp}/meta", "w").write(f"{end}\t{written}\t{dups}\t{bad}\n")
open(f"{tmp}/header", "w").write(",".join(
    '"' + v[0].replace('"', '""') + '"' if re.search(r'[,"\r\n]', v[0]) else v[0]
    for v in vars_) + "\n")
EOF
  IFS='	' read -r end written dups bad < "$tmp/meta"
  nrows=$(wc -l < "$tmp/rows")
  if [ "$nrows" -gt 0 ]; then
    "$FERRET" "$tmp/check.smt2" > "$tmp/answers" 2>/dev/null || true
  else
    : > "$tmp/answers"
  fi
  # keep the rows ferret found sat
  cp "$tmp/header" "$out"
  paste -d '\t' "$tmp/answers" "$tmp/rows" | awk -F'\t' '$1 == "sat" { print $2 }' >> "$out"
  valid=$(($(wc -l < "$out") - 1))
  invalid=$(grep -c -v '^sat$' "$tmp/answers" || true)
  cov=0
  [ "$valid" -gt 0 ] &&
    cov=$("$FERRET" coverage "$file" "$out" 2>/dev/null | sed -n 's/^total \([0-9.]*\)%/\1/p')
  echo "smtsampler: $file seed $seed: end $end, $written lines written, $dups duplicates," \
    "$bad malformed, $invalid not sat by ferret, $valid valid distinct" >&2
  printf '%s\t%s\t%s\t%s\t%s\n' "$valid" \
    "$(awk -v n="$valid" -v t="$secs" 'BEGIN { printf "%.4g", n / t }')" - "${cov:-0}" "$end"
}

case "${1:-}" in
build) [ $# -eq 2 ] || { echo "usage: $me build PEER" >&2; exit 2; }; build "$2" ;;
run) [ $# -eq 6 ] || { echo "usage: $me run PEER FILE SECONDS SEED OUT.csv" >&2; exit 2; }
  shift; run "$@" ;;
*) echo "usage: $me build PEER | run PEER FILE SECONDS SEED OUT.csv" >&2; exit 2 ;;
esac

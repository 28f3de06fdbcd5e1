/* The reader's lifetime and its built-in names: the table of unsupported
 * theories' names, and the registration of every operator, constant,
 * binder, sort and command name in a new reader's symbol table
 * (see parse.h). */
#include "smt/parse.h"

#include <string.h>

const fer_unsupported fer_unsupported_table[] = {
    {"fp.to_real", "real arithmetic", false},
    {"to_real", "real arithmetic", false},
    {"to_int", "integer arithmetic", false},
    {"is_int", "integer arithmetic", false},
    {"div", "integer arithmetic", false},
    {"mod", "integer arithmetic", false},
    {"abs", "integer arithmetic", false},
    {"<", "arithmetic", false},
    {"<=", "arithmetic", false},
    {">", "arithmetic", false},
    {">=", "arithmetic", false},
    {"bv2nat", "integer arithmetic", false},
    {"bv2int", "integer arithmetic", false},
    {"nat2bv", "integer arithmetic", false},
    {"int2bv", "integer arithmetic", false},
    {"ubv_to_int", "integer arithmetic", false},
    {"sbv_to_int", "integer arithmetic", false},
    {"int_to_bv", "integer arithmetic", false},
    {"forall", "quantifiers", false},
    {"exists", "quantifiers", false},
    {"match", "datatypes", false},
    {"lambda", "higher-order functions", false},
    {"par", "parametric declarations", false},
    {"char", "strings", false},
    {"divisible", "integer arithmetic", false},
    /* sorts (FER_SB_UNSUPPORTED) */
    {"Int", "integer arithmetic", true},
    {"Real", "real arithmetic", true},
    {"String", "strings", true},
    {"RegLan", "strings", true},
    {"Set", "sets", true},
    {"Bag", "bags", true},
    {"Seq", "sequences", true},
    {"Tuple", "datatypes", true},
    {"UnitTuple", "datatypes", true},
    {NULL, NULL, false}};

static fer_symbol *builtin(ferret *f, fer_reader *rd, const char *name) {
  uint32_t y = fer_sym_intern(f, rd, name, (uint32_t)strlen(name));
  return y ? fer_sym(rd, y) : NULL;
}

#define ADD(NAME, FIELD, VALUE, OPFIELD, OPVALUE)                  \
  do {                                                             \
    fer_symbol *y_ = builtin(f, rd, (NAME));                       \
    if (!y_) return 0;                                             \
    y_->FIELD = (uint8_t)(VALUE), y_->OPFIELD = (uint16_t)(OPVALUE); \
  } while (0)

/* The operators (by their SMT-LIB names), to_fp, the constants, the
 * binders and the few arithmetic names read inside to_fp. */
static int add_operators(ferret *f, fer_reader *rd) {
  for (int op = 0; op < FER_OP_COUNT; op++) {
    const fer_op_info *i = &fer_op_table[op];
    if (i->kind == FER_KIND_LEAF || op == FER_OP_CONST_ARRAY ||
        op == FER_OP_APPLY || op == FER_OP_TO_FP_BV ||
        op == FER_OP_TO_FP_FP || op == FER_OP_TO_FP_SBV ||
        op == FER_OP_TO_FP_REAL || op == FER_OP_TO_FP_UBV)
      continue;
    ADD(i->name, builtin, FER_BI_OP, op, op);
  }
  ADD("fp.to_ieee_bv", builtin, FER_BI_OP, op, FER_OP_FP_TO_IEEE_BV);
  ADD("to_fp", builtin, FER_BI_TO_FP, op, 0);
  ADD("to_fp_unsigned", builtin, FER_BI_TO_FP_UNSIGNED, op, 0);
  ADD("true", builtin, FER_BI_TRUE, op, 0);
  ADD("false", builtin, FER_BI_FALSE, op, 0);
  for (int i = 0; i < 5; i++) {
    ADD(fer_rm_long_names[i], builtin, FER_BI_RM, op, i);
    ADD(fer_rm_names[i], builtin, FER_BI_RM, op, i);
  }
  ADD("let", builtin, FER_BI_LET, op, 0);
  ADD("!", builtin, FER_BI_BANG, op, 0);
  ADD("_", builtin, FER_BI_UNDERSCORE, op, 0);
  ADD("as", builtin, FER_BI_AS, op, 0);
  ADD("+", builtin, FER_BI_ARITH, op, '+');
  ADD("-", builtin, FER_BI_ARITH, op, '-');
  ADD("*", builtin, FER_BI_ARITH, op, '*');
  ADD("/", builtin, FER_BI_ARITH, op, '/');
  static const char *const special[] = {"+zero", "-zero", "+oo", "-oo", "NaN"};
  for (int i = 0; i < 5; i++) ADD(special[i], builtin, FER_BI_FP_SPECIAL, op, i);
  return 1;
}

/* The names of unsupported theories (functions and sorts), then the sorts. */
static int add_sorts(ferret *f, fer_reader *rd) {
  for (int i = 0; fer_unsupported_table[i].name; i++) {
    if (!fer_unsupported_table[i].sort)
      ADD(fer_unsupported_table[i].name, builtin, FER_BI_UNSUPPORTED, op, i);
    else
      ADD(fer_unsupported_table[i].name, sort_builtin, FER_SB_UNSUPPORTED,
          sort_op, i);
  }
  ADD("Bool", sort_builtin, FER_SB_BOOL, sort_op, 0);
  ADD("BitVec", sort_builtin, FER_SB_BITVEC, sort_op, 0);
  ADD("FloatingPoint", sort_builtin, FER_SB_FLOATINGPOINT, sort_op, 0);
  ADD("RoundingMode", sort_builtin, FER_SB_ROUNDINGMODE, sort_op, 0);
  ADD("Float16", sort_builtin, FER_SB_FLOAT16, sort_op, 0);
  ADD("Float32", sort_builtin, FER_SB_FLOAT32, sort_op, 0);
  ADD("Float64", sort_builtin, FER_SB_FLOAT64, sort_op, 0);
  ADD("Float128", sort_builtin, FER_SB_FLOAT128, sort_op, 0);
  ADD("Array", sort_builtin, FER_SB_ARRAY, sort_op, 0);
  return 1;
}

/* The command names. */
static int add_commands(ferret *f, fer_reader *rd) {
  static const struct {
    const char *name;
    fer_command cmd;
  } cmds[] = {
      {"assert", FER_CMD_ASSERT},
      {"check-sat", FER_CMD_CHECK_SAT},
      {"check-sat-assuming", FER_CMD_CHECK_SAT_ASSUMING},
      {"check-sat-using", FER_CMD_CHECK_SAT_USING},
      {"declare-const", FER_CMD_DECLARE_CONST},
      {"declare-fun", FER_CMD_DECLARE_FUN},
      {"declare-sort", FER_CMD_DECLARE_SORT},
      {"define-const", FER_CMD_DEFINE_CONST},
      {"define-fun", FER_CMD_DEFINE_FUN},
      {"define-fun-rec", FER_CMD_DEFINE_FUN_REC},
      {"define-funs-rec", FER_CMD_DEFINE_FUNS_REC},
      {"define-sort", FER_CMD_DEFINE_SORT},
      {"declare-datatype", FER_CMD_DECLARE_DATATYPE},
      {"declare-datatypes", FER_CMD_DECLARE_DATATYPES},
      {"echo", FER_CMD_ECHO},
      {"exit", FER_CMD_EXIT},
      {"get-assertions", FER_CMD_GET_ASSERTIONS},
      {"get-assignment", FER_CMD_GET_ASSIGNMENT},
      {"get-info", FER_CMD_GET_INFO},
      {"get-model", FER_CMD_GET_MODEL},
      {"get-option", FER_CMD_GET_OPTION},
      {"get-proof", FER_CMD_GET_PROOF},
      {"get-unsat-assumptions", FER_CMD_GET_UNSAT_ASSUMPTIONS},
      {"get-unsat-core", FER_CMD_GET_UNSAT_CORE},
      {"get-value", FER_CMD_GET_VALUE},
      {"pop", FER_CMD_POP},
      {"push", FER_CMD_PUSH},
      {"reset", FER_CMD_RESET},
      {"reset-assertions", FER_CMD_RESET_ASSERTIONS},
      {"set-info", FER_CMD_SET_INFO},
      {"set-logic", FER_CMD_SET_LOGIC},
      {"set-option", FER_CMD_SET_OPTION}};
  for (size_t i = 0; i < sizeof cmds / sizeof *cmds; i++)
    ADD(cmds[i].name, cmd, cmds[i].cmd, pad, 0);
  return 1;
}

int fer_rd_init(ferret *f, fer_reader *rd) {
  memset(rd, 0, sizeof *rd);
  fer_symbol none;
  fer_binding nobind;
  memset(&none, 0, sizeof none);
  memset(&nobind, 0, sizeof nobind);
  return FER_PUSH(f, rd->syms, none) && FER_PUSH(f, rd->binds, nobind) &&
         fer_index_reserve(f, &rd->table, 512) && add_operators(f, rd) &&
         add_sorts(f, rd) && add_commands(f, rd);
}
#undef ADD

void fer_rd_release(ferret *f, fer_reader *rd) {
  FER_RELEASE(f, rd->syms);
  FER_RELEASE(f, rd->names);
  fer_index_release(f, &rd->table);
  FER_RELEASE(f, rd->binds);
  FER_RELEASE(f, rd->funs);
  FER_RELEASE(f, rd->fun_sorts);
  FER_RELEASE(f, rd->sortdefs);
  FER_RELEASE(f, rd->sortdef_params);
  FER_RELEASE(f, rd->sortdef_text);
  FER_RELEASE(f, rd->frames);
  FER_RELEASE(f, rd->args);
  FER_RELEASE(f, rd->lets);
  FER_RELEASE(f, rd->named);
  fer_rewriter_release(f, &rd->rewrite);
  memset(rd, 0, sizeof *rd);
}


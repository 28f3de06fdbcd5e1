/* ferret._speedups: the calls the Python layer makes on every query, as
 * CPython functions instead of ctypes foreign calls.
 *
 * A ctypes call converts each argument through its argtypes, builds a
 * call frame with libffi and releases and retakes the GIL: about a
 * microsecond, several times the cost of the library call it makes for
 * term building.  These functions take the context pointer and ids as
 * Python ints (METH_FASTCALL, no tuple built) and call the library
 * directly.  They do not link against libferret: bind() receives the
 * addresses of the functions in the library ctypes loaded (ferret/_lib.py),
 * so both paths use the same library, whichever one FERRET_LIBRARY or the
 * search order chose (the sanitized one under `make python-san`).
 *
 * Errors are returned as ferret_status codes or id 0, as the C API
 * returns them; the Python layer turns them into the same exceptions as
 * on the ctypes path (errors.py).  Calls that may search for long (check,
 * concolic solve) release the GIL, so threads with contexts of their own
 * search in parallel and the Ctrl-C watcher (_interrupt.py) can run and
 * call ferret_interrupt.  Calls that build terms keep it: they take well
 * under a microsecond. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#include "ferret.h"

/* The library functions used here, bound by address (bind()). */
#define FERRET_FUNCTIONS(X)                                                 \
  X(ferret_mk_term) X(ferret_mk_bits64) X(ferret_term_sort) X(ferret_assert) \
  X(ferret_push) X(ferret_pop) X(ferret_check_sat) X(ferret_get_value)      \
  X(ferret_term_bits) X(ferret_concolic_solve)                              \
  X(ferret_concolic_solve_optimistic) X(ferret_concolic_notify)             \
  X(ferret_concolic_input) X(ferret_get_declared)

/* One table of pointers per process is what a C extension is: the module
 * is loaded once and every context is passed explicitly.  They are set
 * once by bind() before any other function may run (bound stays 0 until
 * then, and every function checks it). */
static struct {
#define FIELD(name) __typeof__(&name) name;
  FERRET_FUNCTIONS(FIELD)
#undef FIELD
  int bound;
} lib;

static int not_bound(void) {
  if (lib.bound) return 0;
  PyErr_SetString(PyExc_RuntimeError, "ferret._speedups: bind() was not called");
  return 1;
}

/* Arguments: Python ints.  The context and concolic pointers are the ints
 * ctypes returned for them. */
static void *arg_ptr(PyObject *o) { return PyLong_AsVoidPtr(o); }

static uint32_t arg_u32(PyObject *o) {
  unsigned long v = PyLong_AsUnsignedLong(o);
  if (v > UINT32_MAX && !PyErr_Occurred())
    PyErr_SetString(PyExc_OverflowError, "ferret._speedups: more than 32 bits");
  return (uint32_t)v;
}

#define NARGS(n, name)                                                     \
  do {                                                                     \
    if (nargs != (n)) {                                                    \
      PyErr_Format(PyExc_TypeError, name "() takes %d arguments", (int)(n)); \
      return NULL;                                                         \
    }                                                                      \
    if (not_bound()) return NULL;                                          \
  } while (0)

static PyObject *u32_result(uint32_t v) {
  return PyErr_Occurred() ? NULL : PyLong_FromUnsignedLong(v);
}

/* bind({name: address}): the library's functions, from ctypes. */
static PyObject *sp_bind(PyObject *self, PyObject *table) {
  if (!PyDict_Check(table)) {
    PyErr_SetString(PyExc_TypeError, "bind() takes a dict of addresses");
    return NULL;
  }
#define BIND(name)                                                          \
  {                                                                         \
    PyObject *a = PyDict_GetItemString(table, #name);                       \
    void *p = a ? PyLong_AsVoidPtr(a) : NULL;                               \
    if (!p) {                                                               \
      if (!PyErr_Occurred())                                                \
        PyErr_SetString(PyExc_KeyError, "bind(): no address for " #name);   \
      return NULL;                                                          \
    }                                                                       \
    lib.name = (__typeof__(lib.name))p;                                     \
  }
  FERRET_FUNCTIONS(BIND)
#undef BIND
  lib.bound = 1;
  Py_RETURN_NONE;
}

/* mk2(ctx, kind, a, b) -> id: kind applied to two terms, no indices. */
static PyObject *sp_mk2(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
  NARGS(4, "mk2");
  ferret *f = arg_ptr(args[0]);
  int kind = PyLong_AsLong(args[1]);
  ferret_term t[2] = {arg_u32(args[2]), arg_u32(args[3])};
  if (PyErr_Occurred()) return NULL;
  return PyLong_FromUnsignedLong(lib.ferret_mk_term(f, (ferret_kind)kind, t, 2, NULL, 0));
}

/* mk1(ctx, kind, a) -> id */
static PyObject *sp_mk1(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
  NARGS(3, "mk1");
  ferret *f = arg_ptr(args[0]);
  int kind = PyLong_AsLong(args[1]);
  ferret_term t = arg_u32(args[2]);
  if (PyErr_Occurred()) return NULL;
  return PyLong_FromUnsignedLong(lib.ferret_mk_term(f, (ferret_kind)kind, &t, 1, NULL, 0));
}

/* bits64(ctx, sort, value) -> id: a BV or FP constant of at most 64 bits
 * (value taken modulo 2^64; the library drops the bits above the width). */
static PyObject *sp_bits64(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
  NARGS(3, "bits64");
  ferret *f = arg_ptr(args[0]);
  ferret_sort s = arg_u32(args[1]);
  unsigned long long v = PyLong_AsUnsignedLongLongMask(args[2]);
  if (PyErr_Occurred()) return NULL;
  return PyLong_FromUnsignedLong(lib.ferret_mk_bits64(f, s, v));
}

/* term_sort(ctx, t) -> sort id */
static PyObject *sp_term_sort(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
  NARGS(2, "term_sort");
  ferret *f = arg_ptr(args[0]);
  ferret_term t = arg_u32(args[1]);
  if (PyErr_Occurred()) return NULL;
  return u32_result(lib.ferret_term_sort(f, t));
}

/* assert_(ctx, t), push(ctx, n), pop(ctx, n), cnotify(concolic, t) ->
 * status: a pointer and a 32-bit number. */
#define STATUS_CALL(name, fn, type)                                          \
  static PyObject *sp_##name(PyObject *self, PyObject *const *args,         \
                             Py_ssize_t nargs) {                            \
    NARGS(2, #name);                                                         \
    type *p = arg_ptr(args[0]);                                             \
    uint32_t n = arg_u32(args[1]);                                          \
    if (PyErr_Occurred()) return NULL;                                      \
    return PyLong_FromLong(lib.fn(p, n));                                   \
  }
STATUS_CALL(assert_, ferret_assert, ferret)
STATUS_CALL(push, ferret_push, ferret)
STATUS_CALL(pop, ferret_pop, ferret)
STATUS_CALL(cnotify, ferret_concolic_notify, ferret_concolic)
#undef STATUS_CALL

/* check(ctx) -> ferret_result, the GIL released while ferret searches. */
static PyObject *sp_check(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
  NARGS(1, "check");
  ferret *f = arg_ptr(args[0]);
  if (PyErr_Occurred()) return NULL;
  ferret_result r;
  Py_BEGIN_ALLOW_THREADS
  r = lib.ferret_check_sat(f);
  Py_END_ALLOW_THREADS
  return PyLong_FromLong(r);
}

/* limbs[0..n) (least significant first) as a Python int. */
static PyObject *int_of_limbs(const uint64_t *limbs, size_t n) {
  PyObject *v = PyLong_FromUnsignedLongLong(limbs[n - 1]);
  for (size_t i = n - 1; v && i-- > 0;) {
    PyObject *sh = PyLong_FromLong(64), *hi, *lo;
    hi = sh ? PyNumber_Lshift(v, sh) : NULL;
    Py_XDECREF(sh);
    Py_DECREF(v);
    lo = hi ? PyLong_FromUnsignedLongLong(limbs[i]) : NULL;
    v = lo ? PyNumber_Or(hi, lo) : NULL;
    Py_XDECREF(hi);
    Py_XDECREF(lo);
  }
  return v;
}

/* The bits of a value into limbs, with a buffer on the stack for up to
 * 256 bits; returns the status, and the Python int through *out. */
static ferret_status read_bits(ferret *f, ferret_term t, size_t n, int *unspec,
                               PyObject **out, int with_model) {
  uint64_t small[4], *limbs = small;
  *out = NULL;
  if (n > 4 && !(limbs = PyMem_Malloc(n * sizeof *limbs))) {
    PyErr_NoMemory();
    return FERRET_ERROR_LIMIT;
  }
  ferret_status st = with_model ? lib.ferret_get_value(f, t, limbs, n, unspec)
                                : lib.ferret_term_bits(f, t, limbs, n);
  if (st == FERRET_OK) *out = int_of_limbs(limbs, n);
  if (limbs != small) PyMem_Free(limbs);
  return st;
}

/* The arguments (ctx, t, nlimbs) of value() and term_bits(); -1 with an
 * exception set when they are wrong. */
static int bits_args(PyObject *const *args, Py_ssize_t nargs, const char *name, ferret **f,
                     ferret_term *t, size_t *n) {
  if (nargs != 3) {
    PyErr_Format(PyExc_TypeError, "%s() takes 3 arguments", name);
    return -1;
  }
  if (not_bound()) return -1;
  *f = arg_ptr(args[0]);
  *t = arg_u32(args[1]);
  Py_ssize_t k = PyLong_AsSsize_t(args[2]);
  *n = k < 1 ? 1 : (size_t)k;
  return PyErr_Occurred() ? -1 : 0;
}

/* value(ctx, t, nlimbs) -> (bits, unspecified) or the status (an int) of
 * the failing ferret_get_value. */
static PyObject *sp_value(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
  ferret *f;
  ferret_term t;
  size_t n;
  if (bits_args(args, nargs, "value", &f, &t, &n)) return NULL;
  int unspec = 0;
  PyObject *v;
  ferret_status st = read_bits(f, t, n, &unspec, &v, 1);
  if (st != FERRET_OK) return PyErr_Occurred() ? NULL : PyLong_FromLong(st);
  if (!v) return NULL;
  PyObject *r = PyTuple_New(2);
  if (!r) {
    Py_DECREF(v);
    return NULL;
  }
  PyTuple_SET_ITEM(r, 0, v);
  PyTuple_SET_ITEM(r, 1, PyBool_FromLong(unspec));
  return r;
}

/* term_bits(ctx, t, nlimbs) -> the constant's bits, or None with the
 * context's error set (ferret_term_bits). */
static PyObject *sp_term_bits(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
  ferret *f;
  ferret_term t;
  size_t n;
  if (bits_args(args, nargs, "term_bits", &f, &t, &n)) return NULL;
  PyObject *v;
  if (read_bits(f, t, n, NULL, &v, 0) != FERRET_OK) {
    if (PyErr_Occurred()) return NULL;
    Py_RETURN_NONE;
  }
  return v;
}

/* csolve(concolic, t, optimistic) -> ferret_result, the GIL released. */
static PyObject *sp_csolve(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
  NARGS(3, "csolve");
  ferret_concolic *c = arg_ptr(args[0]);
  ferret_term t = arg_u32(args[1]);
  int optimistic = PyObject_IsTrue(args[2]);
  if (PyErr_Occurred()) return NULL;
  ferret_result r;
  Py_BEGIN_ALLOW_THREADS
  r = optimistic ? lib.ferret_concolic_solve_optimistic(c, t)
                 : lib.ferret_concolic_solve(c, t);
  Py_END_ALLOW_THREADS
  return PyLong_FromLong(r);
}

/* cinput(concolic, size) -> the input of the last sat answer, or None. */
static PyObject *sp_cinput(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
  NARGS(2, "cinput");
  ferret_concolic *c = arg_ptr(args[0]);
  Py_ssize_t size = PyLong_AsSsize_t(args[1]);
  if (PyErr_Occurred()) return NULL;
  const uint8_t *p = lib.ferret_concolic_input(c);
  if (!p) Py_RETURN_NONE;
  return PyBytes_FromStringAndSize((const char *)p, size);
}

/* declared(ctx) -> tuple of the declared variables' ids (a model's). */
static PyObject *sp_declared(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
  NARGS(1, "declared");
  ferret *f = arg_ptr(args[0]);
  if (PyErr_Occurred()) return NULL;
  const ferret_term *ids = NULL;
  size_t n = lib.ferret_get_declared(f, &ids);
  PyObject *r = PyTuple_New((Py_ssize_t)n);
  for (size_t i = 0; r && i < n; i++) {
    PyObject *v = PyLong_FromUnsignedLong(ids[i]);
    if (!v) {
      Py_CLEAR(r);
      break;
    }
    PyTuple_SET_ITEM(r, (Py_ssize_t)i, v);
  }
  return r;
}

/* ---------------------------------------------------------- operators
 * The Python operators on terms (x + 1, a == b, p & q) in one call:
 * coerce the other operand, apply the operator, wrap the id in the
 * result's class.  Only the common case is taken here: both terms of one
 * context that no open iterator holds, or a term and a Python int on a
 * bit-vector of at most 64 bits; for anything else, or when the library
 * refuses the term, binop() returns None and the Python code takes the
 * general path, which reports errors as usual (terms.py). */

static struct {
  PyTypeObject *term;     /* terms.Term */
  PyObject *kind_class;   /* list: kind -> result class or None */
  PyObject *s_ctx, *s_id, *s_sid, *s_p, *s_busy, *s_sorts;
  PyObject *empty;
} py;

/* bind_terms(Term, kind_classes) */
static PyObject *sp_bind_terms(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
  NARGS(2, "bind_terms");
  if (!PyType_Check(args[0]) || !PyList_Check(args[1])) {
    PyErr_SetString(PyExc_TypeError, "bind_terms(Term class, list of classes)");
    return NULL;
  }
  Py_INCREF(args[0]);
  Py_INCREF(args[1]);
  py.term = (PyTypeObject *)args[0];
  py.kind_class = args[1];
  if (!(py.s_ctx = PyUnicode_InternFromString("ctx")) ||
      !(py.s_id = PyUnicode_InternFromString("id")) ||
      !(py.s_sid = PyUnicode_InternFromString("_sid")) ||
      !(py.s_p = PyUnicode_InternFromString("_p")) ||
      !(py.s_busy = PyUnicode_InternFromString("_busy")) ||
      !(py.s_sorts = PyUnicode_InternFromString("_sorts")) ||
      !(py.empty = PyTuple_New(0)))
    return NULL;
  Py_RETURN_NONE;
}

/* An attribute read as a C integer (-1 with an exception on failure). */
static long long attr_int(PyObject *o, PyObject *name) {
  PyObject *v = PyObject_GetAttr(o, name);
  if (!v) return -1;
  long long r = PyLong_AsLongLong(v);
  Py_DECREF(v);
  return r;
}

/* The id of the other operand as a term of t's context and sort, or 0:
 * take the general path. */
static ferret_term operand(ferret *f, PyObject *ctx, PyObject *t, PyObject *o) {
  if (PyObject_TypeCheck(o, py.term)) {
    PyObject *octx = PyObject_GetAttr(o, py.s_ctx);
    if (!octx) return 0;
    Py_DECREF(octx); /* still referenced by o */
    return octx == ctx ? (ferret_term)attr_int(o, py.s_id) : 0;
  }
  if (!PyLong_CheckExact(o)) return 0; /* bool, float, Fraction: Python */
  long long sid = attr_int(t, py.s_sid);
  if (sid <= 0) { /* asked once per object, as Term._sort_id does */
    if (sid < 0 || !(sid = lib.ferret_term_sort(f, (ferret_term)attr_int(t, py.s_id))))
      return 0;
    PyObject *v = PyLong_FromLongLong(sid);
    if (!v || PyObject_SetAttr(t, py.s_sid, v) < 0) {
      Py_XDECREF(v);
      return 0;
    }
    Py_DECREF(v);
  }
  PyObject *sorts = PyObject_GetAttr(ctx, py.s_sorts);
  if (!sorts) return 0;
  PyObject *key = PyLong_FromLongLong(sid);
  PyObject *info = key ? PyDict_GetItemWithError(sorts, key) : NULL; /* borrowed */
  Py_XDECREF(key);
  Py_DECREF(sorts);
  if (!info || !PyTuple_Check(info) || PyTuple_GET_SIZE(info) != 3) return 0;
  long kind = PyLong_AsLong(PyTuple_GET_ITEM(info, 0));
  long width = PyLong_AsLong(PyTuple_GET_ITEM(info, 1));
  if (kind != FERRET_SORT_BV || width < 1 || width > 64) return 0;
  /* the value modulo 2^width, negative numbers in two's complement */
  uint64_t v = PyLong_AsUnsignedLongLongMask(o);
  if (PyErr_Occurred()) return 0;
  if (width < 64) v &= ((uint64_t)1 << width) - 1;
  return lib.ferret_mk_bits64(f, (ferret_sort)sid, v);
}

/* binop(t, other, kind, swap) -> the term (t kind other), or (other kind
 * t) when swap, or None: take the general path. */
static PyObject *sp_binop(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
  NARGS(4, "binop");
  if (!py.term) Py_RETURN_NONE;
  PyObject *t = args[0], *o = args[1];
  long kind = PyLong_AsLong(args[2]);
  int swap = PyObject_IsTrue(args[3]);
  if (PyErr_Occurred() || kind < 0 || kind >= PyList_GET_SIZE(py.kind_class)) return NULL;
  PyObject *cls = PyList_GET_ITEM(py.kind_class, kind);
  if (cls == Py_None) Py_RETURN_NONE;
  PyObject *ctx = PyObject_GetAttr(t, py.s_ctx), *res = NULL;
  if (!ctx) return NULL;
  PyObject *busy = PyObject_GetAttr(ctx, py.s_busy);
  void *p = NULL;
  if (busy) {
    if (busy == Py_None) {
      PyObject *pv = PyObject_GetAttr(ctx, py.s_p);
      p = pv ? PyLong_AsVoidPtr(pv) : NULL;
      Py_XDECREF(pv);
    }
    Py_DECREF(busy);
  }
  ferret_term a = 0, b = 0, r = 0;
  if (p && (a = (ferret_term)attr_int(t, py.s_id)) && (b = operand(p, ctx, t, o))) {
    ferret_term ab[2] = {swap ? b : a, swap ? a : b};
    r = lib.ferret_mk_term(p, (ferret_kind)kind, ab, 2, NULL, 0);
  }
  if (PyErr_Occurred()) { /* a failed lookup is the general path's to report */
    PyErr_Clear();
    r = 0;
  }
  if (r) {
    PyObject *id = PyLong_FromUnsignedLong(r), *zero = PyLong_FromLong(0);
    res = id && zero ? ((PyTypeObject *)cls)->tp_new((PyTypeObject *)cls, py.empty, NULL)
                     : NULL;
    if (res && (PyObject_SetAttr(res, py.s_ctx, ctx) < 0 ||
                PyObject_SetAttr(res, py.s_id, id) < 0 ||
                PyObject_SetAttr(res, py.s_sid, zero) < 0))
      Py_CLEAR(res);
    Py_XDECREF(id);
    Py_XDECREF(zero);
  }
  Py_DECREF(ctx);
  if (res || PyErr_Occurred()) return res;
  Py_RETURN_NONE;
}

#define FAST(name, doc) {#name, (PyCFunction)(void (*)(void))sp_##name, METH_FASTCALL, doc}

static PyMethodDef methods[] = {
    {"bind", sp_bind, METH_O, "bind({name: address}): the library's functions"},
    FAST(mk2, "mk2(ctx, kind, a, b) -> term id (0: error)"),
    FAST(mk1, "mk1(ctx, kind, a) -> term id (0: error)"),
    FAST(bits64, "bits64(ctx, sort, value) -> constant id (0: error)"),
    FAST(term_sort, "term_sort(ctx, t) -> sort id"),
    FAST(assert_, "assert_(ctx, t) -> status"),
    FAST(push, "push(ctx, levels) -> status"),
    FAST(pop, "pop(ctx, levels) -> status"),
    FAST(check, "check(ctx) -> result (GIL released)"),
    FAST(value, "value(ctx, t, nlimbs) -> (bits, unspecified) or a status"),
    FAST(term_bits, "term_bits(ctx, t, nlimbs) -> bits or None"),
    FAST(csolve, "csolve(concolic, t, optimistic) -> result (GIL released)"),
    FAST(cnotify, "cnotify(concolic, t) -> status"),
    FAST(cinput, "cinput(concolic, size) -> bytes or None"),
    FAST(declared, "declared(ctx) -> tuple of the declared variables' ids"),
    FAST(bind_terms, "bind_terms(Term, kind_classes): the classes binop() makes"),
    FAST(binop, "binop(t, other, kind, swap) -> term, or None: the general path"),
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "ferret._speedups",
    "ferret's per-query calls as a compiled extension (see _lib.py).", -1, methods,
    NULL, NULL, NULL, NULL};

PyMODINIT_FUNC PyInit__speedups(void) { return PyModule_Create(&module); }

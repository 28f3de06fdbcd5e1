/*
 * The ferret backend's view of SymCC's runtime interface.
 *
 * symcc-rt's shared sources (RuntimeCommon.cpp, Shadow.cpp, LibcWrappers.cpp,
 * ...) include <Runtime.h> from the backend's folder to learn what a SymExpr
 * is.  Here it is a ferret term id carried in a pointer: an opaque
 * `struct ferret_symcc_expr *` whose value is the id, so NULL (id 0, ferret's
 * "no term") is SymCC's "concrete value".  Nothing is allocated per
 * expression: the term store owns every term.
 */
#ifndef FERRET_SYMCC_RUNTIME_H
#define FERRET_SYMCC_RUNTIME_H

#ifdef __cplusplus
#include <cstdbool>
#else
#include <stdbool.h>
#endif

typedef struct ferret_symcc_expr *SymExpr;

#include <RuntimeCommon.h>

#endif

/* Growable arrays, one macro for every element type (kissat's STACK). */
#ifndef FER_STACK_H
#define FER_STACK_H

#include <assert.h>
#include <stddef.h>
#include <stdint.h>

struct ferret;

#define FER_STACK(T) struct { T *data; size_t size, cap; }

/* Make room for `extra` more elements; returns 0 on allocation failure
 * (the stack is unchanged).  Defined in alloc.c. */
int fer_stack_reserve(struct ferret *, void *stack, size_t elem, size_t extra);
void fer_stack_release(struct ferret *, void *stack, size_t elem);

#define FER_PUSH(F, S, V)                                                    \
  (((S).size < (S).cap || fer_stack_reserve((F), &(S), sizeof *(S).data, 1)) \
       ? ((S).data[(S).size++] = (V), 1)                                     \
       : 0)
#define FER_RESERVE(F, S, N) fer_stack_reserve((F), &(S), sizeof *(S).data, (N))
#define FER_RELEASE(F, S) fer_stack_release((F), &(S), sizeof *(S).data)
/* (lvalues; never on an empty stack) */
#define FER_TOP(S) (*(assert((S).size > 0), &(S).data[(S).size - 1]))
#define FER_POP(S) (*(assert((S).size > 0), &(S).data[--(S).size]))
#define FER_CLEAR(S) ((S).size = 0)

#endif

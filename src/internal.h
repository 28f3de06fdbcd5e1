/* Everything a layer above the base needs of the context: the context and
 * its services (context.h) and the term store (term.h). */
#ifndef FER_INTERNAL_H
#define FER_INTERNAL_H

#include "context.h"
#include "term.h"

#endif

/* Outcomes: how a query, a run of the search or one of its steps ended.
 *
 * Every layer that can end a query unknown says why with a fer_why, and a
 * message only when the kind alone does not say enough ("unsupported:
 * objective sort", a backend's own words).  The reason text a user sees
 * ((get-info :reason-unknown), --stats, the C API) is fer_why_text[why]
 * unless a message replaces it: the texts are the ones ferret has always
 * printed, so tests and documents keep reading them. */
#ifndef FER_OUTCOME_H
#define FER_OUTCOME_H

#include "ferret.h"

typedef enum fer_why {
  FER_WHY_NONE = 0,     /* "" : no reason (sat, unsat, or not ended) */
  FER_WHY_INCOMPLETE,   /* "incomplete": the search is not complete */
  FER_WHY_MEMORY,       /* "memory": an allocation failed */
  FER_WHY_UNSUPPORTED,  /* "unsupported": a construct ferret does not handle */
  FER_WHY_UNSPECIFIED,  /* "unspecified": only models whose truth rests on
                           a value SMT-LIB leaves open */
  FER_WHY_BUDGET,       /* "budget": the execution budget is spent */
  FER_WHY_TIMEOUT,      /* "timeout" */
  FER_WHY_INTERRUPTED,  /* "interrupted" (ferret_interrupt) */
  FER_WHY_PORTFOLIO,    /* "portfolio": a partner answered first */
  FER_WHY_ERROR,        /* "error": a ground assertion could not be evaluated */
  FER_WHY_REJECTED,     /* "internal: model rejected": a bug */
  FER_WHY_ELIMINATED,   /* "internal: eliminated variable": a bug */
  FER_WHY_OTHER,        /* the message says (a backend's reason) */
  FER_WHY_COUNT
} fer_why;

extern const char *const fer_why_text[FER_WHY_COUNT];

/* The reason a failed step gives for its status: a construct ferret does
 * not support is "unsupported", every other failure of a step that reads
 * no text is an allocation's ("memory").  The one place that maps them. */
fer_why fer_why_of_status(ferret_status);

/* A reason given only as text (a backend's stats): the kind whose text it
 * is exactly, else FER_WHY_OTHER (the text is then the message); NONE for
 * "" or NULL. */
fer_why fer_why_of_text(const char *);

/* The end of a query or a job: the answer, and for unknown why. */
typedef struct fer_outcome {
  ferret_result result;
  fer_why why;      /* NONE unless result is FERRET_UNKNOWN */
  const char *msg;  /* NULL, or static text replacing fer_why_text[why] */
} fer_outcome;

static inline fer_outcome fer_outcome_unknown(fer_why why, const char *msg) {
  fer_outcome o = {FERRET_UNKNOWN, why, msg};
  return o;
}

/* The reason text of o: "" unless it is unknown. */
static inline const char *fer_outcome_reason(const fer_outcome *o) {
  if (o->result != FERRET_UNKNOWN) return "";
  return o->msg ? o->msg : fer_why_text[o->why < FER_WHY_COUNT ? o->why : FER_WHY_OTHER];
}

#endif

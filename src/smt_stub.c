/* Placeholder until the reader lands (removed by the reader's author). */
#include "smt.h"
int fer_smt_init(ferret *f) { (void)f; return 1; }
void fer_smt_release(ferret *f) { (void)f; }
ferret_status fer_smt_execute(ferret *f, const char *s, const char *t, size_t n) {
  (void)s, (void)t, (void)n;
  return fer_error(f, FERRET_ERROR_UNSUPPORTED, 0, 0, "reader not built yet");
}
ferret_status fer_smt_feed(ferret *f, const char *s, const char *t, size_t n) { return fer_smt_execute(f, s, t, n); }
ferret_status fer_smt_feed_end(ferret *f) { (void)f; return FERRET_OK; }
bool fer_smt_exited(const ferret *f) { (void)f; return false; }
ferret_result fer_smt_last_result(const ferret *f) { (void)f; return FERRET_UNKNOWN; }
ferret_status fer_smt_print_assertions(ferret *f) { (void)f; return FERRET_OK; }
ferret_status ferret_execute_file(ferret *f, const char *p) { (void)p; return fer_smt_execute(f, p, "", 0); }

/* Context life cycle, sinks, options and errors: the public API's edges. */
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fp/env.h"
#include "base/context.h"
#include "smt/term.h"
#include "base/process.h"
#include "api/smt.h"

static void *default_alloc(void *user, void *p, size_t old_size,
                           size_t new_size) {
  (void)user, (void)old_size;
  if (!new_size) {
    free(p);
    return NULL;
  }
  return realloc(p, new_size);
}

static void write_file(void *user, const char *text, size_t len) {
  fwrite(text, 1, len, (FILE *)user);
  fflush((FILE *)user);
}

ferret *ferret_new(void) { return ferret_new_with_allocator(NULL, NULL); }

ferret *ferret_new_with_allocator(ferret_alloc_fn alloc, void *user) {
  if (!alloc) alloc = default_alloc;
  ferret *f = alloc(user, NULL, 0, sizeof *f);
  if (!f) return NULL;
  memset(f, 0, sizeof *f);
  f->alloc = alloc;
  f->alloc_user = user;
  f->out = write_file;
  f->out_user = stdout;
  f->diag = write_file;
  f->diag_user = stderr;
  f->host_enter = fer_env_host;
  f->host_leave = fer_env_refresh;
  fer_options_init(&f->opt);
  f->rng = (uint64_t)f->opt.seed;
  if (!fer_store_init(f) || !fer_smt_init(f)) {
    ferret_delete(f);
    return NULL;
  }
  return f;
}

void ferret_delete(ferret *f) {
  if (!f) return;
  fer_smt_release(f);
  fer_store_release(f);
  FER_RELEASE(f, f->seed_text);
  FER_RELEASE(f, f->portfolio);
  FER_RELEASE(f, f->term_text);
  FER_RELEASE(f, f->value_text);
  FER_RELEASE(f, f->error_text);
  FER_RELEASE(f, f->error_source);
  f->alloc(f->alloc_user, f, sizeof *f, 0);
}

void ferret_set_output(ferret *f, ferret_write_fn w, void *user) {
  FER_REQUIRE(f, f && w, "NULL context or writer");
  f->out = w, f->out_user = user;
}

void ferret_set_diagnostic(ferret *f, ferret_write_fn w, void *user) {
  FER_REQUIRE(f, f && w, "NULL context or writer");
  f->diag = w, f->diag_user = user;
}

void ferret_set_abort_hook(ferret *f, ferret_abort_fn h, void *user) {
  FER_REQUIRE(f, f, "NULL context");
  f->abort_hook = h, f->abort_user = user;
}

ferret_status ferret_set_option(ferret *f, const char *name,
                                const char *value) {
  FER_REQUIRE(f, f && name && value, "NULL argument");
  const fer_option_info *o = fer_option_find(name);
  if (!o) return fer_error(f, FERRET_ERROR_OPTION, 0, 0, "unknown option '%s'", name);
  int64_t v;
  const char *names = fer_option_value_names(o);
  if (!fer_option_parse(o, value, &v) || v < o->lo || v > o->hi) {
    if (names)
      return fer_error(f, FERRET_ERROR_OPTION, 0, 0,
                       "invalid value '%s' for option '%s' (expected %s, or "
                       "%lld..%lld)",
                       value, name, names, (long long)o->lo, (long long)o->hi);
    return fer_error(f, FERRET_ERROR_OPTION, 0, 0,
                     "invalid value '%s' for option '%s' (expected %lld..%lld)",
                     value, name, (long long)o->lo, (long long)o->hi);
  }
  *(int64_t *)((char *)&f->opt + o->offset) = v;
  if (o->offset == offsetof(fer_options, seed)) f->rng = (uint64_t)v;
  return FERRET_OK;
}

int64_t ferret_get_option(ferret *f, const char *name) {
  FER_REQUIRE(f, f && name, "NULL argument");
  const fer_option_info *o = fer_option_find(name);
  if (!o) {
    fer_error(f, FERRET_ERROR_OPTION, 0, 0, "unknown option '%s'", name);
    return 0;
  }
  return *(int64_t *)((char *)&f->opt + o->offset);
}

const ferret_error_info *ferret_error(const ferret *f) {
  FER_REQUIRE(f, f, "NULL context");
  return &f->error;
}

ferret_status ferret_set_seeds(ferret *f, const char *text, size_t len) {
  FER_REQUIRE(f, f && (text || !len), "NULL argument");
  FER_CLEAR(f->seed_text);
  if (!len) return FERRET_OK;
  if (!FER_RESERVE(f, f->seed_text, len)) return f->error.status;
  memcpy(f->seed_text.data, text, len);
  f->seed_text.size = len;
  return FERRET_OK;
}

ferret_status ferret_add_portfolio(ferret *f, const char *cmd) {
  FER_REQUIRE(f, f, "NULL context");
  if (!cmd) {
    FER_CLEAR(f->portfolio);
    return FERRET_OK;
  }
  if (!fer_proc_command_found(cmd))
    return fer_error(f, FERRET_ERROR_OPTION, 0, 0, "portfolio: '%s' not found", cmd);
  size_t len = strlen(cmd) + 1;
  if (!FER_RESERVE(f, f->portfolio, f->portfolio.size + len)) return f->error.status;
  memcpy(f->portfolio.data + f->portfolio.size, cmd, len);
  f->portfolio.size += len;
  return FERRET_OK;
}

void ferret_interrupt(ferret *f) {
  if (f) atomic_store(&f->interrupt, 1);
}

ferret_status ferret_print_stats(ferret *f) {
  FER_REQUIRE(f, f, "NULL context");
  char small[2048], *text = small;
  int n = fer_stats_json(&f->stats, small, sizeof small - 1);
  if (n < 0) return fer_error(f, FERRET_ERROR_LIMIT, 0, 0, "stats: cannot format");
  if ((size_t)n >= sizeof small - 1) { /* a very long reason */
    if (!(text = fer_malloc(f, (size_t)n + 2))) return f->error.status;
    fer_stats_json(&f->stats, text, (size_t)n + 1);
  }
  text[n] = '\n';
  fer_env_host(); /* host code runs under the host's FP environment */
  f->diag(f->diag_user, text, (size_t)n + 1);
  fer_env_refresh();
  if (text != small) fer_free(f, text, (size_t)n + 2);
  return FERRET_OK;
}

ferret_status ferret_execute(ferret *f, const char *source, const char *text,
                             size_t len) {
  FER_REQUIRE(f, f && (text || !len), "NULL argument");
  atomic_store(&f->interrupt, 0);
  return fer_smt_execute(f, source, text, len);
}

ferret_status ferret_feed(ferret *f, const char *source, const char *text,
                          size_t len) {
  FER_REQUIRE(f, f && (text || !len), "NULL argument");
  atomic_store(&f->interrupt, 0);
  return fer_smt_feed(f, source, text, len);
}

ferret_status ferret_feed_end(ferret *f) {
  FER_REQUIRE(f, f, "NULL context");
  atomic_store(&f->interrupt, 0);
  return fer_smt_feed_end(f);
}

int ferret_exited(const ferret *f) {
  FER_REQUIRE(f, f, "NULL context");
  return fer_smt_exited(f);
}

ferret_result ferret_last_result(const ferret *f) {
  FER_REQUIRE(f, f, "NULL context");
  return fer_smt_last_result(f);
}

ferret_status ferret_print_assertions(ferret *f) {
  FER_REQUIRE(f, f, "NULL context");
  return fer_smt_print_assertions(f);
}

const char *ferret_version(void) { return FERRET_VERSION; }

int ferret_option_info(int index, ferret_option_desc *out) {
  FER_REQUIRE(NULL, out, "NULL argument");
  for (int i = 0; fer_option_table[i].name; i++)
    if (i == index) {
      const fer_option_info *o = &fer_option_table[i];
      out->name = o->name, out->default_value = o->def;
      out->min = o->lo, out->max = o->hi, out->description = o->desc;
      out->values = fer_option_value_names(o);
      return 1;
    }
  return 0;
}

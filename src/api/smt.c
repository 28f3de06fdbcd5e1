/* The SMT-LIB session: executing text command by command, reporting
 * errors with continued execution, and incremental feeding.  The commands
 * themselves are in smt_cmd.c and the smt_*.c files it dispatches to. */
#include <errno.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "api/smt_session.h"

int fer_smt_init(ferret *f) {
  fer_smt *s = fer_calloc(f, sizeof *s);
  if (!s) return 0;
  f->smt = s;
  if (!fer_rd_init(f, &s->rd)) return 0;
  s->base = fer_rd_mark_get(&s->rd);
  fer_model_init(&s->model);
  s->exec_line = s->scan_line = 1;
  s->exec_col = s->scan_col = 1;
  return 1;
}

void fer_smt_release(ferret *f) {
  fer_smt *s = f->smt;
  if (!s) return;
  fer_rd_release(f, &s->rd);
  FER_RELEASE(f, s->assertions);
  FER_RELEASE(f, s->decls);
  FER_RELEASE(f, s->scopes);
  FER_RELEASE(f, s->logic);
  fer_model_release(f, &s->model);
  FER_RELEASE(f, s->snapshot);
  FER_RELEASE(f, s->tmp);
  FER_RELEASE(f, s->sample_stats);
  FER_RELEASE(f, s->first_msg);
  FER_RELEASE(f, s->feed);
  FER_RELEASE(f, s->feed_source);
  fer_free(f, s, sizeof *s);
  f->smt = NULL;
}

bool fer_smt_exited(const ferret *f) { return f->smt->exited; }
ferret_result fer_smt_last_result(const ferret *f) { return f->smt->last; }

/* ------------------------------------------------------------- errors */

static void set_error_source(ferret *f, const char *source) {
  FER_CLEAR(f->error_source);
  f->error.source = NULL;
  if (!source) return;
  size_t n = strlen(source) + 1;
  if (!FER_RESERVE(f, f->error_source, n)) return;
  memcpy(f->error_source.data, source, n);
  f->error_source.size = n;
  f->error.source = f->error_source.data;
}

/* Text inside an SMT-LIB string literal: a quote is written twice. */
static void write_escaped(ferret *f, const char *text) {
  const char *run = text, *p = text;
  for (; *p; p++)
    if (*p == '"') {
      fer_write(f, run, (size_t)(p - run + 1));
      run = p;
    }
  fer_write(f, run, (size_t)(p - run));
}

/* Print the context's error on both channels and remember the first one.
 * Errors without a position get the command's. */
static void report(ferret *f, fer_smt *s, uint32_t line, uint32_t col) {
  if (!f->error.line) f->error.line = line, f->error.column = col;
  const char *msg = f->error.message ? f->error.message : "error";
  char where[512];
  if (s->source)
    snprintf(where, sizeof where, "%s:%u:%u", s->source, f->error.line,
             f->error.column);
  else
    snprintf(where, sizeof where, "%u:%u", f->error.line, f->error.column);
  fer_diag(f, "%s: %s\n", where, msg);
  fer_write(f, "(error \"", 8);
  write_escaped(f, where);
  fer_write(f, ": ", 2);
  write_escaped(f, msg);
  fer_write(f, "\")\n", 3);
  set_error_source(f, s->source);
  if (s->first == FERRET_OK) {
    s->first = f->error.status;
    s->first_line = f->error.line;
    s->first_col = f->error.column;
    size_t n = strlen(msg) + 1;
    FER_CLEAR(s->first_msg);
    if (FER_RESERVE(f, s->first_msg, n)) {
      memmove(s->first_msg.data, msg, n);
      s->first_msg.size = n;
    }
  }
}

/* At the end of an API call: the error record describes the first failure
 * (the one the returned status names). */
static ferret_status finish(ferret *f, fer_smt *s) {
  ferret_status st = s->first;
  if (st != FERRET_OK && s->first_msg.size)
    fer_error(f, st, s->first_line, s->first_col, "%s", s->first_msg.data);
  s->first = FERRET_OK;
  return st;
}

/* ----------------------------------------------------------- running */

/* Execute every command of text[0..len), which starts at line:col. */
static void run(ferret *f, fer_smt *s, const char *text, size_t len,
                uint32_t line, uint32_t col) {
  fer_reader *rd = &s->rd;
  if (line == 1 && col == 1 && len >= 3 && !memcmp(text, "\xef\xbb\xbf", 3))
    text += 3, len -= 3; /* a UTF-8 byte order mark is not part of the text */
  fer_rd_begin(rd, text, len, line, col);
  while (!s->exited) {
    fer_token t = rd->tok;
    if (t.kind == FER_TOK_EOF) break;
    if (t.kind != FER_TOK_LPAR) {
      if (t.kind == FER_TOK_ERROR)
        fer_rd_ok(f, rd);
      else
        fer_error(f, FERRET_ERROR_PARSE, t.line, t.col,
                  "expected '(' to start a command, got '%.*s'",
                  (int)(t.len > 40 ? 40 : t.len), t.text);
      /* A command name outside parentheses is that command lost. */
      uint32_t y = t.kind == FER_TOK_SYMBOL && !t.quoted
                       ? fer_sym_find(rd, t.s, t.slen)
                       : 0;
      s->pop_beyond = false;
      fer_smt_note_failure(s, y ? (fer_command)fer_sym(rd, y)->cmd
                                : FER_CMD_NONE);
      report(f, s, t.line, t.col);
      if (t.kind == FER_TOK_ERROR && rd->lex.fatal) break;
      fer_rd_advance(rd);
      continue;
    }
    fer_rd_advance(rd);
    if (fer_smt_command(f, s, &t)) continue;
    report(f, s, t.line, t.col);
    FER_CLEAR(rd->named);
    bool swallowed;
    bool skipped = fer_rd_skip_command(rd, &swallowed);
    fer_smt_note_skipped(s, swallowed);
    if (!skipped) {
      /* Say why the rest of the text is ignored. */
      if (rd->tok.kind == FER_TOK_ERROR &&
          (f->error.line != rd->tok.line || f->error.column != rd->tok.col)) {
        fer_rd_ok(f, rd);
        report(f, s, rd->tok.line, rd->tok.col);
      }
      break;
    }
  }
}

ferret_status fer_smt_execute(ferret *f, const char *source, const char *text,
                              size_t len) {
  fer_smt *s = f->smt;
  if (s->exited) return FERRET_OK;
  s->source = source;
  s->first = FERRET_OK;
  run(f, s, text, len, 1, 1);
  s->source = NULL;
  return finish(f, s);
}

/* One term of text[0..len) in the current scope (ferret_parse_term). */
fer_term fer_smt_parse_term(ferret *f, const char *text, size_t len) {
  fer_smt *s = f->smt;
  fer_reader *rd = &s->rd;
  fer_rd_begin(rd, text, len, 1, 1);
  fer_term t = rd->tok.kind == FER_TOK_EOF
                   ? (fer_error(f, FERRET_ERROR_PARSE, 1, 1, "expected a term"), 0)
                   : fer_rd_term(f, rd, NULL, NULL);
  FER_CLEAR(rd->named); /* a label here names nothing */
  if (t && rd->tok.kind != FER_TOK_EOF) {
    fer_error(f, FERRET_ERROR_PARSE, rd->tok.line, rd->tok.col,
              "text after the term: '%.*s'", (int)(rd->tok.len > 40 ? 40 : rd->tok.len),
              rd->tok.text);
    t = 0;
  }
  return t;
}

/* ----------------------------------------------------------- feeding */

enum { M_NORMAL, M_STRING, M_QUOTED, M_COMMENT, M_ATOM };

static bool is_delim(char c) {
  return (fer_char_class[(uint8_t)c] & FER_CH_WS) || c == '(' || c == ')' ||
         c == '"' || c == '|' || c == ';';
}

/* Scan the buffered text; execute each command as soon as its last byte
 * is in.  `final`: no more text will come (an open string ends here). */
static void feed_scan(ferret *f, fer_smt *s, bool final) {
  size_t done = 0; /* bytes of s->feed executed */
  uint32_t dline = s->exec_line, dcol = s->exec_col;
  size_t i = s->feed_scan;
  while (i < s->feed.size && !s->exited) {
    char c = s->feed.data[i];
    bool complete = false;
    switch (s->feed_mode) {
    case M_NORMAL:
      if (c == '(') {
        s->feed_depth++;
      } else if (c == ')') {
        if (s->feed_depth) s->feed_depth--;
        complete = !s->feed_depth;
      } else if (c == '"') {
        s->feed_mode = M_STRING;
      } else if (c == '|') {
        s->feed_mode = M_QUOTED;
      } else if (c == ';') {
        s->feed_mode = M_COMMENT;
      } else if (!s->feed_depth && !is_delim(c)) {
        s->feed_mode = M_ATOM;
      }
      break;
    case M_STRING:
      if (c == '"') {
        if (i + 1 == s->feed.size && !final) goto wait; /* "" or end? */
        if (i + 1 < s->feed.size && s->feed.data[i + 1] == '"') {
          i++, s->scan_col++;
        } else {
          s->feed_mode = M_NORMAL;
          complete = !s->feed_depth;
        }
      }
      break;
    case M_QUOTED:
      if (c == '|') s->feed_mode = M_NORMAL, complete = !s->feed_depth;
      break;
    case M_COMMENT:
      if (c == '\n') s->feed_mode = M_NORMAL;
      break;
    case M_ATOM:
      if (is_delim(c)) { /* the atom ended before c: execute it alone */
        s->feed_mode = M_NORMAL;
        run(f, s, s->feed.data + done, i - done, dline, dcol);
        done = i, dline = s->scan_line, dcol = s->scan_col;
        continue; /* c is scanned again in M_NORMAL */
      }
      break;
    }
    if (c == '\n')
      s->scan_line++, s->scan_col = 1;
    else
      s->scan_col++;
    i++;
    if (complete) {
      run(f, s, s->feed.data + done, i - done, dline, dcol);
      done = i, dline = s->scan_line, dcol = s->scan_col;
    }
  }
wait:
  if (final && done < s->feed.size && !s->exited)
    run(f, s, s->feed.data + done, s->feed.size - done, dline, dcol),
        done = s->feed.size;
  /* Keep only what was not executed (a long command fed in many pieces is
   * not moved again and again: nothing moves until something ran). */
  if (done) memmove(s->feed.data, s->feed.data + done, s->feed.size - done);
  s->feed.size -= done;
  s->feed_scan = i - done;
  s->exec_line = dline, s->exec_col = dcol;
}

static void set_feed_source(ferret *f, fer_smt *s, const char *source) {
  if (!source) source = "";
  if (s->feed_source.size && !strcmp(s->feed_source.data, source)) return;
  size_t n = strlen(source) + 1;
  FER_CLEAR(s->feed_source);
  if (!FER_RESERVE(f, s->feed_source, n)) return;
  memcpy(s->feed_source.data, source, n);
  s->feed_source.size = n;
}

ferret_status fer_smt_feed(ferret *f, const char *source, const char *text,
                           size_t len) {
  fer_smt *s = f->smt;
  if (s->exited) return FERRET_OK;
  set_feed_source(f, s, source);
  if (len) {
    if (!FER_RESERVE(f, s->feed, len)) return f->error.status;
    memcpy(s->feed.data + s->feed.size, text, len);
    s->feed.size += len;
  }
  s->source = s->feed_source.size > 1 ? s->feed_source.data : NULL;
  s->first = FERRET_OK;
  feed_scan(f, s, false);
  s->source = NULL;
  return finish(f, s);
}

ferret_status fer_smt_feed_end(ferret *f) {
  fer_smt *s = f->smt;
  s->source = s->feed_source.size > 1 ? s->feed_source.data : NULL;
  s->first = FERRET_OK;
  if (!s->exited) feed_scan(f, s, true);
  s->source = NULL;
  FER_CLEAR(s->feed);
  s->feed_scan = 0;
  s->feed_depth = 0;
  s->feed_mode = M_NORMAL;
  s->exec_line = s->scan_line = 1;
  s->exec_col = s->scan_col = 1;
  return finish(f, s);
}

/* ------------------------------------------------------------- files */

/* A file that could not be read: no command ran, so there is no position
 * and no SMT-LIB response, only a diagnostic. */
static ferret_status file_error(ferret *f) {
  set_error_source(f, NULL);
  fer_diag(f, "ferret: %s\n", f->error.message);
  return f->error.status;
}

ferret_status ferret_execute_file(ferret *f, const char *path) {
  FER_REQUIRE(f, f && path, "NULL argument");
  atomic_store(&f->interrupt, 0);
  if (!strcmp(path, "-")) { /* stdin: command by command, as typed */
    char buf[65536];
    ferret_status first = FERRET_OK;
    while (!ferret_exited(f)) {
      ssize_t n = read(0, buf, sizeof buf);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) break;
      atomic_store(&f->interrupt, 0); /* an interrupt stops one command */
      ferret_status st = fer_smt_feed(f, "<stdin>", buf, (size_t)n);
      if (first == FERRET_OK) first = st;
    }
    ferret_status st = fer_smt_feed_end(f);
    return first != FERRET_OK ? first : st;
  }
  FILE *fp = fopen(path, "rb");
  if (!fp) {
    fer_error(f, FERRET_ERROR_IO, 0, 0, "cannot open '%s': %s", path,
              strerror(errno));
    return file_error(f);
  }
  FER_STACK(char) text = {0};
  size_t got;
  do {
    if (!FER_RESERVE(f, text, 1 << 16)) {
      fclose(fp);
      FER_RELEASE(f, text);
      return file_error(f);
    }
    got = fread(text.data + text.size, 1, text.cap - text.size, fp);
    text.size += got;
  } while (got);
  int bad = ferror(fp) ? errno : 0; /* EISDIR for a directory */
  fclose(fp);
  ferret_status st;
  if (bad) {
    fer_error(f, FERRET_ERROR_IO, 0, 0, "cannot read '%s': %s", path, strerror(bad));
    st = file_error(f);
  } else
    st = fer_smt_execute(f, path, text.data, text.size);
  FER_RELEASE(f, text);
  return st;
}

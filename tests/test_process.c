/* The process module (base/process.h): start, pipes, group kill, limits,
 * the PATH lookup, and writes to a child that is gone. */
#define _DEFAULT_SOURCE /* setenv, mkdtemp */
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "base/process.h"
#include "test.h"

/* Everything the child writes on p->out until it closes, at most cap - 1
 * bytes (NUL-terminated); false when nothing ends the output within
 * `seconds`. */
static bool read_until_eof(fer_proc *p, char *buf, size_t cap, double seconds) {
  size_t n = 0;
  struct timespec t0, t;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  for (;;) {
    clock_gettime(CLOCK_MONOTONIC, &t);
    double left = seconds - (double)(t.tv_sec - t0.tv_sec) -
                  1e-9 * (double)(t.tv_nsec - t0.tv_nsec);
    if (left <= 0) break;
    struct pollfd pf = {p->out, POLLIN, 0};
    int r = poll(&pf, 1, (int)(left * 1000) + 1);
    if (r < 0 && errno == EINTR) continue;
    if (r <= 0) break;
    char c[256];
    ssize_t got = read(p->out, c, sizeof c);
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0) {
      buf[n] = 0;
      return true;
    }
    for (ssize_t k = 0; k < got && n + 1 < cap; k++) buf[n++] = c[k];
  }
  buf[n] = 0;
  return false;
}

TEST(process_pipes_both_ways) {
  char *argv[] = {"sh", "-c", "read x; echo \"got $x\"; echo err >&2", NULL};
  fer_proc_spec s = {.argv = argv, .in = FER_PROC_PIPE, .out = FER_PROC_PIPE,
                     .err = FER_PROC_STDOUT};
  fer_proc p;
  CHECK_EQ_U(fer_proc_spawn(&s, &p), 0);
  CHECK(p.pid > 0 && p.in >= 0 && p.out >= 0);
  CHECK(fer_proc_write_all(p.in, "hello\n", 6));
  close(p.in), p.in = -1;
  char out[256];
  CHECK(read_until_eof(&p, out, sizeof out, 10));
  CHECK_STR(out, "got hello\nerr\n");
  CHECK(fer_proc_ended(&p, 10));
  CHECK_EQ_U(fer_proc_finish(&p, NULL), 0);
  CHECK(p.pid == 0 && p.in < 0 && p.out < 0);
}

TEST(process_exit_code_dir_and_limit) {
  char *argv[] = {"sh", "-c", "pwd; ulimit -v; exit 3", NULL};
  fer_proc_spec s = {.argv = argv, .dir = "/", .out = FER_PROC_PIPE, .mem_mb = 64};
  fer_proc p;
  CHECK_EQ_U(fer_proc_spawn(&s, &p), 0);
  char out[256];
  CHECK(read_until_eof(&p, out, sizeof out, 10));
  CHECK_STR(out, "/\n65536\n"); /* KiB */
  struct rusage ru;
  CHECK_EQ_U(fer_proc_finish(&p, &ru), 3);
  char cwd[4096];
  CHECK(getcwd(cwd, sizeof cwd) && strcmp(cwd, "/") != 0); /* ours unchanged */
}

/* The child is the leader of its own group, and a kill reaches what it
 * started: the background sleep holds the pipe open, so the output ends
 * only when the whole group is gone. */
TEST(process_timeout_kills_the_group) {
  char *argv[] = {"sh", "-c", "sleep 60 & echo started; wait", NULL};
  fer_proc_spec s = {.argv = argv, .out = FER_PROC_PIPE};
  fer_proc p;
  CHECK_EQ_U(fer_proc_spawn(&s, &p), 0);
  CHECK(getpgid(p.pid) == p.pid);
  CHECK(getpgid(p.pid) != getpgid(0));
  CHECK(!fer_proc_ended(&p, 0.2)); /* a timeout */
  fer_proc_kill(&p, SIGKILL);
  char out[256];
  CHECK(read_until_eof(&p, out, sizeof out, 20)); /* the sleep died too */
  CHECK_STR(out, "started\n");
  CHECK(fer_proc_ended(&p, 20));
  CHECK_EQ_U(fer_proc_finish(&p, NULL), 128 + SIGKILL);
}

/* fer_proc_finish kills the group even when the leader ended by itself. */
TEST(process_finish_kills_leftovers) {
  char *argv[] = {"sh", "-c", "sleep 60 & echo started", NULL};
  fer_proc_spec s = {.argv = argv, .out = FER_PROC_PIPE};
  fer_proc p;
  CHECK_EQ_U(fer_proc_spawn(&s, &p), 0);
  int fd = dup(p.out); /* the sleep's stdout stays open on our side too */
  CHECK(fer_proc_ended(&p, 20));
  pid_t leader = p.pid;
  CHECK_EQ_U(fer_proc_finish(&p, NULL), 0);
  fer_proc q = {.pid = leader, .in = -1, .out = fd};
  char out[256];
  CHECK(read_until_eof(&q, out, sizeof out, 20));
  CHECK_STR(out, "started\n");
  close(fd);
}

TEST(process_missing_program) {
  char *argv[] = {"ferret-no-such-program-here", NULL};
  fer_proc_spec s = {.argv = argv, .out = FER_PROC_PIPE};
  fer_proc p;
  CHECK_EQ_U(fer_proc_spawn(&s, &p), ENOENT);
  CHECK(p.pid == 0 && p.in < 0 && p.out < 0 && !p.exec_failed);
  char *none[] = {NULL};
  s.argv = none;
  CHECK_EQ_U(fer_proc_spawn(&s, &p), ENOENT);
  CHECK_EQ_U(fer_proc_finish(&p, NULL), 0); /* safe: nothing started */
}

/* An executable file that is no program: execve fails in the child and its
 * errno comes back, the child already reaped. */
TEST(process_exec_failure_reported) {
  char dir[] = "/tmp/ferret-proc.XXXXXX", path[64];
  CHECK(mkdtemp(dir) != NULL);
  snprintf(path, sizeof path, "%s/junk", dir);
  FILE *fp = fopen(path, "wb");
  CHECK(fp != NULL);
  if (!fp) return;
  fwrite("\x7f\x01\x02\x03garbage", 1, 11, fp);
  fclose(fp);
  chmod(path, 0700);
  char *argv[] = {path, NULL};
  fer_proc_spec s = {.argv = argv};
  fer_proc p;
  CHECK_EQ_U(fer_proc_spawn(&s, &p), ENOEXEC);
  CHECK(p.exec_failed && p.pid == 0 && p.status == 127);
  unlink(path), rmdir(dir);
}

TEST(process_path_lookup) {
  char dir[] = "/tmp/ferret-path.XXXXXX", prog[64], found[256];
  CHECK(mkdtemp(dir) != NULL);
  snprintf(prog, sizeof prog, "%s/ferret-probe", dir);
  FILE *fp = fopen(prog, "w");
  CHECK(fp != NULL);
  if (!fp) return;
  fputs("#!/bin/sh\necho probe \"$1\"\n", fp);
  fclose(fp);
  const char *old = getenv("PATH");
  char *saved = old ? strdup(old) : NULL;
  char path[256];
  snprintf(path, sizeof path, "/nonexistent:%s:/bin", dir);
  setenv("PATH", path, 1);
  CHECK(!fer_proc_find("ferret-probe", found, sizeof found)); /* not executable yet */
  chmod(prog, 0700);
  CHECK(fer_proc_find("ferret-probe", found, sizeof found));
  CHECK_STR(found, prog);
  CHECK(fer_proc_command_found("  ferret-probe --flag"));
  CHECK(!fer_proc_command_found("ferret-absent-probe"));
  CHECK(!fer_proc_find("ferret-probe", found, 8)); /* does not fit */
  char *argv[] = {"ferret-probe", "x", NULL};
  fer_proc_spec s = {.argv = argv, .out = FER_PROC_PIPE};
  fer_proc p;
  CHECK_EQ_U(fer_proc_spawn(&s, &p), 0); /* started through the same lookup */
  char out[64];
  CHECK(read_until_eof(&p, out, sizeof out, 10));
  CHECK_STR(out, "probe x\n");
  fer_proc_finish(&p, NULL);
  if (saved) setenv("PATH", saved, 1), free(saved);
  else unsetenv("PATH");
  CHECK(fer_proc_find("/bin/sh", found, sizeof found)); /* a path as it is */
  CHECK_STR(found, "/bin/sh");
  unlink(prog), rmdir(dir);
}

/* A child that is gone: the write fails, the process lives on, no SIGPIPE
 * stays pending and the thread's signal mask is as it was. */
TEST(process_write_to_ended_child) {
  char *argv[] = {"true", NULL};
  fer_proc_spec s = {.argv = argv, .in = FER_PROC_PIPE};
  fer_proc p;
  CHECK_EQ_U(fer_proc_spawn(&s, &p), 0);
  CHECK(fer_proc_ended(&p, 10));
  static char big[1 << 17];
  CHECK(!fer_proc_write_all(p.in, big, sizeof big));
  sigset_t mask, pending;
  pthread_sigmask(SIG_SETMASK, NULL, &mask);
  sigpending(&pending);
  CHECK(!sigismember(&mask, SIGPIPE));
  CHECK(!sigismember(&pending, SIGPIPE));
  fer_proc_finish(&p, NULL);
}

/* The child starts with no signal blocked, whatever our thread blocks. */
TEST(process_child_signal_mask_empty) {
  if (access("/proc/self/status", R_OK) != 0) SKIP("no /proc");
  sigset_t usr, old;
  sigemptyset(&usr);
  sigaddset(&usr, SIGUSR1);
  pthread_sigmask(SIG_BLOCK, &usr, &old);
  char *argv[] = {"grep", "SigBlk", "/proc/self/status", NULL};
  fer_proc_spec s = {.argv = argv, .out = FER_PROC_PIPE};
  fer_proc p;
  CHECK_EQ_U(fer_proc_spawn(&s, &p), 0);
  pthread_sigmask(SIG_SETMASK, &old, NULL);
  char out[256];
  CHECK(read_until_eof(&p, out, sizeof out, 10));
  CHECK_STR(out, "SigBlk:\t0000000000000000\n");
  fer_proc_finish(&p, NULL);
}

/* Child processes (contract in process.h). */
#define _DEFAULT_SOURCE /* wait4 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

#include "base/process.h"

extern char **environ;

bool fer_proc_find(const char *name, char *out, size_t cap) {
  if (!*name) return false;
  if (strchr(name, '/'))
    return (size_t)snprintf(out, cap, "%s", name) < cap && access(out, X_OK) == 0;
  const char *p = getenv("PATH");
  if (!p) p = "/usr/local/bin:/usr/bin:/bin";
  for (;;) {
    size_t n = strcspn(p, ":");
    if ((size_t)snprintf(out, cap, "%.*s%s%s", (int)n, p, n ? "/" : "", name) < cap &&
        access(out, X_OK) == 0)
      return true;
    if (!p[n]) return false;
    p += n + 1;
  }
}

bool fer_proc_command_found(const char *cmd) {
  char word[256], exe[1024];
  size_t n = strspn(cmd, " \t"), k = strcspn(cmd + n, " \t");
  if (!k || k >= sizeof word) return false;
  memcpy(word, cmd + n, k), word[k] = 0;
  return fer_proc_find(word, exe, sizeof exe);
}

static void close_fd(int *fd) {
  if (*fd >= 0) close(*fd);
  *fd = -1;
}

/* A pipe whose two ends are close-on-exec (the child's end is moved onto
 * 0, 1 or 2 by dup2, which clears the flag on the copy). */
static int cloexec_pipe(int fd[2]) {
  if (pipe(fd) != 0) return errno;
  fcntl(fd[0], F_SETFD, FD_CLOEXEC);
  fcntl(fd[1], F_SETFD, FD_CLOEXEC);
  return 0;
}

/* In the child: make `from` its descriptor `to`.  dup2 onto itself keeps
 * the close-on-exec flag, so it is cleared by hand then. */
static bool child_move(int from, int to) {
  if (from == to) return fcntl(to, F_SETFD, 0) == 0;
  return dup2(from, to) >= 0;
}

/* In the child, between fork and execve: system calls only (see
 * process.h).  Reports errno on `report` and ends on failure. */
static void child(const fer_proc_spec *s, const char *exe, const int src[3],
                  int report) {
  int e = 0;
  sigset_t none;
  sigemptyset(&none);
  if (setpgid(0, 0) != 0 || sigprocmask(SIG_SETMASK, &none, NULL) != 0) e = errno;
#ifdef __linux__
  if (!e && s->die_with_parent && prctl(PR_SET_PDEATHSIG, SIGKILL) != 0) e = errno;
#endif
  if (!e && s->mem_mb) {
    struct rlimit rl = {(rlim_t)s->mem_mb << 20, (rlim_t)s->mem_mb << 20};
    if (setrlimit(RLIMIT_AS, &rl) != 0) e = errno;
  }
  for (int k = 0; !e && k < 3; k++)
    if (src[k] >= 0 && !child_move(src[k], k)) e = errno;
  if (!e && s->dir && chdir(s->dir) != 0) e = errno;
  if (!e) execve(exe, s->argv, environ), e = errno;
  if (write(report, &e, sizeof e) < 0) _exit(126);
  _exit(127);
}

int fer_proc_spawn(const fer_proc_spec *s, fer_proc *p) {
  char exe[4096];
  p->pid = 0, p->in = p->out = -1, p->exec_failed = false, p->status = 0;
  if (!s->argv || !s->argv[0] || !fer_proc_find(s->argv[0], exe, sizeof exe))
    return ENOENT;
  /* src[k]: the descriptor that becomes the child's k, -1 to inherit;
   * ours[]: what the parent closes after the fork. */
  int src[3] = {-1, -1, -1}, ours[3] = {-1, -1, -1}, in[2] = {-1, -1},
      out[2] = {-1, -1}, report[2] = {-1, -1};
  const uint8_t mode[3] = {s->in, s->out, s->err};
  const int given[3] = {s->in_fd, s->out_fd, s->err_fd};
  int e = 0;
  for (int k = 0; !e && k < 3; k++) {
    switch (mode[k]) {
    case FER_PROC_NULL:
      if ((ours[k] = open("/dev/null", (k ? O_WRONLY : O_RDONLY) | O_CLOEXEC)) < 0)
        e = errno;
      else
        src[k] = ours[k];
      break;
    case FER_PROC_PIPE:
      if (k == 0) {
        if (!(e = cloexec_pipe(in))) src[0] = in[0];
      } else if (out[0] < 0) {
        if (!(e = cloexec_pipe(out))) src[k] = out[1];
      } else {
        src[k] = out[1]; /* stdout and stderr both a pipe: the same one */
      }
      break;
    case FER_PROC_FD: src[k] = given[k]; break;
    case FER_PROC_STDOUT: src[k] = k == 2 ? src[1] : -1; break;
    default: break; /* FER_PROC_INHERIT */
    }
  }
  if (!e) e = cloexec_pipe(report);
  pid_t pid = -1;
  if (!e && (pid = fork()) < 0) e = errno;
  if (pid == 0) child(s, exe, src, report[1]);
  if (pid > 0) setpgid(pid, pid); /* also here: no window in which a kill misses */
  for (int k = 0; k < 3; k++) close_fd(&ours[k]);
  close_fd(&in[0]), close_fd(&out[1]), close_fd(&report[1]);
  if (pid > 0) {
    int child_errno = 0;
    ssize_t got;
    while ((got = read(report[0], &child_errno, sizeof child_errno)) < 0 && errno == EINTR) {
    }
    if (got == (ssize_t)sizeof child_errno && child_errno) {
      e = child_errno; /* the child ends by itself (_exit): reap it */
      while (waitpid(pid, NULL, 0) < 0 && errno == EINTR) {
      }
      p->exec_failed = true, p->status = 127;
    } else {
      p->pid = pid;
      p->in = in[1], in[1] = -1;
      p->out = out[0], out[0] = -1;
    }
  }
  close_fd(&report[0]), close_fd(&in[1]), close_fd(&out[0]);
  return e;
}

void fer_proc_kill(const fer_proc *p, int sig) {
  if (p->pid > 0) kill(-p->pid, sig);
}

bool fer_proc_ended(const fer_proc *p, double seconds) {
  if (p->pid <= 0) return true;
  struct timespec t0;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  long step_ns = 100000; /* 0.1 ms, doubling up to 10 ms */
  for (;;) {
    siginfo_t info;
    memset(&info, 0, sizeof info);
    int w = waitid(P_PID, (id_t)p->pid, &info, WEXITED | WNOHANG | WNOWAIT);
    if (w == 0 && info.si_pid == p->pid) return true;
    if (w < 0 && errno != EINTR) return true; /* not our child (any more) */
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    double spent = (double)(now.tv_sec - t0.tv_sec) + 1e-9 * (double)(now.tv_nsec - t0.tv_nsec);
    if (spent >= seconds) return false;
    double left_ns = (seconds - spent) * 1e9;
    struct timespec ts = {0, step_ns < left_ns ? step_ns : (long)left_ns + 1};
    nanosleep(&ts, NULL); /* EINTR (a signal to us) just looks sooner */
    if (step_ns < 10000000) step_ns *= 2;
  }
}

int fer_proc_finish(fer_proc *p, struct rusage *ru) {
  close_fd(&p->in), close_fd(&p->out);
  if (ru) memset(ru, 0, sizeof *ru);
  if (p->pid <= 0) return p->status;
  kill(-p->pid, SIGKILL);
  int status = 0;
  while (wait4(p->pid, &status, 0, ru) < 0 && errno == EINTR) {
  }
  p->pid = 0;
  p->status = WIFEXITED(status) ? WEXITSTATUS(status)
              : WIFSIGNALED(status) ? 128 + WTERMSIG(status) : 1;
  return p->status;
}

bool fer_proc_write_all(int fd, const void *data, size_t n) {
  sigset_t pipe_set, old;
  sigemptyset(&pipe_set);
  sigaddset(&pipe_set, SIGPIPE);
  pthread_sigmask(SIG_BLOCK, &pipe_set, &old);
  const char *c = data;
  bool ok = true;
  while (n) {
    ssize_t w = write(fd, c, n);
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) {
      ok = false;
      break;
    }
    c += w, n -= (size_t)w;
  }
  /* drop the SIGPIPE the write raised, unless it was held before */
  struct timespec zero = {0, 0};
  if (!sigismember(&old, SIGPIPE))
    while (sigtimedwait(&pipe_set, NULL, &zero) == SIGPIPE) {
    }
  pthread_sigmask(SIG_SETMASK, &old, NULL);
  return ok;
}

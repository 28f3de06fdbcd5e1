/* Child processes: the one place ferret starts a program (the libFuzzer
 * backend's clang and fuzzer, portfolio partners, hunt's solvers, and the
 * CLI's bench and gnuplot).
 *
 * A child is started from an argv (no shell: words need no quoting), its
 * argv[0] looked up once with fer_proc_find, as the LEADER OF ITS OWN
 * PROCESS GROUP, so that one kill reaches whatever it starts in turn.  It
 * is forked and everything it needs (the executable's path, the
 * descriptors, the limits) is prepared before the fork; between fork and
 * execve the child makes system calls only (async-signal-safe: setpgid,
 * sigprocmask, prctl, setrlimit, open, dup2, fcntl, chdir), which is what
 * makes the fork safe in a threaded process.  The child starts with an
 * empty signal mask, whatever the mask of the thread that started it.
 * Whether execve worked is known when fer_proc_spawn returns: the child
 * reports its errno through a close-on-exec pipe.
 *
 * Nothing process-wide is changed: no signal disposition, no environment,
 * no current directory of ours.  The module needs no context and
 * allocates nothing, so the CLI uses it as well.
 *
 * The group must be killed while its leader is not yet reaped (a reaped
 * leader's pid, the group id, may be reused): fer_proc_ended looks without
 * reaping, and fer_proc_finish kills the group, THEN reaps the leader. */
#ifndef FER_PROCESS_H
#define FER_PROCESS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/resource.h>
#include <sys/types.h>

/* What a standard descriptor of the child is connected to. */
enum {
  FER_PROC_NULL,   /* /dev/null (the default: 0) */
  FER_PROC_PIPE,   /* a pipe whose other end is ours (fer_proc.in / .out) */
  FER_PROC_FD,     /* the caller's open descriptor (in_fd / out_fd / err_fd) */
  FER_PROC_INHERIT,/* ours, as it is */
  FER_PROC_STDOUT  /* stderr only: wherever stdout goes (the same pipe) */
};

typedef struct fer_proc_spec {
  char *const *argv;    /* argv[0] is looked up with fer_proc_find */
  const char *dir;      /* working directory of the child; NULL: ours */
  uint8_t in, out, err; /* FER_PROC_* for stdin, stdout, stderr */
  int in_fd, out_fd, err_fd; /* for FER_PROC_FD */
  uint32_t mem_mb;      /* address-space limit (RLIMIT_AS); 0: none */
  bool die_with_parent; /* Linux: SIGKILL when the starting THREAD ends */
} fer_proc_spec;

typedef struct fer_proc {
  pid_t pid;       /* leader of its group; 0: none (not started, or reaped) */
  int in, out;     /* our ends of the FER_PROC_PIPE pipes, else -1 */
  bool exec_failed;/* fer_proc_spawn: forked, but execve failed */
  int status;      /* after fer_proc_finish: exit code, or 128 + signal */
} fer_proc;

/* The executable `name` as execvp would find it: a name with a '/' as it
 * is, else the first executable PATH entry (an empty entry is the current
 * directory; no PATH: /usr/local/bin:/usr/bin:/bin), into out[0..cap).
 * false when none is found or the path does not fit. */
bool fer_proc_find(const char *name, char *out, size_t cap);

/* Is the first blank-separated word of command line cmd a program
 * fer_proc_find finds? */
bool fer_proc_command_found(const char *cmd);

/* Start s->argv as the leader of a new process group.  0 on success (p
 * filled in; the caller must end it with fer_proc_finish), else an errno:
 * ENOENT when argv[0] is not found, or why the pipes, the fork or the
 * child's set-up or execve failed.  On failure nothing is left behind (no
 * descriptor, no zombie); p->exec_failed says the child had started (it
 * is reaped, p->status 127). */
int fer_proc_spawn(const fer_proc_spec *s, fer_proc *p);

/* Send sig to the child's whole group (nothing if there is no child). */
void fer_proc_kill(const fer_proc *p, int sig);

/* Has the leader ended?  Looks without reaping (the group id stays
 * reserved).  Waits up to `seconds` (0: only a look) for it. */
bool fer_proc_ended(const fer_proc *p, double seconds);

/* Close our pipe ends, kill the group (SIGKILL: whatever the leader left
 * behind goes too), reap the leader (waiting for it), fill p->status and
 * *ru (if not NULL) with its resource usage; returns p->status.  Safe on a
 * proc that never started. */
int fer_proc_finish(fer_proc *p, struct rusage *ru);

/* Write n bytes to descriptor fd (a pipe to a child), with SIGPIPE held
 * on the calling thread (and a pending one dropped), so a child that ended
 * before reading ends the write with false instead of the process. */
bool fer_proc_write_all(int fd, const void *data, size_t n);

#endif

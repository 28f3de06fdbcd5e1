/* One execution for bench/symcc/drive.py: runs PROGRAM with a CPU limit and
   writes to file descriptor 3 one line "STATUS CPU_SECONDS PEAK_KIB" (the
   exit status, or 128 + the signal; user + system time to the microsecond;
   the peak resident set).  The program is forked from this small process,
   not from the driver: a process keeps the highest resident set of every
   image it ran, across exec, so a program started from the driver's own
   process would report the driver's memory as its peak.

       spawn CPU_LIMIT_S PROGRAM [ARGS...]

   Build: cc -O1 -o spawn spawn.c */
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>

int main(int argc, char **argv)
{
  if (argc < 3) {
    fputs("usage: spawn CPU_LIMIT_S PROGRAM [ARGS...]\n", stderr);
    return 2;
  }
  rlim_t limit = (rlim_t)strtoul(argv[1], 0, 10);
  pid_t pid = fork();
  if (pid < 0) {
    perror("spawn: fork");
    return 2;
  }
  if (pid == 0) {
    struct rlimit rl = {limit, limit};
    setrlimit(RLIMIT_CPU, &rl);
    close(3);
    execv(argv[2], argv + 2);
    _exit(127);
  }
  int status = 0;
  struct rusage ru;
  if (wait4(pid, &status, 0, &ru) < 0) {
    perror("spawn: wait4");
    return 2;
  }
  int code = WIFSIGNALED(status) ? 128 + WTERMSIG(status) : WEXITSTATUS(status);
  double cpu = (double)ru.ru_utime.tv_sec + 1e-6 * (double)ru.ru_utime.tv_usec +
               (double)ru.ru_stime.tv_sec + 1e-6 * (double)ru.ru_stime.tv_usec;
  FILE *f = fdopen(3, "w");
  if (!f)
    return 2;
  fprintf(f, "%d %.6f %ld\n", code, cpu, ru.ru_maxrss);
  return fclose(f) == 0 ? 0 : 2;
}

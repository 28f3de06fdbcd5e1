/* Edge coverage for the benchmark's coverage builds of the programs
   (clang -fsanitize-coverage=trace-pc-guard).  Every guard gets an index;
   the first time a guard is hit, its byte in the file named by
   FSYM_COV_MAP is set to 1.  The file is mapped shared, so what a run
   reached is kept even when the program crashes or calls _exit; replaying
   inputs one after the other on the same file gives the union of what they
   reach.  Without FSYM_COV_MAP nothing is recorded. */
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

static unsigned char *cov_map;

void __sanitizer_cov_trace_pc_guard_init(uint32_t *start, uint32_t *stop)
{
  static uint32_t count;
  if (start == stop || *start)
    return;
  for (uint32_t *g = start; g < stop; g++)
    *g = ++count;
  const char *path = getenv("FSYM_COV_MAP");
  if (!path)
    return;
  int fd = open(path, O_RDWR | O_CREAT, 0644);
  if (fd < 0)
    return;
  /* One module per program here, so all guards are numbered by now. */
  if (ftruncate(fd, (off_t)count + 1) == 0) {
    void *p = mmap(0, (size_t)count + 1, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    if (p != MAP_FAILED)
      cov_map = p;
  }
  close(fd);
}

void __sanitizer_cov_trace_pc_guard(uint32_t *guard)
{
  if (cov_map && *guard)
    cov_map[*guard] = 1;
}

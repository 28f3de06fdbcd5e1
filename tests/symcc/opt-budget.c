/* The optimistic retry's budget.  The seed 7 passes the first branch, so
 * the path fixes x = 7 and every query of the loops' branches (pi and
 * x * x == c) is unsat at once (the intervals of the path).  The retry on
 * b alone then ends on its budget: x * x is never 3 mod 8 over 32 bits
 * (an odd square is 1 mod 8) and no stage proves it.  Such a retry
 * escalates the branch's budget like a first solve ending on it, and
 * marks the branch: its later queries get no retry.  Of the 7 visits of
 * each loop's branch that the back-off lets through (1, 2, 3, 4, 8, 16,
 * 32), the first ends on its budget of 2 ms (the branch's budget becomes
 * 4) and the 6 others are asked with 4 ms and not retried, in the first
 * loop (where b is one term, hash-consed) as in the second (where b
 * changes with i). */
#include <stdint.h>
#include <stdio.h>
#include <unistd.h>

int main(void) {
  uint32_t x;
  if (read(0, &x, sizeof x) != sizeof x) return 1;
  if (x != 7) return 0;
  for (volatile int i = 0; i < 64; i++)
    if (x * x == 3u) printf("square at %d\n", i);
  for (volatile int i = 0; i < 64; i++)
    if (x * x == 11u + 8u * (uint32_t)i) printf("square %d\n", i);
  return 0;
}

/* The optimistic retry's budget.  The seed 7 passes the first branch, so
 * the path fixes x = 7 and every query of the loops' branches (pi and
 * x * x == c) is unsat at once (the intervals of the path).  The retry on
 * b alone then ends on its budget: x * x is never 3 mod 8 over 32 bits
 * (an odd square is 1 mod 8) and no stage proves it.  Such a retry must
 * neither escalate the branch's budget nor retire it (the query about pi
 * and b was answered).  Of the 7 visits of each loop's branch that the
 * back-off lets through (1, 2, 3, 4, 8, 16, 32): in the first loop b is
 * one term (hash-consed), so one retry ends on its budget and 6 repeat
 * it; in the second b changes with i, so one retry ends on its budget and
 * marks the branch, and the 6 others are skipped for the mark. */
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

/* frem is C's fmod (sign of x, truncated quotient), not IEEE's remainder:
 * fmod(x, 3) == 2 has solutions (x = 2, 5, ...), remainder(x, 3) == 2 none
 * (it lies in [-1.5, 1.5]).  Seed x = 4: fmod is 1, "miss". */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

int main(void) {
  double x;
  if (read(0, &x, sizeof x) != sizeof x) return 1;
  double r = fmod(x, 3.0);
  puts(r == 2.0 ? "hit" : "miss");
  return 0;
}

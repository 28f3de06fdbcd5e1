/* One branch site visited 64 times whose query no stage decides: x * x
 * is never 3 + 8i over 32 bits (an odd square is 1 mod 8, an even one 0
 * or 4 mod 8), and no stage proves it, so every query ends on its
 * budget.  With a first budget of 1 ms and a cap of 4 ms, the visits the
 * back-off lets through (1, 2, 3, 4, 8, 16, 32) are asked with 1, 2 and
 * 4 ms; the site is then retired and the other four are not asked. */
#include <stdint.h>
#include <stdio.h>
#include <unistd.h>

int main(void) {
  uint32_t x;
  if (read(0, &x, sizeof x) != sizeof x) return 1;
  for (volatile int i = 0; i < 64; i++)
    if (x * x == 3u + 8u * (uint32_t)i) printf("square at %d\n", i);
  return 0;
}

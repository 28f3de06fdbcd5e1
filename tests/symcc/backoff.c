/* One branch site visited 64 times with a symbolic byte: QSYM-style
 * back-off solves it at visits 1, 2, 3, 4, 8, 16, 32 only. */
#include <stdio.h>
#include <unistd.h>

int main(void) {
  unsigned char b;
  if (read(0, &b, 1) != 1) return 1;
  for (volatile int i = 0; i < 64; i++)
    if (b == (unsigned char)(3 * i + 1)) printf("equal at %d\n", i);
  return 0;
}

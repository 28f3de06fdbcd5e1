/* malloc's size is concretised (SymCC adds "size == its value" to the
 * path), so the branch on the same byte cannot flip under the path: only
 * optimistic solving (the branch alone) finds the input. */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

int main(void) {
  unsigned char b;
  if (read(0, &b, 1) != 1) return 1;
  char *p = malloc((size_t)b + 1);
  if (!p) return 1;
  p[0] = 0;
  if (b == 0x42) puts("hit");
  free(p);
  return 0;
}

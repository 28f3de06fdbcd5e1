/* Unordered and ordered comparisons of a float read from the input; seed
 * 1.0f takes neither branch. */
#include <stdio.h>
#include <unistd.h>

int main(void) {
  float x;
  if (read(0, &x, sizeof x) != sizeof x) return 1;
  if (x != x) puts("nan");
  if (x > 1.5f && x < 1.75f) puts("in");
  if ((int)(x * 1000.0f) == -2500) puts("int");
  return 0;
}

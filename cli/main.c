#include <stdio.h>
#include "ferret.h"
int main(int argc, char **argv) {
  ferret *f = ferret_new();
  int rc = argc > 1 ? ferret_execute_file(f, argv[1]) : 0;
  ferret_delete(f);
  return rc;
}

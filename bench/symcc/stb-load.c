/* Benchmark driver for stb_image (nothings/stb): decodes the image file
   named on the command line (PNG, JPEG, BMP, GIF, PSD, PIC, PNM, TGA or
   HDR, whichever it is) and prints its size and a checksum of the pixels. */
#include <stdio.h>
#define STB_IMAGE_IMPLEMENTATION
#define STBI_MAX_DIMENSIONS 4096
#include "stb_image.h"

int main(int argc, char **argv)
{
  if (argc != 2)
    return 2;
  int w, h, n;
  unsigned char *px = stbi_load(argv[1], &w, &h, &n, 0);
  if (!px) {
    printf("error: %s\n", stbi_failure_reason());
    return 1;
  }
  unsigned long sum = 0;
  for (long i = 0; i < (long)w * h * n; i++)
    sum = sum * 31 + px[i];
  printf("%dx%d channels %d sum %lx\n", w, h, n, sum);
  stbi_image_free(px);
  return 0;
}

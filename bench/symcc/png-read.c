/* Benchmark driver for libpng: reads the PNG file named on the command line
   with png_read_png (all transformations that expand to 8-bit RGBA, gamma
   included) and prints the image's header fields and a checksum of the
   rows.  zlib is the system's (not instrumented). */
#include <stdio.h>
#include <stdlib.h>
#include "png.h"

int main(int argc, char **argv)
{
  if (argc != 2)
    return 2;
  FILE *f = fopen(argv[1], "rb");
  if (!f)
    return 2;
  png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, 0, 0, 0);
  png_infop info = png ? png_create_info_struct(png) : 0;
  if (!info) {
    fclose(f);
    return 2;
  }
  if (setjmp(png_jmpbuf(png))) {
    png_destroy_read_struct(&png, &info, 0);
    fclose(f);
    puts("error");
    return 1;
  }
  png_init_io(png, f);
  png_set_user_limits(png, 4096, 4096);
  png_read_png(png, info, PNG_TRANSFORM_EXPAND | PNG_TRANSFORM_STRIP_16 |
               PNG_TRANSFORM_GRAY_TO_RGB | PNG_TRANSFORM_PACKING, 0);
  png_uint_32 w = png_get_image_width(png, info), h = png_get_image_height(png, info);
  double gamma = 0;
  png_get_gAMA(png, info, &gamma);
  png_bytepp rows = png_get_rows(png, info);
  size_t rowbytes = png_get_rowbytes(png, info);
  unsigned long sum = 0;
  for (png_uint_32 y = 0; y < h; y++)
    for (size_t x = 0; x < rowbytes; x++)
      sum = sum * 31 + rows[y][x];
  printf("%lux%lu depth %d type %d gamma %g sum %lx\n", (unsigned long)w,
         (unsigned long)h, png_get_bit_depth(png, info),
         png_get_color_type(png, info), gamma, sum);
  png_destroy_read_struct(&png, &info, 0);
  fclose(f);
  return 0;
}

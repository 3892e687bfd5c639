#include <errno.h>
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "config/error.h"
#include "render/screenshot.h"

/* PNG's alpha is straight: each colour is divided by alpha again, rounded
 * to nearest, so an opaque pixel is written as it is. */
static void put_pixel(uint8_t *out, uint32_t argb, bool alpha) {
	uint32_t a = argb >> 24;
	for (int i = 0; i < 3; i++) {
		uint32_t c = (argb >> (16 - 8 * i)) & 0xff;
		if (alpha && a != 0xff) {
			c = a == 0 ? 0 : (c * 255 + a / 2) / a;
			c = c > 255 ? 255 : c;
		}
		out[i] = (uint8_t)c;
	}
	if (alpha) {
		out[3] = (uint8_t)a;
	}
}

bool gridwl_png_write(const char *path, const struct gridwl_image *image,
		char **error) {
	FILE *file = fopen(path, "wb");
	if (file == NULL) {
		gridwl_set_error(error, "%s: %s", path, strerror(errno));
		return false;
	}
	png_structp png =
			png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
	png_infop info = png != NULL ? png_create_info_struct(png) : NULL;
	int channels = image->alpha ? 4 : 3;
	uint8_t *row = malloc((size_t)image->width * channels);
	if (png == NULL || info == NULL || row == NULL) {
		png_destroy_write_struct(&png, &info);
		free(row);
		fclose(file);
		gridwl_set_error(error, "out of memory");
		return false;
	}
	if (setjmp(png_jmpbuf(png))) {
		png_destroy_write_struct(&png, &info);
		free(row);
		fclose(file);
		gridwl_set_error(error, "%s: writing the PNG failed", path);
		return false;
	}
	png_init_io(png, file);
	// Outputs are opaque: RGB without alpha, as grim writes them.
	png_set_IHDR(png, info, image->width, image->height, 8,
			image->alpha ? PNG_COLOR_TYPE_RGB_ALPHA : PNG_COLOR_TYPE_RGB,
			PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT,
			PNG_FILTER_TYPE_DEFAULT);
	png_set_compression_level(png, 1);
	png_write_info(png, info);
	for (int y = 0; y < image->height; y++) {
		const uint32_t *src = (const uint32_t *)((const uint8_t *)image->data +
				(size_t)y * image->stride);
		for (int x = 0; x < image->width; x++) {
			put_pixel(row + (size_t)channels * x, src[x], image->alpha);
		}
		png_write_row(png, row);
	}
	png_write_end(png, info);
	png_destroy_write_struct(&png, &info);
	free(row);
	if (fclose(file) != 0) {
		gridwl_set_error(error, "%s: %s", path, strerror(errno));
		return false;
	}
	return true;
}

#ifndef GRIDWL_TESTS_IMAGE_H
#define GRIDWL_TESTS_IMAGE_H

#include <stdbool.h>
#include <stdint.h>

/* Pixels are 0xAARRGGBB, row-major, no padding between rows. */
struct image {
	int width, height;
	uint32_t *pixels;
};

/* Zero-filled; NULL when the size is not positive or memory runs out. */
struct image *image_create(int width, int height);
void image_destroy(struct image *image);

static inline uint32_t image_get(const struct image *image, int x, int y) {
	return image->pixels[(size_t)y * (size_t)image->width + (size_t)x];
}

static inline void image_set(struct image *image, int x, int y,
		uint32_t pixel) {
	image->pixels[(size_t)y * (size_t)image->width + (size_t)x] = pixel;
}

/* 8-bit RGB or RGBA only (what grim and gridctl write): anything that would
 * need a conversion is refused, so a test never compares converted colours.
 * RGB pixels get alpha 0xff. Errors are printed to stderr. */
struct image *image_load_png(const char *path);
/* Writes 8-bit RGBA. */
bool image_save_png(const struct image *image, const char *path);

/* What pixel (rx, ry) of a compared region must be; rx and ry count from the
 * region's top-left corner, so a pattern drawn at the region's origin can be
 * checked without offsets. */
typedef uint32_t (*image_expect_func)(void *data, int rx, int ry);

struct image_region {
	int x, y, width, height;
};

struct image_mismatch {
	long count;
	int x, y; // image coordinates of the first mismatch in row order
	uint32_t expected, actual;
};

/* Compares every pixel of the region exactly; returns the number of
 * mismatches (also in mismatch->count) or -1 when the region does not lie
 * within the image. mismatch may be NULL. */
long image_compare(const struct image *image, struct image_region region,
		image_expect_func expect, void *data, struct image_mismatch *mismatch);

/* The region as it should be with mismatches in opaque red (or green where
 * the expected pixel is red), for looking at after a failure. */
struct image *image_diff(const struct image *image, struct image_region region,
		image_expect_func expect, void *data);

#endif

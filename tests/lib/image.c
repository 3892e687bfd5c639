#include <errno.h>
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "image.h"

struct image *image_create(int width, int height) {
	if (width <= 0 || height <= 0) {
		return NULL;
	}
	struct image *image = calloc(1, sizeof(*image));
	if (image == NULL) {
		return NULL;
	}
	image->width = width;
	image->height = height;
	image->pixels =
			calloc((size_t)width * (size_t)height, sizeof(*image->pixels));
	if (image->pixels == NULL) {
		free(image);
		return NULL;
	}
	return image;
}

void image_destroy(struct image *image) {
	if (image == NULL) {
		return;
	}
	free(image->pixels);
	free(image);
}

/*
 * libpng reports errors by longjmp. Everything that must be freed after one
 * lives in this struct, reached through a pointer that setjmp cannot
 * clobber, so no local variable needs to be volatile.
 */
struct png_read {
	FILE *file;
	png_structp png;
	png_infop info;
	png_bytep row;
	struct image *image;
};

static void png_read_finish(struct png_read *r, bool failed) {
	png_destroy_read_struct(&r->png, r->info ? &r->info : NULL, NULL);
	free(r->row);
	r->row = NULL;
	if (r->file != NULL) {
		fclose(r->file);
		r->file = NULL;
	}
	if (failed) {
		image_destroy(r->image);
		r->image = NULL;
	}
}

static bool read_rows(struct png_read *r, const char *path) {
	png_uint_32 width, height;
	int depth, colour_type, interlace;
	png_read_info(r->png, r->info);
	png_get_IHDR(r->png, r->info, &width, &height, &depth, &colour_type,
			&interlace, NULL, NULL);
	if (depth != 8 ||
			(colour_type != PNG_COLOR_TYPE_RGB &&
					colour_type != PNG_COLOR_TYPE_RGB_ALPHA)) {
		fprintf(stderr,
				"%s: unsupported PNG (bit depth %d, colour type %d): "
				"want 8-bit RGB or RGBA\n",
				path, depth, colour_type);
		return false;
	}
	if (interlace != PNG_INTERLACE_NONE) {
		fprintf(stderr, "%s: interlaced PNG not supported\n", path);
		return false;
	}
	if (width > 16384 || height > 16384) {
		fprintf(stderr, "%s: PNG too large (%ux%u)\n", path, (unsigned)width,
				(unsigned)height);
		return false;
	}
	r->image = image_create((int)width, (int)height);
	size_t channels = colour_type == PNG_COLOR_TYPE_RGB ? 3 : 4;
	r->row = malloc(width * channels);
	if (r->image == NULL || r->row == NULL) {
		fprintf(stderr, "%s: out of memory\n", path);
		return false;
	}
	for (png_uint_32 y = 0; y < height; y++) {
		png_read_row(r->png, r->row, NULL);
		for (png_uint_32 x = 0; x < width; x++) {
			const png_byte *p = r->row + x * channels;
			uint32_t a = channels == 4 ? p[3] : 0xff;
			image_set(r->image, (int)x, (int)y,
					a << 24 | (uint32_t)p[0] << 16 | (uint32_t)p[1] << 8 |
							p[2]);
		}
	}
	png_read_end(r->png, NULL);
	return true;
}

struct image *image_load_png(const char *path) {
	struct png_read *r = calloc(1, sizeof(*r));
	if (r == NULL) {
		return NULL;
	}
	r->file = fopen(path, "rb");
	if (r->file == NULL) {
		fprintf(stderr, "%s: %s\n", path, strerror(errno));
		free(r);
		return NULL;
	}
	png_byte signature[8];
	if (fread(signature, 1, sizeof(signature), r->file) != sizeof(signature) ||
			png_sig_cmp(signature, 0, sizeof(signature)) != 0) {
		fprintf(stderr, "%s: not a PNG file\n", path);
		png_read_finish(r, true);
		free(r);
		return NULL;
	}
	r->png = png_create_read_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
	if (r->png != NULL) {
		r->info = png_create_info_struct(r->png);
	}
	if (r->info == NULL) {
		fprintf(stderr, "%s: out of memory\n", path);
		png_read_finish(r, true);
		free(r);
		return NULL;
	}
	bool ok = false;
	if (setjmp(png_jmpbuf(r->png)) == 0) {
		png_init_io(r->png, r->file);
		png_set_sig_bytes(r->png, sizeof(signature));
		ok = read_rows(r, path);
	} else {
		fprintf(stderr, "%s: corrupt PNG\n", path);
	}
	png_read_finish(r, !ok);
	struct image *image = r->image;
	free(r);
	return image;
}

struct png_write {
	FILE *file;
	png_structp png;
	png_infop info;
	png_bytep row;
};

static void write_rows(struct png_write *w, const struct image *image) {
	png_init_io(w->png, w->file);
	png_set_IHDR(w->png, w->info, (png_uint_32)image->width,
			(png_uint_32)image->height, 8, PNG_COLOR_TYPE_RGB_ALPHA,
			PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT,
			PNG_FILTER_TYPE_DEFAULT);
	png_write_info(w->png, w->info);
	for (int y = 0; y < image->height; y++) {
		for (int x = 0; x < image->width; x++) {
			uint32_t p = image_get(image, x, y);
			png_byte *out = w->row + (size_t)x * 4;
			out[0] = (p >> 16) & 0xff;
			out[1] = (p >> 8) & 0xff;
			out[2] = p & 0xff;
			out[3] = p >> 24;
		}
		png_write_row(w->png, w->row);
	}
	png_write_end(w->png, NULL);
}

bool image_save_png(const struct image *image, const char *path) {
	struct png_write *w = calloc(1, sizeof(*w));
	if (w == NULL) {
		return false;
	}
	bool ok = false;
	w->file = fopen(path, "wb");
	if (w->file == NULL) {
		fprintf(stderr, "%s: %s\n", path, strerror(errno));
		goto out;
	}
	w->row = malloc((size_t)image->width * 4);
	w->png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
	if (w->png != NULL) {
		w->info = png_create_info_struct(w->png);
	}
	if (w->row == NULL || w->info == NULL) {
		fprintf(stderr, "%s: out of memory\n", path);
		goto out;
	}
	if (setjmp(png_jmpbuf(w->png)) == 0) {
		write_rows(w, image);
		ok = true;
	} else {
		fprintf(stderr, "%s: cannot write PNG\n", path);
	}

out:
	png_destroy_write_struct(&w->png, w->info ? &w->info : NULL);
	free(w->row);
	if (w->file != NULL && fclose(w->file) != 0) {
		ok = false;
	}
	free(w);
	return ok;
}

static bool region_within(const struct image *image, struct image_region r) {
	return r.x >= 0 && r.y >= 0 && r.width >= 0 && r.height >= 0 &&
			r.x <= image->width - r.width && r.y <= image->height - r.height;
}

long image_compare(const struct image *image, struct image_region region,
		image_expect_func expect, void *data, struct image_mismatch *mismatch) {
	struct image_mismatch m = { 0 };
	if (!region_within(image, region)) {
		if (mismatch != NULL) {
			*mismatch = m;
		}
		return -1;
	}
	for (int ry = 0; ry < region.height; ry++) {
		for (int rx = 0; rx < region.width; rx++) {
			uint32_t want = expect(data, rx, ry);
			uint32_t got = image_get(image, region.x + rx, region.y + ry);
			if (want == got) {
				continue;
			}
			if (m.count++ == 0) {
				m.x = region.x + rx;
				m.y = region.y + ry;
				m.expected = want;
				m.actual = got;
			}
		}
	}
	if (mismatch != NULL) {
		*mismatch = m;
	}
	return m.count;
}

struct image *image_diff(const struct image *image, struct image_region region,
		image_expect_func expect, void *data) {
	if (!region_within(image, region)) {
		return NULL;
	}
	struct image *diff = image_create(region.width, region.height);
	if (diff == NULL) {
		return NULL;
	}
	for (int ry = 0; ry < region.height; ry++) {
		for (int rx = 0; rx < region.width; rx++) {
			uint32_t want = expect(data, rx, ry);
			uint32_t got = image_get(image, region.x + rx, region.y + ry);
			uint32_t mark = want == 0xffff0000u ? 0xff00ff00u : 0xffff0000u;
			image_set(diff, rx, ry, want == got ? want : mark);
		}
	}
	return diff;
}

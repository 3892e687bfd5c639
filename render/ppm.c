#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "config/error.h"
#include "render/screenshot.h"

/* Binary PPM (P6): no compression, so a script that only compares pixels
 * gets them several times faster than as PNG. Screenshots are opaque, so
 * nothing is lost. */
bool gridwl_ppm_write(const char *path, const struct gridwl_image *image,
		char **error) {
	FILE *file = fopen(path, "wb");
	if (file == NULL) {
		gridwl_set_error(error, "%s: %s", path, strerror(errno));
		return false;
	}
	uint8_t *row = malloc((size_t)image->width * 3);
	bool ok = row != NULL &&
			fprintf(file, "P6\n%d %d\n255\n", image->width, image->height) > 0;
	for (int y = 0; ok && y < image->height; y++) {
		const uint32_t *src = (const uint32_t *)((const uint8_t *)image->data +
				(size_t)y * image->stride);
		for (int x = 0; x < image->width; x++) {
			row[x * 3] = (uint8_t)(src[x] >> 16);
			row[x * 3 + 1] = (uint8_t)(src[x] >> 8);
			row[x * 3 + 2] = (uint8_t)src[x];
		}
		ok = fwrite(row, 3, (size_t)image->width, file) == (size_t)image->width;
	}
	free(row);
	if (fclose(file) != 0) {
		ok = false;
	}
	if (!ok) {
		gridwl_set_error(error, "%s: cannot write the image", path);
	}
	return ok;
}

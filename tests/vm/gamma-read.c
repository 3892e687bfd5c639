/*
 * What the kernel holds as a connector's gamma ramps, for the VM test's
 * gamma step (issue 20): the CRTC driving it, its GAMMA_LUT property (the
 * atomic LUT wlroots commits) and its legacy gamma table.
 *
 *   vm-gamma [DEVICE] CONNECTOR
 *
 * prints one line, "crtc ID gamma_lut_size N lut none|identity|ramp
 * legacy_size N legacy identity|ramp|none", with a ramp's mid and last
 * entries as r,g,b after "ramp". DEVICE defaults to /dev/dri/card0; it
 * needs no DRM master, so it runs beside the compositor.
 *
 *   vm-gamma --crtcs
 *
 * prints what every CRTC of every /dev/dri/card* offers, whether or not
 * it drives a connector: "cardN DRIVER crtc ID gamma_lut_size N
 * legacy_size N".
 */
#include <fcntl.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <xf86drm.h>
#include <xf86drmMode.h>
#include "connector.h"

/* Whether entry i of n is the identity's, within the rounding of the
 * 16-bit scale. */
static bool identity_at(uint16_t value, uint32_t i, uint32_t n) {
	int64_t want = n > 1 ? (int64_t)i * 0xffff / (n - 1) : 0;
	int64_t diff = value - want;
	return diff >= -1 - (int64_t)(0xffff / n) && diff <= 1 + 0xffff / n;
}

static void describe(const uint16_t *r, const uint16_t *g, const uint16_t *b,
		uint32_t n) {
	bool identity = true;
	for (uint32_t i = 0; i < n; i++) {
		identity = identity && identity_at(r[i], i, n) &&
				identity_at(g[i], i, n) && identity_at(b[i], i, n);
	}
	if (identity) {
		printf("identity");
	} else {
		printf("ramp mid %u,%u,%u last %u,%u,%u", r[n / 2], g[n / 2], b[n / 2],
				r[n - 1], g[n - 1], b[n - 1]);
	}
}

static uint64_t property(int fd, uint32_t crtc, const char *name, bool *found) {
	drmModeObjectProperties *props =
			drmModeObjectGetProperties(fd, crtc, DRM_MODE_OBJECT_CRTC);
	*found = false;
	uint64_t value = 0;
	for (uint32_t i = 0; props != NULL && i < props->count_props; i++) {
		drmModePropertyRes *prop = drmModeGetProperty(fd, props->props[i]);
		if (prop != NULL && strcmp(prop->name, name) == 0) {
			*found = true;
			value = props->prop_values[i];
		}
		drmModeFreeProperty(prop);
	}
	drmModeFreeObjectProperties(props);
	return value;
}

static uint32_t crtc_of(int fd, const char *name) {
	drmModeConnector *conn = vm_connector_by_name(fd, name);
	uint32_t crtc = vm_connector_crtc(fd, conn);
	drmModeFreeConnector(conn);
	return crtc;
}

static void list_crtcs(void) {
	for (int card = 0; card < 16; card++) {
		char path[32];
		snprintf(path, sizeof(path), "/dev/dri/card%d", card);
		int fd = open(path, O_RDWR | O_CLOEXEC);
		if (fd < 0) {
			continue;
		}
		drmVersion *version = drmGetVersion(fd);
		drmModeRes *res = drmModeGetResources(fd);
		for (int i = 0; res != NULL && i < res->count_crtcs; i++) {
			bool found;
			uint64_t size =
					property(fd, res->crtcs[i], "GAMMA_LUT_SIZE", &found);
			drmModeCrtc *info = drmModeGetCrtc(fd, res->crtcs[i]);
			printf("card%d %s crtc %u gamma_lut_size %llu legacy_size %d\n",
					card, version != NULL ? version->name : "?", res->crtcs[i],
					found ? (unsigned long long)size : 0ull,
					info != NULL ? info->gamma_size : 0);
			drmModeFreeCrtc(info);
		}
		if (res == NULL) {
			printf("card%d %s no KMS resources\n", card,
					version != NULL ? version->name : "?");
		}
		drmModeFreeResources(res);
		drmFreeVersion(version);
		close(fd);
	}
}

int main(int argc, char **argv) {
	if (argc == 2 && strcmp(argv[1], "--crtcs") == 0) {
		list_crtcs();
		return 0;
	}
	if (argc != 2 && argc != 3) {
		fprintf(stderr, "usage: vm-gamma [DEVICE] CONNECTOR | --crtcs\n");
		return 2;
	}
	const char *device = argc == 3 ? argv[1] : "/dev/dri/card0";
	int fd = open(device, O_RDWR | O_CLOEXEC);
	if (fd < 0) {
		perror(device);
		return 1;
	}
	drmSetClientCap(fd, DRM_CLIENT_CAP_ATOMIC, 1);
	uint32_t crtc = crtc_of(fd, argv[argc - 1]);
	if (crtc == 0) {
		printf("no crtc drives %s\n", argv[argc - 1]);
		return 1;
	}
	bool found;
	uint64_t size = property(fd, crtc, "GAMMA_LUT_SIZE", &found);
	printf("crtc %u gamma_lut_size %llu lut ", crtc,
			found ? (unsigned long long)size : 0ull);
	uint64_t blob_id = property(fd, crtc, "GAMMA_LUT", &found);
	drmModePropertyBlobRes *blob =
			blob_id != 0 ? drmModeGetPropertyBlob(fd, (uint32_t)blob_id) : NULL;
	if (blob == NULL) {
		printf("none");
	} else {
		const struct drm_color_lut *lut = blob->data;
		uint32_t n = blob->length / sizeof(*lut);
		uint16_t *rgb = calloc(3 * (size_t)n, sizeof(*rgb));
		for (uint32_t i = 0; rgb != NULL && i < n; i++) {
			rgb[i] = lut[i].red;
			rgb[n + i] = lut[i].green;
			rgb[2 * n + i] = lut[i].blue;
		}
		if (rgb != NULL && n > 0) {
			describe(rgb, rgb + n, rgb + 2 * n, n);
		}
		free(rgb);
		drmModeFreePropertyBlob(blob);
	}
	drmModeCrtc *info = drmModeGetCrtc(fd, crtc);
	int legacy = info != NULL ? info->gamma_size : 0;
	drmModeFreeCrtc(info);
	printf(" legacy_size %d legacy ", legacy);
	uint16_t *table = legacy > 0 ? calloc(3 * (size_t)legacy, 2) : NULL;
	if (table != NULL &&
			drmModeCrtcGetGamma(fd, crtc, (uint32_t)legacy, table,
					table + legacy, table + 2 * legacy) == 0) {
		describe(table, table + legacy, table + 2 * legacy, (uint32_t)legacy);
	} else {
		printf("none");
	}
	free(table);
	printf("\n");
	close(fd);
	return 0;
}

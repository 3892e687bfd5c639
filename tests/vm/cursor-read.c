/*
 * Where the kernel shows a connector's cursor plane, for the VM test's
 * cursor step (issue 34): qemu's screendump is the primary plane alone, so
 * the cursor's position is read from the plane's own properties.
 *
 *   vm-cursor [DEVICE] CONNECTOR
 *
 * prints one line, "driver NAME crtc ID|none cursor_plane none" or
 * "driver NAME crtc ID cursor_plane ID fb ID crtc_x X crtc_y Y crtc_w W
 * crtc_h H hotspot_x X hotspot_y Y" for the cursor plane (type CURSOR) that
 * may drive the CRTC; fb is 0 while the plane shows nothing, the hotspot
 * -1 where the plane has no HOTSPOT_X/Y (drivers of real hardware). DEVICE
 * defaults to /dev/dri/card0; it needs no DRM master, so it runs beside the
 * compositor.
 */
#include <fcntl.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <xf86drm.h>
#include <xf86drmMode.h>
#include "connector.h"

struct plane_state {
	uint64_t type, crtc_id, fb_id, crtc_x, crtc_y, crtc_w, crtc_h;
	uint64_t hotspot_x, hotspot_y;
};

static void read_plane(int fd, uint32_t plane, struct plane_state *state) {
	const struct {
		const char *name;
		uint64_t *value;
	} wanted[] = {
		{ "type", &state->type },
		{ "CRTC_ID", &state->crtc_id },
		{ "FB_ID", &state->fb_id },
		{ "CRTC_X", &state->crtc_x },
		{ "CRTC_Y", &state->crtc_y },
		{ "CRTC_W", &state->crtc_w },
		{ "CRTC_H", &state->crtc_h },
		{ "HOTSPOT_X", &state->hotspot_x },
		{ "HOTSPOT_Y", &state->hotspot_y },
	};
	drmModeObjectProperties *props =
			drmModeObjectGetProperties(fd, plane, DRM_MODE_OBJECT_PLANE);
	for (uint32_t i = 0; props != NULL && i < props->count_props; i++) {
		drmModePropertyRes *prop = drmModeGetProperty(fd, props->props[i]);
		for (size_t j = 0;
				prop != NULL && j < sizeof(wanted) / sizeof(wanted[0]); j++) {
			if (strcmp(prop->name, wanted[j].name) == 0) {
				*wanted[j].value = props->prop_values[i];
			}
		}
		drmModeFreeProperty(prop);
	}
	drmModeFreeObjectProperties(props);
}

/* The CRTC's index in the device's list: possible_crtcs is a bit mask of
 * indices, not ids. */
static int crtc_index(int fd, uint32_t crtc) {
	drmModeRes *res = drmModeGetResources(fd);
	int index = -1;
	for (int i = 0; res != NULL && i < res->count_crtcs; i++) {
		if (res->crtcs[i] == crtc) {
			index = i;
		}
	}
	drmModeFreeResources(res);
	return index;
}

static void print_cursor_plane(int fd, uint32_t crtc) {
	int index = crtc_index(fd, crtc);
	drmModePlaneRes *planes = drmModeGetPlaneResources(fd);
	bool found = false;
	for (uint32_t i = 0; planes != NULL && i < planes->count_planes && !found;
			i++) {
		drmModePlane *plane = drmModeGetPlane(fd, planes->planes[i]);
		if (plane == NULL) {
			continue;
		}
		struct plane_state state = {
			.hotspot_x = (uint64_t)-1,
			.hotspot_y = (uint64_t)-1,
		};
		read_plane(fd, plane->plane_id, &state);
		// A cursor plane for this CRTC: the one on it now, else the
		// first that may go there.
		if (state.type == DRM_PLANE_TYPE_CURSOR && index >= 0 &&
				(plane->possible_crtcs & (1u << index)) != 0 &&
				(state.crtc_id == crtc || state.crtc_id == 0)) {
			found = true;
			// CRTC_X and CRTC_Y are signed: a cursor at the top
			// left edge starts left of or above the CRTC.
			printf(" cursor_plane %" PRIu32 " fb %" PRIu64 " crtc_x %" PRId64
				   " crtc_y %" PRId64 " crtc_w %" PRIu64 " crtc_h %" PRIu64
				   " hotspot_x %" PRId64 " hotspot_y %" PRId64,
					plane->plane_id, state.fb_id, (int64_t)state.crtc_x,
					(int64_t)state.crtc_y, state.crtc_w, state.crtc_h,
					(int64_t)state.hotspot_x, (int64_t)state.hotspot_y);
		}
		drmModeFreePlane(plane);
	}
	drmModeFreePlaneResources(planes);
	if (!found) {
		printf(" cursor_plane none");
	}
}

int main(int argc, char **argv) {
	const char *name;
	int fd = vm_open_device(argc, argv, "vm-cursor [DEVICE] CONNECTOR", &name);
	if (fd < 0) {
		return fd == -2 ? 2 : 1;
	}
	// Cursor planes and their CRTC_X/Y are seen by atomic clients only,
	// and on drivers of virtual hardware (virtio_gpu, vmwgfx, qxl) only
	// by those that know of their hotspot: Linux 6.8 hides them from
	// the others.
	drmSetClientCap(fd, DRM_CLIENT_CAP_UNIVERSAL_PLANES, 1);
	drmSetClientCap(fd, DRM_CLIENT_CAP_ATOMIC, 1);
	drmSetClientCap(fd, DRM_CLIENT_CAP_CURSOR_PLANE_HOTSPOT, 1);
	drmVersion *version = drmGetVersion(fd);
	drmModeConnector *conn = vm_connector_by_name(fd, name);
	if (conn == NULL) {
		printf("no connector %s\n", name);
	} else {
		uint32_t crtc = vm_connector_crtc(fd, conn);
		printf("driver %s crtc ", version != NULL ? version->name : "?");
		if (crtc != 0) {
			printf("%" PRIu32, crtc);
			print_cursor_plane(fd, crtc);
		} else {
			printf("none cursor_plane none");
		}
		printf("\n");
	}
	int status = conn != NULL ? 0 : 1;
	drmModeFreeConnector(conn);
	drmFreeVersion(version);
	close(fd);
	return status;
}

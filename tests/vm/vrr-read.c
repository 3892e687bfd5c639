/*
 * What the kernel says about a connector's variable refresh rate, for the
 * VM test's vrr step (issue 33): the connector's vrr_capable property
 * (what wlroots reads into adaptive_sync_supported) and the VRR_ENABLED
 * property of the CRTC driving it (what wlroots commits).
 *
 *   vm-vrr [DEVICE] CONNECTOR
 *
 * prints one line, "driver NAME vrr_capable absent|0|1 crtc ID|none
 * vrr_enabled absent|0|1". DEVICE defaults to /dev/dri/card0; it needs no
 * DRM master, so it runs beside the compositor.
 */
#include <fcntl.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <xf86drm.h>
#include <xf86drmMode.h>
#include "connector.h"

/* "absent", or the property's value. */
static void print_property(int fd, uint32_t object, uint32_t type,
		const char *name) {
	drmModeObjectProperties *props =
			drmModeObjectGetProperties(fd, object, type);
	bool found = false;
	uint64_t value = 0;
	for (uint32_t i = 0; props != NULL && i < props->count_props; i++) {
		drmModePropertyRes *prop = drmModeGetProperty(fd, props->props[i]);
		if (prop != NULL && strcmp(prop->name, name) == 0) {
			found = true;
			value = props->prop_values[i];
		}
		drmModeFreeProperty(prop);
	}
	drmModeFreeObjectProperties(props);
	if (found) {
		printf("%llu", (unsigned long long)value);
	} else {
		printf("absent");
	}
}

int main(int argc, char **argv) {
	const char *name;
	int fd = vm_open_device(argc, argv, "vm-vrr [DEVICE] CONNECTOR", &name);
	if (fd < 0) {
		return fd == -2 ? 2 : 1;
	}
	// VRR_ENABLED is an atomic property of the CRTC.
	drmSetClientCap(fd, DRM_CLIENT_CAP_ATOMIC, 1);
	drmVersion *version = drmGetVersion(fd);
	drmModeConnector *conn = vm_connector_by_name(fd, name);
	if (conn == NULL) {
		printf("no connector %s\n", name);
	} else {
		printf("driver %s vrr_capable ", version != NULL ? version->name : "?");
		print_property(fd, conn->connector_id, DRM_MODE_OBJECT_CONNECTOR,
				"vrr_capable");
		uint32_t crtc = vm_connector_crtc(fd, conn);
		if (crtc != 0) {
			printf(" crtc %u vrr_enabled ", crtc);
			print_property(fd, crtc, DRM_MODE_OBJECT_CRTC, "VRR_ENABLED");
		} else {
			printf(" crtc none vrr_enabled absent");
		}
		printf("\n");
	}
	int status = conn != NULL ? 0 : 1;
	drmModeFreeConnector(conn);
	drmFreeVersion(version);
	close(fd);
	return status;
}

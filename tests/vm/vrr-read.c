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
	if (argc != 2 && argc != 3) {
		fprintf(stderr, "usage: vm-vrr [DEVICE] CONNECTOR\n");
		return 2;
	}
	const char *device = argc == 3 ? argv[1] : "/dev/dri/card0";
	const char *name = argv[argc - 1];
	int fd = open(device, O_RDWR | O_CLOEXEC);
	if (fd < 0) {
		perror(device);
		return 1;
	}
	// VRR_ENABLED is an atomic property of the CRTC.
	drmSetClientCap(fd, DRM_CLIENT_CAP_ATOMIC, 1);
	drmVersion *version = drmGetVersion(fd);
	drmModeRes *res = drmModeGetResources(fd);
	int status = 1;
	for (int i = 0; res != NULL && i < res->count_connectors; i++) {
		drmModeConnector *conn = drmModeGetConnector(fd, res->connectors[i]);
		if (conn == NULL) {
			continue;
		}
		char conn_name[64];
		const char *type = drmModeGetConnectorTypeName(conn->connector_type);
		snprintf(conn_name, sizeof(conn_name), "%s-%u",
				type != NULL ? type : "Unknown", conn->connector_type_id);
		if (strcmp(conn_name, name) == 0) {
			printf("driver %s vrr_capable ",
					version != NULL ? version->name : "?");
			print_property(fd, conn->connector_id, DRM_MODE_OBJECT_CONNECTOR,
					"vrr_capable");
			uint32_t crtc = 0;
			if (conn->encoder_id != 0) {
				drmModeEncoder *enc = drmModeGetEncoder(fd, conn->encoder_id);
				crtc = enc != NULL ? enc->crtc_id : 0;
				drmModeFreeEncoder(enc);
			}
			if (crtc != 0) {
				printf(" crtc %u vrr_enabled ", crtc);
				print_property(fd, crtc, DRM_MODE_OBJECT_CRTC, "VRR_ENABLED");
			} else {
				printf(" crtc none vrr_enabled absent");
			}
			printf("\n");
			status = 0;
		}
		drmModeFreeConnector(conn);
	}
	if (status != 0) {
		printf("no connector %s\n", name);
	}
	drmModeFreeResources(res);
	drmFreeVersion(version);
	close(fd);
	return status;
}

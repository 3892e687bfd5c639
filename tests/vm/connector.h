#ifndef GRIDWL_TESTS_VM_CONNECTOR_H
#define GRIDWL_TESTS_VM_CONNECTOR_H

#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <xf86drmMode.h>

/*
 * The arguments "[DEVICE] CONNECTOR" of the readers: opens DEVICE
 * (/dev/dri/card0 by default) and points *name at CONNECTOR. Returns the
 * fd, or -2 after printing usage (wrong arguments), -1 after printing why
 * DEVICE did not open.
 */
static inline int vm_open_device(int argc, char **argv, const char *usage,
		const char **name) {
	if (argc != 2 && argc != 3) {
		fprintf(stderr, "usage: %s\n", usage);
		return -2;
	}
	const char *device = argc == 3 ? argv[1] : "/dev/dri/card0";
	*name = argv[argc - 1];
	int fd = open(device, O_RDWR | O_CLOEXEC);
	if (fd < 0) {
		perror(device);
		return -1;
	}
	return fd;
}

/*
 * The connector the kernel and wlroots call name (TYPE-N: "Virtual-1",
 * "VGA-1"), for the VM test's readers of KMS state (gamma-read.c,
 * vrr-read.c), each a program of one file: NULL when there is none, else
 * the caller frees it with drmModeFreeConnector.
 */
static inline drmModeConnector *vm_connector_by_name(int fd, const char *name) {
	drmModeRes *res = drmModeGetResources(fd);
	drmModeConnector *found = NULL;
	for (int i = 0; res != NULL && i < res->count_connectors && found == NULL;
			i++) {
		drmModeConnector *conn = drmModeGetConnector(fd, res->connectors[i]);
		if (conn == NULL) {
			continue;
		}
		char conn_name[64];
		const char *type = drmModeGetConnectorTypeName(conn->connector_type);
		snprintf(conn_name, sizeof(conn_name), "%s-%u",
				type != NULL ? type : "Unknown", conn->connector_type_id);
		if (strcmp(conn_name, name) == 0) {
			found = conn;
		} else {
			drmModeFreeConnector(conn);
		}
	}
	drmModeFreeResources(res);
	return found;
}

/* The CRTC driving the connector, 0 for none. */
static inline uint32_t vm_connector_crtc(int fd, const drmModeConnector *conn) {
	if (conn == NULL || conn->encoder_id == 0) {
		return 0;
	}
	drmModeEncoder *enc = drmModeGetEncoder(fd, conn->encoder_id);
	uint32_t crtc = enc != NULL ? enc->crtc_id : 0;
	drmModeFreeEncoder(enc);
	return crtc;
}

#endif

#include <wlr/render/allocator.h>
#include <wlr/types/wlr_buffer.h>
#include <wlr/types/wlr_export_dmabuf_v1.h>
#include <wlr/util/log.h>
#include "compositor/server.h"
#include "compositor/services/export_dmabuf.h"
#include "protocol/wlr_export_dmabuf_v1.h"

bool gridwl_export_dmabuf_init(struct gridwl_server *server) {
	if (server->allocator == NULL ||
			!(server->allocator->buffer_caps & WLR_BUFFER_CAP_DMABUF)) {
		wlr_log(WLR_INFO,
				"Output buffers are no dmabufs: "
				"wlr-export-dmabuf refuses every frame");
		if (gridwl_export_dmabuf_refuser_v1_create(server->display) == NULL) {
			wlr_log(WLR_ERROR, "Cannot create the export-dmabuf manager");
			return false;
		}
		return true;
	}
	// The global goes with the display.
	server->export_dmabuf =
			wlr_export_dmabuf_manager_v1_create(server->display);
	if (server->export_dmabuf == NULL) {
		wlr_log(WLR_ERROR, "Cannot create the export-dmabuf manager");
		return false;
	}
	return true;
}

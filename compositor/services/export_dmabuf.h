#ifndef GRIDWL_COMPOSITOR_SERVICES_EXPORT_DMABUF_H
#define GRIDWL_COMPOSITOR_SERVICES_EXPORT_DMABUF_H

#include <stdbool.h>

struct gridwl_server;

/*
 * wlr-export-dmabuf-unstable-v1 (wf-recorder, OBS's wlrobs): the output's
 * frames handed out as the dmabufs they are, with wlroots' helper, where
 * output buffers are dmabufs (the allocator's, with GLES2 or DRM dumb
 * buffers). Elsewhere (pixman on headless or nested outputs, shared
 * memory) the global is offered too, as sway offers it, but every frame is
 * cancelled as "permanent" at once (protocol/wlr_export_dmabuf_v1.h), so
 * clients fall back to screencopy rather than being told to try again
 * (wlroots' cancel for a frame that is no dmabuf is "temporary") for ever.
 */
bool gridwl_export_dmabuf_init(struct gridwl_server *server);

#endif

#ifndef GRIDWL_RENDER_GLES2_FILTER_H
#define GRIDWL_RENDER_GLES2_FILTER_H

#include "config/config.h"

struct gridwl_server;
struct wlr_texture;

/* On the GLES2 renderer, makes the next draws of texture magnify it with
 * filter (the GPU's own sampling); does nothing on other renderers. */
void gridwl_gles2_texture_set_filter(struct wlr_texture *texture,
		enum gridwl_filter filter);

/* On a GLES2 renderer that rasterizes on the CPU (llvmpipe, softpipe),
 * waits until the frame drawn into the bound buffer is complete, since
 * nothing makes KMS wait for it; does nothing on other renderers. Call it
 * in the render pass, before the buffer is committed. */
void gridwl_gles2_finish_frame(struct gridwl_server *server);

#endif

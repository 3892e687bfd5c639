#ifndef GRIDWL_RENDER_GLES2_FINISH_H
#define GRIDWL_RENDER_GLES2_FINISH_H

struct gridwl_server;

/* On a GLES2 renderer that rasterizes on the CPU (llvmpipe, softpipe),
 * waits until the frame drawn into the bound buffer is complete, since
 * nothing makes KMS wait for it; does nothing on other renderers. Call it
 * before the render pass is submitted, while its GL context is current. */
void gridwl_gles2_finish_frame(struct gridwl_server *server);

#endif

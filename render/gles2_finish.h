#ifndef GRIDWL_RENDER_GLES2_FINISH_H
#define GRIDWL_RENDER_GLES2_FINISH_H

struct wlr_renderer;

/* Whether the GLES2 renderer draws on the CPU. */
enum gridwl_gl_kind {
	GRIDWL_GL_UNKNOWN,
	GRIDWL_GL_SOFTWARE,
	GRIDWL_GL_HARDWARE,
};

/* On a GLES2 renderer that rasterizes on the CPU (llvmpipe, softpipe),
 * waits until the frame drawn into the bound buffer is complete, since
 * nothing makes KMS wait for it; does nothing on other renderers. Call it
 * before the render pass is submitted, while its GL context is current.
 * kind keeps what the first frame found out (GRIDWL_GL_UNKNOWN before). */
void gridwl_gles2_finish_frame(struct wlr_renderer *renderer,
		enum gridwl_gl_kind *kind);

#endif

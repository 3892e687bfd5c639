#include <GLES2/gl2.h>
#include <stdbool.h>
#include <string.h>
#include <wlr/render/gles2.h>
#include <wlr/render/wlr_renderer.h>
#include <wlr/render/wlr_texture.h>
#include <wlr/util/log.h>
#include "compositor/server.h"
#include "render/gles2_filter.h"

/*
 * The GLES2 renderer of wlroots 0.15 sets the minification filter on every
 * draw and leaves magnification at GL's default, linear. On the GPU the
 * filter a buffer is magnified with is therefore the texture's own
 * parameter, set here before each draw (the renderer binds the texture in
 * the draw that follows, within the same context; wlr_compat/wlr_compat.h,
 * N7).
 */
void gridwl_gles2_texture_set_filter(struct wlr_texture *texture,
		enum gridwl_filter filter) {
	if (texture == NULL || !wlr_texture_is_gles2(texture)) {
		return;
	}
	struct wlr_gles2_texture_attribs attribs;
	wlr_gles2_texture_get_attribs(texture, &attribs);
	glBindTexture(attribs.target, attribs.tex);
	glTexParameteri(attribs.target, GL_TEXTURE_MAG_FILTER,
			filter == GRIDWL_FILTER_BILINEAR ? GL_LINEAR : GL_NEAREST);
	glBindTexture(attribs.target, 0);
}

/* Whether GL is one of Mesa's CPU rasterizers, which name themselves so in
 * GL_RENDERER. The string needs the renderer's context, current only while
 * a frame is drawn, and never changes: it is read in the first frame. */
static bool renderer_is_software(struct gridwl_server *server) {
	if (server->gl_software == GRIDWL_GL_UNKNOWN) {
		const char *name = (const char *)glGetString(GL_RENDERER);
		bool software = name != NULL &&
				(strncmp(name, "llvmpipe", 8) == 0 ||
						strncmp(name, "softpipe", 8) == 0);
		server->gl_software =
				software ? GRIDWL_GL_SOFTWARE : GRIDWL_GL_HARDWARE;
		if (software) {
			wlr_log(WLR_INFO,
					"GL renderer %s draws on the CPU: each frame "
					"is waited for before it is committed",
					name);
		}
	}
	return server->gl_software == GRIDWL_GL_SOFTWARE;
}

/*
 * A GPU's work on a buffer is fenced, and KMS waits for those fences
 * before it shows the buffer. Mesa's software rasterizers write the dumb
 * buffers KMS scans out from worker threads, unfenced, and glFlush (all
 * that wlroots 0.15 does before a commit) only hands them the frame: a
 * page flip, or a driver that copies the damaged part at commit (cirrus
 * and other shadow-buffer drivers), then shows tiles not yet drawn, and
 * with damage tracking they stay wrong until something redraws them.
 * Only software GL waits here; a GPU keeps its fences and its pipelining.
 */
void gridwl_gles2_finish_frame(struct gridwl_server *server) {
	if (!wlr_renderer_is_gles2(server->renderer) ||
			!renderer_is_software(server)) {
		return;
	}
	glFinish();
}

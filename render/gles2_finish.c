#include <GLES2/gl2.h>
#include <stdbool.h>
#include <string.h>
#include <wlr/render/gles2.h>
#include <wlr/render/wlr_renderer.h>
#include <wlr/util/log.h>
#include "render/gles2_finish.h"

/* Whether GL is one of Mesa's CPU rasterizers, which name themselves so in
 * GL_RENDERER. The string needs the renderer's context, current only while
 * a frame is drawn, and never changes: it is read in the first frame. */
static bool renderer_is_software(enum gridwl_gl_kind *kind) {
	if (*kind == GRIDWL_GL_UNKNOWN) {
		const char *name = (const char *)glGetString(GL_RENDERER);
		bool software = name != NULL &&
				(strncmp(name, "llvmpipe", 8) == 0 ||
						strncmp(name, "softpipe", 8) == 0);
		*kind = software ? GRIDWL_GL_SOFTWARE : GRIDWL_GL_HARDWARE;
		if (software) {
			wlr_log(WLR_INFO,
					"GL renderer %s draws on the CPU: each frame "
					"is waited for before it is committed",
					name);
		}
	}
	return *kind == GRIDWL_GL_SOFTWARE;
}

/*
 * A GPU's work on a buffer is fenced, and KMS waits for those fences
 * before it shows the buffer. Mesa's software rasterizers write the dumb
 * buffers KMS scans out from worker threads, unfenced, and glFlush (all
 * that wlroots 0.18's GLES2 render pass does at submit without a
 * timeline) only hands them the frame: a
 * page flip, or a driver that copies the damaged part at commit (cirrus
 * and other shadow-buffer drivers), then shows tiles not yet drawn, and
 * with damage tracking they stay wrong until something redraws them.
 * Only software GL waits here; a GPU keeps its fences and its pipelining.
 */
void gridwl_gles2_finish_frame(struct wlr_renderer *renderer,
		enum gridwl_gl_kind *kind) {
	if (!wlr_renderer_is_gles2(renderer) || !renderer_is_software(kind)) {
		return;
	}
	glFinish();
}

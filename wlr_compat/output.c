#include <wlr/types/wlr_output.h>
#include <wlr/types/wlr_screencopy_v1.h>
#include <wlr/util/log.h>
#include "wlr_compat/wlr_compat.h"

bool gridwl_compat_output_cursor_on_plane(struct wlr_output *wlr_output,
		struct wlr_output_cursor *cursor) {
	return wlr_output->hardware_cursor == cursor;
}

/*
 * wlroots 0.15 puts a hidden cursor (no image) on the hardware plane, which
 * always works, and when the cursor gets an image again and the plane
 * cannot take it (no cursor format: the pixman renderer on DRM), it falls
 * back to software without forgetting the plane: hardware_cursor still
 * names it, so nobody draws it, and it is gone until restart (once a
 * client hid the pointer, say). A cursor with an image on the plane always
 * has a front buffer; one without is that stale state. A software-cursor
 * lock makes wlroots forget the plane (and damage the cursor, for this
 * frame); unlocked at once, the next image tries the plane again.
 */
void gridwl_compat_output_forget_stale_hardware_cursor(
		struct wlr_output *wlr_output) {
	struct wlr_output_cursor *cursor = wlr_output->hardware_cursor;
	if (cursor == NULL || wlr_output->cursor_front_buffer != NULL ||
			!cursor->enabled ||
			(cursor->texture == NULL && cursor->surface == NULL)) {
		return;
	}
	wlr_log(WLR_DEBUG,
			"Output %s: the cursor is not on the hardware plane "
			"wlroots believes it on; drawing it in software",
			wlr_output->name);
	wlr_output_lock_software_cursors(wlr_output, true);
	wlr_output_lock_software_cursors(wlr_output, false);
}

void gridwl_compat_screencopy_fail_frames(
		struct wlr_screencopy_manager_v1 *screencopy,
		struct wlr_output *wlr_output) {
	struct wlr_screencopy_frame_v1 *frame, *tmp;
	wl_list_for_each_safe(frame, tmp, &screencopy->frames, link) {
		if (frame->output != wlr_output) {
			continue;
		}
		// wlroots 0.15 fails a frame, and frees it with everything it
		// holds (its listeners, its lock on the output's rendering), in
		// the handler it has for the output going away; it has no public
		// call for it.
		frame->output_destroy.notify(&frame->output_destroy, wlr_output);
	}
}

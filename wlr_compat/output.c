#include <wlr/types/wlr_output.h>
#include <wlr/types/wlr_screencopy_v1.h>
#include <wlr/util/log.h>
#include "wlr_compat/wlr_compat.h"

void gridwl_compat_screencopy_fail_frames(
		struct wlr_screencopy_manager_v1 *screencopy,
		struct wlr_output *wlr_output) {
	struct wlr_screencopy_frame_v1 *frame, *tmp;
	wl_list_for_each_safe(frame, tmp, &screencopy->frames, link) {
		if (frame->output != wlr_output) {
			continue;
		}
		// wlroots 0.18.2 fails a frame, and frees it with everything it
		// holds (its listeners, its software-cursor lock), in the handler
		// it has for the output going away; it has no public call for it.
		frame->output_destroy.notify(&frame->output_destroy, wlr_output);
	}
}

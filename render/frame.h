#ifndef GRIDWL_RENDER_FRAME_H
#define GRIDWL_RENDER_FRAME_H

#include <stdbool.h>
#include <stdint.h>

struct gridwl_output;
struct gridwl_server;
struct wlr_output_state;

enum gridwl_frame_result {
	GRIDWL_FRAME_FAILED, // nothing could be drawn or committed
	// No damage: what the output shows is already what it should.
	GRIDWL_FRAME_UNCHANGED,
	GRIDWL_FRAME_COMMITTED,
};

/* Repaints the damage of an output that is active and powered, commits,
 * and sends frame callbacks to what it shows. Whether to draw at all
 * (screen power) is the compositor's decision, taken before. */
enum gridwl_frame_result gridwl_render_output_frame(
		struct gridwl_output *output);
/* Commits one all-black frame, whatever the damage, for an output that is
 * powered off but that the backend keeps showing. */
void gridwl_render_output_blank(struct gridwl_output *output);

/* What outputs show where nothing is drawn (ARGB8888). Provided by the
 * compositor, which knows the session's state (a lock shows its own
 * colour), so that composition depends on no policy of it. */
uint32_t gridwl_render_background(struct gridwl_server *server);

/* What the compositor commits with an output's next frame besides the
 * picture (gamma ramps), added to state; true when there is any, which
 * makes the frame commit even where nothing was damaged. Provided by the
 * compositor (compositor/services/gamma_control.c), and told with done
 * whether the frame carrying it was committed. */
bool gridwl_render_frame_state(struct gridwl_output *output,
		struct wlr_output_state *state);
void gridwl_render_frame_state_done(struct gridwl_output *output,
		bool committed);

#endif

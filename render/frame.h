#ifndef GRIDWL_RENDER_FRAME_H
#define GRIDWL_RENDER_FRAME_H

#include <stdbool.h>
#include <stdint.h>

struct gridwl_output;
struct gridwl_server;

/* Repaints the damage of an output that is active and powered, commits,
 * and sends frame callbacks to what it shows. True when a frame was
 * committed (not when nothing changed or the commit failed). Whether to
 * draw at all (screen power) is the compositor's decision, taken before. */
bool gridwl_render_output_frame(struct gridwl_output *output);
/* Commits one all-black frame, whatever the damage, for an output that is
 * powered off but that the backend keeps showing. */
void gridwl_render_output_blank(struct gridwl_output *output);

/* What outputs show where nothing is drawn (ARGB8888). Provided by the
 * compositor, which knows the session's state (a lock shows its own
 * colour), so that composition depends on no policy of it. */
uint32_t gridwl_render_background(struct gridwl_server *server);

#endif

#ifndef GRIDWL_COMPOSITOR_SERVICES_PRESENTATION_H
#define GRIDWL_COMPOSITOR_SERVICES_PRESENTATION_H

#include <stdbool.h>

struct gridwl_output;
struct gridwl_server;

/*
 * wp_presentation (presentation-time): when a surface's content update was
 * shown, on which output, with that output's refresh, vertical retrace
 * counter and flags, as the backend knows them. DRM knows them all (vsync,
 * hardware clock and completion); a nested output passes on what its host
 * tells (the host's own presentation feedback, or nothing); headless has no
 * retrace counter and no vsync (seq 0, no flags), and its refresh is its
 * mode's, the rate its frame timer runs at. gridwl always composes, so
 * zero_copy is never set.
 */
bool gridwl_presentation_init(struct gridwl_server *server);
/* After the backend is gone (and with it every output). */
void gridwl_presentation_finish(struct gridwl_server *server);

/* The output has just committed a frame: the content of every surface it
 * shows is in it, and is presented when the backend says the frame was. A
 * surface on several outputs is presented by the first that shows it. */
void gridwl_presentation_output_committed(struct gridwl_output *output);

#endif

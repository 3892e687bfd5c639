#ifndef GRIDWL_COMPOSITOR_SERVICES_TEARING_CONTROL_H
#define GRIDWL_COMPOSITOR_SERVICES_TEARING_CONTROL_H

#include <stdbool.h>

struct gridwl_server;

/*
 * wp_tearing_control_v1: games may ask for async presentation. The hint is
 * accepted (wlroots keeps it per surface) and not followed: gridwl always
 * presents on vblank and never tears.
 */
bool gridwl_tearing_control_init(struct gridwl_server *server);

#endif

#ifndef GRIDWL_COMPOSITOR_SERVICES_DATA_CONTROL_H
#define GRIDWL_COMPOSITOR_SERVICES_DATA_CONTROL_H

#include <stdbool.h>

struct gridwl_server;

/*
 * Clipboard managers and wl-clipboard (zwlr_data_control_manager_v1,
 * version 2): the clipboard and the primary selection read, watched and set
 * without keyboard focus, the same selections focused clients set and read
 * through wl_data_device and the primary-selection protocol.
 */
bool gridwl_data_control_init(struct gridwl_server *server);

#endif

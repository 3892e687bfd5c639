#ifndef GRIDWL_COMPOSITOR_SERVICES_XDG_FOREIGN_H
#define GRIDWL_COMPOSITOR_SERVICES_XDG_FOREIGN_H

#include <stdbool.h>

struct gridwl_server;

/*
 * xdg-foreign, unstable v1 and v2 (zxdg_exporter/importer_v1 and _v2):
 * one client exports its window as a handle, another imports it and makes
 * one of its own windows a child of it (a portal's file chooser or
 * screenshot dialog over the application that asked). Both versions share
 * one registry, so a handle exported through one imports through the
 * other. The child is an xdg toplevel with a parent like any dialog, kept
 * above it (gridwl_view_raise).
 */
bool gridwl_xdg_foreign_init(struct gridwl_server *server);

#endif

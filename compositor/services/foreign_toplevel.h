#ifndef GRIDWL_COMPOSITOR_SERVICES_FOREIGN_TOPLEVEL_H
#define GRIDWL_COMPOSITOR_SERVICES_FOREIGN_TOPLEVEL_H

#include <stdbool.h>

struct gridwl_server;
struct gridwl_view;

/*
 * wlr-foreign-toplevel-management: taskbars (waybar), wlrctl and the like
 * see one handle per mapped window (xdg toplevel or managed X11 window) and
 * may focus, close, maximize and fullscreen it. gridwl has no minimize: that
 * request is ignored.
 */

/* After the seat exists: the handles follow its keyboard focus. */
bool gridwl_foreign_toplevel_init(struct gridwl_server *server);
/* Before the seat goes. */
void gridwl_foreign_toplevel_finish(struct gridwl_server *server);

/* The view calls these as its window appears, goes, renames itself, changes
 * its state or its outputs; all are no-ops for what is not a window. */
void gridwl_foreign_toplevel_map(struct gridwl_view *view);
void gridwl_foreign_toplevel_unmap(struct gridwl_view *view);
void gridwl_foreign_toplevel_update_identity(struct gridwl_view *view);
void gridwl_foreign_toplevel_update_state(struct gridwl_view *view);
void gridwl_foreign_toplevel_update_outputs(struct gridwl_view *view);

#endif

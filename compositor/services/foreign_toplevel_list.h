#ifndef GRIDWL_COMPOSITOR_SERVICES_FOREIGN_TOPLEVEL_LIST_H
#define GRIDWL_COMPOSITOR_SERVICES_FOREIGN_TOPLEVEL_LIST_H

#include <stdbool.h>

struct gridwl_server;
struct gridwl_view;

/*
 * ext-foreign-toplevel-list-v1: the read-only list of windows (the same
 * ones wlr-foreign-toplevel-management lists: xdg toplevels and managed X11
 * windows), each with a unique identifier, its title and app_id. It follows
 * wlr-foreign-toplevel's hooks (compositor/services/foreign_toplevel.c).
 */
bool gridwl_foreign_toplevel_list_init(struct gridwl_server *server);
/* After the last window is gone. */
void gridwl_foreign_toplevel_list_finish(struct gridwl_server *server);

/* No-ops for what is not a window. */
void gridwl_foreign_toplevel_list_map(struct gridwl_view *view);
void gridwl_foreign_toplevel_list_unmap(struct gridwl_view *view);
void gridwl_foreign_toplevel_list_update_identity(struct gridwl_view *view);

#endif

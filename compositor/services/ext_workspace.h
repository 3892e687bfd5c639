#ifndef GRIDWL_COMPOSITOR_SERVICES_EXT_WORKSPACE_H
#define GRIDWL_COMPOSITOR_SERVICES_EXT_WORKSPACE_H

#include <stdbool.h>

struct gridwl_server;

/*
 * ext-workspace-v1 for bars and pagers (waybar's ext/workspaces): one group
 * spanning every output, with gridwl's ten global workspaces in it, each
 * with its name, coordinates [N - 1] and state (active: shown; urgent; hidden:
 * empty, not shown and not named by a workspace line, so that a bar shows
 * the workspaces in use as sway's does). Clients may activate a workspace
 * (show it), deactivate the shown one (back to the one before) and assign
 * one to the group it is in (nothing to do); the group makes and removes
 * none. wlroots 0.18 has no helper for it.
 */
bool gridwl_ext_workspace_init(struct gridwl_server *server);
void gridwl_ext_workspace_finish(struct gridwl_server *server);

#endif

#ifndef GRIDWL_COMPOSITOR_SERVICES_GLOBAL_FILTER_H
#define GRIDWL_COMPOSITOR_SERVICES_GLOBAL_FILTER_H

struct gridwl_server;

/* Which client sees which global: sandboxed clients no privileged ones
 * (wp-security-context-v1), clients other than Xwayland no
 * xwayland_shell_v1. */
void gridwl_global_filter_init(struct gridwl_server *server);

#endif

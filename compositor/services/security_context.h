#ifndef GRIDWL_COMPOSITOR_SERVICES_SECURITY_CONTEXT_H
#define GRIDWL_COMPOSITOR_SERVICES_SECURITY_CONTEXT_H

#include <stdbool.h>

struct gridwl_server;
struct wl_client;
struct wl_global;
struct wlr_surface;

/*
 * wp-security-context-v1: a sandbox (Flatpak) makes a listening socket
 * whose clients are tagged with its engine and app id. Those clients do
 * not see the privileged globals, the ones that read other clients' pixels,
 * clipboard or windows, inject input, or change the outputs and the
 * session: screencopy, export-dmabuf, data-control, virtual pointer and
 * keyboard, input method, keyboard-shortcuts-inhibit, transient seats,
 * output management and power, gamma, both foreign-toplevel protocols,
 * session lock, layer shell, and security-context itself (a sandbox cannot
 * make a way out of itself).
 */
bool gridwl_security_context_init(struct gridwl_server *server);

/* The sandbox engine and app id of the client of surface, for gridctl;
 * false (and both NULL) for a client that came through no context. Either
 * may be NULL when the sandbox did not say it. */
bool gridwl_security_context_of(struct gridwl_server *server,
		struct wlr_surface *surface, const char **engine, const char **app_id);
/* The same for a client. */
bool gridwl_security_context_of_client(struct gridwl_server *server,
		struct wl_client *client, const char **engine, const char **app_id);
/* Whether client may see global: not a privileged one from a sandbox. */
bool gridwl_security_context_allows(struct gridwl_server *server,
		const struct wl_client *client, const struct wl_global *global);
/* Whether the global of this interface is one a sandbox does not see. */
bool gridwl_security_context_is_privileged(const char *interface);

#endif

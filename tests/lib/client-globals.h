#ifndef GRIDWL_TESTS_CLIENT_GLOBALS_H
#define GRIDWL_TESTS_CLIENT_GLOBALS_H

#include <stddef.h>
#include <stdint.h>
#include <wayland-client.h>
#include "xdg-shell-client-protocol.h"

/*
 * The registry of the test clients (the pattern client, the hand-written
 * ones in tests/clients and the protocol fuzzer): each lists the globals it
 * binds in a table, and the listener here binds them as the compositor
 * announces them. Binding happens in the announcement itself, as a
 * hand-written listener would, so the requests reach the compositor in the
 * same order and at the same versions.
 */

/* One global a client binds. */
struct client_global {
	// NULL ends a table.
	const struct wl_interface *interface;
	// The highest version the client speaks: it gets this or the
	// compositor's, whichever is lower.
	uint32_t version;
	// Where the proxy goes in the client's struct (offsetof). Only the
	// first global of the interface is bound and later ones are ignored:
	// a client that wants every one (outputs) keeps them its own way, in
	// its global function.
	size_t offset;
	// Added to the new proxy, with the client's struct as its data, when
	// not NULL.
	const void *listener;
};

struct client_globals {
	// The globals bound through the table.
	const struct client_global *table;
	// Offered every global whose interface is not in the table; may be
	// NULL. (The client skeleton binds its own globals and hands the rest
	// on to its client's table.)
	struct client_globals *next;
	// Every global whose interface is in neither table; may be NULL,
	// next's then hears them.
	void (*global)(void *data, struct wl_registry *registry, uint32_t name,
			const char *interface, uint32_t version);
	// May be NULL; next's, when there is one, hears removals then.
	void (*global_remove)(void *data, struct wl_registry *registry,
			uint32_t name);
	// The client's struct: offsets are into it, and listeners and the
	// functions above get it.
	void *data;
};

/* Gets the registry of display and binds as globals says; globals must
 * stay until the registry is destroyed. The caller dispatches (usually one
 * wl_display_roundtrip for the globals there are). */
struct wl_registry *client_globals_listen(struct wl_display *display,
		struct client_globals *globals);

/* Destroys proxy, of interface, with the interface's destroy or release
 * request when it has one at the proxy's version (the last thing a client
 * sends on it), else alone. */
void client_proxy_destroy(void *proxy, const struct wl_interface *interface);

/* client_proxy_destroy on every proxy of table bound in data, and clears
 * its field. */
void client_globals_destroy(const struct client_global *table, void *data);

/* Answers pings: what every client's xdg_wm_base needs. */
extern const struct xdg_wm_base_listener client_wm_base_listener;

#endif

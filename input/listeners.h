#ifndef GRIDWL_INPUT_LISTENERS_H
#define GRIDWL_INPUT_LISTENERS_H

#include <stdbool.h>
#include <stddef.h>
#include <wayland-server-core.h>

struct gridwl_seat;

#define GRIDWL_LISTENERS_MAX 8

/*
 * The listeners an object of input/ keeps on the signals of objects it
 * does not own (a wlroots protocol manager, the seat, the cursor): added
 * one by one, removed all together and once, either when the object they
 * listen to is destroyed (a protocol manager goes with the display, which
 * may go before the seat frees ours) or when gridwl lets go first.
 */
struct gridwl_listeners {
	struct wl_listener *added[GRIDWL_LISTENERS_MAX];
	size_t count;
	struct wl_listener destroy; // with gridwl_listeners_until
	bool until;
};

/* Sets listener's notify and adds it to signal, as one of listeners. */
void gridwl_listeners_add(struct gridwl_listeners *listeners,
		struct wl_signal *signal, struct wl_listener *listener,
		wl_notify_func_t notify);

/* A listener that calls call(owner), whatever its signal: for an object
 * that does the same on several signals (a focus change, a new object). */
struct gridwl_call_listener {
	struct wl_listener listener;
	void (*call)(void *owner);
	void *owner;
};

/* gridwl_listeners_add for a gridwl_call_listener. */
void gridwl_listeners_add_call(struct gridwl_listeners *listeners,
		struct wl_signal *signal, struct gridwl_call_listener *listener,
		void (*call)(void *owner), void *owner);

/* Removes them all when destroy (the signal of the object they listen to)
 * is emitted. */
void gridwl_listeners_until(struct gridwl_listeners *listeners,
		struct wl_signal *destroy);

/* Removes every listener added (nothing when they are gone already). */
void gridwl_listeners_remove(struct gridwl_listeners *listeners);

/* Whether the listeners are still added: false once the object they
 * listen to was destroyed, or they were removed. */
bool gridwl_listeners_connected(const struct gridwl_listeners *listeners);

/*
 * The seat's one listener on the one signal of a wlroots protocol manager
 * that it follows (new virtual keyboards, pointers, cursor shape requests),
 * until the manager goes with the display or the seat lets go first.
 */
struct gridwl_manager_listener {
	struct gridwl_seat *seat;
	struct gridwl_listeners listeners;
	struct wl_listener event; // its handler's wl_container_of finds this
};

/* Listens to signal of the manager whose destroy signal is destroy; NULL
 * when out of memory. */
struct gridwl_manager_listener *gridwl_manager_listener_create(
		struct gridwl_seat *seat, struct wl_signal *signal,
		wl_notify_func_t notify, struct wl_signal *destroy);
void gridwl_manager_listener_destroy(struct gridwl_manager_listener *manager);

#endif

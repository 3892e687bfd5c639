#include <assert.h>
#include <stdlib.h>
#include "input/listeners.h"

void gridwl_listeners_add(struct gridwl_listeners *listeners,
		struct wl_signal *signal, struct wl_listener *listener,
		wl_notify_func_t notify) {
	assert(listeners->count < GRIDWL_LISTENERS_MAX);
	listener->notify = notify;
	wl_signal_add(signal, listener);
	listeners->added[listeners->count++] = listener;
}

static void handle_call(struct wl_listener *listener, void *data) {
	struct gridwl_call_listener *call =
			wl_container_of(listener, call, listener);
	call->call(call->owner);
}

void gridwl_listeners_add_call(struct gridwl_listeners *listeners,
		struct wl_signal *signal, struct gridwl_call_listener *listener,
		void (*call)(void *owner), void *owner) {
	listener->call = call;
	listener->owner = owner;
	gridwl_listeners_add(listeners, signal, &listener->listener, handle_call);
}

static void handle_destroy(struct wl_listener *listener, void *data) {
	struct gridwl_listeners *listeners =
			wl_container_of(listener, listeners, destroy);
	gridwl_listeners_remove(listeners);
}

void gridwl_listeners_until(struct gridwl_listeners *listeners,
		struct wl_signal *destroy) {
	listeners->destroy.notify = handle_destroy;
	wl_signal_add(destroy, &listeners->destroy);
	listeners->until = true;
}

void gridwl_listeners_remove(struct gridwl_listeners *listeners) {
	for (size_t i = 0; i < listeners->count; i++) {
		wl_list_remove(&listeners->added[i]->link);
	}
	listeners->count = 0;
	if (listeners->until) {
		wl_list_remove(&listeners->destroy.link);
		listeners->until = false;
	}
}

bool gridwl_listeners_connected(const struct gridwl_listeners *listeners) {
	return listeners->count > 0 || listeners->until;
}

struct gridwl_manager_listener *gridwl_manager_listener_create(
		struct gridwl_seat *seat, struct wl_signal *signal,
		wl_notify_func_t notify, struct wl_signal *destroy) {
	struct gridwl_manager_listener *manager = calloc(1, sizeof(*manager));
	if (manager == NULL) {
		return NULL;
	}
	manager->seat = seat;
	gridwl_listeners_add(&manager->listeners, signal, &manager->event, notify);
	gridwl_listeners_until(&manager->listeners, destroy);
	return manager;
}

void gridwl_manager_listener_destroy(struct gridwl_manager_listener *manager) {
	if (manager == NULL) {
		return;
	}
	// The wlroots manager itself goes with the display.
	gridwl_listeners_remove(&manager->listeners);
	free(manager);
}

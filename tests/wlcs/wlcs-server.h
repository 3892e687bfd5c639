#ifndef GRIDWL_TESTS_WLCS_SERVER_H
#define GRIDWL_TESTS_WLCS_SERVER_H

/* What gridwl-wlcs.c (the server, its thread and its clients) and
 * wlcs-input.c (pointer and touch devices) share. Test-only code. */

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <wayland-server-core.h>
#include <wlr/types/wlr_input_device.h>
#include <wlr/types/wlr_keyboard.h>
#include <wlr/types/wlr_pointer.h>
#include <wlr/types/wlr_touch.h>
#include <wlcs/display_server.h>
#include <wlcs/pointer.h>
#include <wlcs/touch.h>

struct wlcs_server;

struct server_call {
	void (*fn)(struct wlcs_server *server, void *data);
	void *data;
};

/* A wl_client we made for wlcs, and the fd wlcs got for it: wlcs names a
 * client by its client-side wl_display, whose fd is that one. */
struct client_entry {
	struct wl_list link; // wlcs_server.clients
	int client_fd;
	struct wl_client *client;
	struct wl_listener destroy;
};

struct wlcs_server {
	WlcsDisplayServer base;
	int scale;
	char *config_path;

	struct gridwl_server *server; // owned by the server thread
	pthread_t thread;
	bool running;
	bool start_failed;

	int call_fd; // eventfd: a call is pending
	struct wl_event_source *call_source;
	pthread_mutex_t caller_lock; // one caller at a time
	pthread_mutex_t lock;
	pthread_cond_t cond;
	struct server_call *pending;
	bool done;
	bool started;

	struct wl_list clients; // client_entry.link, server thread only
	struct wl_list devices; // test_device.link, server thread only
	struct wl_listener new_xdg_surface;
};

/* An input device of ours, attached to gridwl's seat as the backend's
 * are (the headless backend makes none since wlroots 0.16). */
struct test_device {
	struct wl_list link; // wlcs_server.devices
	enum wlr_input_device_type type;
	union {
		struct wlr_keyboard keyboard;
		struct wlr_pointer pointer;
		struct wlr_touch touch;
	};
};

struct wlcs_pointer {
	WlcsPointer base;
	struct wlcs_server *server;
	struct test_device *device;
};

struct wlcs_touch {
	WlcsTouch base;
	struct wlcs_server *server;
	struct test_device *device;
};

uint32_t gridwl_wlcs_now_msec(void);

/* Runs fn on the server thread and returns once it has run. Never called
 * from the server thread itself. */
void gridwl_wlcs_run_on_server(struct wlcs_server *server,
		void (*fn)(struct wlcs_server *server, void *data), void *data);

/* Server thread only: a device of type on gridwl's seat, or NULL. */
struct test_device *gridwl_wlcs_add_device(struct wlcs_server *server,
		enum wlr_input_device_type type);
void gridwl_wlcs_destroy_device(struct test_device *device);

// wlcs' hooks for its pointer and touch devices (wlcs-input.c).
WlcsPointer *gridwl_wlcs_create_pointer(WlcsDisplayServer *base);
WlcsTouch *gridwl_wlcs_create_touch(WlcsDisplayServer *base);

#endif

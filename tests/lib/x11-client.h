#ifndef GRIDWL_TESTS_X11_CLIENT_H
#define GRIDWL_TESTS_X11_CLIENT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <xcb/xcb.h>
#include "client-emit.h"

/*
 * What the X11 test clients (tests/clients/x11-*.c) are made of before the
 * X11 feature each one tests: the connection to $DISPLAY and its first
 * screen, plain windows with a WM_CLASS, the round trip that answers a
 * command once the server has handled it, and the loop that reads X events
 * and stdin lines together. A client fills in the callbacks and keeps what
 * is its own.
 */

struct x11_client {
	xcb_connection_t *conn;
	xcb_screen_t *screen;
	// When not XCB_NONE, its first MapNotify prints "ready" (the window
	// manager has mapped it) and goes no further.
	xcb_window_t ready_window;
	// Every other event; may be NULL.
	void (*event)(void *data, xcb_generic_event_t *event);
	// A line on stdin (without its newline) other than "quit"; false ends
	// the client. NULL ignores them.
	bool (*command)(void *data, char *line);
	// What the functions above are handed.
	void *data;

	// Private.
	const char *name;
	bool mapped;
	char line[256];
	size_t len;
};

/* Connects to $DISPLAY's first screen. false, after printing "NAME:
 * cannot connect to $DISPLAY" on stderr, when it cannot; the client calls
 * x11_client_finish in every case. */
bool x11_client_connect(struct x11_client *c, const char *name);

/* Prints "NAME: WHAT" on stderr, disconnects and returns 1: the exit of a
 * client that cannot do what it is for. */
int x11_client_fail(struct x11_client *c, const char *what);

/* An InputOutput window on the root's visual, a child of parent (the root
 * when XCB_NONE), with the values of value_mask (in the order of its bits);
 * not mapped. */
xcb_window_t x11_client_create_window(struct x11_client *c, xcb_window_t parent,
		int x, int y, int width, int height, uint32_t value_mask,
		const uint32_t *values);

/* Sets WM_CLASS: class is "instance\0Class", size its sizeof. */
void x11_client_set_class(struct x11_client *c, xcb_window_t window,
		const char *class, size_t size);

/* A round trip: everything sent before has been handled by the server. */
void x11_client_sync(struct x11_client *c);

/* An event function (x11_client.event) that prints "button X Y" for a
 * button press, in window coordinates. */
void x11_client_print_press(void *data, xcb_generic_event_t *event);

/* Answers X events and stdin lines until "quit", the end of stdin or a
 * broken poll (0), or until the X connection breaks (1). A line too long
 * for any command is dropped. */
int x11_client_run(struct x11_client *c);

/* Disconnects; returns status. */
int x11_client_finish(struct x11_client *c, int status);

#endif

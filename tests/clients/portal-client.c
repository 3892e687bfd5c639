#include <gio/gio.h>
#include <gio/gunixfdlist.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "image.h"
#include "portal-stream.h"

/*
 * What an application does to share the screen or take a screenshot through
 * xdg-desktop-portal, on the session bus of DBUS_SESSION_BUS_ADDRESS:
 *
 *   portal-client screencast OUT.png
 *     ScreenCast: CreateSession, SelectSources (one monitor), Start,
 *     OpenPipeWireRemote; then reads one frame from the stream's PipeWire
 *     node through the portal's PipeWire fd and saves it as OUT.png.
 *   portal-client screenshot
 *     Screenshot, not interactive.
 *
 * It narrates on stdout: "stream NODE WIDTHxHEIGHT", "frame WIDTHxHEIGHT
 * FORMAT", "uri URI". Failures go to stderr with exit status 1.
 */

#define PORTAL_BUS_NAME "org.freedesktop.portal.Desktop"
#define PORTAL_PATH "/org/freedesktop/portal/desktop"
#define SCREENCAST_IFACE "org.freedesktop.portal.ScreenCast"
#define SCREENSHOT_IFACE "org.freedesktop.portal.Screenshot"
// The portal's source types and its answer for a granted request.
#define SOURCE_TYPE_MONITOR 1
#define RESPONSE_SUCCESS 0
// A whole run of the client: portals start on demand, so the first call
// may take a few seconds.
#define CLIENT_TIMEOUT_S 60

struct portal {
	GDBusConnection *bus;
	char *sender; // the unique name as a request path spells it
	unsigned next_token;
};

struct response {
	GMainLoop *loop;
	bool received;
	guint32 code;
	GVariant *results;
};

static void on_response(GDBusConnection *bus, const char *sender,
		const char *path, const char *iface, const char *signal,
		GVariant *params, gpointer data) {
	struct response *r = data;
	g_variant_get(params, "(u@a{sv})", &r->code, &r->results);
	r->received = true;
	g_main_loop_quit(r->loop);
}

/* Calls a portal method that answers through a Request object: leading
 * (NULL or a tuple of the arguments before the options) and options, to
 * which a handle_token is added. The Response's results, NULL after
 * reporting when the call fails or the request is not granted. The Request's
 * path is known before the call, so its signal cannot be missed. */
static GVariant *portal_request(struct portal *p, const char *iface,
		const char *method, GVariant *leading, GVariantBuilder *options) {
	char token[32];
	snprintf(token, sizeof(token), "gridwl%u", p->next_token++);
	char *path =
			g_strdup_printf("%s/request/%s/%s", PORTAL_PATH, p->sender, token);
	struct response r = { .loop = g_main_loop_new(NULL, FALSE) };
	guint sub = g_dbus_connection_signal_subscribe(p->bus, PORTAL_BUS_NAME,
			"org.freedesktop.portal.Request", "Response", path, NULL,
			G_DBUS_SIGNAL_FLAGS_NONE, on_response, &r, NULL);

	g_variant_builder_add(options, "{sv}", "handle_token",
			g_variant_new_string(token));
	GVariant *args[8];
	size_t n = 0;
	if (leading != NULL) {
		g_variant_ref_sink(leading);
		for (size_t i = 0; i < g_variant_n_children(leading); i++) {
			args[n++] = g_variant_get_child_value(leading, i);
		}
		g_variant_unref(leading);
	}
	args[n++] = g_variant_builder_end(options);
	GError *error = NULL;
	GVariant *reply = g_dbus_connection_call_sync(p->bus, PORTAL_BUS_NAME,
			PORTAL_PATH, iface, method, g_variant_new_tuple(args, n),
			G_VARIANT_TYPE("(o)"), G_DBUS_CALL_FLAGS_NONE,
			CLIENT_TIMEOUT_S * 1000, NULL, &error);
	for (size_t i = 0; i + 1 < n; i++) {
		g_variant_unref(args[i]);
	}
	if (reply == NULL) {
		fprintf(stderr, "portal-client: %s.%s: %s\n", iface, method,
				error->message);
		g_error_free(error);
	} else {
		const char *handle;
		g_variant_get(reply, "(&o)", &handle);
		if (strcmp(handle, path) != 0) {
			// An old portal: its own path, and a race we accept.
			g_dbus_connection_signal_unsubscribe(p->bus, sub);
			sub = g_dbus_connection_signal_subscribe(p->bus, PORTAL_BUS_NAME,
					"org.freedesktop.portal.Request", "Response", handle, NULL,
					G_DBUS_SIGNAL_FLAGS_NONE, on_response, &r, NULL);
		}
		g_variant_unref(reply);
		if (!r.received) {
			g_main_loop_run(r.loop);
		}
	}
	g_dbus_connection_signal_unsubscribe(p->bus, sub);
	g_main_loop_unref(r.loop);
	g_free(path);
	if (r.received && r.code != RESPONSE_SUCCESS) {
		fprintf(stderr, "portal-client: %s.%s answered %u\n", iface, method,
				r.code);
		g_variant_unref(r.results);
		return NULL;
	}
	return r.received ? r.results : NULL;
}

static GVariantBuilder *new_options(void) {
	return g_variant_builder_new(G_VARIANT_TYPE_VARDICT);
}

/* The stream's PipeWire node and its size from Start's results. */
static bool first_stream(GVariant *results, uint32_t *node, int *width,
		int *height) {
	GVariant *streams = g_variant_lookup_value(results, "streams",
			G_VARIANT_TYPE("a(ua{sv})"));
	if (streams == NULL || g_variant_n_children(streams) == 0) {
		fprintf(stderr, "portal-client: Start gave no stream\n");
		if (streams != NULL) {
			g_variant_unref(streams);
		}
		return false;
	}
	GVariant *props = NULL;
	g_variant_get_child(streams, 0, "(u@a{sv})", node, &props);
	*width = *height = 0;
	g_variant_lookup(props, "size", "(ii)", width, height);
	g_variant_unref(props);
	g_variant_unref(streams);
	return true;
}

static int open_pipewire_remote(struct portal *p, const char *session) {
	GUnixFDList *fds = NULL;
	GError *error = NULL;
	GVariant *reply = g_dbus_connection_call_with_unix_fd_list_sync(p->bus,
			PORTAL_BUS_NAME, PORTAL_PATH, SCREENCAST_IFACE,
			"OpenPipeWireRemote", g_variant_new("(oa{sv})", session, NULL),
			G_VARIANT_TYPE("(h)"), G_DBUS_CALL_FLAGS_NONE,
			CLIENT_TIMEOUT_S * 1000, NULL, &fds, NULL, &error);
	if (reply == NULL) {
		fprintf(stderr, "portal-client: OpenPipeWireRemote: %s\n",
				error->message);
		g_error_free(error);
		return -1;
	}
	gint32 index;
	g_variant_get(reply, "(h)", &index);
	g_variant_unref(reply);
	int fd = g_unix_fd_list_get(fds, index, &error);
	if (fd < 0) {
		fprintf(stderr, "portal-client: no PipeWire fd: %s\n", error->message);
		g_error_free(error);
	}
	g_object_unref(fds);
	return fd;
}

/* CreateSession's results name the session as a string. */
static char *create_session(struct portal *p) {
	GVariantBuilder *options = new_options();
	g_variant_builder_add(options, "{sv}", "session_handle_token",
			g_variant_new_string("gridwl"));
	GVariant *results =
			portal_request(p, SCREENCAST_IFACE, "CreateSession", NULL, options);
	g_variant_builder_unref(options);
	if (results == NULL) {
		return NULL;
	}
	char *session = NULL;
	g_variant_lookup(results, "session_handle", "s", &session);
	g_variant_unref(results);
	if (session == NULL) {
		fprintf(stderr, "portal-client: CreateSession gave no session\n");
	}
	return session;
}

static bool select_monitor(struct portal *p, const char *session) {
	GVariantBuilder *options = new_options();
	g_variant_builder_add(options, "{sv}", "types",
			g_variant_new_uint32(SOURCE_TYPE_MONITOR));
	g_variant_builder_add(options, "{sv}", "multiple",
			g_variant_new_boolean(FALSE));
	GVariant *results = portal_request(p, SCREENCAST_IFACE, "SelectSources",
			g_variant_new("(o)", session), options);
	g_variant_builder_unref(options);
	if (results == NULL) {
		return false;
	}
	g_variant_unref(results);
	return true;
}

static int screencast(struct portal *p, const char *out_path) {
	char *session = create_session(p);
	if (session == NULL || !select_monitor(p, session)) {
		g_free(session);
		return 1;
	}
	GVariantBuilder *options = new_options();
	GVariant *results = portal_request(p, SCREENCAST_IFACE, "Start",
			g_variant_new("(os)", session, ""), options);
	g_variant_builder_unref(options);
	uint32_t node = 0;
	int width = 0, height = 0;
	bool ok = results != NULL && first_stream(results, &node, &width, &height);
	if (results != NULL) {
		g_variant_unref(results);
	}
	int fd = ok ? open_pipewire_remote(p, session) : -1;
	g_free(session);
	if (fd < 0) {
		return 1;
	}
	printf("stream %u %dx%d\n", node, width, height);
	fflush(stdout);
	struct portal_frame frame = { 0 };
	if (!portal_stream_read_frame(fd, node, &frame)) {
		return 1;
	}
	printf("frame %dx%d %s\n", frame.image->width, frame.image->height,
			frame.format);
	ok = image_save_png(frame.image, out_path);
	image_destroy(frame.image);
	return ok ? 0 : 1;
}

/* xdg-desktop-portal asks the user (GTK's Access dialog) before a
 * screenshot that is not interactive, unless the permission store has the
 * answer; this stores the "yes" a user's "Allow" gives, for programs that
 * are not sandboxed (app id ""). */
static bool grant_screenshot(struct portal *p) {
	const char *yes[] = { "yes", NULL };
	GError *error = NULL;
	GVariant *reply = g_dbus_connection_call_sync(p->bus,
			"org.freedesktop.impl.portal.PermissionStore",
			"/org/freedesktop/impl/portal/PermissionStore",
			"org.freedesktop.impl.portal.PermissionStore", "SetPermission",
			g_variant_new("(sbss^as)", "screenshot", TRUE, "screenshot", "",
					yes),
			NULL, G_DBUS_CALL_FLAGS_NONE, CLIENT_TIMEOUT_S * 1000, NULL,
			&error);
	if (reply == NULL) {
		fprintf(stderr, "portal-client: SetPermission: %s\n", error->message);
		g_error_free(error);
		return false;
	}
	g_variant_unref(reply);
	return true;
}

static int screenshot(struct portal *p) {
	if (!grant_screenshot(p)) {
		return 1;
	}
	GVariantBuilder *options = new_options();
	g_variant_builder_add(options, "{sv}", "interactive",
			g_variant_new_boolean(FALSE));
	GVariant *results = portal_request(p, SCREENSHOT_IFACE, "Screenshot",
			g_variant_new("(s)", ""), options);
	g_variant_builder_unref(options);
	if (results == NULL) {
		return 1;
	}
	const char *uri = NULL;
	g_variant_lookup(results, "uri", "&s", &uri);
	if (uri != NULL) {
		printf("uri %s\n", uri);
	} else {
		fprintf(stderr, "portal-client: Screenshot gave no uri\n");
	}
	g_variant_unref(results);
	return uri != NULL ? 0 : 1;
}

int main(int argc, char *argv[]) {
	bool cast = argc == 3 && strcmp(argv[1], "screencast") == 0;
	if (!cast && !(argc == 2 && strcmp(argv[1], "screenshot") == 0)) {
		fprintf(stderr,
				"usage: portal-client screencast OUT.png | screenshot\n");
		return 2;
	}
	// A portal that never answers must fail the test, not hang it.
	alarm(CLIENT_TIMEOUT_S);
	GError *error = NULL;
	struct portal p = {
		.bus = g_bus_get_sync(G_BUS_TYPE_SESSION, NULL, &error),
	};
	if (p.bus == NULL) {
		fprintf(stderr, "portal-client: no session bus: %s\n", error->message);
		g_error_free(error);
		return 1;
	}
	// ":1.42" is "1_42" in a request's path.
	p.sender = g_strdup(g_dbus_connection_get_unique_name(p.bus) + 1);
	for (char *c = p.sender; *c != '\0'; c++) {
		if (*c == '.') {
			*c = '_';
		}
	}
	int status = cast ? screencast(&p, argv[2]) : screenshot(&p);
	fflush(stdout);
	g_free(p.sender);
	g_object_unref(p.bus);
	return status;
}

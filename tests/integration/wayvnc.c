#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "client-spawn.h"
#include "client-lines.h"
#include "harness.h"
#include "image.h"
#include "run-gridwl.h"
#include "screenshots.h"

/*
 * A real remote desktop: Debian's wayvnc with --transient-seat serves a
 * scale-2 output, and vncdotool's client (tests/clients/vnc-client) views
 * it. Each VNC client gets a transient seat of its own: the window (which
 * binds every wl_seat, as GTK does) sees it come, the keys typed in the
 * viewer arrive on it and on no other seat, and it goes with the viewer.
 * The framebuffer the viewer gets (wlr-screencopy, raw encoding) is the
 * output's pixels exactly, at its scale.
 */

static const char *const seat_prefixes[] = { "seat", "keyboard", "key", "error",
	NULL };

static struct harness_client *start_wayvnc(struct harness *h,
		const char *socket) {
	char command[600];
	snprintf(command, sizeof(command),
			"exec wayvnc --transient-seat --log-level=info --unix-socket "
			"'%s' 2>&1",
			socket);
	const char *argv[] = { "sh", "-c", command, NULL };
	struct harness_client *c = harness_spawn(h, "wayvnc", argv);
	REQUIRE(c != NULL, "cannot start wayvnc");
	char *line = harness_client_wait_line(c, "Info: Listening for connections",
			HARNESS_TIMEOUT_MS);
	free(line);
	if (line == NULL) {
		harness_client_kill(c);
		REQUIRE(false, "wayvnc does not listen on %s", socket);
	}
	return c;
}

static struct harness_client *start_viewer(struct harness *h,
		const char *socket) {
	const char *argv[] = { getenv("VNC_CLIENT_BIN"), socket, NULL };
	REQUIRE(argv[0] != NULL, "VNC_CLIENT_BIN is not set");
	struct harness_client *c = harness_spawn(h, "vnc-client", argv);
	REQUIRE(c != NULL, "cannot start vnc-client");
	char *line = harness_client_wait_line(c, "connected", HARNESS_TIMEOUT_MS);
	free(line);
	if (line == NULL) {
		harness_client_kill(c);
		REQUIRE(false, "vnc-client did not connect");
	}
	return c;
}

static bool viewer_does(struct harness_client *viewer, const char *command) {
	harness_client_send(viewer, "%s", command);
	char *answer = harness_client_wait_line(viewer, "done", HARNESS_TIMEOUT_MS);
	free(answer);
	return CHECK(answer != NULL, "vnc-client did not do \"%s\"", command);
}

static uint32_t pixel_of(void *data, int x, int y) {
	return image_get(data, x, y);
}

/* The viewer's framebuffer against gridctl's screenshot of the output with
 * the cursor (headless outputs draw it in software, so screencopy has it
 * in every frame, as on sway): every pixel (the VNC picture has no alpha:
 * opaque either way). */
static bool check_framebuffer(struct harness *h,
		struct harness_client *viewer) {
	char *path = harness_path(h, "vnc.png");
	REQUIRE(path != NULL, "no memory");
	char command[600];
	snprintf(command, sizeof(command), "capture %s", path);
	bool captured = viewer_does(viewer, command);
	struct image *vnc = captured ? image_load_png(path) : NULL;
	free(path);
	char *ours_path = harness_path(h, "output.png");
	REQUIRE(ours_path != NULL, "no memory");
	struct json_object *reply = harness_gridctl_ok(h, "screenshot", "--cursor",
			"-o", "HEADLESS-1", ours_path, (char *)NULL);
	struct image *ours = reply != NULL ? image_load_png(ours_path) : NULL;
	json_object_put(reply);
	free(ours_path);
	bool ok = CHECK(vnc != NULL && ours != NULL, "no picture to compare");
	if (ok) {
		ok = CHECK(vnc->width == ours->width && vnc->height == ours->height,
				"the VNC framebuffer is %dx%d, the output %dx%d", vnc->width,
				vnc->height, ours->width, ours->height);
	}
	if (ok) {
		struct image_region all = { 0, 0, ours->width, ours->height };
		struct image_mismatch m;
		long bad = image_compare(vnc, all, pixel_of, ours, &m);
		ok = CHECK(bad == 0,
				"%ld pixels of the VNC framebuffer differ, first at %d,%d: "
				"%08x, the output has %08x",
				bad, m.x, m.y, m.actual, m.expected);
	}
	image_destroy(vnc);
	image_destroy(ours);
	return ok;
}

static bool body(struct harness *h, const void *data) {
	const char *argv[] = { getenv("TRANSIENT_SEAT_CLIENT_BIN"), "window",
		"vnc-window", NULL };
	REQUIRE(argv[0] != NULL, "TRANSIENT_SEAT_CLIENT_BIN is not set");
	struct harness_client *window = harness_spawn(h, "window", argv);
	REQUIRE(window != NULL, "cannot start the window");
	struct lines before;
	REQUIRE(client_lines_until(window, "ready", &before), "no window");
	lines_free(&before);
	// A socket in the runtime dir, not a TCP port others may take.
	char *socket = harness_path(h, "vnc.sock");
	REQUIRE(socket != NULL, "no memory");
	struct harness_client *wayvnc = start_wayvnc(h, socket);
	struct harness_client *viewer =
			wayvnc != NULL ? start_viewer(h, socket) : NULL;
	free(socket);
	REQUIRE(wayvnc != NULL, "no wayvnc");
	bool ok = viewer != NULL;
	ok = ok &&
			CHECK_HEARD_UNTIL(window, seat_prefixes, "the viewer's seat coming",
					"seat added transient-1", "keyboard enter transient-1");
	ok = ok && viewer_does(viewer, "type hi");
	// wayvnc passes them on in its own time.
	ok = ok &&
			CHECK_HEARD_UNTIL(window, seat_prefixes, "the viewer's keys",
					"key transient-1 35 1", "key transient-1 35 0",
					"key transient-1 23 1", "key transient-1 23 0");
	ok = ok && check_framebuffer(h, viewer);
	if (viewer != NULL) {
		ok = CHECK_QUITS(viewer, "vnc-client") && ok;
	}
	ok = ok &&
			CHECK_HEARD_UNTIL(window, seat_prefixes, "the viewer gone",
					"keyboard leave transient-1", "seat removed transient-1");
	harness_client_kill(wayvnc);
	harness_client_send(window, "quit");
	return CHECK_EXITS(window, "the window") && ok;
}

int main(void) {
	if (!programs_installed("wayvnc", "vncdo", NULL)) {
		return 1;
	}
	return main_on_output(
			"wayvnc's viewer types on a transient seat of its own and sees "
			"the scale-2 output exactly",
			"HEADLESS-1", 640, 480, 2, body, NULL);
}

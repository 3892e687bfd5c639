#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "check.h"
#include "client-lines.h"
#include "harness.h"
#include "run-gridwl.h"
#include "screenshots.h"

/*
 * Screen sharing as installed: a private D-Bus session bus, PipeWire and
 * WirePlumber, and Debian's xdg-desktop-portal, which the bus starts on
 * demand and which picks xdg-desktop-portal-wlr for ScreenCast and
 * Screenshot only because data/gridwl-portals.conf says so
 * (XDG_CURRENT_DESKTOP=gridwl is in no portal's UseIn). xdpw's own config
 * answers its chooser with the output. A pattern fills the scale-2 output
 * 1:1; tests/clients/portal-client asks for a screencast as an application
 * does, reads a frame from the PipeWire node and must find the pattern at
 * the output's full resolution, every pixel (8-bit RGB in, 8-bit RGB out).
 * The Screenshot portal (xdpw runs grim) must give the same pixels.
 */

#define OUTPUT "HEADLESS-1"
#define MODE_WIDTH 1280
#define MODE_HEIGHT 720
#define SCALE 2
#define PATTERN "coords"
// The portals start on demand and the first frame waits for PipeWire's
// links: more than the harness's default.
#define PORTAL_TIMEOUT_MS 60000
// Where xdg-desktop-portal-wlr 0.7 writes every screenshot: one path for
// everyone, so this test removes it before and after.
#define XDPW_SCREENSHOT "/tmp/out.png"

/* The programs of a desktop session that screen sharing needs, in the order
 * they start. */
struct portal_session {
	struct harness_client *bus, *pipewire, *wireplumber;
};

static bool make_dir(struct harness *h, const char *name, char **path) {
	*path = harness_path(h, name);
	REQUIRE(*path != NULL, "no memory");
	return CHECK(mkdir(*path, 0700) == 0, "cannot make %s", *path);
}

/* The installed gridwl-portals.conf as the user's, xdpw's chooser answered
 * by its config, and XDG dirs of the test's own. */
static bool write_configs(struct harness *h) {
	const char *source = getenv("GRIDWL_PORTALS_CONF");
	REQUIRE(source != NULL, "GRIDWL_PORTALS_CONF is not set");
	char *portals_conf = harness_read_file(source);
	REQUIRE(portals_conf != NULL, "cannot read %s", source);
	char *config = NULL, *portal_dir = NULL, *xdpw_dir = NULL, *data = NULL;
	bool ok = make_dir(h, "portal-config", &config) &&
			make_dir(h, "portal-config/xdg-desktop-portal", &portal_dir) &&
			make_dir(h, "portal-config/xdg-desktop-portal-wlr", &xdpw_dir) &&
			make_dir(h, "portal-data", &data);
	char path[4096];
	if (ok) {
		snprintf(path, sizeof(path), "%s/gridwl-portals.conf", portal_dir);
		ok = write_text_file(path, portals_conf);
	}
	if (ok) {
		snprintf(path, sizeof(path), "%s/config", xdpw_dir);
		ok = write_text_file(path,
				"[screencast]\nchooser_type=none\noutput_name=" OUTPUT "\n");
	}
	if (ok) {
		setenv("XDG_CONFIG_HOME", config, 1);
		setenv("XDG_DATA_HOME", data, 1);
		setenv("XDG_STATE_HOME", data, 1);
		setenv("XDG_CURRENT_DESKTOP", "gridwl", 1);
	}
	free(portals_conf);
	free(config);
	free(portal_dir);
	free(xdpw_dir);
	free(data);
	return ok;
}

static bool wait_for_socket(const char *path) {
	int64_t end = harness_now_ms() + HARNESS_TIMEOUT_MS;
	while (access(path, F_OK) != 0) {
		if (harness_now_ms() > end) {
			return CHECK(false, "%s did not appear", path);
		}
		harness_sleep_ms(20);
	}
	return true;
}

/* dbus-daemon with Debian's session config (its services in
 * /usr/share/dbus-1/services start the portals), at $XDG_RUNTIME_DIR/bus,
 * then PipeWire and WirePlumber on it. No system bus: what would need one
 * does without. */
static bool start_session(struct harness *h, struct portal_session *s) {
	char *bus_path = harness_path(h, "bus");
	REQUIRE(bus_path != NULL, "no memory");
	char address[4200];
	snprintf(address, sizeof(address), "unix:path=%s", bus_path);
	free(bus_path);
	setenv("DBUS_SESSION_BUS_ADDRESS", address, 1);
	setenv("DBUS_SYSTEM_BUS_ADDRESS", "unix:path=/nonexistent", 1);
	char address_arg[4300];
	snprintf(address_arg, sizeof(address_arg), "--address=%s", address);
	const char *bus_argv[] = { "dbus-daemon", "--session", "--nofork",
		"--nopidfile", address_arg, "--print-address=1", NULL };
	s->bus = harness_spawn(h, "dbus", bus_argv);
	REQUIRE(s->bus != NULL, "cannot start dbus-daemon");
	char *line = harness_client_wait_line(s->bus, "unix:", HARNESS_TIMEOUT_MS);
	REQUIRE(line != NULL, "dbus-daemon does not listen");
	free(line);

	const char *pipewire_argv[] = { "pipewire", NULL };
	s->pipewire = harness_spawn(h, "pipewire", pipewire_argv);
	REQUIRE(s->pipewire != NULL, "cannot start pipewire");
	char *socket = harness_path(h, "pipewire-0");
	REQUIRE(socket != NULL, "no memory");
	bool listening = wait_for_socket(socket);
	free(socket);
	REQUIRE(listening, "pipewire does not listen");
	const char *wireplumber_argv[] = { "wireplumber", NULL };
	s->wireplumber = harness_spawn(h, "wireplumber", wireplumber_argv);
	return CHECK(s->wireplumber != NULL, "cannot start wireplumber");
}

/* Stopping the bus ends the portals it started: they leave when it goes. */
static void stop_session(struct portal_session *s) {
	struct harness_client *order[] = { s->wireplumber, s->pipewire, s->bus };
	for (size_t i = 0; i < sizeof(order) / sizeof(order[0]); i++) {
		if (order[i] != NULL) {
			harness_client_kill(order[i]);
		}
	}
}

static bool show_pattern(struct harness *h) {
	char scale[16];
	snprintf(scale, sizeof(scale), "%d", SCALE);
	const char *args[] = { "--fullscreen", OUTPUT, "--scale", scale,
		"--pattern", PATTERN, "--app-id", "shared", NULL };
	struct harness_client *client =
			harness_spawn_pattern_client(h, "pattern", args);
	REQUIRE(client != NULL, "cannot start the pattern client");
	return CHECK_READY(client, MODE_WIDTH / SCALE, MODE_HEIGHT / SCALE, SCALE);
}

static struct image *gridctl_screenshot(void *data) {
	return screenshot_gridctl(data, OUTPUT, "gridctl");
}

/* A picture of the whole output must be the pattern 1:1, and gridwl's own
 * screenshot of it. */
static bool check_output_picture(struct harness *h, const char *path,
		const char *name) {
	struct image *image = image_load_png(path);
	REQUIRE(image != NULL, "cannot load %s", path);
	bool ok = CHECK(image->width == MODE_WIDTH && image->height == MODE_HEIGHT,
			"%s is %dx%d, the output %dx%d", name, image->width, image->height,
			MODE_WIDTH, MODE_HEIGHT);
	struct pattern pattern;
	ok = ok && CHECK(pattern_parse(PATTERN, &pattern), "bad pattern");
	struct image_region all = { 0, 0, MODE_WIDTH, MODE_HEIGHT };
	ok = ok &&
			CHECK_PATTERN(image, all, &pattern, MODE_WIDTH, MODE_HEIGHT, name);
	// gridwl's own screenshot: the same pixels.
	ok = ok && screenshot_wait_matches(gridctl_screenshot, h, all, image, name);
	image_destroy(image);
	return ok;
}

static bool screencast(struct harness *h) {
	char *frame = harness_path(h, "screencast.png");
	REQUIRE(frame != NULL, "no memory");
	const char *argv[] = { getenv("PORTAL_CLIENT_BIN"), "screencast", frame,
		NULL };
	char *output = NULL;
	int status = harness_run(h, argv, PORTAL_TIMEOUT_MS, &output);
	char stream[64], format[64];
	// The stream's size is in the compositor's (logical) coordinates, its
	// frames the output's pixels.
	snprintf(stream, sizeof(stream), "stream %%u %dx%d\n", MODE_WIDTH / SCALE,
			MODE_HEIGHT / SCALE);
	snprintf(format, sizeof(format), "frame %dx%d ", MODE_WIDTH, MODE_HEIGHT);
	unsigned node = 0;
	bool ok = CHECK(status == 0, "portal-client screencast exited %d: %s",
			status, output != NULL ? output : "");
	ok = ok &&
			CHECK(sscanf(output, stream, &node) == 1,
					"the portal's stream is not the output's %dx%d: %s",
					MODE_WIDTH / SCALE, MODE_HEIGHT / SCALE, output);
	ok = ok &&
			CHECK(strstr(output, format) != NULL, "the frame is not %dx%d: %s",
					MODE_WIDTH, MODE_HEIGHT, output);
	free(output);
	ok = ok && check_output_picture(h, frame, "screencast");
	free(frame);
	return ok;
}

static bool screenshot(struct harness *h) {
	unlink(XDPW_SCREENSHOT);
	const char *argv[] = { getenv("PORTAL_CLIENT_BIN"), "screenshot", NULL };
	char *output = NULL;
	int status = harness_run(h, argv, PORTAL_TIMEOUT_MS, &output);
	bool ok = CHECK(status == 0, "portal-client screenshot exited %d: %s",
			status, output != NULL ? output : "");
	ok = ok &&
			CHECK(strcmp(output, "uri file://" XDPW_SCREENSHOT "\n") == 0,
					"the Screenshot portal answered %s", output);
	free(output);
	ok = ok && check_output_picture(h, XDPW_SCREENSHOT, "screenshot");
	unlink(XDPW_SCREENSHOT);
	return ok;
}

static bool body(struct harness *h, const void *data) {
	REQUIRE(getenv("PORTAL_CLIENT_BIN") != NULL,
			"PORTAL_CLIENT_BIN is not set");
	REQUIRE(show_pattern(h), "no pattern on " OUTPUT);
	REQUIRE(write_configs(h), "no portal config");
	struct portal_session session = { 0 };
	bool ok = start_session(h, &session);
	ok = ok && screencast(h);
	ok = ok && screenshot(h);
	stop_session(&session);
	return ok;
}

static bool run(const void *data) {
	return run_on_output(OUTPUT, MODE_WIDTH, MODE_HEIGHT, SCALE, body, data);
}

int main(void) {
	if (!programs_installed("dbus-daemon", "pipewire", "wireplumber",
				"/usr/libexec/xdg-desktop-portal",
				"/usr/libexec/xdg-desktop-portal-wlr", "grim", NULL)) {
		return 1;
	}
	struct check_suite suite = { 0 };
	check_run(&suite,
			"a screencast and a screenshot through xdg-desktop-portal(-wlr) "
			"give the scale-2 output's pixels exactly",
			run, NULL);
	return check_finish(&suite);
}

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "check.h"
#include "gridctl-windows.h"
#include "harness.h"
#include "run-gridwl.h"

/*
 * Real toolkits follow the scale of the outputs their window is on: moved
 * from a scale-1 output onto a scale-2 one, gtk3-widget-factory commits
 * buffer scale 2 (seen in their own WAYLAND_DEBUG trace, and in
 * gridctl windows), moved back they return to 1, and across the seam of
 * the two they draw at 2, the larger.
 *
 * GTK 3 works the scale out from the outputs it has entered; GTK 4 (4.18
 * in Debian 13) takes it from wl_surface.preferred_buffer_scale, which
 * gridwl sends since wl_compositor version 6, and draws through a
 * wp_viewport at buffer scale 1: buffers of the logical size times the
 * scale, shrunk by the viewport's destination. gridctl windows' buffer_scale
 * is the wl_surface's, so it says nothing of GTK 4's; a filter of its trace
 * reports the scale of each commit of the toplevel, buffer width over
 * destination width, instead. foot (1.21) does the same since gridwl offers
 * wp-fractional-scale-v1, whose preferred scale (120ths of the same integer)
 * it follows rather than preferred_buffer_scale.
 *
 * The scale-2 output is large enough that the widget factories, which do
 * not shrink below about 1415x732 logical pixels, fit on either output.
 */

#define SCALE1_OUTPUT "HEADLESS-1"
#define SCALE2_OUTPUT "HEADLESS-2"

struct toolkit {
	const char *name;
	const char *binary;
	const char *app_id;
	const char *command; // run by sh, its Wayland trace on stdout
	// In the trace, a commit at scale N shows as NEEDLE(N).
	const char *needle;
	const char *package; // the Debian package with binary
	// Draws through wp_viewport at buffer scale 1: only the trace tells
	// its scale.
	bool viewport;
};

/* gtk4-widget-factory's trace, filtered down to the scale of each commit of
 * its xdg_toplevel's wl_surface, as "effective_scale(N)": the buffer's width
 * over the viewport's destination width, or without a destination the
 * buffer scale. Object ids are reused, so every map is keyed by the id as
 * last created. mawk (Debian's awk) reads its input in blocks unless
 * interactive.
 *
 * The cairo renderer: GL on llvmpipe takes seconds per frame under the
 * sanitizers, and the scale is GDK's business, the same for every
 * renderer. */
#define EFFECTIVE_SCALE_FILTER \
	"awk -W interactive '/-> / {" \
	" sub(/.*-> /, \"\"); gsub(/[(),]/, \" \"); split($1, m, \".\");" \
	" o = m[1]; r = m[2];" \
	" if (r == \"create_buffer\") width[$4] = $6;" \
	" else if (r == \"get_viewport\") viewed[$4] = $5;" \
	" else if (r == \"set_destination\") dest[viewed[o]] = $2;" \
	" else if (r == \"get_xdg_surface\") xdg[$4] = $5;" \
	" else if (r == \"get_toplevel\") toplevel[xdg[o]] = 1;" \
	" else if (r == \"attach\") attached[o] = $2;" \
	" else if (r == \"set_buffer_scale\") scale[o] = $2;" \
	" else if (r == \"commit\" && toplevel[o] && attached[o] in width) {" \
	"  s = dest[o] > 0 ? width[attached[o]] / dest[o] :" \
	"   (scale[o] ? scale[o] : 1);" \
	"  print \"effective_scale(\" s \")\"; fflush();" \
	" } }'"
#define GTK4_COMMAND \
	"GDK_BACKEND=wayland NO_AT_BRIDGE=1 GSK_RENDERER=cairo " \
	"WAYLAND_DEBUG=client gtk4-widget-factory 2>&1 >/dev/null | " EFFECTIVE_SCALE_FILTER

static const struct toolkit toolkits[] = {
	{
			"gtk3-widget-factory",
			"gtk3-widget-factory",
			"gtk3-widget-factory",
			// NO_AT_BRIDGE: no accessibility bus to wait for here.
			"GDK_BACKEND=wayland NO_AT_BRIDGE=1 WAYLAND_DEBUG=client "
			"gtk3-widget-factory 2>&1 >/dev/null | "
			"grep --line-buffered 'set_buffer_scale'",
			"set_buffer_scale",
			"gtk-3-examples",
			false,
	},
	{
			"gtk4-widget-factory",
			"gtk4-widget-factory",
			"gtk4-widget-factory",
			GTK4_COMMAND,
			"effective_scale",
			"gtk-4-examples",
			true,
	},
	{
			"foot",
			"foot",
			"foot",
			"WAYLAND_DEBUG=client foot --app-id foot -o tweak.render-timer=none "
			"sleep 600 2>&1 >/dev/null | " EFFECTIVE_SCALE_FILTER,
			"effective_scale",
			"foot",
			true,
	},
};

/* Waits for gridwl to report buffer scale want for the window and, with
 * traced, for the client's own trace to show it setting that scale. A
 * toolkit drawing through a viewport is always traced, and gridwl's buffer
 * scale is not its scale. */
static bool wait_scale(struct harness *h, struct harness_client *client,
		const struct toolkit *tk, int want, bool traced, const char *where) {
	char needle[32];
	snprintf(needle, sizeof(needle), "%s(%d)", tk->needle, want);
	traced = traced || tk->viewport;
	int64_t deadline = harness_now_ms() + HARNESS_TIMEOUT_MS;
	bool seen = !traced;
	while (!seen && harness_now_ms() < deadline) {
		char *line = harness_client_next_line(client, 500);
		seen = line != NULL && strstr(line, needle) != NULL;
		free(line);
	}
	REQUIRE(seen, "%s: no %s in its trace after moving it %s", tk->name, needle,
			where);
	if (tk->viewport) {
		return true;
	}

	bool reported = false;
	while (!reported && harness_now_ms() < deadline) {
		struct json_object *reply = harness_gridctl_ok(h, "windows", NULL);
		struct json_object *windows =
				json_path(reply, "windows", json_type_array);
		struct json_object *window =
				json_array_find(windows, "app_id", tk->app_id);
		struct json_object *scale =
				json_path(window, "buffer_scale", json_type_int);
		reported = scale != NULL && json_object_get_int(scale) == want;
		json_object_put(reply);
		if (!reported) {
			harness_sleep_ms(50);
		}
	}
	return CHECK(reported,
			"%s: gridctl windows never showed buffer_scale "
			"%d after moving it %s",
			tk->name, want, where);
}

/* Drops the trace lines queued so far, so that what is read after a move
 * is mostly what the move caused. The widget factory animates, setting its
 * scale every frame and never falling quiet, so this stops after a while;
 * what is left then is all the scale the window has settled on. */
static void drain(struct harness_client *client) {
	int64_t until = harness_now_ms() + 1000;
	char *line;
	while (harness_now_ms() < until &&
			(line = harness_client_next_line(client, 300)) != NULL) {
		free(line);
	}
}

static bool move_window(struct harness *h, struct harness_client *client,
		int64_t id, int x, int y) {
	drain(client);
	return move_window_id(h, id, x, y);
}

/* The window's logical width in gridctl windows; 0 when there is none. */
static int window_width(struct harness *h, const struct toolkit *tk) {
	struct json_object *window =
			harness_wait_window_app_id(h, tk->app_id, HARNESS_TIMEOUT_MS);
	struct json_object *width = json_path(window, "width", json_type_int);
	int value = width != NULL ? json_object_get_int(width) : 0;
	json_object_put(window);
	return value;
}

static bool body(struct harness *h, const void *data) {
	const struct toolkit *tk = data;
	const char *argv[] = { "sh", "-c", tk->command, NULL };
	struct harness_client *client = harness_spawn(h, tk->name, argv);
	REQUIRE(client != NULL, "cannot start %s", tk->name);
	int64_t id = wait_window_id(h, tk->app_id);
	REQUIRE(id != 0, "%s never mapped a window", tk->name);

	// Logical layout: scale 1 at 0,0 (1920x1080), scale 2 at 1920,0
	// (1920x1080 logical). It opens on the first; settle there first.
	// A toolkit drawing through a viewport shows its scale only in the
	// commits it makes, and need not redraw for a move within the output:
	// its first commits there say 1.
	if (tk->viewport) {
		REQUIRE(wait_scale(h, client, tk, 1, false, "when it opened"),
				"never at scale 1 to begin with");
	}
	REQUIRE(move_window(h, client, id, 40, 40), "cannot move the window");
	if (!tk->viewport) {
		REQUIRE(wait_scale(h, client, tk, 1, false, "onto the scale-1 output"),
				"never at scale 1 to begin with");
	}
	REQUIRE(move_window(h, client, id, 2000, 40), "cannot move the window");
	bool ok = wait_scale(h, client, tk, 2, true, "onto the scale-2 output");
	REQUIRE(move_window(h, client, id, 40, 40), "cannot move the window");
	ok = wait_scale(h, client, tk, 1, true, "back onto the scale-1 output") &&
			ok;
	REQUIRE(move_window(h, client, id, 2100, 300), "cannot move the window");
	ok = wait_scale(h, client, tk, 2, true, "onto the scale-2 output again") &&
			ok;
	REQUIRE(move_window(h, client, id, 40, 40), "cannot move the window");
	ok = wait_scale(h, client, tk, 1, true,
				 "back onto the scale-1 output again") &&
			ok;
	// Half on each output, from the scale-1 one: the larger scale, 2.
	int width = window_width(h, tk);
	REQUIRE(width > 0, "%s: no width in gridctl windows", tk->name);
	REQUIRE(move_window(h, client, id, 1920 - width / 2, 40),
			"cannot move the window");
	ok = wait_scale(h, client, tk, 2, true, "across the seam") && ok;
	return ok;
}

static bool run_toolkit(const void *data) {
	const struct toolkit *tk = data;
	const char *args[] = {
		"--output",
		SCALE1_OUTPUT " mode 1920x1080 scale 1 position 0,0",
		"--output",
		SCALE2_OUTPUT " mode 3840x2160 scale 2 position 1920,0",
		NULL,
	};
	return run_gridwl(args, body, tk);
}

int main(void) {
	struct check_suite suite = { 0 };
	for (size_t i = 0; i < sizeof(toolkits) / sizeof(toolkits[0]); i++) {
		char name[128];
		snprintf(name, sizeof(name),
				"%s follows the output scale as it "
				"moves",
				toolkits[i].name);
		if (!program_in_path(toolkits[i].binary)) {
			char reason[128];
			snprintf(reason, sizeof(reason),
					"%s is not installed (Debian package %s)",
					toolkits[i].binary, toolkits[i].package);
			check_skip(&suite, name, reason);
			continue;
		}
		check_run(&suite, name, run_toolkit, &toolkits[i]);
	}
	return check_finish(&suite);
}

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "check.h"
#include "client-spawn.h"
#include "harness.h"
#include "run-gridwl.h"
#include "screenshots.h"

/*
 * X11 windows get gridwl's frame: xterm (Debian's xterm) is framed, drawn
 * around it on the output; x11-menu-client is framed too, but not when it
 * asks for no decorations through _MOTIF_WM_HINTS (as Chromium does) nor
 * when a window rule on its class says "decorations none"; its menu (an
 * override-redirect window) never is.
 *
 * Skipped where Xwayland (or, for its case, xterm) is not installed.
 */

#define BORDER 2
#define FOCUSED_BG 0xff204080u
#define MENU_PIXEL 0xffe04020u // x11-menu-client's menu
#define MENU_CLASS "X11Menu"
#define CONFIG_COLORS "decoration colors #204080 #ffffff #404040 #a0a0a0\n"

struct x11_window {
	int x, y, width, height;
	bool has_frame;
	int fx, fy, fw, fh;
};

static bool read_int(struct json_object *obj, const char *path, int *out) {
	struct json_object *v = json_path(obj, path, json_type_int);
	if (v != NULL) {
		*out = json_object_get_int(v);
	}
	return v != NULL;
}

static bool is_class(struct json_object *window, void *data) {
	struct json_object *app_id = json_path(window, "app_id", json_type_string);
	struct json_object *xwayland =
			json_path(window, "xwayland", json_type_boolean);
	return app_id != NULL && xwayland != NULL &&
			json_object_get_boolean(xwayland) &&
			strcmp(json_object_get_string(app_id), data) == 0;
}

/* The X11 window of that class (its app_id), once it is listed. */
static bool wait_x11_window(struct harness *h, const char *class,
		struct x11_window *w) {
	*w = (struct x11_window){ 0 };
	struct json_object *window = harness_wait_window(h, is_class, (void *)class,
			3 * HARNESS_TIMEOUT_MS, class);
	bool ok = window != NULL && read_int(window, "x", &w->x) &&
			read_int(window, "y", &w->y) &&
			read_int(window, "width", &w->width) &&
			read_int(window, "height", &w->height);
	w->has_frame = window != NULL && read_int(window, "frame.x", &w->fx) &&
			read_int(window, "frame.y", &w->fy) &&
			read_int(window, "frame.width", &w->fw) &&
			read_int(window, "frame.height", &w->fh);
	json_object_put(window);
	return CHECK(ok, "no X11 window of class %s", class);
}

static bool check_framed(struct harness *h, const struct x11_window *w,
		const char *name) {
	int title = w->y - w->fy - BORDER;
	bool ok = CHECK(w->has_frame, "%s has no frame", name) &&
			CHECK(title >= 12 && title <= 40 && w->fx == w->x - BORDER &&
							w->fw == w->width + 2 * BORDER &&
							w->fh == w->height + title + 2 * BORDER,
					"%s: frame %d,%d %dx%d around %d,%d %dx%d", name, w->fx,
					w->fy, w->fw, w->fh, w->x, w->y, w->width, w->height);
	if (!ok) {
		return false;
	}
	struct json_object *reply =
			harness_gridctl_ok(h, "wait", "window", "--class", ".", NULL);
	json_object_put(reply);
	struct image *shot = screenshot_gridctl(h, "HEADLESS-1", name);
	REQUIRE(shot != NULL, "no picture");
	// The output is at 0,0 at scale 1.
	ok = CHECK_SOLID(shot,
				 ((struct image_region){ w->fx, w->y, BORDER, w->height }),
				 FOCUSED_BG, name) &&
			CHECK_SOLID(shot,
					((struct image_region){ w->fx, w->fy, w->fw, BORDER }),
					FOCUSED_BG, name) &&
			CHECK_SOLID(shot,
					((struct image_region){ w->fx, w->fy - 1, w->fw, 1 }),
					BACKGROUND, name);
	image_destroy(shot);
	return ok;
}

/* data: "DISPLAY=..." of the session's Xwayland. */
static bool check_xterm(struct harness *h, const void *data) {
	const char *argv[] = { "env", data, "xterm", NULL };
	struct harness_client *xterm = harness_spawn(h, "xterm", argv);
	REQUIRE(xterm != NULL, "cannot start xterm");
	struct x11_window w;
	bool ok = wait_x11_window(h, "XTerm", &w) && check_framed(h, &w, "xterm");
	harness_client_kill(xterm);
	return ok;
}

static struct harness_client *spawn_menu_client(struct harness *h,
		bool no_decorations) {
	struct harness_client *c =
			spawn_x11_until(h, "x11-menu", "X11_MENU_CLIENT_BIN", "ready",
					no_decorations ? "--no-decorations" : NULL, NULL);
	return CHECK(c != NULL, "x11-menu-client did not show its window") ? c :
																		 NULL;
}

static bool check_motif(struct harness *h, const void *data) {
	struct harness_client *c = spawn_menu_client(h, false);
	REQUIRE(c != NULL, "no X11 client");
	struct x11_window w;
	bool ok = wait_x11_window(h, MENU_CLASS, &w) &&
			check_framed(h, &w, "x11-menu-client");
	// Its menu: drawn where the program puts it, with nothing around it.
	harness_client_send(c, "menu 50 400");
	char *line = harness_client_wait_line(c, "menu", HARNESS_TIMEOUT_MS);
	ok = CHECK(line != NULL, "no menu") && ok;
	free(line);
	struct json_object *reply = harness_gridctl_ok(h, "wait", "settled", NULL);
	json_object_put(reply);
	struct image *shot = screenshot_gridctl(h, "HEADLESS-1", "x11-menu");
	if (CHECK(shot != NULL, "no picture")) {
		ok = CHECK_SOLID(shot, ((struct image_region){ 50, 400, 40, 30 }),
					 MENU_PIXEL, "the menu") &&
				CHECK_SOLID(shot, ((struct image_region){ 40, 380, 60, 20 }),
						BACKGROUND, "above the menu") &&
				CHECK_SOLID(shot, ((struct image_region){ 40, 400, 10, 30 }),
						BACKGROUND, "left of the menu") &&
				ok;
	}
	image_destroy(shot);
	harness_client_kill(c);

	// Motif hints asking for no decorations: none.
	c = spawn_menu_client(h, true);
	REQUIRE(c != NULL, "no X11 client");
	ok = wait_x11_window(h, MENU_CLASS, &w) &&
			CHECK(!w.has_frame,
					"a window whose Motif hints ask for no decorations "
					"has a frame") &&
			ok;
	harness_client_kill(c);
	return ok;
}

static bool check_rule(struct harness *h, const void *data) {
	struct harness_client *c = spawn_menu_client(h, false);
	REQUIRE(c != NULL, "no X11 client");
	struct x11_window w;
	bool ok = wait_x11_window(h, MENU_CLASS, &w) &&
			CHECK(!w.has_frame, "the rule decorations none left a frame");
	harness_client_kill(c);
	return ok;
}

struct x11_case {
	const char *config;
	bool (*check)(struct harness *h, const void *data);
};

static bool run_case(const void *data) {
	const struct x11_case *c = data;
	char config[256];
	snprintf(config, sizeof(config), "%s%s", CONFIG_COLORS, c->config);
	const char *args[] = { "--output", "HEADLESS-1 mode 800x600 scale 1",
		NULL };
	struct xwayland_session s;
	if (!xwayland_session_open(&s, config, args)) {
		return false;
	}
	return xwayland_session_close(&s, c->check(s.h, s.display_env));
}

int main(void) {
	struct check_suite suite = { 0 };
	static const struct x11_case xterm = { "", check_xterm };
	static const struct x11_case motif = { "", check_motif };
	static const struct x11_case rule = { "window class=^" MENU_CLASS
										  "$ decorations none\n",
		check_rule };
	const char *names[] = {
		"xterm gets a frame",
		"an X11 window is framed unless its Motif hints ask for none; "
		"its menu never is",
		"a window rule decorations none on the X11 class: no frame",
	};
	bool xwayland = access(xwayland_binary(), X_OK) == 0;
	if (!xwayland || !program_in_path("xterm")) {
		check_skip(&suite, names[0],
				xwayland ? "xterm is not installed (Debian package xterm)" :
						   "Xwayland is not installed");
	} else {
		check_run(&suite, names[0], run_case, &xterm);
	}
	if (!xwayland) {
		check_skip(&suite, names[1], "Xwayland is not installed");
		check_skip(&suite, names[2], "Xwayland is not installed");
	} else {
		check_run(&suite, names[1], run_case, &motif);
		check_run(&suite, names[2], run_case, &rule);
	}
	return check_finish(&suite);
}

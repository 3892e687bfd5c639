#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "check.h"
#include "client-spawn.h"
#include "harness.h"
#include "resample-fixture.h"
#include "run-gridwl.h"
#include "screenshots.h"

/*
 * X11 clients through Xwayland: xlogo (Debian's x11-apps) on a scale-2
 * output is a window with "xwayland": true, app_id its class, buffer scale
 * 1, magnified like any scale-1 buffer: with filter nearest every 2x2
 * block of it on screen is one pixel of its buffer; a window rule on the
 * X11 class with filter bilinear blends neighbours. All with "xwayland
 * scale 1", the behaviour before issue 19. Xwayland off (the
 * config says so, or no binary) shows as "xwayland_display": null.
 *
 * Skipped where Xwayland or xlogo is not installed.
 */

#define X_CLIENT "xlogo"
#define X_CLASS "XLogo"

static char *write_config(const char *dir, const char *lines) {
	size_t n = strlen(dir) + sizeof("/config");
	char *path = malloc(n);
	snprintf(path, n, "%s/config", dir);
	FILE *f = fopen(path, "w");
	if (f == NULL) {
		free(path);
		return NULL;
	}
	fputs(lines, f);
	fclose(f);
	return path;
}

static bool is_x_client(struct json_object *window, void *data) {
	struct json_object *xwayland =
			json_path(window, "xwayland", json_type_boolean);
	struct json_object *app_id = json_path(window, "app_id", json_type_string);
	return xwayland != NULL && json_object_get_boolean(xwayland) &&
			app_id != NULL &&
			strcmp(json_object_get_string(app_id), X_CLASS) == 0;
}

static bool block_uniform(const struct image *shot, int x, int y) {
	uint32_t p = image_get(shot, x, y);
	return image_get(shot, x + 1, y) == p && image_get(shot, x, y + 1) == p &&
			image_get(shot, x + 1, y + 1) == p;
}

struct window_pixels {
	long drawn; // pixels that are not the background
	long blocks, uneven_blocks; // 2x2 blocks, and those not one colour
	int uneven_x, uneven_y;
	bool varied; // more than one colour: the logo is drawn, not only cleared
};

static void scan_window(const struct image *shot, struct image_region r,
		struct window_pixels *out) {
	*out = (struct window_pixels){ .uneven_x = -1, .uneven_y = -1 };
	for (int y = r.y; y + 1 < r.y + r.height; y += 2) {
		for (int x = r.x; x + 1 < r.x + r.width; x += 2) {
			out->drawn += image_get(shot, x, y) != BACKGROUND;
			out->varied = out->varied ||
					image_get(shot, x, y) != image_get(shot, r.x, r.y);
			out->blocks++;
			if (!block_uniform(shot, x, y)) {
				if (out->uneven_blocks++ == 0) {
					out->uneven_x = x;
					out->uneven_y = y;
				}
			}
		}
	}
}

struct x_case {
	const char *config; // lines besides the output's
	bool bilinear; // whether the rule must have made it bilinear
	// What runs against the gridwl; NULL: check_x_client.
	bool (*check)(struct harness *h, const struct x_case *c);
};

/* Polls screenshots until the X client has drawn (Xwayland's first buffer
 * may come a frame after the window maps). */
static struct image *shot_of_drawn_window(struct harness *h,
		struct image_region r, struct window_pixels *pixels) {
	int64_t until = harness_now_ms() + HARNESS_TIMEOUT_MS;
	for (;;) {
		struct image *shot = screenshot_gridctl(h, "HEADLESS-1", "xwayland");
		if (shot == NULL) {
			return NULL;
		}
		if (r.x + r.width <= shot->width && r.y + r.height <= shot->height) {
			scan_window(shot, r, pixels);
			if ((pixels->drawn * 2 > pixels->blocks && pixels->varied) ||
					harness_now_ms() > until) {
				return shot;
			}
		} else if (harness_now_ms() > until) {
			return shot;
		}
		image_destroy(shot);
		harness_sleep_ms(100);
	}
}

struct position {
	int x, y;
};

static bool is_x_client_at(struct json_object *window, void *data) {
	const struct position *at = data;
	struct json_object *x = json_path(window, "x", json_type_int);
	struct json_object *y = json_path(window, "y", json_type_int);
	return is_x_client(window, NULL) && x != NULL && y != NULL &&
			json_object_get_int(x) == at->x && json_object_get_int(y) == at->y;
}

/* An X11 window that moves itself (XMoveWindow, a ConfigureRequest to the
 * window manager) goes where it asks, in logical layout coordinates. */
static bool check_moves_itself(struct harness *h, const char *display_env) {
	if (!program_in_path("xdotool")) {
		fprintf(stderr, "# no xdotool: the self-move is not checked\n");
		return true;
	}
	struct position at = { 37, 41 };
	const char *argv[] = { "env", display_env, "xdotool", "search", "--class",
		X_CLASS, "windowmove", "37", "41", NULL };
	char *output = NULL;
	int status = harness_run(h, argv, HARNESS_TIMEOUT_MS, &output);
	bool ok = CHECK(status == 0, "xdotool windowmove failed (%d): %s", status,
			output != NULL ? output : "");
	free(output);
	struct json_object *window = ok ?
			harness_wait_window(h, is_x_client_at, &at, HARNESS_TIMEOUT_MS,
					"the X11 window at 37,41") :
			NULL;
	ok = CHECK(window != NULL,
				 "the X11 window did not move to 37,41 as it "
				 "asked") &&
			ok;
	json_object_put(window);
	return ok;
}

static bool check_x_client(struct harness *h, const struct x_case *c) {
	char display_env[64];
	REQUIRE(xwayland_display_of(h, display_env, sizeof(display_env)),
			"Xwayland is off (gridctl stats has no xwayland_display)");
	const char *argv[] = { "env", display_env, X_CLIENT, NULL };
	struct harness_client *client = harness_spawn(h, X_CLIENT, argv);
	REQUIRE(client != NULL, "cannot start %s", X_CLIENT);

	struct json_object *window = harness_wait_window(h, is_x_client, NULL,
			3 * HARNESS_TIMEOUT_MS, "an X11 window of class " X_CLASS);
	bool ok = CHECK(window != NULL, "%s never showed as a window", X_CLIENT);
	if (ok) {
		ok = CHECK_JSON_INT(window, "buffer_scale", 1) && ok;
		ok = CHECK_JSON_STRING(window, "filter",
					 c->bilinear ? "bilinear" : "nearest") &&
				ok;
		ok = CHECK_JSON_BOOL(window, "filter_rule", c->bilinear) && ok;
		ok = CHECK(json_array_find_string(json_path(window, "outputs",
												  json_type_array),
						   "HEADLESS-1") >= 0,
					 "the window is not on HEADLESS-1") &&
				ok;
	}
	struct json_object *x = window ? json_path(window, "x", json_type_int) : 0;
	struct json_object *y = window ? json_path(window, "y", json_type_int) : 0;
	struct json_object *w =
			window ? json_path(window, "width", json_type_int) : 0;
	struct json_object *hh =
			window ? json_path(window, "height", json_type_int) : 0;
	ok = ok && CHECK(x && y && w && hh, "the window has no geometry");
	struct image *shot = NULL;
	struct window_pixels pixels = { 0 };
	struct image_region r = { 0 };
	if (ok) {
		// The output is at 0,0 at scale 2.
		r = (struct image_region){
			.x = 2 * json_object_get_int(x),
			.y = 2 * json_object_get_int(y),
			.width = 2 * json_object_get_int(w),
			.height = 2 * json_object_get_int(hh),
		};
		ok = CHECK(r.x >= 0 && r.y >= 0 && r.width >= 8 && r.height >= 8,
				"the window is at %d,%d %dx%d (physical)", r.x, r.y, r.width,
				r.height);
	}
	if (ok) {
		shot = shot_of_drawn_window(h, r, &pixels);
		ok = CHECK(shot != NULL, "no screenshot");
	}
	if (ok) {
		fprintf(stderr,
				"window at %d,%d %dx%d (physical): %ld of %ld 2x2 "
				"blocks drawn, %ld not one colour\n",
				r.x, r.y, r.width, r.height, pixels.drawn, pixels.blocks,
				pixels.uneven_blocks);
		ok = CHECK(pixels.varied, "the window is one colour");
		ok = CHECK(pixels.drawn * 2 > pixels.blocks,
					 "%s drew only %ld of "
					 "%ld blocks of its window",
					 X_CLIENT, pixels.drawn, pixels.blocks) &&
				ok;
		if (c->bilinear) {
			ok = CHECK(pixels.uneven_blocks > 0,
						 "with filter bilinear "
						 "every 2x2 block of the scale-1 window is one colour") &&
					ok;
		} else {
			ok = CHECK(pixels.uneven_blocks == 0,
						 "with filter nearest %ld "
						 "of %ld 2x2 blocks are not one colour, the first at %d,%d",
						 pixels.uneven_blocks, pixels.blocks, pixels.uneven_x,
						 pixels.uneven_y) &&
					ok;
		}
		if (!ok) {
			check_save_artifact(shot,
					c->bilinear ? "xwayland-bilinear" : "xwayland-nearest");
		}
	}
	image_destroy(shot);
	if (ok) {
		ok = check_moves_itself(h, display_env) && ok;
	}

	// gridctl close goes through the X11 window manager protocol (or kills
	// the client where it has no WM_DELETE_WINDOW): either way it ends.
	if (ok) {
		char id[32];
		snprintf(id, sizeof(id), "%d",
				json_object_get_int(json_path(window, "id", json_type_int)));
		json_object_put(harness_gridctl_ok(h, "close", id, NULL));
		ok = CHECK(harness_client_wait_exit(client, HARNESS_TIMEOUT_MS) >= 0,
				"%s did not end after gridctl close", X_CLIENT);
	}
	json_object_put(window);
	harness_client_kill(client);
	return ok;
}

static bool run_x_case(const void *data) {
	const struct x_case *c = data;
	char *dir = harness_mkdtemp();
	REQUIRE(dir != NULL, "no temporary directory");
	char *path = write_config(dir, c->config);
	bool ok = CHECK(path != NULL, "cannot write the config");
	if (ok) {
		const char *args[] = { "--config", path, "--output",
			"HEADLESS-1 mode 800x600 scale 2", NULL };
		struct harness *h = start_gridwl_with_xwayland(dir, args);
		ok = CHECK(h != NULL, "gridwl did not start");
		if (h != NULL) {
			ok = (c->check != NULL ? c->check : check_x_client)(h, c) && ok;
			ok = harness_stop(h, ok) && ok;
		}
	}
	free(path);
	harness_remove_tree(dir);
	free(dir);
	return ok;
}

/* Xwayland off: no display, and gridwl runs as ever. */
static bool run_off_case(const void *data) {
	const char *how = data;
	char *dir = harness_mkdtemp();
	REQUIRE(dir != NULL, "no temporary directory");
	bool by_config = strcmp(how, "config") == 0;
	char *path = write_config(dir, by_config ? "xwayland disable\n" : "");
	bool ok = CHECK(path != NULL, "cannot write the config");
	if (!by_config) {
		// gridwl inherits it: wlroots would run this as Xwayland.
		setenv("WLR_XWAYLAND", "/nonexistent/Xwayland", 1);
	}
	if (ok) {
		const char *args[] = { "--config", path, NULL };
		struct harness *h = harness_start(args);
		ok = CHECK(h != NULL, "gridwl did not start");
		if (h != NULL) {
			struct json_object *stats = harness_gridctl_ok(h, "stats", NULL);
			ok = CHECK(stats != NULL, "no stats") && ok;
			ok = ok &&
					CHECK(json_object_object_get_ex(stats, "xwayland_display",
								  NULL) &&
									json_path(stats, "xwayland_display",
											json_type_string) == NULL,
							"xwayland_display is not null with Xwayland off");
			json_object_put(stats);
			ok = harness_stop(h, ok) && ok;
		}
	}
	if (!by_config) {
		unsetenv("WLR_XWAYLAND");
	}
	free(path);
	harness_remove_tree(dir);
	free(dir);
	return ok;
}

/* x11-menu-client's colours (tests/clients/x11-menu-client.c), as
 * gridctl's screenshots have them. */
#define MENU_WINDOW_COLOUR 0xff2060a0u
#define MENU_COLOUR 0xffe04020u
#define MENU_APP_ID "X11Menu"

/* Whether the physical rectangle is all colour. */
static bool region_is(const struct image *shot, int x, int y, int width,
		int height, uint32_t colour) {
	for (int yy = y; yy < y + height; yy++) {
		for (int xx = x; xx < x + width; xx++) {
			if (xx < 0 || yy < 0 || xx >= shot->width || yy >= shot->height ||
					image_get(shot, xx, yy) != colour) {
				return false;
			}
		}
	}
	return true;
}

/* Polls screenshots of the scale-2 output until the menu's 40x30 (logical)
 * is exactly at mx,my with the window's colour around it and where it was
 * at ox,oy (ox < 0: nowhere), or is gone (mx < 0) and the window whole.
 * The window is at 100,100, 120x80. */
static bool wait_menu_at(struct harness *h, int mx, int my, int ox, int oy,
		const char *what) {
	int64_t deadline = harness_now_ms() + HARNESS_TIMEOUT_MS;
	struct image *shot = NULL;
	bool ok = false;
	while (!ok && harness_now_ms() < deadline) {
		image_destroy(shot);
		shot = screenshot_gridctl(h, "HEADLESS-1", "x11-menu");
		if (shot == NULL) {
			break;
		}
		if (mx < 0) {
			ok = region_is(shot, 200, 200, 240, 160, MENU_WINDOW_COLOUR);
		} else {
			// The menu, then a physical pixel of the window on each side.
			ok = region_is(shot, 2 * mx, 2 * my, 80, 60, MENU_COLOUR) &&
					region_is(shot, 2 * mx - 1, 2 * my - 1, 82, 1,
							MENU_WINDOW_COLOUR) &&
					region_is(shot, 2 * mx - 1, 2 * my + 60, 82, 1,
							MENU_WINDOW_COLOUR) &&
					region_is(shot, 2 * mx - 1, 2 * my, 1, 60,
							MENU_WINDOW_COLOUR) &&
					region_is(shot, 2 * mx + 80, 2 * my, 1, 60,
							MENU_WINDOW_COLOUR) &&
					(ox < 0 ||
							region_is(shot, 2 * ox, 2 * oy, 80, 60,
									MENU_WINDOW_COLOUR));
		}
		if (!ok) {
			harness_sleep_ms(50);
		}
	}
	ok = CHECK(ok, "%s", what);
	if (!ok && shot != NULL) {
		check_save_artifact(shot, "xwayland-menu");
	}
	image_destroy(shot);
	return ok;
}

static bool send_and_wait(struct harness_client *c, const char *command,
		const char *answer) {
	REQUIRE(harness_client_send(c, "%s", command), "cannot send %s", command);
	char *line = harness_client_wait_line(c, answer, HARNESS_TIMEOUT_MS);
	bool ok = CHECK(line != NULL, "no \"%s\" after %s", answer, command);
	free(line);
	return ok;
}

static bool only_menu_window_focused(struct json_object *reply, void *data) {
	struct json_object *windows = json_path(reply, "windows", json_type_array);
	if (windows == NULL || json_object_array_length(windows) != 1) {
		return false;
	}
	struct json_object *window = json_object_array_get_idx(windows, 0);
	struct json_object *app_id = json_path(window, "app_id", json_type_string);
	struct json_object *focused =
			json_path(window, "focused", json_type_boolean);
	return app_id != NULL && focused != NULL &&
			strcmp(json_object_get_string(app_id), MENU_APP_ID) == 0 &&
			json_object_get_boolean(focused);
}

/*
 * gridctl's window commands refuse every id that is not a listed window:
 * the menu (whose view came after the window's, so its id is above it) and
 * anything else gridwl has made so far answer a JSON error, and the window
 * stays where it is.
 */
static bool menu_id_refused(struct harness *h, struct json_object *reply) {
	struct json_object *windows = json_path(reply, "windows", json_type_array);
	struct json_object *id = windows != NULL ?
			json_path(json_object_array_get_idx(windows, 0), "id",
					json_type_int) :
			NULL;
	REQUIRE(id != NULL, "the window has no id");
	int window_id = json_object_get_int(id);
	const char *commands[][4] = {
		{ "focus", NULL },
		{ "close", NULL },
		{ "move", "300", "300" },
		{ "resize", "50", "50" },
	};
	bool ok = true;
	for (int other = 1; other <= window_id + 8; other++) {
		if (other == window_id) {
			continue;
		}
		char text[16];
		snprintf(text, sizeof(text), "%d", other);
		for (size_t i = 0; i < sizeof(commands) / sizeof(commands[0]); i++) {
			const char *args[] = { commands[i][0], text, commands[i][1],
				commands[i][2], NULL };
			int status = 0;
			struct json_object *answer = harness_gridctlv(h, &status, args);
			struct json_object *error =
					json_path(answer, "error", json_type_string);
			ok = CHECK(status != 0 && error != NULL &&
								 strstr(json_object_get_string(error),
										 "no window") != NULL,
						 "gridctl %s %d (not a window) did not fail with "
						 "\"no window\"",
						 commands[i][0], other) &&
					ok;
			json_object_put(answer);
		}
	}
	return ok;
}

/*
 * An X11 menu (an override-redirect window) is drawn where its program
 * puts it, over its window, exactly, at scale 2; it moves when the program
 * moves it and is gone when it unmaps; it is never listed as a window,
 * takes no focus, and gridctl's window commands refuse its id.
 */
static bool check_x_menu(struct harness *h, const struct x_case *c) {
	struct harness_client *client = spawn_x11_until(h, "x11-menu",
			"X11_MENU_CLIENT_BIN", "ready", NULL);
	REQUIRE(client != NULL, "x11-menu-client did not show its window");
	bool ok = CHECK(rs_place(h, MENU_APP_ID, 100, 100) > 0,
			"cannot place the X11 window at 100,100");
	ok = ok &&
			wait_menu_at(h, -1, -1, -1, -1,
					"the X11 window is at "
					"100,100, each X pixel a 2x2 block");

	ok = ok && send_and_wait(client, "menu 130 140", "menu") &&
			wait_menu_at(h, 130, 140, -1, -1,
					"the menu is drawn at 130,140, "
					"over its window, each X pixel a 2x2 block");
	const char *args[] = { "windows", NULL };
	struct json_object *reply = ok ?
			harness_wait_gridctl(h, args, only_menu_window_focused, NULL,
					HARNESS_TIMEOUT_MS,
					"one window listed, focused, and no menu") :
			NULL;
	ok = CHECK(reply != NULL,
				 "the menu is listed as a window or took "
				 "the focus") &&
			ok;
	ok = ok && menu_id_refused(h, reply);
	json_object_put(reply);

	ok = ok && send_and_wait(client, "menu-move 170 110", "menu-move") &&
			wait_menu_at(h, 170, 110, 130, 140,
					"the menu moved itself to "
					"170,110, and where it was shows the window again");
	ok = ok && send_and_wait(client, "menu-close", "menu-close") &&
			wait_menu_at(h, -1, -1, -1, -1, "the unmapped menu is gone");
	ok = CHECK_QUITS(client, "x11-menu-client") && ok;
	(void)c;
	return ok;
}

/* "xwayland scale 1": X11 windows are scale-1 buffers, as before issue 19
 * (xwayland-scale has them at the output's scale). */
static const struct x_case menu = {
	.config = "output HEADLESS-1 filter nearest\n"
			  "xwayland scale 1\n",
	.check = check_x_menu,
};

static const struct x_case nearest = {
	.config = "output HEADLESS-1 filter nearest\n"
			  "xwayland scale 1\n",
	.bilinear = false,
};

static const struct x_case bilinear = {
	.config = "output HEADLESS-1 filter nearest\n"
			  "xwayland scale 1\n"
			  "window class=^" X_CLASS "$ filter bilinear\n",
	.bilinear = true,
};

int main(void) {
	struct check_suite suite = { 0 };
	const char *missing = NULL;
	if (access(xwayland_binary(), X_OK) != 0) {
		missing = "Xwayland is not installed (Debian package xwayland)";
	} else if (!program_in_path(X_CLIENT)) {
		missing = X_CLIENT " is not installed (Debian package x11-apps)";
	}
	const char *names[] = {
		"xlogo on a scale-2 output: buffer scale 1, each pixel a 2x2 block "
		"with filter nearest",
		"a window rule on the X11 class makes it bilinear",
	};
	if (missing != NULL) {
		check_skip(&suite, names[0], missing);
		check_skip(&suite, names[1], missing);
	} else {
		check_run(&suite, names[0], run_x_case, &nearest);
		check_run(&suite, names[1], run_x_case, &bilinear);
	}
	const char *menu_name =
			"an X11 menu (override-redirect) is drawn where "
			"its program puts and moves it, unlisted and unfocused";
	check_run_xwayland(&suite, menu_name, run_x_case, &menu);
	check_run(&suite, "xwayland disable in the config: no X11 display",
			run_off_case, "config");
	check_run(&suite, "no Xwayland binary: no X11 display", run_off_case,
			"binary");
	return check_finish(&suite);
}

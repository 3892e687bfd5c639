#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wayland-client.h>
#include "client.h"
#include "fractional-scale-v1-client-protocol.h"
#include "idle-inhibit-unstable-v1-client-protocol.h"
#include "server-decoration-client-protocol.h"
#include "xdg-decoration-unstable-v1-client-protocol.h"
#include "xdg-output-unstable-v1-client-protocol.h"
#include "xdg-shell-client-protocol.h"

static const char usage[] =
		"Usage: pattern-client [options]\n"
		"\n"
		"Shows a known pattern in an xdg_toplevel at a chosen buffer scale and\n"
		"prints what the compositor tells it, one line per event.\n"
		"\n"
		"  --scale S          buffer scale (default 1), or preferred: start at 1\n"
		"                     and redraw the window, at the same logical size,\n"
		"                     at each scale wl_surface.preferred_buffer_scale\n"
		"                     asks for, as a toolkit does (subsurfaces without\n"
		"                     a SCALE of their own stay at 1)\n"
		"  --pattern P        checker, grid, coords or solid:RRGGBB (default coords)\n"
		"  --size WxH         logical size when the compositor leaves it open\n"
		"                     (default 200x100)\n"
		"  --fullscreen NAME  fullscreen on the output called NAME\n"
		"  --maximized        ask to be maximized before the first commit\n"
		"  --app-id ID        xdg_toplevel app_id (default pattern-client)\n"
		"  --title T          xdg_toplevel title (default pattern-client)\n"
		"  --decoration M     a zxdg_toplevel_decoration_v1 asking for M: server,\n"
		"                     client, or any (no preference); prints the mode\n"
		"                     the compositor configures. kde-server and\n"
		"                     kde-client ask through KDE's server-decoration\n"
		"                     instead, as GTK 3 does, and print its modes\n"
		"  --bad-scale N      after the first frame, commit buffer scale N\n"
		"  --odd-buffer       make the buffer one pixel larger than size * scale\n"
		"  --opaque           XRGB8888 buffers instead of ARGB8888\n"
		"  --cursor S         over the window, a 16x16 coords cursor surface at\n"
		"                     buffer scale S (prints pointer enter/leave)\n"
		"  --subsurface X,Y,WxH[,SCALE[,PATTERN]]\n"
		"                     a synchronized wl_subsurface of WxH at X,Y (logical,\n"
		"                     relative to the main surface; may stick out), with\n"
		"                     its own buffer scale (default --scale) and pattern\n"
		"                     (default checker); up to 4, numbered 1, 2... in\n"
		"                     order. With any, the window geometry is the main\n"
		"                     surface alone\n"
		"  --no-window-geometry  never set the window geometry, so that it is the\n"
		"                     extents of the main surface and its subsurfaces\n"
		"  --inhibit-idle     an idle inhibitor on the window's surface, as a video\n"
		"                     player has\n"
		"  --ignore-stdin     read no commands: run until the window is closed,\n"
		"                     also when stdin is not a terminal (a demo)\n"
		"  --report-preferred print the preferred buffer scale and transform\n"
		"                     the compositor sends for the window's surface\n"
		"  --report-fractional  print the wp_fractional_scale_v1 preferred scale\n"
		"                     (in 120ths) the compositor sends for the window's\n"
		"                     surface\n"
		"  -h, --help         show this help\n"
		"\n"
		"Events: output NAME scale=S mode=WxH | xdg_output NAME x=X y=Y width=W\n"
		"height=H | output_removed NAME | enter NAME | leave NAME | configure W H |\n"
		"ready W H S | damaged X Y W H | sync | close | error ... | disconnected\n"
		"With subsurfaces and popups also: subsurface I enter NAME | subsurface I\n"
		"leave NAME | popup configure X Y W H | popup ready W H S | popup enter NAME\n"
		"| popup leave NAME | popup done\n"
		"With --report-preferred also: preferred scale N | preferred transform T\n"
		"(T the number of the wl_output.transform)\n"
		"With --report-fractional also: preferred fractional N (N/120)\n"
		"\n"
		"With --decoration also: decoration server|client\n"
		"Commands on stdin: scale N | pattern P | damage X Y W H | sync | quit |\n"
		"title T | minimize |\n"
		"popup X Y W H [ADJUST] | popup-point X Y W H [ADJUST] | popup-close |\n"
		"subsurface-move I X Y\n"
		"\n"
		"popup opens an xdg_popup (no grab) of WxH anchored at the 1x1 rectangle\n"
		"X,Y of the window geometry (popup-point: the 0x0 one, which xdg-shell\n"
		"allows), anchor and gravity bottom-right, drawn at the\n"
		"window's current scale and pattern. ADJUST is the constraint adjustment:\n"
		"none, or a comma separated list of slide, flip, resize (both axes),\n"
		"slide-x, slide-y, flip-x, flip-y, resize-x, resize-y (default flip,slide).\n"
		"popup configure is the position the compositor gave, relative to the\n"
		"window geometry; popup ready follows the popup's commit.\n"
		"subsurface-move puts subsurface I at X,Y and commits the main surface,\n"
		"which applies it; sync then vouches for it.\n";

static bool parse_int(const char *text, int min, int max, int *out) {
	char *end;
	errno = 0;
	long value = strtol(text, &end, 10);
	if (errno != 0 || end == text || *end != '\0' || value < min ||
			value > max) {
		return false;
	}
	*out = (int)value;
	return true;
}

static bool parse_size(const char *text, int *width, int *height) {
	char buf[64];
	snprintf(buf, sizeof(buf), "%s", text);
	char *x = strchr(buf, 'x');
	if (x == NULL) {
		return false;
	}
	*x = '\0';
	return parse_int(buf, 1, 16384, width) &&
			parse_int(x + 1, 1, 16384, height);
}

/* X,Y,WxH[,SCALE[,PATTERN]] */
static bool parse_subsurface(const char *text, struct subsurface_options *o) {
	char buf[128];
	if (snprintf(buf, sizeof(buf), "%s", text) >= (int)sizeof(buf)) {
		return false;
	}
	char *fields[5] = { 0 };
	int count = 0;
	char *rest = buf;
	while (count < 5) {
		fields[count++] = rest;
		char *comma = strchr(rest, ',');
		if (comma == NULL) {
			break;
		}
		*comma = '\0';
		rest = comma + 1;
		if (count == 5) {
			return false;
		}
	}
	*o = (struct subsurface_options){
		.pattern = { .kind = PATTERN_CHECKER },
	};
	if (count < 3 || !parse_int(fields[0], -16384, 16384, &o->x) ||
			!parse_int(fields[1], -16384, 16384, &o->y) ||
			!parse_size(fields[2], &o->width, &o->height)) {
		return false;
	}
	if (count >= 4 && !parse_int(fields[3], 1, SCALE_MAX, &o->scale)) {
		return false;
	}
	return count < 5 || pattern_parse(fields[4], &o->pattern);
}

static bool parse_options(int argc, char *argv[], struct client_options *o) {
	enum {
		OPT_SCALE = 256,
		OPT_PATTERN,
		OPT_SIZE,
		OPT_FULLSCREEN,
		OPT_APP_ID,
		OPT_TITLE,
		OPT_BAD_SCALE,
		OPT_ODD_BUFFER,
		OPT_OPAQUE,
		OPT_CURSOR,
		OPT_SUBSURFACE,
		OPT_NO_WINDOW_GEOMETRY,
		OPT_MAXIMIZED,
		OPT_INHIBIT_IDLE,
		OPT_IGNORE_STDIN,
		OPT_REPORT_PREFERRED,
		OPT_REPORT_FRACTIONAL,
		OPT_DECORATION,
	};
	static const struct option long_options[] = {
		{ "scale", required_argument, NULL, OPT_SCALE },
		{ "pattern", required_argument, NULL, OPT_PATTERN },
		{ "size", required_argument, NULL, OPT_SIZE },
		{ "fullscreen", required_argument, NULL, OPT_FULLSCREEN },
		{ "maximized", no_argument, NULL, OPT_MAXIMIZED },
		{ "app-id", required_argument, NULL, OPT_APP_ID },
		{ "title", required_argument, NULL, OPT_TITLE },
		{ "bad-scale", required_argument, NULL, OPT_BAD_SCALE },
		{ "odd-buffer", no_argument, NULL, OPT_ODD_BUFFER },
		{ "opaque", no_argument, NULL, OPT_OPAQUE },
		{ "cursor", required_argument, NULL, OPT_CURSOR },
		{ "subsurface", required_argument, NULL, OPT_SUBSURFACE },
		{ "no-window-geometry", no_argument, NULL, OPT_NO_WINDOW_GEOMETRY },
		{ "inhibit-idle", no_argument, NULL, OPT_INHIBIT_IDLE },
		{ "ignore-stdin", no_argument, NULL, OPT_IGNORE_STDIN },
		{ "report-preferred", no_argument, NULL, OPT_REPORT_PREFERRED },
		{ "report-fractional", no_argument, NULL, OPT_REPORT_FRACTIONAL },
		{ "decoration", required_argument, NULL, OPT_DECORATION },
		{ "help", no_argument, NULL, 'h' },
		{ 0 },
	};
	*o = (struct client_options){
		.scale = 1,
		.pattern = { .kind = PATTERN_COORDS },
		.width = 200,
		.height = 100,
		.app_id = "pattern-client",
		.title = "pattern-client",
	};
	int opt;
	while ((opt = getopt_long(argc, argv, "h", long_options, NULL)) != -1) {
		switch (opt) {
		case OPT_SCALE:
			// A toolkit draws at 1 until the compositor says otherwise.
			o->scale_preferred = strcmp(optarg, "preferred") == 0;
			if (o->scale_preferred) {
				o->scale = 1;
			} else if (!parse_int(optarg, 1, SCALE_MAX, &o->scale)) {
				fprintf(stderr, "invalid --scale: %s\n", optarg);
				return false;
			}
			break;
		case OPT_PATTERN:
			if (!pattern_parse(optarg, &o->pattern)) {
				fprintf(stderr, "invalid --pattern: %s\n", optarg);
				return false;
			}
			break;
		case OPT_SIZE:
			if (!parse_size(optarg, &o->width, &o->height)) {
				fprintf(stderr, "invalid --size: %s (want WxH)\n", optarg);
				return false;
			}
			break;
		case OPT_FULLSCREEN:
			o->fullscreen = optarg;
			break;
		case OPT_MAXIMIZED:
			o->maximized = true;
			break;
		case OPT_APP_ID:
			o->app_id = optarg;
			break;
		case OPT_TITLE:
			o->title = optarg;
			break;
		case OPT_DECORATION:
			if (strcmp(optarg, "server") != 0 &&
					strcmp(optarg, "client") != 0 &&
					strcmp(optarg, "any") != 0 &&
					strcmp(optarg, "kde-server") != 0 &&
					strcmp(optarg, "kde-client") != 0) {
				fprintf(stderr,
						"--decoration wants server, client, any, "
						"kde-server or kde-client\n");
				return false;
			}
			o->decoration = optarg;
			break;
		case OPT_BAD_SCALE:
			// Deliberately unchecked beyond being a number: zero and
			// negative values are what a test of protocol errors wants.
			if (!parse_int(optarg, INT_MIN, INT_MAX, &o->bad_scale)) {
				fprintf(stderr, "invalid --bad-scale: %s\n", optarg);
				return false;
			}
			o->bad_scale_set = true;
			break;
		case OPT_OPAQUE:
			o->opaque = true;
			break;
		case OPT_CURSOR:
			o->cursor_scale = atoi(optarg);
			if (o->cursor_scale < 1 || o->cursor_scale > 4) {
				fprintf(stderr, "invalid --cursor: %s (want 1 to 4)\n", optarg);
				return false;
			}
			break;
		case OPT_ODD_BUFFER:
			o->odd_buffer = true;
			break;
		case OPT_SUBSURFACE:
			if (o->subsurface_count == SUBSURFACES_MAX) {
				fprintf(stderr, "at most %d --subsurface options\n",
						SUBSURFACES_MAX);
				return false;
			}
			if (!parse_subsurface(optarg,
						&o->subsurfaces[o->subsurface_count])) {
				fprintf(stderr,
						"invalid --subsurface: %s (want "
						"X,Y,WxH[,SCALE[,PATTERN]])\n",
						optarg);
				return false;
			}
			o->subsurface_count++;
			break;
		case OPT_NO_WINDOW_GEOMETRY:
			o->no_window_geometry = true;
			break;
		case OPT_INHIBIT_IDLE:
			o->inhibit_idle = true;
			break;
		case OPT_IGNORE_STDIN:
			o->ignore_stdin = true;
			break;
		case OPT_REPORT_PREFERRED:
			o->report_preferred = true;
			break;
		case OPT_REPORT_FRACTIONAL:
			o->report_fractional = true;
			break;
		case 'h':
			fputs(usage, stdout);
			exit(0);
		default:
			fputs(usage, stderr);
			return false;
		}
	}
	if (optind < argc) {
		fprintf(stderr, "unexpected argument: %s\n", argv[optind]);
		return false;
	}
	if (o->odd_buffer && o->scale < 2) {
		fprintf(stderr,
				"--odd-buffer needs --scale 2 or more: every size "
				"is a multiple of 1\n");
		return false;
	}
	return true;
}

static uint32_t min_version(uint32_t a, uint32_t b) {
	return a < b ? a : b;
}

/* Besides the skeleton's wl_compositor, wl_shm and xdg_wm_base. */
static const struct client_global bound_globals[] = {
	{ &wl_subcompositor_interface, 1, offsetof(struct client, subcompositor),
			NULL },
	{ 0 },
};

/* Every output, and what only some options need. */
static void registry_global(void *data, struct wl_registry *registry,
		uint32_t name, const char *interface, uint32_t version) {
	struct client *client = data;
	if (strcmp(interface, wl_output_interface.name) == 0) {
		client_output_create(client, name, version);
	} else if (strcmp(interface, zwp_idle_inhibit_manager_v1_interface.name) ==
					0 &&
			client->options.inhibit_idle) {
		client->idle_inhibit_manager = wl_registry_bind(registry, name,
				&zwp_idle_inhibit_manager_v1_interface, 1);
	} else if (strcmp(interface,
					   wp_fractional_scale_manager_v1_interface.name) == 0 &&
			client->options.report_fractional) {
		client->fractional_scale_manager = wl_registry_bind(registry, name,
				&wp_fractional_scale_manager_v1_interface, 1);
	} else if (strcmp(interface,
					   org_kde_kwin_server_decoration_manager_interface.name) ==
					0 &&
			client->options.decoration != NULL &&
			strncmp(client->options.decoration, "kde-", 4) == 0) {
		client->kde_decoration_manager = wl_registry_bind(registry, name,
				&org_kde_kwin_server_decoration_manager_interface, 1);
	} else if (strcmp(interface, zxdg_decoration_manager_v1_interface.name) ==
					0 &&
			client->options.decoration != NULL &&
			strncmp(client->options.decoration, "kde-", 4) != 0) {
		client->decoration_manager = wl_registry_bind(registry, name,
				&zxdg_decoration_manager_v1_interface, 1);
	} else if (strcmp(interface, zxdg_output_manager_v1_interface.name) == 0) {
		client->xdg_output_manager = wl_registry_bind(registry, name,
				&zxdg_output_manager_v1_interface, min_version(version, 3));
		client_outputs_bind_xdg(client);
	}
}

static void registry_global_remove(void *data, struct wl_registry *registry,
		uint32_t name) {
	struct client *client = data;
	struct client_output *output = client_output_from_global(client, name);
	if (output != NULL) {
		client_emit("output_removed %s", client_output_name(output));
		client_output_destroy(output);
	}
}

/* popup X Y W H [ADJUST] */
static void open_popup(struct window *window, char **args, int nargs,
		int anchor_size) {
	int n[4];
	uint32_t adjustment;
	if (!parse_int(args[0], -16384, 16384, &n[0]) ||
			!parse_int(args[1], -16384, 16384, &n[1]) ||
			!parse_int(args[2], 1, 16384, &n[2]) ||
			!parse_int(args[3], 1, 16384, &n[3]) ||
			!popup_parse_adjustment(nargs == 5 ? args[4] : "flip,slide",
					&adjustment)) {
		client_emit("error bad command: popup");
		return;
	}
	if (window->popup != NULL) {
		client_emit("error a popup is open already");
		return;
	}
	if (!window->shown) {
		// xdg-shell wants the parent mapped before its popups.
		client_emit("error the window is not shown yet");
		return;
	}
	window->popup =
			popup_open(window, n[0], n[1], n[2], n[3], anchor_size, adjustment);
}

/* A line on stdin other than "sync" and "quit", which the skeleton
 * answers. */
static bool handle_command(void *data, char *line) {
	struct client *client = data;
	struct window *window = client->window;
	char *saveptr;
	char *cmd = strtok_r(line, " \t", &saveptr);
	if (cmd == NULL) {
		return true;
	}
	char *args[5] = { 0 };
	int nargs = 0;
	char *arg;
	while ((arg = strtok_r(NULL, " \t", &saveptr)) != NULL && nargs < 5) {
		args[nargs++] = arg;
	}
	// The first commands took at most four arguments and ignored any
	// further ones; they still do.
	int all_args = nargs;
	if (nargs > 4) {
		nargs = 4;
	}
	int n[4];
	struct pattern pattern;
	if (strcmp(cmd, "scale") == 0 && nargs == 1 &&
			parse_int(args[0], 1, SCALE_MAX, &n[0])) {
		window_set_scale(window, n[0]);
	} else if (strcmp(cmd, "pattern") == 0 && nargs == 1 &&
			pattern_parse(args[0], &pattern)) {
		window_set_pattern(window, &pattern);
	} else if (strcmp(cmd, "damage") == 0 && nargs == 4 &&
			parse_int(args[0], 0, INT_MAX, &n[0]) &&
			parse_int(args[1], 0, INT_MAX, &n[1]) &&
			parse_int(args[2], 1, INT_MAX, &n[2]) &&
			parse_int(args[3], 1, INT_MAX, &n[3])) {
		if (!window_damage(window, n[0], n[1], n[2], n[3])) {
			client_emit("error damage rectangle outside the buffer");
		}
	} else if (strcmp(cmd, "popup") == 0 && (all_args == 4 || all_args == 5)) {
		open_popup(window, args, all_args, 1);
	} else if (strcmp(cmd, "popup-point") == 0 &&
			(all_args == 4 || all_args == 5)) {
		open_popup(window, args, all_args, 0);
	} else if (strcmp(cmd, "subsurface-move") == 0 && all_args == 3 &&
			parse_int(args[0], 1, window->subsurface_count, &n[0]) &&
			parse_int(args[1], -16384, 16384, &n[1]) &&
			parse_int(args[2], -16384, 16384, &n[2])) {
		if (!window->shown) {
			client_emit("error the window is not shown yet");
			return true;
		}
		subsurface_move(window->subsurfaces[n[0] - 1], n[1], n[2]);
	} else if (strcmp(cmd, "title") == 0 && nargs >= 1) {
		// The rest of the line, blanks and all.
		char *title = args[0];
		for (int i = 1; i < all_args; i++) {
			args[i][-1] = ' ';
		}
		xdg_toplevel_set_title(window->xdg_toplevel, title);
		wl_surface_commit(window->surface);
		client_sync(client, "sync");
	} else if (strcmp(cmd, "minimize") == 0 && nargs == 0) {
		xdg_toplevel_set_minimized(window->xdg_toplevel);
		client_sync(client, "sync");
	} else if (strcmp(cmd, "popup-close") == 0 && nargs == 0) {
		if (window->popup == NULL) {
			client_emit("error no popup open");
			return true;
		}
		popup_destroy(window->popup);
		window->popup = NULL;
	} else {
		client_emit("error bad command: %s", cmd);
	}
	return true;
}

/* Commands before a wait (and before "sync") have their frame committed
 * first, so that "sync" vouches for them too. */
static void redraw(void *data) {
	struct client *client = data;
	window_redraw_if_needed(client->window);
}

/* The skeleton's roundtrip for the globals, then one for what binding
 * them sends (output names and geometry), which --fullscreen needs. */
static bool connect_globals(struct client *client,
		const struct client_skeleton_spec *spec) {
	if (client_skeleton_connect(&client->skel, spec) != 0) {
		return false;
	}
	if (wl_display_roundtrip(client->skel.display) < 0) {
		raw_client_report_disconnect(client->skel.display);
		return false;
	}
	client_outputs_globals_known(client);
	// Version 4 brings damage_buffer, which the damage command needs.
	uint32_t compositor_version =
			wl_compositor_get_version(client->skel.compositor);
	if (compositor_version < 4) {
		client_emit("error wl_compositor version %u < 4", compositor_version);
		return false;
	}
	const char *missing = client->subcompositor == NULL &&
					client->options.subsurface_count > 0 ?
			"wl_subcompositor" :
			client->fractional_scale_manager == NULL &&
					client->options.report_fractional ?
			"wp_fractional_scale_manager_v1" :
			NULL;
	if (missing != NULL) {
		client_emit("error compositor lacks %s", missing);
		return false;
	}
	const char *fullscreen = client->options.fullscreen;
	if (fullscreen != NULL && !client_output_from_name(client, fullscreen)) {
		client_emit("error no output named %s", fullscreen);
		return false;
	}
	return true;
}

static int client_finish(struct client *client, int status) {
	if (client->window != NULL) {
		window_destroy(client->window);
	}
	struct client_output *output, *tmp;
	wl_list_for_each_safe(output, tmp, &client->outputs, link) {
		client_output_destroy(output);
	}
	client_cursor_destroy(client->cursor);
	if (client->xdg_output_manager != NULL) {
		zxdg_output_manager_v1_destroy(client->xdg_output_manager);
	}
	if (client->decoration_manager != NULL) {
		zxdg_decoration_manager_v1_destroy(client->decoration_manager);
	}
	if (client->kde_decoration_manager != NULL) {
		org_kde_kwin_server_decoration_manager_destroy(
				client->kde_decoration_manager);
	}
	if (client->idle_inhibit_manager != NULL) {
		zwp_idle_inhibit_manager_v1_destroy(client->idle_inhibit_manager);
	}
	if (client->fractional_scale_manager != NULL) {
		wp_fractional_scale_manager_v1_destroy(
				client->fractional_scale_manager);
	}
	return client_skeleton_finish_all(&client->skel, status);
}

int main(int argc, char *argv[]) {
	struct client client = { 0 };
	if (!parse_options(argc, argv, &client.options)) {
		return 2;
	}
	wl_list_init(&client.outputs);
	const struct client_skeleton_spec spec = {
		.globals = bound_globals,
		.global = registry_global,
		.global_remove = registry_global_remove,
		.data = &client,
		.window = true,
		// Version 6 brings the surfaces' preferred_buffer_scale and
		// preferred_buffer_transform, which --report-preferred and --scale
		// preferred are about; without them nothing else changes.
		.compositor_version = 6,
		// Listened to from the bind on: the seat's capabilities come at
		// once (headless gridwl has a pointer from the start).
		.seat_version = client.options.cursor_scale > 0 ? 1 : 0,
		.input = &client_cursor_input,
		.command = handle_command,
		.idle = redraw,
		// A test drives the client through stdin, and its end ends the
		// client (a test that dies leaves no client behind); a demo
		// started with stdin closed or in the background must not.
		.ignore_stdin = client.options.ignore_stdin,
	};
	int status = 1;
	if (connect_globals(&client, &spec)) {
		client.window = window_create(&client);
	}
	if (client.window != NULL) {
		status = client_skeleton_run(&client.skel);
	}
	// A clean disconnect: tell the compositor nothing is pending.
	if (status == 0) {
		wl_display_roundtrip(client.skel.display);
	}
	return client_finish(&client, status);
}

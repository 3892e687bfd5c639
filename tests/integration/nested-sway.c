#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <pwd.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>
#include "check.h"
#include "client-lines.h"
#include "gridctl-outputs.h"
#include "harness.h"
#include "image.h"
#include "resample_expect.h"
#include "run-gridwl.h"
#include "screenshots.h"
#include "virtual-pointer.h"

/*
 * gridwl nested in a real host: sway (Debian's) on its headless backend at
 * scale 2, which tiles gridwl's window over the whole output, configuring
 * its size. The nested output must be that logical size at the host's
 * scale, and a client at that scale reaches sway's screen (grim) 1:1;
 * sway's output going to scale 1 and back re-fits it each time. A scale-1
 * client is magnified once, by the nested gridwl; a click of a virtual
 * pointer on sway lands on the nested pixel under it. And issue 20's bar:
 * every global this sway (1.10 on Debian 13) lists, a headless gridwl
 * lists too.
 *
 * sway refuses to run as root, so it runs as nobody in a runtime dir of
 * nobody's; gridwl, grim and swaymsg (root) reach it through its socket's
 * path.
 */

#define HOST_WIDTH 1600
#define HOST_HEIGHT 1200

struct sway {
	pid_t pid;
	char *dir;
	char *wayland_display; // a path, as WAYLAND_DISPLAY takes it
	char *ipc_socket;
};

static char *path_in(const char *dir, const char *name) {
	char *path = NULL;
	if (asprintf(&path, "%s/%s", dir, name) < 0) {
		return NULL;
	}
	return path;
}

static bool write_file(const char *path, const char *text, mode_t mode) {
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode);
	if (fd < 0) {
		fprintf(stderr, "cannot write %s: %s\n", path, strerror(errno));
		return false;
	}
	size_t len = strlen(text);
	bool ok = write(fd, text, len) == (ssize_t)len;
	close(fd);
	return ok;
}

static void print_log(const struct sway *sway) {
	char *path = path_in(sway->dir, "sway.log");
	char *text = path != NULL ? harness_read_file(path) : NULL;
	fprintf(stderr, "----- sway log (start) -----\n%s\n-----\n",
			text != NULL ? text : "(none)");
	free(text);
	free(path);
}

static void sway_stop(struct sway *sway) {
	if (sway->pid > 0) {
		kill(sway->pid, SIGTERM);
		int status;
		int64_t deadline = harness_now_ms() + 5000;
		while (waitpid(sway->pid, &status, WNOHANG) == 0) {
			if (harness_now_ms() >= deadline) {
				kill(sway->pid, SIGKILL);
				waitpid(sway->pid, &status, 0);
				break;
			}
			harness_sleep_ms(20);
		}
	}
	if (sway->dir != NULL) {
		harness_remove_tree(sway->dir);
	}
	free(sway->dir);
	free(sway->wayland_display);
	free(sway->ipc_socket);
	*sway = (struct sway){ 0 };
}

/* sway headless, HEADLESS-1 1600x1200 at scale 2, no borders; it writes
 * its socket and IPC socket into a file once it runs its exec lines. */
static bool sway_start(struct sway *sway) {
	*sway = (struct sway){ .pid = -1 };
	struct passwd *nobody = getpwnam("nobody");
	REQUIRE(nobody != NULL, "no user nobody");
	sway->dir = harness_mkdtemp();
	REQUIRE(sway->dir != NULL, "no runtime dir for sway");
	char *config = path_in(sway->dir, "config");
	char *ready = path_in(sway->dir, "ready");
	char *log = path_in(sway->dir, "sway.log");
	char *text = NULL;
	bool ok = config != NULL && ready != NULL && log != NULL &&
			asprintf(&text,
					"output HEADLESS-1 mode --custom %dx%d scale 2 "
					"position 0 0\n"
					"default_border none\n"
					"default_floating_border none\n"
					"focus_follows_mouse no\n"
					"xwayland disable\n"
					"exec echo \"$WAYLAND_DISPLAY $SWAYSOCK\" > %s\n",
					HOST_WIDTH, HOST_HEIGHT, ready) >= 0 &&
			write_file(config, text, 0644) &&
			CHECK(chown(sway->dir, nobody->pw_uid, nobody->pw_gid) == 0,
					"chown %s: %s", sway->dir, strerror(errno));
	free(text);
	int log_fd =
			ok ? open(log, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644) : -1;
	ok = ok && log_fd >= 0;
	char uid[16], gid[16];
	snprintf(uid, sizeof(uid), "--reuid=%u", (unsigned)nobody->pw_uid);
	snprintf(gid, sizeof(gid), "--regid=%u", (unsigned)nobody->pw_gid);
	char *env_dir = NULL, *env_home = NULL;
	ok = ok && asprintf(&env_dir, "XDG_RUNTIME_DIR=%s", sway->dir) >= 0 &&
			asprintf(&env_home, "HOME=%s", sway->dir) >= 0;
	if (ok) {
		fflush(NULL);
		pid_t parent = getpid();
		sway->pid = fork();
		if (sway->pid == 0) {
			prctl(PR_SET_PDEATHSIG, SIGKILL);
			if (getppid() != parent || dup2(log_fd, 1) < 0 ||
					dup2(log_fd, 2) < 0) {
				_exit(127);
			}
			const char *argv[] = { "setpriv", uid, gid, "--clear-groups",
				"sway", "-c", config, NULL };
			const char *envp[] = { env_dir, env_home, "PATH=/usr/bin:/bin",
				"WLR_BACKENDS=headless", "WLR_RENDERER=pixman",
				"WLR_LIBINPUT_NO_DEVICES=1", NULL };
			execvpe(argv[0], (char *const *)argv, (char *const *)envp);
			_exit(127);
		}
		ok = CHECK(sway->pid > 0, "fork: %s", strerror(errno));
	}
	if (log_fd >= 0) {
		close(log_fd);
	}
	free(env_dir);
	free(env_home);
	char *line = ok ? harness_wait_file_line(ready, HARNESS_TIMEOUT_MS) : NULL;
	char display[256], ipc[512];
	ok = ok && CHECK(line != NULL, "sway did not start") &&
			CHECK(sscanf(line, "%255s %511s", display, ipc) == 2,
					"sway wrote \"%s\"", line);
	free(line);
	if (ok) {
		sway->wayland_display = path_in(sway->dir, display);
		sway->ipc_socket = strdup(ipc);
		ok = sway->wayland_display != NULL && sway->ipc_socket != NULL;
	}
	if (!ok && sway->dir != NULL) {
		print_log(sway);
	}
	free(config);
	free(ready);
	free(log);
	return ok;
}

/* GRIDWL_BIN becomes a wrapper that puts WAYLAND_DISPLAY back (the harness
 * clears it for its children) with the nested LeakSanitizer options, as
 * xvfb-session.c does for DISPLAY. */
static bool wrap_gridwl(const struct sway *sway) {
	const char *real = getenv("GRIDWL_BIN");
	REQUIRE(real != NULL && strchr(real, '\'') == NULL,
			"GRIDWL_BIN is not set, or has a quote in it");
	char *script = NULL;
	char *wrapper = path_in(sway->dir, "gridwl-in-sway");
	bool ok = wrapper != NULL &&
			asprintf(&script,
					"#!/bin/sh\n"
					"if [ -n \"${GRIDWL_NESTED_LSAN_OPTIONS:-}\" ]; then\n"
					"\tLSAN_OPTIONS=$GRIDWL_NESTED_LSAN_OPTIONS\n"
					"\texport LSAN_OPTIONS\n"
					"fi\n"
					"WAYLAND_DISPLAY='%s' exec '%s' \"$@\"\n",
					sway->wayland_display, real) >= 0 &&
			write_file(wrapper, script, 0755);
	if (ok) {
		setenv("GRIDWL_BIN", wrapper, 1);
	}
	free(script);
	free(wrapper);
	return ok;
}

static bool swaymsg(const struct sway *sway, const char *command) {
	const char *argv[] = { "swaymsg", "-s", sway->ipc_socket, command, NULL };
	return CHECK(harness_run(NULL, argv, HARNESS_TIMEOUT_MS, NULL) == 0,
			"swaymsg %s failed", command);
}

static struct image *grim(const struct sway *sway) {
	char *path = path_in(sway->dir, "host.png");
	char *display = NULL;
	struct image *image = NULL;
	if (path != NULL &&
			asprintf(&display, "WAYLAND_DISPLAY=%s", sway->wayland_display) >=
					0) {
		const char *argv[] = { "env", display, "grim", "-o", "HEADLESS-1", path,
			NULL };
		if (harness_run(NULL, argv, HARNESS_TIMEOUT_MS, NULL) == 0) {
			image = image_load_png(path);
		}
	}
	free(display);
	free(path);
	REQUIRE(image != NULL, "no screenshot of sway's output");
	return image;
}

static struct image *take_grim(void *data) {
	return grim(data);
}

/* sway repaints when gridwl's buffer comes: look until it is there. */
static bool wait_host_shows(const struct sway *sway,
		const struct image *expected, const char *name) {
	struct image_region region = { 0, 0, expected->width, expected->height };
	return screenshot_wait_matches(take_grim, (void *)sway, region, expected,
			name);
}

static bool wait_wl1_fitted(struct harness *inner, int scale) {
	return CHECK(wait_output_ints(inner, "WL-1",
						 (const char *const[]){ "mode.width", "mode.height",
								 "scale", NULL },
						 (const int[]){ HOST_WIDTH, HOST_HEIGHT, scale },
						 "WL-1 fitted to sway's output"),
			"WL-1 should be %dx%d at scale %d", HOST_WIDTH, HOST_HEIGHT, scale);
}

/* WL-1 is the whole of sway's output, at sway's scale, and the client on
 * it (at its preferred scale) reaches sway's screen 1:1. */
static bool check_fitted(const struct sway *sway, struct harness *inner,
		struct harness_client *client, int scale, const char *name) {
	REQUIRE(wait_wl1_fitted(inner, scale), "WL-1 is not fitted");
	char ready[64];
	snprintf(ready, sizeof(ready), "ready %d %d %d", HOST_WIDTH / scale,
			HOST_HEIGHT / scale, scale);
	char *line = harness_client_wait_line(client, ready, HARNESS_TIMEOUT_MS);
	free(line);
	REQUIRE(line != NULL, "the client should be %s", ready);
	struct pattern coords = { .kind = PATTERN_COORDS };
	struct image *expected =
			resample_pattern_buffer(&coords, HOST_WIDTH, HOST_HEIGHT);
	REQUIRE(expected != NULL, "out of memory");
	bool ok = wait_host_shows(sway, expected, name);
	image_destroy(expected);
	return ok;
}

static struct harness *start_inner(void) {
	// The mode asked for is the issue's; sway's tiling decides.
	const char *args[] = {
		"--backend",
		"wayland",
		"--output",
		"WL-1 mode 800x600",
		NULL,
	};
	return harness_start(args);
}

static struct harness_client *spawn_fullscreen(struct harness *inner,
		const char *scale) {
	const char *args[] = {
		"--fullscreen",
		"WL-1",
		"--pattern",
		"coords",
		"--scale",
		scale,
		"--cursor",
		"1",
		NULL,
	};
	return harness_spawn_pattern_client(inner, "inner", args);
}

static bool body_scale_change(struct sway *sway) {
	struct harness *inner = start_inner();
	REQUIRE(inner != NULL, "nested gridwl did not start in sway");
	struct harness_client *client = spawn_fullscreen(inner, "preferred");
	bool ok = CHECK(client != NULL, "cannot start the inner client") &&
			check_fitted(sway, inner, client, 2, "nested-sway-2") &&
			swaymsg(sway, "output HEADLESS-1 scale 1") &&
			check_fitted(sway, inner, client, 1, "nested-sway-1") &&
			swaymsg(sway, "output HEADLESS-1 scale 2") &&
			check_fitted(sway, inner, client, 2, "nested-sway-2-again");
	return harness_stop(inner, ok);
}

/* A scale-1 client on the scale-2 nested output: the nested gridwl's
 * nearest magnification by 2, and sway adds none. */
static bool body_scale_1_client(struct sway *sway) {
	struct harness *inner = start_inner();
	REQUIRE(inner != NULL, "nested gridwl did not start in sway");
	bool ok = wait_wl1_fitted(inner, 2);
	struct harness_client *client = ok ? spawn_fullscreen(inner, "1") : NULL;
	ok = ok && CHECK(client != NULL, "cannot start the inner client") &&
			CHECK_READY(client, HOST_WIDTH / 2, HOST_HEIGHT / 2, 1);
	struct pattern coords = { .kind = PATTERN_COORDS };
	struct image *buffer = ok ?
			resample_pattern_buffer(&coords, HOST_WIDTH / 2, HOST_HEIGHT / 2) :
			NULL;
	struct image *expected =
			buffer != NULL ? resample_magnify_nearest(buffer, 2) : NULL;
	ok = ok && CHECK(expected != NULL, "out of memory") &&
			wait_host_shows(sway, expected, "nested-sway-scale1");
	image_destroy(expected);
	image_destroy(buffer);
	return harness_stop(inner, ok);
}

/* Reads the inner client's pointer enters and motions until one is at
 * x,y. */
static bool wait_inner_pointer_at(struct harness_client *client, double x,
		double y) {
	double at_x = -1, at_y = -1;
	while (at_x != x || at_y != y) {
		char *line = harness_client_wait_line(client, "pointer ",
				HARNESS_TIMEOUT_MS);
		REQUIRE(line != NULL,
				"the inner client's pointer never came to %.2f,%.2f (last "
				"at %.2f,%.2f)",
				x, y, at_x, at_y);
		sscanf(line, "pointer enter %lf %lf", &at_x, &at_y);
		sscanf(line, "pointer motion %lf %lf", &at_x, &at_y);
		free(line);
	}
	return true;
}

/* A virtual pointer on sway, at sway's pixel 203,101 (logical 101.5,50.5
 * at scale 2): the client gets it there, and a click there. */
static bool body_click(struct sway *sway) {
	struct harness *inner = start_inner();
	REQUIRE(inner != NULL, "nested gridwl did not start in sway");
	bool ok = wait_wl1_fitted(inner, 2);
	struct harness_client *client = ok ? spawn_fullscreen(inner, "2") : NULL;
	ok = ok && CHECK(client != NULL, "cannot start the inner client") &&
			CHECK_READY(client, HOST_WIDTH / 2, HOST_HEIGHT / 2, 2);
	char *display = NULL;
	ok = ok &&
			asprintf(&display, "WAYLAND_DISPLAY=%s", sway->wayland_display) >=
					0;
	const char *argv[] = { "env", display, getenv("POINTER_CLIENT_BIN"), NULL };
	struct harness_client *pointer = ok && argv[2] != NULL ?
			harness_spawn(inner, "sway-pointer", argv) :
			NULL;
	free(display);
	ok = ok && CHECK(pointer != NULL, "no virtual pointer on sway");
	char *line = ok ?
			harness_client_wait_line(pointer, "ready", HARNESS_TIMEOUT_MS) :
			NULL;
	ok = ok && CHECK(line != NULL, "the virtual pointer did not start");
	free(line);
	line = ok ? harness_client_wait_line(client, "pointer ready",
						HARNESS_TIMEOUT_MS) :
				NULL;
	ok = ok && CHECK(line != NULL, "the inner client got no wl_pointer");
	free(line);
	// sway's pointer may be over gridwl's window (all of the output)
	// already, or enter it with this move, with no motion after the enter
	// (W27): either way the inner client has it at sway's logical 10,10.
	ok = ok && pointer_command(pointer, "moved", "move 20 20 1600 1200") &&
			wait_inner_pointer_at(client, 10, 10);
	ok = ok && pointer_click(pointer, 203, 101, HOST_WIDTH, HOST_HEIGHT) &&
			wait_inner_pointer_at(client, 101.5, 50.5);
	if (pointer != NULL) {
		harness_client_send(pointer, "quit");
	}
	return harness_stop(inner, ok);
}

/* The interfaces wayland-info lists, one "'name'," each, in one string;
 * display is a socket path, or NULL for h's. malloc'd, NULL on failure. */
static char *interfaces_of(struct harness *h, const char *display) {
	char command[512];
	snprintf(command, sizeof(command),
			"%s%s%s exec wayland-info | "
			"sed -n \"s/^interface: \\('[a-z0-9_]*',\\).*/\\1/p\"",
			display != NULL ? "WAYLAND_DISPLAY='" : "",
			display != NULL ? display : "", display != NULL ? "'" : "");
	const char *argv[] = { "sh", "-c", command, NULL };
	char *out = NULL;
	if (harness_run(h, argv, HARNESS_TIMEOUT_MS, &out) != 0 || out == NULL ||
			out[0] == '\0') {
		free(out);
		return NULL;
	}
	return out;
}

/* Issue 20's bar: every global sway 1.10 offers on its headless backend
 * with pixman, a headless gridwl offers too (wl_seat and the like once
 * each: the names are compared, not how many). */
static bool body_globals(struct sway *sway) {
	const char *args[] = { NULL };
	struct harness *h = harness_start(args);
	REQUIRE(h != NULL, "gridwl did not start");
	char *theirs = interfaces_of(NULL, sway->wayland_display);
	char *ours = interfaces_of(h, NULL);
	bool ok = CHECK(theirs != NULL && ours != NULL, "wayland-info failed on %s",
			theirs == NULL ? "sway" : "gridwl");
	int count = 0;
	for (char *line = ok ? strtok(theirs, "\n") : NULL; line != NULL;
			line = strtok(NULL, "\n")) {
		count++;
		ok = CHECK(strstr(ours, line) != NULL,
					 "sway offers %s, gridwl does not", line) &&
				ok;
	}
	// wl_compositor and xdg_wm_base at the least: else the list is wrong.
	ok = CHECK(count >= 2, "sway lists %d interfaces", count) && ok;
	fprintf(stderr, "sway lists %d interfaces, all offered by gridwl\n", count);
	free(theirs);
	free(ours);
	return harness_stop(h, ok) && ok;
}

enum sway_case {
	CASE_GLOBALS,
	CASE_SCALE_CHANGE,
	CASE_SCALE_1_CLIENT,
	CASE_CLICK,
};

static bool run(const void *data) {
	enum sway_case which = *(const enum sway_case *)data;
	// The wrapper is this session's: the real gridwl is put back after.
	const char *bin = getenv("GRIDWL_BIN");
	char *real = bin != NULL ? strdup(bin) : NULL;
	struct sway sway;
	bool ok = sway_start(&sway) && wrap_gridwl(&sway);
	switch (which) {
	case CASE_GLOBALS:
		ok = ok && body_globals(&sway);
		break;
	case CASE_SCALE_CHANGE:
		ok = ok && body_scale_change(&sway);
		break;
	case CASE_SCALE_1_CLIENT:
		ok = ok && body_scale_1_client(&sway);
		break;
	case CASE_CLICK:
		ok = ok && body_click(&sway);
		break;
	}
	if (!ok && sway.dir != NULL) {
		print_log(&sway);
	}
	sway_stop(&sway);
	if (real != NULL) {
		setenv("GRIDWL_BIN", real, 1);
		free(real);
	}
	return ok;
}

int main(void) {
	static const enum sway_case cases[] = {
		CASE_GLOBALS,
		CASE_SCALE_CHANGE,
		CASE_SCALE_1_CLIENT,
		CASE_CLICK,
	};
	struct check_suite suite = { 0 };
	if (!program_in_path("sway") || !program_in_path("grim") ||
			!program_in_path("setpriv") || geteuid() != 0) {
		const char *why =
				"needs sway, grim, setpriv and root (sway runs as nobody)";
		check_skip(&suite, "nested gridwl in sway at scale 2", why);
		return check_finish(&suite);
	}
	check_run(&suite,
			"a headless gridwl offers every global headless sway offers", run,
			&cases[0]);
	check_run(&suite,
			"nested gridwl in sway at scale 2 is 1:1, at 1 and back too", run,
			&cases[1]);
	check_run(&suite,
			"a scale-1 client nested in sway at scale 2 is magnified once", run,
			&cases[2]);
	check_run(&suite,
			"a click on sway at scale 2 lands on the nested pixel under it",
			run, &cases[3]);
	return check_finish(&suite);
}

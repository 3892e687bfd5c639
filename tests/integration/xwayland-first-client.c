#include <dirent.h>
#include <json-c/json.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "check.h"
#include "harness.h"
#include "run-gridwl.h"

/*
 * The first X11 programs of a session find their settings (issue 19): on a
 * scale-2 output Xwayland starts with gridwl, and the programs gridwl
 * starts itself (its "--" command, the config's exec lines, --exec) wait
 * until xrdb has merged Xft.dpi and xsettingsd owns the XSETTINGS
 * selection, so each reads Xft.dpi 192 (the command XSETTINGS at 2 too)
 * from its very first connection, which a lazily started Xwayland would
 * have accepted before xrdb. xterm as gridwl's command draws at 2x: the same size as an
 * xterm started later. An Xwayland that cannot start does not hold them;
 * one killed comes back at once, one that always dies is not restarted in
 * a loop. One that waits for its first X11 client at scale 1 starts, with
 * its settings, as soon as an output's scale or the config makes it 2.
 *
 * Skipped where Xwayland is not installed.
 */

static char *format_path(const char *dir, const char *name) {
	size_t n = strlen(dir) + strlen(name) + 2;
	char *path = malloc(n);
	snprintf(path, n, "%s/%s", dir, name);
	return path;
}

/* The command runs dump_xsettings then xrdb -query as its first X11
 * clients, an exec line and --exec xrdb -query; the exec line's and
 * --exec's reach the command through FIFOs, which it reads before it ends
 * (and gridwl with it). */
static bool run_first_clients(const void *data) {
	char *dir = harness_mkdtemp();
	REQUIRE(dir != NULL, "no temporary directory");
	char *config = format_path(dir, "config");
	char *exec_fifo = format_path(dir, "exec.fifo");
	char *option_fifo = format_path(dir, "option.fifo");
	bool ok = CHECK(mkfifo(exec_fifo, 0600) == 0 &&
					mkfifo(option_fifo, 0600) == 0,
			"cannot make the FIFOs");
	FILE *f = ok ? fopen(config, "w") : NULL;
	ok = ok && CHECK(f != NULL, "cannot write %s", config);
	char option[512], script[1024];
	if (ok) {
		fprintf(f, "exec xrdb -query > %s\n", exec_fifo);
		fclose(f);
		snprintf(option, sizeof(option), "xrdb -query > %s", option_fifo);
		snprintf(script, sizeof(script),
				"xsettings=$(dump_xsettings); command=$(xrdb -query); "
				"exec_line=$(cat %s); option=$(cat %s); "
				"printf '%%s\\n' \"$command\" | sed 's/^/command /'; "
				"printf '%%s\\n' \"$xsettings\" | sed 's/^/xsettings /'; "
				"printf '%%s\\n' \"$exec_line\" | sed 's/^/exec /'; "
				"printf '%%s\\n' \"$option\" | sed 's/^/option /'",
				exec_fifo, option_fifo);
		const char *args[] = { "--config", config, "--exec", option, "--output",
			"HEADLESS-1 mode 800x600 scale 2", "--", "sh", "-c", script, NULL };
		char *output = NULL;
		int status = harness_run_gridwl(args, 3 * HARNESS_TIMEOUT_MS, &output);
		ok = CHECK(status == 0, "gridwl -- sh -c '...' exited %d", status);
		const char *wants[] = { "command Xft.dpi:\t192",
			"xsettings Gdk/WindowScalingFactor 2", "exec Xft.dpi:\t192",
			"option Xft.dpi:\t192", NULL };
		for (int i = 0; wants[i] != NULL; i++) {
			ok = CHECK(output != NULL && strstr(output, wants[i]) != NULL,
						 "the first X11 clients did not read Xft.dpi 192 "
						 "(no '%s'); gridwl said:\n%s",
						 wants[i], output != NULL ? output : "") &&
					ok;
		}
		free(output);
	}
	free(config);
	free(exec_fifo);
	free(option_fifo);
	harness_remove_tree(dir);
	free(dir);
	return ok;
}

static bool is_class(struct json_object *window, void *data) {
	struct json_object *app_id = json_path(window, "app_id", json_type_string);
	return app_id != NULL && strcmp(json_object_get_string(app_id), data) == 0;
}

static bool settings_applied(struct json_object *stats, void *data) {
	return json_string_is(stats, "xwayland_settings", "applied");
}

/* The window of X11 class class: its logical size and buffer scale. */
static bool xterm_size(struct harness *h, const char *class, int *width,
		int *height) {
	struct json_object *window = harness_wait_window(h, is_class, (void *)class,
			3 * HARNESS_TIMEOUT_MS, class);
	REQUIRE(window != NULL, "%s never showed", class);
	bool ok = CHECK_JSON_INT(window, "buffer_scale", 2);
	struct json_object *w = json_path(window, "width", json_type_int);
	struct json_object *hh = json_path(window, "height", json_type_int);
	*width = w != NULL ? json_object_get_int(w) : -1;
	*height = hh != NULL ? json_object_get_int(hh) : -1;
	fprintf(stderr, "# %s: %dx%d logical at buffer scale 2\n", class, *width,
			*height);
	json_object_put(window);
	return ok;
}

#define XTERM_ARGS \
	"-fa", "Monospace", "-fs", "11", "-geometry", "24x4", "-e", "cat"

/* xterm as gridwl's command, the first X11 client of the session, reads
 * Xft.dpi 192 and is as large as an xterm started once the settings are
 * known to be in place (at 96 DPI it would be half as large). */
static bool run_xterm_command(const void *data) {
	const char *args[] = { "--output", "HEADLESS-1 mode 800x600 scale 2", "--",
		"xterm", "-class", "XTermFirst", XTERM_ARGS, NULL };
	struct harness *h = harness_start(args);
	REQUIRE(h != NULL, "gridwl did not start");
	int first_w = 0, first_h = 0, later_w = 0, later_h = 0;
	bool ok = xterm_size(h, "XTermFirst", &first_w, &first_h);
	const char *stats_args[] = { "stats", NULL };
	struct json_object *stats =
			harness_wait_gridctl(h, stats_args, settings_applied, NULL,
					HARNESS_TIMEOUT_MS, "xwayland_settings applied");
	ok = CHECK(stats != NULL, "the X11 settings were never applied") && ok;
	char display_env[64];
	xwayland_display_env(stats, display_env, sizeof(display_env));
	json_object_put(stats);
	if (ok) {
		const char *argv[] = { "env", display_env, "xterm", "-class",
			"XTermLater", XTERM_ARGS, NULL };
		struct harness_client *later = harness_spawn(h, "xterm", argv);
		ok = CHECK(later != NULL, "cannot start the second xterm") &&
				xterm_size(h, "XTermLater", &later_w, &later_h);
		ok = ok &&
				CHECK(first_w == later_w && first_h == later_h,
						"gridwl's command xterm is %dx%d, one started later "
						"%dx%d: the first did not read Xft.dpi 192",
						first_w, first_h, later_w, later_h);
		if (later != NULL) {
			harness_client_kill(later);
		}
	}
	return harness_stop(h, ok) && ok;
}

/* The pid of the Xwayland serving display (":N"), 0 when none: a process
 * whose command line is "Xwayland :N ...". */
static pid_t xwayland_pid(const char *display) {
	DIR *proc = opendir("/proc");
	if (proc == NULL) {
		return 0;
	}
	pid_t found = 0;
	struct dirent *entry;
	while (found == 0 && (entry = readdir(proc)) != NULL) {
		char *end;
		long pid = strtol(entry->d_name, &end, 10);
		if (*end != '\0' || pid <= 0) {
			continue;
		}
		char path[64], cmdline[256] = { 0 };
		snprintf(path, sizeof(path), "/proc/%ld/cmdline", pid);
		FILE *f = fopen(path, "r");
		if (f == NULL) {
			continue;
		}
		size_t n = fread(cmdline, 1, sizeof(cmdline) - 1, f);
		fclose(f);
		// argv[0] and argv[1], NUL-separated.
		size_t first = strnlen(cmdline, n);
		if (first < n && strcmp(cmdline, "Xwayland") == 0 &&
				strcmp(cmdline + first + 1, display) == 0) {
			found = (pid_t)pid;
		}
	}
	closedir(proc);
	return found;
}

/* Xft.dpi 192 from xrdb -query, run until the settings are there (each run
 * waits for the X server: an Xwayland restarting is not accepting yet). */
static bool wait_xft_dpi(struct harness *h, const char *display_env) {
	const char *argv[] = { "env", display_env, "xrdb", "-query", NULL };
	char *output = NULL;
	int64_t until = harness_now_ms() + HARNESS_TIMEOUT_MS;
	bool found = false;
	while (!found && harness_now_ms() < until) {
		free(output);
		output = NULL;
		harness_run(h, argv, HARNESS_TIMEOUT_MS, &output);
		found = output != NULL && strstr(output, "Xft.dpi:\t192") != NULL;
	}
	bool ok = CHECK(found, "xrdb -query never said Xft.dpi 192: %s",
			output != NULL ? output : "");
	free(output);
	return ok;
}

/* An Xwayland killed (after its settings) is started again at once, with
 * its settings, and gridwl runs on. */
static bool run_restart(const void *data) {
	const char *args[] = { "--output", "HEADLESS-1 mode 800x600 scale 2",
		NULL };
	struct harness *h = harness_start(args);
	REQUIRE(h != NULL, "gridwl did not start");
	const char *stats_args[] = { "stats", NULL };
	struct json_object *stats =
			harness_wait_gridctl(h, stats_args, settings_applied, NULL,
					HARNESS_TIMEOUT_MS, "xwayland_settings applied");
	bool ok = CHECK(stats != NULL, "the X11 settings were never applied");
	struct json_object *display =
			json_path(stats, "xwayland_display", json_type_string);
	char display_name[32] = "", display_env[64] = "";
	if (display != NULL) {
		snprintf(display_name, sizeof(display_name), "%s",
				json_object_get_string(display));
		snprintf(display_env, sizeof(display_env), "DISPLAY=%s", display_name);
	}
	json_object_put(stats);
	// An X client of the Xwayland to kill, which ends when it has gone.
	const char *argv[] = { "env", display_env,
		getenv("X11_RAW_MOTION_CLIENT_BIN"), NULL };
	struct harness_client *client =
			ok ? harness_spawn(h, "x11-raw-motion", argv) : NULL;
	char *line = client != NULL ?
			harness_client_wait_line(client, "ready", HARNESS_TIMEOUT_MS) :
			NULL;
	ok = CHECK(line != NULL, "no X client") && ok;
	free(line);
	pid_t pid = ok ? xwayland_pid(display_name) : 0;
	ok = ok && CHECK(pid > 0, "no Xwayland process for %s", display_name);
	if (ok) {
		ok = CHECK(kill(pid, SIGKILL) == 0, "cannot kill Xwayland") &&
				CHECK(harness_client_wait_exit(client, HARNESS_TIMEOUT_MS) >= 0,
						"the X client did not see Xwayland go");
	}
	if (client != NULL) {
		harness_client_kill(client);
	}
	// xrdb waits for the new Xwayland; it may come before the settings
	// do, and is run again then.
	ok = ok && wait_xft_dpi(h, display_env);
	pid_t again = ok ? xwayland_pid(display_name) : 0;
	ok = ok &&
			CHECK(again > 0 && again != pid,
					"no new Xwayland for %s (was %d, now %d)", display_name,
					(int)pid, (int)again);
	stats = ok ?
			harness_wait_gridctl(h, stats_args, settings_applied, NULL,
					HARNESS_TIMEOUT_MS, "xwayland_settings applied again") :
			NULL;
	ok = ok && CHECK(stats != NULL, "the X11 settings were not applied again");
	json_object_put(stats);
	return harness_stop(h, ok) && ok;
}

/* gridctl stats' xwayland_starts and xwayland_lazy; false when absent. */
static bool xwayland_starts(struct json_object *stats, int *starts,
		bool *lazy) {
	struct json_object *count =
			json_path(stats, "xwayland_starts", json_type_int);
	struct json_object *is_lazy =
			json_path(stats, "xwayland_lazy", json_type_boolean);
	if (count == NULL || is_lazy == NULL) {
		return false;
	}
	*starts = json_object_get_int(count);
	*lazy = json_object_get_boolean(is_lazy);
	return true;
}

struct starts_want {
	int starts;
	bool applied; // and the settings applied
};

static bool starts_are(struct json_object *stats, void *data) {
	const struct starts_want *want = data;
	int starts;
	bool lazy;
	return xwayland_starts(stats, &starts, &lazy) && starts == want->starts &&
			(!want->applied || settings_applied(stats, NULL));
}

/* Kills Xwayland (SIGKILL) once its settings are in place, four times in a
 * row, each within 5 s of its start: wlroots alone would start it again at
 * once each time, for ever (W28); gridwl starts it three times, then only
 * when an X11 client connects, and that client gets its settings. */
static bool run_crash_loop(const void *data) {
	const char *args[] = { "--output", "HEADLESS-1 mode 800x600 scale 2",
		NULL };
	struct harness *h = harness_start(args);
	REQUIRE(h != NULL, "gridwl did not start");
	const char *stats_args[] = { "stats", NULL };
	char display_name[32] = "", display_env[64] = "";
	bool ok = true;
	for (int start = 1; ok && start <= 4; start++) {
		struct starts_want want = { start, true };
		struct json_object *stats = harness_wait_gridctl(h, stats_args,
				starts_are, &want, HARNESS_TIMEOUT_MS, "Xwayland's settings");
		ok = CHECK(stats != NULL, "start %d of Xwayland never had its settings",
				start);
		struct json_object *display = ok ?
				json_path(stats, "xwayland_display", json_type_string) :
				NULL;
		if (display != NULL) {
			snprintf(display_name, sizeof(display_name), "%s",
					json_object_get_string(display));
		}
		json_object_put(stats);
		pid_t pid = ok ? xwayland_pid(display_name) : 0;
		ok = ok && CHECK(pid > 0, "no Xwayland process for %s", display_name) &&
				CHECK(kill(pid, SIGKILL) == 0, "cannot kill Xwayland");
	}
	snprintf(display_env, sizeof(display_env), "DISPLAY=%s", display_name);
	// Longer than a restart takes: none comes.
	if (ok) {
		harness_sleep_ms(6000);
	}
	struct json_object *stats =
			ok ? harness_gridctl(h, NULL, "stats", NULL) : NULL;
	int starts = 0;
	bool lazy = false;
	ok = ok && CHECK(stats != NULL, "gridwl does not answer") &&
			CHECK(xwayland_starts(stats, &starts, &lazy),
					"no xwayland_starts") &&
			CHECK(starts == 4 && lazy,
					"Xwayland started %d times (the next lazily: %d), want 4 "
					"and lazily",
					starts, lazy) &&
			CHECK(xwayland_pid(display_name) == 0, "an Xwayland runs on %s",
					display_name);
	json_object_put(stats);
	// An X11 client starts it, with its settings.
	ok = ok && wait_xft_dpi(h, display_env);
	struct starts_want fifth = { 5, true };
	stats = ok ? harness_wait_gridctl(h, stats_args, starts_are, &fifth,
						 HARNESS_TIMEOUT_MS, "a fifth Xwayland") :
				 NULL;
	ok = ok && CHECK(stats != NULL, "an X11 client did not start Xwayland");
	json_object_put(stats);
	return harness_stop(h, ok) && ok;
}

/* Whether Xwayland has started want times and, when it has, its settings
 * are in place, reported when it does not come to that. */
static bool wait_starts(struct harness *h, int want, const char *why) {
	const char *stats_args[] = { "stats", NULL };
	struct starts_want starts = { want, want > 0 };
	struct json_object *stats = harness_wait_gridctl(h, stats_args, starts_are,
			&starts, HARNESS_TIMEOUT_MS, why);
	json_object_put(stats);
	return CHECK(stats != NULL, "%s: Xwayland did not start %d times", why,
			want);
}

/* Xwayland on a scale-1 output waits for an X11 client; when X11 programs
 * are to draw at 2 before one came, it starts at once with its settings,
 * as it would have with gridwl at 2 (W29): after the output's scale goes
 * to 2, and after a reload that says "xwayland scale 2". The first X11
 * client then reads Xft.dpi 192. */
static bool run_late_scale(const void *data) {
	char *dir = harness_mkdtemp();
	REQUIRE(dir != NULL, "no temporary directory");
	char config[512];
	snprintf(config, sizeof(config), "%s/config", dir);
	bool ok = write_text_file(config, "");
	const char *args[] = { "--config", config, "--output",
		"HEADLESS-1 mode 800x600 scale 1", NULL };
	for (int reload = 0; ok && reload <= 1; reload++) {
		struct harness *h = harness_start(args);
		ok = CHECK(h != NULL, "gridwl did not start");
		if (!ok) {
			break;
		}
		ok = wait_starts(h, 0, "at scale 1");
		if (reload) {
			ok = ok && write_text_file(config, "xwayland scale 2\n");
			struct json_object *reply = harness_gridctl_ok(h, "reload", NULL);
			ok = CHECK(reply != NULL, "reload failed") && ok;
			json_object_put(reply);
		} else {
			struct json_object *reply = harness_gridctl_ok(h, "output",
					"HEADLESS-1", "scale", "2", NULL);
			ok = CHECK(reply != NULL, "cannot set the scale") && ok;
			json_object_put(reply);
		}
		ok = ok &&
				wait_starts(h, 1,
						reload ? "after xwayland scale 2" : "after scale 2");
		struct json_object *stats = harness_gridctl(h, NULL, "stats", NULL);
		char display_env[64];
		xwayland_display_env(stats, display_env, sizeof(display_env));
		ok = ok && CHECK_JSON_INT(stats, "xwayland_scale", 2) &&
				wait_xft_dpi(h, display_env);
		json_object_put(stats);
		ok = harness_stop(h, ok) && ok;
		write_text_file(config, "");
	}
	harness_remove_tree(dir);
	free(dir);
	return ok;
}

/* An Xwayland that cannot start (WLR_XWAYLAND=/bin/false) releases the
 * command at once, said so in the log, rather than at the hold's end. */
static bool run_xwayland_fails(const void *data) {
	setenv("WLR_XWAYLAND", "/bin/false", 1);
	const char *args[] = { "--output", "HEADLESS-1 mode 800x600 scale 2", "--",
		"sh", "-c", "echo command-ran", NULL };
	char *output = NULL;
	int status = harness_run_gridwl(args, 3 * HARNESS_TIMEOUT_MS, &output);
	unsetenv("WLR_XWAYLAND");
	bool ok =
			CHECK(status == 0, "gridwl -- sh -c 'echo ...' exited %d", status);
	const char *wants[] = { "command-ran",
		"Starting the session's programs: Xwayland did not start", NULL };
	for (int i = 0; wants[i] != NULL; i++) {
		ok = CHECK(output != NULL && strstr(output, wants[i]) != NULL,
					 "no '%s'; gridwl said:\n%s", wants[i],
					 output != NULL ? output : "") &&
				ok;
	}
	free(output);
	return ok;
}

int main(void) {
	struct check_suite suite = { 0 };
	const char *names[] = {
		"gridwl's command, an exec line and --exec on a scale-2 output read "
		"Xft.dpi 192 as the first X11 clients",
		"xterm as gridwl's command draws at 2x, as large as a later xterm",
		"an Xwayland that cannot start does not hold the command",
		"an Xwayland killed is started again at once, with its settings",
		"an Xwayland killed 4 times in a row at once is started 4 times, "
		"then for an X11 client",
		"a lazy Xwayland starts with its settings when X11 scale goes to 2, "
		"by an output's scale or by a reload",
	};
	if (access(xwayland_binary(), X_OK) != 0 || !program_in_path("xrdb")) {
		for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
			check_skip(&suite, names[i], "Xwayland or xrdb is not installed");
		}
		return check_finish(&suite);
	}
	check_run(&suite, names[0], run_first_clients, NULL);
	if (program_in_path("xterm")) {
		check_run(&suite, names[1], run_xterm_command, NULL);
	} else {
		check_skip(&suite, names[1], "xterm is not installed");
	}
	check_run(&suite, names[2], run_xwayland_fails, NULL);
	check_run(&suite, names[3], run_restart, NULL);
	check_run(&suite, names[4], run_crash_loop, NULL);
	check_run(&suite, names[5], run_late_scale, NULL);
	return check_finish(&suite);
}

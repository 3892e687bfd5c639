#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "check.h"
#include "harness.h"

/*
 * What gridwl runs for a session: the config's exec lines and --exec at
 * start-up, with WAYLAND_DISPLAY and GRIDWL_SOCK of this gridwl (and the
 * cursor theme of the config) and not the DISPLAY it was started with
 * (theirs is Xwayland's, or none); and "-- CMD", whose exit status becomes
 * gridwl's.
 */

static bool check_env_file(const char *path, const char *want,
		const char *what) {
	char *text = harness_wait_file_line(path, HARNESS_TIMEOUT_MS);
	bool ok = CHECK(text != NULL, "%s never wrote %s", what, path) &&
			CHECK(strcmp(text, want) == 0, "%s wrote \"%s\", want \"%s\"", what,
					text, want);
	free(text);
	return ok;
}

/* "SOCKET DISPLAY THEME SIZE\n" from the config's exec line. */
static bool check_session_env(const char *path, const char *socket) {
	char *text = harness_wait_file_line(path, HARNESS_TIMEOUT_MS);
	REQUIRE(text != NULL, "the config's exec line never wrote %s", path);
	char got_socket[128], display[128], theme[128];
	int size = 0;
	bool ok = CHECK(sscanf(text, "%127s %127s %127s %d", got_socket, display,
							theme, &size) == 4,
			"the exec line wrote \"%s\"", text);
	if (ok) {
		ok = CHECK(strcmp(got_socket, socket) == 0,
				"WAYLAND_DISPLAY is %s, "
				"want %s",
				got_socket, socket);
		ok = CHECK(strcmp(display, ":4242") != 0,
					 "the parent's DISPLAY "
					 "leaked to a client") &&
				ok;
		ok = CHECK(strcmp(theme, "Adwaita") == 0 && size == 32,
					 "XCURSOR_THEME/SIZE are %s %d, want the config's Adwaita 32",
					 theme, size) &&
				ok;
	}
	free(text);
	return ok;
}

static bool run_execs(const void *data) {
	char *dir = harness_mkdtemp();
	REQUIRE(dir != NULL, "no temporary directory");
	char config[512], from_config[512], from_option[512];
	snprintf(config, sizeof(config), "%s/config", dir);
	snprintf(from_config, sizeof(from_config), "%s/from-config", dir);
	snprintf(from_option, sizeof(from_option), "%s/from-option", dir);
	FILE *f = fopen(config, "w");
	REQUIRE(f != NULL, "cannot write %s", config);
	fprintf(f,
			"cursor Adwaita 32\n"
			"exec echo \"$WAYLAND_DISPLAY ${DISPLAY:-none} $XCURSOR_THEME "
			"$XCURSOR_SIZE\" > %s\n",
			from_config);
	fclose(f);
	char option[600];
	snprintf(option, sizeof(option),
			"test -S \"$GRIDWL_SOCK\" && echo sock "
			"> %s",
			from_option);
	// The DISPLAY of a session gridwl might be nested in must not leak to
	// its clients.
	setenv("DISPLAY", ":4242", 1);
	const char *args[] = {
		"--config",
		config,
		"--exec",
		option,
		"--output",
		"HEADLESS-1 mode 320x240",
		NULL,
	};
	struct harness *h = harness_start(args);
	unsetenv("DISPLAY");
	bool ok = CHECK(h != NULL, "gridwl did not start");
	if (ok) {
		ok = check_session_env(from_config, harness_socket(h));
		ok = check_env_file(from_option, "sock\n", "--exec") && ok;
		ok = harness_stop(h, ok);
	}
	harness_remove_tree(dir);
	free(dir);
	return ok;
}

struct exit_case {
	const char *command;
	int status;
};

static bool run_exit_status(const void *data) {
	const struct exit_case *c = data;
	const char *args[] = {
		"--output",
		"HEADLESS-1 mode 320x240",
		"--",
		"sh",
		"-c",
		c->command,
		NULL,
	};
	char *output = NULL;
	int status = harness_run_gridwl(args, HARNESS_TIMEOUT_MS, &output);
	bool ok = CHECK(status == c->status,
			"gridwl -- sh -c '%s' exited %d, "
			"want %d; it said:\n%s",
			c->command, status, c->status, output != NULL ? output : "");
	free(output);
	return ok;
}

int main(void) {
	static const struct exit_case exits[] = {
		{ "exit 0", 0 },
		{ "exit 3", 3 },
		// The command runs against this gridwl: gridctl finds it.
		{ "\"$GRIDCTL_BIN\" outputs >/dev/null && exit 7", 7 },
	};
	struct check_suite suite = { 0 };
	check_run(&suite,
			"exec lines and --exec run with this session's "
			"environment",
			run_execs, NULL);
	for (size_t i = 0; i < sizeof(exits) / sizeof(exits[0]); i++) {
		char name[128];
		snprintf(name, sizeof(name), "gridwl -- sh -c '%s' exits %d",
				exits[i].command, exits[i].status);
		check_run(&suite, name, run_exit_status, &exits[i]);
	}
	return check_finish(&suite);
}

#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wlr/util/log.h>
#include "compositor/server.h"
#include "compositor/session/log_ring.h"
#include "compositor/session/malloc_tuning.h"
#include "config/config.h"

static const char usage[] =
		"Usage: gridwl [options] [-- COMMAND [ARGS...]]\n"
		"\n"
		"  -c, --config FILE       read FILE instead of ~/.config/gridwl/config\n"
		"                          (or, when that is missing,\n"
		"                          " GRIDWL_SYSTEM_CONFIG ")\n"
		"  -C, --check-config [FILE]\n"
		"                          check the config (FILE, or the one gridwl\n"
		"                          would read) and exit: 0 when it is valid,\n"
		"                          1 with every error as FILE:LINE: ...\n"
		"  -b, --backend KIND      auto, drm, wayland, x11 or headless (default auto)\n"
		"  -o, --output 'LINE'     an output line, as in the config file:\n"
		"                          'NAME [mode WxH[@HZ]] [scale N] [position X,Y]\n"
		"                           [filter nearest|bilinear] [enable|disable]'\n"
		"  -s, --socket NAME       Wayland socket name (default: first free wayland-N)\n"
		"  -e, --exec CMD          run CMD once started (repeatable)\n"
		"  -r, --ready-fd N        once ready, write the socket name and a\n"
		"                          newline to file descriptor N, and close it\n"
		"  -t, --timeout SECONDS   end COMMAND and gridwl after SECONDS, with\n"
		"                          exit status 124\n"
		"  -D, --dump-on-failure DIR\n"
		"                          when COMMAND fails or the timeout ends it,\n"
		"                          write screenshots of every output, the\n"
		"                          windows, outputs and layers JSON and the log\n"
		"                          into DIR\n"
		"      --session           act as the desktop session off DRM too:\n"
		"                          export the environment to D-Bus and\n"
		"                          systemd, start gridwl-session.target\n"
		"      --no-session        never do that, not even on DRM\n"
		"  -d, --debug             verbose logging\n"
		"  -h, --help              show this help\n"
		"  -v, --version           show the version\n"
		"\n"
		"With -- COMMAND, gridwl runs COMMAND in the session and exits with its\n"
		"exit status when it ends.\n";

static void print_config_error(const char *error, void *data) {
	fprintf(stderr, "%s\n", error);
}

/* --check-config: the parser the compositor uses, and nothing else is
 * started, so it runs anywhere (a text console, a package's postinst). */
static int check_config(const char *path) {
	char *user_path = NULL;
	if (path == NULL) {
		user_path = gridwl_config_default_path();
		path = gridwl_config_pick(user_path, GRIDWL_SYSTEM_CONFIG);
	}
	if (path == NULL) {
		// Not an error: gridwl starts with its built-in defaults.
		fprintf(stderr,
				"gridwl: no config file at %s or %s: nothing to check\n",
				user_path != NULL ? user_path :
									"$XDG_CONFIG_HOME/gridwl/config",
				GRIDWL_SYSTEM_CONFIG);
		free(user_path);
		return 0;
	}
	int errors = gridwl_config_check(path, print_config_error, NULL);
	free(user_path);
	return errors == 0 ? 0 : 1;
}

/* An open descriptor, which children do not inherit; -1 otherwise. */
static int parse_ready_fd(const char *text) {
	char *end = NULL;
	errno = 0;
	long fd = strtol(text, &end, 10);
	if (errno != 0 || end == text || *end != '\0' || fd < 0 || fd > INT_MAX ||
			fcntl((int)fd, F_SETFD, FD_CLOEXEC) != 0) {
		return -1;
	}
	return (int)fd;
}

int main(int argc, char *argv[]) {
	static const struct option long_options[] = {
		{ "config", required_argument, NULL, 'c' },
		{ "check-config", no_argument, NULL, 'C' },
		{ "backend", required_argument, NULL, 'b' },
		{ "output", required_argument, NULL, 'o' },
		{ "socket", required_argument, NULL, 's' },
		{ "exec", required_argument, NULL, 'e' },
		{ "ready-fd", required_argument, NULL, 'r' },
		{ "timeout", required_argument, NULL, 't' },
		{ "dump-on-failure", required_argument, NULL, 'D' },
		{ "session", no_argument, NULL, 'S' },
		{ "no-session", no_argument, NULL, 'N' },
		{ "debug", no_argument, NULL, 'd' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'v' },
		{ 0 },
	};
	struct gridwl_server_options options = {
		.backend = GRIDWL_BACKEND_AUTO,
		.ready_fd = -1,
		.system_config_path = GRIDWL_SYSTEM_CONFIG,
	};
	bool check_only = false;
	// Every argument is at most one output or exec line.
	const char **outputs = calloc(argc, sizeof(*outputs));
	const char **execs = calloc(argc, sizeof(*execs));
	if (outputs == NULL || execs == NULL) {
		fprintf(stderr, "gridwl: out of memory\n");
		return 1;
	}
	options.output_lines = outputs;
	options.execs = execs;
	enum wlr_log_importance verbosity = WLR_INFO;

	int status = 1;
	int opt;
	while ((opt = getopt_long(argc, argv, "+c:Cb:o:s:e:r:t:D:dhv", long_options,
					NULL)) != -1) {
		switch (opt) {
		case 'c':
			options.config_path = optarg;
			break;
		case 'C':
			check_only = true;
			break;
		case 'b':
			if (!gridwl_backend_kind_parse(optarg, &options.backend)) {
				fprintf(stderr,
						"gridwl: unknown backend '%s' (auto, drm, "
						"wayland, x11, headless)\n",
						optarg);
				status = 1;
				goto out;
			}
			break;
		case 'o':
			outputs[options.output_line_count++] = optarg;
			break;
		case 's':
			options.socket_name = optarg;
			break;
		case 'e':
			execs[options.exec_count++] = optarg;
			break;
		case 'r':
			options.ready_fd = parse_ready_fd(optarg);
			if (options.ready_fd < 0) {
				fprintf(stderr,
						"gridwl: --ready-fd %s: not an open file "
						"descriptor\n",
						optarg);
				status = 1;
				goto out;
			}
			break;
		case 't':;
			char *end = NULL;
			long seconds = strtol(optarg, &end, 10);
			if (end == optarg || *end != '\0' || seconds < 1 ||
					seconds > 24 * 3600) {
				fprintf(stderr,
						"gridwl: --timeout %s: not a number of seconds from "
						"1 to 86400\n",
						optarg);
				status = 1;
				goto out;
			}
			options.timeout_seconds = (int)seconds;
			break;
		case 'D':
			options.dump_dir = optarg;
			options.write_log = gridwl_log_ring_write;
			break;
		case 'S':
			options.session_mode = GRIDWL_SESSION_ON;
			break;
		case 'N':
			options.session_mode = GRIDWL_SESSION_OFF;
			break;
		case 'd':
			verbosity = WLR_DEBUG;
			break;
		case 'h':
			fputs(usage, stdout);
			status = 0;
			goto out;
		case 'v':
			printf("gridwl %s\n", GRIDWL_VERSION);
			status = 0;
			goto out;
		default:
			fputs(usage, stderr);
			status = 1;
			goto out;
		}
	}
	if (check_only) {
		// "gridwl -C FILE", like "sway -C" with "-c FILE".
		if (argc - optind > 1) {
			fputs(usage, stderr);
			goto out;
		}
		status = check_config(
				optind < argc ? argv[optind] : options.config_path);
		goto out;
	}
	if (optind < argc) {
		options.command = &argv[optind];
	}

	if (options.dump_dir != NULL) {
		gridwl_log_ring_init(verbosity);
	} else {
		wlr_log_init(verbosity, NULL);
	}
	gridwl_malloc_tuning_init();
	char *error = NULL;
	struct gridwl_server *server = gridwl_server_create(&options, &error);
	if (server == NULL) {
		fprintf(stderr, "gridwl: %s\n", error != NULL ? error : "failed");
		free(error);
		goto out;
	}
	status = gridwl_server_run(server);
	gridwl_server_destroy(server);
out:
	free(outputs);
	free(execs);
	return status;
}

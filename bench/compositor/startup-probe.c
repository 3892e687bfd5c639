/*
 * Start-up time of a compositor, for bench/compositor/run: the time from
 * starting COMMAND to the moment a client can use its Wayland socket.
 *
 *   startup-probe [--scales 1,2] [--timeout S] RUNTIME_DIR -- COMMAND [ARGS...]
 *
 * It notes the time, forks and execs COMMAND (which should exec the
 * compositor itself: env, taskset and setpriv do, so the pid is the
 * compositor's), then polls RUNTIME_DIR every 0.5 ms for a Wayland socket
 * (wayland-N or bench-N; not sway's IPC socket nor gridwl's control socket,
 * which share the directory). Once one is there it connects, gets the registry and
 * does a wl_display_roundtrip; it binds every wl_output and keeps
 * dispatching until there are as many outputs as --scales lists, each with a
 * done event and the scales listed (in any order). Then it prints
 *
 *   startup socket_ms A roundtrip_ms B ready_ms C outputs N scales S1,S2
 *
 * (A: the socket exists; B: the first wl_registry roundtrip succeeded; C: the
 * outputs are there with their scales; all from just before fork), sends
 * COMMAND SIGTERM, waits for it (SIGKILL after 5 s) and exits 0; 1 when the
 * compositor died or --timeout (10 s) ran out first.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <getopt.h>
#include <poll.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <wayland-client.h>

#define MAX_OUTPUTS 8

struct probe_output {
	struct wl_output *wl_output;
	int32_t scale;
	bool done;
};

struct probe {
	struct probe_output outputs[MAX_OUTPUTS];
	int output_count;
};

static double now_ms(void) {
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static void output_geometry(void *data, struct wl_output *o, int32_t x,
		int32_t y, int32_t pw, int32_t ph, int32_t subpixel, const char *make,
		const char *model, int32_t transform) {
	(void)data, (void)o, (void)x, (void)y, (void)pw, (void)ph;
	(void)subpixel, (void)make, (void)model, (void)transform;
}

static void output_mode(void *data, struct wl_output *o, uint32_t flags,
		int32_t w, int32_t h, int32_t refresh) {
	(void)data, (void)o, (void)flags, (void)w, (void)h, (void)refresh;
}

static void output_done(void *data, struct wl_output *o) {
	(void)o;
	((struct probe_output *)data)->done = true;
}

static void output_scale(void *data, struct wl_output *o, int32_t scale) {
	(void)o;
	((struct probe_output *)data)->scale = scale;
}

static const struct wl_output_listener output_listener = {
	.geometry = output_geometry,
	.mode = output_mode,
	.done = output_done,
	.scale = output_scale,
};

static void registry_global(void *data, struct wl_registry *registry,
		uint32_t name, const char *interface, uint32_t version) {
	struct probe *probe = data;
	if (strcmp(interface, wl_output_interface.name) != 0 ||
			probe->output_count >= MAX_OUTPUTS || version < 2) {
		return;
	}
	struct probe_output *out = &probe->outputs[probe->output_count++];
	out->scale = 1;
	out->wl_output = wl_registry_bind(registry, name, &wl_output_interface, 2);
	wl_output_add_listener(out->wl_output, &output_listener, out);
}

static void registry_global_remove(void *data, struct wl_registry *registry,
		uint32_t name) {
	(void)data, (void)registry, (void)name;
}

static const struct wl_registry_listener registry_listener = {
	.global = registry_global,
	.global_remove = registry_global_remove,
};

// A Wayland socket's name: wayland-N or bench-N, not a .lock. Other sockets
// share the directory (sway's IPC socket, gridwl's control socket).
static bool wayland_socket_name(const char *name) {
	size_t len = strlen(name);
	if (strncmp(name, "wayland-", 8) != 0 && strncmp(name, "bench-", 6) != 0) {
		return false;
	}
	return !(len > 5 && strcmp(name + len - 5, ".lock") == 0);
}

// The path of the first Wayland socket in DIR, in PATH; false if none.
static bool find_socket(const char *dir, char *path, size_t size) {
	DIR *d = opendir(dir);
	if (!d) {
		return false;
	}
	bool found = false;
	struct dirent *e;
	while (!found && (e = readdir(d))) {
		if (!wayland_socket_name(e->d_name)) {
			continue;
		}
		struct stat st;
		snprintf(path, size, "%s/%s", dir, e->d_name);
		found = stat(path, &st) == 0 && S_ISSOCK(st.st_mode);
	}
	closedir(d);
	return found;
}

static int parse_scales(const char *s, int *scales) {
	int n = 0;
	while (*s && n < MAX_OUTPUTS) {
		char *end;
		long v = strtol(s, &end, 10);
		if (end == s || v < 1) {
			return -1;
		}
		scales[n++] = (int)v;
		s = *end == ',' ? end + 1 : end;
		if (*end && *end != ',') {
			return -1;
		}
	}
	return n;
}

// Whether the outputs' scales are exactly the wanted ones, in any order.
static bool scales_match(const struct probe *probe, const int *want,
		int count) {
	if (probe->output_count != count) {
		return false;
	}
	bool used[MAX_OUTPUTS] = { 0 };
	for (int i = 0; i < count; i++) {
		if (!probe->outputs[i].done) {
			return false;
		}
		bool matched = false;
		for (int j = 0; j < count && !matched; j++) {
			if (!used[j] && want[j] == probe->outputs[i].scale) {
				used[j] = matched = true;
			}
		}
		if (!matched) {
			return false;
		}
	}
	return true;
}

static void sleep_ms(double ms) {
	struct timespec ts = { 0, (long)(ms * 1e6) };
	nanosleep(&ts, NULL);
}

static void stop(pid_t pid) {
	kill(pid, SIGTERM);
	for (int i = 0; i < 500; i++) {
		if (waitpid(pid, NULL, WNOHANG) == pid) {
			return;
		}
		sleep_ms(10);
	}
	kill(pid, SIGKILL);
	waitpid(pid, NULL, 0);
}

int main(int argc, char *argv[]) {
	int want[MAX_OUTPUTS] = { 1 };
	int want_count = 1;
	double timeout_ms = 10000;
	static const struct option longopts[] = {
		{ "scales", required_argument, NULL, 's' },
		{ "timeout", required_argument, NULL, 't' },
		{ 0 },
	};
	int opt;
	while ((opt = getopt_long(argc, argv, "+s:t:", longopts, NULL)) != -1) {
		switch (opt) {
		case 's':
			want_count = parse_scales(optarg, want);
			if (want_count < 1) {
				fprintf(stderr, "startup-probe: bad --scales %s\n", optarg);
				return 2;
			}
			break;
		case 't':
			timeout_ms = atof(optarg) * 1e3;
			break;
		default:
			return 2;
		}
	}
	if (argc - optind < 2) {
		fprintf(stderr,
				"usage: startup-probe [--scales 1,2] [--timeout S] "
				"RUNTIME_DIR -- COMMAND [ARGS...]\n");
		return 2;
	}
	const char *dir = argv[optind];
	char **command = &argv[optind + 1];
	if (strcmp(command[0], "--") == 0) {
		command++;
	}
	if (!command[0]) {
		fprintf(stderr, "startup-probe: no COMMAND\n");
		return 2;
	}

	double t0 = now_ms();
	pid_t pid = fork();
	if (pid < 0) {
		perror("startup-probe: fork");
		return 1;
	}
	if (pid == 0) {
		execvp(command[0], command);
		fprintf(stderr, "startup-probe: %s: %s\n", command[0], strerror(errno));
		_exit(127);
	}

	double t_socket = -1, t_roundtrip = -1, t_ready = -1;
	struct wl_display *display = NULL;
	struct probe probe = { 0 };
	bool failed = false;
	while (t_ready < 0) {
		if (now_ms() - t0 > timeout_ms) {
			fprintf(stderr,
					"startup-probe: timed out (socket %s, outputs %d)\n",
					t_socket < 0 ? "no" : "yes", probe.output_count);
			failed = true;
			break;
		}
		if (waitpid(pid, NULL, WNOHANG) == pid) {
			fprintf(stderr, "startup-probe: the compositor exited\n");
			pid = -1;
			failed = true;
			break;
		}
		char path[4096];
		if (t_socket < 0) {
			if (!find_socket(dir, path, sizeof path)) {
				sleep_ms(0.5);
				continue;
			}
			t_socket = now_ms();
		}
		if (!display) {
			// The socket file exists once bound, a little before listen().
			if (find_socket(dir, path, sizeof path)) {
				display = wl_display_connect(path);
			}
			if (!display) {
				sleep_ms(0.5);
				continue;
			}
			struct wl_registry *registry = wl_display_get_registry(display);
			wl_registry_add_listener(registry, &registry_listener, &probe);
			if (wl_display_roundtrip(display) < 0) {
				fprintf(stderr, "startup-probe: roundtrip failed\n");
				failed = true;
				break;
			}
			t_roundtrip = now_ms();
			// The bound outputs' events.
			if (wl_display_roundtrip(display) < 0) {
				failed = true;
				break;
			}
		}
		if (scales_match(&probe, want, want_count)) {
			t_ready = now_ms();
			break;
		}
		// Wait for more events: new outputs, or their scales changing.
		wl_display_flush(display);
		struct pollfd pfd = { wl_display_get_fd(display), POLLIN, 0 };
		if (poll(&pfd, 1, 50) > 0 && wl_display_dispatch(display) < 0) {
			fprintf(stderr, "startup-probe: the connection failed\n");
			failed = true;
			break;
		}
	}

	if (!failed) {
		printf("startup socket_ms %.2f roundtrip_ms %.2f ready_ms %.2f outputs %d scales ",
				t_socket - t0, t_roundtrip - t0, t_ready - t0,
				probe.output_count);
		for (int i = 0; i < probe.output_count; i++) {
			printf("%s%d", i ? "," : "", probe.outputs[i].scale);
		}
		printf("\n");
		fflush(stdout);
	}
	if (display) {
		wl_display_disconnect(display);
	}
	if (pid > 0) {
		stop(pid);
	}
	return failed ? 1 : 0;
}

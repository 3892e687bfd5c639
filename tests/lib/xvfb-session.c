#define _GNU_SOURCE // pipe2
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>
#include "harness.h"
#include "xvfb-session.h"

char *xvfb_session_path(const struct xvfb_session *session, const char *name) {
	size_t n = strlen(session->dir) + strlen(name) + 2;
	char *path = malloc(n);
	if (path != NULL) {
		snprintf(path, n, "%s/%s", session->dir, name);
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

char *xvfb_session_write(const struct xvfb_session *session, const char *name,
		const char *text) {
	char *path = xvfb_session_path(session, name);
	if (path != NULL && !write_file(path, text, 0600)) {
		free(path);
		return NULL;
	}
	return path;
}

static void print_file(const char *path, const char *what) {
	FILE *f = fopen(path, "r");
	if (f == NULL) {
		return;
	}
	fprintf(stderr, "----- %s -----\n", what);
	char buf[4096];
	size_t n;
	while ((n = fread(buf, 1, sizeof(buf), f)) > 0) {
		fwrite(buf, 1, n, stderr);
	}
	fprintf(stderr, "----- end of %s -----\n", what);
	fclose(f);
}

/* Xvfb on a display number it picks itself (-displayfd), which it writes
 * once it accepts connections. */
static bool start_server(struct xvfb_session *session, const char *screen) {
	char *log_path = xvfb_session_path(session, "xvfb.log");
	int log_fd = log_path == NULL ?
			-1 :
			open(log_path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
	int fds[2];
	if (log_fd < 0 || pipe2(fds, O_CLOEXEC) != 0) {
		fprintf(stderr, "cannot set up Xvfb's log or pipe: %s\n",
				strerror(errno));
		if (log_fd >= 0) {
			close(log_fd);
		}
		free(log_path);
		return false;
	}
	fflush(NULL);
	pid_t parent = getpid();
	pid_t pid = fork();
	if (pid == 0) {
		prctl(PR_SET_PDEATHSIG, SIGKILL);
		// The log first: it may be fd 3 itself.
		if (getppid() != parent || dup2(log_fd, 1) < 0 || dup2(log_fd, 2) < 0) {
			_exit(127);
		}
		// dup2 onto itself would leave close-on-exec set.
		if (fds[1] == 3 ? fcntl(3, F_SETFD, 0) < 0 : dup2(fds[1], 3) < 0) {
			_exit(127);
		}
		// No key repeats by the X server: a key held across a slow step
		// of the test must not type itself again.
		const char *argv[] = {
			"Xvfb",
			"-displayfd",
			"3",
			"-screen",
			"0",
			screen,
			"-nolisten",
			"tcp",
			"-noreset",
			"-ardelay",
			"60000",
			NULL,
		};
		execvp(argv[0], (char *const *)argv);
		_exit(127);
	}
	close(fds[1]);
	close(log_fd);
	if (pid < 0) {
		fprintf(stderr, "fork: %s\n", strerror(errno));
		close(fds[0]);
		free(log_path);
		return false;
	}
	session->pid = pid;

	char number[16] = "";
	size_t len = 0;
	int64_t deadline = harness_now_ms() + HARNESS_TIMEOUT_MS;
	while (len < sizeof(number) - 1 && strchr(number, '\n') == NULL) {
		int64_t left = deadline - harness_now_ms();
		struct pollfd pfd = { .fd = fds[0], .events = POLLIN };
		if (left <= 0 || poll(&pfd, 1, (int)left) <= 0) {
			break;
		}
		ssize_t n = read(fds[0], number + len, sizeof(number) - 1 - len);
		if (n <= 0) {
			break;
		}
		len += (size_t)n;
		number[len] = '\0';
	}
	close(fds[0]);
	int display = -1;
	if (strchr(number, '\n') == NULL || sscanf(number, "%d", &display) != 1 ||
			display < 0) {
		fprintf(stderr,
				"Xvfb did not say which display it is on "
				"(got \"%s\")\n",
				number);
		print_file(log_path, "Xvfb log");
		free(log_path);
		return false;
	}
	free(log_path);
	snprintf(session->display, sizeof(session->display), ":%d", display);
	snprintf(session->display_env, sizeof(session->display_env), "DISPLAY=:%d",
			display);
	fprintf(stderr, "Xvfb (pid %d) is on display %s\n", (int)pid,
			session->display);
	return true;
}

/* The harness clears DISPLAY for every child, gridwl included, and the X11
 * backend connects to whatever DISPLAY says; so GRIDWL_BIN becomes a
 * wrapper that puts it back. "--backend x11" among the arguments wins over
 * the harness's "--backend headless" before it.
 *
 * The wrapper also gives gridwl the nested backends' LeakSanitizer options
 * (tests/lsan-nested.supp), as start_nested_gridwl does for the wayland
 * backend: on the X11 backend, gridwl exiting with a client still
 * connected leaves one 136-byte allocation of libwlroots behind (the size
 * of the shm buffer the wayland backend leaks; not on the headless
 * backend, and not when the clients are gone first). */
static bool wrap_gridwl(struct xvfb_session *session) {
	const char *real = getenv("GRIDWL_BIN");
	if (real == NULL || strchr(real, '\'') != NULL) {
		fprintf(stderr, "GRIDWL_BIN is not set, or has a quote in it\n");
		return false;
	}
	char script[4096];
	snprintf(script, sizeof(script),
			"#!/bin/sh\n"
			"if [ -n \"${GRIDWL_NESTED_LSAN_OPTIONS:-}\" ]; then\n"
			"\tLSAN_OPTIONS=$GRIDWL_NESTED_LSAN_OPTIONS\n"
			"\texport LSAN_OPTIONS\n"
			"fi\n"
			"DISPLAY='%s' exec '%s' \"$@\"\n",
			session->display, real);
	char *wrapper = xvfb_session_path(session, "gridwl-x11");
	bool ok = wrapper != NULL && write_file(wrapper, script, 0700);
	if (ok) {
		setenv("GRIDWL_BIN", wrapper, 1);
	}
	free(wrapper);
	return ok;
}

bool xvfb_session_start(struct xvfb_session *session, const char *screen) {
	*session = (struct xvfb_session){ .pid = -1,
		.pointer_x = -1,
		.pointer_y = -1 };
	session->dir = harness_mkdtemp();
	if (session->dir == NULL) {
		fprintf(stderr, "no private dir for Xvfb\n");
		return false;
	}
	return start_server(session, screen) && wrap_gridwl(session);
}

void xvfb_session_stop(struct xvfb_session *session) {
	if (session->pid > 0) {
		kill(session->pid, SIGTERM);
		int64_t deadline = harness_now_ms() + 5000;
		while (waitpid(session->pid, NULL, WNOHANG) == 0) {
			if (harness_now_ms() >= deadline) {
				kill(session->pid, SIGKILL);
				waitpid(session->pid, NULL, 0);
				break;
			}
			harness_sleep_ms(10);
		}
		session->pid = -1;
	}
	if (session->dir != NULL) {
		harness_remove_tree(session->dir);
	}
	free(session->dir);
	session->dir = NULL;
}

bool xvfb_session_xdotool(struct xvfb_session *session,
		const char *const *args) {
	const char *prefix[] = { "env", session->display_env, "xdotool" };
	const char *argv[32];
	size_t n = 0;
	for (; n < 3; n++) {
		argv[n] = prefix[n];
	}
	for (size_t i = 0; args[i] != NULL && n < 31; i++) {
		argv[n++] = args[i];
	}
	argv[n] = NULL;
	int code = harness_run(NULL, argv, HARNESS_TIMEOUT_MS, NULL);
	if (code != 0) {
		fprintf(stderr, "xdotool");
		for (size_t i = 3; argv[i] != NULL; i++) {
			fprintf(stderr, " %s", argv[i]);
		}
		fprintf(stderr, " exited with status %d\n", code);
	}
	return code == 0;
}

void xvfb_session_pointer_moved(struct xvfb_session *session, int x, int y) {
	session->pointer_x = x;
	session->pointer_y = y;
}

bool xvfb_session_pointer_to(struct xvfb_session *session, int x, int y) {
	char xs[16], ys[16];
	if (x == session->pointer_x && y == session->pointer_y) {
		// gridwl may not be where X is (a new gridwl starts with its
		// cursor in the middle): step aside so there is motion to send.
		snprintf(xs, sizeof(xs), "%d", x + 1);
		snprintf(ys, sizeof(ys), "%d", y);
		if (!XDO(session, "mousemove", xs, ys)) {
			return false;
		}
	}
	snprintf(xs, sizeof(xs), "%d", x);
	snprintf(ys, sizeof(ys), "%d", y);
	xvfb_session_pointer_moved(session, x, y);
	return XDO(session, "mousemove", xs, ys);
}

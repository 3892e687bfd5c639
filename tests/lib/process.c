#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "harness.h"
#include "harness-private.h"

struct harness_client {
	struct harness_client *next; // in the harness's list
	struct harness *harness;
	char *label;
	pid_t pid;
	bool reaped;
	int exit_code;
	int in_fd; // a socket, so writes to a dead client fail with EPIPE
	int out_fd;
	char *buf;
	size_t len, cap;
	bool eof;
};

int64_t harness_now_ms(void) {
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

void harness_sleep_ms(int ms) {
	struct timespec ts = { .tv_sec = ms / 1000,
		.tv_nsec = (ms % 1000) * 1000000L };
	while (nanosleep(&ts, &ts) != 0 && errno == EINTR) {
		// resume with the remaining time
	}
}

static void set_env(const char *name, const char *value) {
	if (value != NULL) {
		setenv(name, value, 1);
	} else {
		unsetenv(name);
	}
}

static void child_setup_env(const struct harness_child_env *env) {
	set_env("XDG_RUNTIME_DIR", env->runtime_dir);
	set_env("WAYLAND_DISPLAY", env->wayland_display);
	set_env("GRIDWL_SOCK", env->gridwl_sock);
	unsetenv("WAYLAND_SOCKET");
	unsetenv("DISPLAY");
	if (env->compositor) {
		setenv("WLR_RENDERER", "pixman", 1);
		unsetenv("WLR_BACKENDS");
		// Neither a config in the developer's home nor an installed
		// system config (read when the user has none) may change what
		// the tests see: the user's config is this empty file.
		char path[4096];
		snprintf(path, sizeof(path), "%s/empty-config-home", env->runtime_dir);
		setenv("XDG_CONFIG_HOME", path, 1);
		mkdir(path, 0700);
		size_t len = strlen(path);
		snprintf(path + len, sizeof(path) - len, "/gridwl");
		mkdir(path, 0700);
		len = strlen(path);
		snprintf(path + len, sizeof(path) - len, "/config");
		int fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0600);
		if (fd < 0) {
			fprintf(stderr, "harness: cannot create %s: %s\n", path,
					strerror(errno));
			_exit(127);
		}
		close(fd);
	}
}

pid_t harness_fork_exec(const char *const *argv,
		const struct harness_child_env *env, int in_fd, int out_fd,
		int err_fd) {
	pid_t parent = getpid();
	fflush(NULL);
	pid_t pid = fork();
	if (pid < 0) {
		fprintf(stderr, "harness: fork: %s\n", strerror(errno));
		return -1;
	}
	if (pid > 0) {
		return pid;
	}

	// A test that crashes or times out must not leave compositors behind.
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	if (getppid() != parent) {
		_exit(127);
	}
	int fds[3] = { in_fd, out_fd, err_fd };
	for (int i = 0; i < 3; i++) {
		if (fds[i] >= 0 && dup2(fds[i], i) < 0) {
			_exit(127);
		}
	}
	child_setup_env(env);
	// argv is never written to; execvp's prototype predates const. The
	// PATH search is for tools like grim, named without a directory.
	execvp(argv[0], (char *const *)argv);
	fprintf(stderr, "harness: cannot run %s: %s\n", argv[0], strerror(errno));
	_exit(127);
}

static int decode_status(int status) {
	if (WIFEXITED(status)) {
		return WEXITSTATUS(status);
	}
	if (WIFSIGNALED(status)) {
		return 128 + WTERMSIG(status);
	}
	return -1;
}

int harness_wait_pid(pid_t pid, int timeout_ms) {
	int64_t deadline = harness_now_ms() + timeout_ms;
	for (;;) {
		int status;
		pid_t r = waitpid(pid, &status, WNOHANG);
		if (r == pid) {
			return decode_status(status);
		}
		if (r < 0 && errno != EINTR) {
			fprintf(stderr, "harness: waitpid %d: %s\n", (int)pid,
					strerror(errno));
			return -1;
		}
		// No event to wait for without pidfd, which not every kernel
		// the tests run on has; a short poll costs little.
		if (harness_now_ms() >= deadline) {
			return -1;
		}
		harness_sleep_ms(5);
	}
}

int harness_terminate_pid(pid_t pid, int grace_ms) {
	kill(pid, SIGTERM);
	int code = harness_wait_pid(pid, grace_ms);
	if (code >= 0) {
		return code;
	}
	fprintf(stderr, "harness: pid %d ignored SIGTERM, killing it\n", (int)pid);
	kill(pid, SIGKILL);
	return harness_wait_pid(pid, 5000);
}

bool harness_pipe(int fds[2]) {
	// pipe2 would need _GNU_SOURCE; the harness is single-threaded, so no
	// fork can slip in between.
	if (pipe(fds) != 0) {
		fprintf(stderr, "harness: pipe: %s\n", strerror(errno));
		return false;
	}
	fcntl(fds[0], F_SETFD, FD_CLOEXEC);
	fcntl(fds[1], F_SETFD, FD_CLOEXEC);
	return true;
}

const char **harness_argv_join(const char *const *prefix, size_t count,
		const char *const *args) {
	size_t n = 0;
	while (args != NULL && args[n] != NULL) {
		n++;
	}
	const char **argv = calloc(count + n + 1, sizeof(*argv));
	if (argv == NULL) {
		return NULL;
	}
	for (size_t i = 0; i < count; i++) {
		argv[i] = prefix[i];
	}
	for (size_t i = 0; i < n; i++) {
		argv[count + i] = args[i];
	}
	return argv;
}

char *harness_read_all(int fd, int64_t deadline_ms, bool *timed_out) {
	*timed_out = false;
	size_t len = 0, cap = 4096;
	char *data = malloc(cap);
	if (data == NULL) {
		return NULL;
	}
	for (;;) {
		if (cap - len < 4096) {
			char *bigger = realloc(data, cap * 2);
			if (bigger == NULL) {
				break;
			}
			data = bigger;
			cap *= 2;
		}
		int64_t left = deadline_ms - harness_now_ms();
		struct pollfd pfd = { .fd = fd, .events = POLLIN };
		int r = left > 0 ? poll(&pfd, 1, (int)left) : 0;
		if (r < 0 && errno == EINTR) {
			continue;
		}
		if (r <= 0) {
			*timed_out = true;
			break;
		}
		ssize_t n = read(fd, data + len, cap - len - 1);
		if (n < 0 && errno == EINTR) {
			continue;
		}
		if (n <= 0) {
			break;
		}
		len += (size_t)n;
	}
	data[len] = '\0';
	return data;
}

/* tracked clients go on h's list, to be killed when h stops; untracked ones
 * are freed by whoever spawned them. */
static struct harness_client *spawn_client(struct harness *h, bool tracked,
		const char *label, const char *const *argv) {
	int in[2], out[2];
	if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, in) != 0) {
		fprintf(stderr, "harness: socketpair: %s\n", strerror(errno));
		return NULL;
	}
	if (!harness_pipe(out)) {
		close(in[0]);
		close(in[1]);
		return NULL;
	}
	struct harness_child_env env = { 0 };
	if (h != NULL) {
		harness_client_env(h, &env);
	}
	pid_t pid = harness_fork_exec(argv, &env, in[1], out[1], -1);
	close(in[1]);
	close(out[1]);
	struct harness_client *c = calloc(1, sizeof(*c));
	if (pid < 0 || c == NULL) {
		close(in[0]);
		close(out[0]);
		free(c);
		if (pid > 0) {
			harness_terminate_pid(pid, 1000);
		}
		return NULL;
	}
	c->harness = tracked ? h : NULL;
	c->label = strdup(label);
	c->pid = pid;
	c->in_fd = in[0];
	c->out_fd = out[0];
	if (c->harness != NULL) {
		struct harness_client **list = harness_clients(h);
		c->next = *list;
		*list = c;
	}
	return c;
}

struct harness_client *harness_spawn(struct harness *h, const char *label,
		const char *const *argv) {
	return spawn_client(h, true, label, argv);
}

struct harness_client *harness_spawn_pattern_client(struct harness *h,
		const char *label, const char *const *args) {
	const char *bin = getenv("PATTERN_CLIENT_BIN");
	if (bin == NULL) {
		fprintf(stderr, "harness: PATTERN_CLIENT_BIN is not set\n");
		return NULL;
	}
	const char **argv = harness_argv_join(&bin, 1, args);
	if (argv == NULL) {
		return NULL;
	}
	struct harness_client *c = harness_spawn(h, label, argv);
	free(argv);
	return c;
}

static char *take_line(struct harness_client *c) {
	// memchr must not see the NULL buffer of a client that printed nothing.
	char *nl = c->len > 0 ? memchr(c->buf, '\n', c->len) : NULL;
	size_t n;
	size_t consumed;
	if (nl != NULL) {
		n = (size_t)(nl - c->buf);
		consumed = n + 1;
	} else if (c->eof && c->len > 0) {
		n = consumed = c->len; // an unterminated last line still counts
	} else {
		return NULL;
	}
	char *line = malloc(n + 1);
	if (line == NULL) {
		return NULL;
	}
	memcpy(line, c->buf, n);
	line[n] = '\0';
	memmove(c->buf, c->buf + consumed, c->len - consumed);
	c->len -= consumed;
	fprintf(stderr, "[%s] %s\n", c->label, line);
	return line;
}

/* Returns false on timeout or end of file. */
static bool read_more(struct harness_client *c, int64_t deadline) {
	if (c->eof) {
		return false;
	}
	int64_t left = deadline - harness_now_ms();
	if (left < 0) {
		left = 0;
	}
	struct pollfd pfd = { .fd = c->out_fd, .events = POLLIN };
	int r = poll(&pfd, 1, (int)left);
	if (r < 0) {
		return errno == EINTR;
	}
	if (r == 0) {
		return false;
	}
	if (c->cap - c->len < 1024) {
		size_t cap = c->cap ? c->cap * 2 : 4096;
		char *buf = realloc(c->buf, cap);
		if (buf == NULL) {
			return false;
		}
		c->buf = buf;
		c->cap = cap;
	}
	ssize_t n = read(c->out_fd, c->buf + c->len, c->cap - c->len);
	if (n < 0) {
		return errno == EINTR;
	}
	if (n == 0) {
		c->eof = true;
		return c->len > 0;
	}
	c->len += (size_t)n;
	return true;
}

char *harness_client_next_line(struct harness_client *c, int timeout_ms) {
	int64_t deadline = harness_now_ms() + timeout_ms;
	for (;;) {
		char *line = take_line(c);
		if (line != NULL) {
			return line;
		}
		if (!read_more(c, deadline)) {
			return take_line(c);
		}
	}
}

char *harness_client_wait_line(struct harness_client *c, const char *prefix,
		int timeout_ms) {
	int64_t deadline = harness_now_ms() + timeout_ms;
	for (;;) {
		int64_t left = deadline - harness_now_ms();
		char *line = harness_client_next_line(c, left > 0 ? (int)left : 0);
		if (line == NULL) {
			fprintf(stderr,
					"harness: [%s] %s while waiting for a line "
					"starting with \"%s\"\n",
					c->label, c->eof ? "output ended" : "timed out", prefix);
			return NULL;
		}
		if (strncmp(line, prefix, strlen(prefix)) == 0) {
			return line;
		}
		free(line);
	}
}

bool harness_client_send(struct harness_client *c, const char *fmt, ...) {
	char line[1024];
	va_list args;
	va_start(args, fmt);
	int n = vsnprintf(line, sizeof(line) - 1, fmt, args);
	va_end(args);
	if (n < 0 || (size_t)n >= sizeof(line) - 1 || c->in_fd < 0) {
		return false;
	}
	line[n++] = '\n';
	fprintf(stderr, "[%s] <<< %.*s", c->label, n, line);
	for (int off = 0; off < n;) {
		ssize_t w = send(c->in_fd, line + off, (size_t)(n - off), MSG_NOSIGNAL);
		if (w < 0 && errno == EINTR) {
			continue;
		}
		if (w < 0) {
			fprintf(stderr, "harness: [%s] write to stdin: %s\n", c->label,
					strerror(errno));
			return false;
		}
		off += (int)w;
	}
	return true;
}

void harness_client_close_stdin(struct harness_client *c) {
	if (c->in_fd >= 0) {
		close(c->in_fd);
		c->in_fd = -1;
	}
}

int harness_client_wait_exit(struct harness_client *c, int timeout_ms) {
	if (!c->reaped) {
		int code = harness_wait_pid(c->pid, timeout_ms);
		if (code < 0) {
			return -1;
		}
		c->reaped = true;
		c->exit_code = code;
	}
	return c->exit_code;
}

bool harness_client_running(struct harness_client *c) {
	return harness_client_wait_exit(c, 0) < 0;
}

static void client_free(struct harness_client *c) {
	harness_client_close_stdin(c);
	close(c->out_fd);
	free(c->buf);
	free(c->label);
	free(c);
}

void harness_client_kill(struct harness_client *c) {
	if (c == NULL) {
		return;
	}
	if (!c->reaped) {
		c->exit_code = harness_terminate_pid(c->pid, 2000);
		c->reaped = true;
	}
	if (c->harness != NULL) {
		for (struct harness_client **p = harness_clients(c->harness);
				*p != NULL; p = &(*p)->next) {
			if (*p == c) {
				*p = c->next;
				break;
			}
		}
	}
	client_free(c);
}

void harness_kill_clients(struct harness *h) {
	struct harness_client **list = harness_clients(h);
	while (*list != NULL) {
		harness_client_kill(*list);
	}
}

int harness_run(struct harness *h, const char *const *argv, int timeout_ms,
		char **output) {
	int64_t deadline = harness_now_ms() + timeout_ms;
	const char *label = strrchr(argv[0], '/');
	struct harness_client *c =
			spawn_client(h, false, label != NULL ? label + 1 : argv[0], argv);
	if (c == NULL) {
		return -1;
	}
	harness_client_close_stdin(c);
	bool timed_out;
	char *out = harness_read_all(c->out_fd, deadline, &timed_out);
	int64_t left = deadline - harness_now_ms();
	int code = harness_client_wait_exit(c, left > 0 ? (int)left : 0);
	if (out == NULL || timed_out || code < 0) {
		fprintf(stderr, "harness: %s timed out after %d ms\n", argv[0],
				timeout_ms);
		free(out);
		out = NULL;
		code = -1;
	}
	if (output != NULL) {
		*output = out;
	} else {
		free(out);
	}
	harness_client_kill(c);
	return code;
}

char *harness_read_file(const char *path) {
	FILE *f = fopen(path, "r");
	if (f == NULL) {
		return NULL;
	}
	char buf[4096];
	size_t len = fread(buf, 1, sizeof(buf) - 1, f);
	fclose(f);
	buf[len] = '\0';
	return strdup(buf);
}

char *harness_wait_file_line(const char *path, int timeout_ms) {
	int64_t deadline = harness_now_ms() + timeout_ms;
	do {
		char *text = harness_read_file(path);
		if (text != NULL && strchr(text, '\n') != NULL) {
			return text;
		}
		free(text);
		harness_sleep_ms(20);
	} while (harness_now_ms() < deadline);
	return NULL;
}

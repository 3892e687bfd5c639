#include <errno.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>
#include <wlr/util/log.h>
#include "compositor/session/ready.h"

static void write_ready_fd(const char *socket_name, int fd) {
	size_t len = strlen(socket_name);
	char *line = malloc(len + 2);
	if (line == NULL) {
		wlr_log(WLR_ERROR, "--ready-fd: out of memory");
		close(fd);
		return;
	}
	memcpy(line, socket_name, len);
	line[len] = '\n';
	line[len + 1] = '\0';
	size_t written = 0;
	while (written < len + 1) {
		ssize_t n = write(fd, line + written, len + 1 - written);
		if (n < 0 && errno == EINTR) {
			continue;
		}
		if (n <= 0) {
			wlr_log_errno(WLR_ERROR, "--ready-fd %d: cannot write", fd);
			break;
		}
		written += (size_t)n;
	}
	free(line);
	close(fd);
}

static void notify_service_manager(const char *path) {
	struct sockaddr_un addr = { .sun_family = AF_UNIX };
	size_t len = strlen(path);
	if (len < 2 || len >= sizeof(addr.sun_path) ||
			(path[0] != '/' && path[0] != '@')) {
		wlr_log(WLR_ERROR, "NOTIFY_SOCKET=%s: not a socket path", path);
		return;
	}
	memcpy(addr.sun_path, path, len);
	socklen_t addr_len = (socklen_t)(offsetof(struct sockaddr_un, sun_path) +
			len + (path[0] == '/' ? 1 : 0));
	if (path[0] == '@') {
		addr.sun_path[0] = '\0';
	}
	int fd = socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0);
	if (fd < 0) {
		wlr_log_errno(WLR_ERROR, "NOTIFY_SOCKET: no socket");
		return;
	}
	static const char message[] = "READY=1";
	if (sendto(fd, message, sizeof(message) - 1, MSG_NOSIGNAL,
				(struct sockaddr *)&addr, addr_len) < 0) {
		wlr_log_errno(WLR_ERROR, "NOTIFY_SOCKET=%s: cannot send", path);
	}
	close(fd);
}

void gridwl_ready_notify(const char *socket_name, int ready_fd) {
	if (ready_fd >= 0) {
		write_ready_fd(socket_name, ready_fd);
	}
	const char *notify_socket = getenv("NOTIFY_SOCKET");
	if (notify_socket != NULL && notify_socket[0] != '\0') {
		notify_service_manager(notify_socket);
	}
}

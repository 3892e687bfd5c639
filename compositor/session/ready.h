#ifndef GRIDWL_COMPOSITOR_SESSION_READY_H
#define GRIDWL_COMPOSITOR_SESSION_READY_H

/*
 * Tells whoever started gridwl that its outputs exist and its Wayland
 * socket accepts clients, so scripts and service managers wait for that
 * instead of polling or sleeping: the socket name and a newline on ready_fd
 * (closed then; -1 for none), and READY=1 to $NOTIFY_SOCKET as systemd's
 * sd_notify protocol has it (a datagram; a name starting with '@' is in the
 * abstract namespace). A failure is logged, never fatal.
 */
void gridwl_ready_notify(const char *socket_name, int ready_fd);

#endif

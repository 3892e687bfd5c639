/*
 * Moves the pointer continuously through zwlr_virtual_pointer_v1, for the
 * compositor benchmark's static case: absolute motion around a circle, RATE
 * events a second, each followed by a frame, as a mouse would send them.
 *
 * Coordinates are given in an extent (by default the logical size of a
 * 1920x1080 output at scale 2) that the compositor maps onto its layout.
 * Ends on SIGTERM, SIGINT or after --seconds, printing
 *
 *   summary events N seconds S rate R
 */
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/signalfd.h>
#include <sys/timerfd.h>
#include <time.h>
#include <unistd.h>
#include <wayland-client.h>
#include "wlr-virtual-pointer-unstable-v1-client-protocol.h"

// M_PI is not in strict C11 with POSIX.
#define TURN 6.28318530717958647692

struct options {
	double rate; // events per second
	double seconds; // 0: until a signal
	uint32_t extent_width, extent_height;
	double center_x, center_y, radius; // in the extent; radius < 0: default
	double period; // seconds per turn
	int output_index; // < 0: the whole layout
};

struct mover {
	struct options options;
	struct wl_display *display;
	struct wl_registry *registry;
	struct zwlr_virtual_pointer_manager_v1 *manager;
	struct zwlr_virtual_pointer_v1 *pointer;
	uint32_t manager_version;
	struct wl_output *output; // the --output-index one
	int outputs_seen;
	uint64_t events;
	double angle;
};

static uint64_t now_nsec(void) {
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static void registry_handle_global(void *data, struct wl_registry *registry,
		uint32_t name, const char *interface, uint32_t version) {
	struct mover *mover = data;
	if (strcmp(interface, zwlr_virtual_pointer_manager_v1_interface.name) ==
			0) {
		mover->manager_version = version < 2 ? version : 2;
		mover->manager = wl_registry_bind(registry, name,
				&zwlr_virtual_pointer_manager_v1_interface,
				mover->manager_version);
	} else if (strcmp(interface, wl_output_interface.name) == 0) {
		if (mover->outputs_seen++ == mover->options.output_index) {
			mover->output =
					wl_registry_bind(registry, name, &wl_output_interface, 1);
		}
	}
}

static void registry_handle_global_remove(void *data,
		struct wl_registry *registry, uint32_t name) {
}

static const struct wl_registry_listener registry_listener = {
	.global = registry_handle_global,
	.global_remove = registry_handle_global_remove,
};

static void move(struct mover *mover) {
	const struct options *o = &mover->options;
	double x = o->center_x + o->radius * cos(mover->angle);
	double y = o->center_y + o->radius * sin(mover->angle);
	mover->angle += TURN / (o->rate * o->period);
	if (mover->angle >= TURN) {
		mover->angle -= TURN;
	}
	if (x < 0) {
		x = 0;
	}
	if (y < 0) {
		y = 0;
	}
	uint32_t time_msec = (uint32_t)(now_nsec() / 1000000u);
	zwlr_virtual_pointer_v1_motion_absolute(mover->pointer, time_msec,
			(uint32_t)lround(x), (uint32_t)lround(y), o->extent_width,
			o->extent_height);
	zwlr_virtual_pointer_v1_frame(mover->pointer);
	mover->events++;
}

static int run(struct mover *mover, int signal_fd, int tick_fd, int end_fd) {
	struct pollfd fds[4] = {
		{ .fd = wl_display_get_fd(mover->display), .events = POLLIN },
		{ .fd = signal_fd, .events = POLLIN },
		{ .fd = tick_fd, .events = POLLIN },
		{ .fd = end_fd, .events = POLLIN },
	};
	nfds_t nfds = end_fd >= 0 ? 4 : 3;
	for (;;) {
		if (wl_display_flush(mover->display) < 0 && errno != EAGAIN) {
			fprintf(stderr, "pointer-mover: connection lost\n");
			return 1;
		}
		if (poll(fds, nfds, -1) < 0) {
			if (errno == EINTR) {
				continue;
			}
			perror("poll");
			return 1;
		}
		if (fds[0].revents & (POLLERR | POLLHUP)) {
			fprintf(stderr, "pointer-mover: connection lost\n");
			return 1;
		}
		if ((fds[0].revents & POLLIN) &&
				wl_display_dispatch(mover->display) < 0) {
			fprintf(stderr, "pointer-mover: connection lost\n");
			return 1;
		}
		if (fds[1].revents & POLLIN) {
			return 0;
		}
		if (nfds > 3 && (fds[3].revents & POLLIN)) {
			return 0;
		}
		if (fds[2].revents & POLLIN) {
			uint64_t expirations;
			if (read(tick_fd, &expirations, sizeof(expirations)) ==
					sizeof(expirations)) {
				// Late ticks are dropped, not sent in a burst: the
				// benchmark wants a steady rate, not a catch-up.
				move(mover);
			}
		}
	}
}

static void usage(FILE *out) {
	fprintf(out,
			"Usage: pointer-mover [--rate HZ] [--seconds N] [--extent WxH]\n"
			"                     [--center X,Y] [--radius R] [--period SECONDS]\n"
			"                     [--output-index N]\n"
			"  Moves the pointer around a circle with zwlr_virtual_pointer_v1.\n"
			"  --output-index maps the extent to the Nth wl_output (version 2 of\n"
			"  the protocol) instead of the whole layout.\n"
			"  Defaults: 125 Hz, extent 960x540, centre of the extent, radius a\n"
			"  third of its height, one turn every 2 s.\n");
}

static bool parse_options(int argc, char *argv[], struct options *options) {
	static const struct option long_options[] = {
		{ "rate", required_argument, NULL, 'r' },
		{ "seconds", required_argument, NULL, 't' },
		{ "extent", required_argument, NULL, 'e' },
		{ "center", required_argument, NULL, 'c' },
		{ "radius", required_argument, NULL, 'R' },
		{ "period", required_argument, NULL, 'p' },
		{ "output-index", required_argument, NULL, 'o' },
		{ "help", no_argument, NULL, 'h' },
		{ 0 },
	};
	*options = (struct options){
		.rate = 125,
		.extent_width = 960,
		.extent_height = 540,
		.center_x = -1,
		.center_y = -1,
		.radius = -1,
		.period = 2,
		.output_index = -1,
	};
	int c;
	while ((c = getopt_long(argc, argv, "r:t:e:c:R:p:o:h", long_options,
					NULL)) != -1) {
		switch (c) {
		case 'r':
			options->rate = strtod(optarg, NULL);
			if (!(options->rate > 0 && options->rate <= 10000)) {
				fprintf(stderr, "pointer-mover: bad rate '%s'\n", optarg);
				return false;
			}
			break;
		case 't':
			options->seconds = strtod(optarg, NULL);
			if (options->seconds < 0) {
				fprintf(stderr, "pointer-mover: bad seconds '%s'\n", optarg);
				return false;
			}
			break;
		case 'e':
			if (sscanf(optarg, "%ux%u", &options->extent_width,
						&options->extent_height) != 2 ||
					options->extent_width == 0 || options->extent_height == 0) {
				fprintf(stderr, "pointer-mover: bad extent '%s'\n", optarg);
				return false;
			}
			break;
		case 'c':
			if (sscanf(optarg, "%lf,%lf", &options->center_x,
						&options->center_y) != 2) {
				fprintf(stderr, "pointer-mover: bad centre '%s'\n", optarg);
				return false;
			}
			break;
		case 'R':
			options->radius = strtod(optarg, NULL);
			break;
		case 'p':
			options->period = strtod(optarg, NULL);
			if (!(options->period > 0)) {
				fprintf(stderr, "pointer-mover: bad period '%s'\n", optarg);
				return false;
			}
			break;
		case 'o':
			options->output_index = atoi(optarg);
			if (options->output_index < 0) {
				fprintf(stderr, "pointer-mover: bad output index '%s'\n",
						optarg);
				return false;
			}
			break;
		case 'h':
			usage(stdout);
			exit(0);
		default:
			usage(stderr);
			return false;
		}
	}
	if (options->center_x < 0 || options->center_y < 0) {
		options->center_x = options->extent_width / 2.0;
		options->center_y = options->extent_height / 2.0;
	}
	if (options->radius < 0) {
		options->radius = options->extent_height / 3.0;
	}
	return optind == argc;
}

static int timer_fd_after(double seconds, bool repeat) {
	int fd = timerfd_create(CLOCK_MONOTONIC, TFD_CLOEXEC);
	if (fd < 0) {
		perror("timerfd_create");
		return -1;
	}
	struct timespec interval = {
		.tv_sec = (time_t)seconds,
		.tv_nsec = (long)((seconds - (double)(time_t)seconds) * 1e9),
	};
	if (interval.tv_sec == 0 && interval.tv_nsec == 0) {
		interval.tv_nsec = 1;
	}
	struct itimerspec spec = {
		.it_value = interval,
		.it_interval = repeat ? interval : (struct timespec){ 0 },
	};
	timerfd_settime(fd, 0, &spec, NULL);
	return fd;
}

int main(int argc, char *argv[]) {
	struct mover mover = { 0 };
	if (!parse_options(argc, argv, &mover.options)) {
		return 2;
	}

	sigset_t mask;
	sigemptyset(&mask);
	sigaddset(&mask, SIGTERM);
	sigaddset(&mask, SIGINT);
	if (sigprocmask(SIG_BLOCK, &mask, NULL) != 0) {
		perror("sigprocmask");
		return 1;
	}
	int signal_fd = signalfd(-1, &mask, SFD_CLOEXEC | SFD_NONBLOCK);
	if (signal_fd < 0) {
		perror("signalfd");
		return 1;
	}

	mover.display = wl_display_connect(NULL);
	if (mover.display == NULL) {
		fprintf(stderr,
				"pointer-mover: cannot connect to the Wayland "
				"display\n");
		return 1;
	}
	mover.registry = wl_display_get_registry(mover.display);
	wl_registry_add_listener(mover.registry, &registry_listener, &mover);
	wl_display_roundtrip(mover.display);
	if (mover.manager == NULL) {
		fprintf(stderr,
				"pointer-mover: the compositor has no "
				"zwlr_virtual_pointer_manager_v1\n");
		wl_registry_destroy(mover.registry);
		wl_display_disconnect(mover.display);
		return 3;
	}
	if (mover.options.output_index >= 0 &&
			(mover.output == NULL || mover.manager_version < 2)) {
		fprintf(stderr,
				"pointer-mover: no output %d, or the compositor "
				"cannot map a virtual pointer to one\n",
				mover.options.output_index);
		return 3;
	}
	// No seat: the compositor picks its default one.
	if (mover.output != NULL) {
		mover.pointer =
				zwlr_virtual_pointer_manager_v1_create_virtual_pointer_with_output(
						mover.manager, NULL, mover.output);
	} else {
		mover.pointer = zwlr_virtual_pointer_manager_v1_create_virtual_pointer(
				mover.manager, NULL);
	}

	int tick_fd = timer_fd_after(1.0 / mover.options.rate, true);
	int end_fd = mover.options.seconds > 0 ?
			timer_fd_after(mover.options.seconds, false) :
			-1;
	int status = 1;
	uint64_t start = now_nsec();
	if (tick_fd >= 0) {
		move(&mover);
		status = run(&mover, signal_fd, tick_fd, end_fd);
	}
	double seconds = (double)(now_nsec() - start) / 1e9;
	printf("summary events %llu seconds %.3f rate %.1f\n",
			(unsigned long long)mover.events, seconds,
			seconds > 0 ? (double)mover.events / seconds : 0.0);
	fflush(stdout);

	zwlr_virtual_pointer_v1_destroy(mover.pointer);
	zwlr_virtual_pointer_manager_v1_destroy(mover.manager);
	if (mover.output != NULL) {
		wl_output_destroy(mover.output);
	}
	wl_registry_destroy(mover.registry);
	wl_display_roundtrip(mover.display);
	wl_display_disconnect(mover.display);
	if (tick_fd >= 0) {
		close(tick_fd);
	}
	if (end_fd >= 0) {
		close(end_fd);
	}
	close(signal_fd);
	return status;
}

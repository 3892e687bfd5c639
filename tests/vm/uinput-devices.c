/*
 * The input devices of the VM test's input phase (issue 22), made with
 * uinput so that the guest's udev and libinput take them as hardware: a
 * touchpad (multitouch, two slots, left and right buttons, no clickpad)
 * and a touchscreen (multitouch, INPUT_PROP_DIRECT); with --lid instead a
 * laptop's lid switch alone (EV_SW SW_LID, open), for the session phase
 * (issue 32).
 *
 *   vm-uinput [--lid] FIFO
 *
 * Makes the devices, prints "touchpad SYSNAME" and "touchscreen SYSNAME"
 * (or "lid SYSNAME"; their /sys/devices/virtual/input names) and "ready",
 * then reads commands, one a line, from FIFO until its end:
 *
 *   tap              one finger down and up in the touchpad's centre
 *   click-left       the touchpad's left button pressed and released
 *   click-right      the same with its right button
 *   scroll DY        two fingers moved by DY touchpad units (down if > 0)
 *   touch X Y        a finger down and up at X,Y of the touchscreen (both
 *                    axes 0 to 4095)
 *   lid close|open   the lid switch shut (SW_LID 1) or opened (0)
 *
 * each answered with "done COMMAND" once its events are written. Runs as
 * root (/dev/uinput).
 */
#include <errno.h>
#include <fcntl.h>
#include <linux/uinput.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

enum {
	PAD_WIDTH = 3000,
	PAD_HEIGHT = 2000,
	PAD_RESOLUTION = 30, // units per mm: a 100 x 67 mm touchpad
	SCREEN_MAX = 4095,
	SCREEN_RESOLUTION = 16,
	SLOTS = 2,
};

static void die(const char *what) {
	fprintf(stderr, "vm-uinput: %s: %s\n", what, strerror(errno));
	exit(1);
}

static void set_bit(int fd, unsigned long request, int bit) {
	if (ioctl(fd, request, bit) < 0) {
		die("UI_SET_*BIT");
	}
}

static void abs_axis(int fd, int code, int max, int resolution) {
	struct uinput_abs_setup setup = {
		.code = code,
		.absinfo = { .maximum = max, .resolution = resolution },
	};
	set_bit(fd, UI_SET_ABSBIT, code);
	if (ioctl(fd, UI_ABS_SETUP, &setup) < 0) {
		die("UI_ABS_SETUP");
	}
}

static int create(const char *name, int product, int max_x, int max_y,
		int resolution, int prop, const int *keys, size_t key_count) {
	int fd = open("/dev/uinput", O_WRONLY | O_CLOEXEC);
	if (fd < 0) {
		die("/dev/uinput");
	}
	set_bit(fd, UI_SET_EVBIT, EV_SYN);
	set_bit(fd, UI_SET_EVBIT, EV_KEY);
	set_bit(fd, UI_SET_EVBIT, EV_ABS);
	for (size_t i = 0; i < key_count; i++) {
		set_bit(fd, UI_SET_KEYBIT, keys[i]);
	}
	set_bit(fd, UI_SET_PROPBIT, prop);
	abs_axis(fd, ABS_X, max_x, resolution);
	abs_axis(fd, ABS_Y, max_y, resolution);
	abs_axis(fd, ABS_MT_SLOT, SLOTS - 1, 0);
	abs_axis(fd, ABS_MT_TRACKING_ID, 65535, 0);
	abs_axis(fd, ABS_MT_POSITION_X, max_x, resolution);
	abs_axis(fd, ABS_MT_POSITION_Y, max_y, resolution);
	struct uinput_setup setup = {
		.id = { .bustype = BUS_USB, .vendor = 0x1d6b, .product = product },
	};
	snprintf(setup.name, sizeof(setup.name), "%s", name);
	if (ioctl(fd, UI_DEV_SETUP, &setup) < 0) {
		die("UI_DEV_SETUP");
	}
	if (ioctl(fd, UI_DEV_CREATE) < 0) {
		die("UI_DEV_CREATE");
	}
	return fd;
}

/* A lid switch as a laptop's ACPI button driver makes it: EV_SW with
 * SW_LID only, on the host bus, so that udev tags it ID_INPUT_SWITCH and
 * libinput takes it as the internal lid. It starts open. */
static int create_lid(void) {
	int fd = open("/dev/uinput", O_WRONLY | O_CLOEXEC);
	if (fd < 0) {
		die("/dev/uinput");
	}
	set_bit(fd, UI_SET_EVBIT, EV_SYN);
	set_bit(fd, UI_SET_EVBIT, EV_SW);
	set_bit(fd, UI_SET_SWBIT, SW_LID);
	struct uinput_setup setup = {
		.id = { .bustype = BUS_HOST, .vendor = 0x1d6b, .product = 0x0103 },
	};
	snprintf(setup.name, sizeof(setup.name), "gridwl-vm lid");
	if (ioctl(fd, UI_DEV_SETUP, &setup) < 0) {
		die("UI_DEV_SETUP");
	}
	if (ioctl(fd, UI_DEV_CREATE) < 0) {
		die("UI_DEV_CREATE");
	}
	return fd;
}

static void emit(int fd, int type, int code, int value) {
	struct input_event event = { .type = type, .code = code, .value = value };
	if (write(fd, &event, sizeof(event)) != sizeof(event)) {
		die("write");
	}
}

/* One hardware frame; a real touchpad sends one every 10 ms or so, and
 * libinput times taps and scrolling by the frames' times. */
static void frame(int fd) {
	emit(fd, EV_SYN, SYN_REPORT, 0);
	nanosleep(&(struct timespec){ .tv_nsec = 10 * 1000 * 1000 }, NULL);
}

static void finger(int fd, int slot, int id, int x, int y) {
	emit(fd, EV_ABS, ABS_MT_SLOT, slot);
	emit(fd, EV_ABS, ABS_MT_TRACKING_ID, id);
	if (id >= 0) {
		emit(fd, EV_ABS, ABS_MT_POSITION_X, x);
		emit(fd, EV_ABS, ABS_MT_POSITION_Y, y);
		if (slot == 0) {
			emit(fd, EV_ABS, ABS_X, x);
			emit(fd, EV_ABS, ABS_Y, y);
		}
	}
}

static int tracking_id;

static void pad_tap(int fd) {
	finger(fd, 0, ++tracking_id, PAD_WIDTH / 2, PAD_HEIGHT / 2);
	emit(fd, EV_KEY, BTN_TOUCH, 1);
	emit(fd, EV_KEY, BTN_TOOL_FINGER, 1);
	frame(fd);
	frame(fd);
	finger(fd, 0, -1, 0, 0);
	emit(fd, EV_KEY, BTN_TOUCH, 0);
	emit(fd, EV_KEY, BTN_TOOL_FINGER, 0);
	frame(fd);
}

static void pad_click(int fd, int button) {
	emit(fd, EV_KEY, button, 1);
	frame(fd);
	emit(fd, EV_KEY, button, 0);
	frame(fd);
}

/* Two fingers 30 mm apart, moved together by dy in 20 frames. */
static void pad_scroll(int fd, int dy) {
	const int x0 = PAD_WIDTH / 2 - 450, x1 = PAD_WIDTH / 2 + 450;
	const int y = PAD_HEIGHT / 2 - dy / 2, steps = 20;
	finger(fd, 0, ++tracking_id, x0, y);
	finger(fd, 1, ++tracking_id, x1, y);
	emit(fd, EV_KEY, BTN_TOUCH, 1);
	emit(fd, EV_KEY, BTN_TOOL_DOUBLETAP, 1);
	frame(fd);
	for (int i = 1; i <= steps; i++) {
		finger(fd, 0, tracking_id - 1, x0, y + dy * i / steps);
		finger(fd, 1, tracking_id, x1, y + dy * i / steps);
		frame(fd);
	}
	finger(fd, 0, -1, 0, 0);
	finger(fd, 1, -1, 0, 0);
	emit(fd, EV_KEY, BTN_TOUCH, 0);
	emit(fd, EV_KEY, BTN_TOOL_DOUBLETAP, 0);
	frame(fd);
}

static void screen_touch(int fd, int x, int y) {
	finger(fd, 0, ++tracking_id, x, y);
	emit(fd, EV_KEY, BTN_TOUCH, 1);
	frame(fd);
	finger(fd, 0, -1, 0, 0);
	emit(fd, EV_KEY, BTN_TOUCH, 0);
	frame(fd);
}

static void print_sysname(const char *what, int fd) {
	char name[64] = "";
	if (ioctl(fd, UI_GET_SYSNAME(sizeof(name)), name) < 0) {
		die("UI_GET_SYSNAME");
	}
	printf("%s %s\n", what, name);
}

/* The session phase's lid alone: its commands are "lid close|open". */
static int run_lid(const char *fifo) {
	int lid = create_lid();
	print_sysname("lid", lid);
	printf("ready\n");
	fflush(stdout);
	FILE *commands = fopen(fifo, "r");
	if (commands == NULL) {
		die(fifo);
	}
	char line[128];
	while (fgets(line, sizeof(line), commands) != NULL) {
		line[strcspn(line, "\n")] = '\0';
		bool shut = strcmp(line, "lid close") == 0;
		if (!shut && strcmp(line, "lid open") != 0) {
			printf("error unknown command %s\n", line);
			fflush(stdout);
			continue;
		}
		emit(lid, EV_SW, SW_LID, shut);
		emit(lid, EV_SYN, SYN_REPORT, 0);
		printf("done %s\n", line);
		fflush(stdout);
	}
	fclose(commands);
	ioctl(lid, UI_DEV_DESTROY);
	close(lid);
	return 0;
}

int main(int argc, char **argv) {
	if (argc == 3 && strcmp(argv[1], "--lid") == 0) {
		return run_lid(argv[2]);
	}
	if (argc != 2) {
		fprintf(stderr, "usage: vm-uinput [--lid] FIFO\n");
		return 2;
	}
	static const int pad_keys[] = {
		BTN_LEFT,
		BTN_RIGHT,
		BTN_TOUCH,
		BTN_TOOL_FINGER,
		BTN_TOOL_DOUBLETAP,
	};
	static const int screen_keys[] = { BTN_TOUCH };
	int pad = create("gridwl-vm touchpad", 0x0101, PAD_WIDTH, PAD_HEIGHT,
			PAD_RESOLUTION, INPUT_PROP_POINTER, pad_keys,
			sizeof(pad_keys) / sizeof(pad_keys[0]));
	int screen = create("gridwl-vm touchscreen", 0x0102, SCREEN_MAX, SCREEN_MAX,
			SCREEN_RESOLUTION, INPUT_PROP_DIRECT, screen_keys,
			sizeof(screen_keys) / sizeof(screen_keys[0]));
	print_sysname("touchpad", pad);
	print_sysname("touchscreen", screen);
	printf("ready\n");
	fflush(stdout);

	FILE *commands = fopen(argv[1], "r");
	if (commands == NULL) {
		die(argv[1]);
	}
	char line[128];
	while (fgets(line, sizeof(line), commands) != NULL) {
		line[strcspn(line, "\n")] = '\0';
		int x, y;
		if (strcmp(line, "tap") == 0) {
			pad_tap(pad);
		} else if (strcmp(line, "click-left") == 0) {
			pad_click(pad, BTN_LEFT);
		} else if (strcmp(line, "click-right") == 0) {
			pad_click(pad, BTN_RIGHT);
		} else if (sscanf(line, "scroll %d", &y) == 1) {
			pad_scroll(pad, y);
		} else if (sscanf(line, "touch %d %d", &x, &y) == 2 && x >= 0 &&
				x <= SCREEN_MAX && y >= 0 && y <= SCREEN_MAX) {
			screen_touch(screen, x, y);
		} else {
			printf("error unknown command %s\n", line);
			fflush(stdout);
			continue;
		}
		printf("done %s\n", line);
		fflush(stdout);
	}
	fclose(commands);
	ioctl(pad, UI_DEV_DESTROY);
	ioctl(screen, UI_DEV_DESTROY);
	close(pad);
	close(screen);
	return 0;
}

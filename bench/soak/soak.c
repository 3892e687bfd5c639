#include <dirent.h>
#include <inttypes.h>
#include <json-c/json.h>
#include <math.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "check.h"
#include "harness.h"
#include "run-gridwl.h"

/*
 * bench/soak: a gridwl session that runs for a long time (issue 34). A
 * headless gridwl with HEADLESS-1 (scale 1) and HEADLESS-2 (scale 2, the
 * mixed layout of the tests) while, every second or so, chosen by a seeded
 * random: windows of random sizes and buffer scales open and close (some
 * with a subsurface, some asked to quit, some killed), popups open and
 * close on them, layer surfaces (with popups) come and go, X11 windows and
 * override-redirect menus come and go, a headless output of random scale is
 * added and removed, HEADLESS-2's scale changes, and a virtual pointer
 * (bench/compositor/pointer-mover) circles over the layout the whole time.
 * A resident pattern-client and a resident X11 window stay for the whole
 * run, the first getting popups and scale changes.
 *
 * Every SOAK_INTERVAL seconds (30) the churn pauses at a quiet point: the
 * churning clients are closed, the extra output removed and HEADLESS-2 put
 * back at scale 2, so that every sample measures the same session. A sample
 * is gridwl's RSS (VmRSS) and open fds (/proc), the resample cache's bytes
 * (gridctl stats), the clients and the protocol objects each holds
 * (gridctl clients) and the compositor's CPU time per presented frame of
 * HEADLESS-1 and HEADLESS-2 since the previous sample (the frame time).
 *
 * At the end it prints the least-squares slope of each after the warm-up
 * (SOAK_WARMUP seconds, default a third of the run, at most 120) and fails
 * when the fitted line of RSS rises by more than SOAK_RSS_BOUND_KIB (4096;
 * not under AddressSanitizer, see RSS_BOUNDED) or that of the fds by more
 * than 2 from the end of the warm-up to the end, or when gridwl does not
 * exit cleanly (LeakSanitizer's report at its exit, under ASan).
 *
 * Environment: SOAK_MINUTES (10, may be fractional), SOAK_INTERVAL,
 * SOAK_WARMUP, SOAK_SEED (1: the same seed makes the same run),
 * SOAK_RSS_BOUND_KIB; the binaries as meson hands them to the tests
 * (GRIDWL_BIN, GRIDCTL_BIN, PATTERN_CLIENT_BIN, LAYER_CLIENT_BIN,
 * X11_PATTERN_CLIENT_BIN, POINTER_MOVER_BIN). bench/soak/run sets them.
 */

/* Under AddressSanitizer freed memory waits in its quarantine, so RSS
 * grows whatever gridwl does: there the leak check is LeakSanitizer's, at
 * gridwl's exit, and RSS is only reported. The soak and gridwl are built
 * alike. */
#if defined(__SANITIZE_ADDRESS__)
#define RSS_BOUNDED false
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define RSS_BOUNDED false
#endif
#endif
#ifndef RSS_BOUNDED
#define RSS_BOUNDED true
#endif

#define CHURN_MAX 8
#define SAMPLES_MAX 4096
#define FD_BOUND 2.0

enum churn_kind {
	CHURN_WINDOW,
	CHURN_LAYER,
	CHURN_X11,
};

struct churn_client {
	struct harness_client *client; // NULL: a free slot
	enum churn_kind kind;
	int64_t end_ms;
	bool popup;
};

struct sample {
	double seconds;
	double rss_kib, fds, cache_bytes, clients, resources, resident_resources;
	double cpu_ms_per_frame; // < 0: no frame since the previous sample
};

struct soak {
	struct harness *h;
	uint64_t rng;
	struct churn_client churn[CHURN_MAX];
	struct harness_client *resident, *resident_x11, *mover;
	bool resident_popup;
	char display_env[64]; // DISPLAY=:N
	char extra_output[64]; // "" when there is none
	int64_t extra_until_ms;
	int headless2_scale;
	int next_id;
	int64_t start_ms;
	int64_t last_cpu_ticks, last_frames;
	struct sample samples[SAMPLES_MAX];
	int sample_count;
	long actions;
};

/* splitmix64: the run is a function of the seed alone. */
static uint64_t rng_next(struct soak *s) {
	uint64_t z = (s->rng += 0x9e3779b97f4a7c15u);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
	return z ^ (z >> 31);
}

/* A number in [low, high]. */
static int rng_range(struct soak *s, int low, int high) {
	return low + (int)(rng_next(s) % (uint64_t)(high - low + 1));
}

static double env_double(const char *name, double fallback) {
	const char *text = getenv(name);
	char *end;
	double value = text != NULL ? strtod(text, &end) : fallback;
	if (text != NULL && (end == text || *end != '\0' || !(value >= 0))) {
		fprintf(stderr, "soak: %s is not a number: '%s'\n", name, text);
		exit(2);
	}
	return value;
}

/* Reads what is there in every client's stdout, which nobody else reads:
 * a full pipe would block the client. */
static void drain(struct harness_client *c) {
	char *line;
	while (c != NULL && (line = harness_client_next_line(c, 0)) != NULL) {
		free(line);
	}
}

static struct churn_client *free_slot(struct soak *s) {
	for (int i = 0; i < CHURN_MAX; i++) {
		if (s->churn[i].client == NULL) {
			return &s->churn[i];
		}
	}
	return NULL;
}

static struct churn_client *random_window(struct soak *s) {
	int start = rng_range(s, 0, CHURN_MAX - 1);
	for (int i = 0; i < CHURN_MAX; i++) {
		struct churn_client *c = &s->churn[(start + i) % CHURN_MAX];
		if (c->client != NULL && c->kind == CHURN_WINDOW) {
			return c;
		}
	}
	return NULL;
}

/* Half are asked to quit, the others killed: a client that disconnects
 * without destroying anything. */
static void close_churn(struct soak *s, struct churn_client *c, bool polite) {
	if (polite) {
		harness_client_send(c->client, "quit");
		if (harness_client_wait_exit(c->client, 2000) < 0) {
			fprintf(stderr, "soak: a client did not quit\n");
		}
	}
	harness_client_kill(c->client);
	c->client = NULL;
}

static void open_window(struct soak *s, struct churn_client *slot) {
	char size[32], scale[8], app_id[32], subsurface[64];
	int width = rng_range(s, 40, 500), height = rng_range(s, 30, 400);
	snprintf(size, sizeof(size), "%dx%d", width, height);
	snprintf(scale, sizeof(scale), "%d", rng_range(s, 1, 3));
	snprintf(app_id, sizeof(app_id), "soak-%d", s->next_id++);
	const char *args[12] = { "--size", size, "--scale", scale, "--app-id",
		app_id, "--pattern", rng_range(s, 0, 1) ? "checker" : "coords" };
	int n = 8;
	if (rng_range(s, 0, 3) == 0) {
		snprintf(subsurface, sizeof(subsurface), "%d,%d,%dx%d,%d",
				rng_range(s, -10, width), rng_range(s, -10, height),
				rng_range(s, 8, 120), rng_range(s, 8, 120), rng_range(s, 1, 3));
		args[n++] = "--subsurface";
		args[n++] = subsurface;
	}
	args[n] = NULL;
	slot->client = harness_spawn_pattern_client(s->h, app_id, args);
	slot->kind = CHURN_WINDOW;
	slot->popup = false;
	slot->end_ms = harness_now_ms() + rng_range(s, 1000, 15000);
}

static void open_layer(struct soak *s, struct churn_client *slot) {
	static const char *const layers[] = { "background", "bottom", "top",
		"overlay" };
	static const char *const anchors[] = { "top", "bottom", "left", "right",
		"top,left,right", "none" };
	char size[32], scale[8], output[8], popup[64];
	snprintf(size, sizeof(size), "%dx%d", rng_range(s, 20, 300),
			rng_range(s, 20, 200));
	snprintf(scale, sizeof(scale), "%d", rng_range(s, 1, 3));
	snprintf(output, sizeof(output), "%d", rng_range(s, 0, 1));
	const char *argv[16] = { getenv("LAYER_CLIENT_BIN"), "--layer",
		layers[rng_range(s, 0, 3)], "--anchor", anchors[rng_range(s, 0, 5)],
		"--size", size, "--scale", scale, "--output", output, "--keyboard",
		"none" };
	int n = 13;
	if (rng_range(s, 0, 2) == 0) {
		snprintf(popup, sizeof(popup), "%d,%d,%dx%d", rng_range(s, 0, 20),
				rng_range(s, 0, 20), rng_range(s, 10, 150),
				rng_range(s, 10, 150));
		argv[n++] = "--popup";
		argv[n++] = popup;
	}
	argv[n] = NULL;
	slot->client = harness_spawn(s->h, "layer", argv);
	slot->kind = CHURN_LAYER;
	slot->end_ms = harness_now_ms() + rng_range(s, 1000, 10000);
}

static void open_x11(struct soak *s, struct churn_client *slot) {
	char width[8], height[8], x[8], y[8];
	snprintf(width, sizeof(width), "%d", rng_range(s, 20, 600));
	snprintf(height, sizeof(height), "%d", rng_range(s, 20, 400));
	snprintf(x, sizeof(x), "%d", rng_range(s, 0, 1200));
	snprintf(y, sizeof(y), "%d", rng_range(s, 0, 400));
	// One in three is override-redirect, as menus and tooltips are.
	bool menu = rng_range(s, 0, 2) == 0;
	// The harness gives children no DISPLAY of their own.
	const char *argv[] = { "env", s->display_env,
		getenv("X11_PATTERN_CLIENT_BIN"), width, height, "checker",
		menu ? x : NULL, y, NULL };
	slot->client = harness_spawn(s->h, "x11", argv);
	slot->kind = CHURN_X11;
	slot->end_ms = harness_now_ms() + rng_range(s, 1000, 12000);
}

static bool set_headless2_scale(struct soak *s, int scale) {
	char text[8];
	snprintf(text, sizeof(text), "%d", scale);
	struct json_object *reply = harness_gridctl_ok(s->h, "output", "HEADLESS-2",
			"scale", text, NULL);
	json_object_put(reply);
	s->headless2_scale = scale;
	return reply != NULL;
}

static bool remove_extra_output(struct soak *s) {
	if (s->extra_output[0] == '\0') {
		return true;
	}
	struct json_object *reply =
			harness_gridctl_ok(s->h, "destroy-output", s->extra_output, NULL);
	json_object_put(reply);
	s->extra_output[0] = '\0';
	return reply != NULL;
}

/* One step of the churn, chosen by the seed. */
static bool churn_step(struct soak *s) {
	int64_t now = harness_now_ms();
	for (int i = 0; i < CHURN_MAX; i++) {
		struct churn_client *c = &s->churn[i];
		drain(c->client);
		if (c->client != NULL &&
				(now >= c->end_ms || !harness_client_running(c->client))) {
			close_churn(s, c, rng_range(s, 0, 1));
		}
	}
	drain(s->resident);
	drain(s->resident_x11);
	if (s->extra_output[0] != '\0' && now >= s->extra_until_ms &&
			!remove_extra_output(s)) {
		return false;
	}
	s->actions++;
	int roll = rng_range(s, 0, 99);
	struct churn_client *slot = free_slot(s);
	if (roll < 30) {
		if (slot != NULL) {
			open_window(s, slot);
		}
	} else if (roll < 42) {
		if (slot != NULL) {
			open_layer(s, slot);
		}
	} else if (roll < 54) {
		if (slot != NULL) {
			open_x11(s, slot);
		}
	} else if (roll < 68) {
		// A popup on a window (or on the resident one), or its closing.
		struct churn_client *window = random_window(s);
		struct harness_client *target =
				window != NULL ? window->client : s->resident;
		bool *open = window != NULL ? &window->popup : &s->resident_popup;
		bool is_open = *open;
		if (is_open) {
			harness_client_send(target, "popup-close");
		} else {
			harness_client_send(target, "popup %d %d %d %d",
					rng_range(s, 0, 100), rng_range(s, 0, 60),
					rng_range(s, 10, 300), rng_range(s, 10, 200));
		}
		*open = !is_open;
	} else if (roll < 76) {
		if (s->extra_output[0] == '\0') {
			char mode[32], scale[8];
			snprintf(mode, sizeof(mode), "%dx%d", 320 * rng_range(s, 1, 4),
					240 * rng_range(s, 1, 4));
			snprintf(scale, sizeof(scale), "%d", rng_range(s, 1, 3));
			struct json_object *reply = harness_gridctl_ok(s->h,
					"create-output", mode, "scale", scale, NULL);
			struct json_object *name =
					json_path(reply, "name", json_type_string);
			if (name == NULL) {
				json_object_put(reply);
				return false;
			}
			snprintf(s->extra_output, sizeof(s->extra_output), "%s",
					json_object_get_string(name));
			json_object_put(reply);
			s->extra_until_ms = now + rng_range(s, 2000, 10000);
		}
	} else if (roll < 84) {
		if (!set_headless2_scale(s, rng_range(s, 1, 3))) {
			return false;
		}
	} else if (roll < 92) {
		// A window (or the resident one) redrawn at another buffer scale.
		struct churn_client *window = random_window(s);
		harness_client_send(window != NULL ? window->client : s->resident,
				"scale %d", rng_range(s, 1, 3));
	} else {
		// The pointer jumps (a warp, a touch screen) besides circling.
		char x[8], y[8];
		snprintf(x, sizeof(x), "%d", rng_range(s, 0, 1100));
		snprintf(y, sizeof(y), "%d", rng_range(s, 0, 400));
		struct json_object *reply =
				harness_gridctl(s->h, NULL, "pointer", x, y, NULL);
		json_object_put(reply);
	}
	harness_sleep_ms(rng_range(s, 100, 1200));
	return true;
}

/* "VmRSS:" of /proc/PID/status in KiB, -1 when unreadable. */
static double rss_kib(pid_t pid) {
	char path[64], line[256];
	snprintf(path, sizeof(path), "/proc/%d/status", (int)pid);
	FILE *f = fopen(path, "r");
	double kib = -1;
	while (f != NULL && fgets(line, sizeof(line), f) != NULL) {
		if (strncmp(line, "VmRSS:", 6) == 0) {
			kib = strtod(line + 6, NULL);
		}
	}
	if (f != NULL) {
		fclose(f);
	}
	return kib;
}

static double open_fds(pid_t pid) {
	char path[64];
	snprintf(path, sizeof(path), "/proc/%d/fd", (int)pid);
	DIR *dir = opendir(path);
	if (dir == NULL) {
		return -1;
	}
	double count = 0;
	struct dirent *entry;
	while ((entry = readdir(dir)) != NULL) {
		count += entry->d_name[0] != '.';
	}
	closedir(dir);
	return count;
}

/* utime + stime of /proc/PID/stat, in clock ticks. */
static int64_t cpu_ticks(pid_t pid) {
	char path[64], text[1024];
	snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
	FILE *f = fopen(path, "r");
	if (f == NULL) {
		return -1;
	}
	size_t n = fread(text, 1, sizeof(text) - 1, f);
	fclose(f);
	text[n] = '\0';
	const char *after = strrchr(text, ')');
	long long utime, stime;
	// After the name: state and 10 fields, then utime and stime.
	if (after == NULL ||
			sscanf(after + 2,
					"%*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u "
					"%lld %lld",
					&utime, &stime) != 2) {
		return -1;
	}
	return utime + stime;
}

/* The frames HEADLESS-1 and HEADLESS-2 presented so far. */
static int64_t frames(struct soak *s) {
	struct json_object *reply = harness_gridctl_ok(s->h, "outputs", NULL);
	struct json_object *outputs = json_path(reply, "outputs", json_type_array);
	int64_t total = 0;
	for (size_t i = 0; outputs != NULL && i < json_object_array_length(outputs);
			i++) {
		struct json_object *output = json_object_array_get_idx(outputs, i);
		struct json_object *name = json_path(output, "name", json_type_string);
		struct json_object *count = json_path(output, "frames", json_type_int);
		const char *text = name != NULL ? json_object_get_string(name) : "";
		if (count != NULL &&
				(strcmp(text, "HEADLESS-1") == 0 ||
						strcmp(text, "HEADLESS-2") == 0)) {
			total += json_object_get_int64(count);
		}
	}
	json_object_put(reply);
	return total;
}

/* The churn closed, the outputs as at the start, the resident clients
 * alone: gridctl clients until it lists no more than them. */
static bool quiet_point(struct soak *s) {
	for (int i = 0; i < CHURN_MAX; i++) {
		if (s->churn[i].client != NULL) {
			close_churn(s, &s->churn[i], false);
		}
	}
	if (s->resident_popup) {
		harness_client_send(s->resident, "popup-close");
		s->resident_popup = false;
	}
	if (!remove_extra_output(s) ||
			(s->headless2_scale != 2 && !set_headless2_scale(s, 2))) {
		return false;
	}
	// The resident clients, the pointer and Xwayland.
	int64_t deadline = harness_now_ms() + HARNESS_TIMEOUT_MS;
	while (true) {
		struct json_object *reply = harness_gridctl_ok(s->h, "clients", NULL);
		struct json_object *clients =
				json_path(reply, "clients", json_type_array);
		size_t count = clients != NULL ? json_object_array_length(clients) : 0;
		json_object_put(reply);
		if (clients != NULL && count <= 3) {
			break;
		}
		if (harness_now_ms() >= deadline) {
			fprintf(stderr, "soak: %zu clients still there at a quiet point\n",
					count);
			return false;
		}
		harness_sleep_ms(50);
	}
	// Frames already asked for are drawn.
	harness_sleep_ms(300);
	drain(s->resident);
	drain(s->resident_x11);
	return true;
}

static bool take_sample(struct soak *s) {
	if (s->sample_count == SAMPLES_MAX) {
		return true;
	}
	pid_t pid = harness_pid(s->h);
	struct sample *sample = &s->samples[s->sample_count];
	sample->seconds = (harness_now_ms() - s->start_ms) / 1000.0;
	sample->rss_kib = rss_kib(pid);
	sample->fds = open_fds(pid);
	struct json_object *stats = harness_gridctl_ok(s->h, "stats", NULL);
	struct json_object *cache =
			json_path(stats, "resample_cache_bytes", json_type_int);
	sample->cache_bytes = cache != NULL ? json_object_get_int64(cache) : -1;
	json_object_put(stats);
	struct json_object *reply = harness_gridctl_ok(s->h, "clients", NULL);
	struct json_object *clients = json_path(reply, "clients", json_type_array);
	if (sample->rss_kib < 0 || sample->fds < 0 || cache == NULL ||
			clients == NULL) {
		json_object_put(reply);
		fprintf(stderr, "soak: cannot read gridwl's figures\n");
		return false;
	}
	char detail[512] = "";
	size_t used = 0;
	sample->clients = json_object_array_length(clients);
	sample->resources = 0;
	sample->resident_resources = -1;
	for (size_t i = 0; i < json_object_array_length(clients); i++) {
		struct json_object *client = json_object_array_get_idx(clients, i);
		struct json_object *command =
				json_path(client, "command", json_type_string);
		struct json_object *resources =
				json_path(client, "resources", json_type_int);
		int64_t count =
				resources != NULL ? json_object_get_int64(resources) : 0;
		const char *name =
				command != NULL ? json_object_get_string(command) : "?";
		sample->resources += count;
		if (strcmp(name, "pattern-client") == 0) {
			sample->resident_resources = count;
		}
		if (used < sizeof(detail)) {
			used += snprintf(detail + used, sizeof(detail) - used,
					" %s:%" PRId64, name, count);
		}
	}
	json_object_put(reply);
	int64_t ticks = cpu_ticks(pid), frame_count = frames(s);
	sample->cpu_ms_per_frame = frame_count > s->last_frames ?
			(ticks - s->last_cpu_ticks) * 1000.0 / sysconf(_SC_CLK_TCK) /
					(frame_count - s->last_frames) :
			-1;
	s->last_cpu_ticks = ticks;
	s->last_frames = frame_count;
	printf("sample t=%.0f rss_kib=%.0f fds=%.0f resample_cache_bytes=%.0f "
		   "frames=%" PRId64 " cpu_ms_per_frame=%.3f clients=%.0f "
		   "resources=%.0f per_client:%s\n",
			sample->seconds, sample->rss_kib, sample->fds, sample->cache_bytes,
			frame_count, sample->cpu_ms_per_frame, sample->clients,
			sample->resources, detail);
	fflush(stdout);
	s->sample_count++;
	return true;
}

/* The least-squares slope of the field at offset over the samples from
 * first on, per second; false with fewer than two. */
static bool slope(const struct soak *s, int first, size_t offset, double *out) {
	double n = 0, st = 0, sy = 0, stt = 0, sty = 0;
	for (int i = first; i < s->sample_count; i++) {
		double t = s->samples[i].seconds;
		double y = *(const double *)((const char *)&s->samples[i] + offset);
		if (y < 0) {
			continue;
		}
		n++;
		st += t;
		sy += y;
		stt += t * t;
		sty += t * y;
	}
	if (n < 2 || n * stt - st * st == 0) {
		return false;
	}
	*out = (n * sty - st * sy) / (n * stt - st * st);
	return true;
}

static bool report(const struct soak *s, double warmup, double rss_bound) {
	int first = 0;
	while (first < s->sample_count && s->samples[first].seconds < warmup) {
		first++;
	}
	if (s->sample_count - first < 2) {
		fprintf(stderr, "soak: fewer than two samples after the warm-up\n");
		return false;
	}
	double span =
			s->samples[s->sample_count - 1].seconds - s->samples[first].seconds;
	static const struct {
		const char *name;
		size_t offset;
	} fields[] = {
		{ "rss_kib", offsetof(struct sample, rss_kib) },
		{ "fds", offsetof(struct sample, fds) },
		{ "resample_cache_bytes", offsetof(struct sample, cache_bytes) },
		{ "resources", offsetof(struct sample, resources) },
		{ "resident_resources", offsetof(struct sample, resident_resources) },
		{ "cpu_ms_per_frame", offsetof(struct sample, cpu_ms_per_frame) },
	};
	double rss = 0, fds = 0;
	printf("after the warm-up (%.0f s, %d samples over %.0f s), per hour:",
			warmup, s->sample_count - first, span);
	for (size_t i = 0; i < sizeof(fields) / sizeof(fields[0]); i++) {
		double per_second = 0;
		bool ok = slope(s, first, fields[i].offset, &per_second);
		printf(" %s=%s%.3f", fields[i].name,
				ok ? "" : "n/a:", per_second * 3600);
		if (i == 0) {
			rss = per_second;
		} else if (i == 1) {
			fds = per_second;
		}
	}
	printf("\n");
	const struct sample *a = &s->samples[first],
						*b = &s->samples[s->sample_count - 1];
	printf("first/last after warm-up: rss_kib %.0f -> %.0f, fds %.0f -> %.0f, "
		   "resample_cache_bytes %.0f -> %.0f, actions %ld\n",
			a->rss_kib, b->rss_kib, a->fds, b->fds, a->cache_bytes,
			b->cache_bytes, s->actions);
	bool passed = true;
	if (RSS_BOUNDED && rss * span > rss_bound) {
		printf("FAIL: RSS grows by %.0f KiB over %.0f s after the warm-up "
			   "(bound %.0f KiB)\n",
				rss * span, span, rss_bound);
		passed = false;
	}
	if (fds * span > FD_BOUND) {
		printf("FAIL: open fds grow by %.1f over %.0f s after the warm-up "
			   "(bound %.0f)\n",
				fds * span, span, FD_BOUND);
		passed = false;
	}
	return passed;
}

static bool start_residents(struct soak *s) {
	const char *args[] = { "--size", "300x200", "--scale", "2", "--app-id",
		"soak-resident", NULL };
	s->resident = harness_spawn_pattern_client(s->h, "resident", args);
	struct json_object *stats = harness_gridctl_ok(s->h, "stats", NULL);
	bool x11 =
			xwayland_display_env(stats, s->display_env, sizeof(s->display_env));
	json_object_put(stats);
	if (!x11) {
		fprintf(stderr, "soak: gridwl runs no Xwayland\n");
		return false;
	}
	const char *x11_argv[] = { "env", s->display_env,
		getenv("X11_PATTERN_CLIENT_BIN"), "200", "150", NULL };
	s->resident_x11 = harness_spawn(s->h, "resident-x11", x11_argv);
	const char *mover_argv[] = { getenv("POINTER_MOVER_BIN"), "--extent",
		"1280x480", "--rate", "60", "--period", "7", NULL };
	s->mover = harness_spawn(s->h, "pointer", mover_argv);
	if (s->resident == NULL || s->resident_x11 == NULL || s->mover == NULL) {
		return false;
	}
	char *ready =
			harness_client_wait_line(s->resident, "ready", HARNESS_TIMEOUT_MS);
	char *drawn = harness_client_wait_line(s->resident_x11, "drawn",
			HARNESS_TIMEOUT_MS);
	bool ok = ready != NULL && drawn != NULL;
	free(ready);
	free(drawn);
	return ok;
}

int main(void) {
	const char *bins[] = { "GRIDWL_BIN", "GRIDCTL_BIN", "PATTERN_CLIENT_BIN",
		"LAYER_CLIENT_BIN", "X11_PATTERN_CLIENT_BIN", "POINTER_MOVER_BIN" };
	for (size_t i = 0; i < sizeof(bins) / sizeof(bins[0]); i++) {
		if (getenv(bins[i]) == NULL) {
			fprintf(stderr, "soak: %s is not set (bench/soak/run sets it)\n",
					bins[i]);
			return 2;
		}
	}
	double seconds = env_double("SOAK_MINUTES", 10) * 60;
	double interval = env_double("SOAK_INTERVAL", 30);
	double warmup = env_double("SOAK_WARMUP", fmin(seconds / 3, 120));
	double rss_bound = env_double("SOAK_RSS_BOUND_KIB", 4096);
	struct soak *s = calloc(1, sizeof(*s));
	s->rng = (uint64_t)env_double("SOAK_SEED", 1);
	s->headless2_scale = 2;
	printf("soak: %.0f s, a sample every %.0f s, warm-up %.0f s, seed %" PRIu64
		   ", RSS bound %.0f KiB%s, fd bound %.0f\n",
			seconds, interval, warmup, s->rng, rss_bound,
			RSS_BOUNDED ? "" : " (not applied: AddressSanitizer)", FD_BOUND);
	char *dir = harness_mkdtemp();
	const char *args[] = { "--output",
		"HEADLESS-1 mode 640x480 scale 1 position 0,0", "--output",
		"HEADLESS-2 mode 1280x960 scale 2 position 640,0", NULL };
	s->h = dir != NULL ? start_gridwl_with_xwayland(dir, args) : NULL;
	bool ok = s->h != NULL && start_residents(s);
	s->start_ms = harness_now_ms();
	if (ok) {
		s->last_cpu_ticks = cpu_ticks(harness_pid(s->h));
		s->last_frames = frames(s);
	}
	int64_t end_ms = s->start_ms + (int64_t)(seconds * 1000);
	int64_t next_sample_ms = s->start_ms + (int64_t)(interval * 1000);
	while (ok && harness_now_ms() < end_ms + 1000) {
		if (harness_now_ms() >= next_sample_ms) {
			ok = quiet_point(s) && take_sample(s);
			next_sample_ms += (int64_t)(interval * 1000);
			if (next_sample_ms > end_ms + 1000) {
				break;
			}
		} else {
			ok = churn_step(s);
		}
	}
	ok = ok && report(s, warmup, rss_bound);
	if (s->h != NULL) {
		// harness_stop is false for a failed run too: only an unclean
		// exit of a run that passed is worth its own line.
		if (!harness_stop(s->h, ok) && ok) {
			printf("FAIL: gridwl did not exit cleanly (see its log above)\n");
			ok = false;
		}
	}
	if (dir != NULL) {
		harness_remove_tree(dir);
		free(dir);
	}
	free(s);
	printf("%s\n", ok ? "PASS" : "FAIL");
	return ok ? 0 : 1;
}

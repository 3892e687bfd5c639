#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <wayland-client.h>
#include "fuzz-protocol.h"

/*
 * protocol-fuzz --seed N --iterations M: the loop. Requests go in batches
 * of random length between round trips; the state the choices depend on
 * is what the compositor answered by the last round trip, so one seed
 * makes (nearly) the same requests each run against the same compositor;
 * frame callbacks and the like come when they come. A deliberate
 * protocol error, an unexpected one or a hang-up ends the connection and
 * the fuzzer connects again; a compositor that cannot be reached any more
 * or stops answering ends the run with status 1.
 */

static const char usage[] =
		"Usage: protocol-fuzz [options]\n"
		"\n"
		"Sends the compositor of $WAYLAND_DISPLAY random but well-formed requests\n"
		"from a seed, reproducibly, and destroys objects at the worst moments.\n"
		"\n"
		"  --seed N             seed (default 1)\n"
		"  --iterations M       operations to make, over all connections\n"
		"                       (default 1000)\n"
		"  --error-percent P    chance of a deliberate protocol error per operation\n"
		"                       (default 2; 0 for none)\n"
		"  --no-output-management  leave the outputs as they are\n"
		"  --no-pointer         no virtual pointer\n"
		"  --remote-seat        also a remote desktop's transient seat kept over\n"
		"                       several operations, with a virtual pointer of its\n"
		"                       own (another sequence for the same seed)\n"
		"  --skip OP[,OP]...    operations not to make (a wrong name lists them)\n"
		"  --error CASE         the only deliberate protocol error to make (a wrong\n"
		"                       name lists them)\n"
		"  --known-crashes[=NAME,...]\n"
		"                       also make what is known to crash gridwl (all, or\n"
		"                       the ones named; a wrong name lists them; see\n"
		"                       tests/fuzz/README.md)\n"
		"  --strict             exit 3 when a protocol error came that was not\n"
		"                       asked for, or a deliberate one with the wrong\n"
		"                       interface or code\n"
		"  --timeout-ms T       a round trip longer than this means the compositor\n"
		"                       hangs (default 20000)\n"
		"  --trace              every request on stderr as it is made\n"
		"  --frame-probe N      no fuzzing: show a window for N frames, each with a\n"
		"                       frame callback; exit 1 unless all are answered\n"
		"  -h, --help           this help\n"
		"\n"
		"Prints one line of counts at the end. Exit status: 0 done, 1 the\n"
		"compositor died or hung (the last requests are on stderr), 2 bad usage\n"
		"or no compositor to start with, 3 unexpected or wrong protocol errors\n"
		"(--strict).\n";

#define LOG_LINES 64
#define LOG_WIDTH 200

static char log_ring[LOG_LINES][LOG_WIDTH];
static uint64_t log_count;

void fz_log(struct fz *fz, const char *fmt, ...) {
	char *line = log_ring[log_count++ % LOG_LINES];
	int n = snprintf(line, LOG_WIDTH, "[%" PRIu64 "] ", fz->stats.ops);
	va_list args;
	va_start(args, fmt);
	vsnprintf(line + n, LOG_WIDTH - (size_t)n, fmt, args);
	va_end(args);
	if (fz->options.trace) {
		fprintf(stderr, "%s\n", line);
	}
}

void fz_dump_log(struct fz *fz) {
	if (fz->options.trace) {
		return;
	}
	uint64_t first = log_count > LOG_LINES ? log_count - LOG_LINES : 0;
	fprintf(stderr, "protocol-fuzz: the last requests (seed %" PRIu64 "):\n",
			fz->options.seed);
	for (uint64_t i = first; i < log_count; i++) {
		fprintf(stderr, "  %s\n", log_ring[i % LOG_LINES]);
	}
}

/* known: a known crash (enum fz_known), made only with --known-crashes. */
struct op {
	const char *name;
	int weight;
	bool (*run)(struct fz *fz);
	uint32_t known;
};

static const struct op ops[] = {
	{ "pool-create", 4, fz_shm_create_pool, 0 },
	{ "pool-resize", 2, fz_shm_resize_pool, 0 },
	{ "pool-destroy", 2, fz_shm_destroy_pool, 0 },
	{ "buffer-create", 8, fz_shm_create_buffer, 0 },
	{ "buffer-destroy", 4, fz_shm_destroy_buffer, 0 },
	{ "surface-create", 3, fz_surface_op_create, 0 },
	{ "surface-destroy", 3, fz_surface_op_destroy, 0 },
	{ "attach", 10, fz_surface_op_attach, 0 },
	{ "damage", 6, fz_surface_op_damage, 0 },
	{ "scale", 4, fz_surface_op_scale, 0 },
	{ "transform", 3, fz_surface_op_transform, 0 },
	{ "frame", 6, fz_surface_op_frame, 0 },
	{ "regions", 3, fz_surface_op_regions, 0 },
	{ "commit", 8, fz_surface_op_commit, 0 },
	{ "viewport", 4, fz_surface_op_viewport, 0 },
	{ "cursor", 2, fz_surface_op_cursor, 0 },
	{ "subsurface-create", 4, fz_subsurface_op_create, 0 },
	{ "subsurface-position", 3, fz_subsurface_op_position, 0 },
	{ "subsurface-restack", 3, fz_subsurface_op_restack, 0 },
	{ "subsurface-sync", 2, fz_subsurface_op_sync, 0 },
	{ "subsurface-destroy", 2, fz_subsurface_op_destroy, 0 },
	{ "toplevel", 6, fz_xdg_op_toplevel, 0 },
	{ "popup", 5, fz_xdg_op_popup, 0 },
	{ "ack", 12, fz_xdg_op_ack, 0 },
	{ "toplevel-state", 8, fz_xdg_op_toplevel_state, 0 },
	{ "window-geometry", 3, fz_xdg_op_geometry, 0 },
	{ "destroy-role", 4, fz_xdg_op_destroy_role, 0 },
	{ "interactive", 2, fz_xdg_op_interactive, 0 },
	{ "interactive-unmapped", 1, fz_xdg_op_interactive_unmapped, 0 },
	{ "layer-surface", 3, fz_layer_op_create, 0 },
	{ "layer-state", 4, fz_layer_op_state, 0 },
	{ "layer-destroy", 1, fz_layer_op_destroy, 0 },
	{ "output-configuration", 2, fz_output_op_configure, 0 },
	{ "data-source", 2, fz_data_op_source, 0 },
	{ "selection", 2, fz_data_op_selection, 0 },
	{ "destroy-source", 1, fz_data_op_destroy_source, 0 },
	{ "receive", 1, fz_data_op_receive, 0 },
	{ "pointer-motion", 4, fz_pointer_op_motion, 0 },
	{ "pointer-button", 3, fz_pointer_op_button, 0 },
	{ "surface-extension", 3, fz_desktop_op_surface_extension, 0 },
	{ "pointer-extension", 1, fz_desktop_op_pointer_extension, 0 },
	{ "activation", 1, fz_desktop_op_activation, 0 },
	{ "foreign", 1, fz_desktop_op_foreign, 0 },
	{ "virtual-keyboard", 1, fz_desktop_op_virtual_keyboard, 0 },
	{ "single-pixel-buffer", 1, fz_desktop_op_buffers, 0 },
	{ "presentation", 2, fz_desktop_op_presentation, 0 },
	{ "seats", 1, fz_desktop_op_seats, 0 },
	{ "gamma", 1, fz_desktop_op_gamma, 0 },
	{ "export-dmabuf", 1, fz_desktop_op_export_dmabuf, 0 },
	{ "text-input", 1, fz_desktop_op_text_input, 0 },
	{ "input-method", 1, fz_desktop_op_input_method, 0 },
	{ "toplevel-list", 1, fz_desktop_op_toplevel_list, 0 },
};

/* The names of enum fz_known for --known-crashes; README.md has the
 * details. */
static const struct {
	const char *name;
	uint32_t known;
	const char *what;
} known_crashes[] = {
	{ "none", FZ_KNOWN_NONE, "nothing is known to crash gridwl now" },
};

/* --known-crashes[=NAME,...]: all, or the ones named. */
static bool parse_known(const char *list, uint32_t *out) {
	size_t n_known = sizeof(known_crashes) / sizeof(known_crashes[0]);
	*out = 0;
	if (list == NULL) {
		for (size_t i = 0; i < n_known; i++) {
			*out |= known_crashes[i].known;
		}
		return true;
	}
	while (*list != '\0') {
		const char *end = strchr(list, ',');
		size_t n = end != NULL ? (size_t)(end - list) : strlen(list);
		size_t i = 0;
		while (i < n_known &&
				!(strlen(known_crashes[i].name) == n &&
						strncmp(known_crashes[i].name, list, n) == 0)) {
			i++;
		}
		if (i == n_known) {
			fprintf(stderr, "unknown known crash: %.*s; they are:\n", (int)n,
					list);
			for (i = 0; i < n_known; i++) {
				fprintf(stderr, "  %-14s %s\n", known_crashes[i].name,
						known_crashes[i].what);
			}
			return false;
		}
		*out |= known_crashes[i].known;
		list = end != NULL ? end + 1 : list + n;
	}
	return true;
}

static bool skipped(const struct fz *fz, const char *name) {
	const char *list = fz->options.skip;
	size_t len = strlen(name);
	while (list != NULL && *list != '\0') {
		const char *end = strchr(list, ',');
		size_t n = end != NULL ? (size_t)(end - list) : strlen(list);
		if (n == len && strncmp(list, name, n) == 0) {
			return true;
		}
		list = end != NULL ? end + 1 : NULL;
	}
	return false;
}

/* Every name in --skip is an operation's. */
static bool check_skip(const char *list) {
	while (list != NULL && *list != '\0') {
		const char *end = strchr(list, ',');
		size_t n = end != NULL ? (size_t)(end - list) : strlen(list);
		bool found = false;
		for (size_t i = 0; i < sizeof(ops) / sizeof(ops[0]); i++) {
			found = found ||
					(strlen(ops[i].name) == n &&
							strncmp(ops[i].name, list, n) == 0);
		}
		if (!found) {
			fprintf(stderr,
					"unknown operation in --skip: %.*s\noperations:", (int)n,
					list);
			for (size_t i = 0; i < sizeof(ops) / sizeof(ops[0]); i++) {
				fprintf(stderr, " %s", ops[i].name);
			}
			fprintf(stderr, "\n");
			return false;
		}
		list = end != NULL ? end + 1 : NULL;
	}
	return true;
}

static void run_one_op(struct fz *fz) {
	static int total;
	if (total == 0) {
		for (size_t i = 0; i < sizeof(ops) / sizeof(ops[0]); i++) {
			total += ops[i].weight;
		}
	}
	// Not every op applies to every state; a few tries find one that does.
	for (int tries = 0; tries < 8; tries++) {
		int pick = (int)fz_rng_below(&fz->rng, (uint32_t)total);
		size_t i = 0;
		while (pick >= ops[i].weight) {
			pick -= ops[i].weight;
			i++;
		}
		if ((fz->options.known_crashes & ops[i].known) == ops[i].known &&
				!skipped(fz, ops[i].name) && ops[i].run(fz)) {
			return;
		}
	}
}

/* Connects again after the last connection ended; false when the
 * compositor is gone. */
static bool reconnect(struct fz *fz) {
	fz_disconnect(fz);
	if (fz_connect(fz) && wl_display_get_error(fz->display) == 0) {
		return true;
	}
	fprintf(stderr,
			"protocol-fuzz: cannot connect again after %" PRIu64
			" operations: the compositor is gone\n",
			fz->stats.ops);
	fz_dump_log(fz);
	return false;
}

static void describe_error(struct fz *fz, const char **interface,
		uint32_t *code, uint32_t *id) {
	const struct wl_interface *iface = NULL;
	*code = wl_display_get_protocol_error(fz->display, &iface, id);
	*interface = iface != NULL ? iface->name : "?";
}

/* A round trip failed: reports why. False when the run must end. */
static bool connection_failed(struct fz *fz, int error) {
	if (error == ETIMEDOUT) {
		fprintf(stderr,
				"protocol-fuzz: no answer in %d ms after %" PRIu64
				" operations: the compositor hangs\n",
				fz->options.timeout_ms, fz->stats.ops);
		fz_dump_log(fz);
		return false;
	}
	if (error == EPROTO) {
		const char *interface;
		uint32_t code, id;
		describe_error(fz, &interface, &code, &id);
		fz->stats.errors_unexpected++;
		fprintf(stderr,
				"protocol-fuzz: unexpected protocol error %s@%u "
				"code %u after %" PRIu64 " operations\n",
				interface, id, code, fz->stats.ops);
		fz_dump_log(fz);
	} else {
		fz->stats.dropped++;
		fprintf(stderr,
				"protocol-fuzz: connection lost (%s) after %" PRIu64
				" operations\n",
				strerror(error), fz->stats.ops);
	}
	return reconnect(fz);
}

/* One deliberate protocol error and its answer; false when the run must
 * end. */
static bool deliberate_error(struct fz *fz) {
	// Whatever came before must be settled, so that the error that comes
	// is the one asked for.
	if (fz_roundtrip(fz, true) < 0) {
		return connection_failed(fz, errno);
	}
	const char *want_interface, *what;
	uint32_t want_code;
	if (!fz_error_send(fz, &want_interface, &want_code, &what)) {
		return true;
	}
	fz->stats.errors_sent++;
	fz_log(fz, "deliberate error: %s", what);
	int r = fz_roundtrip(fz, false);
	int error = r < 0 ? errno : 0;
	// The answer is in: the error names the object it was posted on.
	fz_error_cleanup(fz);
	if (r == 0) {
		fz->stats.errors_unanswered++;
		fprintf(stderr,
				"protocol-fuzz: no error for \"%s\" (expected %s "
				"code %u)\n",
				what, want_interface ? want_interface : "?", want_code);
	} else if (error == EPROTO) {
		const char *interface;
		uint32_t code, id;
		describe_error(fz, &interface, &code, &id);
		if ((want_interface == NULL ||
					strcmp(interface, want_interface) == 0) &&
				code == want_code) {
			fz->stats.errors_answered++;
		} else {
			fz->stats.errors_wrong++;
			fprintf(stderr,
					"protocol-fuzz: \"%s\" got %s code %u, expected "
					"%s code %u\n",
					what, interface, code,
					want_interface ? want_interface : "?", want_code);
		}
	} else {
		return connection_failed(fz, error);
	}
	return reconnect(fz);
}

static bool parse_u64(const char *text, uint64_t *out) {
	char *end;
	errno = 0;
	unsigned long long value = strtoull(text, &end, 0);
	if (errno != 0 || end == text || *end != '\0' || text[0] == '-') {
		return false;
	}
	*out = value;
	return true;
}

static bool parse_options(int argc, char *argv[], struct fz_options *o,
		bool *strict, int *probe) {
	enum {
		OPT_SEED = 256,
		OPT_ITERATIONS,
		OPT_ERROR_PERCENT,
		OPT_NO_OUTPUT_MANAGEMENT,
		OPT_NO_POINTER,
		OPT_REMOTE_SEAT,
		OPT_SKIP,
		OPT_ERROR,
		OPT_KNOWN_CRASHES,
		OPT_STRICT,
		OPT_TIMEOUT,
		OPT_TRACE,
		OPT_PROBE,
	};
	static const struct option long_options[] = {
		{ "seed", required_argument, NULL, OPT_SEED },
		{ "iterations", required_argument, NULL, OPT_ITERATIONS },
		{ "error-percent", required_argument, NULL, OPT_ERROR_PERCENT },
		{ "no-output-management", no_argument, NULL, OPT_NO_OUTPUT_MANAGEMENT },
		{ "no-pointer", no_argument, NULL, OPT_NO_POINTER },
		{ "remote-seat", no_argument, NULL, OPT_REMOTE_SEAT },
		{ "skip", required_argument, NULL, OPT_SKIP },
		{ "error", required_argument, NULL, OPT_ERROR },
		{ "known-crashes", optional_argument, NULL, OPT_KNOWN_CRASHES },
		{ "strict", no_argument, NULL, OPT_STRICT },
		{ "timeout-ms", required_argument, NULL, OPT_TIMEOUT },
		{ "trace", no_argument, NULL, OPT_TRACE },
		{ "frame-probe", required_argument, NULL, OPT_PROBE },
		{ "help", no_argument, NULL, 'h' },
		{ 0 },
	};
	*o = (struct fz_options){
		.seed = 1,
		.iterations = 1000,
		.error_percent = 2,
		.timeout_ms = 20000,
	};
	int opt;
	uint64_t value;
	while ((opt = getopt_long(argc, argv, "h", long_options, NULL)) != -1) {
		switch (opt) {
		case OPT_SEED:
			if (!parse_u64(optarg, &o->seed)) {
				fprintf(stderr, "invalid --seed: %s\n", optarg);
				return false;
			}
			break;
		case OPT_ITERATIONS:
			if (!parse_u64(optarg, &o->iterations)) {
				fprintf(stderr, "invalid --iterations: %s\n", optarg);
				return false;
			}
			break;
		case OPT_ERROR_PERCENT:
			if (!parse_u64(optarg, &value) || value > 100) {
				fprintf(stderr, "invalid --error-percent: %s\n", optarg);
				return false;
			}
			o->error_percent = (int)value;
			break;
		case OPT_NO_OUTPUT_MANAGEMENT:
			o->no_output_management = true;
			break;
		case OPT_NO_POINTER:
			o->no_pointer = true;
			break;
		case OPT_REMOTE_SEAT:
			o->remote_seat = true;
			break;
		case OPT_SKIP:
			if (!check_skip(optarg)) {
				return false;
			}
			o->skip = optarg;
			break;
		case OPT_ERROR:
			if (!fz_error_known(optarg)) {
				return false;
			}
			o->error_case = optarg;
			break;
		case OPT_KNOWN_CRASHES:
			if (!parse_known(optarg, &o->known_crashes)) {
				return false;
			}
			break;
		case OPT_STRICT:
			*strict = true;
			break;
		case OPT_TIMEOUT:
			if (!parse_u64(optarg, &value) || value == 0 || value > 3600000) {
				fprintf(stderr, "invalid --timeout-ms: %s\n", optarg);
				return false;
			}
			o->timeout_ms = (int)value;
			break;
		case OPT_TRACE:
			o->trace = true;
			break;
		case OPT_PROBE:
			if (!parse_u64(optarg, &value) || value == 0 || value > 100000) {
				fprintf(stderr, "invalid --frame-probe: %s\n", optarg);
				return false;
			}
			*probe = (int)value;
			break;
		case 'h':
			fputs(usage, stdout);
			exit(0);
		default:
			fputs(usage, stderr);
			return false;
		}
	}
	if (optind != argc) {
		fputs(usage, stderr);
		return false;
	}
	return true;
}

static void print_stats(const struct fz *fz) {
	const struct fz_stats *s = &fz->stats;
	printf("seed=%" PRIu64 " ops=%" PRIu64 " connections=%" PRIu64
		   " frames=%" PRIu64 " configures=%" PRIu64
		   " popups_dismissed=%" PRIu64 " output_configs=%" PRIu64 "/%" PRIu64
		   "/%" PRIu64 " errors_sent=%" PRIu64 " errors_answered=%" PRIu64
		   " errors_unanswered=%" PRIu64 " errors_wrong=%" PRIu64
		   " errors_unexpected=%" PRIu64 " dropped=%" PRIu64 " hangups=%" PRIu64
		   "\n",
			fz->options.seed, s->ops, s->connections, s->frames, s->configures,
			s->popups_dismissed, s->output_configs[0], s->output_configs[1],
			s->output_configs[2], s->errors_sent, s->errors_answered,
			s->errors_unanswered, s->errors_wrong, s->errors_unexpected,
			s->dropped, s->hangups);
	fflush(stdout);
}

int main(int argc, char *argv[]) {
	static struct fz fz;
	bool strict = false;
	int probe = 0;
	if (!parse_options(argc, argv, &fz.options, &strict, &probe)) {
		return 2;
	}
	// Offers nobody reads end in writes to closed pipes.
	signal(SIGPIPE, SIG_IGN);
	fz.rng.state = fz.options.seed;
	if (!fz_connect(&fz)) {
		fprintf(stderr, "protocol-fuzz: cannot connect to the compositor\n");
		return 2;
	}
	if (probe > 0) {
		bool ok = fz_probe_frames(&fz, probe);
		fz_disconnect(&fz);
		return ok ? 0 : 1;
	}
	bool alive = true;
	while (alive && fz.stats.ops < fz.options.iterations) {
		int batch = fz_rng_range(&fz.rng, 1, 16);
		bool ended = false;
		for (int i = 0;
				i < batch && !ended && fz.stats.ops < fz.options.iterations;
				i++) {
			fz.stats.ops++;
			if (fz_rng_chance(&fz.rng, (uint32_t)fz.options.error_percent)) {
				alive = deliberate_error(&fz);
				ended = true;
			} else if (fz_rng_below(&fz.rng, 1000) < 3) {
				// Gone mid-stream, everything alive, requests unanswered.
				fz_log(&fz, "hang up");
				wl_display_flush(fz.display);
				fz.stats.hangups++;
				alive = reconnect(&fz);
				ended = true;
			} else {
				run_one_op(&fz);
			}
		}
		if (alive && !ended && fz_roundtrip(&fz, true) < 0) {
			alive = connection_failed(&fz, errno);
		}
	}
	if (alive && fz_roundtrip(&fz, true) < 0) {
		alive = connection_failed(&fz, errno);
	}
	print_stats(&fz);
	fz_disconnect(&fz);
	if (!alive) {
		return 1;
	}
	// A deliberate error answered with another is as wrong as one that
	// nobody asked for: gridwl told the client something untrue.
	return strict &&
					(fz.stats.errors_unexpected > 0 ||
							fz.stats.errors_wrong > 0) ?
			3 :
			0;
}

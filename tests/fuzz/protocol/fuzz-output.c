#include <stdio.h>
#include <wayland-client.h>
#include "fuzz-protocol.h"
#include "wlr-output-management-unstable-v1-client-protocol.h"

/*
 * wlr-output-management: random configurations of the heads the compositor
 * advertises, tested or applied: enabled and disabled, advertised or custom
 * modes (headless outputs advertise none), positions anywhere, scales 1 to
 * 4 (and now and then a fractional one, which gridwl must refuse with
 * failed), stale serials (cancelled), configurations destroyed before
 * their answer.
 */

static struct fz_mode *find_mode(struct fz_head *h,
		struct zwlr_output_mode_v1 *mode) {
	for (int i = 0; i < FZ_MODES; i++) {
		if (h->modes[i].mode == mode) {
			return &h->modes[i];
		}
	}
	return NULL;
}

static void mode_size(void *data, struct zwlr_output_mode_v1 *mode,
		int32_t width, int32_t height) {
	struct fz_mode *m = data;
	m->width = width;
	m->height = height;
}

static void mode_refresh(void *data, struct zwlr_output_mode_v1 *mode,
		int32_t refresh) {
	struct fz_mode *m = data;
	m->refresh = refresh;
}

static void mode_preferred(void *data, struct zwlr_output_mode_v1 *mode) {
}

static void mode_finished(void *data, struct zwlr_output_mode_v1 *mode) {
	struct fz_mode *m = data;
	zwlr_output_mode_v1_destroy(m->mode);
	*m = (struct fz_mode){ 0 };
}

static const struct zwlr_output_mode_v1_listener mode_listener = {
	.size = mode_size,
	.refresh = mode_refresh,
	.preferred = mode_preferred,
	.finished = mode_finished,
};

static void head_name(void *data, struct zwlr_output_head_v1 *head,
		const char *name) {
}

static void head_description(void *data, struct zwlr_output_head_v1 *head,
		const char *description) {
}

static void head_physical_size(void *data, struct zwlr_output_head_v1 *head,
		int32_t width, int32_t height) {
}

static void head_mode(void *data, struct zwlr_output_head_v1 *head,
		struct zwlr_output_mode_v1 *mode) {
	struct fz_head *h = data;
	struct fz_mode *m = find_mode(h, NULL);
	if (m == NULL) {
		// No room: forget it, it still has to be freed.
		zwlr_output_mode_v1_destroy(mode);
		return;
	}
	*m = (struct fz_mode){ .mode = mode };
	zwlr_output_mode_v1_add_listener(mode, &mode_listener, m);
}

static void head_enabled(void *data, struct zwlr_output_head_v1 *head,
		int32_t enabled) {
	struct fz_head *h = data;
	h->enabled = enabled != 0;
}

static void head_current_mode(void *data, struct zwlr_output_head_v1 *head,
		struct zwlr_output_mode_v1 *mode) {
	struct fz_head *h = data;
	struct fz_mode *m = find_mode(h, mode);
	if (m != NULL) {
		h->width = m->width;
		h->height = m->height;
	}
}

static void head_position(void *data, struct zwlr_output_head_v1 *head,
		int32_t x, int32_t y) {
	struct fz_head *h = data;
	h->x = x;
	h->y = y;
}

static void head_transform(void *data, struct zwlr_output_head_v1 *head,
		int32_t transform) {
}

static void head_scale(void *data, struct zwlr_output_head_v1 *head,
		wl_fixed_t scale) {
}

static void head_free(struct fz_head *h) {
	for (int i = 0; i < FZ_MODES; i++) {
		if (h->modes[i].mode != NULL) {
			zwlr_output_mode_v1_destroy(h->modes[i].mode);
		}
	}
	zwlr_output_head_v1_destroy(h->head);
	*h = (struct fz_head){ 0 };
}

static void head_finished(void *data, struct zwlr_output_head_v1 *head) {
	head_free(data);
}

static void head_make(void *data, struct zwlr_output_head_v1 *head,
		const char *make) {
}

static void head_model(void *data, struct zwlr_output_head_v1 *head,
		const char *model) {
}

static void head_serial_number(void *data, struct zwlr_output_head_v1 *head,
		const char *serial_number) {
}

static const struct zwlr_output_head_v1_listener head_listener = {
	.name = head_name,
	.description = head_description,
	.physical_size = head_physical_size,
	.mode = head_mode,
	.enabled = head_enabled,
	.current_mode = head_current_mode,
	.position = head_position,
	.transform = head_transform,
	.scale = head_scale,
	.finished = head_finished,
	.make = head_make,
	.model = head_model,
	.serial_number = head_serial_number,
};

static void manager_head(void *data, struct zwlr_output_manager_v1 *manager,
		struct zwlr_output_head_v1 *head) {
	struct fz *fz = data;
	for (int i = 0; i < FZ_HEADS; i++) {
		struct fz_head *h = &fz->heads[i];
		if (h->head == NULL) {
			*h = (struct fz_head){ .fz = fz, .head = head };
			zwlr_output_head_v1_add_listener(head, &head_listener, h);
			return;
		}
	}
	zwlr_output_head_v1_destroy(head);
}

static void manager_done(void *data, struct zwlr_output_manager_v1 *manager,
		uint32_t serial) {
	struct fz *fz = data;
	fz->output_manager_serial = serial;
}

static void manager_finished(void *data,
		struct zwlr_output_manager_v1 *manager) {
}

static const struct zwlr_output_manager_v1_listener manager_listener = {
	.head = manager_head,
	.done = manager_done,
	.finished = manager_finished,
};

void fz_output_manager_bound(struct fz *fz) {
	zwlr_output_manager_v1_add_listener(fz->output_manager, &manager_listener,
			fz);
}

static void config_answered(struct fz *fz,
		struct zwlr_output_configuration_v1 *config, int outcome) {
	fz->stats.output_configs[outcome]++;
	for (size_t i = 0; i < sizeof(fz->configs) / sizeof(fz->configs[0]); i++) {
		if (fz->configs[i] == config) {
			fz->configs[i] = NULL;
		}
	}
	zwlr_output_configuration_v1_destroy(config);
}

static void config_succeeded(void *data,
		struct zwlr_output_configuration_v1 *config) {
	config_answered(data, config, 0);
}

static void config_failed(void *data,
		struct zwlr_output_configuration_v1 *config) {
	config_answered(data, config, 1);
}

static void config_cancelled(void *data,
		struct zwlr_output_configuration_v1 *config) {
	config_answered(data, config, 2);
}

static const struct zwlr_output_configuration_v1_listener config_listener = {
	.succeeded = config_succeeded,
	.failed = config_failed,
	.cancelled = config_cancelled,
};

static void configure_head(struct fz *fz,
		struct zwlr_output_configuration_v1 *config, struct fz_head *h) {
	struct zwlr_output_configuration_head_v1 *ch =
			zwlr_output_configuration_v1_enable_head(config, h->head);
	struct fz_mode *modes[FZ_MODES];
	int n = 0;
	for (int i = 0; i < FZ_MODES; i++) {
		if (h->modes[i].mode != NULL) {
			modes[n++] = &h->modes[i];
		}
	}
	if (n > 0 && fz_rng_chance(&fz->rng, 60)) {
		struct fz_mode *m = modes[fz_rng_below(&fz->rng, (uint32_t)n)];
		zwlr_output_configuration_head_v1_set_mode(ch, m->mode);
		fz_log(fz, "head %d: mode %dx%d", (int)(h - fz->heads), m->width,
				m->height);
	} else if (fz_rng_chance(&fz->rng, 40)) {
		// Small enough that a sanitized compositor repaints in time; odd
		// sizes too, which no scale but 1 divides.
		int32_t w = h->width, hh = h->height;
		if (w <= 0 || fz_rng_chance(&fz->rng, 60)) {
			w = fz_rng_range(&fz->rng, 64, 1600);
			hh = fz_rng_range(&fz->rng, 64, 1200);
		}
		int32_t refresh = fz_rng_chance(&fz->rng, 50) ?
				0 :
				fz_rng_range(&fz->rng, 1000, 240000);
		zwlr_output_configuration_head_v1_set_custom_mode(ch, w, hh, refresh);
		fz_log(fz, "head %d: custom mode %dx%d@%d", (int)(h - fz->heads), w, hh,
				refresh);
	}
	if (fz_rng_chance(&fz->rng, 60)) {
		int32_t x = fz_rng_range(&fz->rng, -1000, 3000);
		int32_t y = fz_rng_range(&fz->rng, -1000, 2000);
		zwlr_output_configuration_head_v1_set_position(ch, x, y);
		fz_log(fz, "head %d: position %d,%d", (int)(h - fz->heads), x, y);
	}
	if (fz_rng_chance(&fz->rng, 70)) {
		// A fractional scale, now and then, for the failed path.
		wl_fixed_t scale = fz_rng_chance(&fz->rng, 5) ?
				wl_fixed_from_double(1.5) :
				wl_fixed_from_int(fz_rng_range(&fz->rng, 1, 4));
		zwlr_output_configuration_head_v1_set_scale(ch, scale);
		fz_log(fz, "head %d: scale %g", (int)(h - fz->heads),
				wl_fixed_to_double(scale));
	}
	if (fz_rng_chance(&fz->rng, 10)) {
		int32_t transform = fz_rng_range(&fz->rng, 0, 7);
		zwlr_output_configuration_head_v1_set_transform(ch, transform);
		fz_log(fz, "head %d: transform %d", (int)(h - fz->heads), transform);
	}
	// The protocol has no request to destroy it; it goes with config.
	zwlr_output_configuration_head_v1_destroy(ch);
}

bool fz_output_op_configure(struct fz *fz) {
	if (fz->output_manager == NULL || fz->output_manager_serial == 0) {
		return false;
	}
	size_t slot = 0;
	size_t slots = sizeof(fz->configs) / sizeof(fz->configs[0]);
	while (slot < slots && fz->configs[slot] != NULL) {
		slot++;
	}
	if (slot == slots) {
		return false;
	}
	// A stale serial is no error: the compositor cancels.
	uint32_t serial = fz->output_manager_serial;
	if (fz_rng_chance(&fz->rng, 5)) {
		serial--;
	}
	struct zwlr_output_configuration_v1 *config =
			zwlr_output_manager_v1_create_configuration(fz->output_manager,
					serial);
	zwlr_output_configuration_v1_add_listener(config, &config_listener, fz);
	fz_log(fz, "output configuration (serial %u)", serial);
	for (int i = 0; i < FZ_HEADS; i++) {
		struct fz_head *h = &fz->heads[i];
		if (h->head == NULL) {
			continue;
		}
		if (fz_rng_chance(&fz->rng, 12)) {
			zwlr_output_configuration_v1_disable_head(config, h->head);
			fz_log(fz, "head %d: disable", i);
		} else {
			configure_head(fz, config, h);
		}
	}
	uint32_t what = fz_rng_below(&fz->rng, 100);
	if (what < 5) {
		// Never sent: destroying it is how a client gives up.
		fz_log(fz, "output configuration destroyed unused");
		zwlr_output_configuration_v1_destroy(config);
		return true;
	}
	bool apply = what < 55;
	if (apply) {
		fz->layers_unsettled = true;
		zwlr_output_configuration_v1_apply(config);
	} else {
		zwlr_output_configuration_v1_test(config);
	}
	fz_log(fz, "output configuration %s", apply ? "apply" : "test");
	if (fz_rng_chance(&fz->rng, 10)) {
		// Gone before the answer, which then has nobody to go to.
		fz_log(fz, "output configuration destroyed before its answer");
		zwlr_output_configuration_v1_destroy(config);
		return true;
	}
	fz->configs[slot] = config;
	return true;
}

void fz_output_destroy_all(struct fz *fz) {
	for (size_t i = 0; i < sizeof(fz->configs) / sizeof(fz->configs[0]); i++) {
		if (fz->configs[i] != NULL) {
			zwlr_output_configuration_v1_destroy(fz->configs[i]);
			fz->configs[i] = NULL;
		}
	}
	for (int i = 0; i < FZ_HEADS; i++) {
		if (fz->heads[i].head != NULL) {
			head_free(&fz->heads[i]);
		}
	}
}

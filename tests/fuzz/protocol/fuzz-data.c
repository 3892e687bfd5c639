#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <wayland-client.h>
#include "fuzz-protocol.h"

/*
 * wl_data_device: sources with random MIME types set as the selection and
 * destroyed while they are it, drags started from our windows, and the
 * offers the compositor makes received into pipes closed at once.
 */

#define OFFERS_MAX 8

static struct wl_data_offer *offers[OFFERS_MAX];

static void forget_offer(struct wl_data_offer *offer) {
	for (int i = 0; i < OFFERS_MAX; i++) {
		if (offers[i] == offer) {
			offers[i] = NULL;
		}
	}
}

static void device_data_offer(void *data, struct wl_data_device *device,
		struct wl_data_offer *offer) {
	// No listener: libwayland-client drops the events of a proxy
	// without one, and the fuzzer reads no offer.
	for (int i = 0; i < OFFERS_MAX; i++) {
		if (offers[i] == NULL) {
			offers[i] = offer;
			return;
		}
	}
	// Full: the oldest one goes.
	wl_data_offer_destroy(offers[0]);
	memmove(offers, offers + 1, sizeof(offers[0]) * (OFFERS_MAX - 1));
	offers[OFFERS_MAX - 1] = offer;
}

static void drop_offer(struct wl_data_offer **offer) {
	if (*offer != NULL) {
		forget_offer(*offer);
		wl_data_offer_destroy(*offer);
		*offer = NULL;
	}
}

/* offer (NULL for none) in place of the one in slot, which goes unless it
 * is the same. */
static void keep_offer(struct wl_data_offer **slot,
		struct wl_data_offer *offer) {
	if (*slot != offer) {
		drop_offer(slot);
	}
	if (offer != NULL) {
		forget_offer(offer);
	}
	*slot = offer;
}

static void device_enter(void *data, struct wl_data_device *device,
		uint32_t serial, struct wl_surface *surface, wl_fixed_t x, wl_fixed_t y,
		struct wl_data_offer *offer) {
	struct fz *fz = data;
	keep_offer(&fz->drag_offer, offer);
}

static void device_leave(void *data, struct wl_data_device *device) {
	struct fz *fz = data;
	drop_offer(&fz->drag_offer);
}

static void device_motion(void *data, struct wl_data_device *device,
		uint32_t time, wl_fixed_t x, wl_fixed_t y) {
}

static void device_drop(void *data, struct wl_data_device *device) {
}

static void device_selection(void *data, struct wl_data_device *device,
		struct wl_data_offer *offer) {
	struct fz *fz = data;
	keep_offer(&fz->selection_offer, offer);
}

static const struct wl_data_device_listener device_listener = {
	.data_offer = device_data_offer,
	.enter = device_enter,
	.leave = device_leave,
	.motion = device_motion,
	.drop = device_drop,
	.selection = device_selection,
};

void fz_data_device_start(struct fz *fz) {
	if (fz->data_device_manager == NULL || fz->seat == NULL) {
		return;
	}
	fz->data_device =
			wl_data_device_manager_get_data_device(fz->data_device_manager,
					fz->seat);
	wl_data_device_add_listener(fz->data_device, &device_listener, fz);
}

static void source_free(struct fz_source *src) {
	wl_data_source_destroy(src->source);
	*src = (struct fz_source){ 0 };
}

static void source_target(void *data, struct wl_data_source *source,
		const char *mime_type) {
}

static void source_send(void *data, struct wl_data_source *source,
		const char *mime_type, int32_t fd) {
	// A few bytes, without waiting for a reader that may never come.
	int flags = fcntl(fd, F_GETFL);
	if (flags >= 0) {
		fcntl(fd, F_SETFL, flags | O_NONBLOCK);
	}
	ssize_t ignored = write(fd, "protocol-fuzz", 13);
	(void)ignored;
	close(fd);
}

static void source_cancelled(void *data, struct wl_data_source *source) {
	source_free(data);
}

static void source_dnd_drop_performed(void *data,
		struct wl_data_source *source) {
}

static void source_dnd_finished(void *data, struct wl_data_source *source) {
}

static void source_action(void *data, struct wl_data_source *source,
		uint32_t action) {
}

static const struct wl_data_source_listener source_listener = {
	.target = source_target,
	.send = source_send,
	.cancelled = source_cancelled,
	.dnd_drop_performed = source_dnd_drop_performed,
	.dnd_finished = source_dnd_finished,
	.action = source_action,
};

static struct fz_source *pick_source(struct fz *fz, bool unused) {
	struct fz_source *live[FZ_SOURCES];
	int n = 0;
	for (int i = 0; i < FZ_SOURCES; i++) {
		if (fz->sources[i].source != NULL &&
				(!unused || !fz->sources[i].used)) {
			live[n++] = &fz->sources[i];
		}
	}
	return n == 0 ? NULL : live[fz_rng_below(&fz->rng, (uint32_t)n)];
}

bool fz_data_op_source(struct fz *fz) {
	if (fz->data_device == NULL) {
		return false;
	}
	char buf[256];
	// New, or more MIME types on one not given away yet.
	struct fz_source *src =
			fz_rng_chance(&fz->rng, 40) ? pick_source(fz, true) : NULL;
	if (src == NULL) {
		for (int i = 0; i < FZ_SOURCES && src == NULL; i++) {
			if (fz->sources[i].source == NULL) {
				src = &fz->sources[i];
			}
		}
		if (src == NULL) {
			return false;
		}
		*src = (struct fz_source){
			.fz = fz,
			.source = wl_data_device_manager_create_data_source(
					fz->data_device_manager),
		};
		wl_data_source_add_listener(src->source, &source_listener, src);
		fz_log(fz, "data source %d: create", (int)(src - fz->sources));
	}
	int count = fz_rng_range(&fz->rng, 0, 4);
	for (int i = 0; i < count; i++) {
		const char *mime = fz_rng_chance(&fz->rng, 50) ?
				"text/plain;charset=utf-8" :
				fz_random_string(fz, buf, sizeof(buf));
		wl_data_source_offer(src->source, mime);
	}
	if (count > 0) {
		fz_log(fz, "data source %d: %d offers", (int)(src - fz->sources),
				count);
	}
	return true;
}

bool fz_data_op_selection(struct fz *fz) {
	if (fz->data_device == NULL) {
		return false;
	}
	struct fz_source *src = pick_source(fz, true);
	if (src != NULL && fz_rng_chance(&fz->rng, 30) && fz->buttons_down) {
		// A drag from any of our surfaces: wlroots checks the serial
		// against the button held, and gridwl has to deal with the rest.
		struct fz_surface *origin = fz_surface_pick(fz);
		struct fz_surface *icon = fz_surface_pick(fz);
		if (icon != NULL &&
				(icon == origin || icon->role != FZ_ROLE_NONE ||
						icon->xdg_surface != NULL)) {
			icon = NULL;
		}
		if (origin != NULL) {
			wl_data_device_start_drag(fz->data_device, src->source,
					origin->surface, icon ? icon->surface : NULL,
					fz->input_serial);
			src->used = true;
			if (icon != NULL) {
				// The drag icon role, for life.
				icon->role = FZ_ROLE_DND_ICON;
			}
			fz_log(fz, "data source %d: start_drag from surface %u icon %u",
					(int)(src - fz->sources), origin->id, icon ? icon->id : 0);
			return true;
		}
	}
	// NULL clears the selection.
	bool clear = src == NULL || fz_rng_chance(&fz->rng, 15);
	wl_data_device_set_selection(fz->data_device, clear ? NULL : src->source,
			fz->input_serial);
	if (!clear) {
		src->used = true;
	}
	fz_log(fz, "data device: set_selection %d",
			clear ? -1 : (int)(src - fz->sources));
	return true;
}

bool fz_data_op_destroy_source(struct fz *fz) {
	struct fz_source *src = pick_source(fz, false);
	if (src == NULL) {
		return false;
	}
	// The selection or a drag may be this source: both end with it.
	fz_log(fz, "data source %d: destroy%s", (int)(src - fz->sources),
			src->used ? " (in use)" : "");
	source_free(src);
	return true;
}

bool fz_data_op_receive(struct fz *fz) {
	struct wl_data_offer *offer =
			fz_rng_chance(&fz->rng, 50) ? fz->selection_offer : fz->drag_offer;
	if (offer == NULL) {
		return false;
	}
	int fds[2];
	if (pipe(fds) != 0) {
		return false;
	}
	wl_data_offer_receive(offer, "text/plain;charset=utf-8", fds[1]);
	close(fds[1]);
	// Nobody reads: the source's write fails, which it must survive.
	close(fds[0]);
	fz_log(fz, "data offer: receive");
	if (offer == fz->drag_offer && fz_rng_chance(&fz->rng, 50)) {
		wl_data_offer_accept(offer, fz->input_serial,
				fz_rng_chance(&fz->rng, 50) ? "text/plain;charset=utf-8" :
											  NULL);
	}
	return true;
}

void fz_data_destroy_all(struct fz *fz) {
	for (int i = 0; i < FZ_SOURCES; i++) {
		if (fz->sources[i].source != NULL) {
			source_free(&fz->sources[i]);
		}
	}
	drop_offer(&fz->selection_offer);
	drop_offer(&fz->drag_offer);
	for (int i = 0; i < OFFERS_MAX; i++) {
		if (offers[i] != NULL) {
			wl_data_offer_destroy(offers[i]);
			offers[i] = NULL;
		}
	}
	if (fz->data_device != NULL) {
		if (wl_data_device_get_version(fz->data_device) >=
				WL_DATA_DEVICE_RELEASE_SINCE_VERSION) {
			wl_data_device_release(fz->data_device);
		} else {
			wl_data_device_destroy(fz->data_device);
		}
		fz->data_device = NULL;
	}
}

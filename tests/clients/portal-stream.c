#include <pipewire/pipewire.h>
#include <spa/buffer/meta.h>
#include <spa/param/buffers.h>
#include <spa/param/video/format-utils.h>
#include <spa/pod/builder.h>
#include <stdio.h>
#include "image.h"
#include "portal-stream.h"

/*
 * A screencast's consumer, as OBS or a browser is: a PipeWire stream that
 * plays the portal's node, asks for 8-bit RGB in shared memory (what
 * wlr-screencopy gives xdg-desktop-portal-wlr without a GPU) and keeps the
 * first frame that is whole.
 */

struct frame_reader {
	struct pw_main_loop *loop;
	struct pw_stream *stream;
	struct spa_hook listener;
	struct spa_video_info_raw info;
	bool have_format;
	struct portal_frame *frame;
	bool failed;
};

/* Where each format keeps red, green, blue and alpha in a pixel's four
 * bytes; alpha -1 for the padding byte of the x formats. */
struct byte_order {
	uint32_t format;
	const char *name;
	int r, g, b, a;
};

static const struct byte_order byte_orders[] = {
	{ SPA_VIDEO_FORMAT_BGRx, "BGRx", 2, 1, 0, -1 },
	{ SPA_VIDEO_FORMAT_BGRA, "BGRA", 2, 1, 0, 3 },
	{ SPA_VIDEO_FORMAT_RGBx, "RGBx", 0, 1, 2, -1 },
	{ SPA_VIDEO_FORMAT_RGBA, "RGBA", 0, 1, 2, 3 },
};
#define N_BYTE_ORDERS (sizeof(byte_orders) / sizeof(byte_orders[0]))

static const struct byte_order *byte_order_of(uint32_t format) {
	for (size_t i = 0; i < N_BYTE_ORDERS; i++) {
		if (byte_orders[i].format == format) {
			return &byte_orders[i];
		}
	}
	return NULL;
}

static void fail(struct frame_reader *r, const char *why) {
	fprintf(stderr, "portal-client: %s\n", why);
	r->failed = true;
	pw_main_loop_quit(r->loop);
}

static void on_state_changed(void *data, enum pw_stream_state old,
		enum pw_stream_state state, const char *error) {
	struct frame_reader *r = data;
	if (state == PW_STREAM_STATE_ERROR) {
		fprintf(stderr, "portal-client: stream error: %s\n",
				error != NULL ? error : "?");
		fail(r, "the stream failed");
	} else if (state == PW_STREAM_STATE_UNCONNECTED &&
			old != PW_STREAM_STATE_UNCONNECTED) {
		fail(r, "the stream was disconnected");
	}
}

/* Once the format is fixed: buffers in memory the client can map, never
 * dmabufs. */
static void on_param_changed(void *data, uint32_t id,
		const struct spa_pod *param) {
	struct frame_reader *r = data;
	if (param == NULL || id != SPA_PARAM_Format) {
		return;
	}
	if (spa_format_video_raw_parse(param, &r->info) < 0 ||
			byte_order_of(r->info.format) == NULL) {
		fail(r, "the stream's format is not one that was offered");
		return;
	}
	r->have_format = true;
	uint8_t storage[256];
	struct spa_pod_builder b = SPA_POD_BUILDER_INIT(storage, sizeof(storage));
	const struct spa_pod *params[] = {
		spa_pod_builder_add_object(&b, SPA_TYPE_OBJECT_ParamBuffers,
				SPA_PARAM_Buffers, SPA_PARAM_BUFFERS_dataType,
				SPA_POD_CHOICE_FLAGS_Int(
						(1 << SPA_DATA_MemFd) | (1 << SPA_DATA_MemPtr))),
	};
	pw_stream_update_params(r->stream, params, 1);
}

static bool buffer_is_whole(struct spa_buffer *buffer) {
	struct spa_data *d = &buffer->datas[0];
	if (d->data == NULL || d->chunk->size == 0 ||
			(d->chunk->flags & SPA_CHUNK_FLAG_CORRUPTED) != 0) {
		return false;
	}
	struct spa_meta_header *header =
			spa_buffer_find_meta_data(buffer, SPA_META_Header, sizeof(*header));
	return header == NULL ||
			(header->flags & SPA_META_HEADER_FLAG_CORRUPTED) == 0;
}

static struct image *frame_image(struct frame_reader *r,
		struct spa_buffer *buffer) {
	const struct byte_order *order = byte_order_of(r->info.format);
	int width = (int)r->info.size.width, height = (int)r->info.size.height;
	struct spa_data *d = &buffer->datas[0];
	uint32_t stride =
			d->chunk->stride > 0 ? (uint32_t)d->chunk->stride : 4u * width;
	if ((uint64_t)d->chunk->offset + (uint64_t)stride * height > d->maxsize) {
		fprintf(stderr,
				"portal-client: a %dx%d frame does not fit its buffer\n", width,
				height);
		return NULL;
	}
	struct image *image = image_create(width, height);
	if (image == NULL) {
		return NULL;
	}
	const uint8_t *rows = (const uint8_t *)d->data + d->chunk->offset;
	for (int y = 0; y < height; y++) {
		const uint8_t *p = rows + (size_t)y * stride;
		for (int x = 0; x < width; x++, p += 4) {
			uint32_t a = order->a >= 0 ? p[order->a] : 0xff;
			image_set(image, x, y,
					a << 24 | (uint32_t)p[order->r] << 16 |
							(uint32_t)p[order->g] << 8 | p[order->b]);
		}
	}
	return image;
}

static void on_process(void *data) {
	struct frame_reader *r = data;
	struct pw_buffer *b = pw_stream_dequeue_buffer(r->stream);
	if (b == NULL) {
		return;
	}
	if (r->have_format && r->frame->image == NULL &&
			buffer_is_whole(b->buffer)) {
		r->frame->image = frame_image(r, b->buffer);
		r->frame->format = byte_order_of(r->info.format)->name;
		if (r->frame->image == NULL) {
			r->failed = true;
		}
		pw_main_loop_quit(r->loop);
	}
	pw_stream_queue_buffer(r->stream, b);
}

static const struct pw_stream_events stream_events = {
	PW_VERSION_STREAM_EVENTS,
	.state_changed = on_state_changed,
	.param_changed = on_param_changed,
	.process = on_process,
};

/* Every format of byte_orders, at any size and rate. */
static const struct spa_pod *enum_format(struct spa_pod_builder *b) {
	struct spa_rectangle min_size = SPA_RECTANGLE(1, 1);
	struct spa_rectangle max_size = SPA_RECTANGLE(16384, 16384);
	struct spa_fraction no_rate = SPA_FRACTION(0, 1);
	struct spa_fraction max_rate = SPA_FRACTION(1000, 1);
	return spa_pod_builder_add_object(b, SPA_TYPE_OBJECT_Format,
			SPA_PARAM_EnumFormat, SPA_FORMAT_mediaType,
			SPA_POD_Id(SPA_MEDIA_TYPE_video), SPA_FORMAT_mediaSubtype,
			SPA_POD_Id(SPA_MEDIA_SUBTYPE_raw), SPA_FORMAT_VIDEO_format,
			SPA_POD_CHOICE_ENUM_Id(5, SPA_VIDEO_FORMAT_BGRx,
					SPA_VIDEO_FORMAT_BGRx, SPA_VIDEO_FORMAT_BGRA,
					SPA_VIDEO_FORMAT_RGBx, SPA_VIDEO_FORMAT_RGBA),
			SPA_FORMAT_VIDEO_size,
			SPA_POD_CHOICE_RANGE_Rectangle(&min_size, &min_size, &max_size),
			SPA_FORMAT_VIDEO_framerate,
			SPA_POD_CHOICE_RANGE_Fraction(&no_rate, &no_rate, &max_rate));
}

bool portal_stream_read_frame(int fd, uint32_t node,
		struct portal_frame *frame) {
	pw_init(NULL, NULL);
	struct frame_reader r = { .frame = frame };
	r.loop = pw_main_loop_new(NULL);
	struct pw_context *context =
			pw_context_new(pw_main_loop_get_loop(r.loop), NULL, 0);
	struct pw_core *core = context != NULL ?
			pw_context_connect_fd(context, fd, NULL, 0) :
			NULL;
	if (core == NULL) {
		fprintf(stderr, "portal-client: cannot connect to PipeWire\n");
		r.failed = true;
	} else {
		r.stream = pw_stream_new(core, "gridwl-portal-test",
				pw_properties_new(PW_KEY_MEDIA_TYPE, "Video",
						PW_KEY_MEDIA_CATEGORY, "Capture", PW_KEY_MEDIA_ROLE,
						"Screen", NULL));
		pw_stream_add_listener(r.stream, &r.listener, &stream_events, &r);
		uint8_t storage[1024];
		struct spa_pod_builder b =
				SPA_POD_BUILDER_INIT(storage, sizeof(storage));
		const struct spa_pod *params[] = { enum_format(&b) };
		if (pw_stream_connect(r.stream, PW_DIRECTION_INPUT, node,
					PW_STREAM_FLAG_AUTOCONNECT | PW_STREAM_FLAG_MAP_BUFFERS,
					params, 1) < 0) {
			fprintf(stderr, "portal-client: cannot play node %u\n", node);
			r.failed = true;
		} else {
			pw_main_loop_run(r.loop);
		}
		// Its going is no failure.
		spa_hook_remove(&r.listener);
		pw_stream_destroy(r.stream);
		pw_core_disconnect(core);
	}
	if (context != NULL) {
		pw_context_destroy(context);
	}
	pw_main_loop_destroy(r.loop);
	pw_deinit();
	if (r.failed) {
		image_destroy(frame->image);
		frame->image = NULL;
	}
	return frame->image != NULL;
}

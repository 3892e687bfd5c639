#include <stdlib.h>
#include <string.h>
#include <wlr/render/wlr_texture.h>
#include <wlr/types/wlr_cursor.h>
#include <wlr/types/wlr_keyboard.h>
#include <wlr/util/log.h>
#include <xkbcommon/xkbcommon.h>
#include "compositor/output.h"
#include "compositor/server.h"
#include "compositor/shell/decoration.h"
#include "compositor/shell/session_lock.h"
#include "compositor/shell/switcher.h"
#include "compositor/view/view.h"
#include "compositor/workspace/workspace.h"
#include "input/seat.h"
#include "render/scaled_texture_cache.h"
#include "render/switcher_draw.h"

/* Room left between the list and its output's edges, logical pixels. */
#define OUTPUT_MARGIN 16

/* The list drawn at one scale, and for which state of it. */
struct gridwl_switcher {
	struct gridwl_server *server;
	bool open;
	// The windows listed, by id (one that goes is dropped:
	// gridwl_switcher_view_unmapped), what their rows said when listed,
	// and the highlighted one.
	uint32_t *ids;
	struct gridwl_switcher_row *rows;
	size_t count, capacity;
	size_t highlight;
	// The opening binding's modifiers that keep the list open while held
	// on keyboard (NULL until gridwl_switcher_hold, or for gridctl action),
	// its key and direction.
	uint32_t hold_modifiers, binding_modifiers;
	uint32_t keysym;
	bool next;
	struct wlr_keyboard *keyboard;
	struct wl_listener keyboard_destroy;
	// Where it is drawn (logical, layout coordinates) and its shape.
	struct wlr_box box;
	struct gridwl_switcher_geometry geometry;
	// Bumped whenever what the list shows changes.
	uint32_t generation;
	// The list drawn at each scale, and the generation and style it shows.
	struct gridwl_scaled_texture_cache textures;
	uint32_t textures_generation, textures_style_serial;
};

struct gridwl_switcher *gridwl_switcher_create(struct gridwl_server *server) {
	struct gridwl_switcher *switcher = calloc(1, sizeof(*switcher));
	if (switcher == NULL) {
		return NULL;
	}
	switcher->server = server;
	wl_list_init(&switcher->keyboard_destroy.link);
	return switcher;
}

static void free_rows(struct gridwl_switcher *switcher) {
	for (size_t i = 0; i < switcher->count; i++) {
		free((char *)switcher->rows[i].app_id);
		free((char *)switcher->rows[i].title);
	}
	switcher->count = 0;
}

static void release_keyboard(struct gridwl_switcher *switcher) {
	wl_list_remove(&switcher->keyboard_destroy.link);
	wl_list_init(&switcher->keyboard_destroy.link);
	switcher->keyboard = NULL;
}

void gridwl_switcher_destroy(struct gridwl_switcher *switcher) {
	if (switcher == NULL) {
		return;
	}
	release_keyboard(switcher);
	free_rows(switcher);
	gridwl_scaled_texture_cache_clear(&switcher->textures);
	free(switcher->ids);
	free(switcher->rows);
	free(switcher);
}

/* A window of the shown workspace the list offers: minimized ones too. */
static bool is_listed(struct gridwl_view *view) {
	return gridwl_view_is_window(view) && view->mapped &&
			!gridwl_view_hidden_by_lock(view) &&
			!gridwl_view_hidden_by_workspace(view);
}

static bool reserve(struct gridwl_switcher *switcher, size_t count) {
	if (count <= switcher->capacity) {
		return true;
	}
	uint32_t *ids = realloc(switcher->ids, count * sizeof(*ids));
	if (ids == NULL) {
		return false;
	}
	switcher->ids = ids;
	struct gridwl_switcher_row *rows =
			realloc(switcher->rows, count * sizeof(*rows));
	if (rows == NULL) {
		return false;
	}
	switcher->rows = rows;
	switcher->capacity = count;
	return true;
}

static char *copy_text(const char *text) {
	return strdup(text != NULL ? text : "");
}

/* The rows of the windows listed now, in stacking order: focusing
 * raises, so that is the order they last had the keyboard. Index of the
 * focused one in *focused, -1 when none is listed. */
static bool list_windows(struct gridwl_switcher *switcher, long *focused) {
	struct gridwl_server *server = switcher->server;
	struct gridwl_view *current = gridwl_view_keyboard_focused(server);
	size_t count = 0;
	struct gridwl_view *view;
	wl_list_for_each(view, &server->views, link) {
		count += is_listed(view);
	}
	free_rows(switcher);
	*focused = -1;
	if (!reserve(switcher, count)) {
		return false;
	}
	wl_list_for_each(view, &server->views, link) {
		if (!is_listed(view)) {
			continue;
		}
		size_t i = switcher->count;
		char *app_id = copy_text(gridwl_view_app_id(view));
		char *title = copy_text(gridwl_view_title(view));
		if (app_id == NULL || title == NULL) {
			free(app_id);
			free(title);
			return false;
		}
		switcher->ids[i] = view->id;
		switcher->rows[i] = (struct gridwl_switcher_row){ app_id, title };
		switcher->count++;
		if (view == current) {
			*focused = (long)i;
		}
	}
	return true;
}

/* The output the list shows on: the pointer's, else (a pointer not yet
 * moved) the focused window's. */
static struct gridwl_output *list_output(struct gridwl_server *server) {
	struct gridwl_seat *seat = server->seat;
	struct gridwl_view *focused = gridwl_view_keyboard_focused(server);
	struct gridwl_output *output = NULL;
	if (seat->pointer_parked && focused != NULL) {
		output = gridwl_view_main_output(focused);
	}
	if (output == NULL) {
		output = gridwl_output_at(server, seat->cursor->x, seat->cursor->y);
	}
	return output;
}

static void damage(struct gridwl_switcher *switcher) {
	if (switcher->open) {
		gridwl_server_damage_logical_box(switcher->server, &switcher->box);
	}
}

static void close_list(struct gridwl_switcher *switcher) {
	damage(switcher);
	switcher->open = false;
	release_keyboard(switcher);
	free_rows(switcher);
	gridwl_scaled_texture_cache_clear(&switcher->textures);
}

/* Lays the list out again centred on its output after its rows or
 * highlight changed; closes it when there is nothing left to show. */
static void relayout(struct gridwl_switcher *switcher) {
	struct gridwl_server *server = switcher->server;
	struct gridwl_output *output = list_output(server);
	struct wlr_box area = output != NULL ? gridwl_output_logical_box(output) :
										   (struct wlr_box){ 0 };
	struct gridwl_switcher_geometry geometry;
	if (!gridwl_switcher_measure(&server->decorations->style, switcher->count,
				switcher->highlight, area.width - 2 * OUTPUT_MARGIN,
				area.height - 2 * OUTPUT_MARGIN, &geometry)) {
		close_list(switcher);
		return;
	}
	damage(switcher);
	switcher->geometry = geometry;
	switcher->box = (struct wlr_box){
		.x = area.x + (area.width - geometry.width) / 2,
		.y = area.y + (area.height - geometry.height) / 2,
		.width = geometry.width,
		.height = geometry.height,
	};
	switcher->generation++;
	switcher->open = true;
	damage(switcher);
}

static void move_highlight(struct gridwl_switcher *switcher, bool next) {
	size_t count = switcher->count;
	switcher->highlight =
			(switcher->highlight + (next ? 1 : count - 1)) % count;
	relayout(switcher);
}

static void choose(struct gridwl_switcher *switcher) {
	uint32_t id = switcher->count > 0 ? switcher->ids[switcher->highlight] : 0;
	close_list(switcher);
	struct gridwl_view *view = gridwl_view_by_id(switcher->server, id);
	if (view != NULL && view->mapped) {
		// Focusing restores a minimized window and raises it.
		gridwl_view_focus(view);
	}
}

/* Of the binding's modifiers, those whose release chooses: all but Shift,
 * which Alt+Shift+Tab adds and drops while Alt stays down. */
static uint32_t hold_modifiers(uint32_t modifiers) {
	uint32_t hold = modifiers & ~WLR_MODIFIER_SHIFT;
	return hold != 0 ? hold : modifiers;
}

void gridwl_switcher_step(struct gridwl_switcher *switcher, bool next,
		uint32_t modifiers, uint32_t keysym) {
	struct gridwl_server *server = switcher->server;
	if (switcher->open) {
		move_highlight(switcher, next);
		return;
	}
	if (gridwl_session_is_locked(server)) {
		return;
	}
	long focused;
	if (!list_windows(switcher, &focused)) {
		wlr_log(WLR_ERROR, "Out of memory for the window switcher");
		free_rows(switcher);
		return;
	}
	if (switcher->count == 0) {
		return;
	}
	long count = (long)switcher->count;
	long start = focused >= 0 ? focused : (next ? -1 : 0);
	switcher->highlight = (size_t)((start + (next ? 1 : -1) + count) % count);
	switcher->binding_modifiers = modifiers;
	switcher->hold_modifiers = hold_modifiers(modifiers);
	switcher->keysym = keysym;
	switcher->next = next;
	relayout(switcher);
}

static void handle_keyboard_destroy(struct wl_listener *listener, void *data) {
	struct gridwl_switcher *switcher =
			wl_container_of(listener, switcher, keyboard_destroy);
	// Nothing holds the modifiers any more: no choice was made.
	close_list(switcher);
}

void gridwl_switcher_hold(struct gridwl_switcher *switcher,
		struct wlr_keyboard *keyboard) {
	if (!switcher->open || switcher->keyboard != NULL ||
			switcher->hold_modifiers == 0) {
		return;
	}
	switcher->keyboard = keyboard;
	switcher->keyboard_destroy.notify = handle_keyboard_destroy;
	wl_list_remove(&switcher->keyboard_destroy.link);
	wl_signal_add(&keyboard->base.events.destroy, &switcher->keyboard_destroy);
	gridwl_switcher_modifiers(switcher, keyboard);
}

bool gridwl_switcher_key(struct gridwl_switcher *switcher,
		struct wlr_keyboard *keyboard, uint32_t keycode) {
	if (!switcher->open) {
		return false;
	}
	// The locker's keys are its own.
	if (gridwl_session_is_locked(switcher->server)) {
		close_list(switcher);
		return false;
	}
	const xkb_keysym_t *syms;
	int count = keyboard->xkb_state != NULL ?
			xkb_state_key_get_syms(keyboard->xkb_state, keycode, &syms) :
			0;
	uint32_t modifiers = wlr_keyboard_get_modifiers(keyboard);
	for (int i = 0; i < count; i++) {
		xkb_keysym_t sym = xkb_keysym_to_lower(syms[i]);
		if (sym == switcher->keysym) {
			// The binding's key again; with Shift added, the other way.
			bool shifted = (modifiers & WLR_MODIFIER_SHIFT) &&
					!(switcher->binding_modifiers & WLR_MODIFIER_SHIFT);
			move_highlight(switcher, switcher->next != shifted);
			return true;
		}
		switch (sym) {
		case XKB_KEY_Tab:
		case XKB_KEY_Right:
		case XKB_KEY_Down:
			move_highlight(switcher, true);
			return true;
		case XKB_KEY_ISO_Left_Tab:
		case XKB_KEY_Left:
		case XKB_KEY_Up:
			move_highlight(switcher, false);
			return true;
		case XKB_KEY_Return:
		case XKB_KEY_KP_Enter:
			choose(switcher);
			return true;
		case XKB_KEY_Escape:
			close_list(switcher);
			return true;
		default:
			break;
		}
	}
	return true;
}

void gridwl_switcher_modifiers(struct gridwl_switcher *switcher,
		struct wlr_keyboard *keyboard) {
	if (switcher->open && keyboard == switcher->keyboard &&
			(wlr_keyboard_get_modifiers(keyboard) & switcher->hold_modifiers) ==
					0) {
		choose(switcher);
	}
}

void gridwl_switcher_view_unmapped(struct gridwl_switcher *switcher,
		struct gridwl_view *view) {
	if (switcher == NULL || !switcher->open) {
		return;
	}
	for (size_t i = 0; i < switcher->count; i++) {
		if (switcher->ids[i] != view->id) {
			continue;
		}
		free((char *)switcher->rows[i].app_id);
		free((char *)switcher->rows[i].title);
		switcher->count--;
		memmove(&switcher->ids[i], &switcher->ids[i + 1],
				(switcher->count - i) * sizeof(*switcher->ids));
		memmove(&switcher->rows[i], &switcher->rows[i + 1],
				(switcher->count - i) * sizeof(*switcher->rows));
		if (switcher->highlight > i ||
				(switcher->highlight == i && i == switcher->count && i > 0)) {
			switcher->highlight--;
		}
		relayout(switcher);
		return;
	}
}

/* The texture drawn for scale120, or a free one (the first when outputs
 * have more scales than there are). */
struct wlr_texture *gridwl_switcher_texture(struct gridwl_switcher *switcher,
		int scale120, struct wlr_box *box) {
	struct gridwl_server *server = switcher->server;
	if (!switcher->open || scale120 < GRIDWL_SCALE120_MIN ||
			scale120 > GRIDWL_SCALE120_MAX ||
			gridwl_session_is_locked(server)) {
		return NULL;
	}
	struct gridwl_decoration_style *style = &server->decorations->style;
	if (switcher->textures_generation != switcher->generation ||
			switcher->textures_style_serial != style->serial) {
		gridwl_scaled_texture_cache_clear(&switcher->textures);
		switcher->textures_generation = switcher->generation;
		switcher->textures_style_serial = style->serial;
	}
	struct wlr_texture *texture =
			gridwl_scaled_texture_cache_get(&switcher->textures, scale120);
	if (texture == NULL) {
		texture = gridwl_switcher_draw(server->renderer, style, scale120,
				&switcher->geometry, switcher->rows, switcher->highlight);
		if (texture == NULL) {
			wlr_log(WLR_ERROR, "No window switcher at scale %d/120", scale120);
			return NULL;
		}
		gridwl_scaled_texture_cache_put(&switcher->textures, scale120, texture);
	}
	*box = switcher->box;
	return texture;
}

bool gridwl_switcher_state(struct gridwl_switcher *switcher,
		struct wlr_box *box, struct wlr_box *row, const uint32_t **ids,
		size_t *count, size_t *highlight) {
	if (!switcher->open) {
		return false;
	}
	*box = switcher->box;
	*row = gridwl_switcher_row_box(&switcher->geometry, switcher->highlight);
	row->x += box->x;
	row->y += box->y;
	*ids = switcher->ids;
	*count = switcher->count;
	*highlight = switcher->highlight;
	return true;
}

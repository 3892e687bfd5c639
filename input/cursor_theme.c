#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wlr/types/wlr_output.h>
#include <wlr/types/wlr_xcursor_manager.h>
#include <wlr/util/log.h>
#include <wlr/xcursor.h>
#include "compositor/output.h"
#include "compositor/server.h"
#include "config/scale.h"
#include "input/cursor_theme.h"
#include "input/seat.h"
#include "wlr_compat/wlr_compat.h"

/* Sizes kept of one theme file; themes ship a handful. */
#define MAX_SIZES 32
/* Themes inherit from themes (Debian's "default" from Adwaita). */
#define MAX_INHERIT_DEPTH 8
#define XCURSOR_MAGIC 0x72756358u // "Xcur"
#define XCURSOR_IMAGE_TYPE 0xfffd0002u
#define XCURSOR_MAX_TOC 0x10000u

struct theme_sizes {
	int sizes[MAX_SIZES];
	int count;
};

int gridwl_cursor_theme_pick_size(const int *sizes, int count, int size,
		int scale120, bool *too_small) {
	int want =
			(size * scale120 + GRIDWL_SCALE120_ONE - 1) / GRIDWL_SCALE120_ONE;
	int above = 0, largest = 0;
	for (int i = 0; i < count; i++) {
		if (sizes[i] >= want && (above == 0 || sizes[i] < above)) {
			above = sizes[i];
		}
		if (sizes[i] > largest) {
			largest = sizes[i];
		}
	}
	*too_small = above == 0 && largest > 0;
	if (above > 0) {
		return above;
	}
	return largest > 0 ? largest : want;
}

static uint32_t le32(const unsigned char *bytes) {
	return (uint32_t)bytes[0] | (uint32_t)bytes[1] << 8 |
			(uint32_t)bytes[2] << 16 | (uint32_t)bytes[3] << 24;
}

/* The nominal sizes of the images in an xcursor file's table of contents. */
static bool read_sizes(FILE *file, struct theme_sizes *out) {
	unsigned char header[16];
	if (fread(header, 1, sizeof(header), file) != sizeof(header) ||
			le32(header) != XCURSOR_MAGIC ||
			le32(header + 12) > XCURSOR_MAX_TOC ||
			fseek(file, (long)le32(header + 4), SEEK_SET) != 0) {
		return false;
	}
	uint32_t entries = le32(header + 12);
	for (uint32_t i = 0; i < entries; i++) {
		unsigned char toc[12];
		if (fread(toc, 1, sizeof(toc), file) != sizeof(toc)) {
			return false;
		}
		if (le32(toc) != XCURSOR_IMAGE_TYPE) {
			continue;
		}
		int size = (int)le32(toc + 4);
		bool known = false;
		for (int j = 0; j < out->count; j++) {
			known = known || out->sizes[j] == size;
		}
		if (!known && out->count < MAX_SIZES) {
			out->sizes[out->count++] = size;
		}
	}
	return out->count > 0;
}

/* The first file rel of theme along path, as wlroots' loader looks. */
static FILE *open_in_path(const char *path, const char *theme,
		const char *rel) {
	const char *home = getenv("HOME");
	for (const char *dir = path; dir != NULL && *dir != '\0';) {
		const char *end = strchr(dir, ':');
		size_t len = end != NULL ? (size_t)(end - dir) : strlen(dir);
		char file[4096];
		int n = -1;
		if (len >= 2 && dir[0] == '~' && dir[1] == '/') {
			n = home != NULL ?
					snprintf(file, sizeof(file), "%s%.*s/%s/%s", home,
							(int)len - 1, dir + 1, theme, rel) :
					-1;
		} else if (len > 0) {
			n = snprintf(file, sizeof(file), "%.*s/%s/%s", (int)len, dir, theme,
					rel);
		}
		FILE *f = n > 0 && (size_t)n < sizeof(file) ? fopen(file, "rb") : NULL;
		if (f != NULL) {
			return f;
		}
		dir = end != NULL ? end + 1 : NULL;
	}
	return NULL;
}

static bool find_sizes(const char *path, const char *theme, int depth,
		struct theme_sizes *out) {
	FILE *f = open_in_path(path, theme, "cursors/left_ptr");
	if (f != NULL) {
		bool found = read_sizes(f, out);
		fclose(f);
		return found;
	}
	f = depth < MAX_INHERIT_DEPTH ? open_in_path(path, theme, "index.theme") :
									NULL;
	if (f == NULL) {
		return false;
	}
	bool found = false;
	char line[1024];
	while (!found && fgets(line, sizeof(line), f) != NULL) {
		char *value = strchr(line, '=');
		if (strncmp(line, "Inherits", 8) != 0 || value == NULL) {
			continue;
		}
		char *save = NULL;
		for (char *name = strtok_r(value + 1, ",; \t\r\n", &save);
				name != NULL && !found;
				name = strtok_r(NULL, ",; \t\r\n", &save)) {
			found = strcmp(name, theme) != 0 &&
					find_sizes(path, name, depth + 1, out);
		}
	}
	fclose(f);
	return found;
}

/* Where wlroots' loader looks for themes (xcursor/xcursor.c). */
static bool theme_sizes(const char *theme, struct theme_sizes *out) {
	const char *path = getenv("XCURSOR_PATH");
	char fallback[4096];
	if (path == NULL) {
		const char *data = getenv("XDG_DATA_HOME");
		if (data == NULL || data[0] != '/') {
			data = "~/.local/share";
		}
		snprintf(fallback, sizeof(fallback),
				"%s/icons:~/.icons:/usr/share/icons:/usr/share/pixmaps:"
				"~/.cursors:/usr/share/cursors/xorg-x11",
				data);
		path = fallback;
	}
	return find_sizes(path, theme, 0, out);
}

bool gridwl_cursor_theme_load(struct gridwl_seat *seat,
		struct wlr_xcursor_manager *manager, int scale120) {
	// The float the output's scale is set from, so that wlr_cursor finds
	// this theme by it.
	float scale = (float)scale120 / GRIDWL_SCALE120_ONE;
	if (gridwl_compat_xcursor_manager_has(manager, scale)) {
		return true;
	}
	const char *name = manager->name != NULL ? manager->name : "default";
	struct theme_sizes sizes = { 0 };
	theme_sizes(name, &sizes);
	bool too_small = false;
	int size = gridwl_cursor_theme_pick_size(sizes.sizes, sizes.count,
			(int)manager->size, scale120, &too_small);
	struct wlr_xcursor_theme *theme =
			wlr_xcursor_theme_load(manager->name, size);
	if (theme == NULL) {
		return false;
	}
	char scale_text[GRIDWL_SCALE_TEXT_MAX];
	gridwl_scale_format(scale120, scale_text);
	if (!gridwl_compat_cursor_theme_pad(theme, scale)) {
		wlr_log(WLR_INFO,
				"Cursor theme %s at scale %s: some images may be drawn a "
				"pixel off their hotspot",
				name, scale_text);
	}
	if (!gridwl_compat_xcursor_manager_adopt(manager, scale, theme)) {
		wlr_xcursor_theme_destroy(theme);
		return false;
	}
	seat->cursor_theme_loads++;
	wlr_log(WLR_DEBUG, "Cursor theme %s for scale %s: size %d", name,
			scale_text, size);
	if (too_small && !seat->cursor_theme_small_logged) {
		seat->cursor_theme_small_logged = true;
		wlr_log(WLR_INFO,
				"Cursor theme %s has no size of %d x %s or more: its "
				"largest, %d, is drawn as it is (not magnified)",
				name, (int)manager->size, scale_text, size);
	}
	return true;
}

void gridwl_cursor_theme_load_outputs(struct gridwl_seat *seat,
		struct wlr_xcursor_manager *manager) {
	struct gridwl_output *output;
	wl_list_for_each(output, &seat->server->outputs, link) {
		if (output->wlr_output->enabled) {
			gridwl_cursor_theme_load(seat, manager, output->scale120);
		}
	}
}

void gridwl_cursor_theme_scale_coming(struct gridwl_seat *seat, int scale120) {
	struct wlr_xcursor_manager *managers[] = {
		seat->xcursor_manager,
		seat->retired_xcursor_manager,
	};
	for (size_t i = 0; i < sizeof(managers) / sizeof(managers[0]); i++) {
		if (managers[i] != NULL &&
				gridwl_compat_xcursor_manager_in_use(managers[i])) {
			gridwl_cursor_theme_load(seat, managers[i], scale120);
		}
	}
}

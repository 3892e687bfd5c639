#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "config/blank.h"
#include "config/config.h"

/*
 * "decorations server|client", "decoration font "PANGO FONT"" and
 * "decoration colors FOCUSED_BG FOCUSED_TEXT UNFOCUSED_BG UNFOCUSED_TEXT":
 * the frames gridwl draws around windows (compositor/shell/decoration.c).
 */

/* text without the blanks at its end, as a length. */
static size_t trimmed_length(const char *text) {
	size_t len = strlen(text);
	while (len > 0 && gridwl_config_is_blank(text[len - 1])) {
		len--;
	}
	return len;
}

bool gridwl_config_parse_decorations(struct gridwl_config *config,
		const char *text, const char *where, char **error) {
	size_t len = trimmed_length(text);
	if (len == 6 && strncmp(text, "server", len) == 0) {
		config->decorations = GRIDWL_DECORATIONS_SERVER;
		return true;
	}
	if (len == 6 && strncmp(text, "client", len) == 0) {
		config->decorations = GRIDWL_DECORATIONS_CLIENT;
		return true;
	}
	return gridwl_config_error(error, where,
			"decorations wants server or client, got '%.*s'", (int)len, text);
}

static bool parse_font(struct gridwl_config *config, const char *text,
		const char *where, char **error) {
	size_t len = trimmed_length(text);
	if (len >= 2 && text[0] == '"' && text[len - 1] == '"') {
		text++;
		len -= 2;
	} else if (memchr(text, '"', len) != NULL) {
		return gridwl_config_error(error, where,
				"decoration font: unbalanced quote in '%.*s'", (int)len, text);
	}
	if (len == 0) {
		return gridwl_config_error(error, where,
				"decoration font wants a Pango font, e.g. "
				"'decoration font \"Sans 10\"'");
	}
	char *font = strndup(text, len);
	if (font == NULL) {
		return gridwl_config_error(error, where, "out of memory");
	}
	free(config->decoration_font);
	config->decoration_font = font;
	return true;
}

static bool parse_color(const char *word, uint32_t *color) {
	if (strlen(word) != 7 || word[0] != '#' ||
			strspn(word + 1, "0123456789abcdefABCDEF") != 6) {
		return false;
	}
	*color = (uint32_t)strtoul(word + 1, NULL, 16);
	return true;
}

static bool parse_colors(struct gridwl_config *config, const char *text,
		const char *where, char **error) {
	char words[4][16], extra[2];
	int count = sscanf(text, "%15s %15s %15s %15s %1s", words[0], words[1],
			words[2], words[3], extra);
	if (count != 4) {
		return gridwl_config_error(error, where,
				"decoration colors wants FOCUSED_BG FOCUSED_TEXT "
				"UNFOCUSED_BG UNFOCUSED_TEXT, each #rrggbb");
	}
	uint32_t colors[4];
	for (int i = 0; i < 4; i++) {
		if (!parse_color(words[i], &colors[i])) {
			return gridwl_config_error(error, where,
					"decoration colors: '%s' is not #rrggbb", words[i]);
		}
	}
	config->decoration_colors = (struct gridwl_decoration_colors){
		.focused_bg = colors[0],
		.focused_text = colors[1],
		.unfocused_bg = colors[2],
		.unfocused_text = colors[3],
	};
	config->has_decoration_colors = true;
	return true;
}

/* The settings of "decoration" lines. */
static const struct {
	const char *key;
	bool (*parse)(struct gridwl_config *config, const char *text,
			const char *where, char **error);
} decoration_keys[] = {
	{ "font", parse_font },
	{ "colors", parse_colors },
};

const char *gridwl_config_decoration_key(size_t index) {
	return index < sizeof(decoration_keys) / sizeof(decoration_keys[0]) ?
			decoration_keys[index].key :
			NULL;
}

bool gridwl_config_parse_decoration(struct gridwl_config *config,
		const char *text, const char *where, char **error) {
	size_t word = strcspn(text, " \t\r\n");
	const char *rest = text + word;
	while (gridwl_config_is_blank(*rest)) {
		rest++;
	}
	for (size_t i = 0; i < sizeof(decoration_keys) / sizeof(decoration_keys[0]);
			i++) {
		const char *key = decoration_keys[i].key;
		if (strlen(key) == word && strncmp(text, key, word) == 0) {
			return decoration_keys[i].parse(config, rest, where, error);
		}
	}
	return gridwl_config_error(error, where,
			"decoration wants font or colors, got '%.*s'", (int)word, text);
}

void gridwl_config_append_decoration(struct gridwl_config *config,
		struct gridwl_config *parsed) {
	if (parsed->decorations >= 0) {
		config->decorations = parsed->decorations;
	}
	if (parsed->decoration_font != NULL) {
		free(config->decoration_font);
		config->decoration_font = parsed->decoration_font;
		parsed->decoration_font = NULL;
	}
	if (parsed->has_decoration_colors) {
		config->decoration_colors = parsed->decoration_colors;
		config->has_decoration_colors = true;
	}
}

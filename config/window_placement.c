#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "config/config.h"

/*
 * The window rule words that place a window when it maps: "output NAME",
 * "position X,Y" (logical, from the top-left of that output's usable
 * area), "size WxH" (logical), "center" (on that output's usable area),
 * "always-on-top" and "floating". compositor/view/view_place.c applies
 * them.
 */

static const struct {
	const char *word;
	bool takes_value;
} placement_words[] = {
	{ "output", true },
	{ "position", true },
	{ "size", true },
	{ "center", false },
	{ "always-on-top", false },
	{ "floating", false },
};

int gridwl_window_placement_word(const char *word) {
	for (size_t i = 0; i < sizeof(placement_words) / sizeof(placement_words[0]);
			i++) {
		if (strcmp(word, placement_words[i].word) == 0) {
			return placement_words[i].takes_value ? 1 : 0;
		}
	}
	return -1;
}

/* "A<sep>B", two integers in [min, 16384]. */
static bool parse_pair(const char *text, char sep, int min, int *a, int *b) {
	char *end;
	errno = 0;
	long first = strtol(text, &end, 10);
	if (errno != 0 || end == text || *end != sep || first < min ||
			first > 16384) {
		return false;
	}
	const char *rest = end + 1;
	long second = strtol(rest, &end, 10);
	if (errno != 0 || end == rest || *end != '\0' || second < min ||
			second > 16384) {
		return false;
	}
	*a = (int)first;
	*b = (int)second;
	return true;
}

bool gridwl_window_placement_parse(struct gridwl_window_placement *placement,
		const char *word, const char *value, const char *where, char **error) {
	if (strcmp(word, "center") == 0) {
		placement->center = true;
		return true;
	}
	if (strcmp(word, "always-on-top") == 0) {
		placement->always_on_top = true;
		return true;
	}
	if (strcmp(word, "floating") == 0) {
		placement->floating = true;
		return true;
	}
	if (value == NULL) {
		return gridwl_config_error(error, where, "missing value for '%s'",
				word);
	}
	if (strcmp(word, "output") == 0) {
		free(placement->output);
		placement->output = strdup(value);
		free(placement->where);
		placement->where = where != NULL ? strdup(where) : strdup("window");
		if (placement->output == NULL || placement->where == NULL) {
			return gridwl_config_error(error, where, "out of memory");
		}
		return true;
	}
	if (strcmp(word, "position") == 0) {
		if (!parse_pair(value, ',', -16384, &placement->x, &placement->y)) {
			return gridwl_config_error(error, where,
					"position must be X,Y (logical pixels), got '%s'", value);
		}
		placement->has_position = true;
		return true;
	}
	if (!parse_pair(value, 'x', 1, &placement->width, &placement->height)) {
		return gridwl_config_error(error, where,
				"size must be WxH (logical pixels, 1 to 16384), got '%s'",
				value);
	}
	placement->has_size = true;
	return true;
}

bool gridwl_window_placement_any(const struct gridwl_window_placement *p) {
	return p->output != NULL || p->has_position || p->has_size || p->center ||
			p->always_on_top || p->floating;
}

void gridwl_window_placement_finish(struct gridwl_window_placement *p) {
	free(p->output);
	free(p->where);
	p->output = NULL;
	p->where = NULL;
}

void gridwl_config_window_placement(const struct gridwl_config *config,
		const struct gridwl_window_identity *window,
		struct gridwl_window_placement *out) {
	*out = (struct gridwl_window_placement){ 0 };
	const struct gridwl_window_rule *rule;
	// Later lines win, word by word.
	wl_list_for_each(rule, &config->window_rules, link) {
		const struct gridwl_window_placement *p = &rule->placement;
		if (!gridwl_window_placement_any(p) ||
				!gridwl_window_rule_matches(rule, window)) {
			continue;
		}
		if (p->output != NULL) {
			out->output = p->output;
			out->where = p->where;
		}
		if (p->has_position) {
			out->has_position = true;
			out->x = p->x;
			out->y = p->y;
		}
		if (p->has_size) {
			out->has_size = true;
			out->width = p->width;
			out->height = p->height;
		}
		out->center = out->center || p->center;
		out->always_on_top = out->always_on_top || p->always_on_top;
		out->floating = out->floating || p->floating;
	}
}

#include <regex.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include "config/blank.h"
#include "config/config.h"

/*
 * "window CRITERION... ACTION...": criteria are KEY=REGEX with KEY app_id,
 * title or class (the X11 class, for Xwayland windows); a window matches
 * when every criterion's POSIX extended regex finds a match in that field,
 * as sway's criteria do, so "^foot$" is needed to match a whole app_id.
 * A regex with blanks is written in double quotes; \" and \\ stand for
 * themselves inside them.
 */

struct rule_parser {
	const char *pos;
	const char *where;
	char **error;
};

/* The next word, or for KEY="..." the key and the unquoted value; a fresh
 * string in *word, NULL at the end of the line. */
static bool next_word(struct rule_parser *p, char **word) {
	*word = NULL;
	while (gridwl_config_is_blank(*p->pos)) {
		p->pos++;
	}
	if (*p->pos == '\0') {
		return true;
	}
	size_t cap = strlen(p->pos) + 1;
	char *out = malloc(cap);
	if (out == NULL) {
		return gridwl_config_error(p->error, p->where, "out of memory");
	}
	size_t len = 0;
	bool quoted = false;
	for (; *p->pos != '\0'; p->pos++) {
		char c = *p->pos;
		if (!quoted && gridwl_config_is_blank(c)) {
			break;
		}
		if (c == '"') {
			quoted = !quoted;
			continue;
		}
		if (quoted && c == '\\' && (p->pos[1] == '"' || p->pos[1] == '\\')) {
			c = *++p->pos;
		}
		out[len++] = c;
	}
	out[len] = '\0';
	if (quoted) {
		free(out);
		return gridwl_config_error(p->error, p->where,
				"unterminated quote in window rule");
	}
	*word = out;
	return true;
}

bool gridwl_window_criterion_compile(struct gridwl_window_criterion *criterion,
		const char *key, const char *pattern, const char *where, char **error) {
	int ret = regcomp(&criterion->regex, pattern, REG_EXTENDED | REG_NOSUB);
	if (ret != 0) {
		char reason[128];
		regerror(ret, &criterion->regex, reason, sizeof(reason));
		return gridwl_config_error(error, where,
				"invalid regex for %s '%s': %s", key, pattern, reason);
	}
	criterion->pattern = strdup(pattern);
	if (criterion->pattern == NULL) {
		regfree(&criterion->regex);
		return gridwl_config_error(error, where, "out of memory");
	}
	return true;
}

/* The criteria, KEY=REGEX, and where a rule keeps each. */
static const struct {
	const char *key;
	size_t offset;
} criteria[] = {
	{ "app_id", offsetof(struct gridwl_window_rule, app_id) },
	{ "title", offsetof(struct gridwl_window_rule, title) },
	{ "class", offsetof(struct gridwl_window_rule, x11_class) },
};

static struct gridwl_window_criterion *criterion_for_key(
		struct gridwl_window_rule *rule, const char *key) {
	for (size_t i = 0; i < sizeof(criteria) / sizeof(criteria[0]); i++) {
		if (strcmp(key, criteria[i].key) == 0) {
			return (struct gridwl_window_criterion *)((char *)rule +
					criteria[i].offset);
		}
	}
	return NULL;
}

/* Which of an action's two values value is; an error naming them
 * otherwise. */
static bool pick_value(const char *action, const char *const names[2],
		const char *value, struct rule_parser *p, int *index) {
	for (int i = 0; i < 2; i++) {
		if (strcmp(value, names[i]) == 0) {
			*index = i;
			return true;
		}
	}
	return gridwl_config_error(p->error, p->where,
			"%s must be %s or %s, got '%s'", action, names[0], names[1], value);
}

static bool parse_filter(struct gridwl_window_rule *rule, const char *value,
		struct rule_parser *p) {
	static const char *const names[] = { "nearest", "bilinear" };
	static const enum gridwl_filter filters[] = { GRIDWL_FILTER_NEAREST,
		GRIDWL_FILTER_BILINEAR };
	int i = 0;
	if (value == NULL) {
		return gridwl_config_error(p->error, p->where,
				"missing value for 'filter'");
	}
	rule->has_filter = pick_value("filter", names, value, p, &i);
	rule->filter = rule->has_filter ? filters[i] : rule->filter;
	return rule->has_filter;
}

static bool parse_decorations(struct gridwl_window_rule *rule,
		const char *value, struct rule_parser *p) {
	static const char *const names[] = { "server", "none" };
	static const enum gridwl_decoration_mode modes[] = {
		GRIDWL_DECORATIONS_SERVER, GRIDWL_DECORATIONS_CLIENT
	};
	int i = 0;
	rule->has_decorations =
			pick_value("decorations", names, value != NULL ? value : "", p, &i);
	rule->decorations = rule->has_decorations ? modes[i] : rule->decorations;
	return rule->has_decorations;
}

static bool parse_workspace(struct gridwl_window_rule *rule, const char *value,
		struct rule_parser *p) {
	rule->workspace = value != NULL ? gridwl_workspace_number(value) : 0;
	if (rule->workspace == 0) {
		return gridwl_config_error(p->error, p->where,
				"workspace in a window rule wants a number from 1 to %d, "
				"got '%s'",
				GRIDWL_WORKSPACE_COUNT, value != NULL ? value : "");
	}
	return true;
}

static bool parse_sticky(struct gridwl_window_rule *rule, const char *value,
		struct rule_parser *p) {
	rule->sticky = true;
	return true;
}

/* The actions, each with its value (NULL at the end of the line) where it
 * takes one. */
static const struct {
	const char *word;
	bool (*parse)(struct gridwl_window_rule *rule, const char *value,
			struct rule_parser *p);
	bool takes_value;
} actions[] = {
	{ "filter", parse_filter, true },
	{ "decorations", parse_decorations, true },
	{ "workspace", parse_workspace, true },
	{ "sticky", parse_sticky, false },
};

const char *gridwl_window_rule_word(size_t index) {
	size_t count = sizeof(criteria) / sizeof(criteria[0]);
	if (index < count) {
		return criteria[index].key;
	}
	index -= count;
	return index < sizeof(actions) / sizeof(actions[0]) ? actions[index].word :
														  NULL;
}

static bool parse_word(struct gridwl_window_rule *rule, struct rule_parser *p,
		char *word) {
	char *eq = strchr(word, '=');
	if (eq != NULL) {
		*eq = '\0';
		struct gridwl_window_criterion *criterion =
				criterion_for_key(rule, word);
		if (criterion == NULL) {
			return gridwl_config_error(p->error, p->where,
					"unknown window criterion '%s' (want app_id, title or "
					"class)",
					word);
		}
		if (criterion->pattern != NULL) {
			return gridwl_config_error(p->error, p->where,
					"window criterion '%s' given twice", word);
		}
		return gridwl_window_criterion_compile(criterion, word, eq + 1,
				p->where, p->error);
	}
	// Placing words (config/window_placement.c) take a value or none.
	int placement = gridwl_window_placement_word(word);
	if (placement >= 0) {
		char *value = NULL;
		if (placement == 1 && !next_word(p, &value)) {
			return false;
		}
		bool ok = gridwl_window_placement_parse(&rule->placement, word, value,
				p->where, p->error);
		free(value);
		return ok;
	}
	for (size_t i = 0; i < sizeof(actions) / sizeof(actions[0]); i++) {
		if (strcmp(word, actions[i].word) != 0) {
			continue;
		}
		char *value = NULL;
		if (actions[i].takes_value && !next_word(p, &value)) {
			return false;
		}
		bool ok = actions[i].parse(rule, value, p);
		free(value);
		return ok;
	}
	return gridwl_config_error(p->error, p->where,
			"unknown window rule word '%s' (want KEY=REGEX, filter, "
			"decorations, workspace, sticky, output, position, size, "
			"center, always-on-top or floating)",
			word);
}

struct gridwl_window_rule *gridwl_window_rule_parse(const char *text,
		const char *where, char **error) {
	struct gridwl_window_rule *rule = calloc(1, sizeof(*rule));
	if (rule == NULL) {
		gridwl_config_error(error, where, "out of memory");
		return NULL;
	}
	wl_list_init(&rule->link);
	struct rule_parser p = { .pos = text, .where = where, .error = error };
	for (;;) {
		char *word;
		if (!next_word(&p, &word)) {
			goto error;
		}
		if (word == NULL) {
			break;
		}
		bool ok = parse_word(rule, &p, word);
		free(word);
		if (!ok) {
			goto error;
		}
	}
	if (rule->app_id.pattern == NULL && rule->title.pattern == NULL &&
			rule->x11_class.pattern == NULL) {
		gridwl_config_error(error, where,
				"window rule needs a criterion "
				"such as app_id=REGEX");
		goto error;
	}
	if (!rule->has_filter && !rule->has_decorations && rule->workspace == 0 &&
			!rule->sticky && !gridwl_window_placement_any(&rule->placement)) {
		gridwl_config_error(error, where,
				"window rule needs an action such as filter bilinear, "
				"decorations none or workspace 2");
		goto error;
	}
	return rule;

error:
	gridwl_window_rule_destroy(rule);
	return NULL;
}

static void criterion_finish(struct gridwl_window_criterion *criterion) {
	if (criterion->pattern != NULL) {
		regfree(&criterion->regex);
		free(criterion->pattern);
		criterion->pattern = NULL;
	}
}

void gridwl_window_rule_finish(struct gridwl_window_rule *rule) {
	criterion_finish(&rule->app_id);
	criterion_finish(&rule->title);
	criterion_finish(&rule->x11_class);
	gridwl_window_placement_finish(&rule->placement);
}

void gridwl_window_rule_destroy(struct gridwl_window_rule *rule) {
	if (rule == NULL) {
		return;
	}
	gridwl_window_rule_finish(rule);
	free(rule);
}

static bool criterion_matches(const struct gridwl_window_criterion *criterion,
		const char *value) {
	if (criterion->pattern == NULL) {
		return true;
	}
	// A window without the field (no app_id yet, or not an X11 window for
	// class) cannot satisfy a criterion on it.
	return value != NULL && regexec(&criterion->regex, value, 0, NULL, 0) == 0;
}

bool gridwl_window_rule_matches(const struct gridwl_window_rule *rule,
		const struct gridwl_window_identity *window) {
	return criterion_matches(&rule->app_id, window->app_id) &&
			criterion_matches(&rule->title, window->title) &&
			criterion_matches(&rule->x11_class, window->x11_class);
}

bool gridwl_config_window_filter(const struct gridwl_config *config,
		const struct gridwl_window_identity *window,
		enum gridwl_filter *filter) {
	bool found = false;
	const struct gridwl_window_rule *rule;
	// Later lines win, as everywhere else in the config.
	wl_list_for_each(rule, &config->window_rules, link) {
		if (rule->has_filter && gridwl_window_rule_matches(rule, window)) {
			*filter = rule->filter;
			found = true;
		}
	}
	return found;
}

bool gridwl_config_window_decorations(const struct gridwl_config *config,
		const struct gridwl_window_identity *window,
		enum gridwl_decoration_mode *decorations) {
	bool found = false;
	const struct gridwl_window_rule *rule;
	wl_list_for_each(rule, &config->window_rules, link) {
		if (rule->has_decorations && gridwl_window_rule_matches(rule, window)) {
			*decorations = rule->decorations;
			found = true;
		}
	}
	return found;
}

int gridwl_config_window_workspace(const struct gridwl_config *config,
		const struct gridwl_window_identity *window, bool *sticky) {
	int workspace = 0;
	*sticky = false;
	const struct gridwl_window_rule *rule;
	wl_list_for_each(rule, &config->window_rules, link) {
		if (!gridwl_window_rule_matches(rule, window)) {
			continue;
		}
		if (rule->workspace != 0) {
			workspace = rule->workspace;
		}
		*sticky = *sticky || rule->sticky;
	}
	return workspace;
}

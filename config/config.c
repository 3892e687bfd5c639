#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "config/blank.h"
#include "config/config.h"
#include "config/input_config.h"

struct gridwl_config *gridwl_config_create(void) {
	struct gridwl_config *config = calloc(1, sizeof(*config));
	if (config == NULL) {
		return NULL;
	}
	wl_list_init(&config->outputs);
	wl_list_init(&config->bindings);
	wl_list_init(&config->switch_bindings);
	wl_list_init(&config->execs);
	wl_list_init(&config->window_rules);
	wl_list_init(&config->inputs);
	config->xwayland = -1;
	config->decorations = -1;
	config->xwayland_scale = -1;
	return config;
}

static void exec_destroy(struct gridwl_exec *exec) {
	free(exec->command);
	free(exec);
}

void gridwl_config_destroy(struct gridwl_config *config) {
	if (config == NULL) {
		return;
	}
	struct gridwl_output_config *oc, *oc_tmp;
	wl_list_for_each_safe(oc, oc_tmp, &config->outputs, link) {
		wl_list_remove(&oc->link);
		gridwl_output_config_destroy(oc);
	}
	struct gridwl_binding *binding, *binding_tmp;
	wl_list_for_each_safe(binding, binding_tmp, &config->bindings, link) {
		wl_list_remove(&binding->link);
		gridwl_binding_destroy(binding);
	}
	wl_list_for_each_safe(binding, binding_tmp, &config->switch_bindings,
			link) {
		wl_list_remove(&binding->link);
		gridwl_binding_destroy(binding);
	}
	struct gridwl_exec *exec, *exec_tmp;
	wl_list_for_each_safe(exec, exec_tmp, &config->execs, link) {
		wl_list_remove(&exec->link);
		exec_destroy(exec);
	}
	struct gridwl_window_rule *rule, *rule_tmp;
	wl_list_for_each_safe(rule, rule_tmp, &config->window_rules, link) {
		wl_list_remove(&rule->link);
		gridwl_window_rule_destroy(rule);
	}
	struct gridwl_input_config *ic, *ic_tmp;
	wl_list_for_each_safe(ic, ic_tmp, &config->inputs, link) {
		wl_list_remove(&ic->link);
		gridwl_input_config_destroy(ic);
	}
	free(config->cursor_theme);
	free(config->decoration_font);
	for (int i = 0; i < GRIDWL_WORKSPACE_COUNT; i++) {
		free(config->workspace_names[i]);
	}
	free(config->path);
	free(config);
}

char *gridwl_config_parse_command(const char *keyword, const char *text,
		const char *where, char **error) {
	size_t len = strlen(text);
	while (len > 0 && gridwl_config_is_blank(text[len - 1])) {
		len--;
	}
	if (len == 0) {
		gridwl_config_error(error, where, "%s needs a command", keyword);
		return NULL;
	}
	char *command = strndup(text, len);
	if (command == NULL) {
		gridwl_config_error(error, where, "out of memory");
	}
	return command;
}

static bool parse_exec(struct gridwl_config *config, const char *text,
		const char *where, char **error) {
	char *command = gridwl_config_parse_command("exec", text, where, error);
	if (command == NULL) {
		return false;
	}
	struct gridwl_exec *exec = calloc(1, sizeof(*exec));
	if (exec == NULL) {
		free(command);
		return gridwl_config_error(error, where, "out of memory");
	}
	exec->command = command;
	wl_list_insert(config->execs.prev, &exec->link);
	return true;
}

/* "THEME SIZE": an xcursor theme name (one word) and its size at scale 1;
 * outputs of scale N get the theme's images of N times that size. */
static bool parse_cursor(struct gridwl_config *config, const char *text,
		const char *where, char **error) {
	char theme[256], size_text[32], extra[2];
	int words = sscanf(text, "%255s %31s %1s", theme, size_text, extra);
	if (words != 2) {
		return gridwl_config_error(error, where,
				"cursor wants THEME SIZE, e.g. 'cursor Adwaita 24'");
	}
	char *end;
	long size = strtol(size_text, &end, 10);
	if (*end != '\0' || size < 1 || size > GRIDWL_CURSOR_SIZE_MAX) {
		return gridwl_config_error(error, where,
				"cursor size must be an integer from 1 to %d, got '%s'",
				GRIDWL_CURSOR_SIZE_MAX, size_text);
	}
	char *copy = strdup(theme);
	if (copy == NULL) {
		return gridwl_config_error(error, where, "out of memory");
	}
	free(config->cursor_theme);
	config->cursor_theme = copy;
	config->cursor_size = (int)size;
	return true;
}

static bool parse_xwayland(struct gridwl_config *config, const char *text,
		const char *where, char **error) {
	size_t len = strlen(text);
	while (len > 0 && gridwl_config_is_blank(text[len - 1])) {
		len--;
	}
	if (len == 6 && strncmp(text, "enable", len) == 0) {
		config->xwayland = 1;
		return true;
	}
	if (len == 7 && strncmp(text, "disable", len) == 0) {
		config->xwayland = 0;
		return true;
	}
	if (len > 6 && strncmp(text, "scale", 5) == 0 &&
			gridwl_config_is_blank(text[5])) {
		const char *value = text + 6;
		while (gridwl_config_is_blank(*value)) {
			value++;
		}
		size_t value_len = len - (size_t)(value - text);
		if (value_len == 4 && strncmp(value, "auto", 4) == 0) {
			config->xwayland_scale = 0;
			return true;
		}
		if (value_len == 1 && value[0] >= '1' && value[0] <= '4') {
			config->xwayland_scale = value[0] - '0';
			return true;
		}
		return gridwl_config_error(error, where,
				"xwayland scale wants auto, 1, 2, 3 or 4, got '%.*s'",
				(int)value_len, value);
	}
	return gridwl_config_error(error, where,
			"xwayland wants enable, disable or scale, got '%.*s'", (int)len,
			text);
}

static bool parse_output(struct gridwl_config *config, const char *text,
		const char *where, char **error) {
	struct gridwl_output_config *oc =
			gridwl_output_config_parse(text, where, error);
	if (oc == NULL) {
		return false;
	}
	if (!gridwl_output_config_check_relation(config, oc, where, error)) {
		gridwl_output_config_destroy(oc);
		return false;
	}
	gridwl_config_add_output(config, oc);
	return true;
}

static bool parse_input(struct gridwl_config *config, const char *text,
		const char *where, char **error) {
	struct gridwl_input_config *ic =
			gridwl_input_config_parse(text, where, error);
	return ic != NULL &&
			gridwl_config_add_input_checked(config, ic, where, error);
}

static bool parse_bind(struct gridwl_config *config, const char *text,
		const char *where, char **error) {
	struct gridwl_binding *binding = gridwl_binding_parse(text, where, error);
	if (binding == NULL) {
		return false;
	}
	// One way out of a surface that takes every shortcut is enough, and
	// two would leave the user guessing which one works.
	const struct gridwl_binding *escape = binding->inhibit_escape ?
			gridwl_config_other_escape_binding(config, binding) :
			NULL;
	if (escape != NULL) {
		gridwl_config_error(error, where,
				"only one binding can be inhibit-escape, and %s has it",
				escape->escape_where);
		gridwl_binding_destroy(binding);
		return false;
	}
	gridwl_config_add_binding(config, binding);
	return true;
}

static bool parse_bindswitch(struct gridwl_config *config, const char *text,
		const char *where, char **error) {
	struct gridwl_binding *binding =
			gridwl_switch_binding_parse(text, where, error);
	if (binding == NULL) {
		return false;
	}
	gridwl_config_add_switch_binding(config, binding);
	return true;
}

static bool parse_window(struct gridwl_config *config, const char *text,
		const char *where, char **error) {
	struct gridwl_window_rule *rule =
			gridwl_window_rule_parse(text, where, error);
	if (rule == NULL) {
		return false;
	}
	wl_list_insert(config->window_rules.prev, &rule->link);
	return true;
}

/* Parses the rest of a line, after its keyword and the blanks that follow. */
typedef bool (*line_parser)(struct gridwl_config *config, const char *text,
		const char *where, char **error);

static const struct {
	const char *keyword;
	line_parser parse;
} line_keywords[] = {
	{ "output", parse_output },
	{ "input", parse_input },
	{ "bind", parse_bind },
	{ "bindswitch", parse_bindswitch },
	{ "exec", parse_exec },
	{ "cursor", parse_cursor },
	{ "xwayland", parse_xwayland },
	{ "window", parse_window },
	{ "decorations", gridwl_config_parse_decorations },
	{ "decoration", gridwl_config_parse_decoration },
	{ "workspace", gridwl_config_parse_workspace },
};

bool gridwl_config_parse_line(struct gridwl_config *config, const char *line,
		const char *where, char **error) {
	const char *start = line;
	while (gridwl_config_is_blank(*start)) {
		start++;
	}
	if (*start == '\0' || *start == '#') {
		return true;
	}

	const char *end = start;
	while (*end != '\0' && !gridwl_config_is_blank(*end)) {
		end++;
	}
	size_t len = (size_t)(end - start);
	const char *rest = end;
	while (gridwl_config_is_blank(*rest)) {
		rest++;
	}

	for (size_t i = 0; i < sizeof(line_keywords) / sizeof(line_keywords[0]);
			i++) {
		const char *keyword = line_keywords[i].keyword;
		if (strlen(keyword) == len && strncmp(start, keyword, len) == 0) {
			return line_keywords[i].parse(config, rest, where, error);
		}
	}
	return gridwl_config_error(error, where, "unknown command '%.*s'", (int)len,
			start);
}

/* Moves everything parsed into config, as if its lines had come last. */
static void append_config(struct gridwl_config *config,
		struct gridwl_config *parsed) {
	struct gridwl_output_config *oc, *oc_tmp;
	wl_list_for_each_safe(oc, oc_tmp, &parsed->outputs, link) {
		wl_list_remove(&oc->link);
		gridwl_config_add_output(config, oc);
	}
	struct gridwl_binding *binding, *binding_tmp;
	wl_list_for_each_safe(binding, binding_tmp, &parsed->bindings, link) {
		wl_list_remove(&binding->link);
		gridwl_config_add_binding(config, binding);
	}
	wl_list_for_each_safe(binding, binding_tmp, &parsed->switch_bindings,
			link) {
		wl_list_remove(&binding->link);
		gridwl_config_add_switch_binding(config, binding);
	}
	struct gridwl_input_config *ic, *ic_tmp;
	wl_list_for_each_safe(ic, ic_tmp, &parsed->inputs, link) {
		wl_list_remove(&ic->link);
		gridwl_config_add_input(config, ic);
	}
	wl_list_insert_list(config->execs.prev, &parsed->execs);
	wl_list_init(&parsed->execs);
	wl_list_insert_list(config->window_rules.prev, &parsed->window_rules);
	wl_list_init(&parsed->window_rules);
	if (parsed->cursor_theme != NULL) {
		free(config->cursor_theme);
		config->cursor_theme = parsed->cursor_theme;
		config->cursor_size = parsed->cursor_size;
		parsed->cursor_theme = NULL;
	}
	if (parsed->xwayland >= 0) {
		config->xwayland = parsed->xwayland;
	}
	gridwl_config_append_decoration(config, parsed);
	gridwl_config_append_workspaces(config, parsed);
	if (parsed->xwayland_scale >= 0) {
		config->xwayland_scale = parsed->xwayland_scale;
	}
}

/* Gets each error of a file (a malloc'd "FILE:LINE: message", or NULL when
 * memory ran out) and owns it; returning false ends the parse there. */
typedef bool (*error_sink)(char *error, void *data);

/* Returns whether the whole file parsed without error. */
static bool parse_file(struct gridwl_config *parsed, FILE *f, const char *path,
		error_sink sink, void *data) {
	// Room for the path, ':' and any line number a size_t can hold.
	size_t where_size = strlen(path) + 32;
	char *where = malloc(where_size);
	if (where == NULL) {
		char *error = NULL;
		gridwl_config_error(&error, path, "out of memory");
		sink(error, data);
		return false;
	}

	bool ok = true;
	char *line = NULL;
	size_t line_size = 0;
	size_t lineno = 0;
	for (;;) {
		errno = 0;
		ssize_t len = getline(&line, &line_size, f);
		if (len == -1) {
			// Not just the end: a read error or lack of memory must
			// not pass for a shorter, valid file.
			if (!feof(f)) {
				char *error = NULL;
				gridwl_config_error(&error, path, "%s",
						strerror(errno != 0 ? errno : EIO));
				sink(error, data);
				ok = false;
			}
			break;
		}
		lineno++;
		snprintf(where, where_size, "%s:%zu", path, lineno);
		char *error = NULL;
		// parse_line sees a C string, so a NUL would silently cut the
		// line short: an exec could run something other than written.
		if (memchr(line, '\0', (size_t)len) != NULL) {
			gridwl_config_error(&error, where, "line contains a NUL byte");
		} else if (gridwl_config_parse_line(parsed, line, where, &error)) {
			continue;
		}
		ok = false;
		if (!sink(error, data)) {
			break;
		}
	}

	free(line);
	free(where);
	return ok;
}

static bool keep_first_error(char *error, void *data) {
	char **first = data;
	*first = error;
	return false;
}

bool gridwl_config_load(struct gridwl_config *config, const char *path,
		char **error) {
	FILE *f = fopen(path, "r");
	if (f == NULL) {
		return gridwl_config_error(error, path, "%s", strerror(errno));
	}

	struct gridwl_config *parsed = gridwl_config_create();
	char *path_copy = strdup(path);
	bool ok = parsed != NULL && path_copy != NULL;
	char *first_error = NULL;
	if (!ok) {
		gridwl_config_error(&first_error, path, "out of memory");
	} else {
		ok = parse_file(parsed, f, path, keep_first_error, &first_error);
	}
	fclose(f);

	if (ok) {
		append_config(config, parsed);
		free(config->path);
		config->path = path_copy;
	} else {
		free(path_copy);
		if (error != NULL) {
			*error = first_error;
		} else {
			free(first_error);
		}
	}
	gridwl_config_destroy(parsed);
	return ok;
}

struct check_report {
	gridwl_config_report_fn report;
	void *data;
	int count;
};

static bool report_and_go_on(char *error, void *data) {
	struct check_report *check = data;
	check->count++;
	check->report(error != NULL ? error : "out of memory", check->data);
	free(error);
	return true;
}

int gridwl_config_check(const char *path, gridwl_config_report_fn report,
		void *data) {
	struct check_report check = { .report = report, .data = data };
	FILE *f = fopen(path, "r");
	if (f == NULL) {
		char *error = NULL;
		gridwl_config_error(&error, path, "%s", strerror(errno));
		report_and_go_on(error, &check);
		return check.count;
	}
	struct gridwl_config *parsed = gridwl_config_create();
	if (parsed == NULL) {
		report_and_go_on(NULL, &check);
	} else {
		parse_file(parsed, f, path, report_and_go_on, &check);
	}
	fclose(f);
	gridwl_config_destroy(parsed);
	return check.count;
}

const char *gridwl_config_keyword(size_t index) {
	size_t count = sizeof(line_keywords) / sizeof(line_keywords[0]);
	return index < count ? line_keywords[index].keyword : NULL;
}

static char *join_path(const char *dir, const char *suffix) {
	size_t len = strlen(dir) + strlen(suffix) + 1;
	char *path = malloc(len);
	if (path != NULL) {
		snprintf(path, len, "%s%s", dir, suffix);
	}
	return path;
}

char *gridwl_config_default_path(void) {
	// The XDG base directory spec says to ignore empty and relative values.
	const char *config_home = getenv("XDG_CONFIG_HOME");
	if (config_home != NULL && config_home[0] == '/') {
		return join_path(config_home, "/gridwl/config");
	}
	const char *home = getenv("HOME");
	if (home != NULL && home[0] != '\0') {
		return join_path(home, "/.config/gridwl/config");
	}
	return NULL;
}

const char *gridwl_config_pick(const char *user_path, const char *system_path) {
	if (user_path != NULL && access(user_path, F_OK) == 0) {
		return user_path;
	}
	if (system_path != NULL && access(system_path, F_OK) == 0) {
		return system_path;
	}
	return NULL;
}

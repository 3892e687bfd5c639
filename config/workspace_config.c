#include <stdlib.h>
#include <string.h>
#include "config/blank.h"
#include "config/config.h"

/*
 * "workspace N name NAME": what gridctl workspaces, bars (ext-workspace-v1)
 * and "workspace NAME" in bind lines call workspace N. NAME is one word or
 * a double-quoted text; a workspace without a name is called by its number.
 */

int gridwl_workspace_number(const char *word) {
	// Digits only: strtol would take "+3", " 3" or "03" too.
	size_t len = strlen(word);
	if (len == 0 || len > 2 || strspn(word, "0123456789") != len ||
			word[0] == '0') {
		return 0;
	}
	int number = atoi(word);
	return number <= GRIDWL_WORKSPACE_COUNT ? number : 0;
}

/* NAME at text, quoted or one word, up to the end of the line; a fresh
 * string, or NULL and *error. */
static char *parse_name(const char *text, const char *where, char **error) {
	size_t len = strlen(text);
	while (len > 0 && gridwl_config_is_blank(text[len - 1])) {
		len--;
	}
	if (len >= 2 && text[0] == '"' && text[len - 1] == '"') {
		text++;
		len -= 2;
		if (memchr(text, '"', len) != NULL) {
			gridwl_config_error(error, where,
					"workspace name: a quote inside the quotes");
			return NULL;
		}
	} else if (memchr(text, '"', len) != NULL) {
		gridwl_config_error(error, where,
				"workspace name: unbalanced quote in '%.*s'", (int)len, text);
		return NULL;
	} else {
		for (size_t i = 0; i < len; i++) {
			if (gridwl_config_is_blank(text[i])) {
				gridwl_config_error(error, where,
						"workspace name '%.*s' has blanks: quote it", (int)len,
						text);
				return NULL;
			}
		}
	}
	if (len == 0) {
		gridwl_config_error(error, where, "workspace name is empty");
		return NULL;
	}
	char *name = strndup(text, len);
	if (name == NULL) {
		gridwl_config_error(error, where, "out of memory");
		return NULL;
	}
	// A name that reads as another workspace's number, or as a word of
	// the workspace action, would make "workspace WORD" ambiguous.
	if (gridwl_workspace_number(name) != 0 || strcmp(name, "next") == 0 ||
			strcmp(name, "prev") == 0 || strcmp(name, "back-and-forth") == 0) {
		gridwl_config_error(error, where,
				"workspace name '%s' is taken by the workspace action", name);
		free(name);
		return NULL;
	}
	return name;
}

bool gridwl_config_parse_workspace(struct gridwl_config *config,
		const char *text, const char *where, char **error) {
	const char *end = text;
	while (*end != '\0' && !gridwl_config_is_blank(*end)) {
		end++;
	}
	char number_text[4] = "";
	size_t len = (size_t)(end - text);
	if (len < sizeof(number_text)) {
		memcpy(number_text, text, len);
		number_text[len] = '\0';
	}
	int number = gridwl_workspace_number(number_text);
	if (number == 0) {
		return gridwl_config_error(error, where,
				"workspace wants a number from 1 to %d, got '%.*s'",
				GRIDWL_WORKSPACE_COUNT, (int)len, text);
	}
	const char *rest = gridwl_config_skip_blanks(end);
	if (strncmp(rest, "name", 4) != 0 || !gridwl_config_is_blank(rest[4])) {
		return gridwl_config_error(error, where,
				"workspace wants 'workspace N name NAME', got '%s'", text);
	}
	char *name = parse_name(gridwl_config_skip_blanks(rest + 4), where, error);
	if (name == NULL) {
		return false;
	}
	for (int i = 0; i < GRIDWL_WORKSPACE_COUNT; i++) {
		if (i != number - 1 && config->workspace_names[i] != NULL &&
				strcmp(config->workspace_names[i], name) == 0) {
			gridwl_config_error(error, where,
					"workspace name '%s' is workspace %d's already", name,
					i + 1);
			free(name);
			return false;
		}
	}
	free(config->workspace_names[number - 1]);
	config->workspace_names[number - 1] = name;
	return true;
}

void gridwl_config_append_workspaces(struct gridwl_config *config,
		struct gridwl_config *parsed) {
	for (int i = 0; i < GRIDWL_WORKSPACE_COUNT; i++) {
		if (parsed->workspace_names[i] != NULL) {
			free(config->workspace_names[i]);
			config->workspace_names[i] = parsed->workspace_names[i];
			parsed->workspace_names[i] = NULL;
		}
	}
}

#include <stdio.h>
#include "config/config.h"
#include "config/input_config.h"
#include "protocol/control.h"

/*
 * Prints every word the manual pages must name, as "PAGE WORD" lines, from
 * the tables the parsers and gridctl use themselves (line keywords, the keys
 * of output and input lines, window rule criteria and actions, bind
 * actions, decoration settings, gridctl commands): a word added to the code
 * without a term in its page fails man-pages.sh. WORD may be two words, a
 * line keyword and its setting ("decoration font").
 */

/* prefix: the line keyword the words follow ("decoration font"), or "". */
static void print_words(const char *page, const char *prefix,
		const char *(*word)(size_t index)) {
	for (size_t i = 0; word(i) != NULL; i++) {
		printf("%s %s%s\n", page, prefix, word(i));
	}
}

int main(void) {
	print_words("gridwl.5", "", gridwl_config_keyword);
	print_words("gridwl.5", "", gridwl_output_config_key);
	print_words("gridwl.5", "", gridwl_binding_action_name);
	print_words("gridwl.5", "", gridwl_input_config_key);
	// Criteria are terms as KEY=REGEX ("app_id=regex"), actions as words.
	print_words("gridwl.5", "", gridwl_window_rule_word);
	print_words("gridwl.5", "decoration ", gridwl_config_decoration_key);
	for (int i = 0; i < GRIDWL_CONTROL_COMMAND_COUNT; i++) {
		printf("gridctl.1 %s\n", gridwl_control_command_name(i));
	}
	return 0;
}

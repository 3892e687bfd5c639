#include <stdio.h>
#include "config/config.h"
#include "config/input_config.h"
#include "protocol/control.h"

/*
 * Prints every word the manual pages must name, as "PAGE WORD" lines, from
 * the tables the parsers and gridctl use themselves: a keyword or command
 * added to the code without a word in its page fails man-pages.sh.
 */

static void print_words(const char *page, const char *(*word)(size_t index)) {
	for (size_t i = 0; word(i) != NULL; i++) {
		printf("%s %s\n", page, word(i));
	}
}

int main(void) {
	print_words("gridwl.5", gridwl_config_keyword);
	print_words("gridwl.5", gridwl_output_config_key);
	print_words("gridwl.5", gridwl_binding_action_name);
	print_words("gridwl.5", gridwl_input_config_key);
	for (int i = 0; i < GRIDWL_CONTROL_COMMAND_COUNT; i++) {
		printf("gridctl.1 %s\n", gridwl_control_command_name(i));
	}
	return 0;
}

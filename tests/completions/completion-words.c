#include <stdio.h>
#include "config/config.h"
#include "config/input_config.h"
#include "protocol/control.h"

/*
 * Prints every word gridctl's completions must offer besides its commands
 * (which drift.sh reads from gridctl --help): the keys of output and input
 * lines, which gridctl output and gridctl input pass on, and the bind
 * actions of gridctl action, one a line, from the parsers' own tables.
 */

static void print_words(const char *(*word)(size_t index)) {
	for (size_t i = 0; word(i) != NULL; i++) {
		printf("%s\n", word(i));
	}
}

int main(void) {
	print_words(gridwl_output_config_key);
	print_words(gridwl_input_config_key);
	print_words(gridwl_binding_action_name);
	return 0;
}

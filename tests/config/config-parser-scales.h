#ifndef GRIDWL_TESTS_CONFIG_PARSER_SCALES_H
#define GRIDWL_TESTS_CONFIG_PARSER_SCALES_H

// config-parser's scale cases (test-config-scales.c).
void test_config_scales(void);

#endif

#include <json-c/json.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "gridctl/request.h"
#include "gridctl/socket_path.h"
#include "stop-on-failure.h"

#define ARGV(...) \
	(char *[]) { \
		__VA_ARGS__, NULL \
	}

static const char *cwd = "/home/user/work";

static int argc_of(char **argv) {
	int argc = 0;
	while (argv[argc] != NULL) {
		argc++;
	}
	return argc;
}

/* The request built from argv must equal expected, member order aside. */
static bool builds(char **argv, const char *expected) {
	char *error = NULL;
	char *line = gridctl_build_request(argc_of(argv), argv, cwd, &error);
	if (line == NULL) {
		fprintf(stderr, "%s: unexpected error: %s\n", argv[0], error);
		free(error);
		return false;
	}
	bool ok = error == NULL && strchr(line, '\n') == NULL;
	struct json_object *got = json_tokener_parse(line);
	struct json_object *want = json_tokener_parse(expected);
	if (want == NULL) {
		fprintf(stderr, "bad expectation %s\n", expected);
		exit(1);
	}
	if (got == NULL || !json_object_equal(got, want)) {
		fprintf(stderr, "%s: got %s, expected %s\n", argv[0], line, expected);
		ok = false;
	}
	json_object_put(got);
	json_object_put(want);
	free(line);
	return ok;
}

/* Building argv must fail with an error containing substring. */
static bool fails(char **argv, const char *substring) {
	char *error = NULL;
	char *line = gridctl_build_request(argc_of(argv), argv, cwd, &error);
	if (line != NULL) {
		fprintf(stderr, "%s: unexpectedly built %s\n",
				argc_of(argv) > 0 ? argv[0] : "(none)", line);
		free(line);
		free(error);
		return false;
	}
	bool ok = error != NULL && strstr(error, substring) != NULL;
	if (!ok) {
		fprintf(stderr, "error '%s' lacks '%s'\n", error ? error : "(null)",
				substring);
	}
	free(error);
	return ok;
}

/* Numbers must be sent as JSON ints, not strings or doubles, in the
 * order the protocol lists them. */
static void test_int_types(void) {
	char *error = NULL;
	char *line =
			gridctl_build_request(4, ARGV("move", "7", "-3", "0"), cwd, &error);
	CHECK(line != NULL);
	struct json_object *req = json_tokener_parse(line);
	struct json_object *member;
	CHECK(json_object_object_get_ex(req, "id", &member));
	CHECK(json_object_is_type(member, json_type_int));
	CHECK(json_object_get_int(member) == 7);
	CHECK(json_object_object_get_ex(req, "x", &member));
	CHECK(json_object_is_type(member, json_type_int));
	CHECK(json_object_get_int(member) == -3);
	json_object_put(req);
	// The command comes first, for anyone reading the socket traffic.
	CHECK(strncmp(line, "{\"command\":\"move\"", 17) == 0);
	free(line);
}

static void test_parse_int(void) {
	int v = 42;
	CHECK(gridctl_parse_int("0", &v) && v == 0);
	CHECK(gridctl_parse_int("-17", &v) && v == -17);
	CHECK(gridctl_parse_int("+5", &v) && v == 5);
	CHECK(gridctl_parse_int("2147483647", &v) && v == 2147483647);
	CHECK(gridctl_parse_int("-2147483648", &v) && v == -2147483647 - 1);
	v = 42;
	CHECK(!gridctl_parse_int("2147483648", &v));
	CHECK(!gridctl_parse_int("-2147483649", &v));
	CHECK(!gridctl_parse_int("99999999999999999999999", &v));
	CHECK(!gridctl_parse_int("", &v));
	CHECK(!gridctl_parse_int("-", &v));
	CHECK(!gridctl_parse_int(" 5", &v));
	CHECK(!gridctl_parse_int("5 ", &v));
	CHECK(!gridctl_parse_int("5x", &v));
	CHECK(!gridctl_parse_int("0x10", &v));
	CHECK(!gridctl_parse_int("1.5", &v));
	CHECK(!gridctl_parse_int("--5", &v));
	CHECK(v == 42);
}

static void test_simple_commands(void) {
	CHECK(builds(ARGV("outputs"), "{\"command\":\"outputs\"}"));
	CHECK(builds(ARGV("windows"), "{\"command\":\"windows\"}"));
	CHECK(builds(ARGV("layers"), "{\"command\":\"layers\"}"));
	CHECK(builds(ARGV("reload"), "{\"command\":\"reload\"}"));
	CHECK(builds(ARGV("exit"), "{\"command\":\"exit\"}"));
	CHECK(builds(ARGV("stats"), "{\"command\":\"stats\"}"));
	CHECK(fails(ARGV("outputs", "extra"), "usage: gridctl outputs"));
	CHECK(fails(ARGV("exit", "now"), "usage"));
}

static void test_window_commands(void) {
	CHECK(builds(ARGV("move", "3", "100", "-20"),
			"{\"command\":\"move\",\"id\":3,\"x\":100,\"y\":-20}"));
	CHECK(builds(ARGV("move", "3", "-2147483648", "2147483647"),
			"{\"command\":\"move\",\"id\":3,\"x\":-2147483648,"
			"\"y\":2147483647}"));
	CHECK(builds(ARGV("resize", "12", "640", "480"),
			"{\"command\":\"resize\",\"id\":12,\"width\":640,"
			"\"height\":480}"));
	CHECK(builds(ARGV("focus", "1"), "{\"command\":\"focus\",\"id\":1}"));
	CHECK(builds(ARGV("close", "9"), "{\"command\":\"close\",\"id\":9}"));

	CHECK(fails(ARGV("move", "3", "100"), "usage: gridctl move ID X Y"));
	CHECK(fails(ARGV("move", "3", "100", "20", "4"), "usage"));
	CHECK(fails(ARGV("move", "abc", "1", "2"), "invalid ID 'abc'"));
	CHECK(fails(ARGV("move", "1", "1e3", "2"), "invalid X '1e3'"));
	CHECK(fails(ARGV("move", "1", "2", "2147483648"), "invalid Y"));
	CHECK(fails(ARGV("resize", "1", "640"), "usage"));
	CHECK(fails(ARGV("resize", "1", "640", "4 80"), "invalid height"));
	CHECK(fails(ARGV("resize", "1", "", "480"), "invalid width"));
	CHECK(fails(ARGV("focus"), "usage: gridctl focus ID"));
	CHECK(fails(ARGV("focus", "1", "2"), "usage"));
	CHECK(fails(ARGV("focus", "one"), "invalid ID"));
	CHECK(fails(ARGV("close"), "usage"));
	CHECK(fails(ARGV("close", "9.0"), "invalid ID"));
}

static void test_output_commands(void) {
	CHECK(builds(ARGV("output", "HEADLESS-1", "scale", "2"),
			"{\"command\":\"output\",\"name\":\"HEADLESS-1\","
			"\"args\":[\"scale\",\"2\"]}"));
	CHECK(builds(ARGV("output", "HEADLESS-1", "disable"),
			"{\"command\":\"output\",\"name\":\"HEADLESS-1\","
			"\"args\":[\"disable\"]}"));
	// Values are passed on verbatim, for the compositor to judge.
	CHECK(builds(ARGV("output", "X", "mode", "1920x1080@60", "pos", "-5", "0",
						 "a b\"c"),
			"{\"command\":\"output\",\"name\":\"X\",\"args\":[\"mode\","
			"\"1920x1080@60\",\"pos\",\"-5\",\"0\",\"a b\\\"c\"]}"));
	// '*' (every output) and the power keys are the compositor's to
	// judge too.
	CHECK(builds(ARGV("output", "*", "dpms", "off"),
			"{\"command\":\"output\",\"name\":\"*\","
			"\"args\":[\"dpms\",\"off\"]}"));
	CHECK(fails(ARGV("output", "HEADLESS-1"), "usage: gridctl output"));
	CHECK(fails(ARGV("output"), "usage"));

	// input lines: the identifier and the words, for the compositor to
	// judge; inputs takes nothing.
	CHECK(builds(ARGV("input", "type:keyboard", "xkb_layout", "us,de"),
			"{\"command\":\"input\",\"identifier\":\"type:keyboard\","
			"\"args\":[\"xkb_layout\",\"us,de\"]}"));
	CHECK(builds(ARGV("input", "1:2:Touch Pad", "calibration_matrix", "1", "0",
						 "0", "0", "1", "0"),
			"{\"command\":\"input\",\"identifier\":\"1:2:Touch Pad\","
			"\"args\":[\"calibration_matrix\",\"1\",\"0\",\"0\",\"0\","
			"\"1\",\"0\"]}"));
	CHECK(fails(ARGV("input", "*"), "usage: gridctl input"));
	CHECK(builds(ARGV("inputs"), "{\"command\":\"inputs\"}"));
	CHECK(fails(ARGV("inputs", "x"), "usage: gridctl inputs"));

	CHECK(builds(ARGV("create-output", "1920x1080"),
			"{\"command\":\"create-output\",\"width\":1920,"
			"\"height\":1080}"));
	CHECK(builds(ARGV("create-output", "800X600", "scale", "2"),
			"{\"command\":\"create-output\",\"width\":800,\"height\":600,"
			"\"scale\":2}"));
	CHECK(fails(ARGV("create-output"), "usage: gridctl create-output"));
	CHECK(fails(ARGV("create-output", "1920"), "invalid size '1920'"));
	CHECK(fails(ARGV("create-output", "x1080"), "invalid size"));
	CHECK(fails(ARGV("create-output", "1920x"), "invalid size"));
	CHECK(fails(ARGV("create-output", "1920x1080x2"), "invalid size"));
	CHECK(fails(ARGV("create-output", "1920 x1080"), "invalid size"));
	CHECK(fails(ARGV("create-output", "99999999999x1"), "invalid size"));
	CHECK(fails(ARGV("create-output", "800x600", "scale"), "scale needs"));
	CHECK(fails(ARGV("create-output", "800x600", "scale", "two"),
			"invalid scale 'two'"));
	CHECK(fails(ARGV("create-output", "800x600", "zoom", "2"),
			"unknown option 'zoom'"));
	CHECK(builds(ARGV("create-output", "2880x1800", "physical", "300x190"),
			"{\"command\":\"create-output\",\"width\":2880,"
			"\"height\":1800,\"physical_width_mm\":300,"
			"\"physical_height_mm\":190}"));
	CHECK(builds(ARGV("create-output", "800x600", "physical", "10x10", "scale",
						 "2"),
			"{\"command\":\"create-output\",\"width\":800,\"height\":600,"
			"\"physical_width_mm\":10,\"physical_height_mm\":10,"
			"\"scale\":2}"));
	CHECK(fails(ARGV("create-output", "800x600", "physical"),
			"physical needs"));
	CHECK(fails(ARGV("create-output", "800x600", "physical", "300"),
			"invalid size '300'"));
	CHECK(fails(ARGV("create-output", "800x600", "scale", "2", "x"),
			"unknown option 'x'"));
	CHECK(fails(ARGV("create-output", "800x600", "scale", "2", "physical",
						"1x1", "x"),
			"usage"));

	CHECK(builds(ARGV("destroy-output", "HEADLESS-2"),
			"{\"command\":\"destroy-output\",\"name\":\"HEADLESS-2\"}"));
	CHECK(fails(ARGV("destroy-output"), "usage"));
	CHECK(fails(ARGV("destroy-output", "A", "B"), "usage"));
}

static void test_screenshot(void) {
	CHECK(builds(ARGV("screenshot", "shot.png"),
			"{\"command\":\"screenshot\","
			"\"path\":\"/home/user/work/shot.png\"}"));
	CHECK(builds(ARGV("screenshot", "sub/../shot.png"),
			"{\"command\":\"screenshot\","
			"\"path\":\"/home/user/work/sub/../shot.png\"}"));
	CHECK(builds(ARGV("screenshot", "/tmp/a.png"),
			"{\"command\":\"screenshot\",\"path\":\"/tmp/a.png\"}"));
	CHECK(builds(ARGV("screenshot", "-o", "HEADLESS-1", "a.png"),
			"{\"command\":\"screenshot\",\"path\":\"/home/user/work/a.png\","
			"\"output\":\"HEADLESS-1\"}"));
	CHECK(builds(ARGV("screenshot", "--cursor", "/a.png"),
			"{\"command\":\"screenshot\",\"path\":\"/a.png\","
			"\"cursor\":true}"));
	CHECK(builds(ARGV("screenshot", "/a.png", "--cursor", "--output", "B"),
			"{\"command\":\"screenshot\",\"path\":\"/a.png\","
			"\"output\":\"B\",\"cursor\":true}"));
	CHECK(builds(ARGV("screenshot", "--", "-dash.png"),
			"{\"command\":\"screenshot\","
			"\"path\":\"/home/user/work/-dash.png\"}"));

	CHECK(builds(ARGV("screenshot", "--window", "3", "--scale", "1.5",
						 "/a.png"),
			"{\"command\":\"screenshot\",\"window\":3,\"scale\":1.5,"
			"\"path\":\"/a.png\"}"));
	CHECK(fails(ARGV("screenshot", "--scale", "1.5.0", "/a.png"),
			"invalid scale '1.5.0'"));
	CHECK(fails(ARGV("screenshot", "--scale", ".5", "/a.png"),
			"invalid scale '.5'"));
	CHECK(fails(ARGV("screenshot"), "usage: gridctl screenshot"));
	CHECK(fails(ARGV("screenshot", "--cursor"), "usage"));
	CHECK(fails(ARGV("screenshot", "-o", "A"), "usage"));
	CHECK(fails(ARGV("screenshot", "a.png", "-o"), "-o needs"));
	CHECK(fails(ARGV("screenshot", "a.png", "b.png"), "more than one"));
	CHECK(fails(ARGV("screenshot", "-x", "a.png"), "unknown option '-x'"));
	CHECK(fails(ARGV("screenshot", ""), "usage"));

	// A relative path cannot be made absolute without a directory.
	char *error = NULL;
	char *line =
			gridctl_build_request(2, ARGV("screenshot", "a.png"), NULL, &error);
	CHECK(line == NULL && error != NULL && strstr(error, "absolute"));
	free(error);
	line = gridctl_build_request(2, ARGV("screenshot", "/a.png"), NULL, &error);
	CHECK(line != NULL && error == NULL);
	free(line);
	// The root directory must not give "//a.png".
	line = gridctl_build_request(2, ARGV("screenshot", "a.png"), "/", &error);
	CHECK(line != NULL && strstr(line, "\"path\":\"/a.png\""));
	free(line);
}

static void test_wait(void) {
	CHECK(builds(ARGV("wait", "window", "--app-id", "^foot$", "--title", "a b",
						 "--class", "X", "--timeout", "3"),
			"{\"command\":\"wait\",\"for\":\"window\",\"app_id\":"
			"\"^foot$\",\"title\":\"a b\",\"class\":\"X\",\"timeout\":3}"));
	CHECK(builds(ARGV("wait", "window"),
			"{\"command\":\"wait\",\"for\":\"window\"}"));
	CHECK(builds(ARGV("wait", "settled", "--quiet", "50", "--timeout", "0.5"),
			"{\"command\":\"wait\",\"for\":\"settled\",\"quiet\":50,"
			"\"timeout\":0.5}"));
	CHECK(fails(ARGV("wait"), "usage: gridctl wait"));
	CHECK(fails(ARGV("wait", "forever"), "unknown condition 'forever'"));
	CHECK(fails(ARGV("wait", "settled", "--app-id", "x"),
			"unknown option '--app-id'"));
	CHECK(fails(ARGV("wait", "window", "--quiet", "5"),
			"unknown option '--quiet'"));
	CHECK(fails(ARGV("wait", "window", "--app-id"), "--app-id needs a value"));
	CHECK(fails(ARGV("wait", "settled", "--timeout", "0"), "invalid SECONDS"));
	CHECK(fails(ARGV("wait", "settled", "--timeout", "-1"), "invalid SECONDS"));
	CHECK(fails(ARGV("wait", "settled", "--quiet", "x"), "invalid MS"));

	// gridctl waits for the reply as long as the compositor may take.
	CHECK(gridctl_reply_timeout("{\"command\":\"stats\"}") ==
			GRIDCTL_IO_TIMEOUT_SECONDS);
	CHECK(gridctl_reply_timeout("{\"command\":\"wait\",\"for\":\"window\"}") ==
			GRIDCTL_IO_TIMEOUT_SECONDS + 10);
	CHECK(gridctl_reply_timeout("{\"command\":\"wait\",\"timeout\":100.5}") ==
			GRIDCTL_IO_TIMEOUT_SECONDS + 101);
}

static void test_gesture(void) {
	CHECK(builds(ARGV("gesture", "swipe", "3", "10", "-5"),
			"{\"command\":\"gesture\",\"kind\":\"swipe\",\"fingers\":3,"
			"\"dx\":10,\"dy\":-5}"));
	CHECK(builds(ARGV("gesture", "pinch", "2", "150", "-30"),
			"{\"command\":\"gesture\",\"kind\":\"pinch\",\"fingers\":2,"
			"\"scale\":150,\"rotation\":-30}"));
	CHECK(builds(ARGV("gesture", "hold", "1"),
			"{\"command\":\"gesture\",\"kind\":\"hold\",\"fingers\":1}"));
	CHECK(fails(ARGV("gesture", "wave", "1"), "invalid gesture 'wave'"));
	CHECK(fails(ARGV("gesture", "hold", "1", "2"),
			"gesture hold needs FINGERS"));
	CHECK(fails(ARGV("gesture", "swipe", "3"),
			"gesture swipe needs FINGERS DX DY"));
	CHECK(fails(ARGV("gesture", "pinch", "2", "1.5", "0"), "SCALE%"));
}

static void test_tablet(void) {
	CHECK(builds(ARGV("tablet", "motion", "10", "20", "--pressure", "0.5",
						 "--tilt", "30,-15.5"),
			"{\"command\":\"tablet\",\"action\":\"motion\",\"x\":10,"
			"\"y\":20,\"pressure\":0.5,\"tilt_x\":30.0,\"tilt_y\":-15.5}"));
	CHECK(builds(ARGV("tablet", "proximity-in", "1", "2"),
			"{\"command\":\"tablet\",\"action\":\"proximity-in\",\"x\":1,"
			"\"y\":2}"));
	CHECK(builds(ARGV("tablet", "button", "stylus", "down"),
			"{\"command\":\"tablet\",\"action\":\"button\",\"button\":"
			"\"stylus\",\"state\":\"down\"}"));
	CHECK(fails(ARGV("tablet", "wave", "1", "2"),
			"invalid tablet action 'wave'"));
	CHECK(fails(ARGV("tablet", "button", "stylus", "pressed"),
			"tablet button needs BUTTON down|up"));
	CHECK(fails(ARGV("tablet", "down", "1", "2", "--pressure"),
			"--pressure needs a value"));
	CHECK(fails(ARGV("tablet", "down", "1", "2", "--pressure", "x"),
			"invalid pressure 'x'"));
	CHECK(fails(ARGV("tablet", "down", "1", "2", "--tilt", "5"),
			"invalid tilt '5'"));
	CHECK(fails(ARGV("tablet", "down", "1", "2", "--size", "5"),
			"unknown tablet option '--size'"));
	CHECK(fails(ARGV("tablet", "motion", "1"), "tablet motion needs X Y"));
}

static void test_tablet_pad(void) {
	CHECK(builds(ARGV("tablet", "pad", "add"),
			"{\"command\":\"tablet\",\"action\":\"pad\",\"pad\":\"add\"}"));
	CHECK(builds(ARGV("tablet", "pad", "button", "3", "up"),
			"{\"command\":\"tablet\",\"action\":\"pad\",\"pad\":"
			"\"button\",\"index\":3,\"state\":\"up\"}"));
	CHECK(builds(ARGV("tablet", "pad", "ring", "0", "90.5"),
			"{\"command\":\"tablet\",\"action\":\"pad\",\"pad\":"
			"\"ring\",\"index\":0,\"position\":90.5}"));
	CHECK(builds(ARGV("tablet", "pad", "strip", "1", "stop"),
			"{\"command\":\"tablet\",\"action\":\"pad\",\"pad\":"
			"\"strip\",\"index\":1,\"position\":\"stop\"}"));
	CHECK(builds(ARGV("tablet", "pad", "mode", "2"),
			"{\"command\":\"tablet\",\"action\":\"pad\",\"pad\":"
			"\"mode\",\"mode\":2}"));
	CHECK(fails(ARGV("tablet", "pad", "add", "now"),
			"tablet pad add takes no arguments"));
	CHECK(fails(ARGV("tablet", "pad", "wave"),
			"invalid tablet pad action 'wave'"));
	CHECK(fails(ARGV("tablet", "pad", "button", "-1", "down"),
			"invalid button '-1': expected a natural number"));
	CHECK(fails(ARGV("tablet", "pad", "button", "1", "pressed"),
			"tablet pad button needs N down|up"));
	CHECK(fails(ARGV("tablet", "pad", "ring", "0"),
			"tablet pad ring needs N DEGREES|stop"));
	CHECK(fails(ARGV("tablet", "pad", "strip", "0", "top"),
			"invalid strip position 'top'"));
	CHECK(fails(ARGV("tablet", "pad", "mode"), "tablet pad mode needs MODE"));
}

static void test_raw_and_unknown(void) {
	char *error = NULL;
	// Sent exactly as given, malformed or not: that is what it is for.
	const char *raws[] = { "{\"command\":\"outputs\"}", "{bad", "[1,2]", "",
		NULL };
	for (int i = 0; raws[i] != NULL; i++) {
		char *line = gridctl_build_request(2, ARGV("raw", (char *)raws[i]), cwd,
				&error);
		CHECK(line != NULL && strcmp(line, raws[i]) == 0);
		free(line);
	}
	CHECK(fails(ARGV("raw"), "usage: gridctl raw JSON"));
	CHECK(fails(ARGV("raw", "{}", "{}"), "usage"));
	CHECK(fails(ARGV("raw", "{}\n{}"), "single line"));

	CHECK(fails(ARGV("frobnicate"), "unknown command 'frobnicate'"));
	CHECK(fails(ARGV("MOVE", "1", "2", "3"), "unknown command"));
	CHECK(fails((char *[]){ NULL }, "no command"));
}

static bool path_is(const char *sock, const char *runtime, const char *display,
		const char *expected) {
	char *error = NULL;
	char *path = gridctl_socket_path(sock, runtime, display, &error);
	bool ok;
	if (expected == NULL) {
		ok = path == NULL && error != NULL;
	} else {
		ok = path != NULL && strcmp(path, expected) == 0;
	}
	if (!ok) {
		fprintf(stderr, "socket path: got %s (%s), expected %s\n",
				path ? path : "NULL", error ? error : "no error",
				expected ? expected : "NULL");
	}
	free(path);
	free(error);
	return ok;
}

static void test_socket_path(void) {
	CHECK(path_is("/tmp/x.sock", "/run/user/1", "wayland-1", "/tmp/x.sock"));
	CHECK(path_is("/tmp/x.sock", NULL, NULL, "/tmp/x.sock"));
	CHECK(path_is(NULL, "/run/user/1", "wayland-1",
			"/run/user/1/gridwl-wayland-1.sock"));
	CHECK(path_is(NULL, "/run/user/1", NULL,
			"/run/user/1/gridwl-wayland-0.sock"));
	CHECK(path_is("", "/run/user/1", "", "/run/user/1/gridwl-wayland-0.sock"));
	CHECK(path_is(NULL, "/run/user/1", "/tmp/sockets/wayland-7",
			"/run/user/1/gridwl-wayland-7.sock"));
	CHECK(path_is(NULL, "/run/user/1", "/tmp/sockets/", NULL));
	CHECK(path_is(NULL, NULL, "wayland-1", NULL));
	CHECK(path_is(NULL, "", "wayland-1", NULL));
}

int main(void) {
	test_parse_int();
	test_int_types();
	test_simple_commands();
	test_window_commands();
	test_output_commands();
	test_screenshot();
	test_wait();
	test_gesture();
	test_tablet();
	test_tablet_pad();
	test_raw_and_unknown();
	test_socket_path();
	return 0;
}

#include <libinput.h>
#include <stdbool.h>
#include <wlr/backend/libinput.h>
#include "input/input_device.h"

/*
 * libinput's settings of input lines, on the devices libinput drives (a
 * DRM session's); nested, headless and virtual devices have none. A key
 * the config does not set gets libinput's default, so that a line taken
 * out and reloaded takes its setting back.
 */

static struct libinput_device *handle(struct wlr_input_device *device) {
	return wlr_input_device_is_libinput(device) ?
			wlr_libinput_get_device_handle(device) :
			NULL;
}

bool gridwl_libinput_is_touchpad(struct wlr_input_device *device) {
	struct libinput_device *dev = handle(device);
	return dev != NULL && libinput_device_config_tap_get_finger_count(dev) > 0;
}

void gridwl_libinput_ids(struct wlr_input_device *device, unsigned *vendor,
		unsigned *product) {
	struct libinput_device *dev = handle(device);
	*vendor = dev != NULL ? libinput_device_get_id_vendor(dev) : 0;
	*product = dev != NULL ? libinput_device_get_id_product(dev) : 0;
}

/* What the apply functions share: the device, the config, and the keys it
 * did not take. */
struct apply {
	struct libinput_device *dev;
	const struct gridwl_input_config *config;
	uint32_t refused;
};

static const struct gridwl_input_setting *get(struct apply *a,
		enum gridwl_input_key key) {
	const struct gridwl_input_setting *s = &a->config->settings[key];
	return s->set ? s : NULL;
}

/* available: whether the device has the feature; status: what setting it
 * said. A key the config sets is refused when either fails. */
static void check(struct apply *a, enum gridwl_input_key key, bool available,
		enum libinput_config_status status) {
	if (get(a, key) != NULL &&
			(!available || status != LIBINPUT_CONFIG_STATUS_SUCCESS)) {
		a->refused |= 1u << key;
	}
}

static bool toggle(struct apply *a, enum gridwl_input_key key,
		bool default_enabled) {
	const struct gridwl_input_setting *s = get(a, key);
	return s != NULL ? s->choice == GRIDWL_INPUT_ENABLED : default_enabled;
}

static void apply_tap(struct apply *a) {
	struct libinput_device *dev = a->dev;
	bool available = libinput_device_config_tap_get_finger_count(dev) > 0;
	enum libinput_config_status status = LIBINPUT_CONFIG_STATUS_UNSUPPORTED;
	if (available) {
		status = libinput_device_config_tap_set_enabled(dev,
				toggle(a, GRIDWL_INPUT_TAP,
						libinput_device_config_tap_get_default_enabled(dev)) ?
						LIBINPUT_CONFIG_TAP_ENABLED :
						LIBINPUT_CONFIG_TAP_DISABLED);
	}
	check(a, GRIDWL_INPUT_TAP, available, status);

	const struct gridwl_input_setting *map =
			get(a, GRIDWL_INPUT_TAP_BUTTON_MAP);
	if (available) {
		status = libinput_device_config_tap_set_button_map(dev,
				map == NULL ?
						libinput_device_config_tap_get_default_button_map(dev) :
						map->choice == GRIDWL_INPUT_TAP_MAP_LMR ?
						LIBINPUT_CONFIG_TAP_MAP_LMR :
						LIBINPUT_CONFIG_TAP_MAP_LRM);
	}
	check(a, GRIDWL_INPUT_TAP_BUTTON_MAP, available, status);

	if (available) {
		status = libinput_device_config_tap_set_drag_enabled(dev,
				toggle(a, GRIDWL_INPUT_DRAG,
						libinput_device_config_tap_get_default_drag_enabled(
								dev)) ?
						LIBINPUT_CONFIG_DRAG_ENABLED :
						LIBINPUT_CONFIG_DRAG_DISABLED);
	}
	check(a, GRIDWL_INPUT_DRAG, available, status);

	if (available) {
		const struct gridwl_input_setting *lock =
				get(a, GRIDWL_INPUT_DRAG_LOCK);
		status = libinput_device_config_tap_set_drag_lock_enabled(dev,
				lock == NULL ?
						libinput_device_config_tap_get_default_drag_lock_enabled(
								dev) :
						lock->choice == GRIDWL_INPUT_ENABLED ?
						LIBINPUT_CONFIG_DRAG_LOCK_ENABLED :
						LIBINPUT_CONFIG_DRAG_LOCK_DISABLED);
	}
	check(a, GRIDWL_INPUT_DRAG_LOCK, available, status);
}

static void apply_pointer(struct apply *a) {
	struct libinput_device *dev = a->dev;
	enum libinput_config_status status = LIBINPUT_CONFIG_STATUS_UNSUPPORTED;

	bool available = libinput_device_config_scroll_has_natural_scroll(dev);
	if (available) {
		status = libinput_device_config_scroll_set_natural_scroll_enabled(dev,
				toggle(a, GRIDWL_INPUT_NATURAL_SCROLL,
						libinput_device_config_scroll_get_default_natural_scroll_enabled(
								dev)));
	}
	check(a, GRIDWL_INPUT_NATURAL_SCROLL, available, status);

	available = libinput_device_config_accel_is_available(dev);
	const struct gridwl_input_setting *accel =
			get(a, GRIDWL_INPUT_POINTER_ACCEL);
	if (available) {
		status = libinput_device_config_accel_set_speed(dev,
				accel != NULL ?
						accel->number :
						libinput_device_config_accel_get_default_speed(dev));
	}
	check(a, GRIDWL_INPUT_POINTER_ACCEL, available, status);
	const struct gridwl_input_setting *profile =
			get(a, GRIDWL_INPUT_ACCEL_PROFILE);
	available = available &&
			libinput_device_config_accel_get_profiles(dev) !=
					LIBINPUT_CONFIG_ACCEL_PROFILE_NONE;
	if (available) {
		status = libinput_device_config_accel_set_profile(dev,
				profile == NULL ?
						libinput_device_config_accel_get_default_profile(dev) :
						profile->choice == GRIDWL_INPUT_ACCEL_FLAT ?
						LIBINPUT_CONFIG_ACCEL_PROFILE_FLAT :
						LIBINPUT_CONFIG_ACCEL_PROFILE_ADAPTIVE);
	}
	check(a, GRIDWL_INPUT_ACCEL_PROFILE, available, status);

	available = libinput_device_config_left_handed_is_available(dev);
	if (available) {
		status = libinput_device_config_left_handed_set(dev,
				toggle(a, GRIDWL_INPUT_LEFT_HANDED,
						libinput_device_config_left_handed_get_default(dev)));
	}
	check(a, GRIDWL_INPUT_LEFT_HANDED, available, status);

	available = libinput_device_config_middle_emulation_is_available(dev);
	if (available) {
		status = libinput_device_config_middle_emulation_set_enabled(dev,
				toggle(a, GRIDWL_INPUT_MIDDLE_EMULATION,
						libinput_device_config_middle_emulation_get_default_enabled(
								dev)) ?
						LIBINPUT_CONFIG_MIDDLE_EMULATION_ENABLED :
						LIBINPUT_CONFIG_MIDDLE_EMULATION_DISABLED);
	}
	check(a, GRIDWL_INPUT_MIDDLE_EMULATION, available, status);

	static const enum libinput_config_scroll_method scroll_methods[] = {
		[GRIDWL_INPUT_SCROLL_NONE] = LIBINPUT_CONFIG_SCROLL_NO_SCROLL,
		[GRIDWL_INPUT_SCROLL_TWO_FINGER] = LIBINPUT_CONFIG_SCROLL_2FG,
		[GRIDWL_INPUT_SCROLL_EDGE] = LIBINPUT_CONFIG_SCROLL_EDGE,
		[GRIDWL_INPUT_SCROLL_ON_BUTTON_DOWN] =
				LIBINPUT_CONFIG_SCROLL_ON_BUTTON_DOWN,
	};
	uint32_t methods = libinput_device_config_scroll_get_methods(dev);
	const struct gridwl_input_setting *method =
			get(a, GRIDWL_INPUT_SCROLL_METHOD);
	available = methods != LIBINPUT_CONFIG_SCROLL_NO_SCROLL;
	if (available) {
		status = libinput_device_config_scroll_set_method(dev,
				method != NULL ?
						scroll_methods[method->choice] :
						libinput_device_config_scroll_get_default_method(dev));
	}
	check(a, GRIDWL_INPUT_SCROLL_METHOD, available, status);
	available = (methods & LIBINPUT_CONFIG_SCROLL_ON_BUTTON_DOWN) != 0;
	const struct gridwl_input_setting *button =
			get(a, GRIDWL_INPUT_SCROLL_BUTTON);
	if (available) {
		status = libinput_device_config_scroll_set_button(dev,
				button != NULL ?
						(uint32_t)button->choice :
						libinput_device_config_scroll_get_default_button(dev));
	}
	check(a, GRIDWL_INPUT_SCROLL_BUTTON, available, status);

	available = libinput_device_config_dwt_is_available(dev);
	if (available) {
		status = libinput_device_config_dwt_set_enabled(dev,
				toggle(a, GRIDWL_INPUT_DWT,
						libinput_device_config_dwt_get_default_enabled(dev)) ?
						LIBINPUT_CONFIG_DWT_ENABLED :
						LIBINPUT_CONFIG_DWT_DISABLED);
	}
	check(a, GRIDWL_INPUT_DWT, available, status);

	static const enum libinput_config_click_method click_methods[] = {
		[GRIDWL_INPUT_CLICK_NONE] = LIBINPUT_CONFIG_CLICK_METHOD_NONE,
		[GRIDWL_INPUT_CLICK_BUTTON_AREAS] =
				LIBINPUT_CONFIG_CLICK_METHOD_BUTTON_AREAS,
		[GRIDWL_INPUT_CLICK_CLICKFINGER] =
				LIBINPUT_CONFIG_CLICK_METHOD_CLICKFINGER,
	};
	const struct gridwl_input_setting *click =
			get(a, GRIDWL_INPUT_CLICK_METHOD);
	available = libinput_device_config_click_get_methods(dev) !=
			LIBINPUT_CONFIG_CLICK_METHOD_NONE;
	if (available) {
		status = libinput_device_config_click_set_method(dev,
				click != NULL ?
						click_methods[click->choice] :
						libinput_device_config_click_get_default_method(dev));
	}
	check(a, GRIDWL_INPUT_CLICK_METHOD, available, status);
}

static void apply_common(struct apply *a) {
	struct libinput_device *dev = a->dev;
	static const enum libinput_config_send_events_mode modes[] = {
		[GRIDWL_INPUT_EVENTS_ENABLED] = LIBINPUT_CONFIG_SEND_EVENTS_ENABLED,
		[GRIDWL_INPUT_EVENTS_DISABLED] = LIBINPUT_CONFIG_SEND_EVENTS_DISABLED,
		[GRIDWL_INPUT_EVENTS_DISABLED_ON_EXTERNAL_MOUSE] =
				LIBINPUT_CONFIG_SEND_EVENTS_DISABLED_ON_EXTERNAL_MOUSE,
	};
	const struct gridwl_input_setting *events = get(a, GRIDWL_INPUT_EVENTS);
	enum libinput_config_status status =
			libinput_device_config_send_events_set_mode(dev,
					events != NULL ?
							modes[events->choice] :
							libinput_device_config_send_events_get_default_mode(
									dev));
	check(a, GRIDWL_INPUT_EVENTS, true, status);

	bool available = libinput_device_config_calibration_has_matrix(dev);
	const struct gridwl_input_setting *matrix =
			get(a, GRIDWL_INPUT_CALIBRATION_MATRIX);
	status = LIBINPUT_CONFIG_STATUS_UNSUPPORTED;
	if (available) {
		float m[6];
		if (matrix != NULL) {
			for (int i = 0; i < 6; i++) {
				m[i] = (float)matrix->matrix[i];
			}
		} else {
			libinput_device_config_calibration_get_default_matrix(dev, m);
		}
		status = libinput_device_config_calibration_set_matrix(dev, m);
	}
	check(a, GRIDWL_INPUT_CALIBRATION_MATRIX, available, status);
}

uint32_t gridwl_libinput_apply(struct wlr_input_device *device,
		const struct gridwl_input_config *config) {
	struct apply a = { .dev = handle(device), .config = config };
	if (a.dev == NULL) {
		// Every libinput key it is given: nothing drives them here.
		for (int key = GRIDWL_INPUT_TAP; key <= GRIDWL_INPUT_CALIBRATION_MATRIX;
				key++) {
			if (key != GRIDWL_INPUT_SCROLL_FACTOR && get(&a, key) != NULL) {
				a.refused |= 1u << key;
			}
		}
		return a.refused;
	}
	apply_common(&a);
	apply_tap(&a);
	apply_pointer(&a);
	return a.refused;
}

static void set_toggle(struct gridwl_input_setting *s, bool enabled) {
	s->set = true;
	s->choice = enabled ? GRIDWL_INPUT_ENABLED : GRIDWL_INPUT_DISABLED;
}

static void set_choice(struct gridwl_input_setting *s, int choice) {
	s->set = true;
	s->choice = choice;
}

bool gridwl_libinput_read(struct wlr_input_device *device,
		struct gridwl_input_setting *settings) {
	struct libinput_device *dev = handle(device);
	if (dev == NULL) {
		return false;
	}
	switch (libinput_device_config_send_events_get_mode(dev)) {
	case LIBINPUT_CONFIG_SEND_EVENTS_DISABLED:
		set_choice(&settings[GRIDWL_INPUT_EVENTS],
				GRIDWL_INPUT_EVENTS_DISABLED);
		break;
	case LIBINPUT_CONFIG_SEND_EVENTS_DISABLED_ON_EXTERNAL_MOUSE:
		set_choice(&settings[GRIDWL_INPUT_EVENTS],
				GRIDWL_INPUT_EVENTS_DISABLED_ON_EXTERNAL_MOUSE);
		break;
	default:
		set_choice(&settings[GRIDWL_INPUT_EVENTS], GRIDWL_INPUT_EVENTS_ENABLED);
		break;
	}
	if (libinput_device_config_tap_get_finger_count(dev) > 0) {
		set_toggle(&settings[GRIDWL_INPUT_TAP],
				libinput_device_config_tap_get_enabled(dev) ==
						LIBINPUT_CONFIG_TAP_ENABLED);
		set_choice(&settings[GRIDWL_INPUT_TAP_BUTTON_MAP],
				libinput_device_config_tap_get_button_map(dev) ==
								LIBINPUT_CONFIG_TAP_MAP_LMR ?
						GRIDWL_INPUT_TAP_MAP_LMR :
						GRIDWL_INPUT_TAP_MAP_LRM);
		set_toggle(&settings[GRIDWL_INPUT_DRAG],
				libinput_device_config_tap_get_drag_enabled(dev) ==
						LIBINPUT_CONFIG_DRAG_ENABLED);
		set_toggle(&settings[GRIDWL_INPUT_DRAG_LOCK],
				libinput_device_config_tap_get_drag_lock_enabled(dev) !=
						LIBINPUT_CONFIG_DRAG_LOCK_DISABLED);
	}
	if (libinput_device_config_scroll_has_natural_scroll(dev)) {
		set_toggle(&settings[GRIDWL_INPUT_NATURAL_SCROLL],
				libinput_device_config_scroll_get_natural_scroll_enabled(dev));
	}
	if (libinput_device_config_accel_is_available(dev)) {
		settings[GRIDWL_INPUT_POINTER_ACCEL].set = true;
		settings[GRIDWL_INPUT_POINTER_ACCEL].number =
				libinput_device_config_accel_get_speed(dev);
		set_choice(&settings[GRIDWL_INPUT_ACCEL_PROFILE],
				libinput_device_config_accel_get_profile(dev) ==
								LIBINPUT_CONFIG_ACCEL_PROFILE_FLAT ?
						GRIDWL_INPUT_ACCEL_FLAT :
						GRIDWL_INPUT_ACCEL_ADAPTIVE);
	}
	if (libinput_device_config_left_handed_is_available(dev)) {
		set_toggle(&settings[GRIDWL_INPUT_LEFT_HANDED],
				libinput_device_config_left_handed_get(dev));
	}
	if (libinput_device_config_middle_emulation_is_available(dev)) {
		set_toggle(&settings[GRIDWL_INPUT_MIDDLE_EMULATION],
				libinput_device_config_middle_emulation_get_enabled(dev) ==
						LIBINPUT_CONFIG_MIDDLE_EMULATION_ENABLED);
	}
	uint32_t methods = libinput_device_config_scroll_get_methods(dev);
	if (methods != LIBINPUT_CONFIG_SCROLL_NO_SCROLL) {
		enum libinput_config_scroll_method method =
				libinput_device_config_scroll_get_method(dev);
		set_choice(&settings[GRIDWL_INPUT_SCROLL_METHOD],
				method == LIBINPUT_CONFIG_SCROLL_2FG ?
						GRIDWL_INPUT_SCROLL_TWO_FINGER :
						method == LIBINPUT_CONFIG_SCROLL_EDGE ?
						GRIDWL_INPUT_SCROLL_EDGE :
						method == LIBINPUT_CONFIG_SCROLL_ON_BUTTON_DOWN ?
						GRIDWL_INPUT_SCROLL_ON_BUTTON_DOWN :
						GRIDWL_INPUT_SCROLL_NONE);
	}
	if (methods & LIBINPUT_CONFIG_SCROLL_ON_BUTTON_DOWN) {
		set_choice(&settings[GRIDWL_INPUT_SCROLL_BUTTON],
				(int)libinput_device_config_scroll_get_button(dev));
	}
	if (libinput_device_config_dwt_is_available(dev)) {
		set_toggle(&settings[GRIDWL_INPUT_DWT],
				libinput_device_config_dwt_get_enabled(dev) ==
						LIBINPUT_CONFIG_DWT_ENABLED);
	}
	if (libinput_device_config_click_get_methods(dev) !=
			LIBINPUT_CONFIG_CLICK_METHOD_NONE) {
		enum libinput_config_click_method click =
				libinput_device_config_click_get_method(dev);
		set_choice(&settings[GRIDWL_INPUT_CLICK_METHOD],
				click == LIBINPUT_CONFIG_CLICK_METHOD_BUTTON_AREAS ?
						GRIDWL_INPUT_CLICK_BUTTON_AREAS :
						click == LIBINPUT_CONFIG_CLICK_METHOD_CLICKFINGER ?
						GRIDWL_INPUT_CLICK_CLICKFINGER :
						GRIDWL_INPUT_CLICK_NONE);
	}
	if (libinput_device_config_calibration_has_matrix(dev)) {
		float m[6];
		libinput_device_config_calibration_get_matrix(dev, m);
		settings[GRIDWL_INPUT_CALIBRATION_MATRIX].set = true;
		for (int i = 0; i < 6; i++) {
			settings[GRIDWL_INPUT_CALIBRATION_MATRIX].matrix[i] = m[i];
		}
	}
	return true;
}

#define _GNU_SOURCE // memfd_create
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include <wayland-client.h>
#include "fuzz-errors.h"
#include "wlr-layer-shell-unstable-v1-client-protocol.h"
#include "wlr-output-management-unstable-v1-client-protocol.h"

/*
 * Deliberate protocol errors of the wlr protocols gridwl has had since
 * before issue 20: the layer shell and output management, with wlroots
 * 0.18.2's codes (types/wlr_layer_shell_v1.c,
 * types/wlr_output_management_v1.c).
 */

FZ_ERR_DESTROYER(zwlr_layer_surface_v1)
FZ_ERR_DESTROYER(zwlr_output_configuration_head_v1)
FZ_ERR_DESTROYER(zwlr_output_configuration_v1)

/* zwlr_layer_surface_v1.set_size above INT32_MAX: wlroots 0.18 answers
 * with an implementation error. */
static bool layer_size_huge(struct fz *fz, struct fz_expect *e) {
	if (fz->layer_shell == NULL) {
		return false;
	}
	struct wl_surface *s = fz_err_surface(fz);
	struct zwlr_layer_surface_v1 *l = LATER(zwlr_layer_surface_v1,
			zwlr_layer_shell_v1_get_layer_surface(fz->layer_shell, s, NULL,
					ZWLR_LAYER_SHELL_V1_LAYER_TOP, "protocol-fuzz"));
	uint32_t huge = 0x80000000u + fz_rng_below(&fz->rng, 0x7fffffff);
	if (fz_rng_chance(&fz->rng, 50)) {
		zwlr_layer_surface_v1_set_size(l, huge, 10);
	} else {
		zwlr_layer_surface_v1_set_size(l, 10, huge);
	}
	*e = (struct fz_expect){ "wl_display", WL_DISPLAY_ERROR_IMPLEMENTATION };
	return true;
}

static bool output_config_invalid(struct fz *fz, struct fz_expect *e) {
	struct fz_head *head = NULL;
	for (int i = 0; i < FZ_HEADS && head == NULL; i++) {
		if (fz->heads[i].head != NULL) {
			head = &fz->heads[i];
		}
	}
	if (fz->output_manager == NULL || head == NULL) {
		return false;
	}
	struct zwlr_output_configuration_v1 *config =
			LATER(zwlr_output_configuration_v1,
					zwlr_output_manager_v1_create_configuration(
							fz->output_manager, fz->output_manager_serial));
	struct zwlr_output_configuration_head_v1 *ch = NULL;
	switch (fz_rng_below(&fz->rng, 6)) {
	case 0:
		// No head configured at all.
		zwlr_output_configuration_v1_apply(config);
		*e = (struct fz_expect){ "zwlr_output_configuration_v1",
			ZWLR_OUTPUT_CONFIGURATION_V1_ERROR_UNCONFIGURED_HEAD };
		break;
	case 1:
		zwlr_output_configuration_v1_disable_head(config, head->head);
		ch = zwlr_output_configuration_v1_enable_head(config, head->head);
		*e = (struct fz_expect){ "zwlr_output_configuration_v1",
			ZWLR_OUTPUT_CONFIGURATION_V1_ERROR_ALREADY_CONFIGURED_HEAD };
		break;
	case 2:
		ch = zwlr_output_configuration_v1_enable_head(config, head->head);
		zwlr_output_configuration_head_v1_set_position(ch, 0, 0);
		zwlr_output_configuration_head_v1_set_position(ch, 10, 0);
		*e = (struct fz_expect){ "zwlr_output_configuration_head_v1",
			ZWLR_OUTPUT_CONFIGURATION_HEAD_V1_ERROR_ALREADY_SET };
		break;
	case 3:
		ch = zwlr_output_configuration_v1_enable_head(config, head->head);
		zwlr_output_configuration_head_v1_set_scale(ch,
				wl_fixed_from_int(-fz_rng_range(&fz->rng, 0, 3)));
		*e = (struct fz_expect){ "zwlr_output_configuration_head_v1",
			ZWLR_OUTPUT_CONFIGURATION_HEAD_V1_ERROR_INVALID_SCALE };
		break;
	case 4:
		ch = zwlr_output_configuration_v1_enable_head(config, head->head);
		zwlr_output_configuration_head_v1_set_custom_mode(ch,
				fz_rng_range(&fz->rng, -10, 0), 480, 0);
		*e = (struct fz_expect){ "zwlr_output_configuration_head_v1",
			ZWLR_OUTPUT_CONFIGURATION_HEAD_V1_ERROR_INVALID_CUSTOM_MODE };
		break;
	default:
		ch = zwlr_output_configuration_v1_enable_head(config, head->head);
		zwlr_output_configuration_head_v1_set_transform(ch,
				fz_rng_range(&fz->rng, 8, 100));
		*e = (struct fz_expect){ "zwlr_output_configuration_head_v1",
			ZWLR_OUTPUT_CONFIGURATION_HEAD_V1_ERROR_INVALID_TRANSFORM };
		break;
	}
	if (ch != NULL) {
		// No request destroys it (it goes with the configuration); the
		// proxy is freed with the others, after the answer.
		LATER(zwlr_output_configuration_head_v1, ch);
	}
	return true;
}

static const struct fz_error_case cases[] = {
	{ "layer-size", "zwlr_layer_surface_v1.set_size above INT32_MAX",
			layer_size_huge, 0 },
	{ "output-configuration", "zwlr_output_configuration misuse",
			output_config_invalid, 0 },
};

FZ_ERROR_FAMILY(fz_errors_wlr, cases);

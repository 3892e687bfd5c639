#ifndef GRIDWL_CONFIG_DEFAULT_COMMANDS_H
#define GRIDWL_CONFIG_DEFAULT_COMMANDS_H

/*
 * The commands of the built-in bindings of a laptop's keys
 * (input/bindings.c), which config/default.config has word for word:
 * tests/config compares the two. wpctl is in the wireplumber package,
 * brightnessctl in brightnessctl, grim and jq in theirs.
 */
#define GRIDWL_VOLUME_UP "wpctl set-volume -l 1 @DEFAULT_AUDIO_SINK@ 5%+"
#define GRIDWL_VOLUME_DOWN "wpctl set-volume @DEFAULT_AUDIO_SINK@ 5%-"
#define GRIDWL_VOLUME_MUTE "wpctl set-mute @DEFAULT_AUDIO_SINK@ toggle"
#define GRIDWL_MIC_MUTE "wpctl set-mute @DEFAULT_AUDIO_SOURCE@ toggle"
#define GRIDWL_BRIGHTNESS_UP "brightnessctl set 5%+"
#define GRIDWL_BRIGHTNESS_DOWN "brightnessctl set 5%-"
/* The focused output at its own scale (grim's default for one output). */
#define GRIDWL_SCREENSHOT \
	"mkdir -p ~/Pictures && grim -o \"$(gridctl outputs | jq -r " \
	"'.outputs[] | select(.focused) | .name')\" " \
	"~/Pictures/screenshot-$(date +%Y%m%d-%H%M%S).png"

#endif

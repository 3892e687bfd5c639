#!/bin/sh
# check-config.sh GRIDWL DEFAULT-CONFIG: "gridwl --check-config" on valid,
# bad and missing files, the user's file, and the shipped default config.
# Checking starts nothing: it runs without a Wayland or X11 session, a
# runtime dir or a seat, even with --backend drm.
set -u
gridwl=$1 default_config=$2
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
unset WAYLAND_DISPLAY WAYLAND_SOCKET DISPLAY XDG_RUNTIME_DIR

status=0
fail() {
	echo "check-config: $*" >&2
	status=1
}

# expect NAME STATUS STDERR -- ARGS: gridwl ARGS exits with STATUS, prints
# exactly STDERR on standard error and nothing on standard output.
expect() {
	name=$1 want_status=$2 want_err=$3
	shift 4
	"$gridwl" "$@" >"$dir/out" 2>"$dir/err"
	got=$?
	[ "$got" = "$want_status" ] ||
		fail "$name: exit status $got, want $want_status"
	[ ! -s "$dir/out" ] || fail "$name: wrote to stdout: $(cat "$dir/out")"
	printf '%s' "$want_err" >"$dir/want"
	# Command substitution drops the last newline of either side alike.
	[ "$(cat "$dir/err")" = "$(cat "$dir/want")" ] ||
		fail "$name: stderr is
$(cat "$dir/err")
want
$want_err"
}

printf '%s\n' 'output HEADLESS-1 mode 2560x1440 scale 2 filter bilinear' \
	'bind Mod4+Return exec foot' 'window app_id=^foot$ filter nearest' \
	>"$dir/good"
expect valid 0 "" -- --check-config "$dir/good"
expect "valid, -C and --backend drm" 0 "" -- --backend drm -C "$dir/good"
expect "valid, named by --config" 0 "" -- --config "$dir/good" --check-config
expect "shipped default config" 0 "" -- --check-config "$default_config"

printf '%s\n' 'output HEADLESS-1 scale 2' 'output HEADLESS-1 scale 4.5' \
	'# fine' 'bind Mod4+Return exec foot' 'exec' 'cursor Adwaita 24 big' \
	>"$dir/bad"
expect "every error" 1 "$dir/bad:2: scale must be auto or a number from 1 to 4 (1.25, 1.5, 2...), got '4.5'
$dir/bad:5: exec needs a command
$dir/bad:6: cursor wants THEME SIZE, e.g. 'cursor Adwaita 24'" \
	-- --check-config "$dir/bad"

# input lines: a keymap xkbcommon cannot compile (and nothing of
# xkbcommon's own on stderr), a value out of range, a key of another type.
printf '%s\n' 'input type:keyboard xkb_layout us,de' \
	'input type:keyboard xkb_layout xx-nonexistent' \
	'input * pointer_accel 2' 'input type:pointer tap enabled' \
	'input type:touchpad tap enabled' >"$dir/input"
expect "input lines" 1 "$dir/input:2: no keymap for input type:keyboard: \
xkb_layout 'xx-nonexistent', xkb_variant '', xkb_options '', xkb_model '', \
xkb_rules '' do not compile (see xkeyboard-config(7) for the names)
$dir/input:3: pointer_accel must be a number from -1 to 1, got '2'
$dir/input:4: tap does not apply to devices of type pointer" \
	-- --check-config "$dir/input"

expect missing 1 "$dir/missing: No such file or directory" \
	-- --check-config "$dir/missing"
expect "two files" 1 "$("$gridwl" --help)" -- -C "$dir/good" "$dir/bad"

# Without FILE: the file gridwl would read, the user's.
mkdir -p "$dir/home/gridwl"
printf 'xwayland maybe\n' >"$dir/home/gridwl/config"
export XDG_CONFIG_HOME="$dir/home"
expect "the user's config" 1 \
	"$dir/home/gridwl/config:1: xwayland wants enable, disable or scale, got 'maybe'" \
	-- --check-config

[ $status = 0 ] && echo "check-config: all cases passed"
exit $status

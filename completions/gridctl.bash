# bash completion for gridctl(1), the control client of the gridwl compositor.
# Self-contained: bash-completion's helpers are used by nobody here, so it
# works from a plain "source" too. tests/completions checks that it names
# every gridctl command and every key and action gridctl passes on.

_gridctl_commands='outputs windows layers move resize focus close output
	create-output destroy-output screenshot reload exit stats wait pointer
	click scroll key type touch gesture action clients inputs input tablet
	seats switch workspaces workspace subscribe move-to-workspace raw'
_gridctl_output_keys='mode scale position filter power dpms adaptive-sync
	transform enable disable'
_gridctl_input_keys='xkb_layout xkb_variant xkb_options xkb_model xkb_rules
	xkb_numlock repeat_rate repeat_delay tap tap_button_map drag drag_lock
	natural_scroll accel_profile pointer_accel left_handed middle_emulation
	scroll_method scroll_button scroll_factor dwt click_method events
	calibration_matrix map_to_output'
_gridctl_actions='exec close exit reload focus fullscreen maximize
	move-to-output center xkb-switch-layout output workspace move-to-workspace
	sticky minimize snap always-on-top move-mode resize-mode switcher'

# The values of one key of a running gridwl's list (gridctl prints its JSON
# one member a line), e.g. the ids of "gridctl windows": nothing when no
# gridwl answers.
_gridctl_values() {
	command gridctl "$1" 2>/dev/null |
		sed -n "s/^[[:space:]]*\"$2\":[[:space:]]*\"\{0,1\}\([^\",]*\)\"\{0,1\},\{0,1\}\$/\1/p"
}

# mapfile, not COMPREPLY=($(...)): a word such as "*" must not be globbed.
# Once each: a workspace's name is its number until it is given one.
_gridctl_reply() {
	local IFS=$' \t\n'
	mapfile -t COMPREPLY < <(compgen -W "$1" -- "$2" | sort -u)
}

_gridctl() {
	local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD - 1]}
	local command=${COMP_WORDS[1]} arg=$((COMP_CWORD - 1))
	COMPREPLY=()
	if [ "$COMP_CWORD" -eq 1 ]; then
		_gridctl_reply "$_gridctl_commands --help" "$cur"
		return
	fi
	case $command in
	move | resize | focus | close)
		[ "$arg" -eq 1 ] &&
			_gridctl_reply "$(_gridctl_values windows id)" "$cur"
		;;
	move-to-workspace)
		case $arg in
		1) _gridctl_reply "$(_gridctl_values windows id)" "$cur" ;;
		2) _gridctl_reply "$(_gridctl_values workspaces number)
			$(_gridctl_values workspaces name) next prev" "$cur" ;;
		esac
		;;
	workspace)
		[ "$arg" -eq 1 ] &&
			_gridctl_reply "$(_gridctl_values workspaces number)
			$(_gridctl_values workspaces name) next prev back-and-forth" \
				"$cur"
		;;
	output)
		if [ "$arg" -eq 1 ]; then
			_gridctl_reply "$(_gridctl_values outputs name) *" "$cur"
		elif [ "$prev" = mode ] || [ "$prev" = position ]; then
			: # a value of the user's
		elif [ "$prev" = scale ]; then
			_gridctl_reply 'auto' "$cur"
		elif [ "$prev" = transform ]; then
			_gridctl_reply 'normal 90 180 270 flipped flipped-90 flipped-180 flipped-270' "$cur"
		elif [ "$prev" = filter ]; then
			_gridctl_reply 'nearest bilinear' "$cur"
		elif [ "$prev" = power ] || [ "$prev" = dpms ]; then
			_gridctl_reply 'on off' "$cur"
		elif [ "$prev" = adaptive-sync ]; then
			_gridctl_reply 'on off auto' "$cur"
		else
			_gridctl_reply "$_gridctl_output_keys" "$cur"
		fi
		;;
	destroy-output)
		[ "$arg" -eq 1 ] &&
			_gridctl_reply "$(_gridctl_values outputs name)" "$cur"
		;;
	create-output)
		{ [ "$arg" -eq 2 ] || [ "$arg" -eq 4 ]; } &&
			_gridctl_reply 'scale physical' "$cur"
		;;
	input)
		if [ "$arg" -eq 1 ]; then
			_gridctl_reply "$(_gridctl_values inputs identifier) *
				type:keyboard type:pointer type:touchpad type:touch
				type:tablet_tool type:tablet_pad type:switch" "$cur"
		elif [ "$prev" = map_to_output ]; then
			_gridctl_reply "$(_gridctl_values outputs name)" "$cur"
		elif [ "$arg" -eq 2 ]; then
			_gridctl_reply "$_gridctl_input_keys" "$cur"
		fi
		;;
	screenshot)
		case $prev in
		-o | --output)
			_gridctl_reply "$(_gridctl_values outputs name)" "$cur"
			;;
		--window)
			_gridctl_reply "$(_gridctl_values windows id)" "$cur"
			;;
		--region | --scale) ;;
		*)
			if [[ $cur == -* ]]; then
				_gridctl_reply '-o --output --region --window --scale
					--cursor' "$cur"
			else
				compopt -o filenames 2>/dev/null
				mapfile -t COMPREPLY < <(compgen -f -- "$cur")
			fi
			;;
		esac
		;;
	wait)
		if [ "$arg" -eq 1 ]; then
			_gridctl_reply 'window settled' "$cur"
		elif [ $((arg % 2)) -eq 0 ]; then
			case ${COMP_WORDS[2]} in
			window) _gridctl_reply '--app-id --title --class --timeout' "$cur" ;;
			settled) _gridctl_reply '--quiet --timeout' "$cur" ;;
			esac
		fi
		;;
	click)
		_gridctl_reply 'left right middle' "$cur"
		;;
	touch)
		[ "$arg" -eq 1 ] && _gridctl_reply 'down motion up' "$cur"
		;;
	gesture)
		[ "$arg" -eq 1 ] && _gridctl_reply 'swipe pinch hold' "$cur"
		;;
	switch)
		case $arg in
		1) _gridctl_reply 'lid tablet' "$cur" ;;
		2) _gridctl_reply 'on off' "$cur" ;;
		esac
		;;
	subscribe)
		_gridctl_reply 'window workspace output input binding' "$cur"
		;;
	action)
		if [ "$arg" -eq 1 ]; then
			_gridctl_reply "$_gridctl_actions" "$cur"
		elif [ "$arg" -eq 2 ]; then
			case $prev in
			focus | switcher) _gridctl_reply 'next prev' "$cur" ;;
			snap) _gridctl_reply 'left right up down' "$cur" ;;
			move-to-output)
				_gridctl_reply "left right up down
					$(_gridctl_values outputs name)" "$cur"
				;;
			output)
				_gridctl_reply "$(_gridctl_values outputs name) *" "$cur"
				;;
			workspace | move-to-workspace)
				_gridctl_reply "$(_gridctl_values workspaces number)
					$(_gridctl_values workspaces name) next prev
					back-and-forth" "$cur"
				;;
			esac
		fi
		;;
	tablet)
		if [ "$arg" -eq 1 ]; then
			_gridctl_reply 'proximity-in motion down up proximity-out button
				pad' "$cur"
		elif [ "${COMP_WORDS[2]}" = button ]; then
			case $arg in
			2) _gridctl_reply 'stylus stylus2 stylus3' "$cur" ;;
			3) _gridctl_reply 'down up' "$cur" ;;
			esac
		elif [ "${COMP_WORDS[2]}" = pad ]; then
			if [ "$arg" -eq 2 ]; then
				_gridctl_reply 'add remove button ring strip mode' "$cur"
			elif [ "$arg" -eq 4 ] && [ "${COMP_WORDS[3]}" = button ]; then
				_gridctl_reply 'down up' "$cur"
			elif [ "$arg" -eq 4 ]; then
				_gridctl_reply stop "$cur"
			fi
		elif [ "$arg" -ge 4 ]; then
			_gridctl_reply '--pressure --tilt' "$cur"
		fi
		;;
	esac
}

complete -F _gridctl gridctl

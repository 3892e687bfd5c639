# bash completion for gridwl(1). Self-contained, as gridctl's;
# tests/completions checks that it names every option of "gridwl --help".

_gridwl() {
	local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD - 1]}
	local i
	COMPREPLY=()
	# After "--": the command gridwl runs, and its arguments.
	for ((i = 1; i < COMP_CWORD; i++)); do
		if [ "${COMP_WORDS[i]}" = -- ]; then
			compopt -o default 2>/dev/null
			[ "$i" -eq $((COMP_CWORD - 1)) ] &&
				mapfile -t COMPREPLY < <(compgen -c -- "$cur")
			return
		fi
	done
	case $prev in
	-c | --config | -C | --check-config)
		compopt -o filenames 2>/dev/null
		mapfile -t COMPREPLY < <(compgen -f -- "$cur")
		;;
	-D | --dump-on-failure)
		compopt -o filenames 2>/dev/null
		mapfile -t COMPREPLY < <(compgen -d -- "$cur")
		;;
	-b | --backend)
		mapfile -t COMPREPLY < <(compgen -W \
			'auto drm wayland x11 headless' -- "$cur")
		;;
	-e | --exec)
		mapfile -t COMPREPLY < <(compgen -c -- "$cur")
		;;
	-o | --output | -s | --socket | -r | --ready-fd | -t | --timeout) ;;
	*)
		mapfile -t COMPREPLY < <(compgen -W '-c --config -C --check-config
			-b --backend -o --output -s --socket -e --exec -r --ready-fd
			-t --timeout -D --dump-on-failure --session --no-session
			-d --debug -h --help -v --version --' -- "$cur")
		;;
	esac
}

complete -F _gridwl gridwl

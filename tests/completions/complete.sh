#!/bin/bash
# complete.sh DIR: bash and fish complete gridctl and gridwl as a user
# pressing Tab would see it, from DIR's scripts. bash: sourced into this
# non-interactive bash without bash-completion's helpers, "complete -p"
# names the functions, and calling them as readline does (COMP_WORDS,
# COMP_CWORD) gives the commands, the fixed words and, from a headless
# gridwl with two outputs and a foot window, its outputs, window id and
# workspaces as gridctl lists them. fish (skipped when it is not
# installed): "complete -C LINE" gives the same. TAP on stdout.
set -u
dir=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export XDG_RUNTIME_DIR="$work/runtime" HOME="$work/home" WLR_RENDERER=pixman
mkdir -m 0700 "$XDG_RUNTIME_DIR" && mkdir "$HOME"
unset WAYLAND_DISPLAY WAYLAND_SOCKET DISPLAY XDG_CONFIG_HOME
# The gridctl of this build, as the completions call it: by name.
mkdir "$work/bin"
ln -s "$GRIDCTL_BIN" "$work/bin/gridctl"
export PATH="$work/bin:$PATH"

. "$dir/gridctl.bash" || { echo "Bail out! sourcing gridctl.bash failed"; exit 1; }
. "$dir/gridwl.bash" || { echo "Bail out! sourcing gridwl.bash failed"; exit 1; }

n=0 status=0
# is WHAT EXPECTED COMMAND WORD...: the completions of the last WORD are
# EXPECTED (sorted, one blank between).
is() {
	local what=$1 expected=$2 function
	shift 2
	COMP_WORDS=("$@")
	COMP_CWORD=$(($# - 1))
	COMP_LINE="$*" COMP_POINT=${#COMP_LINE}
	function=$(complete -p "$1" | sed -n 's/.* -F \([^ ]*\) .*/\1/p')
	COMPREPLY=()
	"$function" "$1" "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
	local got
	got=$(printf '%s\n' "${COMPREPLY[@]}" | sort | tr '\n' ' ')
	got=${got% }
	n=$((n + 1))
	if [ "$got" = "$expected" ]; then
		echo "ok $n - $what"
	else
		echo "# '$*': want '$expected', got '$got'"
		echo "not ok $n - $what"
		status=1
	fi
}

# fish_is WHAT EXPECTED LINE: fish's completions of LINE, as is() compares.
fish_is() {
	n=$((n + 1))
	if ! command -v fish >/dev/null 2>&1; then
		echo "ok $n - fish: $1 # SKIP no fish: install Debian package fish"
		return
	fi
	local got
	got=$(fish --no-config -c 'source $argv[1]; source $argv[2]
		complete -C $argv[3]' "$dir/gridctl.fish" "$dir/gridwl.fish" "$3" |
		cut -f 1 | sort | tr '\n' ' ')
	got=${got% }
	if [ "$got" = "$2" ]; then
		echo "ok $n - fish: $1"
	else
		echo "# fish '$3': want '$2', got '$got'"
		echo "not ok $n - fish: $1"
		status=1
	fi
}

n=$((n + 1))
if [ "$(complete -p gridctl)" = "complete -F _gridctl gridctl" ] &&
	[ "$(complete -p gridwl)" = "complete -F _gridwl gridwl" ]; then
	echo "ok $n - complete -p names both functions"
else
	echo "not ok $n - complete -p names both functions"
	status=1
fi
is "gridctl wor<Tab>: the commands" "workspace workspaces" gridctl wor
is "gridctl scre<Tab>: one command" screenshot gridctl scre
is "gridctl switch lid <Tab>: a switch's states" "off on" \
	gridctl switch lid ''
is "gridctl tablet pad <Tab>: the pad's actions" \
	"add button mode remove ring strip" gridctl tablet pad ''
is "gridctl action snap <Tab>: the directions" "down left right up" \
	gridctl action snap ''
is "gridctl input * acc<Tab>: input keys" accel_profile \
	gridctl input '*' acc
is "gridctl screenshot --c<Tab>: options" --cursor gridctl screenshot --c
is "gridctl output <Tab> with no gridwl: only *" "*" gridctl output ''
is "gridctl output X mode <Tab>: a value of the user's" "" \
	gridctl output X mode ''
is "gridctl output X mode 640x480 sc<Tab>: a key" scale \
	gridctl output X mode 640x480 sc
is "gridwl --ba<Tab>: an option" --backend gridwl --ba
is "gridwl --backend <Tab>: the backends" "auto drm headless wayland x11" \
	gridwl --backend ''
fish_is "gridctl wor<Tab>: the commands" "workspace workspaces" "gridctl wor"
fish_is "gridctl tablet pad <Tab>: the pad's actions" \
	"add button mode remove ring strip" "gridctl tablet pad "
fish_is "gridctl wait window <Tab>: its options" \
	"--app-id --class --timeout --title" "gridctl wait window "
fish_is "gridctl output X mode <Tab>: a value of the user's" "" \
	"gridctl output X mode "
fish_is "gridwl --backend <Tab>: the backends" \
	"auto drm headless wayland x11" "gridwl --backend "

# A running gridwl: its outputs, its window and its workspaces.
cat >"$work/inside" <<EOF
#!/bin/sh
foot sleep 60 >"$work/foot.log" 2>&1 &
gridctl wait window --app-id '^foot\$' >"$work/window" || exit 1
# Stays up until the checks are done.
while [ ! -e "$work/done" ]; do sleep 0.05; done
kill \$! 2>/dev/null
EOF
chmod +x "$work/inside"
"$GRIDWL_BIN" --backend headless -s gridwl-completions -c /dev/null \
	--output 'HEADLESS-1 mode 640x480' --output 'HEADLESS-2 mode 640x480' \
	--timeout 60 -- "$work/inside" >"$work/gridwl.log" 2>&1 &
gridwl_pid=$!
export WAYLAND_DISPLAY=gridwl-completions
for _ in $(seq 600); do
	[ -s "$work/window" ] && break
	kill -0 "$gridwl_pid" 2>/dev/null || break
	sleep 0.05
done
if [ ! -s "$work/window" ]; then
	sed 's/^/# /' "$work/gridwl.log" "$work/foot.log" 2>/dev/null | tail -n 30
	echo "Bail out! no foot window in a headless gridwl"
	kill "$gridwl_pid" 2>/dev/null
	exit 1
fi
id=$(sed -n 's/.*"id":[[:space:]]*\([0-9]*\).*/\1/p' "$work/window" | head -n 1)
if [ -z "$id" ]; then
	sed 's/^/# /' "$work/window"
	echo "Bail out! no window id in gridctl wait window's reply"
	touch "$work/done"
	exit 1
fi
is "gridctl output <Tab>: gridwl's outputs" "* HEADLESS-1 HEADLESS-2" \
	gridctl output ''
is "gridctl screenshot -o HEADLESS-<Tab>: outputs" "HEADLESS-1 HEADLESS-2" \
	gridctl screenshot -o HEADLESS-
is "gridctl focus <Tab>: the window's id" "$id" gridctl focus ''
is "gridctl screenshot --window <Tab>: the window's id" "$id" \
	gridctl screenshot --window ''
is "gridctl workspace 1<Tab>: workspaces 1 and 10" "1 10" gridctl workspace 1
fish_is "gridctl output <Tab>: gridwl's outputs" "* HEADLESS-1 HEADLESS-2" \
	"gridctl output "
fish_is "gridctl focus <Tab>: the window's id" "$id" "gridctl focus "
fish_is "gridctl workspace 1<Tab>: workspaces 1 and 10" "1 10" \
	"gridctl workspace 1"
touch "$work/done"
wait "$gridwl_pid"
gridwl_status=$?
n=$((n + 1))
if [ "$gridwl_status" -eq 0 ]; then
	echo "ok $n - gridwl ran the session to its end"
else
	sed 's/^/# /' "$work/gridwl.log" | tail -n 20
	echo "not ok $n - gridwl exited $gridwl_status"
	status=1
fi
echo "1..$n"
exit $status

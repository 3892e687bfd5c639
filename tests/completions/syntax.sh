#!/bin/sh
# syntax.sh DIR: each shell parses its completions in DIR without running
# them (bash -n, zsh -n, fish --no-execute). A shell that is not installed is
# skipped (complete.sh runs bash's and fish's for real). TAP on stdout.
set -u
dir=$1
echo 1..3
n=0
check() {
	shell=$1
	shift
	n=$((n + 1))
	if ! command -v "$shell" >/dev/null 2>&1; then
		echo "ok $n - $shell # SKIP no $shell: install Debian package $shell"
		return
	fi
	if out=$("$@" 2>&1); then
		echo "ok $n - $shell parses its completions"
	else
		echo "$out" | sed 's/^/# /'
		echo "not ok $n - $shell parses its completions"
	fi
}
check bash sh -c 'bash -n "$1" && bash -n "$2"' sh \
	"$dir/gridctl.bash" "$dir/gridwl.bash"
check zsh sh -c 'zsh -n "$1" && zsh -n "$2"' sh "$dir/_gridctl" "$dir/_gridwl"
check fish sh -c 'fish --no-execute "$1" && fish --no-execute "$2"' sh \
	"$dir/gridctl.fish" "$dir/gridwl.fish"

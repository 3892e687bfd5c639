#!/bin/sh
# drift.sh WORDS GRIDCTL GRIDWL DIR: the shell completions in DIR (bash, zsh
# and fish) name every gridctl command (as "gridctl --help" lists them, from
# its command table), every word WORDS prints (output and input keys, bind
# actions, from the parsers' tables) and every --option of "gridwl --help".
# A word is named when it stands alone: not as part of a longer word.
set -u
words=$1 gridctl=$2 gridwl=$3 dir=$4
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
status=0
fail() {
	echo "completions: $*" >&2
	status=1
}

# The commands: the lines of --help that start with two blanks and a name.
"$gridctl" --help | sed -n 's/^  \([a-z][a-z-]*\).*/\1/p' >"$tmp/gridctl"
"$words" >>"$tmp/gridctl" || fail "$words failed"
"$gridwl" --help | grep -o -- '--[a-z][a-z-]*' | sort -u >"$tmp/gridwl"
[ "$(grep -c . "$tmp/gridctl")" -gt 30 ] || fail "too few gridctl words"
[ -s "$tmp/gridwl" ] || fail "gridwl --help lists no options"

# names FILE WORD: WORD in FILE, bounded by what cannot be part of a word.
names() {
	grep -Eq -- "(^|[^a-z0-9_-])$2([^a-z0-9_-]|\$)" "$1"
}

for file in gridctl.bash _gridctl gridctl.fish; do
	[ -f "$dir/$file" ] || { fail "no $dir/$file"; continue; }
	while read -r word; do
		names "$dir/$file" "$word" || fail "$file does not name '$word'"
	done <"$tmp/gridctl"
done
for file in gridwl.bash _gridwl gridwl.fish; do
	[ -f "$dir/$file" ] || { fail "no $dir/$file"; continue; }
	while read -r option; do
		case $file in
		# fish names a long option without its dashes: "-l config".
		*.fish) names "$dir/$file" "-l ${option#--}" ;;
		*) names "$dir/$file" "$option" ;;
		esac || fail "$file does not name $option"
	done <"$tmp/gridwl"
done
echo "completions: $(wc -l <"$tmp/gridctl") gridctl words and" \
	"$(wc -l <"$tmp/gridwl") gridwl options checked in 6 files"
exit $status

#!/bin/sh
# man-pages.sh WORDS GRIDWL PAGE...: every manual page renders with man-db
# without a single warning, and describes every word the code knows: each
# line "PAGE WORD" that the WORDS program prints (config keywords, output,
# input and window rule keys, bind actions, decoration settings, gridctl
# commands, from the parsers' own tables) and
# every --option of "GRIDWL --help" must be a term of its page, a paragraph
# that starts with it and has an indented description.
set -u
words=$1 gridwl=$2
shift 2

if ! command -v man >/dev/null 2>&1; then
	echo "man-pages: no man: install Debian package man-db" >&2
	exit 1
fi
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
# Plain text at a fixed width, whatever the developer's settings.
export MANWIDTH=80 MANPAGER=cat PAGER=cat
unset MAN_KEEP_FORMATTING MANOPT

status=0
fail() {
	echo "man-pages: $*" >&2
	status=1
}

for page in "$@"; do
	name=$(basename "$page")
	# man-db exits 0 on troff's warnings, and troff may write them after
	# man has exited: read its stderr through a pipe, to the end.
	if ! warnings=$(man --warnings -l "$page" 2>&1 >"$dir/$name.txt"); then
		fail "man -l $name failed: $warnings"
	elif [ -n "$warnings" ]; then
		fail "man -l $name warns:
$warnings"
	elif [ ! -s "$dir/$name.txt" ]; then
		fail "man -l $name rendered nothing"
	fi
	# The terms of the page as scdoc writes them: a paragraph of one line
	# (after .PP or .RE) whose description follows indented (.RS), e.g.
	# "\fBmode\fR <width>x<height>" or "\fB-c, --config\fR \fIfile\fR".
	awk '
		/^\.RS/ && candidate != "" { print candidate }
		{ candidate = (prev ~ /^\.(PP|RE)/ && $0 !~ /^\./) ? $0 : ""; prev = $0 }
	' "$page" | sed 's/\\f[BIR]//g' >"$dir/$name.terms"
done

# A word is described when a term starts with it, followed by a blank, "|",
# "=" or nothing ("wait window ..." for wait, "app_id=regex" for app_id,
# "enable|disable" for enable), or, for gridctl, with "gridctl WORD".
described() {
	awk -v word="$2" '
		{ sub(/^gridctl /, "") }
		index($0, word) == 1 {
			after = substr($0, length(word) + 1, 1)
			if (after == "" || after == " " || after == "|" || after == "=")
				found = 1
		}
		END { exit !found }
	' "$dir/$1.terms"
}

if ! "$words" >"$dir/words"; then
	fail "$words failed"
fi
while read -r page word; do
	if [ ! -e "$dir/$page.terms" ]; then
		fail "no page $page to describe '$word'"
	elif ! described "$page" "$word"; then
		fail "$page does not describe '$word' (no term starts with it)"
	fi
done <"$dir/words"

# Options: a term of gridwl.1 names each one ("-c, --config file").
"$gridwl" --help | grep -o -- '--[a-z][a-z-]*' | sort -u >"$dir/options"
[ -s "$dir/options" ] || fail "$gridwl --help lists no options"
while read -r option; do
	if ! grep -Eq -- "(^|[ ,])$option( |,|\$)" "$dir/gridwl.1.terms"; then
		fail "gridwl.1 does not describe $option"
	fi
done <"$dir/options"

checked=$(wc -l <"$dir/words")
options=$(wc -l <"$dir/options")
echo "man-pages: $# pages, $checked words and $options options checked"
exit $status

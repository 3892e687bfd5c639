#!/bin/sh
# The README's "Testing your application in CI" script, exactly as the
# README has it (the sh block after the ci-recipe marker): it takes its
# four pictures; run again it takes the same pictures (AE 0, no fuzz: gridwl's
# pictures are deterministic); typing another text is caught (exit 1, AE > 0,
# a diff image). TAP on stdout.
set -u
readme=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export XDG_RUNTIME_DIR="$work/runtime" WLR_RENDERER=pixman
mkdir -m 0700 "$XDG_RUNTIME_DIR"
PATH=$(dirname "$GRIDWL_BIN"):$(dirname "$GRIDCTL_BIN"):$PATH
export PATH
script=$work/app-screenshots
awk '/^<!-- ci-recipe/ { marked = 1; next }
	marked && /^```sh$/ { inside = 1; next }
	inside && /^```$/ { exit }
	inside { print }' "$readme" >"$script"
chmod +x "$script"
echo 1..3

# Keeps what a failed case saw, for the test's artifacts.
keep() {
	mkdir -p "$GRIDWL_TEST_ARTIFACTS/readme-ci-recipe"
	cp -r "$work/$1" "$GRIDWL_TEST_ARTIFACTS/readme-ci-recipe/" 2>/dev/null
}

pictures="gtk3-widget-factory-1 gtk4-demo-1 gtk3-widget-factory-2 gtk4-demo-2"
ok=true
if [ ! -s "$script" ]; then
	echo "# no script after the ci-recipe marker in $readme"
	ok=false
elif ! "$script" "$work/references" >"$work/first.log" 2>&1; then
	echo "# the first run failed:"; sed 's/^/# /' "$work/first.log" | tail -20
	ok=false
fi
for name in $pictures; do
	[ -s "$work/references/$name.png" ] || {
		echo "# no picture $name.png"
		ok=false
	}
done
# At scale 2 the same window has twice the pixels each way.
if $ok; then
	w1=$(identify -format %w "$work/references/gtk4-demo-1.png")
	w2=$(identify -format %w "$work/references/gtk4-demo-2.png")
	[ "$w2" -eq $((2 * w1)) ] || {
		echo "# gtk4-demo is $w1 wide at scale 1 but $w2 at scale 2"
		ok=false
	}
fi
$ok && echo "ok 1 - the script takes its four pictures" ||
	{ keep references; echo "not ok 1 - the script takes its four pictures"; }

if "$script" "$work/again" "$work/references" >"$work/again.log" 2>&1 &&
		! ls "$work/again"/*-diff.png >/dev/null 2>&1; then
	echo "ok 2 - run again, every picture is the same (AE 0)"
else
	sed 's/^/# /' "$work/again.log" | grep -v Gtk-WARNING | tail -20
	keep again
	echo "not ok 2 - run again, every picture is the same (AE 0)"
fi

"$script" "$work/other" "$work/references" "Other text" >"$work/other.log" 2>&1
status=$?
caught=0
for name in $pictures; do
	if grep -q "^$name: [1-9][0-9]* pixels differ" "$work/other.log" &&
			[ -s "$work/other/$name-diff.png" ]; then
		caught=$((caught + 1))
	fi
done
if [ "$status" -eq 1 ] && [ "$caught" -eq 4 ]; then
	echo "ok 3 - another text typed: every picture differs, exit 1"
else
	echo "# exit $status, $caught of 4 pictures reported as different:"
	grep differ "$work/other.log" | sed 's/^/# /'
	keep other
	echo "not ok 3 - another text typed: every picture differs, exit 1"
fi

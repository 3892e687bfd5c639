#!/bin/sh
# tools/in-root ending a gridwl that runs Xwayland (issue 34): 40 gridwls
# are started through in-root and ended by killing in-root, with SIGTERM,
# SIGHUP, SIGINT and SIGKILL in turn. A signal in-root passes on ends
# gridwl cleanly (status 0, its Xwayland lock gone); SIGKILL leaves the
# lock, and the next in-root removes it once nobody serves the display.
# After the 40, no display of theirs is held by a stale lock and an X11
# client starts on a new gridwl. TAP on stdout.
#
# It runs a copy of tools/in-root in a checkout of its own whose
# .cache/debian13-root is /, the root this test runs in (GRIDWL_IN_ROOT=root),
# so that it tests in-root's bubblewrap and pid namespace for real without
# touching the checkout's. Skipped where bubblewrap cannot make a namespace
# here, or Xwayland is missing.
set -u
top=$1
runs=40
work=$(mktemp -d /tmp/gridwl-kill-in-root.XXXXXX)
pid=""
cleanup() {
	[ -z "$pid" ] || kill -s KILL "$pid" 2>/dev/null
	rm -rf "$work"
}
trap cleanup EXIT
skip() {
	echo "1..0 # SKIP $*"
	exit 0
}
command -v bwrap >/dev/null || skip "no bwrap"
bwrap --bind / / --dev-bind /dev /dev --unshare-pid --proc /proc true \
	2>/dev/null || skip "bwrap cannot make a pid namespace here"
[ -x "${WLR_XWAYLAND:-/usr/bin/Xwayland}" ] || skip "no Xwayland"
mkdir -p "$work/checkout/tools" "$work/checkout/.cache" "$work/home"
cp "$top/tools/in-root" "$top/tools/debian13-packages" "$work/checkout/tools/"
ln -s / "$work/checkout/.cache/debian13-root"
sum=$(sha256sum <"$top/tools/debian13-packages" | cut -d ' ' -f 1)
# As in-root stamps a root that has the list.
grep -qsx "$sum" /.gridwl-packages.sha256 ||
	skip "this root does not have this tools/debian13-packages installed"
in_root=$work/checkout/tools/in-root
# in-root runs from a directory the root sees.
cd "$work/checkout" || exit 1
export XDG_RUNTIME_DIR="$work/runtime" WLR_RENDERER=pixman
# What wlroots' X11 window manager keeps at exit is not this test's
# business (bench/soak checks leaks): a sanitized gridwl exits 0 here.
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
mkdir -m 0700 "$XDG_RUNTIME_DIR"

echo 1..4
fails=0
result() { # OK DESCRIPTION
	if [ "$1" -eq 1 ]; then
		echo "ok $n - $2"
	else
		echo "not ok $n - $2"
		fails=$((fails + 1))
	fi
}

# Starts gridwl through the copy of in-root (SIGINT not ignored, as a
# background command of this shell would have it) with socket $1; sets pid
# (in-root's) and display (:N, its Xwayland's).
start() {
	sock=$XDG_RUNTIME_DIR/gridwl-$1.sock
	rm -f "$sock"
	env --default-signal=INT -u GRIDWL_IN_ROOT_INSIDE GRIDWL_IN_ROOT=root \
		"$in_root" "$GRIDWL_BIN" --backend headless --socket "$1" \
		</dev/null >"$work/$1.log" 2>&1 &
	pid=$!
	display=""
	tries=0
	while [ $tries -lt 300 ]; do
		display=$(GRIDWL_SOCK=$sock "$GRIDCTL_BIN" stats 2>/dev/null |
			sed -n 's/.*"xwayland_display": *"\(:[0-9]*\)".*/\1/p')
		[ -z "$display" ] || return 0
		kill -0 "$pid" 2>/dev/null || break
		sleep 0.1
		tries=$((tries + 1))
	done
	echo "# gridwl $1 did not start with Xwayland; its log:"
	sed 's/^/# /' "$work/$1.log" | tail -20
	return 1
}

listening() { # N
	awk -v a="@/tmp/.X11-unix/X$1" -v p="/tmp/.X11-unix/X$1" \
		'$4 == "00010000" && ($8 == a || $8 == p) { found = 1 }
		END { exit !found }' /proc/net/unix
}

clean=1 # 1: every passed-on signal ended gridwl cleanly, its lock gone
killed="" # the displays of the gridwls ended by SIGKILL
started=0
i=0
while [ $i -lt $runs ]; do
	i=$((i + 1))
	case $((i % 4)) in
	1) sig=TERM ;;
	2) sig=HUP ;;
	3) sig=INT ;;
	0) sig=KILL ;;
	esac
	if ! start "kill-$i"; then
		clean=0
		break
	fi
	started=$((started + 1))
	n=${display#:}
	kill -s "$sig" "$pid"
	wait "$pid"
	status=$?
	pid=""
	if [ "$sig" = KILL ]; then
		killed="$killed $n"
	elif [ "$status" -ne 0 ] || [ -e "/tmp/.X$n-lock" ] &&
		! listening "$n"; then
		echo "# run $i, SIG$sig: in-root exited $status, /tmp/.X$n-lock" \
			"$([ -e "/tmp/.X$n-lock" ] && echo left || echo gone)"
		sed 's/^/# /' "$work/kill-$i.log" | tail -5
		clean=0
	fi
done
n=1
result $((started == runs)) "$started of $runs gridwls started with Xwayland"
n=2
result $clean "SIGTERM, SIGHUP and SIGINT to in-root end gridwl with status 0 and no Xwayland lock left"

# The last SIGKILL's lock is younger than in-root leaves alone.
sleep 6
n=3
ok=0
if start final; then
	ok=1
	for k in $killed; do
		if [ -e "/tmp/.X$k-lock" ] && ! listening "$k"; then
			echo "# /tmp/.X$k-lock (SIGKILL run) is still there:" \
				"$(cat "/tmp/.X$k-lock" 2>/dev/null)"
			ok=0
		fi
	done
fi
result $ok "the locks of the SIGKILLed gridwls are gone once in-root runs again"

n=4
ok=0
if [ -n "$pid" ]; then
	# Its stdin stays open (EOF would end it) until it is killed.
	sleep 60 2>/dev/null | DISPLAY=$display "$X11_PATTERN_CLIENT_BIN" 40 30 \
		>"$work/x11.out" 2>&1 &
	client=$!
	tries=0
	while [ $tries -lt 200 ] && ! grep -q '^drawn' "$work/x11.out"; do
		sleep 0.1
		tries=$((tries + 1))
	done
	if grep -q '^drawn 40 30' "$work/x11.out"; then
		ok=1
	else
		echo "# x11-pattern-client on $display did not draw:"
		sed 's/^/# /' "$work/x11.out"
	fi
	kill "$client" 2>/dev/null
	kill -s TERM "$pid"
	wait "$pid" || ok=0
	pid=""
fi
result $ok "an X11 client starts on a gridwl after the $runs runs"
[ "$fails" -eq 0 ]

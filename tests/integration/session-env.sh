#!/bin/sh
# The session's environment reaches D-Bus activation and the systemd user
# manager (gridwl(1), SESSION). A private dbus-daemon has one service whose
# Exec writes the environment D-Bus starts it with: once gridwl --session
# has said that its last step ended, activating that service shows
# WAYLAND_DISPLAY, DISPLAY, XDG_CURRENT_DESKTOP and XDG_SESSION_TYPE as
# gridwl's children have them. No systemd user manager can run here: a
# systemctl early in PATH records how gridwl calls it (start after the
# export; stop and unset-environment at exit). Without the programs, or
# with Debian's systemctl and no user manager, gridwl says so and the
# session runs; headless without --session it exports nothing. TAP on
# stdout.
set -u
work=$(mktemp -d)
bus_pid=""
cleanup() {
	[ -z "$bus_pid" ] || kill "$bus_pid" 2>/dev/null
	rm -rf "$work"
}
trap cleanup EXIT
export XDG_RUNTIME_DIR="$work/runtime" WLR_RENDERER=pixman
mkdir -m 0700 "$XDG_RUNTIME_DIR"
# What the bus knows must come from gridwl, not from whoever runs the test.
unset WAYLAND_DISPLAY WAYLAND_SOCKET DISPLAY XDG_CURRENT_DESKTOP \
	XDG_SESSION_TYPE
echo 1..6

mkdir "$work/services" "$work/bin" "$work/dbus-only" "$work/none"
# A service a session: dbus-daemon starts a service once at a time, and
# one that exits without taking its name stays being started.
for name in full dbus_only; do
	cat >"$work/services/org.gridwl.Probe.$name.service" <<EOF
[D-BUS Service]
Name=org.gridwl.Probe.$name
Exec=/bin/sh -c 'env >$work/activated.tmp; mv $work/activated.tmp $work/activated.env'
EOF
done
cat >"$work/bus.conf" <<EOF
<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>unix:path=$work/bus</listen>
  <servicedir>$work/services</servicedir>
  <policy context="default">
    <allow send_destination="*"/>
    <allow receive_sender="*"/>
    <allow own="*"/>
  </policy>
</busconfig>
EOF
dbus-daemon --nofork --config-file="$work/bus.conf" 2>"$work/bus.log" &
bus_pid=$!
export DBUS_SESSION_BUS_ADDRESS="unix:path=$work/bus"
for _ in $(seq 100); do
	[ -S "$work/bus" ] && break
	sleep 0.05
done
if [ ! -S "$work/bus" ]; then
	echo "Bail out! dbus-daemon did not start: $(cat "$work/bus.log")"
	exit 1
fi

# systemctl as gridwl sees it: each call, one line.
cat >"$work/bin/systemctl" <<EOF
#!/bin/sh
echo "\$*" >>"$work/systemctl.log"
EOF
chmod +x "$work/bin/systemctl"
update=$(command -v dbus-update-activation-environment) || {
	echo "Bail out! no dbus-update-activation-environment (Debian package dbus-bin)"
	exit 1
}
ln -s "$update" "$work/bin/"
ln -s "$update" "$work/dbus-only/"

# In the session: waits for gridwl to say its last step ended, notes
# WAYLAND_DISPLAY and DISPLAY, and has the bus start the probe.
cat >"$work/probe" <<EOF
#!/bin/sh
PATH=/usr/bin:/bin
for i in \$(seq 100); do
	grep -q -e 'Started gridwl-session.target' \\
		-e 'failed with status' -e 'start with this session' \\
		"$work/\$1.log" && break
	sleep 0.1
done
echo "\$WAYLAND_DISPLAY \$DISPLAY" >"$work/\$1.session"
dbus-send --session --dest="org.gridwl.Probe.\$(echo "\$1" | tr - _)" / \\
	org.gridwl.Probe.Probe 2>/dev/null
for i in \$(seq 100); do
	[ -f "$work/activated.env" ] && exit 0
	sleep 0.05
done
exit 1
EOF
chmod +x "$work/probe"

# NAME PATH [OPTIONS] [-- COMMAND]: gridwl with its log in NAME.log and
# the socket gridwl-NAME; the probe by default.
session() {
	name=$1 path=$2
	shift 2
	if [ $# -eq 0 ] || [ "$*" = --session ]; then
		set -- "$@" -- "$work/probe" "$name"
	fi
	rm -f "$work/activated.env" "$work/systemctl.log"
	PATH=$path "$GRIDWL_BIN" --backend headless -s "gridwl-$name" "$@" \
		>"$work/$name.log" 2>&1
}
# FILE LINE: FILE has LINE, or says what it has.
has() {
	grep -qxF -e "$2" "$work/$1" 2>/dev/null && return 0
	echo "# $1 lacks '$2'; it has:"
	grep -e WAYLAND -e DISPLAY -e XDG_ -e user "$work/$1" 2>/dev/null |
		sed 's/^/#   /'
	return 1
}
check() {
	n=$1 what=$2 log=$3
	shift 3
	if "$@"; then
		echo "ok $n - $what"
	else
		sed 's/^/# /' "$work/$log.log" | tail -n 15
		echo "not ok $n - $what"
	fi
}

activated_all() {
	name=$1 status=$2
	[ "$status" -eq 0 ] || { echo "# gridwl exited $status"; return 1; }
	read -r wayland display <"$work/$name.session" || return 1
	[ "$wayland" = "gridwl-$name" ] && [ -n "$display" ] &&
		has activated.env "WAYLAND_DISPLAY=gridwl-$name" &&
		has activated.env "DISPLAY=$display" &&
		has activated.env "XDG_CURRENT_DESKTOP=gridwl:wlroots" &&
		has activated.env "XDG_SESSION_TYPE=wayland"
}
session full "$work/bin:$PATH" --session
check 1 "D-Bus activates with the session's WAYLAND_DISPLAY, DISPLAY, XDG_CURRENT_DESKTOP and XDG_SESSION_TYPE" \
	full activated_all full $?

# The stop is not waited for: it may run after gridwl is gone.
for _ in $(seq 50); do
	grep -qs unset-environment "$work/systemctl.log" && break
	sleep 0.1
done
target_calls() {
	names="WAYLAND_DISPLAY XDG_CURRENT_DESKTOP XDG_SESSION_TYPE DISPLAY"
	[ "$(head -n 1 "$work/systemctl.log")" = \
		"--user start gridwl-session.target" ] &&
		has systemctl.log "--user stop gridwl-session.target" &&
		has systemctl.log "--user unset-environment $names"
}
check 2 "the target starts after the export and stops at exit" full \
	target_calls

# Without systemctl dbus-update-activation-environment still sets D-Bus's
# environment (without --systemd, which would fail).
dbus_only() {
	activated_all dbus-only "$1" &&
		grep -q "systemctl not found in PATH" "$work/dbus-only.log"
}
session dbus-only "$work/dbus-only" --session
check 3 "without systemctl D-Bus still learns the environment" dbus-only \
	dbus_only $?

said_missing() {
	[ "$1" -eq 0 ] &&
		grep -q "dbus-update-activation-environment not found in PATH" \
			"$work/none.log" &&
		grep -q "systemctl not found in PATH" "$work/none.log" &&
		grep -q HEADLESS-1 "$work/none.log"
}
session none "$work/none" --session -- "$GRIDCTL_BIN" outputs
check 4 "without either program gridwl says so and the session runs" none \
	said_missing $?

# The real systemctl with no user manager to talk to: it fails, gridwl
# says so, and the session runs.
no_manager() {
	[ "$1" -eq 0 ] &&
		grep -q "Session environment exported" "$work/no-manager.log" &&
		grep -q "gridwl-session.target failed with status [1-9]" \
			"$work/no-manager.log" &&
		grep -q HEADLESS-1 "$work/no-manager.log"
}
if systemctl=$(command -v systemctl); then
	mkdir "$work/real"
	ln -s "$systemctl" "$update" "$work/real/"
	session no-manager "$work/real" --session -- /bin/sh -c "
		PATH=/usr/bin:/bin
		for i in \$(seq 100); do
			grep -q 'failed with status' '$work/no-manager.log' && break
			sleep 0.1
		done
		exec '$GRIDCTL_BIN' outputs"
	check 5 "systemctl without a user manager: said, and the session runs" \
		no-manager no_manager $?
else
	echo "ok 5 # SKIP no systemctl (Debian package systemd)"
fi

# Headless, no --session: the programs are there but not run.
exported_nothing() {
	[ "$1" -eq 0 ] && [ ! -e "$work/systemctl.log" ] &&
		! grep -q -e "Session environment" -e "not found in PATH" \
			"$work/plain.log" &&
		grep -q HEADLESS-1 "$work/plain.log"
}
session plain "$work/bin:$PATH" -- "$GRIDCTL_BIN" outputs
check 6 "headless without --session exports nothing" plain \
	exported_nothing $?

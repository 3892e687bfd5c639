# Shared by bench/compositor/run and bench/compositor/growth, sourced after
# their knobs are set (PIN, KEEP, BENCH_USER, BENCH_UID) with the build
# directory as $1, in the Debian 13 root: it checks the build, sets up the
# unprivileged user (sway refuses root), the work directory and its clean-up,
# CPU pinning, and defines the measuring helpers both scripts use.
# shellcheck shell=bash

die() {
	echo "$bench_script: $*" >&2
	exit 1
}
note() {
	echo "# $*" >&2
}

build=${1:-./build}
[ -d "$build" ] || die "no build directory $build (meson setup $build && ninja -C $build)"
build=$(cd "$build" && pwd)
gridwl_bin=$build/compositor/gridwl
gridctl_bin=$build/gridctl/gridctl
redraw_bin=$build/bench/compositor/redraw-client
mover_bin=$build/bench/compositor/pointer-mover
probe_bin=$build/bench/compositor/startup-probe
floor_bin=$build/bench/compositor/memset-floor
for bin in "$gridwl_bin" "$gridctl_bin" "$redraw_bin" "$mover_bin" "$probe_bin" "$floor_bin"; do
	[ -x "$bin" ] || die "$bin is missing: run ninja -C $build first"
done

# A -O0 or sanitizer build measures the compiler's settings, not gridwl.
buildinfo=$build/meson-info/intro-buildoptions.json
buildtype=unknown
sanitize=none
if [ -r "$buildinfo" ]; then
	# meson's JSON, one line or pretty-printed by other versions.
	opts=$(tr -d '\n' < "$buildinfo" | sed 's/}, *{/}\n{/g')
	buildtype=$(printf '%s\n' "$opts" | grep '"name": *"buildtype"' |
		sed 's/.*"value": *"\([a-z]*\)".*/\1/') || true
	sanitize=$(printf '%s\n' "$opts" | grep '"name": *"b_sanitize"' |
		sed 's/.*"value": *"\([a-z,]*\)".*/\1/') || true
fi
case $buildtype in
release | debugoptimized | minsize) ;;
*) note "WARNING: $build is buildtype=$buildtype; gridwl's figures need an optimised build" \
	"(meson setup build-release --buildtype=release)" ;;
esac
[ "${sanitize:-none}" = none ] || note "WARNING: $build is built with b_sanitize=$sanitize"

# The peers come from the root (tools/debian13-packages); nothing is
# installed here.
for want in sway weston grim; do
	command -v "$want" >/dev/null ||
		note "$want is missing (it belongs in tools/debian13-packages)"
done

# sway will not run as root, so when we are root everything (gridwl too, for
# the same conditions) runs as an unprivileged user. The root has the host's
# /etc/passwd read-only: useradd cannot work in it, so without BENCH_USER a
# bare uid does (setpriv needs no passwd entry; HOME and XDG_* are set).
as_user=()
bench_owner=
if [ "$(id -u)" -eq 0 ]; then
	if id "$BENCH_USER" >/dev/null 2>&1; then
		as_user=(setpriv --reuid="$BENCH_USER" --regid="$BENCH_USER" --init-groups --)
		bench_owner="$BENCH_USER:"
		bench_who="user $BENCH_USER"
	else
		as_user=(setpriv --reuid="$BENCH_UID" --regid="$BENCH_UID" --clear-groups --)
		bench_owner="$BENCH_UID:$BENCH_UID"
		bench_who="uid $BENCH_UID (no user $BENCH_USER)"
	fi
else
	bench_who="uid $(id -u)"
fi

work=$(mktemp -d /tmp/gridwl-bench.XXXXXX)
started=()
cleanup() {
	local pid
	for pid in "${started[@]}"; do
		kill "$pid" 2>/dev/null || true
	done
	for pid in "${started[@]}"; do
		wait "$pid" 2>/dev/null || true
	done
	if [ "$KEEP" = 1 ]; then
		note "logs kept in $work"
	else
		rm -rf "$work"
	fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM
chmod 0755 "$work"
mkdir -p "$work/home" "$work/bin" "$work/shots"
if [ ${#as_user[@]} -gt 0 ]; then
	chown "$bench_owner" "$work/home" "$work/shots"
fi

# The bench user may not be able to reach the build directory (a home
# directory, say); the binaries link nothing from it, so copies do.
for name in gridwl_bin gridctl_bin redraw_bin mover_bin probe_bin floor_bin; do
	if ! "${as_user[@]}" test -x "${!name}"; then
		cp "${!name}" "$work/bin/"
		printf -v "$name" '%s' "$work/bin/$(basename "${!name}")"
	fi
done

compositor_cpu=
client_cpu=
if [ "$PIN" = 1 ] && command -v taskset >/dev/null && [ "$(nproc)" -ge 2 ]; then
	compositor_cpu=(taskset -c 1)
	client_cpu=(taskset -c 0)
else
	compositor_cpu=()
	client_cpu=()
fi
clk_tck=$(getconf CLK_TCK)

# The environment of everything in one compositor's session; $run is its
# private XDG_RUNTIME_DIR. An array, not a function: started in the
# background, a function would leave $! pointing at a subshell, and the PID we
# measure must be the compositor's own (env, taskset and setpriv all exec).
senv=()
set_session_env() {
	senv=(env -i PATH=/usr/local/bin:/usr/bin:/bin HOME="$work/home"
		XDG_RUNTIME_DIR="$run" XDG_CONFIG_HOME="$work/home/.config" LANG=C.UTF-8)
}

# CPU time of all the process's threads so far, in ns. The scheduler's own
# account (/proc/PID/task/*/schedstat) has ns resolution; utime+stime from
# /proc/PID/stat is the same time in clock ticks (10 ms), too coarse for the
# static case's few hundred ms, and is the fallback.
cpu_ns() {
	local f run_ns rest total=0 line
	if [ "$cpu_source" = schedstat ]; then
		for f in /proc/"$1"/task/*/schedstat; do
			read -r run_ns rest < "$f" || continue
			total=$(( total + run_ns ))
		done
		echo "$total"
		return
	fi
	read -r line < "/proc/$1/stat" || return 1
	rest=${line##*) }
	# shellcheck disable=SC2086
	set -- $rest
	# utime and stime are fields 14 and 15; rest starts at field 3.
	echo $(( (${12} + ${13}) * 1000000000 / clk_tck ))
}
cpu_source=stat
if [ -r /proc/self/schedstat ]; then
	cpu_source=schedstat
fi

wait_for() { # TIMEOUT_SECONDS PID COMMAND...: until COMMAND succeeds
	local timeout=$1 pid=$2
	shift 2
	local deadline=$(( $(date +%s) + timeout ))
	until "$@"; do
		if ! kill -0 "$pid" 2>/dev/null || [ "$(date +%s)" -ge "$deadline" ]; then
			return 1
		fi
		sleep 0.05
	done
}

socket_in_run() { # prints the compositor's Wayland socket, if it has one yet
	local s
	for s in "$run"/wayland-* "$run"/bench-*; do
		case $s in
		*.lock) ;;
		*) if [ -S "$s" ]; then
			basename "$s"
			return 0
		fi ;;
		esac
	done
	return 1
}

has_socket() {
	socket_in_run > /dev/null
}


new_run_dir() {
	run=$(mktemp -d "$work/run.XXXXXX")
	chmod 0700 "$run"
	if [ ${#as_user[@]} -gt 0 ]; then
		chown "$bench_owner" "$run"
	fi
	set_session_env
}

forget_pid() {
	local pid kept=()
	for pid in "${started[@]}"; do
		[ "$pid" = "$1" ] || kept+=("$pid")
	done
	started=("${kept[@]}")
}

# Stops what we started, by its PID, and forgets it so that cleanup never
# signals a PID that may since have been reused.
stop_pid() {
	local pid=$1
	forget_pid "$pid"
	kill "$pid" 2>/dev/null || { wait "$pid" 2>/dev/null || true; return 0; }
	for _ in $(seq 50); do
		kill -0 "$pid" 2>/dev/null || break
		sleep 0.1
	done
	kill -KILL "$pid" 2>/dev/null || true
	wait "$pid" 2>/dev/null || true
}


# Frames committed so far by all of gridwl's outputs.
gridwl_frames() {
	gridwl_ctl outputs | tr -d ' \n' | grep -o '"frames":[0-9]*' |
		awk -F: '{ n += $2 } END { print n + 0 }'
}

gridwl_ctl() { # ARGS...: gridctl on the session's gridwl
	"${senv[@]}" GRIDWL_SOCK="$run/gridwl-$socket.sock" "${as_user[@]}" \
		"$gridctl_bin" "$@"
}

samples_at_least() {
	[ "$(grep -c '^sample' "$client_log" || true)" -ge "$1" ]
}

# One sample: wall clock (us), compositor CPU (ns), the client's counters
# (its own clock in ns, frames, presented, discarded) and, on gridwl, the
# output's committed frames.
sample() {
	local t cpu want
	t=${EPOCHREALTIME/./}
	cpu=$(cpu_ns "$comp_pid")
	want=$(( $(grep -c '^sample' "$client_log" || true) + 1 ))
	kill -USR1 "$client_pid"
	local frames=-
	if [[ $name == gridwl* ]]; then
		frames=$(gridwl_frames)
	fi
	if ! wait_for 5 "$client_pid" samples_at_least "$want"; then
		note "the client on $name did not answer SIGUSR1"
		return 1
	fi
	local line
	line=$(grep '^sample' "$client_log" | sed -n "${want}p")
	echo "$t $cpu ${line#sample } $frames"
}

# Whether the cursor shows: a screenshot with the cursor differs from one
# without. Only wlroots' screencopy offers both.
cursor_drawn() {
	command -v grim >/dev/null || { echo "?"; return; }
	local a=$work/shots/cursor.$name.$i.png b=$work/shots/nocursor.$name.$i.png
	if "${senv[@]}" WAYLAND_DISPLAY="$socket" "${as_user[@]}" grim -c "$a" 2>/dev/null &&
		"${senv[@]}" WAYLAND_DISPLAY="$socket" "${as_user[@]}" grim "$b" 2>/dev/null; then
		if cmp -s "$a" "$b"; then echo no; else echo yes; fi
	else
		echo "?"
	fi
}

median() { # "V1 V2 ...": the median, or n/a
	local -a v
	read -ra v <<< "$1"
	[ ${#v[@]} -gt 0 ] || { echo n/a; return; }
	printf '%s\n' "${v[@]}" | sort -g | awk '{ v[NR] = $1 } END {
		if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

declare -A redraw_ms redraw_client_ms redraw_fps redraw_pfps redraw_src static_cpu static_cursor
declare -A static_fps reason rss_kib helper_rss_kib startup_ms startup_socket_ms startup_outputs

# Peak RSS (VmHWM, KiB) of PID, and the sum of its child processes' (weston's
# desktop-shell and keyboard helpers; none for gridwl and sway here).
hwm_kib() {
	awk '/^VmHWM:/ { print $2 }' "/proc/$1/status" 2>/dev/null || echo 0
}
children_hwm_kib() {
	local total=0 c
	for c in $(cat /proc/"$1"/task/*/children 2>/dev/null); do
		total=$(( total + $(hwm_kib "$c") ))
	done
	echo "$total"
}

# Other work on the machine shows up as noise in every figure.
load_at_start=$(cut -d' ' -f1-3 /proc/loadavg)
if awk -v l="${load_at_start%% *}" 'BEGIN { exit !(l > 0.5) }'; then
	note "WARNING: load average $load_at_start before starting: the figures will be noisy"
fi

ratio() { # VALUE BASE
	awk -v v="$1" -v b="$2" 'BEGIN {
		if (v == "n/a" || b == "n/a" || b == 0) print "n/a"; else printf "%.2f", v / b }'
}
mib() { # KiB -> MiB, or n/a
	awk -v k="$1" 'BEGIN { if (k == "n/a") print "n/a"; else printf "%.1f", k / 1024 }'
}

version_of() {
	case $1 in
	gridwl) echo "gridwl $("$gridwl_bin" --version 2>/dev/null | awk '{ print $NF }')" ;;
	gridwl-bilinear) echo "gridwl $("$gridwl_bin" --version 2>/dev/null | awk '{ print $NF }') bilinear" ;;
	sway) sway --version 2>/dev/null | awk '{ print "sway " $3 }' ;;
	sway-linear) sway --version 2>/dev/null | awk '{ print "sway " $3 " linear" }' ;;
	weston) weston --version 2>/dev/null | awk '{ print "weston " $2 }' ;;
	esac
}

# weston's settings, the same for every case: no panel, no animations, no
# idle timeout.
write_weston_ini() {
	cat > "$work/weston.ini" <<-EOF
	[core]
	idle-time=0
	[shell]
	panel-position=none
	background-color=0xff333333
	locking=false
	animation=none
	close-animation=none
	startup-animation=none
	focus-animation=none
	EOF
}

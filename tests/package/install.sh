#!/bin/sh
# install.sh SOURCE_ROOT [DEB]: the Debian package installs and runs. It
# builds gridwl_VERSION_ARCH.deb with tools/package (unless DEB is given),
# then installs it with apt into a throwaway copy of this Debian 13 system:
# bubblewrap overlays /usr and /var with tmpfs layers and /etc is a copy
# (inside tools/in-root's sandbox the kernel refuses an overlay of a tree
# with mounts in it: / itself, /etc with its passwd and group), so the
# system the test runs in is never changed. There it runs the installed programs:
# gridwl --version, gridwl --check-config on the installed default config,
# man -w for the three pages, systemd-analyze verify on the user target,
# the shell completions in place,
# and the session entry's Exec line as a headless session that runs
# gridctl. TAP on stdout.
set -u
src=$1
deb=${2:-}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

if [ -z "$deb" ]; then
	if ! deb=$("$src/tools/package" "$work/deb" 2>"$work/package.log"); then
		sed 's/^/# /' "$work/package.log" | tail -n 30
		echo "Bail out! tools/package failed"
		exit 1
	fi
fi
if ! command -v bwrap >/dev/null; then
	echo "Bail out! no bwrap (Debian package bubblewrap, 0.10 or later)"
	exit 1
fi

# Runs in the copy: one TAP line a check.
cat >"$work/inside" <<EOF
#!/bin/sh
set -u
export HOME=$work/home XDG_RUNTIME_DIR=$work/runtime WLR_RENDERER=pixman
unset WAYLAND_DISPLAY WAYLAND_SOCKET DISPLAY XDG_CONFIG_HOME
mkdir -p "\$HOME" && mkdir -m 0700 "\$XDG_RUNTIME_DIR"
n=0
check() {
	n=\$((n + 1))
	what=\$1
	shift
	if "\$@" >"$work/out" 2>&1; then
		echo "ok \$n - \$what"
	else
		sed 's/^/# /' "$work/out" | tail -n 20
		echo "not ok \$n - \$what"
	fi
}
echo 1..7
# The copy must not have it yet: a test that installs nothing fails here.
check "apt installs the package" sh -c '! command -v gridwl &&
	apt-get install -y -q --no-install-recommends \
		-o APT::Sandbox::User=root "$deb" &&
	dpkg -s gridwl | grep -qx "Status: install ok installed"'
check "gridwl --version" sh -c 'gridwl --version | grep -q "^gridwl [0-9]"'
check "gridwl --check-config reads the installed default config" sh -c '
	[ -f /etc/gridwl/config ] && gridwl --check-config &&
	gridwl --check-config /etc/gridwl/config'
check "man -w finds gridwl(1), gridwl(5) and gridctl(1)" sh -c '
	man -w gridwl | grep -qx /usr/share/man/man1/gridwl.1.gz &&
	man -w 5 gridwl | grep -qx /usr/share/man/man5/gridwl.5.gz &&
	man -w gridctl | grep -qx /usr/share/man/man1/gridctl.1.gz'
check "the user target and the portal config are installed and valid" sh -c '
	grep -qx "BindsTo=graphical-session.target" \
		/usr/lib/systemd/user/gridwl-session.target &&
	systemd-analyze --user verify --man=no \
		/usr/lib/systemd/user/gridwl-session.target &&
	grep -qx "org.freedesktop.impl.portal.ScreenCast=wlr" \
		/usr/share/xdg-desktop-portal/gridwl-portals.conf'
check "the shell completions are where bash, zsh and fish look" sh -c '
	for f in bash-completion/completions/gridctl \
		bash-completion/completions/gridwl \
		zsh/vendor-completions/_gridctl zsh/vendor-completions/_gridwl \
		fish/vendor_completions.d/gridctl.fish \
		fish/vendor_completions.d/gridwl.fish; do
		[ -s /usr/share/\$f ] || { echo "no /usr/share/\$f"; exit 1; }
	done
	bash -c ". /usr/share/bash-completion/completions/gridctl &&
		complete -p gridctl"'
# What a display manager runs, headless, from the installed files only.
check "the session entry's Exec line starts a session that runs gridctl" \
	"$work/session"
EOF
# The session entry's Exec line, with a headless backend; its command
# checks the environment gridwl gives its programs and asks for the outputs.
cat >"$work/session" <<'EOF'
#!/bin/sh
desktop=/usr/share/wayland-sessions/gridwl.desktop
grep -qx "DesktopNames=gridwl;wlroots" "$desktop" || exit 1
exec_line=$(sed -n "s/^Exec=//p" "$desktop")
$exec_line --backend headless -- sh -c '
	[ "$XDG_CURRENT_DESKTOP" = gridwl:wlroots ] && gridctl outputs' \
	>"$0.log" 2>&1 || { cat "$0.log"; exit 1; }
grep -q '"HEADLESS-1"' "$0.log" || { cat "$0.log"; exit 1; }
EOF
chmod +x "$work/inside" "$work/session"

# Root in a user namespace of its own, where only root is mapped: apt
# does not switch to its _apt user to read the package.
cp -a /etc "$work/etc"
bwrap --unshare-user --uid 0 --gid 0 --cap-add ALL --bind / / \
	--overlay-src /usr --tmp-overlay /usr \
	--overlay-src /var --tmp-overlay /var \
	--bind "$work/etc" /etc \
	--dev-bind /dev /dev --bind /proc /proc --bind /tmp /tmp \
	--setenv DEBIAN_FRONTEND noninteractive --setenv LC_ALL C.UTF-8 \
	--die-with-parent "$work/inside"

# get-common.sh - what get-kernel and get-project share, sourced by both after they set $prog:
# their diagnostics, help (the caller's header comment) and version, and private apt lists in
# the cache that read the system's own Debian mirrors with other suites, without touching the
# system's apt configuration.
die() { echo "$prog: $*" >&2; exit 2; }
usage() { sed -n '2,/^[^#]/s/^# \{0,1\}//p' "$0"; exit "$1"; }  # the header comment
version() { # make install writes the version in; a copy in the repository reads ../VERSION
	_v=@KC_VERSION@
	case $_v in @*) _v=$(cat "$(dirname "$0")/../VERSION" 2>/dev/null || echo unknown) ;; esac
	echo "$prog (kconfig-count) $_v"
	exit 0
}

# apt_sources KIND FALLBACK SUITE...: KIND (deb or deb-src) lines for each of the system's
# Debian mirrors (FALLBACK when it names none; fails when that is empty too) and SUITE
apt_sources() {
	_kind=$1 _mirrors=$(grep -rhoE 'https?://[^ ]+/debian/?( |$)' /etc/apt/sources.list \
		/etc/apt/sources.list.d 2>/dev/null | tr -d ' ' | sed 's,/$,,' | sort -u)
	[ -n "$_mirrors" ] || _mirrors=$2
	[ -n "$_mirrors" ] || return 1
	shift 2
	for _m in $_mirrors; do
		for _s; do echo "$_kind $_m $_s main"; done
	done
}

# aptx DIR CMD ARG...: an apt command on the sources.list, lists and cache of DIR
aptx() {
	_dir=$1 _cmd=$2
	shift 2
	"$_cmd" -o Dir::Etc::SourceList="$_dir/sources.list" -o Dir::Etc::SourceParts=/dev/null \
		-o Dir::State::Lists="$_dir/lists" -o Dir::Cache="$_dir" "$@"
}

# apt_refresh DIR KIND FALLBACK SUITE...: DIR's lists (apt_sources KIND FALLBACK SUITE...)
# read again once a day, and whenever those sources change
apt_refresh() {
	_dir=$1
	shift
	mkdir -p "$_dir/lists/partial" "$_dir/archives/partial"
	apt_sources "$@" > "$_dir/sources.list.new" || { rm -f "$_dir/sources.list.new"; return 1; }
	if [ ! -f "$_dir/updated" ] || [ -n "$(find "$_dir/updated" -mmin +1440)" ] ||
		! cmp -s "$_dir/sources.list.new" "$_dir/sources.list"; then
		mv "$_dir/sources.list.new" "$_dir/sources.list"
		aptx "$_dir" apt-get -qq update >/dev/null 2>&1 || return 1
		touch "$_dir/updated"
	fi
	rm -f "$_dir/sources.list.new"
}

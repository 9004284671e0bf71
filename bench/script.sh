# bench/script.sh, sourced by each bench script before it reads its arguments: -h or --help
# prints the script's head comment, its usage, and exits 0; `usage 2 >&2` is the answer to a
# bad option; `scratch NAME` makes a directory in $NAME that goes however the script ends.
# /bin/sh on Debian is dash, which runs an EXIT trap when the script exits but not when a
# signal ends it (`bench/... | head` ends it by SIGPIPE), so those signals are made exits.
usage() { sed -n '2,/^[^#]/s/^# \{0,1\}//p' "$0"; exit "$1"; }
case ${1-} in -h | --help) usage 0 ;; esac

scratch() {
	eval "$1=\$(mktemp -d)" || exit 2
	trap "rm -rf \"\$$1\"" EXIT
	trap 'exit 143' HUP INT TERM PIPE
}

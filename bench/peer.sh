# bench/peer.sh, sourced by bench/kcount-peer and bench/kcount-reach: what each public counter
# needs to give an exact count that can be compared with kcount's: which kind a binary is,
# whether it honours `c p show`, the file to give it, and where its output has the count.
# (bench/peer-run runs one; it is a program of its own so that time(1) and timeout(1) wrap it.)

# peer_kind BIN: ganak, sharpsat-td, sharpsat, d4 (version 1), d4v2, gpmc or unknown, by name
peer_kind() {
	case $(basename "$1") in
	ganak*) echo ganak ;;
	sharpSAT-TD*|sharpsat-td*) echo sharpsat-td ;;
	sharpSAT*) echo sharpsat ;;
	d4v2*) echo d4v2 ;;
	d4*) echo d4 ;;
	gpmc*) echo gpmc ;;
	*) echo unknown ;;
	esac
}

# peer_ignores_projection KIND: true for the counters that count every variable of a file
peer_ignores_projection() {
	case $1 in sharpsat|sharpsat-td|d4) true ;; *) false ;; esac
}

# peer_input KCOUNT KIND IN OUT: writes OUT, the file KIND counts for IN: IN itself, or, when
# KIND ignores IN's `c p show`, what `KCOUNT --preprocess --plain` writes, a plain CNF with the
# same count (preprocessing removes the hidden variables). Fails when kcount cannot do that.
peer_input() {
	if peer_ignores_projection "$2" && grep -q '^c p show' "$3"; then
		"$1" --preprocess --plain "$3" > "$4"
	else
		cp "$3" "$4"
	fi
}

# peer_count OUTPUT: the exact count in a counter's OUTPUT file (the model counting
# competition's `c s exact arb int N`, or d4's and sharpSAT's `s N`), or nothing
peer_count() {
	sed -n 's/^c s exact arb int //p; s/^s \([0-9][0-9]*\)$/\1/p' "$1" | head -n 1
}

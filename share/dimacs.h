/* dimacs: reader for DIMACS CNF with the model-counting-competition comments
 * (`c t mc|pmc`, `c p show V... 0`) and kcnf's group marks (`c kcnf exactly-one V... 0`,
 * `c kcnf at-most-one V... 0`, kcnf(1)); other comments are ignored. */
#ifndef KC_DIMACS_H
#define KC_DIMACS_H

#include <limits.h>
#include <stddef.h>
#include <stdio.h>

/* The most variables a file may declare: counters number literals 2v and 2v + 1 in an int. */
#define DIMACS_MAX_VARS (INT_MAX / 2 - 1)

struct dimacs_cnf {
	int nvars;            /* from `p cnf VARS CLAUSES` */
	int nclauses;         /* clauses read (equals the header's count) */
	int *lits;            /* literals of all clauses, each clause ended by 0 */
	size_t nlits;         /* entries of lits, terminating zeros included */
	int projected;        /* a `c p show` line or `c t pmc` was seen */
	int *show;            /* projection variables in input order (duplicates removed) */
	int nshow;
	int *marks;           /* group marks, each: 2 exactly-one or 1 at-most-one, variables, 0 */
	size_t nmarks;        /* entries of marks */
	int bad_marks;        /* mark lines not well formed (ignored: marks are hints, never trusted) */
};

/* Where and why a file was rejected. */
struct dimacs_error {
	long line;
	char msg[160];
};

/* Reads a whole CNF from f. Returns 0, or -1 with *err filled in (the caller prints
 * "NAME:LINE: error: MSG"). */
int dimacs_read(FILE *f, struct dimacs_cnf *cnf, struct dimacs_error *err);
/* Reads the named file ("-" is standard input); on rejection prints the diagnostic and
 * exits 1, on an unreadable file exits 2. */
void dimacs_load(const char *path, struct dimacs_cnf *cnf);
void dimacs_free(struct dimacs_cnf *cnf);

#endif

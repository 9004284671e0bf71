/* options: kcount's command line, parsed and documented from the one table in kcount.h. */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "kcount.h"
#include "util.h"

enum {
#define KC_OPT_ID(field, s, l, arg, h) OPT_##field,
	KCOUNT_OPTIONS(KC_OPT_ID)
#undef KC_OPT_ID
	OPT_COUNT
};

static const struct option long_options[] = {
#define KC_OPT_LONG(field, s, l, arg, h) { l, arg ? required_argument : no_argument, NULL, OPT_##field },
	KCOUNT_OPTIONS(KC_OPT_LONG)
#undef KC_OPT_LONG
	{ NULL, 0, NULL, 0 }
};

static void help_line(char s, const char *l, const char *arg, const char *h)
{
	char left[40];

	snprintf(left, sizeof left, "%c%c%c --%s%s%s", s ? '-' : ' ', s ? s : ' ', s ? ',' : ' ', l,
		 arg ? " " : "", arg ? arg : "");
	printf("  %-22s %s\n", left, h);
}

static void help(void)
{
	printf("usage: kcount [OPTION]... [FILE]\n"
	       "Count the models of a DIMACS CNF exactly (projected on 'c p show' variables when\n"
	       "present). FILE '-' or none: standard input.\n\n");
#define KC_OPT_HELP(field, s, l, arg, h) help_line(s, l, arg, h);
	KCOUNT_OPTIONS(KC_OPT_HELP)
#undef KC_OPT_HELP
	printf("\nExit status: 0 counted (or bounded), 1 malformed input, 2 usage error, timeout or memory cap.\n");
}

/* At most INT_MAX: alarm() and the counts of variables and samples take no more. */
static long number(const char *name, const char *s)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(s, &end, 10);
	if (!*s || *end || v < 0)
		util_die(EXIT_TROUBLE, "option '--%s' wants a non-negative number, not '%s'", name, s);
	if (errno == ERANGE || v > INT_MAX)
		util_die(EXIT_TROUBLE, "option '--%s': %s is above the largest value, %d", name, s, INT_MAX);
	return v;
}

static int short_to_id(int c)
{
#define KC_OPT_SHORT(field, s, l, arg, h) if (s && c == s) return OPT_##field;
	KCOUNT_OPTIONS(KC_OPT_SHORT)
#undef KC_OPT_SHORT
	return -1;
}

static void set(struct options *o, int id, const char *arg)
{
	if (id == OPT_checkpoint) {  /* the one option whose argument is not a number */
		o->checkpoint = 1;
		o->checkpoint_path = arg;
		return;
	}
	switch (id) {
#define KC_OPT_SET(field, s, l, a, h) \
	case OPT_##field: o->field = a ? number(l, arg) : 1; break;
	KCOUNT_OPTIONS(KC_OPT_SET)
#undef KC_OPT_SET
	default:
		fprintf(stderr, "Try 'kcount --help'.\n");
		exit(EXIT_TROUBLE);
	}
}

void options_parse(struct options *o, int argc, char **argv)
{
	int c;

	memset(o, 0, sizeof *o);
	o->seed = 1;
	o->sample = -1;         /* not sampling */
	o->hubs = -1;           /* as many as the work budget allows */
	o->work = -1;           /* BOUND_WORK, or none with --hubs */
	o->max_width = -1;      /* none */
	o->split_width = -1;    /* the default */
	o->cube_width = -1;     /* the default */
	o->afresh_cost = -1;    /* the default */
	o->probe = -1;          /* the default */
	while ((c = getopt_long(argc, argv, "qvh", long_options, NULL)) != -1)
		set(o, c < OPT_COUNT ? c : short_to_id(c), optarg);
	if (o->help) {
		help();
		util_finish_stdout();
		exit(EXIT_OK);
	}
	if (o->version) {
		util_print_version();
		util_finish_stdout();
		exit(EXIT_OK);
	}
	if (argc - optind > 1)
		util_die(EXIT_TROUBLE, "one input file at most (try 'kcount --help')");
	o->file = optind < argc ? argv[optind] : "-";
}

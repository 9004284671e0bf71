/* fix: fixed values from -D NAME=VALUE and from .config files (-D @FILE), as unit clauses. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "kcnf.h"
#include "util.h"

static void add_fix(struct kcnf_options *opt, const char *name, size_t len, char value, char *origin)
{
	struct fix *f;

	opt->fixes = xrealloc(opt->fixes, (opt->nfixes + 1) * sizeof *opt->fixes);
	f = &opt->fixes[opt->nfixes++];
	f->name = xstrndup(name, len);
	f->value = value;
	f->origin = origin;
}

/* One line of a .config (confdata.c:conf_read_simple): CONFIG_X=y|m|n or "# CONFIG_X is not set". */
static void read_config_line(struct kcnf_options *opt, const char *line, const char *path, long n)
{
	const char *name, *end;

	if (!strncmp(line, "# CONFIG_", 9)) {
		name = line + 9;
		end = strchr(name, ' ');
		if (end && !strcmp(end, " is not set"))
			add_fix(opt, name, end - name, 'n', xasprintf("%s:%ld", path, n));
		return;
	}
	if (strncmp(line, "CONFIG_", 7) || !(end = strchr(line, '=')))
		return;
	name = line + 7;
	if ((end[1] == 'y' || end[1] == 'm' || end[1] == 'n') && !end[2])
		add_fix(opt, name, end - name, end[1], xasprintf("%s:%ld", path, n));
}

static void read_config_file(struct kcnf_options *opt, const char *path)
{
	FILE *in = fopen(path, "r");
	char *line = NULL;
	size_t cap = 0;
	ssize_t len;
	long n = 0;

	if (!in)
		util_die(EXIT_TROUBLE, "cannot open '%s': %s", path, strerror(errno));
	while ((len = getline(&line, &cap, in)) >= 0) {
		n++;
		if (len && line[len - 1] == '\n')
			line[len - 1] = '\0';
		read_config_line(opt, line, path, n);
	}
	free(line);
	fclose(in);
}

void fix_parse(struct kcnf_options *opt, const char *arg)
{
	const char *eq = strchr(arg, '=');

	if (arg[0] == '@') {
		read_config_file(opt, arg + 1);
		return;
	}
	if (!eq || eq == arg || !strchr("ymn", eq[1]) || !eq[1] || eq[2])
		util_die(EXIT_TROUBLE, "-D '%s': expected NAME=y, NAME=m, NAME=n or @FILE", arg);
	add_fix(opt, arg, eq - arg, eq[1], NULL);
}

/* A -D naming something kcnf does not count is an error; a .config line is skipped, as conf does. */
static bool check_fix(const struct encoder *enc, const struct fix *f, int sym)
{
	const char *problem = NULL;

	if (sym < 0)
		problem = "is not a symbol of the model";
	else if (!enc->var_y[sym])
		problem = "is not a bool or tristate symbol";
	else if (f->value == 'm' && !enc->var_m[sym])
		problem = "is bool and cannot be m";
	if (!problem)
		return true;
	if (!f->origin)
		util_die(EXIT_TROUBLE, "-D %s=%c: '%s' %s", f->name, f->value, f->name, problem);
	util_warn("%s: CONFIG_%s=%c ignored: '%s' %s", f->origin, f->name, f->value, f->name, problem);
	return false;
}

void fix_apply(struct encoder *enc)
{
	for (size_t i = 0; i < enc->opt->nfixes; i++) {
		const struct fix *f = &enc->opt->fixes[i];
		int sym = ir_find_symbol(enc->ir, f->name);
		lit y, m;

		if (!check_fix(enc, f, sym))
			continue;
		y = enc->var_y[sym];
		m = enc->var_m[sym] ? enc->var_m[sym] : LIT_FALSE;
		circuit_clause(enc->c, (lit[]){ f->value == 'y' ? y : -y }, 1);
		circuit_clause(enc->c, (lit[]){ f->value == 'm' ? m : -m }, 1);
	}
}

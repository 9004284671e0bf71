/* fix: fixed values from -D NAME=VALUE and from .config files (-D @FILE), as unit clauses. */
#include <stdlib.h>
#include <string.h>

#include "kcnf.h"
#include "util.h"

static void add_fix(struct kcnf_options *opt, const char *name, size_t len, const char *value,
		    char *origin)
{
	struct fix *f;

	opt->fixes = xrealloc(opt->fixes, (opt->nfixes + 1) * sizeof *opt->fixes);
	f = &opt->fixes[opt->nfixes++];
	f->name = xstrndup(name, len);
	f->value = xstrdup(value);
	f->origin = origin;
}

/* One line of a .config (confdata.c:conf_read_simple): CONFIG_X=VALUE or "# CONFIG_X is not set";
 * other comments and blank lines say nothing, any other line is skipped with a warning. */
static void read_config_line(struct kcnf_options *opt, const char *line, const char *path, long n)
{
	const char *name, *end;

	if (line[0] == '#') {
		if (strncmp(line, "# CONFIG_", 9))
			return;
		name = line + 9;
		end = strchr(name, ' ');
		if (end && end > name && !strcmp(end, " is not set"))
			add_fix(opt, name, end - name, "n", xasprintf("%s:%ld", path, n));
		return;
	}
	if (!line[strspn(line, " \t\r")])
		return;
	if (strncmp(line, "CONFIG_", 7) || !(end = strchr(line, '=')) || end == line + 7) {
		fprintf(stderr, "%s:%ld: warning: line ignored: not CONFIG_NAME=VALUE\n", path, n);
		return;
	}
	name = line + 7;
	add_fix(opt, name, end - name, end + 1, xasprintf("%s:%ld", path, n));
}

struct config_file {
	struct kcnf_options *opt;
	const char *path;
};

static void config_line(void *ctx, char *line, long n)
{
	struct config_file *f = ctx;

	read_config_line(f->opt, line, f->path, n);
}

static void read_config_file(struct kcnf_options *opt, const char *path)
{
	struct config_file f = { opt, path };

	util_each_line(path, config_line, &f);
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
	add_fix(opt, arg, eq - arg, eq + 1, NULL);
}

/* Why kcnf cannot use a fix, or NULL; *invalid when its value is not one of its symbol's type. */
static char *fix_problem(const struct ir *ir, const struct fix *f, bool *invalid)
{
	int sym = ir_find_symbol(ir, f->name);
	enum ir_type type = sym >= 0 ? ir->syms[sym].e.type : IR_UNKNOWN;
	const char *values = type == IR_TRISTATE ? "ymn" : "yn";

	*invalid = false;
	if (sym < 0)
		return xasprintf("'%s' is not a symbol of the model", f->name);
	if (type != IR_BOOL && type != IR_TRISTATE)
		return xasprintf("'%s' is not a bool or tristate symbol", f->name);
	if (f->value[0] && !f->value[1] && strchr(values, f->value[0]))
		return NULL;
	*invalid = true;
	return xasprintf("'%s' is not a value of %s symbol '%s'", f->value, ir_type_name(type), f->name);
}

/* A -D that kcnf cannot use is an error, so is an invalid value in a .config (kcnf(1), -D @FILE);
 * a .config line for a symbol kcnf does not count is dropped with a warning. */
void fix_check(struct kcnf_options *opt, const struct ir *ir)
{
	size_t kept = 0, errors = 0;
	bool invalid;

	for (size_t i = 0; i < opt->nfixes; i++) {
		struct fix *f = &opt->fixes[i];
		char *problem = fix_problem(ir, f, &invalid);

		if (!problem) {
			opt->fixes[kept++] = *f;
			continue;
		}
		if (!f->origin)
			util_die(EXIT_TROUBLE, "-D %s=%s: %s", f->name, f->value, problem);
		fprintf(stderr, "%s: %s: CONFIG_%s=%s%s: %s\n", f->origin, invalid ? "error" : "warning",
			f->name, f->value, invalid ? "" : " ignored", problem);
		errors += invalid;
		free(problem);
		free(f->name);
		free(f->value);
		free(f->origin);
	}
	opt->nfixes = kept;
	if (errors)
		exit(EXIT_TROUBLE);
}

void fix_apply(struct encoder *enc)
{
	for (size_t i = 0; i < enc->opt->nfixes; i++) {
		const struct fix *f = &enc->opt->fixes[i];
		int sym = ir_find_symbol(enc->ir, f->name);
		lit y = enc->var_y[sym], m = enc->var_m[sym] ? enc->var_m[sym] : LIT_FALSE;

		circuit_clause(enc->c, (lit[]){ f->value[0] == 'y' ? y : -y }, 1);
		circuit_clause(enc->c, (lit[]){ f->value[0] == 'm' ? m : -m }, 1);
	}
}

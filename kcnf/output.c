/* output: the DIMACS file with its header comments, projection and map (kcnf(1), OUTPUT). */
#include "kcnf.h"

static void write_input(const struct ir *ir, const struct kcnf_options *opt, FILE *out)
{
	const char *const names[] = { "file", "kconfig", "arch", "srcarch", "kernelversion", "macros" };
	const char *const values[] = { ir->filename, ir->kconfig, ir->arch, ir->srcarch,
				       ir->kernelversion, ir->macros };

	for (size_t i = 0; i < sizeof names / sizeof *names; i++)
		if (values[i])
			fprintf(out, "c input %s %s\n", names[i], values[i]);
	fprintf(out, "c input modules %s\n", ir->modules ? ir->modules : "-");
	if (opt->bool_view)
		fputs("c input view bool\n", out);
	for (size_t i = 0; i < opt->nfixes; i++)
		fprintf(out, "c input fix %s=%s\n", opt->fixes[i].name, opt->fixes[i].value);
}

/* The symbol variables are 1..N (encode.c allocates them first). */
static int symbol_vars(const struct encoder *enc)
{
	int last = 0;

	for (size_t i = 0; i < enc->ir->nsyms; i++)
		if (enc->var_y[i])
			last = enc->var_m[i] ? enc->var_m[i] : enc->var_y[i];
	return last;
}

void output_write(const struct encoder *enc, FILE *out)
{
	int shown = symbol_vars(enc);

	fputs("c kcnf 1\n", out);
	write_input(enc->ir, enc->opt, out);
	fprintf(out, "p cnf %d %zu\n", circuit_nvars(enc->c), circuit_nclauses(enc->c));
	fputs("c p show", out);
	for (int v = 1; v <= shown; v++)
		fprintf(out, " %d", v);
	fputs(" 0\n", out);
	for (size_t i = 0; i < enc->ir->nsyms; i++) {
		if (!enc->var_y[i])
			continue;
		fprintf(out, "c map %d %s y\n", enc->var_y[i], enc->ir->syms[i].e.name);
		if (enc->var_m[i])
			fprintf(out, "c map %d %s m\n", enc->var_m[i], enc->ir->syms[i].e.name);
	}
	for (size_t i = 0; i < enc->ngroups_lits; i++) {
		int x = enc->groups[i];
		if (i == 0 || enc->groups[i - 1] == 0)
			fprintf(out, "c kcnf %s", x == 2 ? "exactly-one" : "at-most-one");
		else if (x)
			fprintf(out, " %d", x);
		else
			fputs(" 0\n", out);
	}
	circuit_write_clauses(enc->c, out);
}

/* report_json: the diff as one JSON object (kdiff(1), JSON OUTPUT). */
#include "kdiff.h"

static void json_string(FILE *f, const char *s)
{
	fputc('"', f);
	for (; *s; s++) {
		if (*s == '"' || *s == '\\')
			fprintf(f, "\\%c", *s);
		else if ((unsigned char)*s < 0x20)
			fprintf(f, "\\u%04x", (unsigned char)*s);
		else
			fputc(*s, f);
	}
	fputc('"', f);
}

static void json_key_string(FILE *f, const char *key, const char *value, const char *after)
{
	fprintf(f, "\"%s\": ", key);
	if (value)
		json_string(f, value);
	else
		fputs("null", f);
	fputs(after, f);
}

static void json_key_real(FILE *f, const char *key, double x, const char *after)
{
	fprintf(f, "\"%s\": ", key);
	kd_print_real(f, x, "null");
	fputs(after, f);
}

static void json_types(FILE *f, const struct kd_version *v)
{
	const struct kd_types *t = &v->model.types;

	fprintf(f, "    \"options\": {\"total\": %zu, \"bool\": %ld, \"tristate\": %ld, \"string\": %ld, "
		"\"int\": %ld, \"hex\": %ld, \"unknown\": %ld, \"visible\": %ld, \"invisible\": %ld},\n",
		v->model.nsym, t->bool_, t->tristate, t->string, t->int_, t->hex, t->unknown,
		t->visible, t->invisible);
}

static void json_version(FILE *f, const struct kd_version *v, const char *after)
{
	struct kd_figures x;

	kd_figures(v, &x);
	fprintf(f, "  \"%s\": {\n    ", v->role);
	json_key_string(f, "label", v->label, ", ");
	json_key_string(f, "arch", v->model.arch, ", ");
	json_key_string(f, "path", v->path, ",\n");
	json_types(f, v);
	fputs("    ", f);
	json_key_string(f, "count", v->count.value, ", ");
	json_key_string(f, "count_note", x.counted ? NULL : v->count.note, ",\n    ");
	if (x.counted)
		fprintf(f, "\"digits\": %zu, ", x.digits);
	else
		fputs("\"digits\": null, ", f);
	json_key_real(f, "log10", x.log10, ", ");
	json_key_real(f, "log10_lower_bound", x.log10_lower, ",\n    ");
	fprintf(f, "\"n\": %ld, ", x.n);
	json_key_real(f, "log10_2n", x.log10_2n, ", ");
	json_key_real(f, "constrained", x.log10_2n - x.log10, ",\n    ");
	json_key_real(f, "log10_2b3t", x.log10_23, ", ");
	json_key_real(f, "constrained_3", x.log10_23 - x.log10, "\n  }");
	fputs(after, f);
}

static void json_aspects(FILE *f, unsigned mask)
{
	const char *sep = "";
	int a;

	fputs("\"aspects\": [", f);
	for (a = 0; a < KD_NASPECTS; a++)
		if (mask & 1u << a) {
			fprintf(f, "%s\"%s\"", sep, kd_aspect_name[a]);
			sep = ", ";
		}
	fputs("], ", f);
}

/* "name": [ {...}, ... ] for one list of changes: renames have old and new names. */
static void json_list(FILE *f, const char *name, const struct kd_change *c, size_t n, const char *after)
{
	const struct kd_symbol *s;
	size_t i;

	fprintf(f, "  \"%s\": [", name);
	for (i = 0; i < n; i++) {
		s = c[i].new_ ? c[i].new_ : c[i].old;
		fputs(i ? ",\n    {" : "\n    {", f);
		if (c[i].old && c[i].new_ && !c[i].aspects) {
			json_key_string(f, "old", c[i].old->name, ", ");
			json_key_string(f, "new", c[i].new_->name, ", ");
		} else {
			json_key_string(f, "name", s->name, ", ");
		}
		json_key_string(f, "type", s->type, ", ");
		if (c[i].aspects)
			json_aspects(f, c[i].aspects);
		json_key_string(f, "old_loc", c[i].old ? c[i].old->loc : NULL, ", ");
		json_key_string(f, "new_loc", c[i].new_ ? c[i].new_->loc : NULL, "}");
	}
	fprintf(f, "%s]%s", n ? "\n  " : "", after);
}

void kd_report_json(FILE *f, const struct kd_version *old, const struct kd_version *new_,
	const struct kd_diff *d)
{
	struct kd_figures a, b;

	kd_figures(old, &a);
	kd_figures(new_, &b);
	fputs("{\n", f);
	json_version(f, old, ",\n");
	json_version(f, new_, ",\n  ");
	json_key_real(f, "log10_ratio", b.log10 - a.log10, ",\n");
	json_list(f, "added", d->added, d->nadded, ",\n");
	json_list(f, "removed", d->removed, d->nremoved, ",\n");
	json_list(f, "renamed", d->renamed, d->nrenamed, ",\n");
	json_list(f, "changed", d->changed, d->nchanged, "\n");
	fputs("}\n", f);
}

/* input: one version from a kernel tree or an IR file, with its count (kdiff(1), INPUTS). */
#include "bignum.h"
#include "kdiff.h"
#include "util.h"

#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static bool is_dir(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

static bool is_file(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* Why a stage gave no result, e.g. "kcount: not counted within 600 s". */
static char *run_note(enum kd_run_result r, const char *stage, long timeout)
{
	if (r == KD_RUN_TIMEOUT)
		return xasprintf("%s: not %s within %ld s", stage,
			strcmp(stage, "kcount") ? "done" : "counted", timeout);
	return xasprintf("%s failed", stage);
}

/* Runs kparse -a ARCH TREE into WORKDIR/ROLE.ir; a tree without arch/ (not a kernel) gets
 * no -a. */
static bool parse_tree(const struct kd_options *opt, struct kd_version *v, const char *workdir)
{
	char *prog = kd_program(opt, "kparse"), *arch_dir = xasprintf("%s/arch", v->path), *note;
	char *argv[] = { prog, "-a", (char *)opt->arch, (char *)v->path, NULL };
	enum kd_run_result r;

	if (!is_dir(arch_dir)) {
		argv[1] = (char *)v->path;
		argv[2] = NULL;
	}
	v->ir_path = xasprintf("%s/%s.ir", workdir, v->role);
	r = kd_run(argv, v->ir_path, opt->timeout, NULL);
	if (r != KD_RUN_OK) {
		note = run_note(r, "kparse", opt->timeout);
		util_warn("'%s': %s", v->path, note);
		free(note);
	}
	free(prog);
	free(arch_dir);
	return r == KD_RUN_OK;
}

/* The count file kept next to an IR file: FILE.count, or FILE without .ir plus .count. */
static char *sidecar(const char *ir_path)
{
	size_t n = strlen(ir_path);
	char *path = xasprintf("%s.count", ir_path);

	if (is_file(path) || n < 3 || strcmp(ir_path + n - 3, ".ir"))
		return path;
	free(path);
	return xasprintf("%.*s.count", (int)(n - 3), ir_path);
}

/* kcnf IR > ROLE.cnf; kcount ROLE.cnf > ROLE.kcount: a count, or a note saying why not.
 * With a timeout and a bound, one kcount --lower-bound run counts for the timeout, then
 * bounds what it could not count: the formula is preprocessed once. */
static void count_ir(const struct kd_options *opt, struct kd_version *v, const char *workdir)
{
	char *kcnf = kd_program(opt, "kcnf"), *kcount = kd_program(opt, "kcount");
	char *cnf = xasprintf("%s/%s.cnf", workdir, v->role);
	char *out = xasprintf("%s/%s.kcount", workdir, v->role);
	char *mem = opt->memory ? xasprintf("--mem=%s", opt->memory) : NULL;
	char *first = xasprintf("--count-first=%ld", opt->timeout);
	char *both = xasprintf("--timeout=%ld", opt->timeout + opt->bound);
	char *width = xasprintf("--max-width=%ld", opt->max_width ? opt->max_width : (long)INT_MAX);
	char *argv_cnf[] = { kcnf, v->ir_path, NULL }, *argv_count[] = { kcount, width, cnf, mem, NULL };
	char *argv_bound[] = { kcount, "--lower-bound", first, both, width, cnf, mem, NULL };
	enum kd_run_result r = kd_run(argv_cnf, cnf, opt->timeout, NULL);
	const char *stage = "kcnf";
	bool bound = opt->bound && opt->timeout;
	double seconds = -1;
	char *note;

	if (r == KD_RUN_OK) {
		stage = "kcount";
		r = bound ? kd_run(argv_bound, out, opt->timeout + opt->bound + 60, &seconds)
			: kd_run(argv_count, out, opt->timeout, &seconds);
		if (bound && r == KD_RUN_FAILED && seconds >= opt->timeout)
			r = KD_RUN_TIMEOUT;  /* it exits 2 when it found no bound either */
	}
	if (r != KD_RUN_OK || !kd_count_read(out, &v->count)) {
		kd_count_free(&v->count);
		if (!(v->count.note = r == KD_RUN_OK ? NULL : kd_width_note(out)))
			v->count.note = run_note(r == KD_RUN_OK ? KD_RUN_FAILED : r, stage, opt->timeout);
	} else if (!v->count.value) {  /* a bound, and the note says why there is no count */
		free(v->count.note);
		if (!(note = kd_width_note(out)))
			note = run_note(KD_RUN_TIMEOUT, stage, opt->timeout);
		v->count.note = kd_bound_note(note, &v->count);
		free(note);
	}
	if (v->count.note)
		util_warn("'%s': %s", v->path, v->count.note);
	v->count.seconds = seconds;
	free(kcnf), free(kcount), free(cnf), free(out), free(mem), free(first), free(both), free(width);
}

static bool get_count(const struct kd_options *opt, struct kd_version *v, const char *count_file,
	const char *workdir)
{
	char *side = NULL, *kept;
	bool ok = true;

	if (count_file)
		ok = kd_count_read(count_file, &v->count);
	else if (!opt->count)
		v->count.note = xstrdup("not counted (--no-count)");
	else if (strcmp(v->path, v->ir_path) == 0 && is_file(side = sidecar(v->ir_path)))
		ok = kd_count_read(side, &v->count);
	else
		count_ir(opt, v, workdir);
	free(side);
	if (ok && opt->keep && opt->count) {
		kept = xasprintf("%s/%s.count", opt->keep, v->role);
		kd_count_write(kept, &v->count);
		free(kept);
	}
	return ok;
}

/* The kernel release the IR names, else the input's file name without .ir. */
static char *label_of(const struct kd_version *v)
{
	const char *kv = v->model.kernelversion, *base = strrchr(v->path, '/');
	size_t n;

	if (kv && strcmp(kv, "-"))
		return xstrdup(kv);
	base = base && base[1] ? base + 1 : v->path;
	n = strlen(base);
	return n > 3 && !strcmp(base + n - 3, ".ir") ? xstrndup(base, n - 3) : xstrdup(base);
}

bool kd_version_load(const struct kd_options *opt, struct kd_version *v, const char *count_file,
	const char *workdir)
{
	v->count.value = v->count.note = NULL;
	v->count.seconds = -1;
	v->count.lower_log10 = NAN;
	if (is_dir(v->path)) {
		if (!parse_tree(opt, v, workdir))
			return false;
	} else {
		v->ir_path = xstrdup(v->path);
	}
	if (!kd_model_read(v->ir_path, &v->model))
		return false;
	v->label = label_of(v);
	return get_count(opt, v, count_file, workdir);
}

void kd_version_free(struct kd_version *v)
{
	kd_model_free(&v->model);
	kd_count_free(&v->count);
	free(v->label);
	free(v->ir_path);
}

void kd_figures(const struct kd_version *v, struct kd_figures *f)
{
	const struct kd_types *t = &v->model.types;

	f->n = t->bool_ + t->tristate;
	f->log10_2n = f->n * log10(2.0);
	f->log10_23 = t->bool_ * log10(2.0) + t->tristate * log10(3.0);
	f->counted = v->count.value != NULL;
	f->digits = f->counted ? bignum_digits_of_decimal(v->count.value) : 0;
	f->log10 = f->counted ? bignum_log10_of_decimal(v->count.value) : NAN;
	f->log10_lower = f->counted ? NAN : v->count.lower_log10;
}

/* kdiff: private header of the differ of two (or a history of) Kconfig models, by file. */
#ifndef KDIFF_H
#define KDIFF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "ir.h"

/* ---- main.c: options ---------------------------------------------------------------- */

enum kd_format { KD_TEXT, KD_TSV, KD_JSON };

/* The default --timeout, --bound and --max-width, those of share/main-job: a whole kernel
 * never counts, and its treewidth (at least 129) says so at once. */
enum { KD_TIMEOUT = 600, KD_BOUND = 120, KD_MAX_WIDTH = 100 };

struct kd_options {
	const char *arch;         /* -a ARCH for tree inputs */
	enum kd_format format;
	bool history;             /* --history */
	bool count;               /* false with --no-count */
	bool renames;             /* false with --no-renames */
	bool summary;             /* --summary: text without the lists of options */
	const char *count_file[2];/* --count-old, --count-new */
	long timeout;             /* seconds per pipeline stage, 0 = none */
	long bound;               /* --bound: seconds for a lower bound past the timeout, 0 = none */
	long max_width;           /* --max-width: no exact count of a wider formula, 0 = none */
	const char *memory;       /* --memory MB, passed to kcount */
	const char *keep;         /* --keep DIR: keep IR, CNF and count files there */
	const char *svg;          /* --svg FILE (history) */
	const char *self;         /* path of this program, to find its siblings */
};

/* ---- run.c: running the other programs of the pipeline -------------------------------- */

enum kd_run_result { KD_RUN_OK, KD_RUN_FAILED, KD_RUN_TIMEOUT };

/* Path of program NAME: next to kdiff's own binary when there, else NAME (found on PATH). */
char *kd_program(const struct kd_options *opt, const char *name);
/* Runs ARGV with stdout into OUT_PATH and stderr passed through, killed after TIMEOUT s
 * (0: never). SECONDS receives the wall-clock time it took. */
enum kd_run_result kd_run(char *const argv[], const char *out_path, long timeout, double *seconds);
/* SIGINT, SIGTERM and SIGHUP (unless ignored) are noted, to stop kdiff at the next check:
 * a running child is killed, then kd_stop_if_signalled. */
void kd_catch_signals(void);
/* After a stop signal: removes the temporary directory and dies of the signal. */
void kd_stop_if_signalled(void);

/* ---- workdir.c: the directory of intermediate files ------------------------------------ */

/* --keep DIR, else a fresh temporary directory that is removed at exit. */
char *kd_workdir_make(const struct kd_options *opt);
/* Removes the temporary directory now (nothing with --keep); again does nothing. */
void kd_workdir_remove(void);

/* ---- countfile.c: count files --------------------------------------------------------- */

struct kd_count {
	char *value;              /* decimal count, NULL when not counted */
	char *note;               /* why there is no count ("not counted within 600 s"...) */
	double seconds;           /* counting time, negative when unknown */
	double lower_log10;       /* log10 of a lower bound (kcount --lower-bound), NAN if none */
	long lower_fixed;         /* the variables it fixed */
};

/* Reads a count file (kcount's output, kcount -q's, or one kdiff wrote). Returns false and
 * says why on stderr when the file cannot be read or holds no count nor note. */
bool kd_count_read(const char *path, struct kd_count *c);
/* "kcount: out of reach: treewidth at least N, above W" when kcount's output in path says
 * --max-width stopped its exact count, else NULL. */
char *kd_width_note(const char *path);
/* "WHY; at least 10^X (kcount --lower-bound, K variables fixed)", the words of
 * share/kcount-timed, for c's lower bound. */
char *kd_bound_note(const char *why, const struct kd_count *c);
void kd_count_write(const char *path, const struct kd_count *c);
void kd_count_free(struct kd_count *c);

/* ---- model.c: the facts kdiff compares, read from an IR file ---------------------------- */

/* Aspects of a symbol's definition that kdiff compares (X: enum name, report name). */
#define KD_ASPECTS(X) \
	X(TYPE, "type") X(PROMPT, "prompt") X(VISIBLE, "visible") X(DEPENDS, "depends") \
	X(DEFAULT, "default") X(SELECT, "select") X(IMPLY, "imply") X(RANGE, "range") \
	X(CHOICE, "choice") X(FLAG, "flag")
#define KD_ASPECT_ENUM(e, s) KD_A_##e,
enum kd_aspect { KD_ASPECTS(KD_ASPECT_ENUM) KD_NASPECTS };
#undef KD_ASPECT_ENUM
extern const char *const kd_aspect_name[KD_NASPECTS];

struct kd_symbol {
	char *name;
	char *type;               /* bool, tristate, string, int, hex, unknown */
	char *loc;                /* first definition, FILE:LINE */
	bool visible;             /* has a prompt */
	char *aspect[KD_NASPECTS];/* canonical text of each aspect (own name written @) */
	char *reverse;            /* who selects or implies it (only for matching renames) */
};

struct kd_types {
	long bool_, tristate, string, int_, hex, unknown, visible, invisible;
};

struct kd_model {
	char *kernelversion;      /* from the IR header, or NULL */
	char *arch;
	struct kd_symbol *sym;    /* sorted by name */
	size_t nsym;
	struct kd_types types;
	struct ir *ir;            /* kept for re-rendering */
};

/* Maps names of the old version to names of the new one (renames). */
struct kd_rename_map {
	const char **from, **to;
	size_t n;
};

/* Reads the IR file PATH; false (message on stderr) when it cannot be read. */
bool kd_model_read(const char *path, struct kd_model *m);
/* Re-renders the aspects of every symbol with the names of MAP replaced. */
void kd_model_render(struct kd_model *m, const struct kd_rename_map *map);
const struct kd_symbol *kd_model_find(const struct kd_model *m, const char *name);
void kd_model_free(struct kd_model *m);

/* ---- input.c: one version, from a tree, an IR file and/or a count file ------------------ */

struct kd_version {
	const char *path;         /* as given on the command line */
	const char *role;         /* "old", "new", or the release label in history mode */
	char *label;              /* kernel version from the IR, else the file name */
	char *ir_path;
	struct kd_model model;
	struct kd_count count;
};

/* Loads version V from V->path (a tree or an IR file), counting it unless told not to;
 * COUNT_FILE, when not NULL, supplies the count. False on trouble (said on stderr). */
bool kd_version_load(const struct kd_options *opt, struct kd_version *v, const char *count_file,
	const char *workdir);
void kd_version_free(struct kd_version *v);

/* Derived figures of a version. */
struct kd_figures {
	long n;                   /* bool + tristate options */
	double log10_2n;          /* log10(2^n) */
	double log10_23;          /* log10(2^bool * 3^tristate) */
	bool counted;
	size_t digits;
	double log10;             /* log10(count) */
	double log10_lower;       /* log10 of the lower bound of a missing count; NAN if none */
};
void kd_figures(const struct kd_version *v, struct kd_figures *f);

/* ---- compare.c: what changed from one model to the other ------------------------------- */

struct kd_change {
	const struct kd_symbol *old, *new_;    /* old only: removed; new only: added */
	unsigned aspects;                       /* changed: bit per enum kd_aspect */
};

struct kd_diff {
	struct kd_change *added, *removed, *changed, *renamed;
	size_t nadded, nremoved, nchanged, nrenamed;
};

void kd_compare(struct kd_model *old, struct kd_model *new_, bool renames, struct kd_diff *d);
bool kd_diff_empty(const struct kd_diff *d, const struct kd_version *old, const struct kd_version *new_);
void kd_diff_free(struct kd_diff *d);

/* ---- report_text.c, report_tsv.c, report_json.c: the diff reports ------------------------ */

void kd_report_text(FILE *f, const struct kd_version *old, const struct kd_version *new_,
	const struct kd_diff *d, bool lists);
void kd_report_tsv(FILE *f, const struct kd_version *old, const struct kd_version *new_,
	const struct kd_diff *d);
void kd_report_json(FILE *f, const struct kd_version *old, const struct kd_version *new_,
	const struct kd_diff *d);
/* "a,b,c" for the aspects set in MASK (a static buffer is not used: caller frees). */
char *kd_aspect_list(unsigned mask);
/* Prints X with 4 decimals, or "-" / "null" (MISSING) when not finite. */
void kd_print_real(FILE *f, double x, const char *missing);

/* ---- history.c and svg.c: several releases in order --------------------------------------- */

void kd_history_table(FILE *f, enum kd_format format, struct kd_version *v, size_t n);
/* Writes the chart of log10(2^N), log10(count) and their difference per release. */
bool kd_history_svg(const char *path, struct kd_version *v, size_t n);

#endif

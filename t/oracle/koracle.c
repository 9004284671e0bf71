/* koracle.c: the kernel oracle of the test suite: a kernel tree's own scripts/kconfig, driven
 * in-process (symbols, brute-force counts, validity checks, the kernel's own randconfig).
 *
 * Compiled by t/oracle/build-oracle against the objects of one tree's scripts/kconfig. It
 * includes that tree's conf.c (its main renamed) so that conf's static randconfig code runs
 * unchanged. No kernel code is copied here. KORACLE_OLD_API selects the internal API of Linux
 * 6.1 (up to 6.9): for_all_symbols(i, sym), menu->file, sym_get_choice_prop().
 *
 *   koracle symbols KCONFIG                the kparse --symbols TSV (brief, interface 2)
 *   koracle brute [--list] KCONFIG         number of valid configurations, by enumeration
 *   koracle check KCONFIG F.config...      VALID or INVALID per file (bool/tristate lines only)
 *   koracle randconfig KCONFIG N SEED DIR [PROBS]   DIR/rand-SEED.config ... via conf's code
 *
 * Run it in the environment t/oracle/kernel-env prints (srctree, ARCH, CC, ...). Without
 * srctree, srctree is the directory of KCONFIG (a toy file).
 */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"
#pragma GCC diagnostic ignored "-Wsign-compare"
#pragma GCC diagnostic ignored "-Wunused-function"
#pragma GCC diagnostic ignored "-Wimplicit-fallthrough"
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"
#define main kconf_conf_main
#include "conf.c"
#undef main
#pragma GCC diagnostic pop

#include <fcntl.h>
#include <sys/stat.h>
#include "dotconfig_line.h"

#ifdef KORACLE_OLD_API
#define KO_FOR_SYMS(sym) \
	for (int ko_i_ = 0; ko_i_ < SYMBOL_HASHSIZE; ko_i_++) \
		for (sym = symbol_hash[ko_i_]; sym; sym = sym->next)
#define KO_MENU_FILE(m) ((m)->file ? (m)->file->name : "?")
#else
#define KO_FOR_SYMS(sym) for_all_symbols(sym)
#define KO_MENU_FILE(m) ((m)->filename)
#endif

#define KO_MAX_ASSIGNMENTS (1L << 22)
#define KO_DEFAULT_PROBS ",10,90,50,33:33,20:60,70:5,5:5:5,95:2:2,30:10:50"

/* one config/menuconfig entry of a symbol, in menu (parse) order */
struct ko_entry {
	struct symbol *sym;
	const char *file;
	int line;
	int order;
};

/* a symbol's computed state right after parsing, restored before each configuration */
struct ko_saved {
	struct symbol *sym;
	int flags;
	tristate visible;
	struct symbol_value curr, user;
};

/* a choice block: its symbol, its name in the TSV, and its members' initial priority order */
struct ko_choice {
	struct menu *menu;
	char *name;
	struct symbol **members;
	int nmembers;
};

struct ko {
	const char *kconfig;		/* the name handed to conf_parse */
	char *srctree;
	char *scratch;			/* private working directory (cwd) */
	struct ko_entry *entries;	/* sorted by symbol name, then parse order */
	int nentries;
	struct symbol **dom;		/* bool/tristate config symbols, sorted by name */
	int ndom;
	struct ko_saved *saved;
	int nsaved;
	struct ko_choice *choices;
	int nchoices;
};

static void ko_die(int status, const char *fmt, ...)
{
	va_list ap;

	fflush(stdout);
	fputs("koracle: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(status);
}

static void *ko_alloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size);

	if (!p)
		ko_die(2, "out of memory");
	return p;
}

static void *ko_grow(void *p, size_t n, size_t size)
{
	p = realloc(p, (n ? n : 1) * size);
	if (!p)
		ko_die(2, "out of memory");
	return p;
}

static char *ko_realpath(const char *path)
{
	char *r = realpath(path, NULL);

	if (!r)
		ko_die(2, "cannot resolve '%s': %s", path, strerror(errno));
	return r;
}

static char *ko_path(const char *dir, const char *name)
{
	char *p = ko_alloc(strlen(dir) + strlen(name) + 2, 1);

	sprintf(p, "%s/%s", dir, name);
	return p;
}

/* ---------------------------------------------------------------- environment and parsing */

/* variables that would change what conf reads or writes behind our back */
static void ko_clean_environment(void)
{
	static const char *const vars[] = {
		"KCONFIG_ALLCONFIG", "KCONFIG_CONFIG", "KCONFIG_DEFCONFIG_LIST", "KCONFIG_SEED",
		"KCONFIG_PROBABILITY", "KCONFIG_WERROR", "KCONFIG_WARN_UNKNOWN_SYMBOLS",
		"KCONFIG_WARN_CHANGED_INPUT", "KCONFIG_NOSILENTUPDATE", "KCONFIG_AUTOCONFIG",
		"KCONFIG_AUTOHEADER", "KCONFIG_RUSTCCFG", "CONFIG_", NULL
	};

	for (int i = 0; vars[i]; i++)
		unsetenv(vars[i]);
	setenv("KCONFIG_OVERWRITECONFIG", "1", 1);
}

/* the private working directory, removed at exit also when conf exits on a parse error */
static char *ko_scratch_dir;

static void ko_remove_scratch(void)
{
	char *conf;

	if (!ko_scratch_dir)
		return;
	conf = ko_path(ko_scratch_dir, "ko.config");
	unlink(conf);
	free(conf);
	if (chdir("/") || rmdir(ko_scratch_dir))
		fprintf(stderr, "koracle: warning: cannot remove '%s'\n", ko_scratch_dir);
	ko_scratch_dir = NULL;
}

/* srctree (absolute), the name to parse relative to it, and a private cwd */
static void ko_locate(struct ko *k, const char *kconfig)
{
	struct stat st;
	char *abs = ko_realpath(kconfig), *tmpdir = getenv("TMPDIR"), *tmpl;
	const char *env = getenv("srctree");
	size_t n;

	if (!stat(abs, &st) && S_ISDIR(st.st_mode))
		abs = ko_path(abs, "Kconfig");
	if (env && *env) {
		k->srctree = ko_realpath(env);
	} else {
		k->srctree = strdup(abs);
		*strrchr(k->srctree, '/') = '\0';
	}
	setenv("srctree", k->srctree, 1);
	n = strlen(k->srctree);
	k->kconfig = !strncmp(abs, k->srctree, n) && abs[n] == '/' ? abs + n + 1 : abs;
	/* conf_read runs once per assignment: a memory file system makes brute 5x faster */
	if (!access("/dev/shm", W_OK))
		tmpdir = "/dev/shm";
	tmpl = ko_path(tmpdir && *tmpdir ? tmpdir : "/tmp", "koracle.XXXXXX");
	if (!mkdtemp(tmpl))
		ko_die(2, "cannot create a scratch directory: %s", strerror(errno));
	k->scratch = ko_scratch_dir = tmpl;
	atexit(ko_remove_scratch);
	if (chdir(k->scratch))
		ko_die(2, "cannot enter '%s': %s", k->scratch, strerror(errno));
}

/* conf_parse with $(info,...) and parser chatter moved from stdout to stderr */
static void ko_parse(struct ko *k)
{
	int saved;

	fflush(stdout);
	saved = dup(1);
	dup2(2, 1);
	conf_parse(k->kconfig);
	fflush(stdout);
	dup2(saved, 1);
	close(saved);
	conf_set_message_callback(NULL);
}

/* ---------------------------------------------------------------- the model */

static struct menu *ko_next_menu(struct menu *m)
{
	if (m->list)
		return m->list;
	while (m && !m->next)
		m = m->parent;
	return m ? m->next : NULL;
}

static bool ko_is_config(const struct symbol *sym)
{
	return sym && sym->name && !sym_is_choice((struct symbol *)sym);
}

static const char *ko_relative(const struct ko *k, const char *file)
{
	size_t n = strlen(k->srctree);

	return !strncmp(file, k->srctree, n) && file[n] == '/' ? file + n + 1 : file;
}

static void ko_add_choice(struct ko *k, struct menu *m, int *unnamed)
{
	struct ko_choice *c;

	for (int i = 0; i < k->nchoices; i++)
		if (k->choices[i].menu->sym == m->sym)
			return;
	k->choices = ko_grow(k->choices, k->nchoices + 1, sizeof(*k->choices));
	c = &k->choices[k->nchoices++];
	memset(c, 0, sizeof(*c));
	c->menu = m;
	if (m->sym->name) {
		c->name = strdup(m->sym->name);
	} else {
		c->name = ko_alloc(32, 1);
		snprintf(c->name, 32, "choice.%d", ++*unnamed);
	}
#ifndef KORACLE_OLD_API
	struct symbol *sym;

	list_for_each_entry(sym, &m->choice_members, choice_link) {
		c->members = ko_grow(c->members, c->nmembers + 1, sizeof(*c->members));
		c->members[c->nmembers++] = sym;
	}
#endif
}

static int ko_entry_cmp(const void *a, const void *b)
{
	const struct ko_entry *x = a, *y = b;
	int c = strcmp(x->sym->name, y->sym->name);

	return c ? c : x->order - y->order;
}

/* the config entries and the choices, in menu order */
static void ko_collect_menus(struct ko *k)
{
	int unnamed = 0;

	for (struct menu *m = rootmenu.list; m; m = ko_next_menu(m)) {
		if (!m->sym)
			continue;
		if (!ko_is_config(m->sym)) {
			ko_add_choice(k, m, &unnamed);
			continue;
		}
		k->entries = ko_grow(k->entries, k->nentries + 1, sizeof(*k->entries));
		k->entries[k->nentries] = (struct ko_entry){ m->sym,
			ko_relative(k, KO_MENU_FILE(m)), m->lineno, k->nentries };
		k->nentries++;
	}
	qsort(k->entries, k->nentries, sizeof(*k->entries), ko_entry_cmp);
}

/* the counting domain: every bool/tristate symbol declared by a config entry */
static void ko_collect_domain(struct ko *k)
{
	k->dom = ko_alloc(k->nentries, sizeof(*k->dom));
	for (int i = 0; i < k->nentries; i++) {
		struct symbol *sym = k->entries[i].sym;

		if (i && k->entries[i - 1].sym == sym)
			continue;
		if (sym->type == S_BOOLEAN || sym->type == S_TRISTATE)
			k->dom[k->ndom++] = sym;
	}
}

static void ko_snapshot(struct ko *k)
{
	struct symbol *sym;

	KO_FOR_SYMS(sym) {
		k->saved = ko_grow(k->saved, k->nsaved + 1, sizeof(*k->saved));
		k->saved[k->nsaved++] = (struct ko_saved){ sym, sym->flags, sym->visible,
			sym->curr, sym->def[S_DEF_USER] };
	}
}

/* back to the state of a freshly parsed model: no user values, nothing computed since */
static void ko_reset(struct ko *k)
{
	for (int i = 0; i < k->nsaved; i++) {
		struct ko_saved *s = &k->saved[i];

		s->sym->flags = s->flags;
		s->sym->visible = s->visible;
		s->sym->curr = s->curr;
		s->sym->def[S_DEF_USER] = s->user;
	}
#ifndef KORACLE_OLD_API
	expr_invalidate_all();
	for (int i = 0; i < k->nchoices; i++)
		for (int j = 0; j < k->choices[i].nmembers; j++)
			list_move_tail(&k->choices[i].members[j]->choice_link,
				       &k->choices[i].menu->choice_members);
#endif
	conf_set_changed(true);
}

static void ko_load(struct ko *k, const char *kconfig)
{
	ko_clean_environment();
	ko_locate(k, kconfig);
	ko_parse(k);
	ko_collect_menus(k);
	ko_collect_domain(k);
	ko_snapshot(k);
}

/* ---------------------------------------------------------------- values */

/* what conf_write writes for SYM: its value, or n when SYMBOL_WRITE is unset */
static char ko_written(struct symbol *sym)
{
	sym_calc_value(sym);
	if (!(sym->flags & SYMBOL_WRITE))
		return 'n';
	return sym_get_string_value(sym)[0];
}

/* the value of every domain symbol in the .config conf_write would write now */
static void ko_outputs(const struct ko *k, char *out)
{
	if (!conf_get_changed())
		sym_clear_all_valid();
	for (int i = 0; i < k->ndom; i++)
		out[i] = ko_written(k->dom[i]);
}

static int ko_dom_cmp(const void *key, const void *elem)
{
	return strcmp(key, (*(struct symbol *const *)elem)->name);
}

static int ko_dom_index(const struct ko *k, const char *name)
{
	struct symbol **p = bsearch(name, k->dom, k->ndom, sizeof(*k->dom), ko_dom_cmp);

	return p ? (int)(p - k->dom) : -1;
}

static void ko_write_values(const struct ko *k, const char *path, const char *vals)
{
	FILE *f = fopen(path, "w");

	if (!f)
		ko_die(2, "cannot write '%s': %s", path, strerror(errno));
	for (int i = 0; i < k->ndom; i++) {
		if (vals[i] == 'n')
			fprintf(f, "# CONFIG_%s is not set\n", k->dom[i]->name);
		else
			fprintf(f, "CONFIG_%s=%c\n", k->dom[i]->name, vals[i]);
	}
	if (fclose(f))
		ko_die(2, "cannot write '%s': %s", path, strerror(errno));
}

/* ko_reset, then conf_read(path), the way `conf --olddefconfig` starts */
static void ko_read(struct ko *k, const char *path)
{
	ko_reset(k);
	if (conf_read(path))
		ko_die(2, "conf_read cannot read '%s'", path);
}

/* ---------------------------------------------------------------- symbols */

static const char *ko_type_name(enum symbol_type type)
{
	switch (type) {
	case S_BOOLEAN: return "bool";
	case S_TRISTATE: return "tristate";
	case S_INT: return "int";
	case S_HEX: return "hex";
	case S_STRING: return "string";
	default: return "unknown";
	}
}

static bool ko_has_prompt(const struct symbol *sym)
{
	for (struct property *p = sym->prop; p; p = p->next)
		if (p->type == P_PROMPT || p->type == P_MENU)
			return true;
	return false;
}

static struct symbol *ko_choice_of(struct symbol *sym)
{
	if (!sym_is_choice_value(sym))
		return NULL;
#ifdef KORACLE_OLD_API
	return prop_get_symbol(sym_get_choice_prop(sym));
#else
	struct menu *m = sym_get_choice_menu(sym);

	return m ? m->sym : NULL;
#endif
}

static const char *ko_choice_name(const struct ko *k, struct symbol *sym)
{
	struct symbol *cs = ko_choice_of(sym);

	for (int i = 0; cs && i < k->nchoices; i++)
		if (k->choices[i].menu->sym == cs)
			return k->choices[i].name;
	return "-";
}

static int ko_symbols(struct ko *k)
{
	for (int i = 0; i < k->nentries; i++) {
		struct ko_entry *e = &k->entries[i];

		if (!i || k->entries[i - 1].sym != e->sym)
			printf("%s\t%s\t%s\t%s\t", e->sym->name, ko_type_name(e->sym->type),
			       ko_has_prompt(e->sym) ? "y" : "n", ko_choice_name(k, e->sym));
		else
			putchar(' ');
		printf("%s:%d", e->file, e->line);
		if (i + 1 == k->nentries || k->entries[i + 1].sym != e->sym)
			putchar('\n');
	}
	return 0;
}

/* ---------------------------------------------------------------- brute */

/* the next assignment in odometer order; false after the last one */
static bool ko_next_assignment(const struct ko *k, char *vals)
{
	for (int i = k->ndom - 1; i >= 0; i--) {
		bool tri = k->dom[i]->type == S_TRISTATE;

		if (vals[i] == 'n') {
			vals[i] = tri ? 'm' : 'y';
			return true;
		}
		if (vals[i] == 'm') {
			vals[i] = 'y';
			return true;
		}
		vals[i] = 'n';
	}
	return false;
}

static void ko_print_assignment(const struct ko *k, const char *vals)
{
	for (int i = 0; i < k->ndom; i++)
		printf("%s%s=%c", i ? " " : "", k->dom[i]->name, vals[i]);
	putchar('\n');
}

static int ko_quiet_stderr(void)
{
	int saved = dup(2), null = open("/dev/null", O_WRONLY);

	fflush(stderr);
	dup2(null, 2);
	close(null);
	return saved;
}

static void ko_restore_stderr(int saved)
{
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
}

static int ko_brute(struct ko *k, bool list)
{
	double total = 1;
	char *vals = ko_alloc(k->ndom + 1, 1), *out = ko_alloc(k->ndom + 1, 1);
	char *path = ko_path(k->scratch, "ko.config");
	unsigned long count = 0;
	int saved;

	for (int i = 0; i < k->ndom; i++)
		total *= k->dom[i]->type == S_TRISTATE ? 3 : 2;
	if (total > KO_MAX_ASSIGNMENTS)
		ko_die(2, "%d symbols, %.0f assignments: more than %ld, refused", k->ndom,
		       total, KO_MAX_ASSIGNMENTS);
	memset(vals, 'n', k->ndom);
	saved = ko_quiet_stderr();
	do {
		ko_write_values(k, path, vals);
		ko_read(k, path);
		ko_outputs(k, out);
		if (!memcmp(vals, out, k->ndom)) {
			count++;
			if (list)
				ko_print_assignment(k, vals);
		}
	} while (ko_next_assignment(k, vals));
	ko_restore_stderr(saved);
	if (sym_dep_errors())
		ko_die(2, "recursive dependency detected while computing values");
	printf("%lu\n", count);
	return 0;
}

/* ---------------------------------------------------------------- check */

/* the bool/tristate values of FILE into vals (n when absent); unknown symbols set to y/m
 * are reported in *extra. The lines for domain symbols are copied to OUT. */
static void ko_read_input(const struct ko *k, const char *file, char *vals, FILE *out,
			  char **extra)
{
	FILE *in = fopen(file, "r");
	char *line = NULL, *name;
	size_t size = 0;
	char v;

	if (!in)
		ko_die(2, "cannot open '%s': %s", file, strerror(errno));
	memset(vals, 'n', k->ndom);
	while (getline(&line, &size, in) != -1) {
		int i;

		if (!(v = dotconfig_line(line, &name)))
			continue;
		i = ko_dom_index(k, name);
		if (i >= 0) {
			vals[i] = v;
			fprintf(out, v == 'n' ? "# CONFIG_%s is not set\n" : "CONFIG_%s=%c\n",
				name, v);
		} else if (v != 'n' && !*extra) {
			*extra = strdup(name);
		}
	}
	free(line);
	fclose(in);
}

static bool ko_check_one(struct ko *k, const char *file, const char *path, char *in, char *out)
{
	FILE *f = fopen(path, "w");
	char *extra = NULL;
	bool valid;

	if (!f)
		ko_die(2, "cannot write '%s': %s", path, strerror(errno));
	ko_read_input(k, file, in, f, &extra);
	if (fclose(f))
		ko_die(2, "cannot write '%s': %s", path, strerror(errno));
	ko_read(k, path);
	ko_outputs(k, out);
	valid = !extra && !memcmp(in, out, k->ndom);
	printf("%s %s", valid ? "VALID" : "INVALID", file);
	for (int i = 0; i < k->ndom; i++)
		if (in[i] != out[i])
			printf(" %s:%c->%c", k->dom[i]->name, in[i], out[i]);
	if (extra)
		printf(" %s:unknown-symbol", extra);
	putchar('\n');
	free(extra);
	return valid;
}

static int ko_check(struct ko *k, int nfiles, char **files)
{
	char *in = ko_alloc(k->ndom + 1, 1), *out = ko_alloc(k->ndom + 1, 1);
	char *path = ko_path(k->scratch, "ko.config");
	int invalid = 0, saved = ko_quiet_stderr();

	for (int i = 0; i < nfiles; i++)
		invalid += !ko_check_one(k, files[i], path, in, out);
	ko_restore_stderr(saved);
	return invalid ? 1 : 0;
}

/* ---------------------------------------------------------------- randconfig */

static long ko_number(const char *s, const char *what)
{
	char *end;
	long v = strtol(s, &end, 10);

	if (!*s || *end || v < 0)
		ko_die(2, "bad %s '%s'", what, s);
	return v;
}

/* PROBS: KCONFIG_PROBABILITY profiles separated by commas; an empty one means conf's default */
static char **ko_split_probs(const char *probs, int *n)
{
	char *copy = strdup(probs), *p = copy, **list = NULL;

	*n = 0;
	for (;;) {
		char *comma = strchr(p, ',');

		list = ko_grow(list, *n + 1, sizeof(*list));
		list[(*n)++] = p;
		if (!comma)
			break;
		*comma = '\0';
		p = comma + 1;
	}
	return list;
}

/* one configuration: what `conf --randconfig` does with KCONFIG_SEED=SEED; false when
 * conf_write fails. The "unmet direct dependencies" warnings are not shown. */
static bool ko_random_config(struct ko *k, long seed, const char *prob, const char *path)
{
	int quiet;
	bool written;

	ko_reset(k);
	if (*prob)
		setenv("KCONFIG_PROBABILITY", prob, 1);
	else
		unsetenv("KCONFIG_PROBABILITY");
	srand((unsigned int)seed);	/* conf.c:set_randconfig_seed */
	quiet = ko_quiet_stderr();
#ifdef KORACLE_OLD_API
	while (conf_set_all_new_symbols(def_random))
		;
#else
	conf_set_all_new_symbols(def_random);
#endif
	written = !sym_dep_errors() && !conf_write(path);
	ko_restore_stderr(quiet);
	return written;
}

static int ko_randconfig(struct ko *k, long n, long seed, const char *dir, const char *plist)
{
	int nprobs;
	char **probs = ko_split_probs(plist ? plist : KO_DEFAULT_PROBS, &nprobs);
	char name[64];

	for (long i = 0; i < n; i++) {
		const char *prob = probs[(seed + i) % nprobs];
		char *path;

		snprintf(name, sizeof(name), "rand-%ld.config", seed + i);
		path = ko_path(dir, name);
		if (!ko_random_config(k, seed + i, prob, path))
			ko_die(2, "cannot write '%s' (seed %ld)", path, seed + i);
		printf("%s KCONFIG_SEED=%ld KCONFIG_PROBABILITY=%s\n", path, seed + i,
		       *prob ? prob : "default");
		free(path);
	}
	return 0;
}

/* ---------------------------------------------------------------- main */

static void ko_usage(int status)
{
	fprintf(status ? stderr : stdout,
		"usage: koracle symbols KCONFIG\n"
		"       koracle brute [--list] KCONFIG\n"
		"       koracle check KCONFIG FILE.config...\n"
		"       koracle randconfig KCONFIG N SEED DIR [PROBS]\n");
	exit(status);
}

static char **ko_absolute_all(int n, char **paths)
{
	char **abs = ko_alloc(n, sizeof(*abs));

	for (int i = 0; i < n; i++)
		abs[i] = ko_realpath(paths[i]);
	return abs;
}

static int ko_run(struct ko *k, const char *cmd, int argc, char **argv)
{
	if (!strcmp(cmd, "symbols") && argc == 1) {
		ko_load(k, argv[0]);
		return ko_symbols(k);
	}
	if (!strcmp(cmd, "brute") && (argc == 1 || (argc == 2 && !strcmp(argv[0], "--list")))) {
		ko_load(k, argv[argc - 1]);
		return ko_brute(k, argc == 2);
	}
	if (!strcmp(cmd, "check") && argc >= 2) {
		char **files = ko_absolute_all(argc - 1, argv + 1);

		ko_load(k, argv[0]);
		return ko_check(k, argc - 1, files);
	}
	if (!strcmp(cmd, "randconfig") && (argc == 4 || argc == 5)) {
		long n = ko_number(argv[1], "count"), seed = ko_number(argv[2], "seed");
		char *dir;

		mkdir(argv[3], 0777);
		dir = ko_realpath(argv[3]);
		ko_load(k, argv[0]);
		return ko_randconfig(k, n, seed, dir, argc == 5 ? argv[4] : NULL);
	}
	ko_usage(2);
	return 2;
}

int main(int argc, char **argv)
{
	struct ko k = { 0 };
	int status;

	if (argc >= 2 && (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help")))
		ko_usage(0);
	if (argc < 3)
		ko_usage(2);
	status = ko_run(&k, argv[1], argc - 2, argv + 2);
	if (fflush(stdout) || ferror(stdout))
		ko_die(2, "cannot write the output");
	return status;
}

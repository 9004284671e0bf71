/* svg: the history chart, log10(2^N), log10(count) and their difference per release. */
#include "kdiff.h"
#include "util.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Plot area inside a W x H picture. */
enum { W = 800, H = 480, LEFT = 70, RIGHT = 230, TOP = 40, BOTTOM = 70 };
#define SIZE_COLOR "#1f5fbf"
#define COUNT_COLOR "#c03020"
#define DIFF_COLOR "#208040"

struct chart {
	FILE *f;
	size_t n;
	double ymax, step;
	struct kd_figures *x;
	struct kd_version *v;
};

static double px(const struct chart *c, size_t i)
{
	double inset = 30, width = W - LEFT - RIGHT - 2 * inset;

	return c->n == 1 ? LEFT + inset + width / 2 : LEFT + inset + width * i / (c->n - 1);
}

static double py(const struct chart *c, double y)
{
	return TOP + (H - TOP - BOTTOM) * (1 - y / c->ymax);
}

/* The y of the legend's row-th entry: the series first, then the markers. */
static double legend_y(size_t row)
{
	return TOP + 20 + 22.0 * (double)row;
}

static void xml_text(FILE *f, const char *s)
{
	for (; *s; s++) {
		if (*s == '&')
			fputs("&amp;", f);
		else if (*s == '<')
			fputs("&lt;", f);
		else if (*s == '>')
			fputs("&gt;", f);
		else
			fputc(*s, f);
	}
}

/* The y axis runs from 0 to a multiple of a 1-2-5 step above every value. */
static void scale(struct chart *c)
{
	static const double steps[] = { 1, 2, 5 };
	double top = 1, p;
	size_t i;

	for (i = 0; i < c->n; i++)
		top = fmax(top, c->x[i].log10_2n);
	for (p = 1;; p *= 10)
		for (i = 0; i < 3; i++)
			if (top / (steps[i] * p) <= 8) {
				c->step = steps[i] * p;
				c->ymax = ceil(top / c->step) * c->step;
				return;
			}
}

static void axes(const struct chart *c)
{
	double y;
	size_t i;

	fprintf(c->f, "<line x1='%d' y1='%d' x2='%d' y2='%d' stroke='black'/>\n", LEFT, TOP, LEFT, H - BOTTOM);
	fprintf(c->f, "<line x1='%d' y1='%d' x2='%d' y2='%d' stroke='black'/>\n", LEFT, H - BOTTOM,
		W - RIGHT, H - BOTTOM);
	for (y = 0; y <= c->ymax + c->step / 2; y += c->step)
		fprintf(c->f, "<line x1='%d' y1='%.1f' x2='%d' y2='%.1f' stroke='#ddd'/>"
			"<text x='%d' y='%.1f' text-anchor='end'>%g</text>\n",
			LEFT, py(c, y), W - RIGHT, py(c, y), LEFT - 6, py(c, y) + 4, y);
	for (i = 0; i < c->n; i++) {
		fprintf(c->f, "<text x='%.1f' y='%d' text-anchor='end' transform='rotate(-30 %.1f %d)'>",
			px(c, i), H - BOTTOM + 18, px(c, i), H - BOTTOM + 18);
		xml_text(c->f, c->v[i].label);
		fputs("</text>\n", c->f);
	}
	fprintf(c->f, "<text x='18' y='%d' transform='rotate(-90 18 %d)' text-anchor='middle'>"
		"log10</text>\n", (TOP + H - BOTTOM) / 2, (TOP + H - BOTTOM) / 2);
}

/* Release i's value in series k: log10(2^N), log10(count) or their difference. */
static double series_value(const struct chart *c, size_t k, size_t i)
{
	const struct kd_figures *x = &c->x[i];

	return k == 0 ? x->log10_2n : k == 1 ? x->log10 : x->log10_2n - x->log10;
}

/* One series: a polyline through the releases where it is known, and a dot at each. */
static void series(const struct chart *c, size_t k, const char *color, const char *name)
{
	double y;
	size_t i;

	fprintf(c->f, "<polyline fill='none' stroke='%s' stroke-width='2' points='", color);
	for (i = 0; i < c->n; i++) {
		y = series_value(c, k, i);
		if (isfinite(y))
			fprintf(c->f, "%.1f,%.1f ", px(c, i), py(c, y));
	}
	fputs("'/>\n", c->f);
	for (i = 0; i < c->n; i++) {
		y = series_value(c, k, i);
		if (isfinite(y))
			fprintf(c->f, "<circle cx='%.1f' cy='%.1f' r='4' fill='%s'/>\n", px(c, i), py(c, y), color);
	}
	y = legend_y(k);
	fprintf(c->f, "<line x1='%d' y1='%.1f' x2='%d' y2='%.1f' stroke='%s' stroke-width='2'/>"
		"<text x='%d' y='%.1f'>%s</text>\n", W - RIGHT + 12, y, W - RIGHT + 36, y, color,
		W - RIGHT + 42, y + 4, name);
}

/* A hollow triangle at (x, y) pointing the way the missing value lies: up for a lower bound,
 * down for an upper one. */
static void bound_marker(FILE *f, double x, double y, bool up, const char *color)
{
	double tip = up ? -7 : 7, base = up ? 5 : -5;

	fprintf(f, "<polygon points='%.1f,%.1f %.1f,%.1f %.1f,%.1f' fill='white' stroke='%s' "
		"stroke-width='2'/>\n", x, y + tip, x - 6, y + base, x + 6, y + base, color);
}

static void legend_bound(const struct chart *c, size_t row, bool up, const char *color, const char *name)
{
	bound_marker(c->f, W - RIGHT + 24, legend_y(row), up, color);
	fprintf(c->f, "<text x='%d' y='%.1f'>%s</text>\n", W - RIGHT + 42, legend_y(row) + 4, name);
}

/* Releases without a count: a triangle up at their lower bound and one down at the most their
 * difference can be, or a hollow circle on the x axis when there is no bound. */
static void missing(const struct chart *c)
{
	size_t i, bounded = 0, unknown = 0, row = 3;

	for (i = 0; i < c->n; i++) {
		double lower = c->x[i].log10_lower;
		if (c->x[i].counted)
			continue;
		if (isfinite(lower)) {
			bound_marker(c->f, px(c, i), py(c, lower), true, COUNT_COLOR);
			bound_marker(c->f, px(c, i), py(c, c->x[i].log10_2n - lower), false, DIFF_COLOR);
			bounded++;
		} else {
			fprintf(c->f, "<circle cx='%.1f' cy='%d' r='5' fill='white' stroke='#c00'/>\n",
				px(c, i), H - BOTTOM);
			unknown++;
		}
	}
	if (bounded) {
		legend_bound(c, row++, true, COUNT_COLOR, "count missing, at least");
		legend_bound(c, row++, false, DIFF_COLOR, "difference, at most");
	}
	if (unknown)
		fprintf(c->f, "<circle cx='%d' cy='%.1f' r='5' fill='white' stroke='#c00'/>"
			"<text x='%d' y='%.1f'>count missing</text>\n", W - RIGHT + 24, legend_y(row),
			W - RIGHT + 42, legend_y(row) + 4);
}

static void draw(struct chart *c)
{
	const char *arch = c->v[0].model.arch;

	scale(c);
	fprintf(c->f, "<?xml version='1.0' encoding='UTF-8'?>\n<svg xmlns='http://www.w3.org/2000/svg' "
		"width='%d' height='%d' viewBox='0 0 %d %d' font-family='sans-serif' font-size='12'>\n"
		"<rect width='100%%' height='100%%' fill='white'/>\n"
		"<text x='%d' y='22' font-size='15'>Kconfig configuration space per release (",
		W, H, W, H, LEFT);
	xml_text(c->f, arch ? arch : "-");
	fputs(")</text>\n", c->f);
	axes(c);
	series(c, 0, SIZE_COLOR, "log10(2^N)");
	series(c, 1, COUNT_COLOR, "log10(count)");
	series(c, 2, DIFF_COLOR, "log10(2^N) - log10(count)");
	missing(c);
	fputs("</svg>\n", c->f);
}

bool kd_history_svg(const char *path, struct kd_version *v, size_t n)
{
	struct chart c = { fopen(path, "w"), n, 0, 0, xcalloc(n, sizeof *c.x), v };
	size_t i;
	bool ok;

	if (!c.f) {
		util_warn("cannot create '%s': %s", path, strerror(errno));
		free(c.x);
		return false;
	}
	for (i = 0; i < n; i++)
		kd_figures(&v[i], &c.x[i]);
	draw(&c);
	ok = !ferror(c.f);
	if (fclose(c.f) != 0 || !ok)
		util_warn("cannot write '%s': %s", path, strerror(errno));
	free(c.x);
	return ok;
}

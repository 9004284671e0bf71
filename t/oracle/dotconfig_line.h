/* dotconfig_line.h: one line of a .config, for the test helpers that read them (koracle,
 * cnf-check). Header-only so that koracle, compiled against a kernel tree by build-oracle,
 * needs nothing else from the project. */
#ifndef KC_DOTCONFIG_LINE_H
#define KC_DOTCONFIG_LINE_H

#include <string.h>

/* CONFIG_X=y|m|n or "# CONFIG_X is not set": returns y, m or n and points *name at X, cut in
 * place (trailing CR/LF ignored); 0 for any other line */
static inline char dotconfig_line(char *line, char **name)
{
	static const char unset[] = " is not set";
	size_t u = sizeof(unset) - 1;
	size_t n = strcspn(line, "\r\n");

	line[n] = '\0';
	if (!strncmp(line, "# CONFIG_", 9) && n > 9 + u && !strcmp(line + n - u, unset)) {
		line[n - u] = '\0';
		*name = line + 9;
		return 'n';
	}
	if (!strncmp(line, "CONFIG_", 7) && n > 9 && line[n - 2] == '=' &&
	    strchr("ymn", line[n - 1])) {
		line[n - 2] = '\0';
		*name = line + 7;
		return line[n - 1];
	}
	return 0;
}

#endif

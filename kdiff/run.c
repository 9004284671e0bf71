/* run: finds kparse, kcnf and kcount and runs one of them with a time limit; stop signals. */
#include "kdiff.h"
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* The signal that asked kdiff to stop while a child ran (the one signal flag). */
static volatile sig_atomic_t stop_signal;

static void on_stop(int sig)
{
	stop_signal = sig;
}

/* SIGINT, SIGTERM and SIGHUP stop the child too, then kdiff, instead of orphaning it; a signal
 * ignored when kdiff started (nohup, a background job) stays ignored. */
void kd_catch_signals(void)
{
	static const int sigs[] = { SIGINT, SIGTERM, SIGHUP };
	struct sigaction sa, old;
	size_t i;

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_stop;
	sigemptyset(&sa.sa_mask);
	for (i = 0; i < sizeof sigs / sizeof *sigs; i++)
		if (sigaction(sigs[i], NULL, &old) == 0 && old.sa_handler != SIG_IGN)
			sigaction(sigs[i], &sa, NULL);
}

/* The temporary directory goes first; then kdiff dies of the signal itself, so that its caller
 * sees the conventional status (128 + N in a shell). */
void kd_stop_if_signalled(void)
{
	int sig = stop_signal;

	if (!sig)
		return;
	kd_workdir_remove();
	signal(sig, SIG_DFL);
	raise(sig);
	_exit(128 + sig);
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* The directory of kdiff's own binary: /proc/self/exe, else argv[0] when it has a slash. */
static char *own_dir(const char *self)
{
	char buf[4096];
	ssize_t n = readlink("/proc/self/exe", buf, sizeof buf - 1);
	char *dir, *slash;

	if (n > 0) {
		buf[n] = '\0';
		dir = xstrdup(buf);
	} else if (self && strchr(self, '/')) {
		dir = xstrdup(self);
	} else {
		return NULL;
	}
	slash = strrchr(dir, '/');
	*slash = '\0';
	return dir;
}

char *kd_program(const struct kd_options *opt, const char *name)
{
	char *dir = own_dir(opt->self), *path;

	if (dir) {
		path = xasprintf("%s/%s", dir, name);
		free(dir);
		if (access(path, X_OK) == 0)
			return path;
		free(path);
	}
	return xstrdup(name);
}

static void child(char *const argv[], const char *out_path)
{
	int fd = open(out_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);

	/* _exit, not exit: kdiff's atexit removal of the temporary directory is the parent's */
	if (fd < 0 || dup2(fd, STDOUT_FILENO) < 0) {
		util_warn("cannot create '%s': %s", out_path, strerror(errno));
		_exit(127);
	}
	close(fd);
	execvp(argv[0], argv);
	util_warn("cannot run '%s': %s", argv[0], strerror(errno));
	_exit(127);
}

/* Waits for PID, polling so that it can be killed at DEADLINE. The child stays in kdiff's
 * process group, so an interrupt from the terminal stops it too. */
static enum kd_run_result wait_for(pid_t pid, double deadline)
{
	struct timespec tick = { 0, 20 * 1000 * 1000 };
	int status;
	pid_t r;

	for (;;) {
		r = waitpid(pid, &status, WNOHANG);
		if (r == pid)
			return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? KD_RUN_OK : KD_RUN_FAILED;
		if (r < 0 && errno != EINTR)
			return KD_RUN_FAILED;
		if (stop_signal) {
			kill(pid, SIGKILL);
			waitpid(pid, &status, 0);
			return KD_RUN_FAILED;
		}
		if (deadline > 0 && now() >= deadline) {
			kill(pid, SIGKILL);
			waitpid(pid, &status, 0);
			return KD_RUN_TIMEOUT;
		}
		nanosleep(&tick, NULL);
	}
}

enum kd_run_result kd_run(char *const argv[], const char *out_path, long timeout, double *seconds)
{
	double start = now();
	enum kd_run_result r;
	pid_t pid;

	kd_stop_if_signalled();
	fflush(NULL);
	pid = fork();
	if (pid < 0)
		util_die(EXIT_TROUBLE, "cannot fork: %s", strerror(errno));
	if (pid == 0)
		child(argv, out_path);
	r = wait_for(pid, timeout > 0 ? start + timeout : 0);
	kd_stop_if_signalled();
	if (seconds)
		*seconds = now() - start;
	return r;
}

/* pty_repl.c: drives the real terminal REPL through a pseudo-terminal, as a person at a keyboard:
   a query, tab completion, progress and Ctrl-C during a long computation and then another query
   in the same session, and history recalled by the up arrow in a second session (a fresh HOME). */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pty.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static int failures;

typedef struct Session { int fd; pid_t pid; char buf[1 << 16]; size_t len; } Session;

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void start(Session *s, const char *grundy, const char *home)
{
    memset(s, 0, sizeof *s);
    struct winsize ws = { 40, 120, 0, 0 };
    s->pid = forkpty(&s->fd, NULL, NULL, &ws);
    if (s->pid < 0) {
        perror("forkpty");
        exit(77);   /* no pseudo-terminal here: skipped */
    }
    if (s->pid == 0) {
        setenv("HOME", home, 1);
        unsetenv("GRUNDY_HISTORY");
        setenv("TERM", "dumb", 1);
        setenv("INPUTRC", "/dev/null", 1);
        execl(grundy, grundy, (char *)NULL);
        _exit(127);
    }
}

/* Read until text appears after the mark (or timeout seconds): true if it did. */
static bool wait_for(Session *s, size_t mark, const char *text, double timeout)
{
    double end = now() + timeout;
    for (;;) {
        s->buf[s->len] = 0;
        if (strstr(s->buf + mark, text)) return true;
        double left = end - now();
        if (left <= 0) return false;
        struct pollfd pf = { s->fd, POLLIN, 0 };
        if (poll(&pf, 1, (int)(left * 1000) + 1) <= 0) continue;
        ssize_t n = read(s->fd, s->buf + s->len, sizeof s->buf - 1 - s->len);
        if (n <= 0) return strstr(s->buf + mark, text) != NULL;
        s->len += (size_t)n;
        if (s->len > sizeof s->buf - 4096) {   /* keep the tail */
            memmove(s->buf, s->buf + s->len - 8192, 8192);
            s->len = 8192;
        }
    }
}

static void send_keys(Session *s, const char *keys)
{
    size_t n = strlen(keys);
    if (write(s->fd, keys, n) != (ssize_t)n) perror("write");
}

static void expect(Session *s, size_t mark, const char *text, double timeout, const char *what)
{
    if (wait_for(s, mark, text, timeout)) {
        printf("ok: %s\n", what);
        return;
    }
    failures++;
    s->buf[s->len] = 0;
    printf("FAIL: %s: '%s' not seen; the terminal shows:\n%s\n", what, text, s->buf + mark);
}

/* Type keys and wait for text in what follows. */
static void step(Session *s, const char *keys, const char *text, double timeout, const char *what)
{
    size_t mark = s->len;
    send_keys(s, keys);
    expect(s, mark, text, timeout, what);
}

static void finish(Session *s)
{
    send_keys(s, ":quit\r");
    int st = 0;
    double end = now() + 5;
    pid_t done = 0;
    while ((done = waitpid(s->pid, &st, WNOHANG)) == 0 && now() < end) {
        char tmp[4096];
        struct pollfd pf = { s->fd, POLLIN, 0 };
        if (poll(&pf, 1, 100) > 0 && read(s->fd, tmp, sizeof tmp) <= 0) usleep(50 * 1000);
    }
    if (done == 0) {
        kill(s->pid, SIGKILL);
        waitpid(s->pid, &st, 0);
        failures++;
        puts("FAIL: the REPL did not end on :quit");
    } else if (!WIFEXITED(st) || WEXITSTATUS(st) != 0) {
        failures++;
        printf("FAIL: the REPL ended with status %d\n", WIFEXITED(st) ? WEXITSTATUS(st) : -1);
    } else {
        puts("ok: :quit ends the session with status 0");
    }
    close(s->fd);
}

int main(int argc, char **argv)
{
    const char *grundy = argc > 1 ? argv[1] : getenv("GRUNDY");
    if (!grundy) grundy = "./grundy";
    /* a fresh HOME of this process's own, so the history file starts empty */
    char home[64];
    snprintf(home, sizeof home, "/tmp/grundy-pty-%ld", (long)getpid());
    if (mkdir(home, 0700)) {
        perror(home);
        return 99;
    }
    Session s;
    start(&s, grundy, home);
    expect(&s, 0, "grundy> ", 10, "the prompt appears");

    size_t mark = s.len;
    send_keys(&s, "Nim(3, 4, 5)\r");
    expect(&s, mark, "N (sg 2)", 10, "a query is answered");
    expect(&s, mark, "take k=2 from Heap(3)", 5, "the winning move is named by its rule");

    /* tab completion: "DawsonK" completes to the stdlib's DawsonKayles; ":mo" to ":moves" */
    step(&s, "sg(DawsonK\t", "DawsonKayles", 5, "tab completes a game's name");
    step(&s, "(9))\r", "\n", 5, "the completed line runs");
    /* a completed name is not followed by a space: its '(' comes right after it */
    step(&s, "sg(Kayl\t(4))\r", "Kayles(4))", 5, "no space after a completed name");
    step(&s, ":mo\t", ":moves", 5, "tab completes a command");
    step(&s, "Nim(1, 2)\r", "1 winning", 10, ":moves lists the moves");

    /* progress and Ctrl-C during a long computation, then the session goes on */
    mark = s.len;
    step(&s, "count(x for x in 0..100000000000 when x % 7 == 3)\r", "Ctrl-C stops", 10,
         "a long computation shows its progress after a second");
    send_keys(&s, "\x03");
    expect(&s, mark, "interrupted", 10, "Ctrl-C stops the computation");
    step(&s, "Kayles(9) is P\r", "false", 10, "the session goes on after Ctrl-C");
    mark = s.len;
    send_keys(&s, "game Mine(n) { move take(k in {1, 2}) when k <= n => Mine(n - k); }\r");
    send_keys(&s, "sg(Mine(5)) + 1000\r");
    expect(&s, mark, "1002", 10, "a definition typed in the session is used");
    finish(&s);

    /* a second session: the up arrow recalls the last line of the first */
    start(&s, grundy, home);
    expect(&s, 0, "grundy> ", 10, "the prompt appears again");
    mark = s.len;
    send_keys(&s, "\x1b[A\x1b[A");   /* the line before ':quit' */
    expect(&s, mark, "sg(Mine(5)) + 1000", 5, "history survives the session");
    send_keys(&s, "\x15");   /* clear the line: Mine is not defined in this session */
    send_keys(&s, "1 + 2\r");
    expect(&s, mark, "3", 5, "a new line after the recalled one");
    finish(&s);

    char hist[512];
    snprintf(hist, sizeof hist, "%s/.grundy_history", home);
    unlink(hist);
    rmdir(home);
    if (failures) printf("%d failure(s)\n", failures);
    return failures ? 1 : 0;
}

/* jobs.c: worker processes for a statement's independent instances (--jobs; see jobs.h): fork,
   hand out chunks through a shared counter, take the workers' records in chunk order. */
#include "config.h"
#include "jobs.h"
#include "util.h"
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

#define MAX_WORKERS 256

/* A record on a worker's pipe: this header, then len bytes. */
typedef struct RecHead { uint64_t start, count; uint32_t status, len; double cpu; } RecHead;
typedef struct Rec { RecHead h; unsigned char *data; } Rec;

/* One worker as the parent sees it: its process, its pipe, the bytes read but not yet parsed. */
typedef struct Worker { pid_t pid; int fd; unsigned char *buf; size_t n, cap; } Worker;

/* --jobs by default: the workers must beat the serial run by this factor (their number over the
   ratio of their CPU time a unit to the serial run's), judged on the first chunk in that does not
   go on from the serial run; a statement runs alone this long first (seconds: a split the
   workers do not pay for costs a fork and a few milliseconds before it is stopped); a split the
   load refused is considered again after this many seconds at least. */
#define PAY_FACTOR 1.25
#define JOBS_AUTO_AFTER 0.5
#define RECHECK_SECONDS 0.25

/* The first chunks take about this long (seconds) at the serial run's pace: by default shorter,
   as the split's verdict waits for one of them. */
#define FIRST_SECONDS 0.01
#define FIRST_AUTO_SECONDS 0.002

/* A chunk takes about this long (seconds), once the first has shown the pace. */
#define CHUNK_SECONDS 0.1
#define CHUNK_MAX ((uint64_t)1 << 24)

struct Jobs {
    Program *p;
    _Atomic uint64_t *next;     /* shared: the first unit not yet handed out */
    int fd;                     /* worker: its pipe's write end */
    uint64_t start, count;      /* worker: the last chunk taken */
    double taken;               /* worker: when it was taken */
    double cpu_taken;           /* worker: its CPU time then */
    Worker *w;
    int nw;
    Rec *recs;                  /* parent: records not yet merged */
    size_t nrecs, caprecs;
    struct pollfd *pf;          /* parent: the pipes to wait on */
    uint64_t first;             /* parent: the first unit handed out */
    double unit_cpu;            /* parent: the most CPU seconds a unit in a chunk after the first ... */
    uint64_t chunks;            /* ... over this many chunks */
};

/* This process's CPU time in seconds. */
static double cpu_now(void)
{
    struct timespec t;
    if (clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t)) return 0;
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* The machine's idle and total CPU ticks so far (Linux: /proc/stat's first line); false when
   they cannot be read. */
static bool cpu_ticks(uint64_t *idle, uint64_t *total)
{
    FILE *f = fopen("/proc/stat", "r");
    if (!f) return false;
    unsigned long long v[8] = { 0 };
    int k = fscanf(f, "cpu %llu %llu %llu %llu %llu %llu %llu %llu", &v[0], &v[1], &v[2], &v[3], &v[4], &v[5], &v[6],
                   &v[7]);
    fclose(f);
    if (k < 4) return false;
    *idle = v[3] + v[4];   /* idle, iowait */
    *total = 0;
    for (int i = 0; i < 8; i++) *total += v[i];
    return *total > 0;
}

void jobs_watch(const Program *p, JobsWatch *w)
{
    memset(w, 0, sizeof *w);
    w->started = w->next = prog_now();
    if (p->opt.jobs > 1 && p->opt.jobs_auto && !p->run.jobs_worker && !cpu_ticks(&w->idle0, &w->total0))
        w->idle0 = w->total0 = 0;
}

/* How many processors sat idle on average since w's sample began (this process's own excluded:
   it was busy), from 0 to cpus; -1 when the machine does not tell (no /proc/stat), -2 when the
   sample is too short to tell (the counters move in ticks of 10 ms). Starts the next sample. */
static double idle_cpus(JobsWatch *w, int cpus)
{
    uint64_t idle, total;
    if (!w->total0 || !cpu_ticks(&idle, &total)) return -1;
    if (total < w->total0 + 2 * (uint64_t)cpus) return -2;
    /* (iowait may go down: a count that fell is no idle time) */
    double r = idle > w->idle0 ? (double)(idle - w->idle0) / (double)(total - w->total0) * cpus : 0;
    w->idle0 = idle;
    w->total0 = total;
    return r < 0 ? 0 : r > cpus ? cpus : r;
}

int jobs_cpus(void)
{
#ifdef __linux__
    cpu_set_t set;
    if (!sched_getaffinity(0, sizeof set, &set) && CPU_COUNT(&set) > 0) return CPU_COUNT(&set);
#endif
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n > 0 ? (int)(n < MAX_WORKERS ? n : MAX_WORKERS) : 1;
}

bool jobs_due(const Program *p, JobsWatch *w, uint64_t unit)
{
    if (p->opt.jobs <= 1 || p->run.jobs_worker) return false;
    double now = prog_now();
    if (!p->opt.jobs_auto) {
        w->workers = p->opt.jobs;
        return now - w->started >= p->opt.jobs_after;
    }
    double after = jobs_after(p);
    if (!w->at_mid && now - w->started >= after / 2) {   /* the second half's start */
        w->at_mid = true;
        w->cpu_mid = cpu_now();
        w->mid = unit;
    }
    if (now < w->next || now - w->started < after) return false;
    double recheck = now + (after > RECHECK_SECONDS ? after : RECHECK_SECONDS);
    if (!w->at_mid || unit <= w->mid) {   /* no pace measured yet: ask again later */
        w->next = recheck;
        return false;
    }
    int cpus = jobs_cpus();
    double idle = idle_cpus(w, cpus);
    const char *test = getenv("GRUNDY_JOBS_IDLE");   /* tests: the idle processors to assume */
    if (test && *test) {
        idle = atof(test);
        idle = idle >= 0 && idle <= MAX_WORKERS ? idle : 0;
    }
    /* this process's processor and the idle ones (all when the machine does not tell) */
    int n = idle == -1 ? p->opt.jobs : idle < 0 ? 1 : 1 + (int)(idle + 0.25);
    if (n > p->opt.jobs) n = p->opt.jobs;
    if (n < 2) {
        w->next = recheck;
        return false;
    }
    w->workers = n;
    w->unit_cpu = (cpu_now() - w->cpu_mid) / (double)(unit - w->mid);
    return true;
}

double jobs_after(const Program *p)
{
    return p->opt.jobs_auto && !p->opt.jobs_after_set ? JOBS_AUTO_AFTER : p->opt.jobs_after;
}

uint64_t jobs_first_chunk(const Program *p, const JobsWatch *w, uint64_t unit)
{
    double c;
    if (p->opt.jobs_auto && w->unit_cpu > 0) c = FIRST_AUTO_SECONDS / w->unit_cpu;
    else {
        double el = prog_now() - w->started;
        c = el > 0 ? (double)unit * FIRST_SECONDS / el : 1;
    }
    return c < 1 ? 1 : c > 65536 ? 65536 : (uint64_t)c;
}

void jobs_take(Jobs *j, uint64_t *start, uint64_t *count)
{
    double now = prog_now(), took = now - j->taken;
    if (j->taken > 0) {   /* toward CHUNK_SECONDS, at most four times larger or smaller */
        double c = took > 0 ? (double)j->count * CHUNK_SECONDS / took : (double)j->count * 4;
        if (c > (double)j->count * 4) c = (double)j->count * 4;
        if (c < (double)j->count / 4) c = (double)j->count / 4;
        j->count = c < 1 ? 1 : c > (double)CHUNK_MAX ? CHUNK_MAX : (uint64_t)c;
    }
    j->taken = now;
    j->cpu_taken = cpu_now();
    j->start = atomic_fetch_add(j->next, j->count);
    if (j->start + j->count < j->start) j->count = UINT64_MAX - j->start;
    *start = j->start;
    *count = j->count;
}

static bool write_all(int fd, const void *data, size_t len)
{
    const unsigned char *b = data;
    while (len) {
        ssize_t k = write(fd, b, len);
        if (k < 0 && errno == EINTR) continue;
        if (k <= 0) return false;
        b += k;
        len -= (size_t)k;
    }
    return true;
}

void jobs_clock(Jobs *j) { j->cpu_taken = cpu_now(); }

void jobs_send(Jobs *j, uint64_t start, uint64_t count, JobsStatus status, const void *data, size_t len)
{
    RecHead h = { start, count, (uint32_t)status, (uint32_t)len, cpu_now() - j->cpu_taken };
    if (len > UINT32_MAX || !write_all(j->fd, &h, sizeof h) || !write_all(j->fd, data, len))
        _exit(1);   /* the parent is gone, or the record is too long: it goes on alone */
}

/* ---- the worker -------------------------------------------------------------------------- */

typedef struct WorkCall { const JobsSpec *s; Jobs *j; } WorkCall;

static void work_call(Program *p, void *ctx)
{
    WorkCall *c = ctx;
    c->s->work(p, c->j, c->s->ctx);
}

/* A signal the run takes ends the worker at once (one the caller ignores stays ignored). */
static void default_signal(int sig)
{
    struct sigaction old;
    if (sigaction(sig, NULL, &old) == 0 && old.sa_handler != SIG_IGN) signal(sig, SIG_DFL);
}

/* In the child (parent: the main process's pid): nothing of its own reaches the terminal or the
   output; a signal meant for the run ends it at once; it ends when the parent does. Never
   returns. */
static _Noreturn void worker_main(Program *p, Jobs *j, const JobsSpec *s, pid_t parent)
{
#ifdef __linux__
    prctl(PR_SET_PDEATHSIG, SIGKILL);
#endif
    if (getppid() != parent) _exit(1);   /* the parent died before the line above */
    default_signal(SIGINT);
    default_signal(SIGTERM);
    signal(SIGPIPE, SIG_DFL);
    int null = open("/dev/null", O_WRONLY);
    if (null >= 0) {
        dup2(null, 1);
        dup2(null, 2);
        close(null);
    }
    for (int i = 0; i < j->nw; i++) {
        if (j->w[i].fd >= 0) close(j->w[i].fd);   /* the read ends (the parent's) */
    }
    if (p->run.statm_fd >= 0) close(p->run.statm_fd);   /* the parent's /proc/self/statm */
    p->run.statm_fd = -1;
    p->run.jobs_worker = true;
    p->run.progress = NULL;
    p->run.picture = NULL;   /* (the client's function is the parent's) */
    p->run.interrupt = &p->run.no_signal;
    p->run.no_signal = 0;
    /* The budgets are shared out: if no worker runs out of its part, the run alone would not
       have run out either (the workers' stores and steps include all it would do); one that does
       leaves the rest to the main process, which then meets the limit itself, exactly. */
    uint64_t nw = (uint64_t)j->nw;
    if (prog_memory_budget(p)) {   /* the memory: each its part of what is left (the meter goes on from the parent's) */
        uint64_t used = prog_memory_used(p);
        p->opt.max_memory = used < p->opt.max_memory ? used + (p->opt.max_memory - used) / nw : used;
    }
    p->opt.max_states = p->opt.max_states / nw ? p->opt.max_states / nw : 1;
    if (p->run.steps_end > p->run.polls) p->run.steps_end = p->run.polls + (p->run.steps_end - p->run.polls) / nw;
    p->run.poll_next = p->run.polls + 1;
    p->run.on_error = NULL;   /* nothing unwinds past the worker's own prog_try into the parent's frames */
    WorkCall c = { s, j };
    if (prog_try(p, work_call, &c)) jobs_send(j, j->start, j->count, JOBS_ERROR, NULL, 0);
    _exit(0);
}

/* ---- the parent -------------------------------------------------------------------------- */

static void stop_workers(void *arg)
{
    Jobs *j = arg;
    for (int i = 0; i < j->nw; i++) {
        if (j->w[i].pid > 0) kill(j->w[i].pid, SIGKILL);
    }
    for (int i = 0; i < j->nw; i++) {
        if (j->w[i].pid > 0) {
            while (waitpid(j->w[i].pid, NULL, 0) < 0 && errno == EINTR) {}
        }
        if (j->w[i].fd >= 0) close(j->w[i].fd);
        xfree(j->w[i].buf);
    }
    for (size_t i = 0; i < j->nrecs; i++) xfree(j->recs[i].data);
    xfree(j->recs);
    xfree(j->pf);
    xfree(j->w);
    munmap((void *)j->next, sizeof *j->next);
    xfree(j);
}

/* Parse the complete records in worker w's buffer into j->recs. */
static void parse(Jobs *j, Worker *w)
{
    size_t at = 0;
    while (w->n - at >= sizeof(RecHead)) {
        Rec r;
        memcpy(&r.h, w->buf + at, sizeof r.h);
        if (w->n - at - sizeof r.h < r.h.len) break;
        r.data = xmalloc(r.h.len ? r.h.len : 1);
        memcpy(r.data, w->buf + at + sizeof r.h, r.h.len);
        VEC_PUSH(j->recs, j->nrecs, j->caprecs, r);
        at += sizeof r.h + r.h.len;
        if (r.h.start != j->first && r.h.status == JOBS_OK && r.h.count) {   /* the first goes on from the serial run */
            double c = r.h.cpu / (double)r.h.count;
            if (c > j->unit_cpu) j->unit_cpu = c;
            j->chunks++;
        }
    }
    memmove(w->buf, w->buf + at, w->n - at);
    w->n -= at;
}

/* Read what worker w has sent; false at its end (its pipe closed). A worker that ended other than
   by finishing (killed, crashed, or a write that failed) sets *broken. */
static bool drain(Jobs *j, Worker *w, bool *broken)
{
    for (;;) {
        util_grow((void **)&w->buf, &w->cap, w->n + 65536, 1);
        ssize_t k = read(w->fd, w->buf + w->n, w->cap - w->n);
        if (k < 0 && errno == EINTR) continue;
        if (k < 0 && errno == EAGAIN) break;
        if (k <= 0) {
            int st = 0;
            while (waitpid(w->pid, &st, 0) < 0 && errno == EINTR) {}
            w->pid = -1;
            close(w->fd);
            w->fd = -1;
            if (!WIFEXITED(st) || WEXITSTATUS(st) != 0) *broken = true;
            parse(j, w);
            return false;
        }
        w->n += (size_t)k;
    }
    parse(j, w);
    return true;
}

bool jobs_run(Program *p, const JobsSpec *s, Loc loc)
{
    Jobs *j = xcalloc(1, sizeof *j);
    j->p = p;
    j->nw = s->watch && s->watch->workers > 0 ? s->watch->workers : p->opt.jobs;
    if (j->nw > MAX_WORKERS) j->nw = MAX_WORKERS;
    j->first = s->first;
    void *shared = mmap(NULL, sizeof *j->next, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (shared == MAP_FAILED) {
        xfree(j);
        return false;
    }
    j->next = shared;
    atomic_store(j->next, s->first);
    j->count = s->chunk ? s->chunk : 1;
    j->w = xcalloc((size_t)j->nw, sizeof *j->w);
    for (int i = 0; i < j->nw; i++) j->w[i].pid = -1, j->w[i].fd = -1;
    size_t mark = prog_defer(p, stop_workers, j);
    /* what is buffered goes out once, not once more from each worker */
    if (p->run.out) fflush(p->run.out);
    if (p->diag.out) fflush(p->diag.out);
    if (p->diag.json) fflush(p->diag.json);
    int started = 0;
    pid_t self = getpid();
    for (int i = 0; i < j->nw; i++) {
        int fds[2];
        if (pipe(fds)) break;
        pid_t pid = fork();
        if (pid < 0) {
            close(fds[0]);
            close(fds[1]);
            break;
        }
        if (pid == 0) {
            close(fds[0]);
            j->fd = fds[1];
            worker_main(p, j, s, self);
        }
        close(fds[1]);
        fcntl(fds[0], F_SETFL, fcntl(fds[0], F_GETFL) | O_NONBLOCK);
        fcntl(fds[0], F_SETFD, FD_CLOEXEC);
        j->w[i].pid = pid;
        j->w[i].fd = fds[0];
        started++;
    }
    int result = started ? 0 : -1;   /* 1: complete, -1: go on alone */
    bool judge = p->opt.jobs_auto && s->watch && s->watch->unit_cpu > 0;
    uint64_t want = s->first;         /* the first unit not merged */
    const char *what0 = p->run.work_what;
    uint64_t done0 = p->run.work_done;
    p->run.work_what = s->what;
    p->run.work_done = s->first;
    struct pollfd *pf = j->pf = xcalloc((size_t)j->nw, sizeof *pf);   /* freed with the workers */
    while (result == 0) {
        /* merge what has come, in order: the record starting at want, while there is one */
        for (size_t i = 0; i < j->nrecs && result == 0;) {
            Rec r = j->recs[i];
            if (r.h.start != want) {
                i++;
                continue;
            }
            j->recs[i] = j->recs[--j->nrecs];
            if (r.h.status == JOBS_ERROR || !r.h.count) result = -1;
            else result = s->merge(s->ctx, r.h.start, r.h.count, (JobsStatus)r.h.status, r.data, r.h.len);
            xfree(r.data);
            want += r.h.count;
            p->run.work_done = want;
            i = 0;
        }
        if (judge && j->chunks && !result) {   /* a chunk that did not go on from the serial run is in: do the workers pay? */
            judge = false;
            double ratio = j->unit_cpu / s->watch->unit_cpu;   /* their cost a unit, the serial run's as 1 */
            if ((double)started / ratio < PAY_FACTOR) result = -1;
        }
        if (result) break;
        int n = 0;
        for (int i = 0; i < j->nw; i++) {
            if (j->w[i].fd >= 0) pf[n++] = (struct pollfd){ .fd = j->w[i].fd, .events = POLLIN };
        }
        if (!n) {   /* every worker has ended, and a chunk is missing */
            result = -1;
            break;
        }
        int k = poll(pf, (nfds_t)n, 100);
        prog_poll_slow(p, loc);   /* an interrupt, the clock, progress */
        if (k <= 0) continue;
        bool broken = false;
        for (int i = 0; i < j->nw; i++) {
            if (j->w[i].fd >= 0) drain(j, &j->w[i], &broken);
        }
        if (broken) result = -1;
    }
    p->run.work_what = what0;
    p->run.work_done = done0;
    prog_release(p, mark);
    stop_workers(j);
    return result == 1;
}

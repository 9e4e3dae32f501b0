/* api_int.h: the session as the files of the public API share it: api.c (sessions, options,
   texts run), answer.c (positions answered as data), engine_move.c (the engine's move in play), names.c (what interactive clients ask: names,
   definitions, the store, whether a text is complete). */
#ifndef GRUNDY_API_INT_H
#define GRUNDY_API_INT_H
#include "grundy.h"
#include "driver.h"
#include "key.h"
#include "program.h"

struct gr_session {
    Program p;
    UtilMeter meter;              /* the session's memory (max-memory): the thread's meter in each call */
    ProgFlag stop;                /* gr_interrupt's flag: the program's interrupt points here */
    double timeout;               /* seconds each gr_eval may take (0: none) */
    char *strategy;               /* the forced strategy (NULL: the engine's choice) */
    char *dot, *plot;             /* the files draw and two-dimensional tables write (NULL: none) */
    char *input;                  /* the standard input given (gr_session_set_input), or NULL */
    bool json_output;             /* gr_exec's output: JSON lines ("output" "json") or text */
    bool loading;                 /* the last call was gr_load: a further one counts its errors on */
    bool as_file;                 /* texts are files: no redefinition, no bare values printed */
    double run_deadline;          /* session_run_timeout: one deadline for every call (0: none) */
    bool spanning;                /* a call made of calls (gr_engine_move): they keep its stop flag */
    gr_progress_fn *progress;     /* the client's progress line (NULL: none) */
    void *progress_ctx;
    gr_picture_fn *picture;       /* the client's pictures (gr_session_pictures; NULL: none) */
    void *picture_ctx;
    char stopped[600];            /* where the last interrupted call stopped ("" none) */
    bool sink;                    /* the call writes through the client's function (not memory) */
    int load_failed;              /* the status of a failed gr_load in the current run of them (0: none) */
    DrvMark forget;               /* forget_armed: the text being run is forgotten when the call ends, */
    bool forget_armed;            /* however it ends, if it defined nothing (drv_forget) */
    size_t restore_next;          /* restore_armed: the statement gr_run starts from after the call */
    bool restore_armed;
    gr_write_fn *messages;        /* where the data calls write their messages' text (NULL: nowhere) */
    void *messages_ctx;
    char *last_messages;          /* the last data call's messages' text (gr_session_last_messages; the C library's) */
    char got[64];                 /* gr_session_get's last number */
    char *def_line, *def_doc;     /* gr_session_def's last texts */
    size_t *defs, ndefs;          /* gr_session_def_count's definitions: symbol indexes */
    KeyCopy *held;                /* positions held for the client (GR_HOLD): id i + 1 is held[i] */
    size_t nheld, capheld;
};

/* Run fn(p, ctx) in the session (session_run_on in api.c): the JSON lines into *json (NULL:
   discarded), the messages' text to the session's messages writer (gr_session_messages) or
   dropped. Returns the status. */
int session_run(gr_session *s, void (*fn)(Program *, void *), void *ctx, int *status, char **json);
/* The text the call is about to load is forgotten when the call ends, however it ends, if it
   defined nothing (drv_forget). */
void session_forget_at_end(gr_session *s);
#endif

/* web_api.c: the WebAssembly side of the playground: a client of libgrundy's public API (grundy.h)
   that the page's worker calls. Runs hand the command line's two streams and the progress line to
   the worker's JavaScript as they come; a position with every move (for :play) comes back as one
   JSON object. Nothing here knows the engine's insides. */
#include "grundy.h"
#include <emscripten.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Into the worker: Module.gr_write(stream, text), Module.gr_progress(seconds, count, what) and
   Module.gr_picture(json). */
EM_JS(void, web_js_write, (int stream, const char *data, size_t n), {
    Module.gr_write(stream, UTF8ToString(data >>> 0, n >>> 0));   /* (addresses past 2 GiB) */
});
EM_JS(void, web_js_progress, (double elapsed, double count, const char *what), {
    Module.gr_progress(elapsed, count, what ? UTF8ToString(what >>> 0) : "");
});
EM_JS(void, web_js_picture, (const char *json, size_t n), {
    Module.gr_picture(UTF8ToString(json >>> 0, n >>> 0));
});

/* Stream bytes arrive in pieces that may cut a UTF-8 character in two: hold the tail of an
   unfinished character until the next piece (per stream). */
typedef struct Pending { char b[4]; size_t n; } Pending;
static int put(void *ctx, int stream, const char *data, size_t n)
{
    Pending *p = (Pending *)ctx + (stream == 2);
    char *buf = malloc(p->n + n + 1);
    if (!buf) return -1;
    memcpy(buf, p->b, p->n);
    memcpy(buf + p->n, data, n);
    size_t len = p->n + n, cut = len;
    /* back up over an unfinished trailing character (at most 3 bytes of a 4-byte one) */
    for (size_t k = 1; k <= 3 && k <= len; k++) {
        unsigned char c = (unsigned char)buf[len - k];
        if ((c & 0xC0) == 0x80) continue;        /* a continuation byte: look further back */
        size_t need = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 1;
        if (need > k) cut = len - k;
        break;
    }
    p->n = len - cut;
    memcpy(p->b, buf + cut, p->n);
    if (cut) web_js_write(stream, buf, cut);
    free(buf);
    return 0;
}

static void progress(void *ctx, double elapsed, unsigned long long count, const char *what)
{
    (void)ctx;
    web_js_progress(elapsed, (double)count, what);
}

/* A draw statement's or a two-range table's JSON object, for the page's pictures. */
static void picture(void *ctx, const char *json, size_t len)
{
    (void)ctx;
    web_js_picture(json, len);
}

/* A session for the page: the command line's defaults but for memory (max_memory, such as
   "1536M": what the tab may grow to) and standard input (input: the text of the page's input box,
   "" as the command line's </dev/null). NULL when out of memory. */
EMSCRIPTEN_KEEPALIVE gr_session *web_session(const char *max_memory, const char *input)
{
    gr_session *s = gr_session_new();
    if (!s) return NULL;
    if (max_memory && *max_memory) gr_session_set(s, "max-memory", max_memory);
    gr_session_set_input(s, input ? input : "", input ? strlen(input) : 0);
    gr_session_progress(s, progress, NULL);
    gr_session_pictures(s, picture, NULL);
    return s;
}

/* `grundy -e TEXT`: the command line's output and messages go to Module.gr_write; its exit status. */
EMSCRIPTEN_KEEPALIVE int web_exec(gr_session *s, const char *text)
{
    Pending pend[2] = { 0 };
    int st = gr_exec(s, text, NULL, put, pend);
    for (int k = 0; k < 2; k++)   /* an unfinished character at the very end: as it is */
        if (pend[k].n) web_js_write(k + 1, pend[k].b, pend[k].n);
    return st;
}

/* ---- one position with every move, as JSON (the page's :play) ---------------------------------- */

typedef struct Buf { char *s; size_t n, cap; } Buf;

static void bput(Buf *b, const char *s, size_t n)
{
    if (b->n + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 256;
        while (b->n + n + 1 > cap) cap *= 2;
        char *t = realloc(b->s, cap);
        if (!t) abort();   /* out of memory in the page's worker: it dies and the page says so */
        b->s = t;
        b->cap = cap;
    }
    memcpy(b->s + b->n, s, n);
    b->n += n;
    b->s[b->n] = 0;
}
static void bstr(Buf *b, const char *s) { bput(b, s, strlen(s)); }

/* s as a JSON string, or null. */
static void bjson(Buf *b, const char *s)
{
    if (!s) {
        bstr(b, "null");
        return;
    }
    bput(b, "\"", 1);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\') {
            char e[2] = { '\\', (char)c };
            bput(b, e, 2);
        } else if (c < 0x20) {
            char e[8];
            snprintf(e, sizeof e, "\\u%04x", c);
            bstr(b, e);
        } else {
            bput(b, s, 1);
        }
    }
    bput(b, "\"", 1);
}

static int collect(void *ctx, int stream, const char *data, size_t n)
{
    (void)stream;
    bput(ctx, data, n);
    return 0;
}

/* {"status":st,"errors":"<the messages collected>"}, freeing the messages. */
static char *status_json(int st, Buf *msg)
{
    Buf b = { 0 };
    char num[16];
    snprintf(num, sizeof num, "%d", st);
    bstr(&b, "{\"status\":");
    bstr(&b, num);
    bstr(&b, ",\"errors\":");
    bjson(&b, msg->s ? msg->s : "");
    bstr(&b, "}");
    free(msg->s);
    return b.s;
}

/* The position (text, or the held position id when text is NULL or empty) with every move, each
   move's position held: {"status":0,"position":..,"outcome":"N","misere":false,"scoring":false,
   "partizan":false,"moves":[{"component","rule","args","result","outcome","id","gain","worth","side","best"}]}
   (side: "L" or "R" in a partizan position, else null; best: the move wins for its maker) or
   {"status":3,"errors":"<the messages as the command line prints them>"}. Free with web_free. */
EMSCRIPTEN_KEEPALIVE char *web_position(gr_session *s, const char *text, double id)
{
    Buf b = { 0 };
    gr_answer *a = NULL;
    int what = GR_EVERY_OUTCOME | GR_HOLD;
    Buf msg = { 0 };
    int st;
    if (text && *text) {
        gr_session_messages(s, collect, &msg);
        st = gr_position(s, text, "<play>", what, (size_t)-1, &a, NULL);
        gr_session_messages(s, NULL, NULL);
    } else {
        st = gr_position_held(s, (unsigned long long)id, what, (size_t)-1, &a, NULL);
    }
    if (st) {
        free(b.s);
        return status_json(st, &msg);
    }
    bstr(&b, "{\"status\":0,\"position\":");
    bjson(&b, gr_answer_position(a));
    char o[2] = { gr_answer_outcome(a), 0 };
    bstr(&b, ",\"outcome\":");
    bjson(&b, o);
    bstr(&b, gr_answer_is_mode(a) ? ",\"misere\":true" : ",\"misere\":false");
    bstr(&b, gr_answer_is_scoring(a) ? ",\"scoring\":true" : ",\"scoring\":false");
    bstr(&b, gr_answer_value_kind(a) == GR_VALUE_FORM ? ",\"partizan\":true" : ",\"partizan\":false");
    bstr(&b, ",\"moves\":[");
    size_t n = gr_answer_move_count(a);
    for (size_t i = 0; i < n; i++) {
        const char *from, *rule, *args, *to, *gain = NULL, *worth = NULL;
        gr_answer_move(a, i, &from, &rule, &args, &to, NULL);
        int best = 0;
        char mo[2] = { gr_answer_move_value(a, i, NULL, NULL, &best, &gain, NULL, &worth), 0 };
        char side[2] = { gr_answer_move_side(a, i), 0 };
        char num[32];
        snprintf(num, sizeof num, "%llu", gr_answer_move_id(a, i));
        bstr(&b, i ? ",{\"component\":" : "{\"component\":");
        bjson(&b, from);
        bstr(&b, ",\"rule\":");
        bjson(&b, rule);
        bstr(&b, ",\"args\":");
        bjson(&b, args);
        bstr(&b, ",\"result\":");
        bjson(&b, to);
        bstr(&b, ",\"outcome\":");
        bjson(&b, mo);
        bstr(&b, ",\"id\":");
        bstr(&b, num);
        bstr(&b, ",\"gain\":");
        bjson(&b, gain);
        bstr(&b, ",\"worth\":");
        bjson(&b, worth);
        bstr(&b, ",\"side\":");
        bjson(&b, side[0] ? side : NULL);
        bstr(&b, best ? ",\"best\":true}" : ",\"best\":false}");
    }
    bstr(&b, "]}");
    gr_answer_free(a);
    free(msg.s);
    return b.s;
}

/* The engine's move in the position held as id (0: the text position), gr_engine_move_side's
   (side "L" or "R" in a partizan position, else ""): {"status":0,"index":I,"why":TEXT} (index -1:
   no move), or {"status":N,"errors":TEXT}. */
EMSCRIPTEN_KEEPALIVE char *web_engine_move(gr_session *s, const char *text, double id, const char *side)
{
    Buf msg = { 0 };
    size_t index;
    const char *why;
    gr_session_messages(s, collect, &msg);
    int st = gr_engine_move_side(s, id ? NULL : text, "<play>", (unsigned long long)id, side && *side ? *side : 0, &index,
                                 &why, NULL);
    gr_session_messages(s, NULL, NULL);
    if (st) return status_json(st, &msg);
    free(msg.s);
    Buf b = { 0 };
    char num[32];
    snprintf(num, sizeof num, "%lld", index == (size_t)-1 ? -1LL : (long long)index);
    bstr(&b, "{\"status\":0,\"index\":");
    bstr(&b, num);
    bstr(&b, ",\"why\":");
    bjson(&b, why);
    bstr(&b, "}");
    return b.s;
}

EMSCRIPTEN_KEEPALIVE void web_free(void *p) { free(p); }
EMSCRIPTEN_KEEPALIVE void web_session_free(gr_session *s) { gr_session_free(s); }
EMSCRIPTEN_KEEPALIVE const char *web_version(void) { return gr_version(); }

/* Compile text's definitions and constants into s without running its statements (a game is
   played, not solved): {"status":0} or {"status":3,"errors":"<the messages>"}. Free with web_free. */
EMSCRIPTEN_KEEPALIVE char *web_load(gr_session *s, const char *text)
{
    Buf msg = { 0 };
    int st = gr_load(s, text, strlen(text), NULL, collect, &msg);
    return status_json(st, &msg);
}

/* render.c: answers rendered for the output, in one place above the solver: a query's answer
   (solve.h's Answer: outcome, value, strategy, certificate, winning moves with their rules,
   binders, components and results, a play mode's components) as text lines or as one JSON line,
   and the output helpers every statement's printing shares. */
#include "config.h"
#include "key.h"
#include "render.h"
#include "json.h"
#include "solve/core/nimber.h"
#include "solve/core/score.h"
#include <stdlib.h>
#include <string.h>

/* Winning moves a text answer lists (--json lists up to SOLVE_MAX_WINNING). */
#define TEXT_MAX_MOVES 10

/* Write what b holds and empty it (output goes on the terminal's line, not after the progress
   text). */
void render_emit_part(Program *p, StrBuf *b)
{
    prog_progress_clear(p);
    if (b->len) fwrite(b->s, 1, b->len, p->run.out);
    b->len = 0;
    if (b->s) b->s[0] = 0;
}

void render_pos_text(StrBuf *b, const char *pos)
{
    sb_puts(b, pos);
    if (!strcmp(pos, "0")) sb_puts(b, " (no moves left)");
}
#define put_pos render_pos_text

void render_emit_line(Program *p, StrBuf *b)
{
    render_emit_part(p, b);
    fputc('\n', p->run.out);
    sb_fini(b);
}

/* A JSON string into the line b builds; a long one (a query's position can take megabytes) is
   written straight to the output after what b holds, not copied into b. */
#define JSON_DIRECT 65536
void render_json(Program *p, StrBuf *b, const char *s)
{
    size_t n = strlen(s);
    if (n < JSON_DIRECT) {
        json_str(b, s);
        return;
    }
    render_emit_part(p, b);
    json_fstr(p->run.out, s, n);
}

void render_binders_text(StrBuf *b, const AnswerBinders *args)
{
    for (uint32_t i = 0; i < args->n; i++) {
        const AnswerBinder *d = &args->v[i];
        sb_printf(b, "%s%s=", i ? ", " : "", d->name);
        if (d->is_int) sb_put_i64(b, d->i);
        else sb_puts(b, d->text);
    }
}

void render_binders_json(StrBuf *b, const AnswerBinders *args)
{
    sb_putc(b, '{');
    for (uint32_t i = 0; i < args->n; i++) {
        const AnswerBinder *d = &args->v[i];
        if (i) sb_putc(b, ',');
        json_str(b, d->name);
        sb_putc(b, ':');
        if (d->is_int) sb_put_i64(b, d->i);
        else sb_puts(b, d->json);
    }
    sb_putc(b, '}');
}

/* One listed move as a JSON object (after a ',' unless first): its component, copies, rule's label
   (null: unnamed), binders and result. */
static void move_json(Program *p, StrBuf *b, bool first, const char *component, uint64_t copies, const char *label,
                      const AnswerBinders *args, const char *result)
{
    sb_puts(b, first ? "{\"component\":" : ",{\"component\":");
    render_json(p, b, component);
    sb_printf(b, ",\"copies\":%llu,\"label\":", (unsigned long long)copies);
    if (label) json_str(b, label);
    else sb_puts(b, "null");
    sb_puts(b, ",\"args\":");
    render_binders_json(b, args);
    sb_puts(b, ",\"result\":");
    render_json(p, b, result);
    sb_putc(b, '}');
}

/* A partizan answer's winning moves of one side: the distinct positions, then each move. */
static void pz_json(Program *p, const Answer *a, StrBuf *b, char side)
{
    sb_printf(b, ",\"winning_%s\":[", side == 'L' ? "left" : "right");
    size_t k = 0;
    for (size_t i = 0; i < a->npz; i++) {
        if (a->pz[i].side != side) continue;
        bool seen = false;
        for (size_t j = 0; j < i && !seen; j++) seen = a->pz[j].side == side && !strcmp(a->pz[j].result, a->pz[i].result);
        if (seen) continue;
        if (k++) sb_putc(b, ',');
        render_json(p, b, a->pz[i].result);
    }
    sb_printf(b, "],\"moves_%s\":[", side == 'L' ? "left" : "right");
    k = 0;
    for (size_t i = 0; i < a->npz; i++) {
        const struct AnswerPzMove *m = &a->pz[i];
        if (m->side != side) continue;
        move_json(p, b, !k++, m->from, m->copies, m->label, &m->args, m->result);
    }
    sb_putc(b, ']');
}

static void pz_query_json(Program *p, const Answer *a, StrBuf *b)
{
    sb_puts(b, "{\"kind\":\"query\",\"position\":");
    render_json(p, b, a->position);
    sb_printf(b, ",\"outcome\":\"%c\",\"value\":", a->outcome);
    json_str(b, a->value);
    sb_puts(b, ",\"sg\":null");
    pz_json(p, a, b, 'L');
    pz_json(p, a, b, 'R');
    if (a->pz_truncated) sb_puts(b, ",\"winning_truncated\":true");
    sb_puts(b, ",\"strategy\":");
    json_str(b, a->strategy);
    sb_putc(b, '}');
}

/* A partizan answer as text: the outcome class and value, then each side's winning moves. */
static void pz_query_text(Program *p, const Stmt *st, const Answer *a)
{
    StrBuf b;
    sb_init(&b);
    sb_puts(&b, st->text);
    sb_printf(&b, ": %c (value %s) [%s]", a->outcome, a->value_unicode, a->strategy);
    render_emit_line(p, &b);
    if (strcmp(st->text, a->position)) {
        sb_puts(&b, "  = ");
        sb_puts(&b, a->position);
        render_emit_line(p, &b);
    }
    for (int side = 0; side < 2; side++) {
        size_t shown = 0, all = 0;
        for (size_t i = 0; i < a->npz; i++) {
            const struct AnswerPzMove *m = &a->pz[i];
            if (m->side != (side ? 'R' : 'L')) continue;
            if (all++ >= TEXT_MAX_MOVES) continue;
            shown++;
            sb_printf(&b, "  %s winning move: %s%s", side ? "Right's" : "Left's", m->label ? m->label : "move", m->args.n ? " " : "");
            render_binders_text(&b, &m->args);
            sb_puts(&b, " from ");
            sb_puts(&b, m->from);
            sb_puts(&b, " -> ");
            put_pos(&b, m->result);
            if (m->copies > 1) sb_printf(&b, "  (in each of %llu copies)", (unsigned long long)m->copies);
            render_emit_line(p, &b);
        }
        if (all > shown) {
            sb_printf(&b, "  ... and %zu more winning moves for %s (--json lists them)", all - shown, side ? "Right" : "Left");
            render_emit_line(p, &b);
        }
    }
    sb_fini(&b);
}

void render_query_json(Program *p, const Answer *a, StrBuf *b)
{
    if (a->partizan) {
        pz_query_json(p, a, b);
        return;
    }
    sb_puts(b, "{\"kind\":\"query\",\"position\":");
    render_json(p, b, a->position);
    sb_printf(b, ",\"outcome\":\"%c\",\"sg\":", a->outcome);
    if (a->has_sg) nim_print(b, &a->sg);
    else sb_puts(b, "null");
    if (a->sg.kind == GV_LOOPY && a->sg.kset) {   /* a generalized SG value ∞(K) */
        StrBuf g;
        sb_init(&g);
        gv_print_loopy(&g, &a->sg);
        sb_puts(b, ",\"gamma\":");
        json_str(b, g.s);
        sb_fini(&g);
    }
    if (a->remoteness >= 0) sb_printf(b, ",\"remoteness\":%lld", (long long)a->remoteness);
    else if (a->remoteness == -2) sb_puts(b, ",\"remoteness\":null");
    if (a->scoring) {   /* the best score difference for the player to move, and a best line's totals */
        sb_puts(b, ",\"value\":");
        score_print(b, &a->sg);
        if (a->has_line) {
            sb_puts(b, ",\"totals\":[");
            score_print(b, &a->line[0]);
            sb_putc(b, ',');
            score_print(b, &a->line[1]);
            sb_putc(b, ']');
        }
    }
    sb_puts(b, a->drawing ? ",\"winning\":[],\"drawing\":[" : ",\"winning\":[");
    for (size_t i = 0; i < a->nwin; i++) {
        if (i) sb_putc(b, ',');
        render_json(p, b, a->winning[i]);
    }
    sb_puts(b, "]");
    if (!a->mode || a->moves || a->mode == PM_MISERE) {   /* every move as a move: its component, rule, binder values and result */
        sb_puts(b, ",\"moves\":[");
        for (size_t i = 0; i < a->nlabels && i < SOLVE_MAX_WINNING; i++) {
            const struct AnswerLabel *l = &a->labels[i];
            StrBuf c;
            sb_init(&c);
            key_print(p, &c, eng_key(p->solver->store, a->comps[l->comp]));
            move_json(p, b, !i, c.s, l->copies, l->label, &l->args, a->winning[l->result]);
            sb_fini(&c);
        }
        sb_putc(b, ']');
        uint64_t listed = 0;
        for (size_t i = 0; i < a->nlabels && i < SOLVE_MAX_WINNING; i++) listed += a->labels[i].copies;
        if (a->labels_cut || listed < a->nmoves) sb_puts(b, ",\"moves_incomplete\":true");
        if (a->labels_cut || a->truncated) sb_puts(b, ",\"move_count\":null");
        else sb_printf(b, ",\"move_count\":%llu", (unsigned long long)a->nmoves);
    }
    if (a->truncated) sb_puts(b, a->drawing ? ",\"drawing_truncated\":true" : ",\"winning_truncated\":true");
    if (a->unwritten) sb_puts(b, ",\"winning_unwritten\":true");
    if (a->ndefence) {
        sb_puts(b, ",\"defence\":[");
        for (size_t i = 0; i < a->ndefence; i++) {
            sb_puts(b, i ? ",{\"move\":" : "{\"move\":");
            render_json(p, b, a->defence[i].move);
            sb_puts(b, ",\"reply\":");
            render_json(p, b, a->defence[i].reply);
            sb_putc(b, '}');
        }
        sb_putc(b, ']');
    }
    sb_puts(b, ",\"strategy\":");
    json_str(b, a->strategy);
    if (a->components) {   /* a play mode's components: each one's genus, suspense or remoteness */
        sb_puts(b, ",\"components\":[");
        for (size_t i = 0; i < a->ncomponents; i++) {
            const struct AnswerComponent *c = &a->components[i];
            sb_puts(b, i ? ",{\"position\":" : "{\"position\":");
            json_str(b, c->position);
            if (c->pace_name) {
                sb_printf(b, ",\"%s\":%llu}", c->pace_name, (unsigned long long)c->pace);
            } else {
                sb_puts(b, ",\"genus\":");
                json_str(b, c->genus);
                sb_printf(b, ",\"tame\":%s}", c->tame ? "true" : "false");
            }
        }
        sb_putc(b, ']');
    }
    sb_putc(b, '}');
}

void render_query(Program *p, const Stmt *st, const Answer *a)
{
    StrBuf b;
    sb_init(&b);
    if (p->opt.json) {
        render_query_json(p, a, &b);
        render_emit_line(p, &b);
    } else if (a->partizan) {
        pz_query_text(p, st, a);
    } else {
        sb_puts(&b, st->text);   /* not "%s": the texts of a big sum take megabytes */
        sb_printf(&b, ": %c", a->outcome);
        if (a->has_sg) {
            sb_puts(&b, " (sg ");
            nim_print(&b, &a->sg);
            sb_putc(&b, ')');
        } else if (a->sg.kind == GV_LOOPY && a->sg.kset) {
            sb_puts(&b, " (gamma ");
            gv_print_loopy(&b, &a->sg);
            sb_putc(&b, ')');
        }
        if (a->remoteness >= 0) sb_printf(&b, " (remoteness %lld)", (long long)a->remoteness);
        if (a->scoring) {
            sb_puts(&b, " (value ");
            score_print(&b, &a->sg);
            sb_putc(&b, ')');
        }
        sb_printf(&b, " [%s]", a->strategy);
        render_emit_line(p, &b);
        if (strcmp(st->text, a->position)) {
            sb_puts(&b, "  = ");
            sb_puts(&b, a->position);
            render_emit_line(p, &b);
        }
        if (a->why) {
            sb_printf(&b, "  by %s", a->why);
            render_emit_line(p, &b);
        }
        if (a->no_sg) {
            sb_printf(&b, "  (no SG value: %s)", a->no_sg);
            render_emit_line(p, &b);
        }
        if (a->has_line && a->nwin) {
            sb_puts(&b, "  best play: the player to move scores ");
            score_print(&b, &a->line[0]);
            sb_puts(&b, ", the other ");
            score_print(&b, &a->line[1]);
            render_emit_line(p, &b);
        }
        const char *kind = a->drawing ? "drawing" : a->scoring ? "best" : "winning";
        size_t l = 0;
        uint64_t lines = 0;   /* moves counted with their copies: beyond 32 bits too */
        for (size_t i = 0; i < a->nwin && i < TEXT_MAX_MOVES; i++) {
            bool named = false;
            for (; l < a->nlabels && a->labels[l].result == i; l++) {   /* each move reaching it */
                if (lines++ >= TEXT_MAX_MOVES) {
                    named = true;
                    continue;
                }
                const struct AnswerLabel *m = &a->labels[l];
                sb_printf(&b, "  %s move: %s%s", kind, m->label ? m->label : "move", m->args.n ? " " : "");
                render_binders_text(&b, &m->args);
                sb_puts(&b, " from ");
                key_print(p, &b, eng_key(p->solver->store, a->comps[m->comp]));
                sb_puts(&b, " -> ");
                put_pos(&b, a->winning[i]);
                if (m->copies > 1) sb_printf(&b, "  (in each of %llu copies)", (unsigned long long)m->copies);
                render_emit_line(p, &b);
                named = true;
            }
            if (!named) {
                sb_printf(&b, "  %s move -> ", kind);
                put_pos(&b, a->winning[i]);
                render_emit_line(p, &b);
            }
        }
        if (a->nmoves > lines) lines = a->nmoves;
        /* one line for what was left out: the moves not shown (counted with their copies) and,
           when some positions they reach are not shown either, how many of those */
        if (lines > TEXT_MAX_MOVES) {
            sb_printf(&b, "  ... and %llu more %s moves", (unsigned long long)(lines - TEXT_MAX_MOVES), kind);
            if (a->nwin > TEXT_MAX_MOVES) sb_printf(&b, ", to %zu more positions", a->nwin - TEXT_MAX_MOVES);
            else sb_puts(&b, " to the positions above");
            sb_puts(&b, a->labels_cut ? ", and perhaps more: too many to enumerate" : " (--json lists up to 1000)");
            if (a->nwin > TEXT_MAX_MOVES && a->truncated) sb_puts(&b, "; there may be more not examined");
            render_emit_line(p, &b);
        } else if (a->nwin > TEXT_MAX_MOVES) {   /* moves without labels: one a position */
            sb_printf(&b, "  ... and %zu more %s moves (--json lists them)%s", a->nwin - TEXT_MAX_MOVES, kind,
                      a->truncated ? "; there may be more not examined" : "");
            render_emit_line(p, &b);
        }
        bool all_shown = a->nwin <= TEXT_MAX_MOVES;   /* else the line above said it */
        if (all_shown && a->unvalued) {
            sb_printf(&b, "  ... there may be more %s moves: an option's SG value would take a search of more than "
                      SOLVE_SG_BUDGET_TEXT " positions or 2^22 steps", kind);
            render_emit_line(p, &b);
        } else if (all_shown && a->truncated) {
            sb_printf(&b, "  ... there may be more %s moves: too many candidates to examine", kind);
            render_emit_line(p, &b);
        }
        if (a->unwritten) {
            sb_puts(&b, "  (a winning move turns a component into a sum of games, which a compound's position cannot write)");
            render_emit_line(p, &b);
        }
        for (size_t i = 0; i < a->ndefence && i < TEXT_MAX_MOVES; i++) {
            sb_puts(&b, "  if -> ");
            put_pos(&b, a->defence[i].move);
            sb_puts(&b, ", reply -> ");
            put_pos(&b, a->defence[i].reply);
            render_emit_line(p, &b);
        }
        if (a->ndefence > TEXT_MAX_MOVES) {
            sb_printf(&b, "  ... and %zu more replies (--json lists them)", a->ndefence - TEXT_MAX_MOVES);
            render_emit_line(p, &b);
        }
    }
}

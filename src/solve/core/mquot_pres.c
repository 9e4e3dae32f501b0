/* mquot_pres.c: a misère quotient's presentation as the papers write it. Generators are the
   first heaps (by size, then ruleset) whose elements the earlier generators do not make; each element is
   named by its least word (fewest letters, then alphabetical: "ab" before "b^2"); the relations
   equate each minimal word that is not a least word (every word one letter shorter is) with the
   least word of its element. Those relations define the monoid: rewriting by them turns any
   word into a least word. */
#include <string.h>
#include "mquot_impl.h"
#include "../../util.h"

#define MQP_MAX_WORDS 4000000u

static bool in_closure(const MqQuot *q, const uint32_t *ge, uint32_t ngen, uint32_t x, uint8_t *seen, uint32_t *queue)
{
    memset(seen, 0, q->order);
    uint32_t n = 0;
    seen[0] = 1;
    queue[n++] = 0;
    for (uint32_t i = 0; i < n; i++)
        for (uint32_t g = 0; g < ngen; g++) {
            uint32_t y = mq_mul(q, queue[i], ge[g]);
            if (!seen[y]) { seen[y] = 1; queue[n++] = y; }
        }
    return seen[x] != 0;
}

typedef struct Enum {
    MqQuot *q;
    uint32_t G;
    uint16_t *cur;
    uint8_t *have;
    uint32_t found;
    uint64_t words;
} Enum;

/* Words of degree left more letters from letter `from` on, in alphabetical order. */
static void enum_deg(Enum *e, uint32_t from, uint32_t left, uint32_t x)
{
    if (e->found == e->q->order || e->words > MQP_MAX_WORDS) return;
    if (!left) {
        e->words++;
        if (!e->have[x]) {
            e->have[x] = 1;
            memcpy(e->q->nf + (size_t)x * e->G, e->cur, e->G * sizeof *e->cur);
            e->found++;
        }
        return;
    }
    for (uint32_t g = from; g < e->G; g++) {
        e->cur[g]++;
        enum_deg(e, g, left - 1, mq_mul(e->q, x, e->q->gen_elem[g]));
        e->cur[g]--;
    }
}

static uint32_t word_elem(const MqQuot *q, const uint16_t *v)
{
    uint32_t x = 0;
    for (uint32_t g = 0; g < q->ngen; g++)
        for (uint16_t k = 0; k < v[g]; k++) x = mq_mul(q, x, q->gen_elem[g]);
    return x;
}

static bool is_nf(const MqQuot *q, const uint16_t *v)
{
    return !memcmp(q->nf + (size_t)word_elem(q, v) * q->ngen, v, q->ngen * sizeof *v);
}

static unsigned degree(const uint16_t *v, uint32_t G)
{
    unsigned d = 0;
    for (uint32_t g = 0; g < G; g++) d += v[g];
    return d;
}

/* Shortlex on words as sorted letter strings: fewer letters first, then more of the earlier
   letter first. */
static int cmp_word(const uint16_t *a, const uint16_t *b, uint32_t G)
{
    unsigned da = degree(a, G), db = degree(b, G);
    if (da != db) return da < db ? -1 : 1;
    for (uint32_t g = 0; g < G; g++)
        if (a[g] != b[g]) return a[g] > b[g] ? -1 : 1;
    return 0;
}

/* Number the elements in shortlex order of their least words, so that the numbering (the JSON
   table, the order of P) does not depend on how the quotient was found. */
static void renumber(MqQuot *q)
{
    uint32_t n = q->order, G = q->ngen;
    uint32_t *ord = xmalloc(n * sizeof *ord), *pos = xmalloc(n * sizeof *pos);
    for (uint32_t x = 0; x < n; x++) {   /* insertion sort: orders are small */
        uint32_t j = x;
        while (j && cmp_word(q->nf + (size_t)ord[j - 1] * G, q->nf + (size_t)x * G, G) > 0) {
            ord[j] = ord[j - 1];
            j--;
        }
        ord[j] = x;
    }
    for (uint32_t i = 0; i < n; i++) pos[ord[i]] = i;
    uint32_t *mul = xmalloc((size_t)n * n * sizeof *mul);
    uint8_t *isp = xmalloc(n);
    uint16_t *nf = xmalloc((size_t)n * (G ? G : 1) * sizeof *nf);
    for (uint32_t i = 0; i < n; i++) {
        isp[i] = q->isp[ord[i]];
        memcpy(nf + (size_t)i * G, q->nf + (size_t)ord[i] * G, G * sizeof *nf);
        for (uint32_t j = 0; j < n; j++) mul[(size_t)i * n + j] = pos[q->mul[(size_t)ord[i] * n + ord[j]]];
    }
    xfree(q->mul);
    xfree(q->isp);
    xfree(q->nf);
    q->mul = mul;
    q->isp = isp;
    q->nf = nf;
    for (uint64_t i = 0; i < q->nheaps * q->nrules; i++) q->phi[i] = pos[q->phi[i]];
    for (uint32_t g = 0; g < G; g++) q->gen_elem[g] = pos[q->gen_elem[g]];
    xfree(ord);
    xfree(pos);
}

void mqp_present(MqQuot *q)
{
    uint8_t *seen = xmalloc(q->order);
    uint32_t *queue = xmalloc(q->order * sizeof *queue);
    q->gen_heap = xmalloc((q->order + 1) * sizeof *q->gen_heap);
    q->gen_rule = xmalloc((q->order + 1) * sizeof *q->gen_rule);
    q->gen_elem = xmalloc((q->order + 1) * sizeof *q->gen_elem);
    q->ngen = 0;
    for (uint64_t h = 1; h < q->nheaps; h++)
        for (uint32_t r = 0; r < q->nrules; r++) {
            uint32_t x = q->phi[h * q->nrules + r];
            if (in_closure(q, q->gen_elem, q->ngen, x, seen, queue)) continue;
            q->gen_heap[q->ngen] = h;
            q->gen_rule[q->ngen] = r;
            q->gen_elem[q->ngen++] = x;
        }
    xfree(seen);
    xfree(queue);
    uint32_t G = q->ngen;
    q->nf = xcalloc((size_t)q->order * (G ? G : 1), sizeof *q->nf);
    Enum e = { .q = q, .G = G, .cur = xcalloc(G ? G : 1, sizeof *e.cur), .have = xcalloc(q->order, 1) };
    for (uint32_t d = 0; e.found < q->order && e.words <= MQP_MAX_WORDS; d++) enum_deg(&e, 0, d, 0);
    bool complete = e.found == q->order;
    xfree(e.cur);
    xfree(e.have);
    q->nrel = 0;
    if (!complete) {   /* too many words to name every element: no presentation */
        q->ngen = 0;
        return;
    }
    renumber(q);
    size_t cap = 16;
    q->rel = xmalloc(cap * (G ? G : 1) * sizeof *q->rel);
    q->rel_to = xmalloc(cap * sizeof *q->rel_to);
    uint16_t *w = xmalloc((G ? G : 1) * sizeof *w);
    for (uint32_t x = 0; x < q->order; x++)
        for (uint32_t g = 0; g < G; g++) {
            memcpy(w, q->nf + (size_t)x * G, G * sizeof *w);
            w[g]++;
            if (is_nf(q, w)) continue;
            bool minimal = true;
            for (uint32_t i = 0; i < G && minimal; i++)
                if (w[i]) {
                    w[i]--;
                    minimal = is_nf(q, w);
                    w[i]++;
                }
            if (!minimal) continue;
            bool dup = false;
            for (uint32_t r = 0; r < q->nrel && !dup; r++) dup = !memcmp(q->rel + (size_t)r * G, w, G * sizeof *w);
            if (dup) continue;
            if (q->nrel == cap) {
                cap *= 2;
                q->rel = xrealloc(q->rel, cap * G * sizeof *q->rel);
                q->rel_to = xrealloc(q->rel_to, cap * sizeof *q->rel_to);
            }
            /* insertion in shortlex order of the left sides */
            uint32_t at = q->nrel;
            while (at && cmp_word(q->rel + (size_t)(at - 1) * G, w, G) > 0) {
                memcpy(q->rel + (size_t)at * G, q->rel + (size_t)(at - 1) * G, G * sizeof *w);
                q->rel_to[at] = q->rel_to[at - 1];
                at--;
            }
            memcpy(q->rel + (size_t)at * G, w, G * sizeof *w);
            q->rel_to[at] = word_elem(q, w);
            q->nrel++;
        }
    xfree(w);
}

static void letter(uint32_t g, StrBuf *b)
{
    if (g < 26) sb_putc(b, (char)('a' + g));
    else sb_printf(b, "x%u", (unsigned)g + 1);
}

static void word_text(const uint16_t *v, uint32_t G, StrBuf *b)
{
    bool any = false;
    for (uint32_t g = 0; g < G; g++)
        if (v[g]) {
            letter(g, b);
            if (v[g] > 1) sb_printf(b, "^%u", (unsigned)v[g]);
            any = true;
        }
    if (!any) sb_putc(b, '1');
}

void mq_word_text(const MqQuot *q, uint32_t x, StrBuf *b)
{
    if (!q->ngen && x) {
        sb_printf(b, "#%u", (unsigned)x);
        return;
    }
    word_text(q->nf + (size_t)x * q->ngen, q->ngen, b);
}

void mq_presentation_text(const MqQuot *q, StrBuf *b)
{
    sb_putc(b, '<');
    for (uint32_t g = 0; g < q->ngen; g++) {
        if (g) sb_puts(b, ", ");
        letter(g, b);
    }
    if (q->nrel) sb_puts(b, " | ");
    for (uint32_t r = 0; r < q->nrel; r++) {
        if (r) sb_puts(b, ", ");
        word_text(q->rel + (size_t)r * q->ngen, q->ngen, b);
        sb_puts(b, " = ");
        mq_word_text(q, q->rel_to[r], b);
    }
    sb_putc(b, '>');
}

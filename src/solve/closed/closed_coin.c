/* closed_coin.c: closed forms of the coin-turning games (docs/theory.md section 3): the SG value of a
   row is the XOR, over its heads, of the value of a single head at that position. Winning moves
   come from the rules (a row is short). */
#include "config.h"
#include "solve/closed/closed.h"

static uint64_t g_one(uint64_t i) { (void)i; return 1; }
static uint64_t g_turtles(uint64_t i) { return i + 1; }          /* 1-based positions */
static uint64_t g_twins(uint64_t i) { return i; }
static uint64_t g_mock(uint64_t i)                               /* the i-th odious number */
{
    return 2 * i + (__builtin_popcountll(2 * i) % 2 == 0);
}
static uint64_t g_ruler(uint64_t i) { return (i + 1) & -(i + 1); }   /* 1-based: lowbit */

static bool coins(const Value *a, int n, ClosedAnswer *r, uint64_t (*g)(uint64_t), uint64_t first_movable)
{
    if (n != 1 || a[0].t != VT_STR) return false;
    uint64_t x = 0;
    bool movable = false;
    for (uint32_t i = 0; i < a[0].n; i++)
        if (a[0].u.s[i] == 'H') {
            x ^= g(i);
            if (i >= first_movable) movable = true;
        }
    r->sg = x;
    r->terminal = !movable;
    return true;
}

static bool one_eval(const Value *a, int n, ClosedAnswer *r) { return coins(a, n, r, g_one, 0); }
static bool turtles_eval(const Value *a, int n, ClosedAnswer *r) { return coins(a, n, r, g_turtles, 0); }
/* Twins turns exactly two coins: a head at position 0 alone cannot move */
static bool twins_eval(const Value *a, int n, ClosedAnswer *r) { return coins(a, n, r, g_twins, 1); }
static bool mock_eval(const Value *a, int n, ClosedAnswer *r) { return coins(a, n, r, g_mock, 0); }
static bool ruler_eval(const Value *a, int n, ClosedAnswer *r) { return coins(a, n, r, g_ruler, 0); }

/* TurningCorners: a head at (x, y) is worth x (x) y (nim-multiplication), all rows one length. */
static bool corners_eval(const Value *a, int n, ClosedAnswer *r)
{
    uint64_t x = 0;
    bool movable = false;
    for (int i = 0; i < n; i++) {
        if (a[i].t != VT_STR || a[i].n != a[0].n) return false;
        for (uint32_t j = 0; j < a[i].n; j++)
            if (a[i].u.s[j] == 'H') {
                x ^= closed_nim_mul((uint64_t)i, j);
                if (i > 0 && j > 0) movable = true;
            }
    }
    r->sg = x;
    r->terminal = !movable;
    return true;
}

const ClosedForm closed_coin_forms[] = {
    { "TurningCorners", "closed:coins", corners_eval, NULL, "tartan theorem: SG = XOR over the heads (x, y) of the nim-product x (x) y", NULL, false },
    { "TurnOne", "closed:coins", one_eval, NULL, "coin turning: SG = number of heads mod 2", NULL, false },
    { "TurningTurtles", "closed:coins", turtles_eval, NULL, "coin turning: SG = XOR of the positions (from 1) of the heads", NULL, false },
    { "Twins", "closed:coins", twins_eval, NULL, "coin turning: SG = XOR of the positions (from 0) of the heads", NULL, false },
    { "MockTurtles", "closed:coins", mock_eval, NULL, "coin turning: SG = XOR over the heads of the odious numbers", NULL, false },
    { "Ruler", "closed:coins", ruler_eval, NULL, "coin turning: SG = XOR over the heads of the largest power of 2 dividing the position", NULL, false },
    { NULL, NULL, NULL, NULL, NULL, NULL, false },
};

/* key.h: position keys (the layout is in value.h): decoding and printing. Below the interpreter
   and the solver: both use it. */
#ifndef GRUNDY_KEY_H
#define GRUNDY_KEY_H
#include "program.h"

/* Decode a key's arguments into out (at most POS_MAX_ARGS); returns their number. The values
   point into the key. */
int key_decode(const Program *p, const int64_t *key, Value *out);
/* The words of the argument of type (POS_ARG_*) that starts at key[w], its length word included. */
size_t key_arg_words(const int64_t *key, size_t w, int type);
/* The word where argument arg of key starts (after the two header words). */
size_t key_arg_word(const int64_t *key, int arg);
/* Print a position component as an expression that parses back. */
void key_print(const Program *p, StrBuf *b, const int64_t *key);
/* The same into a fixed buffer (cut with "..." when long); for error messages. */
void key_text(const Program *p, const int64_t *key, char *buf, size_t cap);
/* Print a list of component keys with their counts (NULL: one each) as a sum: "A + 2 * B" ("0"
   when empty). */
void key_print_sum(const Program *p, StrBuf *b, const int64_t *const *keys, const uint64_t *cnt, size_t n);
/* Wrap what print writes in the play mode's calls (PM_*): "misere(every(" ... "))". */
void key_mode_open(StrBuf *b, unsigned mode);
void key_mode_close(StrBuf *b, unsigned mode);
/* Print a compound's parts as its arguments (count words with POS_GROUP / POS_JOIN: value.h):
   "Kayles(1) + Kayles(2), Kayles(3)"; a lone sum gets an empty argument: "Kayles(1) + Kayles(2), 0". */
void key_print_groups(const Program *p, StrBuf *b, const int64_t *const *keys, const uint64_t *cnt, size_t n);
/* Print a position value (a POS with its play mode) as an expression that parses back. */
void key_print_pos(const Program *p, StrBuf *b, const Value *v);
/* A position copied out of scratch memory: its components' keys and counts (malloc'd) and its
   play mode. key_copy_parts leaves out components with count 0. */
typedef struct KeyCopy { int64_t **keys; uint64_t *cnt; uint32_t n; unsigned mode; } KeyCopy;
KeyCopy key_copy_parts(const int64_t *const *keys, const uint64_t *cnt, uint32_t n, unsigned mode);
KeyCopy key_copy(const Value *pos);
void key_copy_free(KeyCopy *c);
/* The copy as a position value (pointing into it). */
Value key_copy_value(const KeyCopy *c);

/* Any value as an expression (positions as sums, graphs by name), and as JSON: integers as numbers
   with all their digits, lists and sets as arrays, strings, ranges and positions as strings. */
void key_print_value(const Program *p, StrBuf *b, const Value *v);
void key_json_value(const Program *p, StrBuf *b, const Value *v);
/* Why a search ran out of room, when its positions tell: deep[0..n) are the arguments of a
   position of root's game met deep in the search; an integer argument that fell below zero where
   root's is not, or grew far beyond root's, is a recursion without the guard that stops it. Writes
   the hint (naming the position and the parameter) into buf and returns true; false when nothing
   looks like that. */
bool key_runaway(const Program *p, const int64_t *root, const Value *deep, int n, char *buf, size_t cap);
#endif

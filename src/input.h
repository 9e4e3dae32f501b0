/* input.h: the data a program reads (the builtins read_ints, read_lines, read_digraph and
   read_graph): files beside the program, and standard input ("-"), which is taken whole at the
   first read and then consumed in order by every read, so a program reads a contest input as a
   C program would: a count, then that many numbers, then the next test case. */
#ifndef GRUNDY_INPUT_H
#define GRUNDY_INPUT_H
#include "vm.h"
#include "graph.h"

/* read_ints(file[, skip[, count]]): the whitespace-separated integers of the file, after skip of
   them, at most count (all when not given), as a list. */
Value input_read_ints(Vm *vm, Value *args, int nargs, const char *fn, Loc loc);
/* read_lines(file[, skip[, count]]): the lines (without their newline and a carriage return
   before it) after skip of them, at most count, as a list of strings. From standard input, a
   read that starts where an earlier read stopped inside a line starts at the next line when the
   rest of that line is blank. */
Value input_read_lines(Vm *vm, Value *args, int nargs, const char *fn, Loc loc);
/* The edge lines "u v" of file (integers; more columns, blank lines and lines starting with #
   ignored) after skip lines, at most count of them (-1: to the end; fewer is an error), into s.
   nverts > 0: the graph has the vertices 1..nverts (isolated ones too), and an edge whose end is
   not one of them is an error naming its line; 0: the vertices are the edges' ends. */
void input_read_edges(Vm *vm, Loc loc, const char *fn, const Value *file, int64_t skip, int64_t count,
                      int64_t nverts, GraphSpec *s);
#endif

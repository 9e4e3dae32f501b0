/* plot.h: SVG pictures with --plot: a two-dimensional table of game values as a heat map, a
   partizan position's thermograph. */
#ifndef GRUNDY_PLOT_H
#define GRUNDY_PLOT_H
#include "solve/core/nimber.h"
#include "solve/core/cgt.h"

/* Write rows x cols values (row-major; rows indexed from lo0, columns from lo1) to path as SVG:
   one cell per value, P-positions (0) dark, other values by a palette that repeats every 12
   values, draws and values beyond 64 bits grey; title above. False when it cannot be written. */
bool plot_svg(const char *path, const char *title, int64_t lo0, int64_t lo1, size_t rows, size_t cols,
              const GameValue *vals);
/* A thermograph as SVG: the value axis right to left (Left's side on the left), the temperature t
   upward from -1, Left's wall blue, Right's red, the mast black. False when it cannot be written. */
bool plot_thermograph(const char *path, const char *title, const CgtThermo *th);
#endif

/* prog.h — the scale, and the size from cfg/size.h (found through -Icfg). */
#include "size.h"
#define PROG_SCALE 2.0f

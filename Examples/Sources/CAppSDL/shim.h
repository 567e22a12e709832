#ifndef CAPPSDL_SHIM_H
#define CAPPSDL_SHIM_H
#include <SDL2/SDL.h>
#endif

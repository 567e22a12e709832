#ifndef CSDL2_SHIM_H
#define CSDL2_SHIM_H
#include <SDL2/SDL.h>
#endif

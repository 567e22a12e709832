#ifndef CAPPGL_SHIM_H
#define CAPPGL_SHIM_H
#define GL_GLEXT_PROTOTYPES 1
#include <GL/gl.h>
#include <GL/glext.h>
#endif

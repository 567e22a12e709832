// fontconfig: finds font files by name, style and character coverage (pkg-config fontconfig).
#include <fontconfig/fontconfig.h>

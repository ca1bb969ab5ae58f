// libpng through pkg-config (libpng16); seen only by CPNGShims.
#include <png.h>

// libheif (HEIC, AVIF) through pkg-config; seen only by the HEIF target. Its errors come back as
// `struct heif_error` values, which Swift reads directly: no C shim is needed.
#include <libheif/heif.h>

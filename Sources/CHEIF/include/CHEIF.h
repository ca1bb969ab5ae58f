// libheif, loaded when the first HEIC or AVIF is read rather than when photogrid starts.
//
// Why C: linking libheif makes every process map it and its codecs (libde265, x265, aom, dav1d,
// libstdc++) and run their initialisers — 5.8 ms of a 6.3 ms `photogrid --help`, against 0.8 ms
// without. Swift cannot declare functions of the same names that forward to dlsym'd pointers; C can.
// This target defines the libheif functions the HEIF target calls (declared by <libheif/heif.h>,
// used for its types) as forwarders to the library that `pg_heif_load` dlopens.
#ifndef CHEIF_H
#define CHEIF_H

#include <libheif/heif.h>

/// Loads libheif.so.1 and finds every function the forwarders need, once per process (thread-safe).
/// Returns 0 when they are ready; otherwise nonzero, and `pg_heif_load_error` says why (dlerror's text).
/// Call it before any heif_ function.
int pg_heif_load(void);

/// Why `pg_heif_load` failed ("" when it did not).
const char *pg_heif_load_error(void);

#endif

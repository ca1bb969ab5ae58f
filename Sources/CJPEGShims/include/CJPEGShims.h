// CJPEGShims: the only C in PhotoGrid.
//
// Why this target exists: libjpeg reports fatal errors by calling `error_exit`, whose default
// implementation calls exit(). The only way to turn that into an error value is setjmp/longjmp
// around every libjpeg call, and Swift cannot call setjmp (a function that returns twice).
// So every libjpeg entry point PhotoGrid uses is wrapped here; each wrapper returns a status code
// and a message, and destroys every libjpeg object on every path. Every symbol is prefixed `pgjpeg_`.
#ifndef CJPEGSHIMS_H
#define CJPEGSHIMS_H

#include <stddef.h>
#include <stdint.h>

#endif

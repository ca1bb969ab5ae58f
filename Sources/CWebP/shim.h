// libwebp's decoder through pkg-config; seen only by the WebP target.
#include <stddef.h>
#include <stdint.h>
#include <webp/decode.h>

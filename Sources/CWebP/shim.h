// libwebp's decoder, and libwebpdemux's animation decoder (an animated WebP's first frame), through
// pkg-config; seen only by the WebP target.
#include <stddef.h>
#include <stdint.h>
#include <webp/decode.h>
#include <webp/demux.h>

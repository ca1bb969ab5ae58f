// The libheif functions the HEIF target calls, forwarded to libheif.so.1 loaded by pg_heif_load: see
// include/CHEIF.h for why.
#include "CHEIF.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

// X(return type, name, (parameters), (arguments))
#define PG_HEIF_FUNCTIONS(X) \
    X(struct heif_context *, heif_context_alloc, (void), ()) \
    X(void, heif_context_free, (struct heif_context *ctx), (ctx)) \
    X(struct heif_error, heif_context_read_from_file, (struct heif_context *ctx, const char *filename, const struct heif_reading_options *options), (ctx, filename, options)) \
    X(struct heif_error, heif_context_get_primary_image_handle, (struct heif_context *ctx, struct heif_image_handle **handle), (ctx, handle)) \
    X(void, heif_context_set_maximum_image_size_limit, (struct heif_context *ctx, int maximum_width), (ctx, maximum_width)) \
    X(int, heif_have_decoder_for_format, (enum heif_compression_format format), (format)) \
    X(int, heif_image_handle_get_width, (const struct heif_image_handle *handle), (handle)) \
    X(int, heif_image_handle_get_height, (const struct heif_image_handle *handle), (handle)) \
    X(int, heif_image_handle_get_ispe_width, (const struct heif_image_handle *handle), (handle)) \
    X(int, heif_image_handle_get_ispe_height, (const struct heif_image_handle *handle), (handle)) \
    X(int, heif_image_handle_has_alpha_channel, (const struct heif_image_handle *handle), (handle)) \
    X(int, heif_image_handle_get_luma_bits_per_pixel, (const struct heif_image_handle *handle), (handle)) \
    X(int, heif_image_handle_get_list_of_metadata_block_IDs, (const struct heif_image_handle *handle, const char *type_filter, heif_item_id *ids, int count), (handle, type_filter, ids, count)) \
    X(size_t, heif_image_handle_get_metadata_size, (const struct heif_image_handle *handle, heif_item_id metadata_id), (handle, metadata_id)) \
    X(struct heif_error, heif_image_handle_get_metadata, (const struct heif_image_handle *handle, heif_item_id metadata_id, void *out_data), (handle, metadata_id, out_data)) \
    X(int, heif_image_handle_get_number_of_thumbnails, (const struct heif_image_handle *handle), (handle)) \
    X(int, heif_image_handle_get_list_of_thumbnail_IDs, (const struct heif_image_handle *handle, heif_item_id *ids, int count), (handle, ids, count)) \
    X(struct heif_error, heif_image_handle_get_thumbnail, (const struct heif_image_handle *main_image_handle, heif_item_id thumbnail_id, struct heif_image_handle **out_thumbnail_handle), (main_image_handle, thumbnail_id, out_thumbnail_handle)) \
    X(void, heif_image_handle_release, (const struct heif_image_handle *handle), (handle)) \
    X(struct heif_error, heif_decode_image, (const struct heif_image_handle *in_handle, struct heif_image **out_img, enum heif_colorspace colorspace, enum heif_chroma chroma, const struct heif_decoding_options *options), (in_handle, out_img, colorspace, chroma, options)) \
    X(int, heif_image_get_width, (const struct heif_image *image, enum heif_channel channel), (image, channel)) \
    X(int, heif_image_get_height, (const struct heif_image *image, enum heif_channel channel), (image, channel)) \
    X(const uint8_t *, heif_image_get_plane_readonly, (const struct heif_image *image, enum heif_channel channel, int *out_stride), (image, channel, out_stride)) \
    X(void, heif_image_release, (const struct heif_image *image), (image))

#define PG_HEIF_POINTER(type, name, parameters, arguments) static type(*pg_##name) parameters;
PG_HEIF_FUNCTIONS(PG_HEIF_POINTER)

static pthread_once_t pg_heif_once = PTHREAD_ONCE_INIT;
static int pg_heif_status = -1;
static char pg_heif_error[512];

static void pg_heif_open(void) {
    void *library = dlopen("libheif.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        const char *why = dlerror();
        snprintf(pg_heif_error, sizeof pg_heif_error, "%s", why ? why : "libheif.so.1 cannot be loaded");
        return;
    }
#define PG_HEIF_FIND(type, name, parameters, arguments) \
    *(void **)(&pg_##name) = dlsym(library, #name); \
    if (!pg_##name) { snprintf(pg_heif_error, sizeof pg_heif_error, "libheif.so.1 has no %s", #name); return; }
    PG_HEIF_FUNCTIONS(PG_HEIF_FIND)
    // libheif ≥ 1.13 wants heif_init before use (it registers the decoder plugins); older ones lack it.
    struct heif_error (*init)(struct heif_init_params *) = (struct heif_error (*)(struct heif_init_params *))dlsym(library, "heif_init");
    if (init) init(NULL);
    pg_heif_status = 0;
}

int pg_heif_load(void) {
    pthread_once(&pg_heif_once, pg_heif_open);
    return pg_heif_status;
}

const char *pg_heif_load_error(void) {
    pthread_once(&pg_heif_once, pg_heif_open);
    return pg_heif_error;
}

#define PG_HEIF_FORWARD(type, name, parameters, arguments) \
    type name parameters { return pg_##name arguments; }
PG_HEIF_FUNCTIONS(PG_HEIF_FORWARD)

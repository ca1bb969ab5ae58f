// Encode packed pixels to a JPEG in memory, with the same error safety as decoding.
#include <stdlib.h>
#include <string.h>
#include "pgjpeg_internal.h"

#define PGJPEG_INITIAL_OUTPUT_SIZE 65536

/// A destination that grows a malloc'd buffer we own (libjpeg's jpeg_mem_dest frees and replaces
/// its buffer as it grows, so after an error its pointer cannot be freed safely).
typedef struct pgjpeg_growing_destination {
    struct jpeg_destination_mgr pub;
    JOCTET *buffer;
    size_t capacity;
    size_t size;  // valid after term_destination
} pgjpeg_growing_destination;

static void growing_init_destination(j_compress_ptr cinfo) {
    pgjpeg_growing_destination *dest = (pgjpeg_growing_destination *)cinfo->dest;
    dest->pub.next_output_byte = dest->buffer;
    dest->pub.free_in_buffer = dest->capacity;
}

static boolean growing_empty_output_buffer(j_compress_ptr cinfo) {
    pgjpeg_growing_destination *dest = (pgjpeg_growing_destination *)cinfo->dest;
    size_t used = dest->capacity;  // empty_output_buffer is called only when the buffer is full
    size_t capacity = dest->capacity * 2;
    JOCTET *buffer = (JOCTET *)realloc(dest->buffer, capacity);
    if (buffer == NULL) ERREXIT1(cinfo, JERR_OUT_OF_MEMORY, 10);  // dest->buffer is still ours
    dest->buffer = buffer;
    dest->capacity = capacity;
    dest->pub.next_output_byte = buffer + used;
    dest->pub.free_in_buffer = capacity - used;
    return TRUE;
}

static void growing_term_destination(j_compress_ptr cinfo) {
    pgjpeg_growing_destination *dest = (pgjpeg_growing_destination *)cinfo->dest;
    dest->size = dest->capacity - dest->pub.free_in_buffer;
}

static pgjpeg_status encode_invalid(pgjpeg_diagnostics *diagnostics, const char *message) {
    diagnostics->call = "pgjpeg_encode";
    snprintf(diagnostics->message, PGJPEG_MESSAGE_LENGTH, "%s", message);
    return PGJPEG_STATUS_INVALID_ARGUMENT;
}

pgjpeg_status pgjpeg_encode(const uint8_t *pixels, const pgjpeg_encode_params *params,
                            uint8_t **output, size_t *output_size, pgjpeg_diagnostics *diagnostics) {
    struct jpeg_compress_struct cinfo;
    pgjpeg_error_manager manager;
    pgjpeg_growing_destination destination;

    *output = NULL;
    *output_size = 0;
    memset(&cinfo, 0, sizeof cinfo);
    memset(&destination, 0, sizeof destination);
    cinfo.err = pgjpeg_error_manager_init(&manager, diagnostics);

    int components = params->input_components;
    if (components != 1 && components != 3 && components != 4)
        return encode_invalid(diagnostics, "input_components must be 1, 3 or 4");
    if (params->width == 0 || params->height == 0 || params->width > JPEG_MAX_DIMENSION
        || params->height > JPEG_MAX_DIMENSION)
        return encode_invalid(diagnostics, "width and height must be 1...65500");
    if (params->stride < (size_t)params->width * (size_t)components)
        return encode_invalid(diagnostics, "stride is smaller than a row");
    if (params->quality < 1 || params->quality > 100)
        return encode_invalid(diagnostics, "quality must be 1...100");
    if (pixels == NULL) return encode_invalid(diagnostics, "no pixels");

    destination.buffer = (JOCTET *)malloc(PGJPEG_INITIAL_OUTPUT_SIZE);
    if (destination.buffer == NULL) {
        diagnostics->call = "malloc";
        snprintf(diagnostics->message, PGJPEG_MESSAGE_LENGTH, "out of memory");
        return PGJPEG_STATUS_ERROR;
    }
    destination.capacity = PGJPEG_INITIAL_OUTPUT_SIZE;

    if (setjmp(manager.escape)) {
        jpeg_destroy_compress(&cinfo);
        free(destination.buffer);
        return PGJPEG_STATUS_ERROR;
    }

    pgjpeg_error_manager_enter(&manager, "jpeg_create_compress");
    jpeg_create_compress(&cinfo);
    // No limit inside libjpeg, whatever $JPEGMEM says (jinit_memory_mgr reads it): the buffers of an
    // encoding (optimized Huffman tables and progressive mode keep the whole image's coefficients)
    // are proportional to the pixels the caller already holds, and a JPEGMEM set for another program
    // made every thumbnail fail with "Backing store not supported".
    cinfo.mem->max_memory_to_use = 0;
    destination.pub.init_destination = growing_init_destination;
    destination.pub.empty_output_buffer = growing_empty_output_buffer;
    destination.pub.term_destination = growing_term_destination;
    cinfo.dest = &destination.pub;

    cinfo.image_width = params->width;
    cinfo.image_height = params->height;
    cinfo.input_components = components;
    cinfo.in_color_space = components == 1 ? JCS_GRAYSCALE : components == 3 ? JCS_RGB : JCS_CMYK;
    pgjpeg_error_manager_enter(&manager, "jpeg_set_defaults");
    jpeg_set_defaults(&cinfo);
    if (components == 4) {
        pgjpeg_error_manager_enter(&manager, "jpeg_set_colorspace");
        jpeg_set_colorspace(&cinfo, params->store_ycck ? JCS_YCCK : JCS_CMYK);
        cinfo.write_Adobe_marker = params->write_adobe_marker ? TRUE : FALSE;
    }
    pgjpeg_error_manager_enter(&manager, "jpeg_set_quality");
    jpeg_set_quality(&cinfo, params->quality, TRUE);
    cinfo.arith_code = params->arithmetic ? TRUE : FALSE;
    // Arithmetic coding adapts by itself; libjpeg refuses it together with optimize_coding.
    cinfo.optimize_coding = params->optimize_coding && !params->arithmetic ? TRUE : FALSE;
    if (params->progressive) {
        pgjpeg_error_manager_enter(&manager, "jpeg_simple_progression");
        jpeg_simple_progression(&cinfo);
    }

    pgjpeg_error_manager_enter(&manager, "jpeg_start_compress");
    jpeg_start_compress(&cinfo, TRUE);
    pgjpeg_error_manager_enter(&manager, "jpeg_write_scanlines");
    while (cinfo.next_scanline < cinfo.image_height) {
        JSAMPROW row = (JSAMPROW)(pixels + (size_t)cinfo.next_scanline * params->stride);
        (void)jpeg_write_scanlines(&cinfo, &row, 1);
    }
    pgjpeg_error_manager_enter(&manager, "jpeg_finish_compress");
    jpeg_finish_compress(&cinfo);
    jpeg_destroy_compress(&cinfo);

    diagnostics->call = NULL;
    *output = destination.buffer;
    *output_size = destination.size;
    return PGJPEG_STATUS_OK;
}

void pgjpeg_free(void *buffer) { free(buffer); }

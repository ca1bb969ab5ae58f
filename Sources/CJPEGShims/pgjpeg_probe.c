// Header probe from a memory buffer with a suspending source: running out of bytes before the
// header is complete is reported (PGJPEG_STATUS_NEED_MORE_DATA), never papered over with a fake EOI.
#include <string.h>
#include "pgjpeg_internal.h"

/// A memory source that suspends at the end of the buffer, plus where the Exif APP1 was found.
typedef struct pgjpeg_probe_source {
    struct jpeg_source_mgr pub;
    const JOCTET *base;
    int ran_out;
    int64_t exif_offset;
    int64_t exif_length;
} pgjpeg_probe_source;

static void probe_init_source(j_decompress_ptr cinfo) { (void)cinfo; }

static boolean probe_fill_input_buffer(j_decompress_ptr cinfo) {
    ((pgjpeg_probe_source *)cinfo->src)->ran_out = 1;
    return FALSE;  // suspend: jpeg_read_header returns JPEG_SUSPENDED
}

static void probe_skip_input_data(j_decompress_ptr cinfo, long num_bytes) {
    pgjpeg_probe_source *src = (pgjpeg_probe_source *)cinfo->src;
    if (num_bytes <= 0) return;
    if ((size_t)num_bytes > src->pub.bytes_in_buffer) {
        // The skipped segment runs past the buffer: the next read suspends.
        src->pub.next_input_byte += src->pub.bytes_in_buffer;
        src->pub.bytes_in_buffer = 0;
        src->ran_out = 1;
    } else {
        src->pub.next_input_byte += num_bytes;
        src->pub.bytes_in_buffer -= (size_t)num_bytes;
    }
}

static void probe_term_source(j_decompress_ptr cinfo) { (void)cinfo; }

/// APP1 processor: notes where the first "Exif\0" segment's TIFF data lies, without copying it.
/// Suspends (returns FALSE) unless the whole segment is in the buffer.
static boolean probe_read_app1(j_decompress_ptr cinfo) {
    pgjpeg_probe_source *src = (pgjpeg_probe_source *)cinfo->src;
    if (src->pub.bytes_in_buffer < 2) {
        src->ran_out = 1;
        return FALSE;
    }
    size_t length = ((size_t)src->pub.next_input_byte[0] << 8) | src->pub.next_input_byte[1];
    // A length below 2 cannot even cover itself. libjpeg's own skipper (skip_variable), which the
    // decoder uses for APP1, then skips just the length field and goes on; do the same, or the probe
    // would refuse files that decode (found by Fuzz/fuzz-decode).
    if (length < 2) length = 2;
    if (src->pub.bytes_in_buffer < length) {
        src->ran_out = 1;
        return FALSE;
    }
    const JOCTET *payload = src->pub.next_input_byte + 2;
    size_t payload_length = length - 2;
    if (src->exif_offset < 0 && payload_length >= 6 && memcmp(payload, "Exif\0", 5) == 0) {
        src->exif_offset = (int64_t)(payload + 6 - src->base);
        src->exif_length = (int64_t)(payload_length - 6);
    }
    src->pub.next_input_byte += length;
    src->pub.bytes_in_buffer -= length;
    return TRUE;
}

pgjpeg_status pgjpeg_probe(const uint8_t *data, size_t size,
                           pgjpeg_header_info *info, pgjpeg_diagnostics *diagnostics) {
    struct jpeg_decompress_struct cinfo;
    pgjpeg_error_manager manager;
    pgjpeg_probe_source source;

    memset(info, 0, sizeof *info);
    info->exif_offset = -1;
    memset(&cinfo, 0, sizeof cinfo);  // so jpeg_destroy_decompress is safe even if create fails
    memset(&source, 0, sizeof source);
    cinfo.err = pgjpeg_error_manager_init(&manager, diagnostics);
    if (setjmp(manager.escape)) {
        jpeg_destroy_decompress(&cinfo);
        return PGJPEG_STATUS_ERROR;
    }

    pgjpeg_error_manager_enter(&manager, "jpeg_create_decompress");
    jpeg_create_decompress(&cinfo);

    source.pub.init_source = probe_init_source;
    source.pub.fill_input_buffer = probe_fill_input_buffer;
    source.pub.skip_input_data = probe_skip_input_data;
    source.pub.resync_to_restart = jpeg_resync_to_restart;
    source.pub.term_source = probe_term_source;
    source.pub.next_input_byte = data;
    source.pub.bytes_in_buffer = size;
    source.base = data;
    source.exif_offset = -1;
    cinfo.src = &source.pub;
    jpeg_set_marker_processor(&cinfo, JPEG_APP0 + 1, probe_read_app1);

    pgjpeg_error_manager_enter(&manager, "jpeg_read_header");
    int result = jpeg_read_header(&cinfo, TRUE);
    if (result == JPEG_SUSPENDED) {
        jpeg_destroy_decompress(&cinfo);
        return PGJPEG_STATUS_NEED_MORE_DATA;
    }
    pgjpeg_header_info_fill(info, &cinfo);
    info->exif_offset = source.exif_offset;
    info->exif_length = source.exif_length;
    diagnostics->call = NULL;
    jpeg_destroy_decompress(&cinfo);
    return PGJPEG_STATUS_OK;
}

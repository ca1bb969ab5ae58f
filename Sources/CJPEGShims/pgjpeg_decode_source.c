// The decoder's data source: a file descriptor read with pread(2), or a memory buffer.
#include <errno.h>
#include <string.h>
#include <unistd.h>
#include "pgjpeg_internal.h"

/// How many bytes one fill hands libjpeg, from a descriptor and from memory alike. The two sources
/// must present the same chunks: libjpeg-turbo's Huffman decoder takes a fast path while at least
/// 512 bytes are buffered and a slow path near a chunk's end, and only the slow path warns about bad
/// Huffman codes, so different chunking gave different warnings for one corrupt file (found by
/// Fuzz/fuzz-decode: decode(path:) warned where decode(bytes:) did not).
#define PGJPEG_READ_CHUNK 65536

static void source_init(j_decompress_ptr cinfo) { (void)cinfo; }

/// Fills with the next chunk (at most PGJPEG_READ_CHUNK bytes) of the file or memory buffer.
/// Like libjpeg's stdio source, an empty input is an error and a premature end inserts an EOI marker
/// with a warning (the missing part of the image is padded); unlike it, the end is recorded in
/// `reached_end`.
static boolean source_fill(j_decompress_ptr cinfo) {
    pgjpeg_decode_source *src = (pgjpeg_decode_source *)cinfo->src;
    size_t count = 0;
    if (src->memory != NULL) {
        if ((size_t)src->offset < src->memory_size) {
            src->pub.next_input_byte = src->memory + src->offset;
            count = src->memory_size - (size_t)src->offset;
            if (count > PGJPEG_READ_CHUNK) count = PGJPEG_READ_CHUNK;
        }
    } else {
        ssize_t result;
        do {
            result = pread(src->fd, src->buffer, PGJPEG_READ_CHUNK, src->offset);
        } while (result < 0 && errno == EINTR);
        if (result < 0) {
            pgjpeg_error_manager *manager = (pgjpeg_error_manager *)cinfo->err;
            int error = errno;
            manager->diagnostics->system_errno = error;
            char message[PGJPEG_MESSAGE_LENGTH];
            snprintf(message, sizeof message, "pread failed: %s", strerror(error));
            pgjpeg_error_manager_fail((j_common_ptr)cinfo, message);
        }
        src->pub.next_input_byte = src->buffer;
        count = (size_t)result;
    }
    if (count == 0) {
        if (src->offset == 0) ERREXIT(cinfo, JERR_INPUT_EMPTY);
        src->reached_end = 1;
        WARNMS(cinfo, JWRN_JPEG_EOF);
        src->eoi[0] = (JOCTET)0xFF;
        src->eoi[1] = (JOCTET)JPEG_EOI;
        src->pub.next_input_byte = src->eoi;
        src->pub.bytes_in_buffer = 2;
        return TRUE;
    }
    src->offset += (off_t)count;
    src->pub.bytes_in_buffer = count;
    return TRUE;
}

static void source_skip(j_decompress_ptr cinfo, long num_bytes) {
    pgjpeg_decode_source *src = (pgjpeg_decode_source *)cinfo->src;
    if (num_bytes <= 0) return;
    if ((size_t)num_bytes > src->pub.bytes_in_buffer) {
        // Skip the rest without reading it: the next fill starts beyond the segment.
        src->offset += (off_t)((size_t)num_bytes - src->pub.bytes_in_buffer);
        src->pub.next_input_byte += src->pub.bytes_in_buffer;
        src->pub.bytes_in_buffer = 0;
    } else {
        src->pub.next_input_byte += (size_t)num_bytes;
        src->pub.bytes_in_buffer -= (size_t)num_bytes;
    }
}

static void source_term(j_decompress_ptr cinfo) { (void)cinfo; }

static pgjpeg_decode_source *source_install(j_decompress_ptr cinfo) {
    pgjpeg_decode_source *src = (pgjpeg_decode_source *)(*cinfo->mem->alloc_small)(
        (j_common_ptr)cinfo, JPOOL_PERMANENT, sizeof(pgjpeg_decode_source));
    memset(src, 0, sizeof *src);
    src->fd = -1;
    src->pub.init_source = source_init;
    src->pub.fill_input_buffer = source_fill;
    src->pub.skip_input_data = source_skip;
    src->pub.resync_to_restart = jpeg_resync_to_restart;
    src->pub.term_source = source_term;
    cinfo->src = &src->pub;
    return src;
}

pgjpeg_decode_source *pgjpeg_decode_source_install_fd(j_decompress_ptr cinfo, int fd) {
    pgjpeg_decode_source *src = source_install(cinfo);
    src->fd = fd;
    src->buffer = (JOCTET *)(*cinfo->mem->alloc_small)((j_common_ptr)cinfo, JPOOL_PERMANENT,
                                                       PGJPEG_READ_CHUNK);
    return src;
}

pgjpeg_decode_source *pgjpeg_decode_source_install_memory(j_decompress_ptr cinfo, const uint8_t *data,
                                                          size_t size) {
    pgjpeg_decode_source *src = source_install(cinfo);
    src->memory = data;
    src->memory_size = size;
    return src;
}

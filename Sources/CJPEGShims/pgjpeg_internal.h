// Internal to CJPEGShims: the error manager shared by the probe, decoder and encoder.
#ifndef PGJPEG_INTERNAL_H
#define PGJPEG_INTERNAL_H

// jpeglib.h uses FILE and size_t without including their headers: <stdio.h> must come first.
#include <stdio.h>
#include <stddef.h>
#include <setjmp.h>
#include <sys/types.h>
#include <jpeglib.h>
#include <jerror.h>
#include "CJPEGShims.h"

/// A libjpeg error manager that never exits: `error_exit` formats the message into the
/// diagnostics and longjmps to `escape`, which every wrapper sets with setjmp before its first
/// libjpeg call; `output_message` writes into a buffer instead of stderr; warnings are counted.
typedef struct pgjpeg_error_manager {
    struct jpeg_error_mgr pub;
    jmp_buf escape;
    /// Where messages and the name of the running call go.
    pgjpeg_diagnostics *diagnostics;
    /// If set, `error_exit` reports this text instead of libjpeg's message.
    char custom_message[PGJPEG_MESSAGE_LENGTH];
    /// The last text formatted by `output_message`.
    char last_output[PGJPEG_MESSAGE_LENGTH];
} pgjpeg_error_manager;

/// Installs the methods and clears `diagnostics`; returns the libjpeg view of `manager`.
struct jpeg_error_mgr *pgjpeg_error_manager_init(pgjpeg_error_manager *manager,
                                                 pgjpeg_diagnostics *diagnostics);

/// Records the name of the libjpeg call about to run (reported if it fails).
static inline void pgjpeg_error_manager_enter(pgjpeg_error_manager *manager, const char *call) {
    manager->diagnostics->call = call;
}

/// Fails the running libjpeg operation with our own text (longjmps; does not return).
void pgjpeg_error_manager_fail(j_common_ptr cinfo, const char *message);

/// Maps libjpeg's colour space to ours.
pgjpeg_color_space pgjpeg_color_space_from_libjpeg(J_COLOR_SPACE space);

/// Copies the header facts of a decompressor that has read its header.
void pgjpeg_header_info_fill(pgjpeg_header_info *info, const struct jpeg_decompress_struct *cinfo);

/// The decoder's source: a descriptor read with pread(2) from offset 0 (its own offset is
/// neither used nor moved) or a memory buffer. Allocated in libjpeg's permanent pool.
typedef struct pgjpeg_decode_source {
    struct jpeg_source_mgr pub;
    int fd;                     // -1 for memory
    const JOCTET *memory;       // NULL for a descriptor
    size_t memory_size;
    off_t offset;               // next byte to read
    JOCTET *buffer;             // descriptor only
    JOCTET eoi[2];              // the EOI inserted at a premature end
    int reached_end;            // the data ran out and an EOI was inserted
} pgjpeg_decode_source;

pgjpeg_decode_source *pgjpeg_decode_source_install_fd(j_decompress_ptr cinfo, int fd);
pgjpeg_decode_source *pgjpeg_decode_source_install_memory(j_decompress_ptr cinfo, const uint8_t *data,
                                                          size_t size);

#endif

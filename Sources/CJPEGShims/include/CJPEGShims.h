// CJPEGShims: libjpeg calls behind a setjmp/longjmp error manager.
//
// Why this target exists: libjpeg reports fatal errors by calling `error_exit`, whose default
// implementation calls exit(). The only way to turn that into an error value is setjmp/longjmp
// around every libjpeg call, and Swift cannot call setjmp (a function that returns twice).
// So every libjpeg entry point PhotoGrid uses is wrapped here; each wrapper returns a status code
// and a message, and destroys every libjpeg object on every path. Every symbol is prefixed `pgjpeg_`.
//
// This header deliberately does not include <jpeglib.h>: Swift sees only the plain structs below,
// and libjpeg's own types stay inside the .c files.
#ifndef CJPEGSHIMS_H
#define CJPEGSHIMS_H

#include <stddef.h>
#include <stdint.h>

/// Size of every message buffer (libjpeg's JMSG_LENGTH_MAX).
#define PGJPEG_MESSAGE_LENGTH 200

/// What a wrapper returns.
typedef enum pgjpeg_status {
    /// Success.
    PGJPEG_STATUS_OK = 0,
    /// libjpeg failed; `pgjpeg_diagnostics.call` and `.message` say where and why.
    PGJPEG_STATUS_ERROR = 1,
    /// (probe only) The buffer ended before the header was complete: pass more bytes.
    PGJPEG_STATUS_NEED_MORE_DATA = 2,
    /// (decode only) Decoding would hold more pixels than the pixel limit
    /// (`pgjpeg_decode_layout.needed_pixels`); nothing was allocated for the image.
    PGJPEG_STATUS_TOO_LARGE = 3,
    /// (decode/encode) A parameter is out of range; `.message` says which.
    PGJPEG_STATUS_INVALID_ARGUMENT = 4,
    /// (decode only) The data ended inside the header (`truncated_length` bytes in all).
    PGJPEG_STATUS_TRUNCATED = 5,
    /// (decode only) The file has less than one bit per 8×8 block of the size it declares
    /// (`pgjpeg_decode_layout.block_count`, `.data_length`): a decompression bomb or a download that
    /// barely started. Nothing was allocated for the image.
    PGJPEG_STATUS_TOO_LITTLE_DATA = 6,
} pgjpeg_status;

/// The colour space of the stored components (libjpeg's `jpeg_color_space`).
typedef enum pgjpeg_color_space {
    PGJPEG_COLOR_UNKNOWN = 0,
    PGJPEG_COLOR_GRAYSCALE = 1,
    PGJPEG_COLOR_RGB = 2,
    PGJPEG_COLOR_YCBCR = 3,
    PGJPEG_COLOR_CMYK = 4,
    PGJPEG_COLOR_YCCK = 5,
} pgjpeg_color_space;

/// Why a call failed and what libjpeg warned about on the way.
typedef struct pgjpeg_diagnostics {
    /// The libjpeg function (or shim step) that was running when the error happened; NULL if none.
    /// Points to a string literal.
    const char *call;
    /// The error text (empty on success).
    char message[PGJPEG_MESSAGE_LENGTH];
    /// Number of libjpeg warnings (emit_message with level -1): corrupt data, premature end, ...
    long warning_count;
    /// The text of the first warning (empty if none).
    char first_warning[PGJPEG_MESSAGE_LENGTH];
    /// (decode only) The data ended before an EOI marker: the source handed libjpeg one
    /// (JWRN_JPEG_EOF, "Premature end of JPEG file").
    int32_t ended_early;
    /// (decode only) After that, the entropy decoder needed more data than there was
    /// (JWRN_HIT_MARKER): libjpeg decoded the rest of the scan as zeros, which show as grey.
    int32_t ran_out_of_data;
    /// Warnings other than those two (corrupt data), and the text of the first of them.
    long other_warning_count;
    char first_other_warning[PGJPEG_MESSAGE_LENGTH];
    /// errno of a failed pread(2), or 0.
    int system_errno;
    /// With PGJPEG_STATUS_TRUNCATED: how many bytes there were.
    int64_t truncated_length;
} pgjpeg_diagnostics;

/// Header facts, read without decoding a pixel.
typedef struct pgjpeg_header_info {
    uint32_t width;
    uint32_t height;
    int32_t components;
    pgjpeg_color_space color_space;
    int32_t progressive;
    int32_t arithmetic;
    int32_t saw_adobe_marker;
    int32_t adobe_transform;
    /// Offset in the probed buffer of the TIFF header inside the first "Exif\0" APP1 segment, or -1.
    int64_t exif_offset;
    /// Length of that TIFF data (the APP1 payload after the 6-byte "Exif\0\0" identifier).
    int64_t exif_length;
} pgjpeg_header_info;

/// Reads the header of the JPEG in `data[0..<size]` with `jpeg_read_header`.
///
/// The source suspends instead of inventing an EOI when the bytes run out: if the header (through
/// the first SOS) is not complete within `size` bytes the result is PGJPEG_STATUS_NEED_MORE_DATA,
/// and the caller retries with a longer prefix of the same file. The first APP1 "Exif" segment is
/// not copied: its position in `data` is returned. Thread-safe: no shared state.
pgjpeg_status pgjpeg_probe(const uint8_t *data, size_t size,
                           pgjpeg_header_info *info, pgjpeg_diagnostics *diagnostics);

// MARK: - Decoding

/// libjpeg's IDCT choice.
typedef enum pgjpeg_dct_method {
    PGJPEG_DCT_ISLOW = 0,
    PGJPEG_DCT_IFAST = 1,
    PGJPEG_DCT_FLOAT = 2,
} pgjpeg_dct_method;

/// How to decode.
typedef struct pgjpeg_decode_params {
    /// 1, 2, 4 or 8: output = ceil(stored / scale_denom) (scale_num is 1).
    uint32_t scale_denom;
    /// The most pixels the decoding may hold, checked after the header, before libjpeg allocates
    /// anything for the image: the returned region's pixels (at the chosen scale) plus, for a
    /// progressive or multi-scan file, the DCT coefficients libjpeg buffers for the whole image at
    /// full size, counted at 3 bytes a pixel (`pgjpeg_decode_layout.coefficient_pixels`).
    /// libjpeg's own memory manager is bounded too (`max_memory_to_use`): 3 bytes a pixel plus
    /// 16 MiB for its row buffers.
    uint64_t pixel_limit;
    /// Non-zero: decode only this rectangle of the scaled output.
    int32_t has_region;
    uint32_t region_x, region_y, region_width, region_height;
    pgjpeg_dct_method dct_method;
    int32_t fancy_upsampling;
    /// Refuse progressive files with more scans than this (0: 500). A corrupt progressive file can
    /// otherwise make libjpeg work for minutes.
    int32_t max_scans;
} pgjpeg_decode_params;

/// What `pgjpeg_decoder_open_*` found and will produce.
typedef struct pgjpeg_decode_layout {
    pgjpeg_header_info header;
    /// Size of the whole image at the chosen scale.
    uint32_t scaled_width, scaled_height;
    /// The rectangle of the scaled image that `pgjpeg_decoder_read` returns: the requested one
    /// (or the whole image). libjpeg decodes from the iMCU boundary left of it plus one column of
    /// context on each side; the extra columns are trimmed, so the pixels equal a full decode's.
    uint32_t region_x, region_y, region_width, region_height;
    /// 1 if the stored components are CMYK/YCCK and Adobe-inverted (an Adobe APP14 marker).
    int32_t inverted_cmyk;
    /// 8×8 DCT blocks of all components (libjpeg's width_in_blocks × height_in_blocks, summed).
    uint64_t block_count;
    /// The length of the data in bytes (the file's size from fstat, or the memory buffer's).
    uint64_t data_length;
    /// 1 for a progressive or multi-scan file: libjpeg buffers the whole image's coefficients.
    int32_t multi_scan;
    /// Those coefficients (128 bytes per block, each component padded to its sampling factors), in
    /// pixels of 3 bytes, rounded up; 0 for a single-scan file.
    uint64_t coefficient_pixels;
    /// region_width × region_height + coefficient_pixels: what the pixel limit is compared with.
    uint64_t needed_pixels;
} pgjpeg_decode_layout;

/// One decoding: a libjpeg decompressor with its error manager. Opaque; one owner.
typedef struct pgjpeg_decoder pgjpeg_decoder;

/// Allocates a decoder; NULL if out of memory. Free it with `pgjpeg_decoder_free`.
pgjpeg_decoder *pgjpeg_decoder_new(void);
/// Destroys the libjpeg object (aborting any decoding) and frees the decoder. NULL is ignored.
void pgjpeg_decoder_free(pgjpeg_decoder *decoder);
/// Diagnostics of the last call (valid until the decoder is freed).
const pgjpeg_diagnostics *pgjpeg_decoder_diagnostics(const pgjpeg_decoder *decoder);

/// Reads the header from `fd` (from offset 0, with pread(2)), checks the pixel limit,
/// sets up scaling and the region, and starts decompression (`jpeg_start_decompress`,
/// `jpeg_crop_scanline`, `jpeg_skip_scanlines`). The fd stays owned by the caller.
pgjpeg_status pgjpeg_decoder_open_fd(pgjpeg_decoder *decoder, int fd, const pgjpeg_decode_params *params,
                                     pgjpeg_decode_layout *layout);
/// Same, from memory; `data` must stay valid until the decoder is freed.
pgjpeg_status pgjpeg_decoder_open_memory(pgjpeg_decoder *decoder, const uint8_t *data, size_t size,
                                         const pgjpeg_decode_params *params, pgjpeg_decode_layout *layout);
/// Decodes the region into `rgb` as packed RGB8 rows (region_width × 3 bytes each, no padding).
/// `capacity` must be at least region_width × region_height × 3.
pgjpeg_status pgjpeg_decoder_read(pgjpeg_decoder *decoder, uint8_t *rgb, size_t capacity);

// MARK: - Encoding

/// How to encode.
typedef struct pgjpeg_encode_params {
    uint32_t width, height;
    /// Bytes from one input row to the next.
    size_t stride;
    /// 1 grayscale, 3 RGB, 4 CMYK.
    int32_t input_components;
    /// 1...100.
    int32_t quality;
    /// Ignored with arithmetic coding (which libjpeg does not optimize).
    int32_t optimize_coding;
    int32_t progressive;
    int32_t arithmetic;
    /// For 4-component input: store as YCCK instead of CMYK.
    int32_t store_ycck;
    /// For 4-component input: write the Adobe APP14 marker (libjpeg's default for CMYK/YCCK).
    int32_t write_adobe_marker;
} pgjpeg_encode_params;

/// Encodes `pixels` to a JPEG in memory. On success `*output` is a malloc'd buffer of
/// `*output_size` bytes that the caller frees with `pgjpeg_free`; on failure it is NULL.
pgjpeg_status pgjpeg_encode(const uint8_t *pixels, const pgjpeg_encode_params *params,
                            uint8_t **output, size_t *output_size, pgjpeg_diagnostics *diagnostics);

/// Frees a buffer returned by `pgjpeg_encode`.
void pgjpeg_free(void *buffer);

#endif

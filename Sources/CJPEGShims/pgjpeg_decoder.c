// Scaled, optionally cropped decode to packed RGB8, from a file descriptor or from memory.
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "pgjpeg_internal.h"

#define PGJPEG_DEFAULT_MAX_SCANS 500
#define PGJPEG_ROWS_PER_READ 16

struct pgjpeg_decoder {
    struct jpeg_decompress_struct cinfo;
    pgjpeg_error_manager manager;
    pgjpeg_diagnostics diagnostics;
    struct jpeg_progress_mgr progress;
    pgjpeg_decode_source *source;
    int max_scans;
    /// jpeg_create_decompress has been called: jpeg_destroy_decompress is due.
    int created;
    /// jpeg_read_header has returned.
    int header_done;
    /// The region is set up: pgjpeg_decoder_read may run.
    int started;
    /// libjpeg delivers CMYK, converted to RGB here (Adobe-inverted or not).
    int cmyk_output;
    int inverted_cmyk;
    /// The rows libjpeg delivers are wider than the region: `trim_left` columns on the left
    /// (iMCU alignment plus upsampling context) and some on the right (context, minimum crop width).
    int trimmed;
    uint32_t trim_left;
    uint32_t region_width, region_height;
    /// Rows libjpeg decodes into when they are converted or trimmed before the caller sees them.
    JSAMPARRAY scratch_rows;
};

/// Progress monitor: stops progressive files with an absurd number of scans.
static void pgjpeg_limit_scans(j_common_ptr cinfo) {
    if (!cinfo->is_decompressor) return;
    j_decompress_ptr dinfo = (j_decompress_ptr)cinfo;
    pgjpeg_decoder *decoder = (pgjpeg_decoder *)dinfo->client_data;
    if (dinfo->progressive_mode && dinfo->input_scan_number > decoder->max_scans) {
        char message[PGJPEG_MESSAGE_LENGTH];
        snprintf(message, sizeof message, "too many progressive scans (more than %d)", decoder->max_scans);
        pgjpeg_error_manager_fail(cinfo, message);
    }
}

pgjpeg_decoder *pgjpeg_decoder_new(void) {
    pgjpeg_decoder *decoder = (pgjpeg_decoder *)calloc(1, sizeof(pgjpeg_decoder));
    if (decoder == NULL) return NULL;
    decoder->cinfo.err = pgjpeg_error_manager_init(&decoder->manager, &decoder->diagnostics);
    return decoder;
}

void pgjpeg_decoder_free(pgjpeg_decoder *decoder) {
    if (decoder == NULL) return;
    if (decoder->created) jpeg_destroy_decompress(&decoder->cinfo);  // also aborts a decompression
    free(decoder);
}

const pgjpeg_diagnostics *pgjpeg_decoder_diagnostics(const pgjpeg_decoder *decoder) {
    return &decoder->diagnostics;
}

static pgjpeg_status invalid_argument(pgjpeg_decoder *decoder, const char *call, const char *message) {
    decoder->diagnostics.call = call;
    snprintf(decoder->diagnostics.message, PGJPEG_MESSAGE_LENGTH, "%s", message);
    return PGJPEG_STATUS_INVALID_ARGUMENT;
}

/// The length of the data: the memory buffer's, or the file's size (fstat; the offset read so far
/// if fstat fails).
static uint64_t data_length(const pgjpeg_decode_source *source) {
    if (source->memory != NULL) return (uint64_t)source->memory_size;
    struct stat status;
    return fstat(source->fd, &status) == 0 ? (uint64_t)status.st_size : (uint64_t)source->offset;
}

/// The data ended inside the header: report how long it was.
static pgjpeg_status truncated_header(pgjpeg_decoder *decoder) {
    const int64_t length = (int64_t)data_length(decoder->source);
    decoder->diagnostics.call = "jpeg_read_header";
    decoder->diagnostics.truncated_length = length;
    snprintf(decoder->diagnostics.message, PGJPEG_MESSAGE_LENGTH,
             "the data ends after %lld bytes, inside the header", (long long)length);
    return PGJPEG_STATUS_TRUNCATED;
}

/// Sets scaling, DCT, upsampling and output colour space from `params`.
static void configure_output(pgjpeg_decoder *decoder, const pgjpeg_decode_params *params) {
    struct jpeg_decompress_struct *cinfo = &decoder->cinfo;
    cinfo->scale_num = 1;
    cinfo->scale_denom = params->scale_denom;
    switch (params->dct_method) {
    case PGJPEG_DCT_IFAST: cinfo->dct_method = JDCT_IFAST; break;
    case PGJPEG_DCT_FLOAT: cinfo->dct_method = JDCT_FLOAT; break;
    default: cinfo->dct_method = JDCT_ISLOW; break;
    }
    cinfo->do_fancy_upsampling = params->fancy_upsampling ? TRUE : FALSE;
    if (cinfo->jpeg_color_space == JCS_CMYK || cinfo->jpeg_color_space == JCS_YCCK) {
        cinfo->out_color_space = JCS_CMYK;  // libjpeg converts YCCK to CMYK; we convert CMYK to RGB
        decoder->cmyk_output = 1;
        decoder->inverted_cmyk = cinfo->saw_Adobe_marker ? 1 : 0;  // Adobe (Photoshop) CMYK is inverted
    } else {
        cinfo->out_color_space = JCS_RGB;  // libjpeg-turbo expands grayscale to RGB itself
    }
}

/// Restricts decoding to columns [x, x + width): `jpeg_crop_scanline` starts at an iMCU boundary,
/// so ask for one more column on each side (upsampling context: the edge columns then match a full
/// decode) and trim the extra columns when reading.
///
/// The crop is also at least max_h_samp_factor + 1 columns wide: when a crop leaves a subsampled
/// component less than 2 samples wide, `jpeg_crop_scanline` re-initialises the upsampler, which then
/// replicates chroma (box) instead of interpolating it (fancy), so the pixels would differ from a
/// full decode (found by Fuzz/fuzz-decode: a 1-pixel-wide region at x = 0 of a 4:2:0 image).
static void crop_columns(pgjpeg_decoder *decoder, uint32_t x, uint32_t width) {
    struct jpeg_decompress_struct *cinfo = &decoder->cinfo;
    if (width == cinfo->output_width) return;
    JDIMENSION crop_x = x > 0 ? x - 1 : 0;
    JDIMENSION crop_end = x + width < cinfo->output_width ? x + width + 1 : x + width;
    const JDIMENSION minimum_width = (JDIMENSION)cinfo->max_h_samp_factor + 1;
    if (crop_end - crop_x < minimum_width) {
        // Widen to the right, and to the left where the image ends first.
        crop_end = cinfo->output_width - crop_x > minimum_width ? crop_x + minimum_width : cinfo->output_width;
        if (crop_end - crop_x < minimum_width) crop_x = crop_end > minimum_width ? crop_end - minimum_width : 0;
    }
    JDIMENSION crop_width = crop_end - crop_x;
    pgjpeg_error_manager_enter(&decoder->manager, "jpeg_crop_scanline");
    jpeg_crop_scanline(cinfo, &crop_x, &crop_width);  // moves crop_x left to an iMCU boundary
    decoder->trim_left = x - crop_x;
    decoder->trimmed = cinfo->output_width != width;
}

/// `value` rounded up to a multiple of `factor` (libjpeg's jround_up).
static uint64_t round_up(uint64_t value, uint64_t factor) {
    return factor == 0 ? value : (value + factor - 1) / factor * factor;
}

/// What the header implies for memory and data: the blocks of all components, whether libjpeg will
/// buffer the whole image's coefficients, and how big that buffer is.
///
/// libjpeg (jdinput.c) treats a file as multi-scan when it is progressive or its first scan does not
/// hold every component; the coefficient controller (jdcoefct.c) then allocates, per component, a
/// whole-image array of `jround_up(width_in_blocks, h_samp_factor) × jround_up(height_in_blocks,
/// v_samp_factor)` blocks of 64 JCOEFs (128 bytes), at full size whatever the output scale.
static void measure_header(const struct jpeg_decompress_struct *cinfo, pgjpeg_decode_layout *layout) {
    uint64_t blocks = 0, coefficient_bytes = 0;
    const int multi_scan = cinfo->progressive_mode || cinfo->comps_in_scan < cinfo->num_components;
    for (int ci = 0; ci < cinfo->num_components; ci++) {
        const jpeg_component_info *component = &cinfo->comp_info[ci];
        blocks += (uint64_t)component->width_in_blocks * (uint64_t)component->height_in_blocks;
        if (multi_scan)
            coefficient_bytes += round_up(component->width_in_blocks, (uint64_t)component->h_samp_factor)
                * round_up(component->height_in_blocks, (uint64_t)component->v_samp_factor) * sizeof(JBLOCK);
    }
    layout->block_count = blocks;
    layout->multi_scan = multi_scan;
    layout->coefficient_pixels = (coefficient_bytes + 2) / 3;
}

/// Room for libjpeg's own row buffers (main, upsampling, colour conversion: a few dozen rows of the
/// output width) on top of the pixel limit, in `max_memory_to_use`.
#define PGJPEG_MEMORY_SLACK ((uint64_t)16 << 20)

/// Everything after the source is installed: header, the data and memory checks, scaling, start,
/// crop, skip. Runs under the caller's setjmp.
static pgjpeg_status decoder_start(pgjpeg_decoder *decoder, const pgjpeg_decode_params *params,
                                   pgjpeg_decode_layout *layout) {
    struct jpeg_decompress_struct *cinfo = &decoder->cinfo;
    pgjpeg_error_manager *manager = &decoder->manager;

    pgjpeg_error_manager_enter(manager, "jpeg_read_header");
    (void)jpeg_read_header(cinfo, TRUE);  // cannot suspend: the sources never do
    if (decoder->source->reached_end) return truncated_header(decoder);
    decoder->header_done = 1;
    pgjpeg_header_info_fill(&layout->header, cinfo);
    layout->header.exif_offset = -1;

    // A decompression bomb declares a size its data cannot hold: Huffman coding spends at least one
    // bit on every block (its DC code), so real files have at least one byte per 8 blocks. (Arithmetic
    // coding can spend less on a flat image; such files are rare and are refused too.)
    measure_header(cinfo, layout);
    layout->data_length = data_length(decoder->source);
    if (layout->block_count / 8 > layout->data_length) {
        decoder->diagnostics.call = "jpeg_read_header";
        snprintf(decoder->diagnostics.message, PGJPEG_MESSAGE_LENGTH,
                 "%ux%u declares %llu blocks in %llu bytes", (unsigned)cinfo->image_width,
                 (unsigned)cinfo->image_height, (unsigned long long)layout->block_count,
                 (unsigned long long)layout->data_length);
        return PGJPEG_STATUS_TOO_LITTLE_DATA;
    }

    configure_output(decoder, params);
    layout->inverted_cmyk = decoder->inverted_cmyk;
    pgjpeg_error_manager_enter(manager, "jpeg_calc_output_dimensions");
    jpeg_calc_output_dimensions(cinfo);
    layout->scaled_width = cinfo->output_width;
    layout->scaled_height = cinfo->output_height;

    uint32_t x = 0, y = 0, width = cinfo->output_width, height = cinfo->output_height;
    if (params->has_region) {
        x = params->region_x; y = params->region_y;
        width = params->region_width; height = params->region_height;
        if (width == 0 || height == 0 || x >= cinfo->output_width || y >= cinfo->output_height
            || width > cinfo->output_width - x || height > cinfo->output_height - y) {
            char message[PGJPEG_MESSAGE_LENGTH];
            snprintf(message, sizeof message, "region %u,%u %ux%u is not inside the %ux%u scaled image",
                     x, y, width, height, (unsigned)cinfo->output_width, (unsigned)cinfo->output_height);
            return invalid_argument(decoder, "jpeg_crop_scanline", message);
        }
    }

    // The memory the decoding holds: the region's pixels and, for a multi-scan file, the whole
    // image's coefficients (at most 2^32 × 2^32 + 2^41: no overflow).
    layout->needed_pixels = (uint64_t)width * (uint64_t)height + layout->coefficient_pixels;
    if (layout->needed_pixels > params->pixel_limit) {
        decoder->diagnostics.call = "jpeg_calc_output_dimensions";
        snprintf(decoder->diagnostics.message, PGJPEG_MESSAGE_LENGTH,
                 "%ux%u needs %llu pixels, more than the pixel limit of %llu", (unsigned)cinfo->image_width,
                 (unsigned)cinfo->image_height, (unsigned long long)layout->needed_pixels,
                 (unsigned long long)params->pixel_limit);
        return PGJPEG_STATUS_TOO_LARGE;
    }
    // A second bound inside libjpeg: its whole-image arrays are refused (JERR_NO_BACKING_STORE)
    // beyond this, should the count above ever fall short. It also overrides $JPEGMEM.
    const uint64_t budget = params->pixel_limit > (UINT64_MAX - PGJPEG_MEMORY_SLACK) / 3
        ? UINT64_MAX : params->pixel_limit * 3 + PGJPEG_MEMORY_SLACK;
    cinfo->mem->max_memory_to_use = budget > (uint64_t)LONG_MAX ? LONG_MAX : (long)budget;

    decoder->progress.progress_monitor = pgjpeg_limit_scans;
    cinfo->progress = &decoder->progress;
    cinfo->client_data = decoder;
    pgjpeg_error_manager_enter(manager, "jpeg_start_decompress");
    (void)jpeg_start_decompress(cinfo);

    crop_columns(decoder, x, width);
    if (y > 0) {
        pgjpeg_error_manager_enter(manager, "jpeg_skip_scanlines");
        if (jpeg_skip_scanlines(cinfo, y) != y)
            pgjpeg_error_manager_fail((j_common_ptr)cinfo, "could not skip to the region");
    }
    if (decoder->cmyk_output || decoder->trimmed) {
        pgjpeg_error_manager_enter(manager, "alloc_sarray");
        decoder->scratch_rows = (*cinfo->mem->alloc_sarray)(
            (j_common_ptr)cinfo, JPOOL_IMAGE, cinfo->output_width * (JDIMENSION)cinfo->output_components,
            PGJPEG_ROWS_PER_READ);
    }
    layout->region_x = x;
    layout->region_y = y;
    layout->region_width = width;
    layout->region_height = height;
    decoder->region_width = width;
    decoder->region_height = height;
    decoder->started = 1;
    decoder->diagnostics.call = NULL;
    return PGJPEG_STATUS_OK;
}

static pgjpeg_status decoder_open(pgjpeg_decoder *decoder, int fd, const uint8_t *data, size_t size,
                                  const pgjpeg_decode_params *params, pgjpeg_decode_layout *layout) {
    memset(layout, 0, sizeof *layout);
    layout->header.exif_offset = -1;
    if (decoder->created)
        return invalid_argument(decoder, "pgjpeg_decoder_open", "the decoder is already open");
    if (params->scale_denom != 1 && params->scale_denom != 2 && params->scale_denom != 4
        && params->scale_denom != 8)
        return invalid_argument(decoder, "pgjpeg_decoder_open", "scale_denom must be 1, 2, 4 or 8");
    decoder->max_scans = params->max_scans > 0 ? params->max_scans : PGJPEG_DEFAULT_MAX_SCANS;

    if (setjmp(decoder->manager.escape)) {  // the libjpeg object is destroyed by pgjpeg_decoder_free
        if (!decoder->header_done && decoder->source != NULL && decoder->source->reached_end)
            return truncated_header(decoder);
        if (decoder->cinfo.err->msg_code == JERR_NO_BACKING_STORE)  // max_memory_to_use was reached
            snprintf(decoder->diagnostics.message, PGJPEG_MESSAGE_LENGTH,
                     "libjpeg needs more memory than the pixel limit of %llu allows",
                     (unsigned long long)params->pixel_limit);
        return PGJPEG_STATUS_ERROR;
    }
    pgjpeg_error_manager_enter(&decoder->manager, "jpeg_create_decompress");
    decoder->created = 1;  // the struct was zeroed by calloc: destroying a half-created one is safe
    jpeg_create_decompress(&decoder->cinfo);
    pgjpeg_error_manager_enter(&decoder->manager, "pgjpeg_decode_source_install");
    decoder->source = data != NULL ? pgjpeg_decode_source_install_memory(&decoder->cinfo, data, size)
                                   : pgjpeg_decode_source_install_fd(&decoder->cinfo, fd);
    return decoder_start(decoder, params, layout);
}

pgjpeg_status pgjpeg_decoder_open_fd(pgjpeg_decoder *decoder, int fd, const pgjpeg_decode_params *params,
                                     pgjpeg_decode_layout *layout) {
    return decoder_open(decoder, fd, NULL, 0, params, layout);
}

pgjpeg_status pgjpeg_decoder_open_memory(pgjpeg_decoder *decoder, const uint8_t *data, size_t size,
                                         const pgjpeg_decode_params *params, pgjpeg_decode_layout *layout) {
    if (data == NULL || size == 0)
        return invalid_argument(decoder, "pgjpeg_decoder_open_memory", "no data");
    return decoder_open(decoder, -1, data, size, params, layout);
}

/// CMYK (or inverted CMYK) to RGB: R = (255 - C)(255 - K) / 255, rounded.
static void convert_cmyk_row(const JSAMPLE *cmyk, uint8_t *rgb, uint32_t width, int inverted) {
    for (uint32_t i = 0; i < width; i++, cmyk += 4, rgb += 3) {
        unsigned c = cmyk[0], m = cmyk[1], y = cmyk[2], k = cmyk[3];
        if (!inverted) { c = 255 - c; m = 255 - m; y = 255 - y; k = 255 - k; }
        rgb[0] = (uint8_t)((c * k + 127) / 255);
        rgb[1] = (uint8_t)((m * k + 127) / 255);
        rgb[2] = (uint8_t)((y * k + 127) / 255);
    }
}

pgjpeg_status pgjpeg_decoder_read(pgjpeg_decoder *decoder, uint8_t *rgb, size_t capacity) {
    struct jpeg_decompress_struct *cinfo = &decoder->cinfo;
    if (!decoder->started)
        return invalid_argument(decoder, "pgjpeg_decoder_read", "the decoder is not open");
    const size_t row_bytes = (size_t)decoder->region_width * 3;
    const uint32_t rows = decoder->region_height;
    if (rgb == NULL || capacity / row_bytes < rows)
        return invalid_argument(decoder, "pgjpeg_decoder_read", "the pixel buffer is too small");
    decoder->started = 0;  // one read per decoder

    if (setjmp(decoder->manager.escape)) return PGJPEG_STATUS_ERROR;
    pgjpeg_error_manager_enter(&decoder->manager, "jpeg_read_scanlines");
    const int direct = !decoder->cmyk_output && !decoder->trimmed;
    const size_t components = (size_t)cinfo->output_components;
    uint32_t done = 0;
    while (done < rows) {
        uint32_t batch = rows - done < PGJPEG_ROWS_PER_READ ? rows - done : PGJPEG_ROWS_PER_READ;
        JDIMENSION got;
        if (direct) {
            JSAMPROW row_pointers[PGJPEG_ROWS_PER_READ];
            for (uint32_t i = 0; i < batch; i++) row_pointers[i] = rgb + (size_t)(done + i) * row_bytes;
            got = jpeg_read_scanlines(cinfo, row_pointers, batch);
        } else {
            got = jpeg_read_scanlines(cinfo, decoder->scratch_rows, batch);
            for (JDIMENSION i = 0; i < got; i++) {
                const JSAMPLE *source = decoder->scratch_rows[i] + (size_t)decoder->trim_left * components;
                uint8_t *destination = rgb + (size_t)(done + i) * row_bytes;
                if (decoder->cmyk_output)
                    convert_cmyk_row(source, destination, decoder->region_width, decoder->inverted_cmyk);
                else
                    memcpy(destination, source, row_bytes);
            }
        }
        if (got == 0) pgjpeg_error_manager_fail((j_common_ptr)cinfo, "decoding made no progress");
        done += got;
    }
    decoder->diagnostics.call = NULL;
    // The rows below the region are not needed: pgjpeg_decoder_free aborts the decompression.
    return PGJPEG_STATUS_OK;
}

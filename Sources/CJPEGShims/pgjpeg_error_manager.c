// The setjmp/longjmp error manager: no input can make libjpeg call exit().
#include <string.h>
#include "pgjpeg_internal.h"

static void pgjpeg_output_message(j_common_ptr cinfo) {
    pgjpeg_error_manager *manager = (pgjpeg_error_manager *)cinfo->err;
    (*cinfo->err->format_message)(cinfo, manager->last_output);
}

/// Counts a warning (a level -1 message) and sorts it: the data ended before an EOI marker, the
/// entropy decoder ran out of data after that, or anything else (corrupt data). A warning never
/// stops decoding: libjpeg goes on and the caller decides what the pixels are worth.
static void pgjpeg_emit_message(j_common_ptr cinfo, int msg_level) {
    if (msg_level >= 0) return;  // trace messages: trace_level is 0, nothing to show
    pgjpeg_error_manager *manager = (pgjpeg_error_manager *)cinfo->err;
    pgjpeg_diagnostics *diagnostics = manager->diagnostics;
    cinfo->err->num_warnings++;
    diagnostics->warning_count++;
    const int code = cinfo->err->msg_code;
    const int first = diagnostics->warning_count == 1;
    int other = 0;
    if (code == JWRN_JPEG_EOF) {
        diagnostics->ended_early = 1;
    } else if (code == JWRN_HIT_MARKER && diagnostics->ended_early) {
        diagnostics->ran_out_of_data = 1;
    } else {
        other = 1;
        diagnostics->other_warning_count++;
    }
    if (!first && !(other && diagnostics->other_warning_count == 1)) return;
    (*cinfo->err->output_message)(cinfo);
    if (first) memcpy(diagnostics->first_warning, manager->last_output, PGJPEG_MESSAGE_LENGTH);
    if (other && diagnostics->other_warning_count == 1)
        memcpy(diagnostics->first_other_warning, manager->last_output, PGJPEG_MESSAGE_LENGTH);
}

static void pgjpeg_error_exit(j_common_ptr cinfo) {
    pgjpeg_error_manager *manager = (pgjpeg_error_manager *)cinfo->err;
    if (manager->custom_message[0] != '\0') {
        memcpy(manager->diagnostics->message, manager->custom_message, PGJPEG_MESSAGE_LENGTH);
    } else {
        (*cinfo->err->output_message)(cinfo);
        memcpy(manager->diagnostics->message, manager->last_output, PGJPEG_MESSAGE_LENGTH);
    }
    manager->diagnostics->message[PGJPEG_MESSAGE_LENGTH - 1] = '\0';
    longjmp(manager->escape, 1);
}

struct jpeg_error_mgr *pgjpeg_error_manager_init(pgjpeg_error_manager *manager,
                                                 pgjpeg_diagnostics *diagnostics) {
    memset(diagnostics, 0, sizeof *diagnostics);
    manager->diagnostics = diagnostics;
    manager->custom_message[0] = '\0';
    manager->last_output[0] = '\0';
    jpeg_std_error(&manager->pub);
    manager->pub.error_exit = pgjpeg_error_exit;
    manager->pub.emit_message = pgjpeg_emit_message;
    manager->pub.output_message = pgjpeg_output_message;
    return &manager->pub;
}

void pgjpeg_error_manager_fail(j_common_ptr cinfo, const char *message) {
    pgjpeg_error_manager *manager = (pgjpeg_error_manager *)cinfo->err;
    snprintf(manager->custom_message, PGJPEG_MESSAGE_LENGTH, "%s", message);
    (*cinfo->err->error_exit)(cinfo);
}

pgjpeg_color_space pgjpeg_color_space_from_libjpeg(J_COLOR_SPACE space) {
    switch (space) {
    case JCS_GRAYSCALE: return PGJPEG_COLOR_GRAYSCALE;
    case JCS_RGB: return PGJPEG_COLOR_RGB;
    case JCS_YCbCr: return PGJPEG_COLOR_YCBCR;
    case JCS_CMYK: return PGJPEG_COLOR_CMYK;
    case JCS_YCCK: return PGJPEG_COLOR_YCCK;
    default: return PGJPEG_COLOR_UNKNOWN;
    }
}

void pgjpeg_header_info_fill(pgjpeg_header_info *info, const struct jpeg_decompress_struct *cinfo) {
    info->width = cinfo->image_width;
    info->height = cinfo->image_height;
    info->components = cinfo->num_components;
    info->color_space = pgjpeg_color_space_from_libjpeg(cinfo->jpeg_color_space);
    info->progressive = cinfo->progressive_mode ? 1 : 0;
    info->arithmetic = cinfo->arith_code ? 1 : 0;
    info->saw_adobe_marker = cinfo->saw_Adobe_marker ? 1 : 0;
    info->adobe_transform = cinfo->saw_Adobe_marker ? cinfo->Adobe_transform : -1;
}

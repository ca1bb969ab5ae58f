// The setjmp/longjmp error manager: no input can make libjpeg call exit().
#include <string.h>
#include "pgjpeg_internal.h"

static void pgjpeg_output_message(j_common_ptr cinfo) {
    pgjpeg_error_manager *manager = (pgjpeg_error_manager *)cinfo->err;
    (*cinfo->err->format_message)(cinfo, manager->last_output);
}

static void pgjpeg_emit_message(j_common_ptr cinfo, int msg_level) {
    if (msg_level >= 0) return;  // trace messages: trace_level is 0, nothing to show
    pgjpeg_error_manager *manager = (pgjpeg_error_manager *)cinfo->err;
    cinfo->err->num_warnings++;
    manager->diagnostics->warning_count++;
    if (manager->diagnostics->warning_count == 1) {
        (*cinfo->err->output_message)(cinfo);
        memcpy(manager->diagnostics->first_warning, manager->last_output, PGJPEG_MESSAGE_LENGTH);
    }
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

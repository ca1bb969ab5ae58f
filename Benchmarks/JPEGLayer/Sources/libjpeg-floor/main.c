// The floor for scaled decoding: libjpeg's API used directly, best of 15 runs per file.
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <jpeglib.h>

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

int main(int argc, char **argv) {
    for (int a = 1; a < argc; a++) {
        double best = 1e9;
        for (int run = 0; run < 15; run++) {
            double start = now();
            FILE *file = fopen(argv[a], "rb");
            if (file == NULL) { perror(argv[a]); return 1; }
            struct jpeg_decompress_struct cinfo;
            struct jpeg_error_mgr error;
            cinfo.err = jpeg_std_error(&error);
            jpeg_create_decompress(&cinfo);
            jpeg_stdio_src(&cinfo, file);
            jpeg_read_header(&cinfo, TRUE);
            cinfo.scale_num = 1;
            cinfo.scale_denom = 8;
            cinfo.out_color_space = JCS_RGB;
            jpeg_start_decompress(&cinfo);
            size_t stride = (size_t)cinfo.output_width * 3;
            unsigned char *pixels = malloc(stride * cinfo.output_height);
            while (cinfo.output_scanline < cinfo.output_height) {
                JSAMPROW row = pixels + stride * cinfo.output_scanline;
                jpeg_read_scanlines(&cinfo, &row, 1);
            }
            jpeg_finish_decompress(&cinfo);
            jpeg_destroy_decompress(&cinfo);
            fclose(file);
            free(pixels);
            double elapsed = now() - start;
            if (elapsed < best) best = elapsed;
        }
        printf("%s libjpeg-loop: %.2f ms\n", argv[a], best * 1e3);
    }
    return 0;
}

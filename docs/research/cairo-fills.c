/* What a canvas-sized fill costs cairo against the state of the cache it meets: the figures in
 * docs/device-model.md, "Fills and blends are composited between runs". An opaque fill of the whole
 * canvas (a context made per call, CAIRO_OPERATOR_SOURCE, as Context.fill does) into one bitmap again and
 * again, into two in turn, into 40 in turn (about 640 MB on the iPad Pro 11's canvas: more than twice a
 * 260 MiB last-level cache, as the calibration's cold cases took them), and into one bitmap that pixman
 * then composites into an x8r8g8b8 framebuffer, untimed, after every fill, as the render server composites
 * a layer between two turns. Each figure is the least of 5 rounds' medians of 15 fills, wall clock and
 * the thread's CPU time, in ns a pixel. Arguments: the canvas's width and height (default the iPad Pro 11's).
 *
 *   gcc -O2 docs/research/cairo-fills.c -o /tmp/cairo-fills $(pkg-config --cflags --libs cairo pixman-1)
 *   /tmp/cairo-fills 2388 1668
 */
#include <cairo.h>
#include <pixman.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double seconds(clockid_t clock) { struct timespec t; clock_gettime(clock, &t); return t.tv_sec + t.tv_nsec * 1e-9; }
static int ascending(const void *a, const void *b) { double x = *(const double *)a, y = *(const double *)b; return (x > y) - (x < y); }

static int W = 2388, H = 1668;

static void fill(cairo_surface_t *s) {
    cairo_t *c = cairo_create(s);
    cairo_set_operator(c, CAIRO_OPERATOR_SOURCE);
    cairo_set_source_rgb(c, 1, 1, 1);
    cairo_rectangle(c, 0, 0, W, H);
    cairo_fill(c);
    cairo_destroy(c);
}

static void composite(cairo_surface_t *s, pixman_image_t *framebuffer) {
    cairo_surface_flush(s);
    pixman_image_t *src = pixman_image_create_bits(PIXMAN_a8r8g8b8, W, H, (uint32_t *)cairo_image_surface_get_data(s),
                                                   cairo_image_surface_get_stride(s));
    pixman_image_composite32(PIXMAN_OP_SRC, src, NULL, framebuffer, 0, 0, 0, 0, 0, 0, W, H);
    pixman_image_unref(src);
}

int main(int argc, char **argv) {
    if (argc > 2) { W = atoi(argv[1]); H = atoi(argv[2]); }
    enum { many = 40, ways = 4, runs = 15 };
    cairo_surface_t *bitmaps[many];
    for (int i = 0; i < many; i++) { bitmaps[i] = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, W, H); fill(bitmaps[i]); }
    pixman_image_t *framebuffer = pixman_image_create_bits(PIXMAN_x8r8g8b8, W, H, NULL, 0);
    const char *names[ways] = {"one bitmap", "two in turn", "40 in turn", "one, composited after each"};
    double best[ways][2];
    for (int w = 0; w < ways; w++) best[w][0] = best[w][1] = 1e9;
    int next = 0;
    for (int round = 0; round < 5; round++)
        for (int w = 0; w < ways; w++) {
            double wall[runs], cpu[runs];
            for (int r = 0; r <= runs; r++) {  /* run 0 warms up */
                cairo_surface_t *s = w == 1 ? bitmaps[next % 2] : w == 2 ? bitmaps[next % many] : bitmaps[0];
                next++;
                double w0 = seconds(CLOCK_MONOTONIC), c0 = seconds(CLOCK_THREAD_CPUTIME_ID);
                fill(s);
                double w1 = seconds(CLOCK_MONOTONIC), c1 = seconds(CLOCK_THREAD_CPUTIME_ID);
                if (w == 3) composite(s, framebuffer);
                if (r > 0) { wall[r - 1] = w1 - w0; cpu[r - 1] = c1 - c0; }
            }
            qsort(wall, runs, sizeof wall[0], ascending);
            qsort(cpu, runs, sizeof cpu[0], ascending);
            if (wall[runs / 2] < best[w][0]) best[w][0] = wall[runs / 2];
            if (cpu[runs / 2] < best[w][1]) best[w][1] = cpu[runs / 2];
        }
    for (int w = 0; w < ways; w++)
        printf("%-28s %.3f ns a pixel (wall), %.3f (CPU)\n", names[w], best[w][0] * 1e9 / ((double)W * H), best[w][1] * 1e9 / ((double)W * H));
    return 0;
}

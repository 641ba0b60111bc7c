/* What a turn costs cairo's stroker: the figures in docs/device-model.md, "What a segment costs depends
 * on its turn". 150 segments of 4 px, 10 px wide, round joins and caps, stroked into a 13 x 13 clip at
 * the line's end as a partial redraw strokes a live line: laid along a row (every segment beside the
 * clip, in its rows) or down a column (every segment but the last few above the clip, culled by rows),
 * straight or zigzagging by a turn at every point. A 5 degree zigzag of 4 px segments puts each point
 * 0.17 px off the line through its neighbours, past the stroker's 0.1 px tolerance, where a straight
 * line's outline simplifies to one edge a side. Each figure is the least of 5 rounds' medians of 31 runs.
 *
 *   gcc -O2 docs/research/cairo-turns.c -o /tmp/cairo-turns $(pkg-config --cflags --libs cairo) -lm && /tmp/cairo-turns
 */
#include <cairo.h>
#include <math.h>
#include <stdio.h>
#include <time.h>

static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec * 1e9 + t.tv_nsec; }

/* n segments of length l from (100, 100): along x (or y when down), each turning by `turn` degrees
 * alternately left and right (a zigzag). */
static void path(cairo_t *cr, int n, double l, double turn, int down, double *ex, double *ey) {
    double x = 100, y = 100;
    cairo_move_to(cr, x, y);
    for (int i = 0; i < n; i++) {
        double dir = (i % 2 ? 1 : -1) * turn * M_PI / 360;
        double dx = l * cos(dir), dy = l * sin(dir);
        if (down) { x += dy; y += dx; } else { x += dx; y += dy; }
        cairo_line_to(cr, x, y);
    }
    *ex = x; *ey = y;
}

static double cost_us(cairo_surface_t *s, int n, double turn, int down) {
    double ex, ey, best = 1e18;
    cairo_t *probe = cairo_create(s); path(probe, n, 4, turn, down, &ex, &ey); cairo_destroy(probe);
    for (int round = 0; round < 5; round++) {
        double t[31];
        for (int k = 0; k < 31; k++) {
            double start = now();
            cairo_t *cr = cairo_create(s);
            cairo_rectangle(cr, floor(ex) - 6, floor(ey) - 6, 13, 13);
            cairo_clip(cr);
            cairo_set_line_width(cr, 10);
            cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
            cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
            path(cr, n, 4, turn, down, &ex, &ey);
            cairo_stroke(cr);
            cairo_destroy(cr);
            t[k] = now() - start;
        }
        for (int i = 0; i < 31; i++) for (int j = i + 1; j < 31; j++) if (t[j] < t[i]) { double v = t[i]; t[i] = t[j]; t[j] = v; }
        if (t[15] < best) best = t[15];
    }
    return best / 1e3;
}

static void report(cairo_surface_t *s, const char *what, int n, double turn, int down) {
    double us = cost_us(s, n, turn, down);
    printf("  %-16s %6.1f us (%4.0f ns a segment)\n", what, us, 1e3 * us / n);
}

int main(void) {
    cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 2000, 2000);
    const int n = 150;
    for (int down = 0; down < 2; down++) {
        printf("%s\n", down ? "down a column: culled by rows but for the last few" : "along a row: beside the clip, in its rows");
        report(s, "straight", n, 0, down);
        for (double turn = 5; turn <= 150; turn += turn < 30 ? 5 : 30) {
            char what[32];
            snprintf(what, sizeof what, "zigzag %3.0f deg", turn);
            report(s, what, n, turn, down);
        }
    }
    cairo_surface_destroy(s);
    return 0;
}

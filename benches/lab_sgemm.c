/* The goal bench's reference GEMM: OpenBLAS sgemm on the lab's sweep shape.
 * out (rows x batch) = w (rows x k) . x^T (k x batch), row-major, as src/lab/matvec.rs does.
 * Usage: lab_sgemm ROWS K BATCH REPEATS; prints the best FLOP/s, y[0] (so the product is kept)
 * and the kernel family OpenBLAS picked for this CPU. Threads: OPENBLAS_NUM_THREADS.
 * Built by benches/lab.rs at run time (cc -O2 ... -lopenblas); skipped when OpenBLAS is absent. */
#include <cblas.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
    if (argc != 5) {
        fprintf(stderr, "usage: lab_sgemm ROWS K BATCH REPEATS\n");
        return 2;
    }
    long rows = atol(argv[1]), k = atol(argv[2]), batch = atol(argv[3]), repeats = atol(argv[4]);
    float *w = malloc(sizeof(float) * rows * k);
    float *x = malloc(sizeof(float) * batch * k);
    float *y = malloc(sizeof(float) * rows * batch);
    if (!w || !x || !y) {
        fprintf(stderr, "out of memory\n");
        return 1;
    }
    for (long i = 0; i < rows * k; i++) w[i] = (float)(i % 13 + 1) / 64.0f;
    for (long i = 0; i < batch * k; i++) x[i] = (float)(i % 7) / 8.0f - 0.375f;
    double best = 0.0;
    for (long r = 0; r <= repeats; r++) {
        double start = now();
        cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasTrans, rows, batch, k, 1.0f, w, k, x, k,
                    0.0f, y, batch);
        double rate = 2.0 * rows * k * batch / (now() - start);
        if (r > 0 && rate > best) best = rate; /* the first call warms up */
    }
    printf("%.6e %f %s\n", best, y[0], openblas_get_corename());
    return 0;
}

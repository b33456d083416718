// The opening pass's C loop (atomscope_index_steps) alone, over a whole journal held in
// memory, the way JournalReader hands it runs of frames: for comparing two versions of
// step_index.c by instructions (callgrind) or by time without the reader, the file system or
// a second thread in the way. scripts/step-index-harness builds and runs it.
//
//   harness JOURNAL [PASSES]   the best time of PASSES passes (default 20) and the steps taken

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "CCRC32C.h"
#include "CStepIndex.h"

static double milliseconds(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return now.tv_sec * 1e3 + now.tv_nsec / 1e6;
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: harness JOURNAL [PASSES]\n");
        return 2;
    }
    FILE *file = fopen(argv[1], "rb");
    if (!file) {
        fprintf(stderr, "harness: cannot open %s\n", argv[1]);
        return 1;
    }
    fseek(file, 0, SEEK_END);
    size_t size = (size_t)ftell(file);
    fseek(file, 0, SEEK_SET);
    unsigned char *bytes = malloc(size + 64);
    if (!bytes || size < 36 || fread(bytes, 1, size, file) != size) {
        fprintf(stderr, "harness: cannot read %s\n", argv[1]);
        return 1;
    }
    fclose(file);
    int passes = argc > 2 ? atoi(argv[2]) : 20;
    // The register after the header's 16 salt bytes (format section 4), and the frames'
    // start after the header and its metadata (section 3).
    uint32_t seed = atomscope_crc32c_hardware(0xFFFFFFFFu, bytes + 12, 16);
    static uint32_t zeros[ATOMSCOPE_STEP_INDEX_ZEROS];
    atomscope_step_index_zeros(seed, zeros);
    uint32_t metadata;
    memcpy(&metadata, bytes + 28, 4);
    size_t first = 36 + (size_t)metadata;
    size_t capacity = size / 17;
    atomscope_step_difference *entries = malloc(sizeof(*entries) * capacity);
    size_t block_capacity = capacity / ATOMSCOPE_STEP_BLOCK + 1;
    atomscope_step_block *blocks = malloc(sizeof(*blocks) * block_capacity);
    double best = 1e9;
    size_t taken = 0;
    for (int pass = 0; pass < passes; pass++) {
        double start = milliseconds();
        atomscope_step_run run = {0};
        run.bytes = bytes;
        run.count = size;
        run.position = first;
        run.seed = seed;
        run.step_type = 4;
        run.maximum_payload = 1 << 24;
        run.zeros = zeros;
        run.entries = entries;
        run.capacity = capacity;
        run.blocks = blocks;
        run.block_capacity = block_capacity;
        taken = 0;
        while (run.position + 17 <= size) {
            // Each run starts at the sequence number the frame holds: this measures the loop,
            // it does not check the journal.
            memcpy(&run.sequence, bytes + run.position + 9, 8);
            size_t count = atomscope_index_steps(&run);
            taken += count;
            run.first_position += count;
            if (count == 0) {
                // A frame the loop leaves to Swift (a definition, a keyframe, a mark): past it.
                uint32_t length;
                memcpy(&length, bytes + run.position, 4);
                run.position += 17 + (size_t)length;
            }
        }
        double elapsed = milliseconds() - start;
        if (elapsed < best) best = elapsed;
    }
    printf("%zu steps, best %.2f ms of %d passes\n", taken, best, passes);
    return 0;
}

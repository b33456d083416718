// The processor's CRC-32C instructions, which Swift cannot emit without enabling the target
// feature for a whole module: each function here enables it for itself only, and the caller
// checks at run time that the processor has it, so the binary still runs on one without.

#include "CCRC32C.h"
#include "crc32c_internal.h"

#include <string.h>

#if defined(__x86_64__)
#include <cpuid.h>
#include <nmmintrin.h>

int atomscope_crc32c_hardware_available(void) {
    unsigned int eax, ebx, ecx, edx;
    if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx)) return 0;
    return (ecx & bit_SSE4_2) != 0;
}

// Runs at least this long go four ways at once (below).
#define SPLIT_MINIMUM 4096
// The most one split takes: a quarter of it stays within what one shift can move.
#define SPLIT_SEGMENT (4u << 20)

// One chain of CRC instructions waits for each result (three cycles for eight bytes) where the
// processor could start one a cycle, so a long run is checksummed as four quarters side by
// side, each from 0 (the lanes below), and joined by moving the earlier registers across the
// later quarters (the register is linear: crc(r, A B) = shift(crc(r, A), |B|) xor crc(0, B)).
// About three times the speed of one chain on a frame of hundreds of kilobytes: a keyframe of
// a large state, or the length that damage claims before the search after it.
__attribute__((target("sse4.2,pclmul")))
static uint64_t split_four_ways(uint64_t wide, const unsigned char **bytes, size_t *remaining) {
    const unsigned char *p = *bytes;
    size_t count = *remaining;
    while (count >= SPLIT_MINIMUM) {
        size_t segment = count < SPLIT_SEGMENT ? count : SPLIT_SEGMENT;
        size_t quarter = (segment / 4) & ~(size_t)7;
        atomscope_crc32c_lanes lanes;
        for (int lane = 0; lane < 4; lane++) {
            lanes.bytes[lane] = p + (size_t)lane * quarter;
            lanes.count[lane] = quarter;
            lanes.crc[lane] = 0;
        }
        lanes.crc[0] = (uint32_t)wide;
        atomscope_crc32c_hardware_lanes(&lanes);
        uint32_t joined = lanes.crc[0];
        for (int lane = 1; lane < 4; lane++) joined = atomscope_shift_inline(joined, quarter) ^ lanes.crc[lane];
        wide = joined;
        p += 4 * quarter;
        count -= 4 * quarter;
    }
    *bytes = p;
    *remaining = count;
    return wide;
}

__attribute__((target("sse4.2")))
uint32_t atomscope_crc32c_hardware(uint32_t crc, const void *bytes, size_t count) {
    const unsigned char *p = bytes;
    uint64_t wide = crc;
    if (count >= SPLIT_MINIMUM && atomscope_crc32c_shift_hardware_available()) {
        wide = split_four_ways(wide, &p, &count);
    }
    while (count >= 8) {
        uint64_t word;
        memcpy(&word, p, 8);
        wide = _mm_crc32_u64(wide, word);
        p += 8;
        count -= 8;
    }
    // The last one to seven bytes in at most three steps, not one per byte: every frame has
    // such a tail, and when a journal is indexed it was a sixth of the checksum's cost.
    return atomscope_crc32c_short_inline((uint32_t)wide, p, count);
}

__attribute__((target("sse4.2")))
uint32_t atomscope_crc32c_hardware_short(uint32_t crc, const void *bytes, size_t count) {
    return atomscope_crc32c_short_inline(crc, bytes, count & 15);
}

__attribute__((target("sse4.2")))
void atomscope_crc32c_hardware_lanes(atomscope_crc32c_lanes *lanes) {
    size_t common = lanes->count[0];
    for (int lane = 1; lane < 4; lane++) {
        if (lanes->count[lane] < common) common = lanes->count[lane];
    }
    common &= ~(size_t)7;
    const unsigned char *p0 = lanes->bytes[0], *p1 = lanes->bytes[1], *p2 = lanes->bytes[2], *p3 = lanes->bytes[3];
    uint64_t c0 = lanes->crc[0], c1 = lanes->crc[1], c2 = lanes->crc[2], c3 = lanes->crc[3];
    for (size_t offset = 0; offset < common; offset += 8) {
        uint64_t w0, w1, w2, w3;
        memcpy(&w0, p0 + offset, 8);
        memcpy(&w1, p1 + offset, 8);
        memcpy(&w2, p2 + offset, 8);
        memcpy(&w3, p3 + offset, 8);
        c0 = _mm_crc32_u64(c0, w0);
        c1 = _mm_crc32_u64(c1, w1);
        c2 = _mm_crc32_u64(c2, w2);
        c3 = _mm_crc32_u64(c3, w3);
    }
    size_t r0 = lanes->count[0] - common, r1 = lanes->count[1] - common;
    size_t r2 = lanes->count[2] - common, r3 = lanes->count[3] - common;
    if ((r0 | r1 | r2 | r3) < 16) {
        // Frames of similar sizes, the usual case: each tail in at most four steps, inline,
        // so that the four run side by side instead of as four calls one after another.
        lanes->crc[0] = atomscope_crc32c_short_inline((uint32_t)c0, p0 + common, r0);
        lanes->crc[1] = atomscope_crc32c_short_inline((uint32_t)c1, p1 + common, r1);
        lanes->crc[2] = atomscope_crc32c_short_inline((uint32_t)c2, p2 + common, r2);
        lanes->crc[3] = atomscope_crc32c_short_inline((uint32_t)c3, p3 + common, r3);
        return;
    }
    lanes->crc[0] = atomscope_crc32c_hardware((uint32_t)c0, p0 + common, r0);
    lanes->crc[1] = atomscope_crc32c_hardware((uint32_t)c1, p1 + common, r1);
    lanes->crc[2] = atomscope_crc32c_hardware((uint32_t)c2, p2 + common, r2);
    lanes->crc[3] = atomscope_crc32c_hardware((uint32_t)c3, p3 + common, r3);
}

#elif defined(__aarch64__) && (defined(__linux__) || defined(__APPLE__))
#include <arm_acle.h>

#if defined(__linux__)
#include <sys/auxv.h>

#ifndef HWCAP_CRC32
#define HWCAP_CRC32 (1 << 7)
#endif

int atomscope_crc32c_hardware_available(void) {
    return (getauxval(AT_HWCAP) & HWCAP_CRC32) != 0;
}
#else
// Every Apple processor that runs arm64 code has the CRC extension (ARMv8.1 and later).
int atomscope_crc32c_hardware_available(void) {
    return 1;
}
#endif

__attribute__((target("crc")))
uint32_t atomscope_crc32c_hardware(uint32_t crc, const void *bytes, size_t count) {
    const unsigned char *p = bytes;
    while (count >= 8) {
        uint64_t word;
        memcpy(&word, p, 8);
        crc = __crc32cd(crc, word);
        p += 8;
        count -= 8;
    }
    while (count > 0) {
        crc = __crc32cb(crc, *p);
        p += 1;
        count -= 1;
    }
    return crc;
}

__attribute__((target("crc")))
uint32_t atomscope_crc32c_hardware_short(uint32_t crc, const void *bytes, size_t count) {
    return atomscope_crc32c_hardware(crc, bytes, count & 15);
}

__attribute__((target("crc")))
void atomscope_crc32c_hardware_lanes(atomscope_crc32c_lanes *lanes) {
    for (int lane = 0; lane < 4; lane++) {
        lanes->crc[lane] = atomscope_crc32c_hardware(lanes->crc[lane], lanes->bytes[lane], lanes->count[lane]);
    }
}

#else

int atomscope_crc32c_hardware_available(void) { return 0; }

uint32_t atomscope_crc32c_hardware(uint32_t crc, const void *bytes, size_t count) {
    (void)bytes;
    (void)count;
    return crc;
}

uint32_t atomscope_crc32c_hardware_short(uint32_t crc, const void *bytes, size_t count) {
    (void)bytes;
    (void)count;
    return crc;
}

void atomscope_crc32c_hardware_lanes(atomscope_crc32c_lanes *lanes) {
    (void)lanes;
}

#endif

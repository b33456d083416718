// What the module's C files share, inline so that the search after damage makes no call per
// candidate: a register step over a few bytes, the powers of x and the product.
#ifndef ATOMSCOPE_CRC32C_INTERNAL_H
#define ATOMSCOPE_CRC32C_INTERNAL_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

// Little-endian fields of a frame, wherever they lie.
static inline uint32_t load32(const unsigned char *p) {
    uint32_t value;
    memcpy(&value, p, 4);
    return value;
}

static inline uint64_t load64(const unsigned char *p) {
    uint64_t value;
    memcpy(&value, p, 8);
    return value;
}

#if defined(__x86_64__)
#include <immintrin.h>

// The register after `count` (below 16) bytes from `p`, in straight-line code.
__attribute__((target("sse4.2")))
static inline uint32_t atomscope_crc32c_short_inline(uint32_t crc, const unsigned char *p, size_t count) {
    if (count & 8) {
        uint64_t word;
        memcpy(&word, p, 8);
        crc = (uint32_t)_mm_crc32_u64(crc, word);
        p += 8;
    }
    if (count & 4) {
        uint32_t word;
        memcpy(&word, p, 4);
        crc = _mm_crc32_u32(crc, word);
        p += 4;
    }
    if (count & 2) {
        uint16_t word;
        memcpy(&word, p, 2);
        crc = _mm_crc32_u16(crc, word);
        p += 2;
    }
    if (count & 1) crc = _mm_crc32_u8(crc, *p);
    return crc;
}

// A frame's checksummed bytes (the type byte on, 9 to 40 of them) taken as five words that
// end where the bytes end, the first four masked so that only the frame's bytes count (leading
// zeros leave a zero register zero): one row per count (step_index.c). A word that lies wholly
// before the bytes is read at their start less 8, the frame's header, and masked to nothing.
typedef struct {
    uint64_t keep[4];
    int64_t at[4];
} atomscope_short_frame;

__attribute__((visibility("hidden")))
extern const atomscope_short_frame atomscope_short_frames[41];

// The register from zero after `n` (9 to 40) checksummed bytes at `p`, whose 8 bytes before
// are readable: five loads and no loop or branch on `n`, where a loop over words, a head first,
// cost about twice the instructions for a step of a few values.
__attribute__((target("sse4.2")))
static inline uint64_t atomscope_short_frame_register(const unsigned char *p, size_t n) {
    const atomscope_short_frame *row = &atomscope_short_frames[n];
    uint64_t c = _mm_crc32_u64(0, load64(p + row->at[0]) & row->keep[0]);
    c = _mm_crc32_u64(c, load64(p + row->at[1]) & row->keep[1]);
    c = _mm_crc32_u64(c, load64(p + row->at[2]) & row->keep[2]);
    c = _mm_crc32_u64(c, load64(p + n - 16) & row->keep[3]);
    return _mm_crc32_u64(c, load64(p + n - 8));
}

#define ATOMSCOPE_SHIFT_LOW_ENTRIES 4096
#define ATOMSCOPE_SHIFT_HIGH_ENTRIES 4097

extern uint32_t atomscope_shift_low_powers[ATOMSCOPE_SHIFT_LOW_ENTRIES];
extern uint32_t atomscope_shift_high_powers[ATOMSCOPE_SHIFT_HIGH_ENTRIES];

// a * b * x^33 mod P: the carry-less product of two reflected polynomials is a * b * x, and
// the CRC instruction over it multiplies by x^32 and reduces.
__attribute__((target("sse4.2,pclmul")))
static inline uint32_t atomscope_multiply_times_x33(uint32_t a, uint32_t b) {
    __m128i product = _mm_clmulepi64_si128(_mm_cvtsi32_si128((int)a), _mm_cvtsi32_si128((int)b), 0);
    return (uint32_t)_mm_crc32_u64(0, (uint64_t)_mm_cvtsi128_si64(product));
}

// The constant that shifts a register by `count` zero bytes in one product,
// 9 <= count <= 9 + 4096 * 4097 - 1: x^(8 * count - 33).
__attribute__((target("sse4.2,pclmul")))
static inline uint32_t atomscope_shift_power(size_t count) {
    size_t beyond = count - 9;
    return atomscope_multiply_times_x33(atomscope_shift_low_powers[beyond % ATOMSCOPE_SHIFT_LOW_ENTRIES],
                                        atomscope_shift_high_powers[beyond / ATOMSCOPE_SHIFT_LOW_ENTRIES]);
}

// The register after `count` zero bytes, for the same range of `count`.
__attribute__((target("sse4.2,pclmul")))
static inline uint32_t atomscope_shift_inline(uint32_t crc, size_t count) {
    return atomscope_multiply_times_x33(crc, atomscope_shift_power(count));
}
#endif

#endif

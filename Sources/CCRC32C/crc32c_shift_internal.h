// What crc32c_shift.c shares with frame_search.c: the powers of x and the product, so that
// the search can shift a register without a call per candidate.
#ifndef ATOMSCOPE_CRC32C_SHIFT_INTERNAL_H
#define ATOMSCOPE_CRC32C_SHIFT_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#if defined(__x86_64__)
#include <immintrin.h>

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

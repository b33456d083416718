// Moving a CRC-32C register across a run of zero bytes with the processor's carry-less
// multiply. The register after n zero bytes is r * x^(8n) mod P. A carry-less product of two
// reflected 32-bit polynomials, reduced by the CRC instruction, is a * b * x^33 mod P, so a
// shift by any length a frame can have is two such products with constants from two tables
// of powers of x (32 KiB, built once). That is about the cost of checksumming one 8-byte word,
// where the lookup tables of the Swift side take up to 28 loads: it is what keeps the search
// for valid frames after damage near the speed of a plain scan when garbage holds a plausible
// frame header every few bytes.

#include "CCRC32C.h"
#include "crc32c_internal.h"

#if defined(__x86_64__)
#include <cpuid.h>
#include <pthread.h>

// CRC-32C's polynomial, reflected: bit 31 holds the coefficient of x^0.
#define REFLECTED_POLYNOMIAL 0x82F63B78u
#define LOW_ENTRIES ATOMSCOPE_SHIFT_LOW_ENTRIES
#define HIGH_ENTRIES ATOMSCOPE_SHIFT_HIGH_ENTRIES

// low[i] = x^(8i + 6) and high[j] = x^(8 * 4096 * j), reflected. The 6 and the offset of 9
// bytes in the shift below absorb the two factors x^33 the products add (8 * 9 = 72 = 66 + 6),
// so that no table needs a negative power of x.
uint32_t atomscope_shift_low_powers[LOW_ENTRIES];
uint32_t atomscope_shift_high_powers[HIGH_ENTRIES];
static pthread_once_t tables_once = PTHREAD_ONCE_INIT;
static int shift_available;

// a * b mod P in software, bit by bit: only for building the tables.
static uint32_t multiply_slowly(uint32_t a, uint32_t b) {
    uint32_t product = 0;
    for (int degree = 0; degree < 32; degree++) {
        if (a & (0x80000000u >> degree)) product ^= b;
        // b times x: one step towards higher degrees, reduced by P when x^31 overflows.
        b = (b >> 1) ^ ((b & 1u) ? REFLECTED_POLYNOMIAL : 0u);
    }
    return product;
}

static uint32_t power_of_x(uint64_t exponent) {
    uint32_t result = 0x80000000u;  // x^0
    uint32_t square = 0x40000000u;  // x^1
    while (exponent != 0) {
        if (exponent & 1u) result = multiply_slowly(result, square);
        square = multiply_slowly(square, square);
        exponent >>= 1;
    }
    return result;
}

// a * x^8 mod P: eight steps of multiplying by x.
static uint32_t times_x8(uint32_t a) {
    for (int step = 0; step < 8; step++) a = (a >> 1) ^ ((a & 1u) ? REFLECTED_POLYNOMIAL : 0u);
    return a;
}

// Building the tables takes a few hundred thousand instructions: the low table by steps of
// x^8, the high one by the carry-less product (bit-by-bit products took ten times as long,
// more than the search they serve on a megabyte).
__attribute__((target("sse4.2,pclmul")))
static void build_tables(void) {
    unsigned int eax, ebx, ecx, edx;
    if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx)) return;
    if ((ecx & bit_SSE4_2) == 0 || (ecx & bit_PCLMUL) == 0) return;
    atomscope_shift_low_powers[0] = power_of_x(6);
    for (int i = 1; i < LOW_ENTRIES; i++) atomscope_shift_low_powers[i] = times_x8(atomscope_shift_low_powers[i - 1]);
    // The product adds x^33, so each step multiplies by x^(8 * 4096 - 33).
    uint32_t block_step = power_of_x(8u * LOW_ENTRIES - 33);
    atomscope_shift_high_powers[0] = power_of_x(0);
    for (int j = 1; j < HIGH_ENTRIES; j++) {
        atomscope_shift_high_powers[j] = atomscope_multiply_times_x33(atomscope_shift_high_powers[j - 1], block_step);
    }
    shift_available = 1;
}

int atomscope_crc32c_shift_hardware_available(void) {
    pthread_once(&tables_once, build_tables);
    return shift_available;
}

__attribute__((target("sse4.2,pclmul")))
uint32_t atomscope_crc32c_shift_hardware(uint32_t crc, size_t count) {
    return atomscope_shift_inline(crc, count);
}

#else

int atomscope_crc32c_shift_hardware_available(void) { return 0; }

uint32_t atomscope_crc32c_shift_hardware(uint32_t crc, size_t count) {
    (void)count;
    return crc;
}

#endif

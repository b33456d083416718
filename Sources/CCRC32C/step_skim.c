// Skimming a run of step frames (StepSkimVisitor in Swift explains when it is used): what
// `atomscope stat`, `log` and the REPL read from every step when they open a journal. The
// Swift skim took about 900 instructions a step of three values, the frame's checks included;
// most of it went to reading one field at a time through calls that each could throw. This
// loop checks a frame as the index's loop does (or, in a trusted run over frames the index's
// loop has just checked in the same pass, takes them as they are: the open's own counts and
// notes, StepNumberTally and StepNoter) and reads the payload's fields in place. The
// rules are the Swift skim's (ByteReader.skimStep): anything this code does not take whole,
// including every malformed payload, goes to the Swift skim, which is the reference the tests
// compare this with and the one that names errors.

#include "CStepSkim.h"
#include "CStepIndex.h"

#if defined(__x86_64__)
#include "CCRC32C.h"
#include "crc32c_internal.h"

#define HEADER_SIZE 17

// Field values of the step layout (JournalRecord+Codec.swift).
#define SECTION_LABEL 0x01u
#define SECTION_INITIALIZED 0x02u
#define SECTION_UPDATED 0x04u
#define SECTION_RELEASED 0x08u
#define SECTION_EDGES_ADDED 0x10u
#define SECTION_EDGES_REMOVED 0x20u
#define SECTION_SUBSCRIPTIONS_ADDED 0x40u
#define SECTION_SUBSCRIPTIONS_REMOVED 0x80u
#define EXTENSION_RECOMPUTED 1
#define EXTENSION_PATCHED 2
#define TAG_JSON 0
#define TAG_TEXT 1
#define TAG_REDACTED 2
#define TAG_ABSENT 3
#define TAG_INTEGER 4

static inline uint32_t mask(uint32_t crc) {
    return ((crc >> 15) | (crc << 17)) + 0xA282EAD8u;
}

/// The readers below take the next byte to read and return the one after what they read, or
/// NULL when the bytes are not what they read (cut off, too long, out of range): the step is
/// then the Swift skim's. `end` is the end of the payload, or of a block in it; `readable`,
/// the end of the memory that may be loaded from (the window's), for loads of whole words that
/// mask off what is not theirs. Pointers in and out, not a cursor in memory: every field of
/// a step stays in a register.

/// `varint` for what its fast paths leave: up to nine bytes read one at a time (near the end
/// of the window, or nine bytes long). Out of line, so that the fast paths stay small.
__attribute__((noinline))
static const unsigned char *varint_slowly(const unsigned char *p, const unsigned char *end, uint64_t *value) {
    const size_t left = (size_t)(end - p);
    const size_t most = left < 9 ? left : 9;
    uint64_t raw = 0;
    for (size_t index = 0; index < most; index++) {
        raw |= (uint64_t)(p[index] & 0x7F) << (7 * index);
        if (p[index] < 0x80) {
            *value = raw;
            return p + index + 1;
        }
    }
    return NULL;
}

/// A varint of at most nine bytes (63 bits: no shift or sum overflows, and every value fits an
/// `Int`). One byte (atom numbers, counts, short lengths) by itself; up to eight from one
/// load, without a branch per byte: a counter's value or a time difference takes two to four,
/// and a loop over them mispredicted its exit once a varint.
__attribute__((always_inline))
static inline const unsigned char *varint(const unsigned char *p, const unsigned char *end, const unsigned char *readable, uint64_t *value) {
    if (p < end && p[0] < 0x80) {
        *value = p[0];
        return p + 1;
    }
    if (end - p >= 2 && p[1] < 0x80) {
        *value = (uint64_t)(p[0] & 0x7F) | ((uint64_t)p[1] << 7);
        return p + 2;
    }
    if (readable - p >= 8) {
        const uint64_t word = load64(p);
        const uint64_t stops = ~word & 0x8080808080808080ull;
        if (stops != 0) {
            const size_t size = ((size_t)__builtin_ctzll(stops) >> 3) + 1;
            if (size > (size_t)(end - p)) return NULL;
            // Every bit up to the first stop bit: the varint's bytes, none after; then each
            // byte's seven bits moved next to the ones before.
            const uint64_t bits = word & (stops ^ (stops - 1));
            *value = (bits & 0x7Full) | ((bits >> 1) & 0x3F80ull) | ((bits >> 2) & 0x1FC000ull)
                | ((bits >> 3) & 0xFE00000ull) | ((bits >> 4) & 0x7F0000000ull) | ((bits >> 5) & 0x3F800000000ull)
                | ((bits >> 6) & 0x1FC0000000000ull) | ((bits >> 7) & 0xFE000000000000ull);
            return p + size;
        }
    }
    return varint_slowly(p, end, value);
}

/// Moves past a varint of at most nine bytes without reading its value (a step's commit and
/// time differences, which the index has).
__attribute__((always_inline))
static inline const unsigned char *skip_varint(const unsigned char *p, const unsigned char *end, const unsigned char *readable) {
    if (readable - p >= 8) {
        const uint64_t stops = ~load64(p) & 0x8080808080808080ull;
        if (stops != 0) {
            const size_t size = ((size_t)__builtin_ctzll(stops) >> 3) + 1;
            return size > (size_t)(end - p) ? NULL : p + size;
        }
    }
    uint64_t ignored;
    return varint_slowly(p, end, &ignored);
}

/// A count of items of at least `size` bytes each, no more than the bytes after it can hold.
__attribute__((always_inline))
static inline const unsigned char *item_count(const unsigned char *p, const unsigned char *end, const unsigned char *readable, size_t size, uint64_t *count) {
    p = varint(p, end, readable, count);
    if (p == NULL || *count > (uint64_t)(end - p) / size) return NULL;
    return p;
}

/// Moves past a string whose bytes are all ASCII and sets its length; NULL for any other
/// string (the Swift skim checks UTF-8 beyond ASCII).
__attribute__((always_inline))
static inline const unsigned char *ascii_string(const unsigned char *p, const unsigned char *end, const unsigned char *readable, int64_t *size) {
    uint64_t count;
    p = varint(p, end, readable, &count);
    if (p == NULL || count > (uint64_t)(end - p)) return NULL;
    if (count < 8 && readable - p >= 8) {
        // The string's own bytes only: the low `count` bytes of a little-endian word.
        const uint64_t own = count == 0 ? 0 : ~(uint64_t)0 >> (64 - 8 * count);
        if (load64(p) & own & 0x8080808080808080ull) return NULL;
    } else {
        size_t index = 0;
        for (; count - index >= 8; index += 8) {
            if (load64(p + index) & 0x8080808080808080ull) return NULL;
        }
        for (; index < count; index++) {
            if (p[index] & 0x80) return NULL;
        }
    }
    *size = (int64_t)count;
    return p + count;
}

static const uint64_t powers_of_ten[20] = {
    1ull, 10ull, 100ull, 1000ull, 10000ull, 100000ull, 1000000ull, 10000000ull, 100000000ull,
    1000000000ull, 10000000000ull, 100000000000ull, 1000000000000ull, 10000000000000ull,
    100000000000000ull, 1000000000000000ull, 10000000000000000ull, 100000000000000000ull,
    1000000000000000000ull, 10000000000000000000ull,
};

/// How many characters an integer's decimal text has, its sign included
/// (CanonicalInteger.textLength): an integer value's size is counted as its JSON text.
__attribute__((always_inline))
static inline int64_t text_length(int64_t value) {
    const uint64_t magnitude = value < 0 ? (uint64_t)0 - (uint64_t)value : (uint64_t)value;
    // floor(log10) from the bit length (1233 / 4096 is just below log10(2), close enough for every bit length up to 64), corrected by one
    // comparison; zero has one digit.
    const unsigned bits = 64 - (unsigned)__builtin_clzll(magnitude | 1);
    const unsigned estimate = (bits * 1233) >> 12;
    const int64_t digits = (int64_t)estimate + (magnitude >= powers_of_ten[estimate] || magnitude == 0 ? 1 : 0);
    return digits + (value < 0 ? 1 : 0);
}

/// Value entries: a count, then each an atom number and a value; appended at `values`. With
/// `sizes` 0 (a run that notes, which never reads a value's size) an integer's size is left
/// at 0 rather than counted: its digits cost about a fifth of a step.
__attribute__((always_inline))
static inline const unsigned char *entries(const unsigned char *p, const unsigned char *end, const unsigned char *readable, atomscope_skim_value **values, const int sizes) {
    uint64_t count;
    p = item_count(p, end, readable, 2, &count);
    if (p == NULL) return NULL;
    atomscope_skim_value *out = *values;
    for (uint64_t item = 0; item < count; item++) {
        uint64_t atom;
        p = varint(p, end, readable, &atom);
        if (p == NULL || p >= end) return NULL;
        const unsigned tag = *p++;
        int64_t size;
        if (tag == TAG_INTEGER) {
            uint64_t raw;
            p = varint(p, end, readable, &raw);
            if (p == NULL) return NULL;
            size = sizes ? text_length((int64_t)(raw >> 1) ^ -(int64_t)(raw & 1)) : 0;
        } else if (tag == TAG_JSON || tag == TAG_TEXT) {
            p = ascii_string(p, end, readable, &size);
            if (p == NULL) return NULL;
        } else if (tag == TAG_REDACTED || tag == TAG_ABSENT) {
            size = 0;
        } else {
            return NULL;
        }
        out->atom = (int64_t)atom;
        out->bytes = size;
        out++;
    }
    *values = out;
    return p;
}

/// Numbers: a count, then each number; appended at `list`.
__attribute__((always_inline))
static inline const unsigned char *numbers(const unsigned char *p, const unsigned char *end, const unsigned char *readable, int64_t **list) {
    uint64_t count;
    p = item_count(p, end, readable, 1, &count);
    if (p == NULL) return NULL;
    int64_t *out = *list;
    for (uint64_t item = 0; item < count; item++) {
        uint64_t number;
        p = varint(p, end, readable, &number);
        if (p == NULL) return NULL;
        *out++ = (int64_t)number;
    }
    *list = out;
    return p;
}

/// Pairs of numbers: a count, then each two numbers; appended at `list`.
__attribute__((always_inline))
static inline const unsigned char *pairs(const unsigned char *p, const unsigned char *end, const unsigned char *readable, atomscope_skim_pair **list) {
    uint64_t count;
    p = item_count(p, end, readable, 2, &count);
    if (p == NULL) return NULL;
    atomscope_skim_pair *out = *list;
    for (uint64_t item = 0; item < count; item++) {
        uint64_t first, second;
        p = varint(p, end, readable, &first);
        if (p == NULL) return NULL;
        p = varint(p, end, readable, &second);
        if (p == NULL) return NULL;
        out->first = (int64_t)first;
        out->second = (int64_t)second;
        out++;
    }
    *list = out;
    return p;
}

/// Where the next item of each list goes: a step's items are kept only when its whole payload
/// was read.
typedef struct {
    atomscope_skim_value *values;
    int64_t *released;
    int64_t *recomputed;
    atomscope_skim_pair *edges;
    atomscope_skim_pair *subscriptions;
} list_ends;

/// Where a run counts, read once a step: stores into the counts could otherwise be the run's
/// own fields as far as the compiler knows, and it read each again for every item.
typedef struct {
    const int32_t *slot_of;
    uint64_t numbered;
    atomscope_slot_counts *counts;
} count_table;

/// Counts a change of atom `atom` at step `position`, with `bytes` of value; with `firsts`,
/// keeps the first step that counted one. Returns 1 when the number is not below `numbered`
/// (and so counted nowhere), 0 otherwise.
__attribute__((always_inline))
static inline int count_change(const count_table table, uint64_t atom, int64_t bytes, int64_t position, const int firsts) {
    if (atom >= table.numbered) return 1;
    const int32_t slot = table.slot_of[atom];
    if (slot < 0) return 0;
    atomscope_slot_counts *const counts = table.counts + slot;
    counts->value_bytes += bytes;
    if (counts->last_change != position) {
        if (firsts && counts->changes == 0) counts->first_change = position;
        counts->last_change = position;
        counts->changes++;
    }
    return 0;
}

/// Counts a recompute of atom `atom` at step `position`; `firsts` and the result as for
/// count_change.
__attribute__((always_inline))
static inline int count_recompute(const count_table table, uint64_t atom, int64_t position, const int firsts) {
    if (atom >= table.numbered) return 1;
    const int32_t slot = table.slot_of[atom];
    if (slot < 0) return 0;
    atomscope_slot_counts *const counts = table.counts + slot;
    if (counts->last_recompute != position) {
        if (firsts && counts->recomputes == 0) counts->first_recompute = position;
        counts->last_recompute = position;
        counts->recomputes++;
    }
    return 0;
}

/// Counts one step's items, listed from `from` to `to`, at step `position`: only once the
/// whole payload was read, so that a step the Swift skim reads instead is not counted twice.
/// Returns nonzero when an item's number is not below `numbered` (it was counted nowhere).
__attribute__((always_inline))
static inline int count_step(const atomscope_skim_run *run, const list_ends *from, const list_ends *to, int64_t position, const int firsts) {
    const count_table table = {run->slot_of, run->numbered, run->counts};
    int beyond = 0;
    for (const atomscope_skim_value *value = from->values; value < to->values; value++) {
        beyond |= count_change(table, (uint64_t)value->atom, value->bytes, position, firsts);
    }
    for (const int64_t *atom = from->released; atom < to->released; atom++) {
        beyond |= count_change(table, (uint64_t)*atom, 0, position, firsts);
    }
    for (const int64_t *atom = from->recomputed; atom < to->recomputed; atom++) {
        beyond |= count_recompute(table, (uint64_t)*atom, position, firsts);
    }
    return beyond;
}

/// The slot of a defined atom number, or -1.
__attribute__((always_inline))
static inline int32_t defined_slot(const int32_t *slot_of, size_t numbered, uint64_t atom) {
    return atom < numbered ? slot_of[atom] : -1;
}

/// Whether `table` (of `count` numbers, -1 for a number not defined) defines `number`.
__attribute__((always_inline))
static inline int defined(const int32_t *table, size_t count, uint64_t number) {
    return number < count && table[number] >= 0;
}

/// Adds `number` to `list` unless it already ends with it (a step is noted once a list);
/// 0 when the list is full, and nothing is added.
__attribute__((always_inline))
static inline int note(atomscope_step_numbers *list, int32_t number) {
    const uint32_t count = list->count;
    if (count > 0 && list->steps[count - 1] == number) return 1;
    if (count == list->capacity) return 0;
    list->steps[count] = number;
    list->count = count + 1;
    return 1;
}

/// Takes back what `note` added to `list` for step `number`: a list gains a step at most
/// once, as its last entry, and no earlier step has the same number.
__attribute__((always_inline))
static inline void unnote(atomscope_step_numbers *list, int32_t number) {
    if (list->count > 0 && list->steps[list->count - 1] == number) list->count--;
}

/// Sets bit `number` of `bits`.
__attribute__((always_inline))
static inline void mark(uint64_t *bits, uint64_t number) {
    bits[number >> 6] |= (uint64_t)1 << (number & 63);
}

/// For notes by atom number (see atomscope_step_notes.named_atoms): marks the atoms, locations
/// and subscribers a checked step names other than through its values, releases and
/// recomputes, which its lists show. A step that is then left to the caller (a full list) may
/// stay marked: the caller names the same numbers when it notes the step.
__attribute__((always_inline))
static inline void mark_named(atomscope_step_notes *notes, const atomscope_skimmed_step *step, const list_ends *from, const list_ends *to) {
    if (step->cause_atom >= 0) mark(notes->named_atoms, (uint64_t)step->cause_atom);
    if (step->cause_location >= 0) mark(notes->named_locations, (uint64_t)step->cause_location);
    for (const atomscope_skim_pair *edge = from->edges; edge < to->edges; edge++) {
        mark(notes->named_atoms, (uint64_t)edge->first);
        mark(notes->named_atoms, (uint64_t)edge->second);
    }
    for (const atomscope_skim_pair *subscription = from->subscriptions; subscription < to->subscriptions; subscription++) {
        mark(notes->named_atoms, (uint64_t)subscription->first);
        mark(notes->named_subscribers, (uint64_t)subscription->second);
    }
}

/// Checks and notes one step, listed from `from` to `to` with its cause in `step`, at
/// `position`: 1 when it was noted, 0 when it is the Swift skim's (a check failed), -1 when
/// a list is full (`notes->full_slot` says which). A step is noted whole or not at all: the
/// checks that note nothing come first, and the notes of a step that then fails (an
/// undefined atom, a full list) are taken back, which costs one pass where a step noted in
/// two (every check, then every note) cost two.
__attribute__((always_inline))
static inline int note_step(atomscope_step_notes *notes, const atomscope_skimmed_step *step, const list_ends *from, const list_ends *to, int64_t position) {
    if (position >= notes->limit || position >= INT32_MAX) return 0;
    const int32_t number = (int32_t)(position + 1);
    const int32_t *const slot_of = notes->slot_of;
    const size_t numbered = notes->numbered;
    if (step->cause_atom >= 0 && defined_slot(slot_of, numbered, (uint64_t)step->cause_atom) < 0) return 0;
    if (step->cause_location >= 0 && !defined(notes->location_table, notes->locations, (uint64_t)step->cause_location)) return 0;
    for (const atomscope_skim_pair *edge = from->edges; edge < to->edges; edge++) {
        if (defined_slot(slot_of, numbered, (uint64_t)edge->first) < 0 || defined_slot(slot_of, numbered, (uint64_t)edge->second) < 0) return 0;
    }
    for (const atomscope_skim_pair *subscription = from->subscriptions; subscription < to->subscriptions; subscription++) {
        if (defined_slot(slot_of, numbered, (uint64_t)subscription->first) < 0
            || !defined(notes->subscriber_table, notes->subscribers, (uint64_t)subscription->second)) return 0;
    }
    if (notes->named_atoms != NULL) mark_named(notes, step, from, to);
    int outcome = 1;
    int32_t full = -1, full_recompute = 0;
    const atomscope_skim_value *value = from->values;
    const int64_t *released = from->released;
    const int64_t *recomputed = from->recomputed;
    for (; value < to->values; value++) {
        const int32_t slot = defined_slot(slot_of, numbered, (uint64_t)value->atom);
        if (slot < 0) { outcome = 0; break; }
        if (!note(notes->changes + slot, number)) { outcome = -1; full = slot; break; }
    }
    if (outcome == 1) {
        for (; released < to->released; released++) {
            const int32_t slot = defined_slot(slot_of, numbered, (uint64_t)*released);
            if (slot < 0) { outcome = 0; break; }
            if (!note(notes->changes + slot, number)) { outcome = -1; full = slot; break; }
        }
    }
    if (outcome == 1) {
        for (; recomputed < to->recomputed; recomputed++) {
            const int32_t slot = defined_slot(slot_of, numbered, (uint64_t)*recomputed);
            if (slot < 0) { outcome = 0; break; }
            if (!note(notes->recomputes + slot, number)) { outcome = -1; full = slot; full_recompute = 1; break; }
        }
    }
    if (outcome == 1) return 1;
    // Every item before the one that failed was defined and noted: take their notes back.
    for (const atomscope_skim_value *item = from->values; item < value; item++) unnote(notes->changes + slot_of[item->atom], number);
    for (const int64_t *item = from->released; item < released; item++) unnote(notes->changes + slot_of[*item], number);
    for (const int64_t *item = from->recomputed; item < recomputed; item++) unnote(notes->recomputes + slot_of[*item], number);
    if (outcome < 0) {
        notes->full_slot = full;
        notes->full_recompute = full_recompute;
    }
    return outcome;
}

/// Skims one step payload into the lists from `ends` on, moving `ends` past its items and
/// filling `step`'s cause and initialized count; 0 when the payload is not one this loop takes.
/// `sizes` as for `entries`.
__attribute__((always_inline))
static inline int skim(const unsigned char *p, size_t size, const unsigned char *readable, list_ends *ends, atomscope_skimmed_step *step, const int sizes) {
    const unsigned char *const end = p + size;
    uint64_t cause_atom, cause_location;
    int64_t skipped;
    // The commit's and the time's differences.
    if ((p = skip_varint(p, end, readable)) == NULL || (p = skip_varint(p, end, readable)) == NULL || p >= end) return 0;
    if (*p++ == 0 && (p = ascii_string(p, end, readable, &skipped)) == NULL) return 0;
    if ((p = varint(p, end, readable, &cause_atom)) == NULL || (p = varint(p, end, readable, &cause_location)) == NULL || p >= end) return 0;
    const unsigned flags = *p++;
    // A number is at most 2^63 - 1 here, so one less is at least -1: none.
    step->cause_atom = (int64_t)cause_atom - 1;
    step->cause_location = (int64_t)cause_location - 1;
    if ((flags & SECTION_LABEL) && (p = ascii_string(p, end, readable, &skipped)) == NULL) return 0;
    step->initialized = 0;
    if (flags & SECTION_INITIALIZED) {
        atomscope_skim_value *const from = ends->values;
        if ((p = entries(p, end, readable, &ends->values, sizes)) == NULL) return 0;
        step->initialized = (uint32_t)(ends->values - from);
    }
    if ((flags & SECTION_UPDATED) && (p = entries(p, end, readable, &ends->values, sizes)) == NULL) return 0;
    if (flags & ~(SECTION_LABEL | SECTION_INITIALIZED | SECTION_UPDATED)) {
        if ((flags & SECTION_RELEASED) && (p = numbers(p, end, readable, &ends->released)) == NULL) return 0;
        if ((flags & SECTION_EDGES_ADDED) && (p = pairs(p, end, readable, &ends->edges)) == NULL) return 0;
        if ((flags & SECTION_EDGES_REMOVED) && (p = pairs(p, end, readable, &ends->edges)) == NULL) return 0;
        if ((flags & SECTION_SUBSCRIPTIONS_ADDED) && (p = pairs(p, end, readable, &ends->subscriptions)) == NULL) return 0;
        if ((flags & SECTION_SUBSCRIPTIONS_REMOVED) && (p = pairs(p, end, readable, &ends->subscriptions)) == NULL) return 0;
    }
    // Extensions: each a tag and a block; recomputed atoms are read, patches are the Swift
    // skim's, and a tag this version does not know is passed over, as there.
    while (p < end) {
        const unsigned tag = *p++;
        uint64_t block;
        if ((p = varint(p, end, readable, &block)) == NULL || block > (uint64_t)(end - p)) return 0;
        const unsigned char *const block_end = p + block;
        if (tag == EXTENSION_RECOMPUTED) {
            if (numbers(p, block_end, readable, &ends->recomputed) == NULL) return 0;
        } else if (tag == EXTENSION_PATCHED) {
            return 0;
        }
        p = block_end;
    }
    return 1;
}

/// The register after a frame's `n` checksummed bytes at `p` (the type byte on), from the
/// seed: from zero, the seed's share looked up in `zeros`; up to 40 bytes as five words
/// (`atomscope_short_frame_register`), more with the first n % 8 read as the end of a word led
/// by zeros (the 8 bytes before `p` are the frame's header); a frame too long for the table
/// from the seed itself.
__attribute__((target("sse4.2")))
static inline uint32_t frame_register(const unsigned char *p, size_t n, uint32_t seed, const uint32_t *zeros) {
    if (n <= 40) return (uint32_t)atomscope_short_frame_register(p, n) ^ zeros[n];
    if (n >= ATOMSCOPE_STEP_INDEX_ZEROS) return atomscope_crc32c_hardware(seed, p, n);
    const size_t head = n & 7;
    uint64_t c = head == 0 ? 0 : _mm_crc32_u64(0, load64(p + head - 8) & (~(uint64_t)0 << (64 - 8 * head)));
    for (const unsigned char *q = p + head, *end = p + n; q < end; q += 8) {
        c = _mm_crc32_u64(c, load64(q));
    }
    return (uint32_t)c ^ zeros[n];
}

/// The loop, for a run that lists (`mode` 0), counts (1), notes (2), or counts (3) or notes
/// (4) frames already checked: a constant in each of the five copies the compiler makes, so
/// that none tests it per step.
__attribute__((target("sse4.2"), always_inline))
static inline size_t skim_run(atomscope_skim_run *run, const int mode) {
    const unsigned char *const bytes = run->bytes;
    const unsigned char *const end = bytes + run->count;
    const unsigned char *frame = bytes + run->position;
    const uint32_t maximum = run->maximum_payload, seed = run->seed;
    const uint8_t step_type = run->step_type;
    const uint32_t *const zeros = run->zeros;
    uint64_t sequence = run->sequence;
    int64_t position = run->step_position;
    run->beyond = -1;
    // What the caller passed must be within its own bounds; otherwise nothing is taken.
    if (run->position > run->count || run->steps_used > run->step_capacity || run->values_used > run->value_capacity
        || run->released_used > run->released_capacity || run->recomputed_used > run->recomputed_capacity
        || run->edges_used > run->edge_capacity || run->subscriptions_used > run->subscription_capacity) return 0;
    const list_ends start = {
        run->values + run->values_used, run->released + run->released_used, run->recomputed + run->recomputed_used,
        run->edges + run->edges_used, run->subscriptions + run->subscriptions_used,
    };
    list_ends ends = start;
    // No list gains more items than the payloads taken have bytes: one count of those bytes
    // against the smallest list's room keeps every list within its own. A run that counts
    // empties its lists after each step, so only the step's own bytes count.
    size_t room = run->value_capacity - run->values_used;
    if (run->released_capacity - run->released_used < room) room = run->released_capacity - run->released_used;
    if (run->recomputed_capacity - run->recomputed_used < room) room = run->recomputed_capacity - run->recomputed_used;
    if (run->edge_capacity - run->edges_used < room) room = run->edge_capacity - run->edges_used;
    if (run->subscription_capacity - run->subscriptions_used < room) room = run->subscription_capacity - run->subscriptions_used;
    atomscope_skimmed_step *step = run->steps + run->steps_used;
    atomscope_skimmed_step *const steps_end = run->steps + run->step_capacity;
    size_t taken = 0;
    while (step < steps_end && (size_t)(end - frame) >= HEADER_SIZE) {
        const uint32_t size = load32(frame);
        if (size > maximum || frame[8] != step_type || size > room) break;
        const size_t whole = HEADER_SIZE + (size_t)size;
        if ((size_t)(end - frame) < whole) break;
        if ((size_t)(end - frame) > 1024 + 64) __builtin_prefetch(frame + 1024);
        if (mode < 3 && (mask(~frame_register(frame + 8, (size_t)size + 9, seed, zeros)) != load32(frame + 4)
            || load64(frame + 9) != sequence)) break;
        list_ends next = ends;
        if (!skim(frame + HEADER_SIZE, size, end, &next, step, mode != 2 && mode != 4)) break;
        if ((mode == 2 || mode == 4) && note_step(run->notes, step, &ends, &next, position) != 1) break;
        frame += whole;
        taken++;
        sequence++;
        if (mode == 1) count_step(run, &ends, &next, position, 0);
        if (mode == 3 && count_step(run, &ends, &next, position, 1)) {
            // Numbers past the counts' room: the caller makes room and counts those items.
            run->beyond = (int64_t)(frame - whole - bytes);
            position++;
            break;
        }
        if (mode != 0) {
            position++;
            continue;
        }
        step->values = (uint32_t)(next.values - ends.values);
        step->released = (uint32_t)(next.released - ends.released);
        step->recomputed = (uint32_t)(next.recomputed - ends.recomputed);
        step->edges = (uint32_t)(next.edges - ends.edges);
        step->subscriptions = (uint32_t)(next.subscriptions - ends.subscriptions);
        step->end = (uint64_t)(frame - bytes);
        ends = next;
        room -= size;
        step++;
    }
    run->position = (size_t)(frame - bytes);
    run->sequence = sequence;
    run->step_position = position;
    run->steps_used = (size_t)(step - run->steps);
    run->values_used = (size_t)(ends.values - run->values);
    run->released_used = (size_t)(ends.released - run->released);
    run->recomputed_used = (size_t)(ends.recomputed - run->recomputed);
    run->edges_used = (size_t)(ends.edges - run->edges);
    run->subscriptions_used = (size_t)(ends.subscriptions - run->subscriptions);
    return taken;
}

__attribute__((target("sse4.2")))
size_t atomscope_skim_steps(atomscope_skim_run *run) {
    if (run->slot_of != NULL && run->counts != NULL) return run->trusted ? skim_run(run, 3) : skim_run(run, 1);
    if (run->notes != NULL) return run->trusted ? skim_run(run, 4) : skim_run(run, 2);
    return skim_run(run, 0);
}

#else

size_t atomscope_skim_steps(atomscope_skim_run *run) {
    (void)run;
    return 0;
}

#endif

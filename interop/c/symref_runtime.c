/* The runtime every C export of symref carries (interop/c/c_exporter.cpp pastes it in): integers
 * (GMP, or 64-bit with overflow checks), int[] values, objects, the run's control (steps, call
 * depth, branch letters, outcomes) and the state JSON read at the start and written at the end, in
 * the format of `symref run --json`.  Plain C99 apart from GMP. */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static inline void sr_fatal(const char* message, const char* detail) {
  fprintf(stderr, "symref-export: error: %s%s\n", message, detail ? detail : "");
  exit(1);
}

static inline void* sr_alloc(size_t bytes) {
  void* p = calloc(1, bytes ? bytes : 1);
  if (!p) sr_fatal("out of memory", 0);
  return p;
}

/* ---- The end of a run ------------------------------------------------------------------------ */

static jmp_buf sr_finish;
static const char* sr_outcome = "normal";
static const char* sr_reason = 0;
static inline void sr_end(const char* outcome) {
  sr_outcome = outcome;
#ifdef SYMREF_REPORT_OUTCOME
  SYMREF_REPORT_OUTCOME(outcome); /* a C engine's hook: abort/assert on the outcomes it hunts */
#endif
  longjmp(sr_finish, 1);
}
/* The run cannot be compared: a fixed-width integer left its range, or an input does not fit. */
static inline void sr_inconclusive(const char* reason) {
  sr_reason = reason;
  sr_end("inconclusive");
}

/* ---- Integers -------------------------------------------------------------------------------- */
/* sr_int is an array of one element in both models, so that it is passed by reference the same way. */
#ifdef SYMREF_INT_I64
typedef long long sr_int[1];
#define sr_init(x) ((x)[0] = 0)
#define sr_clear(x) ((void)0)
static inline void sr_set(sr_int r, const sr_int a) { r[0] = a[0]; }
static inline void sr_set_si(sr_int r, long long v) { r[0] = v; }
static inline void sr_set_str(sr_int r, const char* digits) {
  const char* p = digits + (*digits == '-');
  if (!*p) sr_fatal("not an integer: ", digits);
  for (; *p; ++p)
    if (!isdigit((unsigned char)*p)) sr_fatal("not an integer: ", digits);
  errno = 0;
  long long v = strtoll(digits, 0, 10);
  if (errno == ERANGE) sr_inconclusive("an integer outside 64 bits");
  r[0] = v;
}
static inline int sr_cmp(const sr_int a, const sr_int b) { return (a[0] > b[0]) - (a[0] < b[0]); }
static inline void sr_add(sr_int r, const sr_int a, const sr_int b) {
  if ((b[0] > 0 && a[0] > LLONG_MAX - b[0]) || (b[0] < 0 && a[0] < LLONG_MIN - b[0])) sr_inconclusive("overflow in +");
  r[0] = a[0] + b[0];
}
static inline void sr_sub(sr_int r, const sr_int a, const sr_int b) {
  if ((b[0] < 0 && a[0] > LLONG_MAX + b[0]) || (b[0] > 0 && a[0] < LLONG_MIN + b[0])) sr_inconclusive("overflow in -");
  r[0] = a[0] - b[0];
}
static inline void sr_mul(sr_int r, const sr_int a, const sr_int b) {
  long long x = a[0], y = b[0];
  int overflow = 0;
  if (x > 0)
    overflow = y > 0 ? x > LLONG_MAX / y : y < LLONG_MIN / x;
  else if (x < 0)
    overflow = y > 0 ? x < LLONG_MIN / y : (y < 0 && x < LLONG_MAX / y);
  if (overflow) sr_inconclusive("overflow in *");
  r[0] = x * y;
}
static inline void sr_neg(sr_int r, const sr_int a) {
  if (a[0] == LLONG_MIN) sr_inconclusive("overflow in unary -");
  r[0] = -a[0];
}
/* Euclidean and total (docs/language.md#expressions): 0 <= a % b < |b|, a / 0 == 0, a % 0 == a. */
static inline void sr_div(sr_int r, const sr_int a, const sr_int b) {
  long long x = a[0], y = b[0];
  if (y == 0) { r[0] = 0; return; }
  if (x == LLONG_MIN && y == -1) sr_inconclusive("overflow in /");
  long long q = x / y;
  if (x % y < 0) q = y > 0 ? q - 1 : q + 1;
  r[0] = q;
}
static inline void sr_mod(sr_int r, const sr_int a, const sr_int b) {
  long long x = a[0], y = b[0];
  if (y == 0) { r[0] = x; return; }
  if (y == -1 || y == 1) { r[0] = 0; return; }
  long long m = x % y;
  if (m < 0) m = y > 0 ? m + y : m - y;
  r[0] = m;
}
/* The decimal text (for JSON) into buffer, and whether |v| <= 2^53 - 1. */
static inline const char* sr_to_string(const sr_int a, char* buffer, size_t size) {
  snprintf(buffer, size, "%lld", a[0]);
  return buffer;
}
static inline int sr_fits_53(const sr_int a) { return a[0] >= -9007199254740991LL && a[0] <= 9007199254740991LL; }
static inline int sr_small_index(const sr_int a, long long length, long long* index) {
  if (a[0] < 0 || a[0] >= length) return 0;
  *index = a[0];
  return 1;
}
#else
#include <gmp.h>
typedef mpz_t sr_int;
#define sr_init(x) mpz_init(x)
#define sr_clear(x) mpz_clear(x)
#define sr_set(r, a) mpz_set(r, a)
#define sr_set_si(r, v) mpz_set_si(r, (long)(v))
static inline void sr_set_str(sr_int r, const char* digits) {
  if (mpz_set_str(r, digits, 10) != 0) sr_fatal("not an integer: ", digits);
}
#define sr_cmp(a, b) mpz_cmp(a, b)
#define sr_add(r, a, b) mpz_add(r, a, b)
#define sr_sub(r, a, b) mpz_sub(r, a, b)
#define sr_mul(r, a, b) mpz_mul(r, a, b)
#define sr_neg(r, a) mpz_neg(r, a)
/* Euclidean and total (docs/language.md#expressions): 0 <= a % b < |b|, a / 0 == 0, a % 0 == a.
 * The quotient is floor(a / b) for b > 0 and ceil(a / b) for b < 0. */
static inline void sr_div(sr_int r, const sr_int a, const sr_int b) {
  if (mpz_sgn(b) == 0)
    mpz_set_ui(r, 0);
  else if (mpz_sgn(b) > 0)
    mpz_fdiv_q(r, a, b);
  else
    mpz_cdiv_q(r, a, b);
}
static inline void sr_mod(sr_int r, const sr_int a, const sr_int b) {
  if (mpz_sgn(b) == 0)
    mpz_set(r, a);
  else
    mpz_mod(r, a, b); /* the remainder of |b|, never negative */
}
static inline const char* sr_to_string(const sr_int a, char* buffer, size_t size) {
  if (mpz_sizeinbase(a, 10) + 2 > size) return mpz_get_str(0, 10, a); /* leaked: only at the end of a run */
  return mpz_get_str(buffer, 10, a);
}
static inline int sr_fits_53(const sr_int a) {
  return mpz_cmp_si(a, -9007199254740991L) >= 0 && mpz_cmp_si(a, 9007199254740991L) <= 0;
}
static inline int sr_small_index(const sr_int a, long long length, long long* index) {
  if (mpz_sgn(a) < 0 || mpz_cmp_si(a, (long)length) >= 0) return 0;
  *index = (long long)mpz_get_si(a);
  return 1;
}
#endif

/* ---- Run control: steps, call depth, branch letters ------------------------------------------ */

static unsigned long long sr_steps = 0, sr_max_steps = 100000000ULL;
static unsigned long sr_depth = 1, sr_max_depth = 100000UL; /* active closures, main's included */
/* The run keeps its first 2^20 branch letters and counts them all, as `symref run --json` does
   (it then adds "branches_truncated" and "branch_count"). */
#define SR_KEPT_LETTERS (1ULL << 20)
static char* sr_branches = 0;
static size_t sr_branch_count = 0, sr_branch_capacity = 0;
static unsigned long long sr_letters = 0; /* every letter of the run, the kept ones and the rest */

static inline void sr_branch(char letter) {
  ++sr_letters;
  if (sr_branch_count >= SR_KEPT_LETTERS) return;
  if (sr_branch_count + 1 >= sr_branch_capacity) {
    sr_branch_capacity = sr_branch_capacity ? 2 * sr_branch_capacity : 256;
    sr_branches = (char*)realloc(sr_branches, sr_branch_capacity);
    if (!sr_branches) sr_fatal("out of memory", 0);
  }
  sr_branches[sr_branch_count++] = letter;
  sr_branches[sr_branch_count] = 0;
}
/* Before every transition: the step limit ends the run in `bound`, as `symref run --max-steps`. */
#define SR_STEP()                                 \
  do {                                            \
    if (sr_steps >= sr_max_steps) sr_end("bound"); \
    ++sr_steps;                                   \
  } while (0)
/* A call beyond --max-depth active closures ends the run in `bound`; that is not a transition. */
#define SR_CALL_DEPTH()           \
  do {                            \
    if (sr_depth >= sr_max_depth) { \
      --sr_steps;                 \
      sr_end("bound");            \
    }                             \
  } while (0)
/* §2.1 error transitions: δ fails, the letter E, the run ends in the state before the statement. */
static inline void sr_fail(const char* outcome) {
  sr_branch('E');
  sr_end(outcome);
}

/* ---- int[] values ---------------------------------------------------------------------------- */
/* Values: a := b copies b's elements and length.  Storage is kept and reused, so that copying an
 * array in a loop costs its length and no memory.  One element beyond the length is always
 * allocated and zero (and never read by a correct export), so that an export whose bound check is
 * wrong misbehaves the same way on every run instead of undefinedly. */
typedef struct {
  long long length;
  long long capacity; /* allocated elements, the spare one included */
  sr_int* elements;
} sr_array;

static inline void sr_array_resize(sr_array* a, long long length) {
  if (length + 1 > a->capacity) {
    sr_int* grown = (sr_int*)sr_alloc(sizeof(sr_int) * (size_t)(length + 1));
    for (long long k = 0; k <= length; ++k) sr_init(grown[k]);
    for (long long k = 0; k < a->capacity; ++k) sr_clear(a->elements[k]);
    free(a->elements);
    a->elements = grown;
    a->capacity = length + 1;
  }
  a->length = length;
  sr_set_si(a->elements[length], 0);
}
static inline void sr_array_assign(sr_array* to, const sr_array* from) {
  if (to == from) return;
  sr_array_resize(to, from->length);
  for (long long k = 0; k < from->length; ++k) sr_set(to->elements[k], from->elements[k]);
}

/* ---- Objects --------------------------------------------------------------------------------- */

typedef struct sr_object {
  int class_id;
  const char* name; /* the input's id; 0 for objects made by `new` until the output names them */
  struct sr_object* next;
} sr_object;
static sr_object* sr_heap_first = 0;
static sr_object* sr_heap_last = 0;

static inline void* sr_allocate_object(size_t bytes, int class_id) {
  sr_object* o = (sr_object*)sr_alloc(bytes);
  o->class_id = class_id;
  if (sr_heap_last)
    sr_heap_last->next = o;
  else
    sr_heap_first = o;
  sr_heap_last = o;
  return o;
}

/* ---- Reading JSON ---------------------------------------------------------------------------- */

enum { SR_JSON_NULL, SR_JSON_BOOL, SR_JSON_NUMBER, SR_JSON_STRING, SR_JSON_ARRAY, SR_JSON_OBJECT };
typedef struct sr_json {
  int kind;
  int boolean;
  char* text; /* number or string */
  size_t count;
  char** keys; /* objects */
  struct sr_json** items;
} sr_json;

static const char* sr_json_at;
static inline void sr_json_space(void) {
  while (*sr_json_at == ' ' || *sr_json_at == '\n' || *sr_json_at == '\r' || *sr_json_at == '\t') ++sr_json_at;
}
static sr_json* sr_json_value(void);
static inline char* sr_json_string(void) {
  if (*sr_json_at != '"') sr_fatal("input state: expected a string at: ", sr_json_at);
  ++sr_json_at;
  size_t capacity = 16, n = 0;
  char* s = (char*)sr_alloc(capacity);
  while (*sr_json_at != '"') {
    char c = *sr_json_at++;
    if (!c) sr_fatal("input state: unterminated string", 0);
    if (c == '\\') {
      c = *sr_json_at++;
      if (c == 'n') c = '\n';
      else if (c == 't') c = '\t';
      else if (c == 'u') sr_fatal("input state: \\u escapes are not supported", 0);
    }
    if (n + 2 > capacity) s = (char*)realloc(s, capacity *= 2);
    s[n++] = c;
  }
  ++sr_json_at;
  s[n] = 0;
  return s;
}
static inline sr_json* sr_json_value(void) {
  sr_json* v = (sr_json*)sr_alloc(sizeof(sr_json));
  sr_json_space();
  char c = *sr_json_at;
  if (c == '{' || c == '[') {
    int object = c == '{';
    v->kind = object ? SR_JSON_OBJECT : SR_JSON_ARRAY;
    ++sr_json_at;
    size_t capacity = 0;
    sr_json_space();
    if (*sr_json_at == (object ? '}' : ']')) {
      ++sr_json_at;
      return v;
    }
    for (;;) {
      if (v->count == capacity) {
        capacity = capacity ? 2 * capacity : 8;
        v->items = (sr_json**)realloc(v->items, capacity * sizeof(sr_json*));
        v->keys = (char**)realloc(v->keys, capacity * sizeof(char*));
      }
      v->keys[v->count] = 0;
      if (object) {
        sr_json_space();
        v->keys[v->count] = sr_json_string();
        sr_json_space();
        if (*sr_json_at++ != ':') sr_fatal("input state: expected ':'", 0);
      }
      v->items[v->count++] = sr_json_value();
      sr_json_space();
      if (*sr_json_at == ',') {
        ++sr_json_at;
        continue;
      }
      if (*sr_json_at++ != (object ? '}' : ']')) sr_fatal("input state: expected ',' or a closing bracket", 0);
      return v;
    }
  }
  if (c == '"') {
    v->kind = SR_JSON_STRING;
    v->text = sr_json_string();
  } else if (!strncmp(sr_json_at, "true", 4) || !strncmp(sr_json_at, "false", 5)) {
    v->kind = SR_JSON_BOOL;
    v->boolean = c == 't';
    sr_json_at += v->boolean ? 4 : 5;
  } else if (!strncmp(sr_json_at, "null", 4)) {
    v->kind = SR_JSON_NULL;
    sr_json_at += 4;
  } else if (c == '-' || isdigit((unsigned char)c)) {
    const char* start = sr_json_at++;
    while (isdigit((unsigned char)*sr_json_at)) ++sr_json_at;
    if (*sr_json_at == '.' || *sr_json_at == 'e' || *sr_json_at == 'E') sr_fatal("input state: not an integer", 0);
    v->kind = SR_JSON_NUMBER;
    v->text = (char*)sr_alloc((size_t)(sr_json_at - start) + 1);
    memcpy(v->text, start, (size_t)(sr_json_at - start));
  } else {
    sr_fatal("input state: unexpected text at: ", sr_json_at);
  }
  return v;
}
static inline sr_json* sr_json_read_file(const char* path) {
  FILE* f = fopen(path, "rb");
  if (!f) sr_fatal("cannot open the input state ", path);
  size_t capacity = 4096, n = 0;
  char* text = (char*)sr_alloc(capacity);
  size_t got;
  while ((got = fread(text + n, 1, capacity - n - 1, f)) > 0) {
    n += got;
    if (n + 1 >= capacity) text = (char*)realloc(text, capacity *= 2);
  }
  fclose(f);
  text[n] = 0;
  sr_json_at = text;
  sr_json* root = sr_json_value();
  sr_json_space();
  if (*sr_json_at) sr_fatal("input state: text after the state", 0);
  return root;
}
static inline sr_json* sr_json_get(const sr_json* object, const char* key) {
  if (!object || object->kind != SR_JSON_OBJECT) return 0;
  for (size_t k = 0; k < object->count; ++k)
    if (!strcmp(object->keys[k], key)) return object->items[k];
  return 0;
}
static inline void sr_json_int(const sr_json* v, sr_int out) {
  if (!v || (v->kind != SR_JSON_NUMBER && v->kind != SR_JSON_STRING)) sr_fatal("input state: an integer expected", 0);
  sr_set_str(out, v->text);
}
static inline int sr_json_bool(const sr_json* v) {
  if (!v || v->kind != SR_JSON_BOOL) sr_fatal("input state: true or false expected", 0);
  return v->boolean;
}
static inline void sr_json_array(const sr_json* v, sr_array* out) {
  if (!v || v->kind != SR_JSON_ARRAY) sr_fatal("input state: an array expected", 0);
  sr_array_resize(out, (long long)v->count);
  for (size_t k = 0; k < v->count; ++k) sr_json_int(v->items[k], out->elements[k]);
}
/* The input object with this id and class (a null reference gives 0). */
static inline void* sr_json_object(const sr_json* v, int class_id) {
  if (!v || v->kind == SR_JSON_NULL) return 0;
  if (v->kind != SR_JSON_STRING) sr_fatal("input state: an object id or null expected", 0);
  for (sr_object* o = sr_heap_first; o; o = o->next)
    if (o->name && !strcmp(o->name, v->text)) {
      if (o->class_id != class_id) sr_fatal("input state: an object of another class: ", v->text);
      return o;
    }
  sr_fatal("input state: no object ", v->text);
  return 0;
}

/* ---- Writing JSON, as `symref run --json` prints it (two spaces of indentation) -------------- */

static int sr_out_depth = 0;
static int sr_out_first[64];
static inline void sr_out_indent(int depth) {
  putchar('\n');
  for (int k = 0; k < 2 * depth; ++k) putchar(' ');
}
static inline void sr_out_open(char bracket) {
  putchar(bracket);
  sr_out_first[++sr_out_depth] = 1;
}
static inline void sr_out_close(char bracket) {
  if (!sr_out_first[sr_out_depth]) sr_out_indent(sr_out_depth - 1);
  putchar(bracket);
  --sr_out_depth;
}
static inline void sr_out_item(void) {
  if (!sr_out_first[sr_out_depth]) putchar(',');
  sr_out_first[sr_out_depth] = 0;
  sr_out_indent(sr_out_depth);
}
static inline void sr_out_string(const char* s) {
  putchar('"');
  for (; *s; ++s) {
    if (*s == '"' || *s == '\\') putchar('\\');
    putchar(*s);
  }
  putchar('"');
}
static inline void sr_out_key(const char* key) {
  sr_out_item();
  sr_out_string(key);
  fputs(": ", stdout);
}
static inline void sr_out_int(const sr_int v) {
  char buffer[64];
  const char* text = sr_to_string(v, buffer, sizeof buffer);
  if (sr_fits_53(v))
    fputs(text, stdout);
  else
    sr_out_string(text);
}
static inline void sr_out_bool(int b) { fputs(b ? "true" : "false", stdout); }
static inline void sr_out_reference(const void* o) {
  if (!o)
    fputs("null", stdout);
  else
    sr_out_string(((const sr_object*)o)->name);
}
static inline void sr_out_array(const sr_array* a) {
  sr_out_open('[');
  for (long long k = 0; k < a->length; ++k) {
    sr_out_item();
    sr_out_int(a->elements[k]);
  }
  sr_out_close(']');
}
/* Objects made by `new` are named o1, o2, ... in allocation order, skipping the input's ids (only
 * those can clash: the counter never hands out a name twice).  The input objects come first. */
static inline void sr_name_new_objects(void) {
  unsigned long counter = 1;
  const sr_object* first_new = sr_heap_first;
  while (first_new && first_new->name) first_new = first_new->next;
  for (sr_object* o = (sr_object*)first_new; o; o = o->next) {
    char* name = (char*)sr_alloc(24);
    for (;;) {
      snprintf(name, 24, "o%lu", counter++);
      int used = 0;
      for (const sr_object* input = sr_heap_first; input != first_new && !used; input = input->next)
        used = !strcmp(input->name, name);
      if (!used) break;
    }
    o->name = name;
  }
}

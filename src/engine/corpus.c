/* The corpus of interesting inputs and the coverage-feature map (contract
 * in search.h).  Fixed capacity, taken before the search starts: workers
 * never allocate.  When full, a random entry other than the best one is
 * replaced (the random choice keeps old and new material mixed). */
#include <string.h>

#include "engine/search.h"

int fer_corpus_init(ferret *f, fer_corpus *c, uint32_t nslots, uint32_t cap) {
  memset(c, 0, sizeof *c);
  c->nslots = nslots, c->cap = cap;
  c->inputs = fer_calloc(f, (size_t)cap * fer_array_bytes(nslots, sizeof *c->inputs));
  c->meta = fer_calloc(f, (size_t)cap * sizeof *c->meta);
  if (!c->inputs || !c->meta) {
    fer_corpus_release(f, c);
    return 0;
  }
  return 1;
}

void fer_corpus_release(ferret *f, fer_corpus *c) {
  fer_free(f, c->inputs, (size_t)c->cap * fer_array_bytes(c->nslots, sizeof *c->inputs));
  fer_free(f, c->meta, (size_t)c->cap * sizeof *c->meta);
  memset(c, 0, sizeof *c);
}

uint32_t fer_corpus_add(fer_corpus *c, fer_rng *rng, const fer_u128 *in,
                        fer_entry meta) {
  uint32_t i;
  if (c->size < c->cap) {
    i = c->size++;
  } else {
    i = (uint32_t)fer_rng_below(rng, c->cap);
    if (i == c->best) i = (i + 1) % c->cap;
  }
  memcpy(fer_corpus_input(c, i), in, (size_t)c->nslots * sizeof *in);
  c->meta[i] = meta;
  c->added++;
  /* >=: among equals, prefer the newest */
  if (c->size == 1 || meta.nsat >= c->meta[c->best].nsat) c->best = i;
  return i;
}

int fer_features_init(ferret *f, fer_features *ft, const fer_prog *p) {
  memset(ft, 0, sizeof *ft);
  uint32_t nc = (uint32_t)p->cons.size;
  ft->base_outcome = 0;
  ft->base_depth = 2 * nc;
  ft->base_atom = 3 * nc + 1;
  uint64_t n = (uint64_t)ft->base_atom + (uint64_t)p->natoms * FER_BUCKETS;
  if (n > (1u << 31)) n = 1u << 31; /* atom features then wrap (hashed) */
  ft->nbits = (uint32_t)n;
  ft->bits = fer_calloc(f, (n + 7) / 8);
  return ft->bits != NULL;
}

void fer_features_release(ferret *f, fer_features *ft) {
  fer_free(f, ft->bits, ((size_t)ft->nbits + 7) / 8);
  memset(ft, 0, sizeof *ft);
}

/* A restart (worker.c) keeps the k entries with most constraints true and
 * drops the others: a partial selection sort moves them to the front
 * (among equals the later index, most often the newer entry, wins).  Runs
 * once per restart: O(k * size). */
void fer_corpus_keep_best(fer_corpus *c, uint32_t k) {
  if (k >= c->size) return;
  uint32_t ns = c->nslots;
  for (uint32_t i = 0; i < k; i++) {
    uint32_t m = i;
    for (uint32_t j = i + 1; j < c->size; j++)
      if (c->meta[j].nsat >= c->meta[m].nsat) m = j;
    if (m == i) continue;
    fer_entry e = c->meta[i];
    c->meta[i] = c->meta[m], c->meta[m] = e;
    for (uint32_t s = 0; s < ns; s++) {
      fer_u128 t = fer_corpus_input(c, i)[s];
      fer_corpus_input(c, i)[s] = fer_corpus_input(c, m)[s];
      fer_corpus_input(c, m)[s] = t;
    }
  }
  c->size = k, c->best = 0, c->next_evict = 0;
  for (uint32_t i = 0; i < k; i++) c->meta[i].picked = 0;
}

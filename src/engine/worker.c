/* One search worker: execute candidates, collect coverage features, keep
 * the inputs that reach new ones, pick parents, mutate, and now and then
 * hand over to local search (contract in search.h).
 *
 * fer_worker_exec / fer_worker_try run once per candidate: they are hot.
 * Everything a worker touches is its own (RNG, exec state, corpus, counters)
 * except the read-only program and the few atomics of fer_search. */
#include <string.h>
#include <time.h>

#include "fp/env.h"
#include "engine/search.h"

const char *const fer_origin_name[] = {"seed", "mutation", "local-search",
                                       "random", "enumeration"};

double fer_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

#define CHECK_EVERY 256      /* executions between limit checks */
#define REORDER_EVERY 4096   /* executions between fail-fast reorders */
#define LOCAL_FIRST 1000     /* executions before the first local search */
#define STICK 32             /* mutations of one parent in a row */
#define RESTART_KEEP 4       /* corpus entries a restart keeps */
#define RESTART_FRESH 64     /* fresh inputs a restart tries */

/* The Luby sequence 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, ... (i >= 1): term i is
 * 2^(k-1) when i = 2^k - 1, else the term i - (2^(k-1) - 1) for the k
 * with 2^(k-1) <= i < 2^k - 1.  Restarting after unit * luby(i) is within
 * a constant factor of the best fixed schedule without knowing it (Luby,
 * Sinclair, Zuckerman 1993). */
uint64_t fer_luby(uint64_t i) {
  for (;;) {
    uint32_t k = 1;
    while (k < 63 && ((uint64_t)1 << k) - 1 < i) k++;
    if (((uint64_t)1 << k) - 1 == i || k == 63) return (uint64_t)1 << (k - 1);
    i -= ((uint64_t)1 << (k - 1)) - 1;
  }
}

/* The stagnation before restart number `n` (0-based) of worker w; 0:
 * never.  Workers with an odd id use half the unit: under --jobs the
 * workers do not all keep a region as long. */
static uint64_t restart_span(const fer_worker *w, uint64_t n) {
  const fer_search *s = w->s;
  uint64_t unit = (uint64_t)s->opt->restart_unit;
  if (!unit || s->sampling || s->enumerate || s->opt->pure_random) return 0;
  if (w->id & 1) unit = unit / 2 ? unit / 2 : 1;
  uint64_t l = fer_luby(n + 1);
  return unit > UINT64_MAX / l ? UINT64_MAX : unit * l;
}

int fer_worker_init(ferret *f, fer_worker *w, fer_search *s, uint32_t id) {
  memset(w, 0, sizeof *w);
  const fer_prog *p = s->p;
  w->s = s, w->p = p, w->id = id;
  fer_rng_seed(&w->rng, (uint64_t)s->opt->seed + id);
  uint32_t ns = p->nslots ? p->nslots : 1, nc = (uint32_t)p->cons.size;
  size_t in_bytes = (size_t)ns * sizeof(fer_u128);
  w->cand = fer_calloc(f, in_bytes);
  w->tmp = fer_calloc(f, in_bytes);
  w->solution = fer_calloc(f, in_bytes);
  w->from = fer_calloc(f, in_bytes);
  w->kept = fer_calloc(f, in_bytes);
  w->scratch = fer_calloc(f, (size_t)2 * fer_array_bytes(p->max_dn, sizeof(double)));
  w->cdist = fer_calloc(f, (size_t)2 * fer_array_bytes(nc, sizeof(double)));
  w->order = fer_calloc(f, fer_array_bytes(nc, sizeof(uint32_t)));
  w->evals = fer_calloc(f, fer_array_bytes(nc, sizeof(uint64_t)));
  w->fails = fer_calloc(f, fer_array_bytes(nc, sizeof(uint64_t)));
  w->vars = fer_calloc(f, (size_t)ns * sizeof(uint32_t));
  w->grad = fer_calloc(f, (size_t)ns * sizeof(double));
  w->vmark = fer_calloc(f, ns);
  int ok = w->cand && w->tmp && w->solution && w->from && w->kept && w->scratch && w->cdist &&
           w->order && w->evals && w->fails && w->vars && w->grad && w->vmark &&
           fer_exec_init(f, &w->x, p) &&
           fer_corpus_init(f, &w->corpus, p->nslots, (uint32_t)s->opt->corpus_max) &&
           fer_features_init(f, &w->feat, p);
  if (ok && s->sampling) {
    size_t nn = p->node_reg.size ? p->node_reg.size : 1;
    w->pool = fer_calloc(f, FER_SAMPLING_POOL * in_bytes);
    w->de_seen0 = fer_calloc(f, nn * sizeof(fer_u128));
    w->de_seen1 = fer_calloc(f, nn * sizeof(fer_u128));
    ok = w->pool && w->de_seen0 && w->de_seen1;
    /* the bits past a node's width count as seen both ways */
    for (size_t k = 0; ok && k < p->node_reg.size; k++) {
      uint32_t b = p->node_bits.data[k];
      w->de_seen0[k] = w->de_seen1[k] = b >= 128 ? 0 : ~(((fer_u128)1 << b) - 1);
    }
  }
  if (ok && s->opt->cmp_snap && !s->sampling && !s->opt->pure_random)
    ok = fer_cmp_snap_init(f, w);
  if (ok && s->enumerate) {
    w->lanes_in = fer_calloc(f, FER_LANES * in_bytes);
    ok = w->lanes_in && fer_batch_init(f, &w->batch, p);
  }
  if (!ok) {
    fer_worker_release(f, w);
    return 0;
  }
  for (uint32_t c = 0; c < nc; c++) w->order[c] = c;
  w->next_reorder = REORDER_EVERY;
  w->next_local = LOCAL_FIRST;
  w->last_fail = UINT32_MAX;
  w->restart_span = restart_span(w, 0);
  return 1;
}

void fer_worker_release(ferret *f, fer_worker *w) {
  const fer_prog *p = w->p;
  if (!p) return;
  uint32_t ns = p->nslots ? p->nslots : 1, nc = (uint32_t)p->cons.size;
  if (!nc) nc = 1;
  size_t in_bytes = (size_t)ns * sizeof(fer_u128);
  fer_free(f, w->cand, in_bytes);
  fer_free(f, w->tmp, in_bytes);
  fer_free(f, w->solution, in_bytes);
  fer_free(f, w->from, in_bytes);
  fer_free(f, w->kept, in_bytes);
  fer_free(f, w->scratch, (size_t)2 * fer_array_bytes(p->max_dn, sizeof(double)));
  fer_free(f, w->cdist, (size_t)2 * nc * sizeof(double));
  fer_free(f, w->order, (size_t)nc * sizeof(uint32_t));
  fer_free(f, w->evals, (size_t)nc * sizeof(uint64_t));
  fer_free(f, w->fails, (size_t)nc * sizeof(uint64_t));
  fer_free(f, w->vars, (size_t)ns * sizeof(uint32_t));
  fer_free(f, w->grad, (size_t)ns * sizeof(double));
  fer_free(f, w->vmark, ns);
  fer_exec_release(f, &w->x);
  fer_batch_release(f, &w->batch);
  if (w->lanes_in) fer_free(f, w->lanes_in, FER_LANES * in_bytes);
  if (w->pool) fer_free(f, w->pool, FER_SAMPLING_POOL * in_bytes);
  size_t nn = p->node_reg.size ? p->node_reg.size : 1;
  if (w->de_seen0) fer_free(f, w->de_seen0, nn * sizeof(fer_u128));
  if (w->de_seen1) fer_free(f, w->de_seen1, nn * sizeof(fer_u128));
  fer_cmp_snap_release(f, w);
  fer_corpus_release(f, &w->corpus);
  fer_features_release(f, &w->feat);
  memset(w, 0, sizeof *w);
}

/* Does worker w evaluate every constraint (try-all) rather than stop at
 * the first false one?  Option encoding says so for all workers; when
 * solving with several, the odd-numbered ones use try-all anyway: its
 * coverage tells apart inputs fail-fast lumps together, so two workers
 * do not keep the same region.  Hot (every execution): two loads. */
static inline bool try_all(const fer_worker *w) {
  return w->s->opt->encoding == 1 || ((w->id & 1) && !w->s->sampling);
}

/* HOT. */
uint32_t fer_worker_exec(fer_worker *w, const fer_u128 *in) {
  const fer_prog *p = w->p;
  fer_exec_load(&w->x, in);
  w->execs++;
  uint32_t n = (uint32_t)p->cons.size, nsat = 0;
  bool all = try_all(w);
  w->last_fail = UINT32_MAX;
  for (uint32_t k = 0; k < n; k++) {
    uint32_t c = w->order[k];
    w->evals[c]++;
    if (fer_exec_cons(&w->x, c)) {
      nsat++;
      continue;
    }
    w->fails[c]++;
    if (w->last_fail == UINT32_MAX) w->last_fail = c;
    if (!all) break;
  }
  return nsat;
}

/* Features of the last execution; returns how many were new.  HOT. */
static uint32_t features(fer_worker *w, uint32_t nsat) {
  const fer_prog *p = w->p;
  fer_features *ft = &w->feat;
  const fer_u128 *r = w->x.r;
  uint32_t n = (uint32_t)p->cons.size, fresh = 0;
  uint32_t evaluated = try_all(w) ? n : (nsat < n ? nsat + 1 : n);
  fresh += fer_feature_add(ft, ft->base_depth + nsat);
  uint32_t span = ft->nbits - ft->base_atom;
  for (uint32_t k = 0; k < evaluated; k++) {
    uint32_t c = w->order[k];
    const fer_cons *cn = &p->cons.data[c];
    fresh += fer_feature_add(ft, ft->base_outcome + 2 * c + (uint32_t)(r[cn->root] & 1));
    for (uint32_t d = cn->dn_begin; d < cn->dn_end; d++) {
      const fer_dnode *dn = &p->dn.data[d];
      if (!FER_DN_IS_ATOM(dn->kind)) continue;
      /* an atom that holds is at distance 0 (dist.c), bucket 0: most
       * atoms of a satisfying input, which evaluates every constraint */
      uint64_t i = (uint64_t)dn->atom * FER_BUCKETS + fer_atom_bucket(dn, r);
      if (i >= span) i %= span; /* only when the atom features wrap */
      fresh += fer_feature_add(ft, ft->base_atom + (uint32_t)i);
    }
  }
  return fresh;
}

/* Diversity features (engine.h, DE) of the last execution, which
 * satisfied every constraint, so every register holds its node's value:
 * the bits of each node seen for the first time as 0 or as 1.  Returns
 * how many.  Called once per satisfying input: O(nodes). */
static uint32_t de_features(fer_worker *w) {
  const fer_prog *p = w->p;
  const fer_u128 *r = w->x.r;
  uint32_t fresh = 0, n = (uint32_t)p->node_reg.size;
  for (uint32_t k = 0; k < n; k++) { /* no mask: see fer_worker_init */
    fer_u128 v = r[p->node_reg.data[k]];
    fer_u128 new1 = v & ~w->de_seen1[k], new0 = ~v & ~w->de_seen0[k];
    if (!(new0 | new1)) continue;
    w->de_seen1[k] |= new1, w->de_seen0[k] |= new0;
    fresh += (uint32_t)(__builtin_popcountll((uint64_t)new1) +
                        __builtin_popcountll((uint64_t)(new1 >> 64)) +
                        __builtin_popcountll((uint64_t)new0) +
                        __builtin_popcountll((uint64_t)(new0 >> 64)));
  }
  w->de_features += fresh;
  return fresh;
}

void fer_worker_pool_add(fer_worker *w, const fer_u128 *solution) {
  uint32_t ns = w->p->nslots;
  uint32_t i = w->pool_size < FER_SAMPLING_POOL
                   ? w->pool_size++
                   : (uint32_t)fer_rng_below(&w->rng, FER_SAMPLING_POOL);
  memcpy(w->pool + (size_t)i * ns, solution, (size_t)ns * sizeof *solution);
}

static bool any_unspec(const fer_worker *w) {
  if (!w->p->may_unspec) return false;
  for (uint32_t c = 0; c < w->p->cons.size; c++)
    if (fer_exec_cons_unspec(&w->x, c)) return true;
  return false;
}

/* Sampling: has a worker returned the solution `in` before?  (A 64-bit
 * hash in the search's direct-mapped table: a solution evicted since is
 * returned again, the judge then skips it; two solutions sharing a hash
 * lose one sample, never a wrong one.)  Remembers it otherwise.  A load
 * and a store, not an exchange: a locked exchange waits for the
 * evaluator's register writes to drain, on every satisfying input; two
 * workers racing on one entry at worst return a solution twice, which
 * the judge skips. */
#define STEP(h, x, k) ((h) = ((h) ^ (x)) * (k), (h) ^= (h) >> 32)
static bool returned_before(fer_worker *w, const fer_u128 *in) {
  /* two chains of multiply-xorshift steps, for two multiplications in
   * flight: the even and odd slots when no slot has bits past 63, else
   * every slot's low and high halves */
  uint64_t a = 0x9e3779b97f4a7c15u, b = 0x243f6a8885a308d3u;
  const uint64_t ka = 0xff51afd7ed558ccdu, kb = 0xc4ceb9fe1a85ec53u;
  uint32_t n = w->p->nslots, i = 0;
  if (w->s->narrow) {
    for (; i + 1 < n; i += 2) STEP(a, (uint64_t)in[i], ka), STEP(b, (uint64_t)in[i + 1], kb);
    if (i < n) STEP(a, (uint64_t)in[i], ka);
  } else {
    for (; i < n; i++) STEP(a, (uint64_t)in[i], ka), STEP(b, (uint64_t)(in[i] >> 64), kb);
  }
  uint64_t h = STEP(a, b, kb);
  _Atomic uint64_t *slot = &w->s->returned[h & (FER_RETURNED_SLOTS - 1)];
  if (atomic_load_explicit(slot, memory_order_relaxed) == h) return true;
  atomic_store_explicit(slot, h, memory_order_relaxed);
  return false;
}
#undef STEP

int fer_worker_try(fer_worker *w, const fer_u128 *in, fer_origin o) {
  const fer_prog *p = w->p;
  uint32_t nsat = fer_worker_exec(w, in);
  bool sat = nsat == p->cons.size;
  if (nsat > w->best_nsat) w->best_nsat = nsat; /* published with the execs */
  if (sat && w->s->returned && returned_before(w, in)) {
    w->local_dups++;
    return 0; /* nothing new to learn from it either */
  }
  if (sat) {
    memcpy(w->solution, in, (size_t)p->nslots * sizeof *in);
    w->found_by = o;
    w->solution_unspec = any_unspec(w);
    /* solving: a solution ends the search, no feature to learn */
    if (!w->s->sampling) return 1;
  }
  if (w->s->opt->pure_random) return sat;
  uint32_t fresh = features(w, nsat);
  if (sat && w->s->de) fresh += de_features(w);
  if (fresh) {
    fer_entry e = {nsat, w->last_fail, 0};
    fer_corpus_add(&w->corpus, &w->rng, in, e);
    w->last_gain = w->execs;
  }
  return sat;
}

bool fer_worker_should_stop(fer_worker *w) {
  fer_search *s = w->s;
  /* A stop already decided holds at every call: a limit found by a check
   * inside local search must also end the run loop that called it, though
   * the next check is CHECK_EVERY executions away. */
  if (atomic_load_explicit(&s->stop, memory_order_relaxed)) return true;
  if (w->execs < w->next_check) return false;
  w->next_check = w->execs + CHECK_EVERY;
  uint64_t total = atomic_fetch_add(&s->execs, w->execs - w->published) +
                   (w->execs - w->published);
  w->published = w->execs;
  if (s->progress) {
    uint32_t b = atomic_load(&s->best_nsat);
    while (w->best_nsat > b && !atomic_compare_exchange_weak(&s->best_nsat, &b, w->best_nsat)) {
    }
    /* the growth since the last check (modulo 2^64 should it shrink) */
    atomic_fetch_add(&s->corpus_total,
                     (uint64_t)((int64_t)w->corpus.size - (int64_t)w->corpus_published));
    w->corpus_published = w->corpus.size;
    if (w->id == 0 && s->progress_here) fer_search_progress(s);
  }
  if (atomic_load(&s->stop)) return true;
  bool limit = (s->max_execs && total >= s->max_execs) ||
               atomic_load(s->interrupt) || atomic_load(s->partner) ||
               (s->deadline > 0 && fer_now() >= s->deadline);
  if (limit) {
    int expected = 0;
    atomic_compare_exchange_strong(&s->stop, &expected, 2);
    return true;
  }
  return false;
}

/* Sort constraints by (estimated chance to fail) / (cost), highest first:
 * the order that minimises the expected cost of rejecting an input when
 * constraints fail independently.  Counters are then halved, so the order
 * follows the search as it moves. */
static void reorder(fer_worker *w) {
  const fer_prog *p = w->p;
  uint32_t n = (uint32_t)p->cons.size;
  /* insertion sort: n is small in practice and the order changes little */
  for (uint32_t i = 1; i < n; i++) {
    uint32_t c = w->order[i];
    double sc = (double)(w->fails[c] + 1) / (double)(w->evals[c] + 2) /
                (double)(p->cons.data[c].cost + 1);
    uint32_t j = i;
    while (j > 0) {
      uint32_t d = w->order[j - 1];
      double sd = (double)(w->fails[d] + 1) / (double)(w->evals[d] + 2) /
                  (double)(p->cons.data[d].cost + 1);
      if (sd >= sc) break;
      w->order[j] = d;
      j--;
    }
    w->order[j] = c;
  }
  for (uint32_t c = 0; c < n; c++) w->evals[c] >>= 1, w->fails[c] >>= 1;
}

static uint32_t pick_parent(fer_worker *w) {
  fer_corpus *c = &w->corpus;
  uint64_t r = fer_rng_below(&w->rng, 4);
  if (r == 0) return c->best;
  return (uint32_t)fer_rng_below(&w->rng, c->size);
}

/* A restart: the corpus keeps its RESTART_KEEP best entries, the feature
 * map forgets everything but what they reach, and RESTART_FRESH fresh
 * inputs are tried, each slot drawn from a random smart seed (half the
 * time), a kept entry or a uniformly random value.  The search then picks
 * its parents among entries of other regions, and the fresh inputs count
 * as new coverage.  Returns 1 if a fresh input is a solution. */
static int restart(fer_worker *w) {
  const fer_prog *p = w->p;
  fer_search *s = w->s;
  uint32_t ns = p->nslots, nseeds = s->nseeds, keep;
  fer_corpus_keep_best(&w->corpus, RESTART_KEEP);
  keep = w->corpus.size;
  memset(w->feat.bits, 0, ((size_t)w->feat.nbits + 7) / 8);
  w->feat.count = 0;
  for (uint32_t k = 0; k < keep; k++) {
    fer_worker_exec(w, fer_corpus_input(&w->corpus, k));
    features(w, w->corpus.meta[k].nsat);
  }
  w->restarts++;
  w->restart_span = restart_span(w, w->restarts);
  w->stick = 0;
  w->next_local = w->execs + LOCAL_FIRST;
  for (uint32_t k = 0; k < RESTART_FRESH; k++) {
    for (uint32_t i = 0; i < ns; i++) {
      uint64_t r = fer_rng_below(&w->rng, 4);
      if (r < 2 && nseeds)
        w->cand[i] = s->seeds[(size_t)fer_rng_below(&w->rng, nseeds) * ns + i];
      else if (r == 2 && keep)
        w->cand[i] = fer_corpus_input(&w->corpus, (uint32_t)fer_rng_below(&w->rng, keep))[i];
      else
        w->cand[i] = fer_random_value(&w->rng, &p->slots.data[i]);
    }
    if (fer_worker_try(w, w->cand, FER_FROM_RANDOM)) return 1;
  }
  w->last_gain = w->execs;
  return 0;
}

static fer_run_result run(fer_worker *w) {
  const fer_prog *p = w->p;
  fer_search *s = w->s;
  const fer_options *o = s->opt;
  size_t in_bytes = (size_t)p->nslots * sizeof(fer_u128);
  if (!w->seeded) {
    w->seeded = true;
    for (uint32_t k = 0; k < s->nseeds; k++) {
      if (fer_worker_should_stop(w)) return FER_RUN_LIMIT;
      if (fer_worker_try(w, s->seeds + (size_t)k * p->nslots, FER_FROM_SEED))
        return FER_RUN_FOUND;
    }
  }
  for (;;) {
    if (fer_worker_should_stop(w)) return FER_RUN_LIMIT;
    if (w->restart_span && w->execs - w->last_gain >= w->restart_span && restart(w))
      return FER_RUN_FOUND;
    if (o->pure_random || !w->corpus.size) {
      for (uint32_t i = 0; i < p->nslots; i++)
        w->cand[i] = fer_random_value(&w->rng, &p->slots.data[i]);
      if (fer_worker_try(w, w->cand, FER_FROM_RANDOM)) return FER_RUN_FOUND;
      continue;
    }
    if (o->local_search && w->execs >= w->next_local) {
      uint64_t before = w->execs;
      /* the first local searches start from the moderate seeds, one
       * each (seeds.c), then from the corpus */
      if (w->ls_runs < s->nmoderate) {
        memcpy(w->tmp, s->seeds + (size_t)(s->moderate_at + w->ls_runs) * p->nslots, in_bytes);
      } else {
        uint32_t from = fer_rng_below(&w->rng, 2) ? w->corpus.best : pick_parent(w);
        memcpy(w->tmp, fer_corpus_input(&w->corpus, from), in_bytes);
      }
      uint64_t budget = 2000 + 200 * (uint64_t)p->nslots;
      w->ls_runs++;
      int found = fer_local_search(w, w->tmp, budget);
      if (found && w->s->returned && returned_before(w, w->cand)) {
        w->local_dups++;
        found = 0;
      } else if (found) {
        memcpy(w->solution, w->cand, in_bytes);
        w->found_by = FER_FROM_LOCAL;
        w->solution_unspec = any_unspec(w);
      } else {
        found = fer_worker_try(w, w->cand, FER_FROM_LOCAL);
      }
      /* also when found: a run that goes on after the candidate resumes
       * with mutations, not with another local search at once */
      uint64_t used = w->execs - before;
      w->ls_execs += used;
      w->next_local = w->execs + 2 * used; /* about a third in local search */
      if (found) return FER_RUN_FOUND;
      continue;
    }
    if (w->execs >= w->next_reorder && !try_all(w)) {
      reorder(w);
      w->next_reorder = w->execs + REORDER_EVERY;
    }
    /* A parent is mutated STICK times in a row (as AFL's havoc stage
     * does): consecutive candidates then differ in a few slots only, so
     * the incremental evaluation re-runs little. */
    if (!w->stick) {
      w->parent = pick_parent(w);
      w->stick = STICK;
    }
    w->stick--;
    uint32_t parent = w->parent < w->corpus.size ? w->parent : 0;
    w->corpus.meta[parent].picked++;
    memcpy(w->cand, fer_corpus_input(&w->corpus, parent), in_bytes);
    fer_mutate(w, w->corpus.meta[parent].fail);
    if (fer_worker_try(w, w->cand, FER_FROM_MUTATION)) return FER_RUN_FOUND;
    /* solving: now and then the same input with a compared slot put on
     * the value it is compared with (mutate.c: fer_cmp_snap) */
    if (w->nsnap && fer_rng_one_in(&w->rng, (uint64_t)o->cmp_snap) &&
        fer_cmp_snap(w) && fer_worker_try(w, w->cand, FER_FROM_MUTATION))
      return FER_RUN_FOUND;
  }
}

/* The search runs under the standard floating-point environment
 * (fp/env.h): the evaluator's Float32/Float64 operations are then single
 * SSE instructions. */
fer_run_result fer_worker_run(fer_worker *w) {
  fer_env_enter();
  fer_run_result r = run(w);
  fer_env_leave();
  return r;
}

// Program shapes that reach the rules of the apc and compact engines, added to generated test cases.
//
// The random statements of the generator seldom line up into what the apc engine (Strejček &
// Trtík) and the compact engine (Trtík) have rules for: a counter moved by an invariant amount
// beside one moved by a variant amount, a variable set to one constant on one loop path and to
// another on the other, an array written at a moving index, nested loops whose inner loop has
// several paths, several backbones into the same assert, a counting loop that needs five passes.
// Each shape here is such a structure over globals of its own (i, j, n, m, k, v, f, and the
// array a) ended by an assert, the target of the apc properties; it becomes the program's main.
// (A random main after it would multiply its paths, and the cost of every property, for nothing
// the shape is there for.)
//
// The shapes are drawn from a random stream of their own (seeded from the case's seed), so that
// the generator's own stream, and every program of a seed that gets no shape, stays as it was.
// Every loop counts up by a positive step to a bound (an input, a literal or len(a)), so each
// ends; the explorations' loop bound cuts the long ones.
#pragma once

#include <cstdint>

#include "props/random_source.hpp"
#include "props/test_case.hpp"

namespace symref::props {

enum class EngineShape : std::uint8_t {
  None,
  // i := i0; while i < N { [if C { .. } else { .. }] i := i + step; } with, on one path or both,
  // k := k + d (d invariant: a literal, m, m / 2, m % 3; or variant: i), v := (a constant, i, i + c),
  // a[i] := c (moving) or a[m] := c (invariant); N an input, a literal 0..3, a literal 4..6 (the
  // compact engine's ∀τ then needs κ ≥ 5, beyond its quantifier-free brackets' first passes),
  // len(a) for the moving writer, or k, which the loop may move too.  Rules 1–4 and §4's array
  // rule (apc); loop templates (compact), for which a third of these loops move every variable by
  // invariant amounts only, half of those behind a flag, i < N && f, that main sets false first
  // (a template instance whose ∀τ keeps only its guard: no counted ∀τ for the brackets).
  CountingLoop,
  // while i < M { j := 0 or i; while j < N { j := j + 1 [and on a second path v := v + 1] }
  // [k := k + j] i := i + 1; }: Fig. 3 of Strejček & Trtík with one or two inner counters, fixed
  // or input-dependent trip counts — light processing's ⋆ for inner counters, heavy processing's
  // s_{i,j} and δ_{i,j} (Algorithm 2); or j := 0; while j < k { .. } k := k + m: a trip count
  // that grows by an input each outer pass, max(0, k + κ·m), line 24's bilinear dependency.
  NestedLoops,
  // if C1 { v := K1 } else [if C2] { v := K2 } [else { v := K3 }]: two or three backbones into
  // the assert v != K, the constants equal or not — apc's disjunction over the backbones and the
  // guided search of §7.
  Backbones,
  // proc Q1(u1) { if u1 < n { [k := k + d;] Q1(u1 + 1); R } [else { v := 0; }] } with R one of
  // v := v + c, v := v + u1, v := v + c; Q2(u1, m) and v := v + c; assert false, and
  // proc Q2(u1, u2) { if u2 < u1 { k := u1 + m; [a[u2] := u1;] } else { [if f] v := .. } },
  // called one to three times from main, a call now and then under a condition: a recursion
  // template with a return phase, or one whose return phase it must refuse (compact), callees
  // reading and writing globals and an array, with several leaves and call sites
  // (compositional).  Level 2.
  Calls,
  // A class Item { key, next, other } and globals h, g: a walk along next, a node put in front,
  // h.other := h.next (a shared node), writes through both children, h.next == h.other, h.next
  // compared with a new Item; inputs with Items pointing anywhere (lists, trees, shared nodes,
  // cycles) — lazy and summary heap initialization (aliasing, nil, new objects).  Level 3.
  Heap,
  // i := 0; while i < N { if C1 { .. } .. if C5 { .. } [if C6 { .. }] i := i + 1; }
  // assert h == nil || k != K, each if moving k or v, the conditions on the counter (i == c,
  // i < c, i % 2 == 0) and at most one on an input: 32 or more paths through one pass, past the
  // compact engine's limit of 16 cycles per template, while a run takes one or two paths per
  // pass.  Level 3; h, an Item, keeps the apc engine (no objects) from summarising 32 loop paths.
  BranchyLoop,
};

// Draws a shape for a test case of level `level` (most cases get none) and puts it in: its
// globals, their values in every input, and its statements as main.  Returns the shape drawn.
EngineShape add_engine_shape(RandomSource& random, int level, TestCase& test_case);

}  // namespace symref::props

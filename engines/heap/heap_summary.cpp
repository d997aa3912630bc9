// Generalized symbolic execution with heap summaries (draft §5, Fig. 8): an uninitialized slot is
// summarized into one guarded points-to set instead of forking.
#include "engines/heap/symbolic_heap.hpp"

#include "engines/heap/heap_coverage.hpp"
#include "semantics/faults.hpp"

namespace symref::heap {

using terms::Term;

// SUMMARIZE (Fig. 8), for the least uninitialized target l_x of the read (min_l):
//   r_f = the input reference f[l_x] (or the global's), C its class,
//   ρ = the input locations a of class C, each with its existence guard φ_a (min_r: a is named by
//       the input reference it was first read from)
//   θ_null  = {(r_f = nil, l_null)}
//   θ_alias = {(φ_a ∧ r_f = a ∧ ⋀_{b ≠ a} (φ_b ⇒ r_f ≠ b), a) | a ∈ ρ}           (decision 1)
//   θ_new   = {(r_f ≠ nil ∧ ⋀_{a ∈ ρ} (φ_a ⇒ r_f ≠ a), l_f)}
//   ⟹ R(l_x, f) := θ_null ∪ θ_alias ∪ θ_new, and l_f gets its slots at r_un.
// The guards are exclusive (Theorem 1) and, as an if-then-else chain, exhaustive (decision 2).
// θ_orig is empty here: the slot is rewritten for every target at once, not only under φ_x —
// the rewrite keeps its meaning, f[l_x] equals the chain wherever l_x is an object.
void SummaryHeap::initialize(const SymbolicConfiguration& configuration, const UninitializedRead& read,
                             std::vector<SymbolicSuccessor>& out) {
  const MaterializedHeap& heap = heap_of(configuration);
  const Term reference = input_reference(read);
  const std::int32_t class_index = class_of(read);
  Term nil = terms_.nil(class_index);
  std::vector<const InputLocation*> candidates = alias_candidates(heap, read);
  if (fault_active(Fault::HeapSummaryDropsOldestAlias) && !candidates.empty()) [[unlikely]]
    candidates.erase(candidates.begin());  // planted bug: ρ loses its oldest location

  Term holder_exists = terms_.true_term();
  if (read.global < 0)
    for (const auto& input : heap.inputs)
      if (input.term == read.location) holder_exists = input.exists;

  std::vector<Term> new_guard{terms_.not_equal(reference, nil)};
  for (const InputLocation* a : candidates)
    new_guard.push_back(terms_.implies(a->exists, terms_.not_equal(reference, a->term)));
  Term theta_new = terms_.logical_and(new_guard);

  // planted bug heap-no-orig: every θ conjoins the read's guard φ_x as Fig. 8 prints, and θ_orig,
  // the old R(l_x, f) under ¬φ_x, is dropped, so under ¬φ_x the chain falls through to l_f.
  const bool no_orig = fault_active(Fault::HeapNoOrig) && read.guard != nullptr;
  auto under_x = [&](Term guard) { return no_orig ? terms_.logical_and(read.guard, guard) : guard; };

  // Built from the back: ite(θ_null, nil, ite(θ_alias_1, a_1, … ite(θ_alias_n, a_n, l_f))).
  // With --heap-prune, a θ whose guard φ refutes is left out; if θ_new is refuted, the last θ
  // kept closes the chain instead of l_f (under φ one of the others holds).
  Term value = reference;  // l_f is named by r_f itself
  bool closed = !proved_unsat(configuration, theta_new);
  bool new_location = closed;
  if (fault_active(Fault::HeapNewIsCandidate)) [[unlikely]] {
    // planted bug: objects created by the program are offered as aliases
    for (const auto& [object, created_class] : heap.created)
      if (created_class == class_index) value = terms_.if_then_else(terms_.equal(reference, object), object, value);
  }
  for (std::size_t k = candidates.size(); k-- > 0;) {
    const InputLocation* a = candidates[k];
    std::vector<Term> guard{a->exists, terms_.equal(reference, a->term)};
    for (const InputLocation* b : candidates) {
      if (b == a) continue;
      Term different = terms_.not_equal(reference, b->term);
      guard.push_back(fault_active(Fault::HeapAliasUnconditional) ? different : terms_.implies(b->exists, different));
    }
    Term theta_alias = terms_.logical_and(guard);
    if (proved_unsat(configuration, theta_alias)) continue;
    count_rule(coverage_, HeapRule::SummarizeThetaAlias);
    value = closed ? terms_.if_then_else(under_x(theta_alias), a->term, value) : a->term;
    closed = true;
  }
  // planted bug heap-summary-forks-nil: θ_null becomes a successor of its own, as lazy's NULL
  // rule, and the summary successor assumes r_f ≠ nil; each sequence through it gets two leaves.
  const bool fork_nil = fault_active(Fault::HeapSummaryForksNil) && closed;
  if (fork_nil) [[unlikely]] {
    if (SymbolicConfiguration* n = heap_successor(configuration, {terms_.equal(reference, nil)}, out))
      set_initialized(*n, read, nil);
  } else if (!fault_active(Fault::HeapNilNotForked)) {
    Term theta_null = terms_.equal(reference, nil);
    if (!closed) value = nil;
    else if (!proved_unsat(configuration, theta_null)) value = terms_.if_then_else(under_x(theta_null), nil, value);
  }

  std::vector<Term> assumed;
  if (fork_nil) [[unlikely]] assumed.push_back(terms_.not_equal(reference, nil));
  SymbolicConfiguration* c = heap_successor(configuration, assumed, out);
  if (c == nullptr) return;
  MaterializedHeap& next = mutable_heap(*c);
  if (new_location)
    next.inputs.push_back(InputLocation{reference, class_index, terms_.logical_and(holder_exists, theta_new),
                                        "l" + std::to_string(next.inputs.size() + 1)});
  set_initialized(*c, read, value);
  ++statistics_.summarize_steps;
  count_rule(coverage_, HeapRule::Summarize);
  if (read.guard != nullptr && !read.guard->is_true()) count_rule(coverage_, HeapRule::SummarizeGuardedHolder);
  if (read.for_write) count_rule(coverage_, HeapRule::SummarizeForWrite);
  if (new_location) ++statistics_.locations;
  note_points_to(value);
}

HeapModelCatalogue heap_models() {
  return {
      {"lazy", "lazy initialization",
       [](const Program& program, terms::TermManager& terms) -> std::unique_ptr<HeapModel> {
         return std::make_unique<LazyInitializationHeap>(program, terms);
       }},
      {"summary", "guarded heap summaries",
       [](const Program& program, terms::TermManager& terms) -> std::unique_ptr<HeapModel> {
         return std::make_unique<SummaryHeap>(program, terms);
       }},
  };
}

}  // namespace symref::heap

// Generalized symbolic execution with lazy initialization (draft §4, Figs. 6–7): the first read of
// an uninitialized reference forks into nil, a new input object, and an alias to each input object
// of the class materialized before on the path.  Guards stay true; |UN| ≤ 1.
#include "engines/heap/symbolic_heap.hpp"

#include "engines/heap/heap_coverage.hpp"
#include "semantics/faults.hpp"

namespace symref::heap {

using terms::Term;

// Fig. 6 (NULL, NEW, ALIAS; the printed rules are garbled, decision 6 gives their reading):
//   r_f = input reference of the read, C its class, ρ the input locations of class C
//   ⟹ one successor with R(l, f) := l_null        and φ ∧ r_f = nil
//      one successor with R(l, f) := l_f (new)    and φ ∧ r_f ≠ nil ∧ ⋀_{a ∈ ρ} r_f ≠ a
//      one successor per a ∈ ρ with R(l, f) := a  and φ ∧ r_f = a
void LazyInitializationHeap::initialize(const SymbolicConfiguration& configuration, const UninitializedRead& read,
                                        std::vector<SymbolicSuccessor>& out) {
  const MaterializedHeap& heap = heap_of(configuration);
  const Term reference = input_reference(read);
  const std::string name = read_name(configuration, read);
  const std::int32_t class_index = class_of(read);
  Term nil = terms_.nil(class_index);
  std::vector<const InputLocation*> candidates = alias_candidates(heap, read);
  if (fault_active(Fault::HeapLazySkipsLastAlias) && !candidates.empty()) [[unlikely]]
    candidates.pop_back();  // planted bug: the newest object is not offered

  auto choose = [&](SymbolicConfiguration* c, Term value, const std::string& choice, HeapRule rule) {
    if (c == nullptr) return;
    count_rule(coverage_, rule);
    ++statistics_.heap_choices;
    set_initialized(*c, read, value).choices.push_back(name + " = " + choice);
  };

  if (!fault_active(Fault::HeapNilNotForked))
    choose(heap_successor(configuration, {terms_.equal(reference, nil)}, out), nil, "nil", HeapRule::LazyNull);

  std::vector<Term> distinct{terms_.not_equal(reference, nil)};
  // planted bug: the new object's reference may equal an earlier one (the model may alias them)
  if (!fault_active(Fault::HeapLazyNewNotDistinct))
    for (const InputLocation* candidate : candidates) distinct.push_back(terms_.not_equal(reference, candidate->term));
  if (SymbolicConfiguration* c = heap_successor(configuration, distinct, out)) {
    MaterializedHeap& next = mutable_heap(*c);
    next.inputs.push_back(InputLocation{reference, class_index, terms_.true_term(), "l" + std::to_string(next.inputs.size() + 1)});
    ++statistics_.locations;
    choose(c, reference, "new " + next.inputs.back().name, HeapRule::LazyNew);
  }

  if (fault_active(Fault::HeapLazyMergesAliases) && candidates.size() > 1) [[unlikely]] {
    // planted bug: one successor for all aliases, its reference a guarded set (a summary in lazy)
    std::vector<Term> any;
    Term merged = candidates.back()->term;
    for (std::size_t k = candidates.size() - 1; k-- > 0;)
      merged = terms_.if_then_else(terms_.equal(reference, candidates[k]->term), candidates[k]->term, merged);
    for (const InputLocation* candidate : candidates) any.push_back(terms_.equal(reference, candidate->term));
    choose(heap_successor(configuration, {terms_.logical_or(any)}, out), merged, "alias any", HeapRule::LazyAlias);
    candidates.clear();
  }
  for (const InputLocation* candidate : candidates)
    choose(heap_successor(configuration, {terms_.equal(reference, candidate->term)}, out), candidate->term,
           "alias " + candidate->name, HeapRule::LazyAlias);

  if (fault_active(Fault::HeapNewIsCandidate)) [[unlikely]] {
    // planted bug: objects created by the program are offered too (nothing relates them to r_f)
    for (const auto& [object, created_class] : heap.created)
      if (created_class == class_index)
        choose(heap_successor(configuration, {}, out), object, "alias " + location_name(heap, object), HeapRule::LazyAlias);
  }
}

}  // namespace symref::heap

// Copying a solver model into explicit tables (snapshot_model.hpp; a valuation V of §2).
#include "interp/solver/snapshot_model.hpp"

#include "semantics/terms/term_manager.hpp"
#include "semantics/terms/traversal.hpp"

namespace symref::solver {

using terms::SortKind;
using terms::TermKind;

std::unique_ptr<SnapshotModel> SnapshotModel::capture(const Model& source, std::span<const Term> formulas,
                                                      const terms::TermManager& manager) {
  auto snapshot = std::make_unique<SnapshotModel>(manager);
  terms::TermEvaluator evaluator(source);
  terms::TermSet visited;
  for (Term formula : formulas) {
    terms::for_each_subterm(formula, visited, [&](Term t) {
      if (t->kind() == TermKind::Symbol) {
        if (!terms::TermManager::is_array(t->sort()))
          snapshot->values_.set_symbol(t, source.symbol_value(t));
        else if (t->sort().kind == SortKind::IntArray)
          snapshot->values_.set_length(t, source.array_length(t));
      } else if (t->kind() == TermKind::Select) {
        Term base = manager.array_base(t->child(0));
        Value index = evaluator.evaluate(t->child(1));
        snapshot->values_.set_element(base, index, source.array_element(base, index));
      }
    });
  }
  return snapshot;
}

}  // namespace symref::solver

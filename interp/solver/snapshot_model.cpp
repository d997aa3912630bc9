// Copying a solver model into explicit tables (snapshot_model.hpp; a valuation V of §2).
#include "interp/solver/snapshot_model.hpp"

#include "semantics/terms/term_manager.hpp"
#include "semantics/terms/traversal.hpp"

namespace symref::solver {

using terms::FunctionId;
using terms::SortKind;
using terms::TermKind;

std::unique_ptr<SnapshotModel> SnapshotModel::capture(const Model& source, std::span<const Term> formulas,
                                                      const terms::TermManager& manager) {
  auto snapshot = std::make_unique<SnapshotModel>(manager);
  ModelRecorder recorder(source, snapshot->values_);
  terms::TermEvaluator evaluator(recorder);
  terms::TermSet visited;
  for (Term formula : formulas) {
    // What evaluating the formula reads, also under the binders it can enumerate.
    try {
      evaluator.evaluate(formula);
    } catch (const terms::NotEvaluable&) {
    }
    // And the closed parts one by one, with the base element of every read (also one that an
    // update hides), so that a formula the evaluator could not finish is covered as far as can be.
    terms::for_each_subterm(formula, visited, [&](Term t) {
      if (t->has_bound_variables()) return;
      try {
        if (t->kind() == TermKind::Symbol) {
          if (!terms::TermManager::is_array(t->sort()))
            recorder.symbol_value(t);
          else if (t->sort().kind == SortKind::IntArray)
            recorder.array_length(t);
        } else if (t->kind() == TermKind::Select) {
          Term base = manager.array_base(t->child(0));
          Value index = evaluator.evaluate(t->child(1));
          if (base->kind() == TermKind::Symbol) {
            recorder.array_element(base, index);
          } else if (base->kind() == TermKind::Apply) {
            std::vector<Value> arguments;
            for (Term argument : *base) arguments.push_back(evaluator.evaluate(argument));
            recorder.function_element(base->function(), arguments, index);
          }
        } else if (t->kind() == TermKind::Length ||
                   (t->kind() == TermKind::Apply && !terms::TermManager::is_array(t->sort()))) {
          evaluator.evaluate(t);
        }
      } catch (const terms::NotEvaluable&) {
      }
    });
  }
  return snapshot;
}

}  // namespace symref::solver

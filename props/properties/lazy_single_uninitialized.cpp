// Property `lazy_single_uninitialized` (heap draft §4): in lazy initialization every state has
// |UN| ≤ 1 and every reference an initialization stores has one target under guard true — checked
// before every step by the heap engine's observer (SymbolicHeap::observe_step, UN counted in
// find_uninitialized).
//
// The draft's language has no `?:`; ours does not fork at it, so `(b ? x : y).f` reads through two
// targets under a program condition and |UN| can be 2 in lazy too (paper-notes/004).  On programs
// with a reference-typed `?:` the |UN| half is skipped; the half on initialized values always runs.
#include "props/properties.hpp"

namespace symref::props {

namespace {

bool has_reference_conditional(const Expression* e) {
  if (e == nullptr) return false;
  if (e->kind == ExpressionKind::Conditional && e->type.kind == TypeKind::Reference) return true;
  for (const auto& operand : e->operands)
    if (has_reference_conditional(operand.get())) return true;
  return false;
}

bool has_reference_conditional(const Block& block) {
  for (const Statement& s : block.statements) {
    if (has_reference_conditional(s.target.get()) || has_reference_conditional(s.value.get()) ||
        has_reference_conditional(s.receiver.get()) || has_reference_conditional(s.then_block) ||
        has_reference_conditional(s.else_block) || has_reference_conditional(s.body))
      return true;
    for (const auto& argument : s.arguments)
      if (has_reference_conditional(argument.get())) return true;
  }
  return false;
}

}  // namespace

PropertyVerdict check_lazy_single_uninitialized(CaseWorkspace& workspace) {
  PropertyVerdict verdict;
  const Program& program = workspace.program();
  const ExplorationResult& lazy = workspace.heap_exploration("lazy");
  const HeapStatistics& observed = lazy.statistics.heap;
  ++verdict.checks;
  if (observed.guarded_states > 0) {
    verdict.fail("--heap lazy reached " + std::to_string(observed.guarded_states) +
                 " states in which an initialized reference has several targets or a guard other than true");
    return verdict;
  }
  bool conditional = has_reference_conditional(program.main);
  for (const Callable& callable : program.callables) conditional |= has_reference_conditional(callable.body);
  if (conditional) {
    ++verdict.skipped;
    return verdict;
  }
  ++verdict.checks;
  if (observed.max_uninitialized > 1)
    verdict.fail("--heap lazy read a reference with " + std::to_string(observed.max_uninitialized) +
                 " uninitialized targets (|UN| > 1)");
  return verdict;
}

}  // namespace symref::props

// The concrete and the forward symbolic system run side by side on one input (`symref step`),
// checking after every transition the simulation relation of §2–§3: the symbolic successor taken
// is the one with the concrete rule and branch letters (completeness, Theorems 2.4/3.6), the input
// satisfies its path condition, V0 ⊨ φ, and the concrete configuration is the symbolic one under
// the input: the same statements in every closure, L = V0∘τ for every closure and G, H = V0∘σ
// (correctness, Theorems 2.3/3.5).
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "semantics/concrete/machine.hpp"
#include "semantics/symbolic/symbolic_machine.hpp"
#include "semantics/terms/evaluator.hpp"

namespace symref {

struct LockstepStep {
  std::uint64_t index = 0;
  std::string position;                   // where the step happened
  const Statement* statement = nullptr;   // the statement it executed; null at the end of a body
  Rule concrete_rule;
  std::optional<Rule> symbolic_rule;      // none: no symbolic successor matches (a failure)
  std::string letters;                    // branch letters of this step
  std::vector<terms::Term> added;         // conjuncts the symbolic step added to φ
  bool path_condition_holds = true;       // V0 ⊨ φ
  bool states_correspond = true;          // stacks, locals, globals and heap as above
  std::string difference;                 // what failed, if anything
  bool ok() const { return symbolic_rule.has_value() && path_condition_holds && states_correspond; }
};

class Lockstep {
 public:
  Lockstep(const Program& program, terms::TermManager& terms, GlobalState input, SymbolicLimits limits = {});
  ~Lockstep();

  // One transition of both systems, checked; nothing when the concrete run has ended.
  std::optional<LockstepStep> step();

  const ConcreteMachine& concrete() const { return concrete_; }
  // The concrete run's end when the caller stops stepping at `max_steps` (ConcreteMachine).
  void stop_at_step_limit(std::uint64_t max_steps) { concrete_.stop_at_step_limit(max_steps); }
  const SymbolicConfiguration& symbolic() const { return symbolic_; }
  const GlobalState& input() const { return input_; }

 private:
  bool correspond(std::string& difference);

  const Program& program_;
  terms::TermManager& terms_;
  GlobalState input_;
  ConcreteMachine concrete_;
  SymbolicMachine machine_;
  SymbolicConfiguration symbolic_;
  std::unique_ptr<terms::Valuation> initial_;
  std::unique_ptr<terms::TermEvaluator> evaluator_;
  std::vector<SymbolicSuccessor> successors_;
};

}  // namespace symref

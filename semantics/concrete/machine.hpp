// The concrete transition system (§2, §2.1, §3, §4): configurations ⟨Γ, G, H⟩ — a stack of
// closures (local valuation, statement), the global valuation and the heap — and one function
// per rule, each named after the paper's rule.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "semantics/concrete/branch_record.hpp"
#include "semantics/concrete/state.hpp"
#include "semantics/control.hpp"
#include "semantics/outcome.hpp"
#include "semantics/outcome_site.hpp"
#include "semantics/rules.hpp"
#include "semantics/syntax/program.hpp"
#include "semantics/values/integer_limit.hpp"

namespace symref {

struct RunLimits {
  std::uint64_t max_steps = 100'000'000;  // then the run ends in outcome `bound`
  std::uint32_t max_depth = 100'000;      // active closures; deeper calls end in `bound`
  std::uint64_t max_int_bits = default_max_int_bits;  // a larger integer result ends the run in `bound`
};

class ConcreteMachine {
 public:
  ConcreteMachine(const Program& program, GlobalState initial);

  // One transition.  Returns the rule applied, or nothing when no rule applies: the run has ended
  // (outcome() says how; main's closure reaching ε sets Normal here).
  std::optional<Rule> step();
  // Steps until the run ends or a limit is hit (then the outcome is Bound).
  Outcome run(const RunLimits& limits);
  // Ends a run that is still running when a step limit of `max_steps` stops it: Normal when main's
  // closure has just reached its end, otherwise Bound with the limit as the reason.
  void stop_at_step_limit(std::uint64_t max_steps);

  Outcome outcome() const { return outcome_; }
  std::uint64_t steps() const { return steps_; }
  // One letter per forking transition: D/E for definedness, T/F for tests (docs/language.md#branch-letters) — the first
  // BranchRecord::kept_letters of them; branch_count() counts them all.
  const std::string& branches() const { return branches_; }
  std::uint64_t branch_count() const { return branch_count_; }
  bool branches_truncated() const { return branch_count_ > branches_.size(); }
  // The letters of the last transition (at most two: D then T or F).
  const std::string& step_letters() const { return step_letters_; }
  const GlobalState& state() const { return state_; }
  const Program& program() const { return program_; }
  const ControlStack& control() const { return control_; }
  // The locals of closure `frame` (0 = main, which has none).
  const Value* frame_locals(std::size_t frame) const { return locals_.data() + control_.frames()[frame].locals_base; }
  // The statement the next step will execute, or null at ε (drops finished blocks first).
  const Statement* next_statement() { return control_.current(); }
  // Where the run stopped (the failing, blocked or cut-off statement and the call stack), for an
  // outcome other than Normal.
  OutcomeSite site() const { return outcome_site(program_, control_); }
  // Why the bound was hit, when outcome() is Bound.
  const std::string& bound_reason() const { return bound_reason_; }
  // The value of `r` (§4), the last value returned by a method.
  const Value& result_register() const { return result_; }

  void set_limits(const RunLimits& limits) { limits_ = limits; }

 private:
  // Expressions.  Each returns false when the expression is undefined (δ fails, §2.1, §4 Def. 4.1)
  // and then sets error_ to the outcome of the first failure in evaluation order.
  bool evaluate(const Expression& e, Value& out);
  bool evaluate_boolean(const Expression& e, bool& out);
  const Value* operand_value(const Expression& e, Value& scratch);
  // The value of the Binary `e` given its left operand's; the lazy operators evaluate the right
  // operand only when the left does not decide.
  bool binary_from_left(const Expression& e, const Value& left, Value& out);
  bool test(const Statement& s, bool& condition);
  // An operation at `e` would give an integer beyond the size limit: the run ends in `bound`.
  bool integer_limit_hit(const Expression& e);
  const Value& variable(const VariableSlot& slot) const {
    return slot.scope == Scope::Global ? state_.globals[slot.index] : locals_[locals_base_ + slot.index];
  }
  Value& variable(const VariableSlot& slot) {
    return slot.scope == Scope::Global ? state_.globals[slot.index] : locals_[locals_base_ + slot.index];
  }

  // A location h that an assignment writes: evaluated before the right-hand side.
  struct Location {
    const Expression* target = nullptr;
    ObjectId object = nil_object;  // FieldRead
    std::size_t index = 0;         // ArrayRead
  };
  bool evaluate_location(const Expression& target, Location& out);
  Rule store(const Location& location, Value value);

  // The rules.
  std::optional<Rule> step_statement(const Statement& s);
  Rule concrete_assignment(const Statement& s);
  Rule concrete_object_creation(const Statement& s);
  Rule concrete_choice(const Statement& s);
  Rule concrete_iteration(const Statement& s);
  Rule concrete_assert(const Statement& s);
  Rule concrete_assume(const Statement& s);
  Rule concrete_skip(const Statement& s);
  std::optional<Rule> concrete_procedure_call(const Statement& s);
  std::optional<Rule> concrete_method_call(const Statement& s);
  Rule concrete_method_return(const Statement& s);
  Rule concrete_method_result(const Statement& s);
  std::optional<Rule> concrete_procedure_return();
  Rule concrete_error();

  // The D letter before a statement whose δ is not syntactically true.
  void record_defined(const Statement& s) {
    if (s.checks_definedness) record_letter('D');
  }
  void record_letter(char letter) {
    if (branch_count_++ < BranchRecord::kept_letters) branches_ += letter;
    step_letters_ += letter;
  }
  void push_locals(const Callable& callable);
  bool hit_depth_limit();

  const Program& program_;
  GlobalState state_;
  ControlStack control_;
  std::vector<Value> locals_;      // the locals of every closure, contiguous
  std::uint32_t locals_base_ = 0;  // the top closure's
  std::vector<Value> arguments_;   // scratch for evaluating call arguments
  Value result_;
  Outcome outcome_ = Outcome::Running;
  Outcome error_ = Outcome::Running;
  std::uint64_t steps_ = 0;
  std::string branches_;       // the kept letters
  std::uint64_t branch_count_ = 0;
  std::string step_letters_;
  std::string bound_reason_;
  RunLimits limits_;
};

}  // namespace symref

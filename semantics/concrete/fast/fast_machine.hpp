// The concrete transition system of §2, §2.1, §3 and §4 run on the flat form: the fast path of
// `symref run` without --trace.  It applies the same rules as ConcreteMachine (concrete/machine.cpp,
// the definition, which --trace and `step` use and which names every rule) with the same steps,
// outcome, final state and branch string — property `concrete_fast_path` checks that on random
// programs — but it does not say which rule each step applied.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "semantics/concrete/branch_record.hpp"
#include "semantics/concrete/fast/flat_program.hpp"
#include "semantics/concrete/machine.hpp"
#include "semantics/concrete/state.hpp"
#include "semantics/outcome.hpp"

namespace symref {

class FastMachine {
 public:
  FastMachine(const Program& program, GlobalState initial);
  // Its flat form holds addresses of its own globals (FlatInstruction::left_value, ...).
  FastMachine(const FastMachine&) = delete;
  FastMachine& operator=(const FastMachine&) = delete;

  // Runs to the end or to a limit (outcome Bound), as ConcreteMachine::run does; once per machine
  // (it starts at main's first instruction).
  Outcome run(const RunLimits& limits);

  Outcome outcome() const { return outcome_; }
  std::uint64_t steps() const { return steps_; }
  std::string branches() const { return branches_.to_string(); }  // the kept letters (BranchRecord)
  std::uint64_t branch_count() const { return branches_.size(); }
  const BranchRecord& branch_record() const { return branches_; }
  const GlobalState& state() const { return state_; }
  GlobalState take_state() { return std::move(state_); }  // after the run
  const std::string& bound_reason() const { return bound_reason_; }
  // Where the run stopped, as ConcreteMachine::site() says it (after run()).
  OutcomeSite site() const;
  const Value& result_register() const { return result_; }

 private:
  struct Frame {
    std::int32_t return_pc;     // the caller's next instruction
    std::uint32_t caller_base;  // the caller's locals
    bool is_main;
    std::int32_t call_pc = -1;  // the caller's call instruction
    std::int32_t callable = -1; // the closure's Program::callables index (-1: main)
  };

  const Value& leaf(const FlatOperand& operand) const {
    return slots_[static_cast<int>(operand.kind)][operand.index];
  }
  // After the locals moved (a push may reallocate them) or the top closure changed.
  void refresh_locals() { slots_[static_cast<int>(OperandKind::Local)] = locals_.data() + locals_base_; }
  Value& slot_of(const FlatInstruction& in) {  // AssignGlobal, AssignLocal: the variable
    return slots_[static_cast<int>(in.op == InstructionOp::AssignLocal)][in.location.slot];
  }
  bool small_binary(const FlatInstruction& in, const Value& left, const Value& right, Value& out) const;
  // Runs a register form: 1 with the value in its result register; 0 when it gave up (a big
  // integer, an overflow), and then the general evaluation decides, from the start; -1 when the
  // expression is undefined (error_ set), failing where the general evaluation fails, in its order.
  int execute(const MicroRange& range);
  const Value* read(const FlatOperand& operand, Value& scratch);
  bool evaluate(const FlatNode& node, Value& out);
  bool evaluate_into(const FlatOperand& operand, Value& out);
  // A binary node given its left operand's value: the lazy operators read the right operand only
  // when the left does not decide.
  bool lazy_from_left(const FlatNode& node, const Value& left, Value& out);
  bool strict_from_left(const FlatNode& node, const Value& left, Value& out);
  // A chain (a + b) + c, whose left operand is a binary node itself: folded in a loop from the
  // innermost node out, so that a chain of any length takes no stack.
  bool evaluate_chain(const FlatNode& root, Value& out);
  bool continues_chain(const FlatNode& node) const {
    if (node.a.kind != OperandKind::Node || node.op < NodeOp::Add || node.op > NodeOp::Implies) return false;
    const NodeOp left = flat_.nodes[static_cast<std::size_t>(node.a.index)].op;
    return left >= NodeOp::Add && left <= NodeOp::Or;
  }
  bool condition(const FlatInstruction& test, bool& out);
  bool locate(const FlatLocation& location, ObjectId& object, std::size_t& index);
  void store(const FlatLocation& location, ObjectId object, std::size_t index, Value value);
  bool bind_arguments(const FlatInstruction& call, std::size_t old_size);
  // Push or pop a closure; each returns the instruction to run next.
  std::int32_t enter(const FlatInstruction& call);
  std::int32_t leave();

  const Program& program_;
  FlatProgram flat_;
  GlobalState state_;
  std::vector<Value> locals_;
  std::uint32_t locals_base_ = 0;
  std::vector<Frame> frames_;
  std::vector<std::int64_t> registers_;  // of the register forms (FlatProgram::registers)
  std::vector<const FlatNode*> chain_;  // evaluate_chain's nodes, a stack shared by nested chains
  Value* slots_[3] = {};  // by OperandKind: the globals, the top closure's locals, the constants
  Value result_;
  Outcome outcome_ = Outcome::Running;
  Outcome error_ = Outcome::Running;
  std::uint64_t steps_ = 0;
  BranchRecord branches_;
  std::string bound_reason_;
  std::uint64_t max_int_bits_ = default_max_int_bits;  // RunLimits::max_int_bits of the run
  std::int32_t stop_pc_ = 0;  // the instruction the run stopped at
};

}  // namespace symref

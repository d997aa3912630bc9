// The concrete fast path: the rules of concrete/machine.cpp (§2, §2.1, §3, §4) applied to the
// compact form, with small integers computed in 64 bits and the overflow test only on + - *.
#include "semantics/concrete/fast_machine.hpp"

#include "semantics/faults.hpp"
#include "semantics/values/operators.hpp"

namespace symref {

namespace {

BinaryOperator binary_operator_of(NodeOp op) {
  switch (op) {
    case NodeOp::Add: return BinaryOperator::Add;
    case NodeOp::Subtract: return BinaryOperator::Subtract;
    case NodeOp::Multiply: return BinaryOperator::Multiply;
    case NodeOp::Divide: return BinaryOperator::Divide;
    case NodeOp::Remainder: return BinaryOperator::Remainder;
    case NodeOp::Less: return BinaryOperator::Less;
    case NodeOp::LessEqual: return BinaryOperator::LessEqual;
    case NodeOp::Greater: return BinaryOperator::Greater;
    case NodeOp::GreaterEqual: return BinaryOperator::GreaterEqual;
    case NodeOp::Equal: return BinaryOperator::Equal;
    case NodeOp::NotEqual: return BinaryOperator::NotEqual;
    default: return BinaryOperator::Add;
  }
}

bool is_comparison(NodeOp op) { return op >= NodeOp::Less && op <= NodeOp::NotEqual; }

// A comparison of two 64-bit values (ints, or Booleans and references, which are small too).
bool compare_small(NodeOp op, std::int64_t x, std::int64_t y) {
  switch (op) {
    case NodeOp::Less: return x < y;
    case NodeOp::LessEqual: return x <= y;
    case NodeOp::Greater: return x > y;
    case NodeOp::GreaterEqual: return x >= y;
    case NodeOp::Equal: return x == y;
    default: return x != y;
  }
}

bool both_small(const Value& a, const Value& b) { return a.as_integer().is_small() && b.as_integer().is_small(); }

}  // namespace

FastMachine::FastMachine(const Program& program, GlobalState initial)
    : program_(program), compact_(compile_compact(program)), state_(std::move(initial)) {
  frames_.push_back(Frame{0, 0, true});
  locals_.reserve(256);
  slots_[static_cast<int>(OperandKind::Global)] = state_.globals.data();
  slots_[static_cast<int>(OperandKind::Constant)] = compact_.constants.data();
  refresh_locals();
}

// x op y for an instruction's leaf binary on two small integers, in place; false when an operand
// is big, the operation overflows 64 bits (the only place the test is needed), or the operator is
// not one of + - * < <= > >= == !=: then the general evaluation runs.
inline bool FastMachine::small_binary(const CompactInstruction& in, Value& out) const {
  const Value& left = leaf(in.left);
  const Value& right = leaf(in.right);
  if (!both_small(left, right)) return false;
  const std::int64_t x = left.as_integer().small_value(), y = right.as_integer().small_value();
  std::int64_t r;
  switch (in.binary) {
    case NodeOp::Add:
      if (__builtin_add_overflow(x, y, &r)) return false;
      break;
    case NodeOp::Subtract:
      if (__builtin_sub_overflow(x, y, &r)) return false;
      break;
    case NodeOp::Multiply:
      if (__builtin_mul_overflow(x, y, &r)) return false;
      break;
    default: out = Value::boolean(compare_small(in.binary, x, y)); return true;
  }
  out = Value::integer(r);
  return true;
}

// ---------------------------------------------------------------------------------------------
// Expressions: V(e) as in ConcreteMachine::evaluate; false when δ fails (error_ says how).  `out`
// is written only when the evaluation succeeds, so an assignment may evaluate into its target.

inline const Value* FastMachine::read(const CompactOperand& operand, Value& scratch) {
  if (operand.kind != OperandKind::Node) return &leaf(operand);
  return evaluate(compact_.nodes[static_cast<std::size_t>(operand.index)], scratch) ? &scratch : nullptr;
}

inline bool FastMachine::evaluate_into(const CompactOperand& operand, Value& out) {
  if (operand.kind == OperandKind::Node) return evaluate(compact_.nodes[static_cast<std::size_t>(operand.index)], out);
  Value unused;
  out = *read(operand, unused);
  return true;
}

bool FastMachine::evaluate(const CompactNode& node, Value& out) {
  Value left_scratch, right_scratch;
  switch (node.op) {
    case NodeOp::ArrayLength:
      out = Value::integer(static_cast<std::int64_t>(state_.arrays[static_cast<std::size_t>(node.slot)].size()));
      return true;
    case NodeOp::FieldRead: {
      const Value* object = read(node.a, left_scratch);
      if (object == nullptr) return false;
      if (object->is_nil()) {
        error_ = Outcome::NilDereference;
        return false;
      }
      out = state_.object(object->as_object()).fields[static_cast<std::size_t>(node.slot)];
      return true;
    }
    case NodeOp::ArrayRead: {
      const Value* index = read(node.a, left_scratch);
      if (index == nullptr) return false;
      const auto& elements = state_.arrays[static_cast<std::size_t>(node.slot)];
      const Integer& i = index->as_integer();
      if (!i.is_small() || i.small_value() < 0 || static_cast<std::uint64_t>(i.small_value()) >= elements.size()) {
        error_ = Outcome::OutOfBounds;
        return false;
      }
      out = Value::integer(elements[static_cast<std::size_t>(i.small_value())]);
      return true;
    }
    case NodeOp::Not:
    case NodeOp::Negate: {
      const Value* operand = read(node.a, left_scratch);
      if (operand == nullptr) return false;
      out = apply_unary(node.op == NodeOp::Not ? UnaryOperator::Not : UnaryOperator::Negate, *operand);
      return true;
    }
    case NodeOp::And:
    case NodeOp::Or:
    case NodeOp::Implies: {
      const Value* left = read(node.a, left_scratch);
      if (left == nullptr) return false;
      const bool decided_by_left = node.op == NodeOp::Or ? left->as_boolean() : !left->as_boolean();
      if (!decided_by_left) return evaluate_into(node.b, out);
      // The planted fault of ConcreteMachine, kept here so that both paths fail alike.
      if (node.op == NodeOp::And && fault_active(Fault::StrictConjunction) && !evaluate_into(node.b, right_scratch))
        return false;
      out = Value::boolean(node.op != NodeOp::And);
      return true;
    }
    case NodeOp::Conditional: {
      const Value* condition = read(node.a, left_scratch);
      if (condition == nullptr) return false;
      return evaluate_into(condition->as_boolean() ? node.b : node.c, out);
    }
    default: break;  // the strict binary operators
  }
  const Value* left = read(node.a, left_scratch);
  if (left == nullptr) return false;
  const Value* right = read(node.b, right_scratch);
  if (right == nullptr) return false;
  if (both_small(*left, *right)) {
    const std::int64_t x = left->as_integer().small_value(), y = right->as_integer().small_value();
    std::int64_t r;
    switch (node.op) {
      case NodeOp::Add:
        if (__builtin_add_overflow(x, y, &r)) break;
        out = Value::integer(r);
        return true;
      case NodeOp::Subtract:
        if (__builtin_sub_overflow(x, y, &r)) break;
        out = Value::integer(r);
        return true;
      case NodeOp::Multiply:
        if (__builtin_mul_overflow(x, y, &r)) break;
        out = Value::integer(r);
        return true;
      case NodeOp::Divide:
      case NodeOp::Remainder: break;
      default: out = Value::boolean(compare_small(node.op, x, y)); return true;
    }
  }
  out = apply_strict_binary(binary_operator_of(node.op), *left, *right);
  return true;
}

int FastMachine::small_node_value(const CompactNode& node, std::int64_t& out) {
  std::int64_t x, y;
  switch (node.op) {
    case NodeOp::ArrayLength:
      out = static_cast<std::int64_t>(state_.arrays[static_cast<std::size_t>(node.slot)].size());
      return 1;
    case NodeOp::ArrayRead: {
      if (const int result = small_value(node.a, x); result != 1) return result;
      const auto& elements = state_.arrays[static_cast<std::size_t>(node.slot)];
      if (x < 0 || static_cast<std::uint64_t>(x) >= elements.size()) {
        error_ = Outcome::OutOfBounds;
        return -1;
      }
      const Integer& element = elements[static_cast<std::size_t>(x)];
      if (!element.is_small()) return 0;
      out = element.small_value();
      return 1;
    }
    case NodeOp::FieldRead: {
      Value scratch;
      const Value* object = read(node.a, scratch);
      if (object == nullptr) return -1;
      if (object->is_nil()) {
        error_ = Outcome::NilDereference;
        return -1;
      }
      const Integer& field = state_.object(object->as_object()).fields[static_cast<std::size_t>(node.slot)].as_integer();
      if (!field.is_small()) return 0;
      out = field.small_value();
      return 1;
    }
    case NodeOp::Add:
    case NodeOp::Subtract:
    case NodeOp::Multiply: {
      if (const int result = small_value(node.a, x); result != 1) return result;
      if (const int result = small_value(node.b, y); result != 1) return result;
      const bool overflow = node.op == NodeOp::Add        ? __builtin_add_overflow(x, y, &out)
                            : node.op == NodeOp::Subtract ? __builtin_sub_overflow(x, y, &out)
                                                          : __builtin_mul_overflow(x, y, &out);
      return overflow ? 0 : 1;
    }
    default: return 0;
  }
}

int FastMachine::small_test(const CompactOperand& operand, bool& out) {
  if (operand.kind != OperandKind::Node) {
    out = leaf(operand).as_boolean();
    return 1;
  }
  const CompactNode& node = compact_.nodes[static_cast<std::size_t>(operand.index)];
  switch (node.op) {
    case NodeOp::Less:
    case NodeOp::LessEqual:
    case NodeOp::Greater:
    case NodeOp::GreaterEqual: {
      std::int64_t x, y;
      if (const int result = small_value(node.a, x); result != 1) return result;
      if (const int result = small_value(node.b, y); result != 1) return result;
      out = compare_small(node.op, x, y);
      return 1;
    }
    case NodeOp::Not:
      if (const int result = small_test(node.a, out); result != 1) return result;
      out = !out;
      return 1;
    case NodeOp::And:
    case NodeOp::Or:
    case NodeOp::Implies: {
      bool left;
      if (const int result = small_test(node.a, left); result != 1) return result;
      const bool decided_by_left = node.op == NodeOp::Or ? left : !left;
      if (!decided_by_left) return small_test(node.b, out);
      if (node.op == NodeOp::And && fault_active(Fault::StrictConjunction)) [[unlikely]]
        return 0;  // the planted fault's strict evaluation is the general path's
      out = node.op != NodeOp::And;
      return 1;
    }
    default: return 0;  // == and != may compare references or Booleans: the general path
  }
}

// A test's condition, with comparisons of small integers decided without building a Value.
inline bool FastMachine::condition(const CompactInstruction& in, bool& out) {
  const CompactOperand& operand = in.value;
  if (in.leaf_binary && is_comparison(in.binary)) {
    const Value& left = leaf(in.left);
    const Value& right = leaf(in.right);
    if (both_small(left, right)) {
      out = compare_small(in.binary, left.as_integer().small_value(), right.as_integer().small_value());
      return true;
    }
  }
  if (const int result = small_test(operand, out); result != 0) return result == 1;
  if (operand.kind == OperandKind::Node) {
    const CompactNode& node = compact_.nodes[static_cast<std::size_t>(operand.index)];
    if (is_comparison(node.op)) {
      Value left_scratch, right_scratch;
      const Value* left = read(node.a, left_scratch);
      if (left == nullptr) return false;
      const Value* right = read(node.b, right_scratch);
      if (right == nullptr) return false;
      if (both_small(*left, *right))
        out = compare_small(node.op, left->as_integer().small_value(), right->as_integer().small_value());
      else
        out = apply_strict_binary(binary_operator_of(node.op), *left, *right).as_boolean();
      return true;
    }
  }
  Value value;
  if (!evaluate_into(operand, value)) return false;
  out = value.as_boolean();
  return true;
}

// The location h, evaluated before the assigned value (ConcreteMachine::evaluate_location).
bool FastMachine::locate(const CompactLocation& location, ObjectId& object, std::size_t& index) {
  Value scratch;
  switch (location.kind) {
    case LocationKind::Global:
    case LocationKind::Local: return true;
    case LocationKind::Field: {
      const Value* value = read(location.base, scratch);
      if (value == nullptr) return false;
      if (value->is_nil()) {
        error_ = Outcome::NilDereference;
        return false;
      }
      object = value->as_object();
      return true;
    }
    case LocationKind::Array: {
      const Value* value = read(location.base, scratch);
      if (value == nullptr) return false;
      const Integer& i = value->as_integer();
      if (!i.is_small() || i.small_value() < 0 ||
          static_cast<std::uint64_t>(i.small_value()) >= state_.arrays[static_cast<std::size_t>(location.slot)].size()) {
        error_ = Outcome::OutOfBounds;
        return false;
      }
      index = static_cast<std::size_t>(i.small_value());
      return true;
    }
  }
  return false;
}

void FastMachine::store(const CompactLocation& location, ObjectId object, std::size_t index, Value value) {
  const auto slot = static_cast<std::size_t>(location.slot);
  switch (location.kind) {
    case LocationKind::Global: state_.globals[slot] = std::move(value); return;
    case LocationKind::Local: locals_[locals_base_ + slot] = std::move(value); return;
    case LocationKind::Array: state_.arrays[slot][index] = value.as_integer(); return;
    case LocationKind::Field: state_.object(object).fields[slot] = std::move(value); return;
  }
}

// ---------------------------------------------------------------------------------------------
// Calls and returns (§3, §4): the callee's closure gets the argument values, then its `var`
// locals at their defaults; the caller's locals stay below it untouched.

bool FastMachine::bind_arguments(const CompactInstruction& call, std::size_t old_size) {
  for (std::int32_t k = 0; k < call.argument_count; ++k) {
    Value value;
    if (!evaluate_into(compact_.arguments[static_cast<std::size_t>(call.first_argument + k)], value)) {
      locals_.resize(old_size);
      return false;
    }
    locals_.push_back(std::move(value));
    refresh_locals();
  }
  return true;
}

std::int32_t FastMachine::enter(const CompactInstruction& call) {
  const CompactCallable& callee = compact_.callables[static_cast<std::size_t>(call.number)];
  const auto callee_base = static_cast<std::uint32_t>(locals_.size() - static_cast<std::size_t>(callee.parameter_slots));
  for (const auto& value : callee.local_defaults) locals_.push_back(value);
  frames_.push_back(Frame{call.next, locals_base_, false});
  locals_base_ = callee_base;
  refresh_locals();
  return callee.entry;
}

std::int32_t FastMachine::leave() {
  const Frame frame = frames_.back();
  frames_.pop_back();
  const std::uint32_t callee_base = locals_base_, caller_base = frame.caller_base;
  if (fault_active(Fault::LocalFrameNotRestored) && !frames_.back().is_main) [[unlikely]] {
    // ConcreteMachine's planted fault, kept here so that both paths fail alike.
    const std::size_t caller_count = callee_base - caller_base;
    for (std::size_t i = 0; i < caller_count && callee_base + i < locals_.size(); ++i)
      if (locals_[callee_base + i].kind() == locals_[caller_base + i].kind())
        locals_[caller_base + i] = locals_[callee_base + i];
  }
  locals_.resize(callee_base);
  locals_base_ = caller_base;
  refresh_locals();
  return frame.return_pc;
}

// §2.1 error transition: the letter E and the outcome of the failed δ.
void FastMachine::fail() {
  branches_.push(BranchRecord::Error);
  outcome_ = error_;
}

// ---------------------------------------------------------------------------------------------
// The run: one instruction per transition, in the order and with the letters of ConcreteMachine.

Outcome FastMachine::run(const RunLimits& limits) {
  const CompactInstruction* code = compact_.code.data();
  // The counters live in registers while the run lasts (stores to Values could alias members).
  std::int32_t pc = 0;
  std::uint64_t steps = steps_;
  const std::uint64_t max_steps = limits.max_steps;
  while (outcome_ == Outcome::Running) {
    const CompactInstruction& in = code[pc];
    if (in.op == InstructionOp::MainEnd) {
      outcome_ = Outcome::Normal;
      break;
    }
    if (steps >= max_steps) [[unlikely]] {
      outcome_ = Outcome::Bound;
      bound_reason_ = "step limit " + std::to_string(max_steps) + " reached";
      break;
    }
    ++steps;
    switch (in.op) {
      case InstructionOp::AssignGlobal:
      case InstructionOp::AssignLocal: {
        Value& target = slots_[static_cast<int>(in.op == InstructionOp::AssignLocal)][in.location.slot];
        if (!(in.leaf_binary && small_binary(in, target))) {
          std::int64_t small = 0;
          const int result = in.int_valued ? small_value(in.value, small) : 0;
          if (result == 1) {
            target = Value::integer(small);
          } else if (result == -1 || !evaluate_into(in.value, target)) {
            fail();
            break;
          }
        }
        if (in.checks_definedness) branches_.push(BranchRecord::Defined);
        pc = in.next;
        break;
      }
      case InstructionOp::AssignArray: {
        std::int64_t index = 0, small = 0;
        int result = small_value(in.location.base, index);
        if (result == 1 && (index < 0 || static_cast<std::uint64_t>(index) >=
                                             state_.arrays[static_cast<std::size_t>(in.location.slot)].size())) {
          error_ = Outcome::OutOfBounds;
          result = -1;
        }
        if (result == 1) result = small_value(in.value, small);
        if (result == 0) goto general_assignment;  // from the start: the location first
        if (result == -1) {
          fail();
          break;
        }
        if (in.checks_definedness) branches_.push(BranchRecord::Defined);
        state_.arrays[static_cast<std::size_t>(in.location.slot)][static_cast<std::size_t>(index)] = Integer(small);
        pc = in.next;
        break;
      }
      case InstructionOp::AssignField:
      general_assignment: {
        ObjectId object = nil_object;
        std::size_t index = 0;
        Value value;
        if (!locate(in.location, object, index) || !evaluate_into(in.value, value)) {
          fail();
          break;
        }
        if (in.checks_definedness) branches_.push(BranchRecord::Defined);
        store(in.location, object, index, std::move(value));
        pc = in.next;
        break;
      }
      case InstructionOp::AssignWholeArray:
        if (in.checks_definedness) branches_.push(BranchRecord::Defined);
        state_.arrays[static_cast<std::size_t>(in.location.slot)] = state_.arrays[static_cast<std::size_t>(in.value.index)];
        pc = in.next;
        break;
      case InstructionOp::New: {
        ObjectId object = nil_object;
        std::size_t index = 0;
        if (!locate(in.location, object, index)) {
          fail();
          break;
        }
        if (in.checks_definedness) branches_.push(BranchRecord::Defined);
        const ObjectId fresh = allocate_object(program_, state_, in.number);
        store(in.location, object, index, Value::reference(in.number, fresh));
        pc = in.next;
        break;
      }
      case InstructionOp::If:
      case InstructionOp::While:
      case InstructionOp::Assert:
      case InstructionOp::Assume: {
        bool holds;
        if (!condition(in, holds)) {
          fail();
          break;
        }
        if (in.checks_definedness) branches_.push(BranchRecord::Defined);
        branches_.push(holds ? BranchRecord::True : BranchRecord::False);
        if (holds) {
          pc = in.next;
        } else if (in.op == InstructionOp::Assert) {
          outcome_ = Outcome::AssertionFailure;
        } else if (in.op == InstructionOp::Assume) {
          outcome_ = Outcome::Blocked;
        } else {
          if (in.op == InstructionOp::While && fault_active(Fault::FastPathLoopExitUncounted)) [[unlikely]]
            --steps;  // the planted fault
          pc = in.jump;
        }
        break;
      }
      case InstructionOp::Skip: pc = in.next; break;
      case InstructionOp::CallProcedure:
      case InstructionOp::CallMethod: {
        const std::size_t old_size = locals_.size();
        if (in.op == InstructionOp::CallMethod) {
          Value receiver;
          if (!evaluate_into(in.value, receiver)) {
            fail();
            break;
          }
          if (receiver.is_nil()) {
            error_ = Outcome::NilDereference;
            fail();
            break;
          }
          locals_.push_back(std::move(receiver));
          refresh_locals();
        }
        if (!bind_arguments(in, old_size)) {
          fail();
          break;
        }
        if (frames_.size() >= limits.max_depth) {  // not a transition: the run is cut off
          locals_.resize(old_size);
          --steps;
          outcome_ = Outcome::Bound;
          bound_reason_ = "call depth limit " + std::to_string(limits.max_depth) + " reached";
          break;
        }
        if (in.checks_definedness) branches_.push(BranchRecord::Defined);
        pc = enter(in);
        break;
      }
      case InstructionOp::MethodResult: {
        ObjectId object = nil_object;
        std::size_t index = 0;
        if (!locate(in.location, object, index)) {
          fail();
          break;
        }
        if (in.result_needs_definedness) branches_.push(BranchRecord::Defined);
        store(in.location, object, index, result_);
        pc = in.next;
        break;
      }
      case InstructionOp::Return: {
        Value value;
        if (!evaluate_into(in.value, value)) {
          fail();
          break;
        }
        if (in.checks_definedness) branches_.push(BranchRecord::Defined);
        result_ = std::move(value);
        pc = in.next;  // the body's End: the closure's statement is ε
        break;
      }
      case InstructionOp::End: pc = leave(); break;
      case InstructionOp::MainEnd:
      case InstructionOp::Jump: break;  // handled above
    }
  }
  steps_ = steps;
  return outcome_;
}

}  // namespace symref

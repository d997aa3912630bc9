// The concrete fast path: the rules of concrete/machine.cpp (§2, §2.1, §3, §4) applied to the
// flat form, with small integers computed in 64 bits and the overflow test only on + - *.
#include "semantics/concrete/fast/fast_machine.hpp"

#include <new>
#include <utility>

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

// Stores a 64-bit int or Boolean in place.  A Value or Integer that holds no big integer owns
// nothing, so its number is overwritten by a placement new, with no temporary Value or Integer
// whose destructor would call Integer::release (GCC does not inline it in a function as large as
// the run loop, and a call per step cost 6-7% of count_loop).  The kind is the variable's static
// type, which the slot already has; the general assignment handles anything else.
inline void store_small(Value& target, std::int64_t value, bool boolean) {
  const ValueKind kind = boolean ? ValueKind::Bool : ValueKind::Int;
  if (target.kind() == kind && target.as_integer().is_small()) [[likely]]
    ::new (&const_cast<Integer&>(target.as_integer())) Integer(value);
  else
    target = boolean ? Value::boolean(value != 0) : Value::integer(value);
}
inline void store_small(Integer& target, std::int64_t value) {
  if (target.is_small()) [[likely]]
    ::new (&target) Integer(value);
  else
    target = Integer(value);
}

}  // namespace

FastMachine::FastMachine(const Program& program, GlobalState initial)
    : program_(program), flat_(compile_flat(program)), state_(std::move(initial)) {
  frames_.push_back(Frame{0, 0, true});
  locals_.reserve(256);
  slots_[static_cast<int>(OperandKind::Global)] = state_.globals.data();
  slots_[static_cast<int>(OperandKind::Constant)] = flat_.constants.data();
  refresh_locals();
  registers_ = flat_.registers;
  // The leaf binaries on globals and literals read and write them by address.
  auto is_fixed = [](const FlatOperand& operand) {
    return operand.kind == OperandKind::Global || operand.kind == OperandKind::Constant;
  };
  for (auto& in : flat_.code) {
    const bool direct = is_fixed(in.left) && is_fixed(in.right);
    if (in.handler == FastHandler::AssignSlotLeaf && direct && in.op == InstructionOp::AssignGlobal) {
      in.handler = FastHandler::AssignGlobalLeafDirect;
      in.target_value = &state_.globals[static_cast<std::size_t>(in.location.slot)];
    } else if (in.handler == FastHandler::TestLeaf && direct) {
      in.handler = FastHandler::TestLeafDirect;
    } else {
      continue;
    }
    in.left_value = &leaf(in.left);
    in.right_value = &leaf(in.right);
  }
}

// x op y for an instruction's leaf binary on two small integers, in place; false when an operand
// is big, the operation overflows 64 bits (the only place the test is needed), or the operator is
// not one of + - * < <= > >= == !=: then the general evaluation runs.
inline bool FastMachine::small_binary(const FlatInstruction& in, const Value& left, const Value& right,
                                      Value& out) const {
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
    default: store_small(out, compare_small(in.binary, x, y) ? 1 : 0, true); return true;
  }
  store_small(out, r, false);
  return true;
}

// ---------------------------------------------------------------------------------------------
// Expressions: V(e) as in ConcreteMachine::evaluate; false when δ fails (error_ says how).  `out`
// is written only when the evaluation succeeds, so an assignment may evaluate into its target.

inline const Value* FastMachine::read(const FlatOperand& operand, Value& scratch) {
  if (operand.kind != OperandKind::Node) return &leaf(operand);
  return evaluate(flat_.nodes[static_cast<std::size_t>(operand.index)], scratch) ? &scratch : nullptr;
}

inline bool FastMachine::evaluate_into(const FlatOperand& operand, Value& out) {
  if (operand.kind == OperandKind::Node) return evaluate(flat_.nodes[static_cast<std::size_t>(operand.index)], out);
  Value unused;
  out = *read(operand, unused);
  return true;
}

bool FastMachine::evaluate(const FlatNode& node, Value& out) {
  Value left_scratch;
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
      if (continues_chain(node)) return evaluate_chain(node, out);
      const Value* left = read(node.a, left_scratch);
      return left != nullptr && lazy_from_left(node, *left, out);
    }
    case NodeOp::Conditional: {
      const Value* condition = read(node.a, left_scratch);
      if (condition == nullptr) return false;
      return evaluate_into(condition->as_boolean() ? node.b : node.c, out);
    }
    default: break;  // the strict binary operators
  }
  if (continues_chain(node)) return evaluate_chain(node, out);
  const Value* left = read(node.a, left_scratch);
  return left != nullptr && strict_from_left(node, *left, out);
}

inline bool FastMachine::lazy_from_left(const FlatNode& node, const Value& left, Value& out) {
  const bool decided_by_left = node.op == NodeOp::Or ? left.as_boolean() : !left.as_boolean();
  if (!decided_by_left) return evaluate_into(node.b, out);
  // The planted fault of ConcreteMachine, kept here so that both paths fail alike.
  Value right_scratch;
  if (node.op == NodeOp::And && fault_active(Fault::StrictConjunction) && !evaluate_into(node.b, right_scratch))
    return false;
  out = Value::boolean(node.op != NodeOp::And);
  return true;
}

inline bool FastMachine::strict_from_left(const FlatNode& node, const Value& left, Value& out) {
  Value right_scratch;
  const Value* right = read(node.b, right_scratch);
  if (right == nullptr) return false;
  if (both_small(left, *right)) {
    const std::int64_t x = left.as_integer().small_value(), y = right->as_integer().small_value();
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
  if (apply_bounded_binary(binary_operator_of(node.op), left, *right, max_int_bits_, out)) return true;
  error_ = Outcome::Bound;  // beyond the size limit: the run ends in `bound` (ConcreteMachine's rule)
  bound_reason_ = integer_limit_reason(max_int_bits_, node.location);
  return false;
}

bool FastMachine::evaluate_chain(const FlatNode& root, Value& out) {
  const std::size_t base = chain_.size();
  const FlatNode* node = &root;
  chain_.push_back(node);
  while (continues_chain(*node)) {
    node = &flat_.nodes[static_cast<std::size_t>(node->a.index)];
    chain_.push_back(node);
  }
  // The innermost node's left operand is no chain: evaluated as usual.
  Value left, value;
  bool defined = evaluate_into(node->a, left);
  for (std::size_t i = chain_.size(); defined && i-- > base;) {
    const FlatNode& link = *chain_[i];
    defined = link.op >= NodeOp::And ? lazy_from_left(link, left, value) : strict_from_left(link, left, value);
    std::swap(left, value);
  }
  chain_.resize(base);
  if (defined) out = std::move(left);
  return defined;
}

// Threaded dispatch (GCC's labels as values): each micro-instruction jumps to the next one's code
// itself, so each has its own, better predicted, indirect branch instead of one shared by a switch.
int FastMachine::execute(const MicroRange& range) {
  static constexpr void* code_of[] = {
      &&load_global, &&load_local, &&array_length, &&array_read, &&field_read, &&add, &&subtract, &&multiply,
      &&less, &&less_equal, &&greater, &&greater_equal, &&equal, &&not_equal, &&negation, &&negate, &&move,
      &&skip_if_false, &&skip_if_true, &&skip_if_false_implies, &&branch_if_false, &&jump,
      &&array_read_global, &&array_read_local, &&done};
  static_assert(sizeof(code_of) / sizeof(code_of[0]) == static_cast<std::size_t>(MicroOp::End) + 1);
  std::int64_t* const r = registers_.data();
  const MicroInstruction* const micro = flat_.micro.data();
  const MicroInstruction* m = micro + range.first;
  const Value* const globals = slots_[static_cast<int>(OperandKind::Global)];
  const Value* const locals = slots_[static_cast<int>(OperandKind::Local)];
  std::int64_t index;
#define SYMREF_NEXT goto* code_of[static_cast<int>((++m)->op)]
#define SYMREF_GO(target) goto* code_of[static_cast<int>((m = micro + (target))->op)]
  goto* code_of[static_cast<int>(m->op)];
load_global : {
  const Integer& value = globals[m->a].as_integer();
  if (!value.is_small()) return 0;
  r[m->d] = value.small_value();
  SYMREF_NEXT;
}
load_local : {
  const Integer& value = locals[m->a].as_integer();
  if (!value.is_small()) return 0;
  r[m->d] = value.small_value();
  SYMREF_NEXT;
}
array_length:
  r[m->d] = static_cast<std::int64_t>(state_.arrays[static_cast<std::size_t>(m->a)].size());
  SYMREF_NEXT;
array_read_global : {
  const Integer& value = globals[m->b].as_integer();
  if (!value.is_small()) return 0;
  index = value.small_value();
  goto array_element;
}
array_read_local : {
  const Integer& value = locals[m->b].as_integer();
  if (!value.is_small()) return 0;
  index = value.small_value();
  goto array_element;
}
array_read:
  index = r[m->b];
array_element : {
  const auto& elements = state_.arrays[static_cast<std::size_t>(m->a)];
  if (index < 0 || static_cast<std::uint64_t>(index) >= elements.size()) {
    error_ = Outcome::OutOfBounds;
    return -1;
  }
  const Integer& element = elements[static_cast<std::size_t>(index)];
  if (!element.is_small()) return 0;
  r[m->d] = element.small_value();
  SYMREF_NEXT;
}
field_read : {
  if (r[m->b] == nil_object) {
    error_ = Outcome::NilDereference;
    return -1;
  }
  const Integer& field = state_.object(r[m->b]).fields[static_cast<std::size_t>(m->a)].as_integer();
  if (!field.is_small()) return 0;
  r[m->d] = field.small_value();
  SYMREF_NEXT;
}
add:
  if (__builtin_add_overflow(r[m->a], r[m->b], &r[m->d])) return 0;
  SYMREF_NEXT;
subtract:
  if (__builtin_sub_overflow(r[m->a], r[m->b], &r[m->d])) return 0;
  SYMREF_NEXT;
multiply:
  if (__builtin_mul_overflow(r[m->a], r[m->b], &r[m->d])) return 0;
  SYMREF_NEXT;
less:
  r[m->d] = r[m->a] < r[m->b];
  SYMREF_NEXT;
less_equal:
  r[m->d] = r[m->a] <= r[m->b];
  SYMREF_NEXT;
greater:
  r[m->d] = r[m->a] > r[m->b];
  SYMREF_NEXT;
greater_equal:
  r[m->d] = r[m->a] >= r[m->b];
  SYMREF_NEXT;
equal:
  r[m->d] = r[m->a] == r[m->b];
  SYMREF_NEXT;
not_equal:
  r[m->d] = r[m->a] != r[m->b];
  SYMREF_NEXT;
negation:
  r[m->d] = r[m->a] == 0;
  SYMREF_NEXT;
negate:
  if (r[m->a] == INT64_MIN) return 0;
  r[m->d] = -r[m->a];
  SYMREF_NEXT;
move:
  r[m->d] = r[m->a];
  SYMREF_NEXT;
skip_if_false:
  if (r[m->d] != 0) SYMREF_NEXT;
  // The planted fault's strict && is the general evaluation's (ConcreteMachine's fault).
  if (fault_active(Fault::StrictConjunction)) [[unlikely]] return 0;
  SYMREF_GO(m->a);
skip_if_true:
  if (r[m->d] == 0 || fault_active(Fault::FastPathOrNotShortCircuit)) SYMREF_NEXT;  // the fault: no skip
  SYMREF_GO(m->a);
skip_if_false_implies:
  if (r[m->d] != 0) SYMREF_NEXT;
  r[m->d] = 1;
  SYMREF_GO(m->a);
branch_if_false:
  if (r[m->b] != 0) SYMREF_NEXT;
  SYMREF_GO(m->a);
jump:
  SYMREF_GO(m->a);
done:
  return 1;
#undef SYMREF_NEXT
#undef SYMREF_GO
}

// A test's condition by the general evaluation.
inline bool FastMachine::condition(const FlatInstruction& in, bool& out) {
  Value value;
  if (!evaluate_into(in.value, value)) return false;
  out = value.as_boolean();
  return true;
}

// The location h, evaluated before the assigned value (ConcreteMachine::evaluate_location).
bool FastMachine::locate(const FlatLocation& location, ObjectId& object, std::size_t& index) {
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

void FastMachine::store(const FlatLocation& location, ObjectId object, std::size_t index, Value value) {
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

bool FastMachine::bind_arguments(const FlatInstruction& call, std::size_t old_size) {
  for (std::int32_t k = 0; k < call.argument_count; ++k) {
    const auto argument = static_cast<std::size_t>(call.first_argument + k);
    const MicroRange& range = flat_.argument_registers[argument];
    const int result = range.exists() ? execute(range) : 0;
    if (result == -1) {
      locals_.resize(old_size);
      return false;
    }
    Value value;
    if (result == 1) {
      const std::int64_t small = registers_[static_cast<std::size_t>(range.result)];
      value = flat_.argument_types[argument] == TypeKind::Bool ? Value::boolean(small != 0) : Value::integer(small);
    } else if (!evaluate_into(flat_.arguments[argument], value)) {
      locals_.resize(old_size);
      return false;
    }
    locals_.push_back(std::move(value));
    refresh_locals();
  }
  return true;
}

std::int32_t FastMachine::enter(const FlatInstruction& call) {
  const FlatCallable& callee = flat_.callables[static_cast<std::size_t>(call.number)];
  const auto callee_base = static_cast<std::uint32_t>(locals_.size() - static_cast<std::size_t>(callee.parameter_slots));
  for (const auto& value : callee.local_defaults) locals_.push_back(value);
  frames_.push_back(Frame{call.next, locals_base_, false, static_cast<std::int32_t>(&call - flat_.code.data()), call.number});
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

// ---------------------------------------------------------------------------------------------
// The run: one instruction per transition, in the order and with the letters of ConcreteMachine.

Outcome FastMachine::run(const RunLimits& limits) {
  // Threaded dispatch, as in execute: each instruction's code ends by jumping to the next one's.
  static constexpr void* code_of[] = {
      &&assign_slot_leaf, &&assign_slot_registers, &&assign_slot_general, &&assign_array_registers,
      &&assign_general,   &&assign_whole_array,    &&new_object,          &&test_leaf,
      &&test_registers,   &&test_general,          &&skip,                &&call,
      &&method_result,    &&return_value,          &&end,                 &&main_end,
      &&jump,             &&assign_global_leaf_direct, &&test_leaf_direct};
  static_assert(sizeof(code_of) / sizeof(code_of[0]) == static_cast<std::size_t>(FastHandler::TestLeafDirect) + 1);
  const FlatInstruction* const code = flat_.code.data();
  const FlatInstruction* in = code;
  // The counters and the branch string's last word live in registers while the run lasts (stores
  // to Values could alias members); they go back to the members at the end.
  std::uint64_t steps = steps_;
  const std::uint64_t max_steps = limits.max_steps;
  max_int_bits_ = limits.max_int_bits;
  std::uint64_t letters = branches_.current_, letter_count = branches_.size_;
  auto push = [&](BranchRecord::Letter letter) __attribute__((always_inline)) {
    letters |= static_cast<std::uint64_t>(letter) << ((letter_count & 31) * 2);
    if ((++letter_count & 31) == 0) [[unlikely]] {
      if (letter_count <= BranchRecord::kept_letters) branches_.words_.push_back(letters);
      letters = 0;
    }
  };
  bool holds = false;
  // One transition: the step limit, the count, then the instruction's own code.
#define SYMREF_STEP(next)                                   \
  do {                                                      \
    in = code + (next);                                     \
    if (steps >= max_steps) [[unlikely]] goto limit;        \
    ++steps;                                                \
    goto* code_of[static_cast<int>(in->handler)];           \
  } while (false)
  SYMREF_STEP(0);

assign_global_leaf_direct:  // x := y op z on small integers, all globals or literals
  if (small_binary(*in, *in->left_value, *in->right_value, *in->target_value)) goto assigned;
  goto assign_slot_general;
assign_slot_leaf:  // x := y op z on small integers
  if (small_binary(*in, leaf(in->left), leaf(in->right), slot_of(*in))) goto assigned;
  goto assign_slot_general;
assign_slot_registers : {
  const int result = execute(in->value_registers);
  if (result == 1) {
    store_small(slot_of(*in), registers_[static_cast<std::size_t>(in->value_registers.result)], in->bool_valued);
    goto assigned;
  }
  if (result == -1) goto failed;
  goto assign_slot_general;
}
assign_slot_general:
  if (!evaluate_into(in->value, slot_of(*in))) goto failed;
assigned:
  if (in->checks_definedness) push(BranchRecord::Defined);
  SYMREF_STEP(in->next);

assign_array_registers : {
  auto& elements = state_.arrays[static_cast<std::size_t>(in->location.slot)];
  int result = execute(in->index_registers);
  if (result == 1) {
    const std::int64_t index = registers_[static_cast<std::size_t>(in->index_registers.result)];
    if (index < 0 || static_cast<std::uint64_t>(index) >= elements.size()) {
      error_ = Outcome::OutOfBounds;
      goto failed;
    }
    result = execute(in->value_registers);
    if (result == 1) {
      if (in->checks_definedness) push(BranchRecord::Defined);
      store_small(elements[static_cast<std::size_t>(index)], registers_[static_cast<std::size_t>(in->value_registers.result)]);
      SYMREF_STEP(in->next);
    }
  }
  if (result == -1) goto failed;
  goto assign_general;  // from the start: the location first
}
assign_general : {
  {  // the value is destroyed before the computed goto, which would skip its destructor
    ObjectId object = nil_object;
    std::size_t index = 0;
    Value value;
    if (!locate(in->location, object, index) || !evaluate_into(in->value, value)) goto failed;
    if (in->checks_definedness) push(BranchRecord::Defined);
    store(in->location, object, index, std::move(value));
  }
  SYMREF_STEP(in->next);
}
assign_whole_array:
  if (in->checks_definedness) push(BranchRecord::Defined);
  state_.arrays[static_cast<std::size_t>(in->location.slot)] = state_.arrays[static_cast<std::size_t>(in->value.index)];
  SYMREF_STEP(in->next);
new_object : {
  ObjectId object = nil_object;
  std::size_t index = 0;
  if (!locate(in->location, object, index)) goto failed;
  if (in->checks_definedness) push(BranchRecord::Defined);
  const ObjectId fresh = allocate_object(program_, state_, in->number);
  store(in->location, object, index, Value::reference(in->number, fresh));
  SYMREF_STEP(in->next);
}

test_leaf_direct : {  // if, while, assert, assume on x op y, all globals or literals
  const Value& left = *in->left_value;
  const Value& right = *in->right_value;
  if (both_small(left, right)) {
    holds = compare_small(in->binary, left.as_integer().small_value(), right.as_integer().small_value());
    goto tested;
  }
  goto test_general;
}
test_leaf : {  // if, while, assert, assume on x op y
  const Value& left = leaf(in->left);
  const Value& right = leaf(in->right);
  if (both_small(left, right)) {
    holds = compare_small(in->binary, left.as_integer().small_value(), right.as_integer().small_value());
    goto tested;
  }
  goto test_general;
}
test_registers : {
  const int result = execute(in->value_registers);
  if (result == 1) {
    holds = registers_[static_cast<std::size_t>(in->value_registers.result)] != 0;
    goto tested;
  }
  if (result == -1) goto failed;
}
test_general:
  if (!condition(*in, holds)) goto failed;
tested:
  if (in->checks_definedness) push(BranchRecord::Defined);
  push(holds ? BranchRecord::True : BranchRecord::False);
  if (holds) SYMREF_STEP(in->next);
  if (in->op == InstructionOp::Assert) {
    outcome_ = Outcome::AssertionFailure;
    goto stop;
  }
  if (in->op == InstructionOp::Assume) {
    outcome_ = Outcome::Blocked;
    goto stop;
  }
  if (in->op == InstructionOp::While && fault_active(Fault::FastPathLoopExitUncounted)) [[unlikely]]
    --steps;  // the planted fault
  SYMREF_STEP(in->jump);

skip:
  SYMREF_STEP(in->next);
call : {
  const std::size_t old_size = locals_.size();
  if (in->op == InstructionOp::CallMethod) {
    Value receiver;
    if (!evaluate_into(in->value, receiver)) goto failed;
    if (receiver.is_nil()) {
      error_ = Outcome::NilDereference;
      goto failed;
    }
    locals_.push_back(std::move(receiver));
    refresh_locals();
  }
  if (!bind_arguments(*in, old_size)) goto failed;
  if (frames_.size() >= limits.max_depth) {  // not a transition: the run is cut off
    locals_.resize(old_size);
    --steps;
    outcome_ = Outcome::Bound;
    bound_reason_ = "call depth limit " + std::to_string(limits.max_depth) + " reached";
    goto stop;
  }
  if (in->checks_definedness) push(BranchRecord::Defined);
  SYMREF_STEP(enter(*in));
}
method_result : {
  ObjectId object = nil_object;
  std::size_t index = 0;
  if (!locate(in->location, object, index)) goto failed;
  if (in->result_needs_definedness) push(BranchRecord::Defined);
  store(in->location, object, index, result_);
  SYMREF_STEP(in->next);
}
return_value : {
  {  // as in assign_general: no object with a destructor lives across the computed goto
    Value value;
    if (!evaluate_into(in->value, value)) goto failed;
    if (in->checks_definedness) push(BranchRecord::Defined);
    result_ = std::move(value);
  }
  SYMREF_STEP(in->next);  // the body's End: the closure's statement is ε
}
end:
  SYMREF_STEP(leave());
main_end:  // main's closure is ε: no transition, the run is over
  --steps;
  outcome_ = Outcome::Normal;
  goto stop;
jump:  // followed at compile time, never reached; not a transition
  --steps;
  SYMREF_STEP(in->jump);
#undef SYMREF_STEP

failed:  // §2.1 error transition: the letter E and the outcome of the failed δ
  outcome_ = error_;
  if (error_ == Outcome::Bound) {  // an integer beyond the size limit: no letter, not a transition
    --steps;
    goto stop;
  }
  push(BranchRecord::Error);
  goto stop;
limit:
  if (in->op == InstructionOp::MainEnd) {
    outcome_ = Outcome::Normal;
  } else {
    outcome_ = Outcome::Bound;
    bound_reason_ = "step limit " + std::to_string(max_steps) + " reached";
  }
stop:
  stop_pc_ = static_cast<std::int32_t>(in - code);
  steps_ = steps;
  branches_.current_ = letters;
  branches_.size_ = letter_count;
  return outcome_;
}

// The stopping instruction's statement, and each caller's call instruction's.  A closure at its
// End (ε) has no statement: the site is its body, as outcome_site() gives it.
OutcomeSite FastMachine::site() const {
  OutcomeSite site;
  const FlatInstruction& stopped = flat_.code[static_cast<std::size_t>(stop_pc_)];
  site.statement = stopped.statement;
  site.awaiting_result = stopped.op == InstructionOp::MethodResult;
  for (std::size_t f = frames_.size(); f-- > 0;) {
    const Frame& frame = frames_[f];
    const Callable* callable = frame.callable < 0 ? nullptr : &program_.callables[static_cast<std::size_t>(frame.callable)];
    SiteFrame out{callable, {}};
    if (f + 1 == frames_.size()) {
      out.location = site.statement != nullptr ? site.statement->location
                     : callable != nullptr     ? callable->body.location
                                               : program_.main.location;
    } else {
      const Statement* call = flat_.code[static_cast<std::size_t>(frames_[f + 1].call_pc)].statement;
      if (call != nullptr) out.location = call->location;
    }
    site.stack.push_back(out);
  }
  return site;
}

}  // namespace symref

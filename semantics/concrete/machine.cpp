// The concrete transition system: one function per rule of §2, §2.1, §3 and §4.
#include "semantics/concrete/machine.hpp"

#include "semantics/faults.hpp"
#include "semantics/values/operators.hpp"

namespace symref {

ConcreteMachine::ConcreteMachine(const Program& program, GlobalState initial)
    : program_(program), state_(std::move(initial)) {
  control_.start_main(program);
}

// ---------------------------------------------------------------------------------------------
// Expressions: V(e), with ⊥ reported as `false` and the kind of failure in error_.

bool ConcreteMachine::evaluate(const Expression& e, Value& out) {
  switch (e.kind) {
    case ExpressionKind::IntegerLiteral: out = Value::integer(e.integer); return true;
    case ExpressionKind::BooleanLiteral: out = Value::boolean(e.boolean); return true;
    case ExpressionKind::NilLiteral: out = Value::nil(e.type.class_index); return true;
    case ExpressionKind::This:
    case ExpressionKind::Variable: out = variable(e.variable); return true;
    case ExpressionKind::ArrayLength:
      out = Value::integer(static_cast<std::int64_t>(state_.arrays[e.operand(0).variable.index].size()));
      return true;
    case ExpressionKind::FieldRead: {
      Value object;
      if (!evaluate(e.operand(0), object)) return false;
      if (object.is_nil()) {
        error_ = Outcome::NilDereference;
        return false;
      }
      out = state_.object(object.as_object()).fields[program_.fields[e.field].position];
      return true;
    }
    case ExpressionKind::ArrayRead: {
      Value index;
      if (!evaluate(e.operand(1), index)) return false;
      const auto& elements = state_.arrays[e.operand(0).variable.index];
      const Integer& i = index.as_integer();
      if (!i.is_small() || i.small_value() < 0 || static_cast<std::uint64_t>(i.small_value()) >= elements.size()) {
        error_ = Outcome::OutOfBounds;
        return false;
      }
      out = Value::integer(elements[static_cast<std::size_t>(i.small_value())]);
      return true;
    }
    case ExpressionKind::Unary: {
      Value operand;
      if (!evaluate(e.operand(0), operand)) return false;
      out = apply_unary(e.unary_operator, operand);
      return true;
    }
    case ExpressionKind::Binary: {
      if (!continues_left_chain(e)) {
        Value left_scratch;
        const Value* left = operand_value(e.operand(0), left_scratch);
        return left != nullptr && binary_from_left(e, *left, out);
      }
      // A chain (a + b) + c: folded in a loop from its innermost operator out.
      std::vector<const Expression*> chain{&e};
      while (continues_left_chain(*chain.back())) chain.push_back(&chain.back()->operand(0));
      Value left;
      if (!evaluate(chain.back()->operand(0), left)) return false;
      for (std::size_t i = chain.size(); i-- > 0;) {
        Value value;
        if (!binary_from_left(*chain[i], left, value)) return false;
        left = std::move(value);
      }
      out = std::move(left);
      return true;
    }
    case ExpressionKind::Conditional: {
      Value condition;
      if (!evaluate(e.operand(0), condition)) return false;
      return evaluate(e.operand(condition.as_boolean() ? 1 : 2), out);
    }
  }
  return false;
}

bool ConcreteMachine::binary_from_left(const Expression& e, const Value& left, Value& out) {
  switch (e.binary_operator) {
    // The lazy operators do not evaluate their right operand when the left decides.
    case BinaryOperator::And:
      if (!left.as_boolean()) {
        // The planted fault evaluates the right operand anyway, and fails where it fails.
        if (fault_active(Fault::StrictConjunction) && !evaluate(e.operand(1), out)) return false;
        out = Value::boolean(false);
        return true;
      }
      return evaluate(e.operand(1), out);
    case BinaryOperator::Or:
      if (left.as_boolean()) {
        out = Value::boolean(true);
        return true;
      }
      return evaluate(e.operand(1), out);
    case BinaryOperator::Implies:
      if (!left.as_boolean()) {
        out = Value::boolean(true);
        return true;
      }
      return evaluate(e.operand(1), out);
    default: {
      Value right_scratch;
      const Value* right = operand_value(e.operand(1), right_scratch);
      if (right == nullptr) return false;
      if (apply_small_binary(e.binary_operator, left, *right, out)) return true;
      if (!apply_bounded_binary(e.binary_operator, left, *right, limits_.max_int_bits, out)) return integer_limit_hit(e);
      return true;
    }
  }
}

bool ConcreteMachine::integer_limit_hit(const Expression& e) {
  error_ = Outcome::Bound;
  bound_reason_ = integer_limit_reason(limits_.max_int_bits, e.location);
  return false;
}

// Variables are read in place; everything else is evaluated into `scratch`.
const Value* ConcreteMachine::operand_value(const Expression& e, Value& scratch) {
  if (e.kind == ExpressionKind::Variable || e.kind == ExpressionKind::This) return &variable(e.variable);
  return evaluate(e, scratch) ? &scratch : nullptr;
}

bool ConcreteMachine::evaluate_boolean(const Expression& e, bool& out) {
  Value value;
  if (!evaluate(e, value)) return false;
  out = value.as_boolean();
  return true;
}

// The condition of an if, while, assert or assume, with its letters: D when δ is not
// syntactically true, then T or F.  False when δ fails (the error rule applies then).
bool ConcreteMachine::test(const Statement& s, bool& condition) {
  if (!evaluate_boolean(*s.value, condition)) return false;
  record_defined(s);
  record_letter(condition ? 'T' : 'F');
  return true;
}

// The location of h is evaluated before the assigned value (docs/language.md#statements).
bool ConcreteMachine::evaluate_location(const Expression& target, Location& out) {
  out.target = &target;
  switch (target.kind) {
    case ExpressionKind::Variable: return true;
    case ExpressionKind::FieldRead: {
      Value object;
      if (!evaluate(target.operand(0), object)) return false;
      if (object.is_nil()) {
        error_ = Outcome::NilDereference;
        return false;
      }
      out.object = object.as_object();
      return true;
    }
    case ExpressionKind::ArrayRead: {
      Value index;
      if (!evaluate(target.operand(1), index)) return false;
      const Integer& i = index.as_integer();
      if (!i.is_small() || i.small_value() < 0 ||
          static_cast<std::uint64_t>(i.small_value()) >= state_.arrays[target.operand(0).variable.index].size()) {
        error_ = Outcome::OutOfBounds;
        return false;
      }
      out.index = static_cast<std::size_t>(i.small_value());
      return true;
    }
    default: return false;  // the checker admits no other targets
  }
}

Rule ConcreteMachine::store(const Location& location, Value value) {
  const Expression& target = *location.target;
  switch (target.kind) {
    case ExpressionKind::FieldRead:
      state_.object(location.object).fields[program_.fields[target.field].position] = std::move(value);
      return Rule::AssignmentField;
    case ExpressionKind::ArrayRead:
      state_.arrays[target.operand(0).variable.index][location.index] = value.as_integer();
      return Rule::AssignmentArray;
    default:
      variable(target.variable) = std::move(value);
      return target.variable.scope == Scope::Global ? Rule::AssignmentGlobal : Rule::AssignmentLocal;
  }
}

// ---------------------------------------------------------------------------------------------
// Steps

std::optional<Rule> ConcreteMachine::step() {
  if (outcome_ != Outcome::Running) return std::nullopt;
  step_letters_.clear();
  const Statement* s = control_.current();
  std::optional<Rule> rule = s != nullptr ? step_statement(*s) : concrete_procedure_return();
  if (outcome_ == Outcome::Bound) return std::nullopt;  // a limit cut the run off: no transition
  if (rule) ++steps_;
  return rule;
}

Outcome ConcreteMachine::run(const RunLimits& limits) {
  limits_ = limits;
  while (outcome_ == Outcome::Running) {
    if (steps_ >= limits.max_steps) {
      stop_at_step_limit(limits.max_steps);
      break;
    }
    if (!step()) break;
  }
  return outcome_;
}

void ConcreteMachine::stop_at_step_limit(std::uint64_t max_steps) {
  if (outcome_ != Outcome::Running) return;
  // A run that has just reached the end of main is finished, not cut off.
  if (control_.depth() == 1 && control_.current() == nullptr) {
    outcome_ = Outcome::Normal;
  } else {
    outcome_ = Outcome::Bound;
    bound_reason_ = "step limit " + std::to_string(max_steps) + " reached";
  }
}

std::optional<Rule> ConcreteMachine::step_statement(const Statement& s) {
  switch (s.kind) {
    case StatementKind::LocalDeclaration:
    case StatementKind::Assignment: return concrete_assignment(s);
    case StatementKind::New: return concrete_object_creation(s);
    case StatementKind::If: return concrete_choice(s);
    case StatementKind::While: return concrete_iteration(s);
    case StatementKind::Assert: return concrete_assert(s);
    case StatementKind::Assume: return concrete_assume(s);
    case StatementKind::Skip: return concrete_skip(s);
    case StatementKind::ProcedureCall: return concrete_procedure_call(s);
    case StatementKind::MethodCall:
      return control_.top_frame().awaiting_result ? std::optional<Rule>(concrete_method_result(s))
                                                  : concrete_method_call(s);
    case StatementKind::Return: return concrete_method_return(s);
  }
  return std::nullopt;
}

// §2.1 error transitions: δ fails, the run ends in the state before the statement.
//   V(δ(S)) = false  ⟹  ⟨(L, S; S')·Γ, G, H⟩ → error
//
// An integer beyond the size limit (error_ Bound) is not an error of the program: no letter, no
// transition; the run ends in `bound` in the same state.
Rule ConcreteMachine::concrete_error() {
  outcome_ = error_;
  if (error_ == Outcome::Bound) return Rule::Skip;  // not a transition (step() counts none)
  record_letter('E');
  return error_ == Outcome::NilDereference ? Rule::ErrorNilDereference : Rule::ErrorOutOfBounds;
}

// §2 / §3 / §2.1 / §4 assignment: the location of h, then e, both defined.
//   ⟨(L, h := e; S)·Γ, G, H⟩ → ⟨(L', S)·Γ, G', H'⟩ with (L', G', H') = (L, G, H)[h := V(e)]
Rule ConcreteMachine::concrete_assignment(const Statement& s) {
  Location location;
  if (!evaluate_location(*s.target, location)) return concrete_error();
  if (s.target->type.kind == TypeKind::IntArray) {
    // Whole-array assignment a := b: arrays are values.
    record_defined(s);
    state_.arrays[s.target->variable.index] = state_.arrays[s.value->variable.index];
    control_.advance();
    return Rule::AssignmentGlobal;
  }
  Value value;
  if (!evaluate(*s.value, value)) return concrete_error();
  record_defined(s);
  Rule rule = store(location, std::move(value));
  control_.advance();
  return rule;
}

// §4 object creation: o a fresh object of class C with default fields.
//   o ∉ dom(H)  ⟹  ⟨(L, h := new C; S)·Γ, G, H⟩ → ⟨(L, S)·Γ, (G, H ∪ {o ↦ defaults})[h := o]⟩
Rule ConcreteMachine::concrete_object_creation(const Statement& s) {
  Location location;
  if (!evaluate_location(*s.target, location)) return concrete_error();
  record_defined(s);
  ObjectId object = allocate_object(program_, state_, s.class_index);
  store(location, Value::reference(s.class_index, object));
  control_.advance();
  return Rule::ObjectCreation;
}

// §2 choice.
//   V(b) = true   ⟹  ⟨(L, if b {S1} else {S2}; S)·Γ, G⟩ → ⟨(L, S1; S)·Γ, G⟩
//   V(b) = false  ⟹  ⟨(L, if b {S1} else {S2}; S)·Γ, G⟩ → ⟨(L, S2; S)·Γ, G⟩
Rule ConcreteMachine::concrete_choice(const Statement& s) {
  bool condition;
  if (!test(s, condition)) return concrete_error();
  control_.advance();
  control_.enter(condition ? s.then_block : s.else_block);
  return condition ? Rule::ChoiceThen : Rule::ChoiceElse;
}

// §2 iteration.
//   V(b) = true   ⟹  ⟨(L, while b {S}; S')·Γ, G⟩ → ⟨(L, S; while b {S}; S')·Γ, G⟩
//   V(b) = false  ⟹  ⟨(L, while b {S}; S')·Γ, G⟩ → ⟨(L, S')·Γ, G⟩
Rule ConcreteMachine::concrete_iteration(const Statement& s) {
  bool condition;
  if (!test(s, condition)) return concrete_error();
  if (condition) {
    control_.enter_loop_body(s.body);
    return Rule::IterationEnter;
  }
  control_.advance();
  return Rule::IterationExit;
}

//   V(b) = true   ⟹  ⟨(L, assert b; S)·Γ, G⟩ → ⟨(L, S)·Γ, G⟩
//   V(b) = false  ⟹  ⟨(L, assert b; S)·Γ, G⟩ → assertion-failure
Rule ConcreteMachine::concrete_assert(const Statement& s) {
  bool condition;
  if (!test(s, condition)) return concrete_error();
  if (condition) {
    control_.advance();
    return Rule::AssertHolds;
  }
  outcome_ = Outcome::AssertionFailure;
  return Rule::AssertFails;
}

//   V(b) = true   ⟹  ⟨(L, assume b; S)·Γ, G⟩ → ⟨(L, S)·Γ, G⟩
//   V(b) = false  ⟹  ⟨(L, assume b; S)·Γ, G⟩ → blocked
Rule ConcreteMachine::concrete_assume(const Statement& s) {
  bool condition;
  if (!test(s, condition)) return concrete_error();
  if (condition) {
    control_.advance();
    return Rule::AssumeHolds;
  }
  outcome_ = Outcome::Blocked;
  return Rule::AssumeFails;
}

//   ⟨(L, skip; S)·Γ, G⟩ → ⟨(L, S)·Γ, G⟩
Rule ConcreteMachine::concrete_skip(const Statement&) {
  control_.advance();
  return Rule::Skip;
}

bool ConcreteMachine::hit_depth_limit() {
  if (control_.depth() < limits_.max_depth) return false;
  outcome_ = Outcome::Bound;
  bound_reason_ = "call depth limit " + std::to_string(limits_.max_depth) + " reached";
  return true;
}

// The callee's closure: `this` and the parameters from arguments_, the `var` locals at defaults.
void ConcreteMachine::push_locals(const Callable& callable) {
  locals_base_ = static_cast<std::uint32_t>(locals_.size());
  for (auto& argument : arguments_) locals_.push_back(std::move(argument));
  for (std::size_t slot = arguments_.size(); slot < callable.locals.size(); ++slot)
    locals_.push_back(default_value(callable.locals[slot].type));
  arguments_.clear();
}

// §3 procedure call, call by value.
//   P(ū) :: S'   L'(ū) = (L ∪ G)(ē)  ⟹  ⟨(L, P(ē); S)·Γ, G⟩ → ⟨(L', S')·(L, S)·Γ, G⟩
std::optional<Rule> ConcreteMachine::concrete_procedure_call(const Statement& s) {
  arguments_.clear();
  for (const auto& argument : s.arguments) {
    arguments_.emplace_back();
    if (!evaluate(*argument, arguments_.back())) return concrete_error();
  }
  if (hit_depth_limit()) return std::nullopt;
  record_defined(s);
  const Callable& callee = program_.callables[s.callee];
  control_.advance();
  push_locals(callee);
  control_.push_frame(callee, locals_base_);
  return Rule::ProcedureCall;
}

// §4 method call with `this` and the parameters bound by value (docs/language.md).
//   m(ū) :: S'   V(e0) = o ≠ nil   L'(this, ū) = (o, V(ē))
//     ⟹  ⟨(L, h := e0.m(ē); S)·Γ, G, H⟩ → ⟨(L', S')·(L, h := r; S)·Γ, G, H⟩
std::optional<Rule> ConcreteMachine::concrete_method_call(const Statement& s) {
  arguments_.clear();
  arguments_.emplace_back();
  if (!evaluate(*s.receiver, arguments_.back())) return concrete_error();
  if (arguments_.back().is_nil()) {
    error_ = Outcome::NilDereference;
    return concrete_error();
  }
  for (const auto& argument : s.arguments) {
    arguments_.emplace_back();
    if (!evaluate(*argument, arguments_.back())) return concrete_error();
  }
  if (hit_depth_limit()) return std::nullopt;
  record_defined(s);
  const Callable& callee = program_.callables[s.callee];
  if (s.target != nullptr)
    control_.top_frame().awaiting_result = true;
  else
    control_.advance();
  push_locals(callee);
  control_.push_frame(callee, locals_base_);
  return Rule::MethodCall;
}

// §4 return: the distinguished variable r receives the value, the body ends.
//   ⟨(L, return e)·Γ, G, H⟩ → ⟨(L, ε)·Γ, G[r := V(e)], H⟩
Rule ConcreteMachine::concrete_method_return(const Statement& s) {
  Value value;
  if (!evaluate(*s.value, value)) return concrete_error();
  record_defined(s);
  result_ = std::move(value);
  control_.finish_closure();
  return Rule::MethodReturn;
}

// §4, the caller's half of a method call: h := r.
//   ⟨(L, h := r; S)·Γ, G, H⟩ → ⟨(L', S)·Γ, G', H'⟩ with (L', G', H') = (L, G, H)[h := r]
Rule ConcreteMachine::concrete_method_result(const Statement& s) {
  Location location;
  if (!evaluate_location(*s.target, location)) return concrete_error();
  if (s.target->kind != ExpressionKind::Variable) record_letter('D');
  control_.top_frame().awaiting_result = false;
  store(location, result_);
  control_.advance();
  return Rule::MethodResult;
}

// §3 procedure return (for methods too): pop the finished closure.
//   ⟨(L, ε)·Γ, G⟩ → ⟨Γ, G⟩
std::optional<Rule> ConcreteMachine::concrete_procedure_return() {
  if (control_.depth() == 1) {
    outcome_ = Outcome::Normal;  // main's closure is ε: the run is over, no transition
    return std::nullopt;
  }
  const std::uint32_t callee_base = control_.top_frame().locals_base;
  control_.pop_frame();
  const std::uint32_t caller_base = control_.top_frame().locals_base;
  if (fault_active(Fault::LocalFrameNotRestored)) [[unlikely]] {
    // Planted bug: the callee's locals leak into the caller's slots of the same type.
    const Callable* caller = control_.top_frame().callable;
    std::size_t caller_count = callee_base - caller_base;
    for (std::size_t i = 0; i < caller_count && callee_base + i < locals_.size(); ++i)
      if (caller != nullptr && locals_[callee_base + i].kind() == locals_[caller_base + i].kind())
        locals_[caller_base + i] = locals_[callee_base + i];
  }
  locals_.resize(callee_base);
  locals_base_ = caller_base;
  return Rule::ProcedureReturn;
}

}  // namespace symref

// The forward symbolic transition system: one function per rule of §2, §2.1, §3 and §4.1.
#include "semantics/symbolic/symbolic_machine.hpp"

#include "semantics/faults.hpp"

namespace symref {

using terms::Term;

namespace {

// θ = τ ∪ σ of a configuration: the top closure's locals and the global substitution.
class ConfigurationEnvironment final : public SymbolicEnvironment {
 public:
  explicit ConfigurationEnvironment(const SymbolicConfiguration& configuration) : configuration_(configuration) {}
  Term variable(const VariableSlot& slot) const override {
    return slot.scope == Scope::Global ? configuration_.globals[slot.index]
                                       : configuration_.locals[configuration_.locals_base() + slot.index];
  }
  Term field_array(std::int32_t field) const override { return configuration_.fields[field]; }

 private:
  const SymbolicConfiguration& configuration_;
};

// The environment of the planted faults that forget to apply σ: globals stand for their initial
// values, locals keep τ.
class UnsubstitutedGlobalsEnvironment final : public SymbolicEnvironment {
 public:
  UnsubstitutedGlobalsEnvironment(const SymbolicConfiguration& configuration, terms::TermManager& terms)
      : inner_(configuration), terms_(terms) {}
  Term variable(const VariableSlot& slot) const override {
    return slot.scope == Scope::Global ? terms_.global_symbol(slot.index) : inner_.variable(slot);
  }
  Term field_array(std::int32_t field) const override { return terms_.field_symbol(field); }

 private:
  ConfigurationEnvironment inner_;
  terms::TermManager& terms_;
};

}  // namespace

SymbolicMachine::SymbolicMachine(const Program& program, terms::TermManager& terms, SymbolicLimits limits)
    : program_(program), terms_(terms), limits_(limits) {}

SymbolicConfiguration SymbolicMachine::initial() const {
  SymbolicConfiguration configuration;
  configuration.control.start_main(program_);
  configuration.globals.reserve(program_.globals.size());
  for (std::size_t g = 0; g < program_.globals.size(); ++g)
    configuration.globals.push_back(terms_.global_symbol(static_cast<std::int32_t>(g)));
  configuration.fields.reserve(program_.fields.size());
  for (std::size_t f = 0; f < program_.fields.size(); ++f)
    configuration.fields.push_back(terms_.field_symbol(static_cast<std::int32_t>(f)));
  return configuration;
}

// One step from one configuration; each rule is a member function named after the paper's rule.
class SymbolicMachine::Step {
 public:
  Step(SymbolicMachine& machine, SymbolicConfiguration& before, std::vector<SymbolicSuccessor>& out)
      : machine_(machine),
        terms_(machine.terms_),
        before_(before),
        environment_(before),
        translator_(machine.terms_, machine.program_, environment_),
        out_(out) {}

  void run() {
    if (before_.outcome != Outcome::Running) return;
    const Statement* s = before_.control.current();
    if (s == nullptr) {
      symbolic_procedure_return();
      return;
    }
    switch (s->kind) {
      case StatementKind::LocalDeclaration:
      case StatementKind::Assignment: symbolic_assignment(*s); break;
      case StatementKind::New: symbolic_object_creation(*s); break;
      case StatementKind::If: symbolic_choice(*s); break;
      case StatementKind::While: symbolic_iteration(*s); break;
      case StatementKind::Assert: symbolic_assert(*s); break;
      case StatementKind::Assume: symbolic_assume(*s); break;
      case StatementKind::Skip: symbolic_skip(*s); break;
      case StatementKind::ProcedureCall: symbolic_procedure_call(*s); break;
      case StatementKind::MethodCall:
        if (before_.control.top_frame().awaiting_result)
          symbolic_method_result(*s);
        else
          symbolic_method_call(*s);
        break;
      case StatementKind::Return: symbolic_method_return(*s); break;
    }
  }

 private:
  // ------------------------------------------------------------------------------------------
  // Building successors

  // A copy of the configuration before the step, one more step taken, with φ ∧ conjuncts.
  // Returns null when a conjunct is syntactically false (the successor does not exist).
  SymbolicConfiguration* successor(Rule rule, std::initializer_list<Term> conjuncts, std::string_view letters) {
    SymbolicSuccessor next{before_, rule, {}};
    for (Term conjunct : conjuncts) {
      if (conjunct->is_false()) return nullptr;
      if (conjunct->is_true()) continue;
      next.added.push_back(conjunct);
      next.configuration.path_condition = next.configuration.path_condition.with(conjunct);
    }
    next.configuration.branches += letters;
    ++next.configuration.steps;
    out_.push_back(std::move(next));
    return &out_.back().configuration;
  }

  // The §2.1 error transitions of a statement whose δ is not syntactically true: one successor per
  // kind of first failure (`E`, the run ends in the state before the statement).
  void error_transitions(const Statement& s, const Definedness& definedness) {
    if (!s.checks_definedness) return;
    error_transitions(definedness);
  }
  void error_transitions(const Definedness& definedness) {
    if (auto* c = successor(Rule::ErrorNilDereference, {definedness.nil_failure}, "E")) c->outcome = Outcome::NilDereference;
    if (auto* c = successor(Rule::ErrorOutOfBounds, {definedness.bounds_failure}, "E")) c->outcome = Outcome::OutOfBounds;
  }
  std::string_view defined_letter(const Statement& s) const { return s.checks_definedness ? "D" : ""; }
  Definedness statement_definedness(const Statement& s, Definedness computed) {
    return s.checks_definedness ? computed : translator_.always_defined();
  }

  // h := v in configuration c, the location of h taken in the state before the step.
  Rule assign(SymbolicConfiguration& c, const Expression& target, Term value) {
    switch (target.kind) {
      case ExpressionKind::FieldRead: {
        Term object = translator_.translate(target.operand(0));
        c.fields[target.field] = terms_.store(c.fields[target.field], object, value);
        return Rule::AssignmentField;
      }
      case ExpressionKind::ArrayRead: {
        const std::int32_t array = target.operand(0).variable.index;
        Term index = translator_.translate(target.operand(1));
        if (fault_active(Fault::StoreIndexNotSubstituted)) [[unlikely]] {
          UnsubstitutedGlobalsEnvironment unsubstituted(before_, terms_);
          index = ExpressionTranslator(terms_, machine_.program_, unsubstituted).translate(target.operand(1));
        }
        // §2.1: a[e] := e' is a := (a[eσ] := e'σ)
        c.globals[array] = terms_.store(c.globals[array], index, value);
        return Rule::AssignmentArray;
      }
      default: {
        const VariableSlot& slot = target.variable;
        if (slot.scope == Scope::Global) {
          const std::uint32_t frame_locals = static_cast<std::uint32_t>(c.locals.size()) - c.locals_base();
          if (fault_active(Fault::SymbolicGlobalAsLocal) && static_cast<std::uint32_t>(slot.index) < frame_locals &&
              c.locals[c.locals_base() + slot.index]->sort() == value->sort()) [[unlikely]] {
            c.locals[c.locals_base() + slot.index] = value;
            return Rule::AssignmentGlobal;
          }
          c.globals[slot.index] = value;
          return Rule::AssignmentGlobal;
        }
        c.locals[c.locals_base() + slot.index] = value;
        return Rule::AssignmentLocal;
      }
    }
  }

  static Rule assignment_rule(const Expression& target) {
    switch (target.kind) {
      case ExpressionKind::FieldRead: return Rule::AssignmentField;
      case ExpressionKind::ArrayRead: return Rule::AssignmentArray;
      default: return target.variable.scope == Scope::Global ? Rule::AssignmentGlobal : Rule::AssignmentLocal;
    }
  }

  // ------------------------------------------------------------------------------------------
  // The rules

  // §2 / §3 / §2.1 symbolic assignment, with §2.1's definedness and error transitions.
  //   ⟨(τ, h := e; S)·Δ, σ, φ⟩ → ⟨(τ', S)·Δ, σ', φ ∧ δ(h, e)θ⟩   with (τ', σ') = (τ, σ)[h := eθ]
  //   ⟨(τ, h := e; S)·Δ, σ, φ⟩ → error,  φ ∧ ¬δ(h, e)θ
  void symbolic_assignment(const Statement& s) {
    Definedness definedness = statement_definedness(
        s, translator_.sequence(translator_.location_definedness(*s.target), translator_.definedness(*s.value)));
    Term value = translator_.translate(*s.value);
    if (auto* c = successor(assignment_rule(*s.target), {definedness.defined}, defined_letter(s))) {
      assign(*c, *s.target, value);
      c->control.advance();
    }
    error_transitions(s, definedness);
  }

  // §4.1 object creation: h := x; x.f1 := default; …; x.fn := default with x a new object,
  // different from every object of the input and from every object created before on the path.
  void symbolic_object_creation(const Statement& s) {
    Definedness definedness = statement_definedness(s, translator_.location_definedness(*s.target));
    if (auto* c = successor(Rule::ObjectCreation, {definedness.defined}, defined_letter(s))) {
      std::int64_t serial = c->next_object++;
      if (fault_active(Fault::NewAliasesOldObject) && serial > 1) [[unlikely]]
        serial -= 1;  // planted bug: the object created before is handed out again
      Term object = terms_.new_object(serial, s.class_index);
      if (!fault_active(Fault::NewFieldsNotDefaulted)) {
        for (std::int32_t field : machine_.program_.classes[s.class_index].fields) {
          Term default_value = default_term(machine_.program_.fields[field].type);
          c->fields[field] = terms_.store(c->fields[field], object, default_value);
        }
      }
      assign(*c, *s.target, object);
      c->control.advance();
    }
    error_transitions(s, definedness);
  }

  Term default_term(const Type& type) {
    switch (type.kind) {
      case TypeKind::Bool: return terms_.false_term();
      case TypeKind::Reference:
      case TypeKind::Nil: return terms_.nil(type.class_index);
      default: return terms_.integer(0);
    }
  }

  // §2 symbolic choice (with §2.1's four transitions when the condition may be undefined).
  //   ⟨(τ, if b {S1} else {S2}; S)·Δ, σ, φ⟩ → ⟨(τ, S1; S)·Δ, σ, φ ∧ δ(b)θ ∧ bθ⟩
  //   ⟨(τ, if b {S1} else {S2}; S)·Δ, σ, φ⟩ → ⟨(τ, S2; S)·Δ, σ, φ ∧ δ(b)θ ∧ ¬bθ⟩
  void symbolic_choice(const Statement& s) {
    Definedness definedness = statement_definedness(s, translator_.definedness(*s.value));
    Term condition = translator_.translate(*s.value);
    std::string then_letters = std::string(defined_letter(s)) + "T";
    std::string else_letters = std::string(defined_letter(s)) + "F";
    if (auto* c = successor(Rule::ChoiceThen, {definedness.defined, condition}, then_letters)) {
      c->control.advance();
      c->control.enter(s.then_block);
    }
    Term negated = fault_active(Fault::BranchNotNegated) ? condition : terms_.logical_not(condition);
    if (auto* c = successor(Rule::ChoiceElse, {definedness.defined, negated}, else_letters)) {
      c->control.advance();
      c->control.enter(s.else_block);
    }
    error_transitions(s, definedness);
  }

  // §2 symbolic iteration.
  //   ⟨(τ, while b {S}; S')·Δ, σ, φ⟩ → ⟨(τ, S; while b {S}; S')·Δ, σ, φ ∧ δ(b)θ ∧ bθ⟩
  //   ⟨(τ, while b {S}; S')·Δ, σ, φ⟩ → ⟨(τ, S')·Δ, σ, φ ∧ δ(b)θ ∧ ¬bθ⟩
  // Entering a loop that has run --loop-bound times already ends the path in `bound`.
  void symbolic_iteration(const Statement& s) {
    Definedness definedness = statement_definedness(s, translator_.definedness(*s.value));
    Term condition = translator_.translate(*s.value);
    std::string enter_letters = std::string(defined_letter(s)) + "T";
    std::string exit_letters = std::string(defined_letter(s)) + "F";
    if (auto* c = successor(Rule::IterationEnter, {definedness.defined, condition}, enter_letters)) {
      if (c->control.top_entry().loop_iterations >= machine_.limits_.loop_bound) {
        c->outcome = Outcome::Bound;
        c->bound_reason = "loop bound " + std::to_string(machine_.limits_.loop_bound) + " reached at line " +
                          std::to_string(s.location.line);
      } else {
        c->control.enter_loop_body(s.body);
      }
    }
    Term negated = fault_active(Fault::LoopExitNotNegated) ? condition : terms_.logical_not(condition);
    if (auto* c = successor(Rule::IterationExit, {definedness.defined, negated}, exit_letters)) c->control.advance();
    error_transitions(s, definedness);
  }

  void symbolic_assert(const Statement& s) {
    Definedness definedness = statement_definedness(s, translator_.definedness(*s.value));
    Term condition = translator_.translate(*s.value);
    std::string letters(defined_letter(s));
    if (auto* c = successor(Rule::AssertHolds, {definedness.defined, condition}, letters + "T")) c->control.advance();
    if (auto* c = successor(Rule::AssertFails, {definedness.defined, terms_.logical_not(condition)}, letters + "F"))
      c->outcome = Outcome::AssertionFailure;
    error_transitions(s, definedness);
  }

  void symbolic_assume(const Statement& s) {
    Definedness definedness = statement_definedness(s, translator_.definedness(*s.value));
    Term condition = translator_.translate(*s.value);
    std::string letters(defined_letter(s));
    if (auto* c = successor(Rule::AssumeHolds, {definedness.defined, condition}, letters + "T")) c->control.advance();
    if (auto* c = successor(Rule::AssumeFails, {definedness.defined, terms_.logical_not(condition)}, letters + "F"))
      c->outcome = Outcome::Blocked;
    error_transitions(s, definedness);
  }

  void symbolic_skip(const Statement&) {
    if (auto* c = successor(Rule::Skip, {}, "")) c->control.advance();
  }

  // Ends a path that would call deeper than the bounds allow; true when it did.
  bool call_bound_reached(SymbolicConfiguration& c, const Callable& callee) {
    if (c.control.active_calls(&callee) >= machine_.limits_.loop_bound) {
      c.outcome = Outcome::Bound;
      c.bound_reason = "recursion bound " + std::to_string(machine_.limits_.loop_bound) + " reached at " +
                       callee.display_name(machine_.program_);
      return true;
    }
    if (c.control.depth() >= machine_.limits_.max_depth) {
      c.outcome = Outcome::Bound;
      c.bound_reason = "call depth limit " + std::to_string(machine_.limits_.max_depth) + " reached";
      return true;
    }
    return false;
  }

  // Pushes the callee's closure with τ' binding `this` (methods) and the parameters to `bound`,
  // and the `var` locals to their defaults.
  void push_closure(SymbolicConfiguration& c, const Callable& callee, const std::vector<Term>& bound) {
    const std::uint32_t base = static_cast<std::uint32_t>(c.locals.size());
    for (Term value : bound) c.locals.push_back(value);
    for (std::size_t slot = bound.size(); slot < callee.locals.size(); ++slot)
      c.locals.push_back(default_term(callee.locals[slot].type));
    c.control.push_frame(callee, base);
  }

  std::vector<Term> translate_arguments(const Statement& s) {
    std::vector<Term> values;
    if (fault_active(Fault::ParameterByName)) [[unlikely]] {
      UnsubstitutedGlobalsEnvironment unsubstituted(before_, terms_);
      ExpressionTranslator by_name(terms_, machine_.program_, unsubstituted);
      for (const auto& argument : s.arguments) values.push_back(by_name.translate(*argument));
      return values;
    }
    for (const auto& argument : s.arguments) values.push_back(translator_.translate(*argument));
    return values;
  }

  Definedness arguments_definedness(const Statement& s, Definedness first) {
    for (const auto& argument : s.arguments) first = translator_.sequence(first, translator_.definedness(*argument));
    return first;
  }

  // §3 symbolic procedure call, call by value.
  //   P(ū) :: S'   τ'(ū) = ē(τ ∪ σ)  ⟹  ⟨(τ, P(ē); S)·Δ, σ, φ⟩ → ⟨(τ', S')·(τ, S)·Δ, σ, φ⟩
  void symbolic_procedure_call(const Statement& s) {
    Definedness definedness = statement_definedness(s, arguments_definedness(s, translator_.always_defined()));
    const Callable& callee = machine_.program_.callables[s.callee];
    std::vector<Term> bound = translate_arguments(s);
    if (auto* c = successor(Rule::ProcedureCall, {definedness.defined}, defined_letter(s))) {
      if (!call_bound_reached(*c, callee)) {
        c->control.advance();
        push_closure(*c, callee, bound);
      }
    }
    error_transitions(s, definedness);
  }

  // §4 method call with `this` and the parameters bound by value (LANGUAGE.md), on the stack of
  // closures of §3 rather than by inlining.
  //   m(ū) :: S'   τ'(this, ū) = (e0, ē)(τ ∪ σ)
  //     ⟹  ⟨(τ, h := e0.m(ē); S)·Δ, σ, φ⟩ → ⟨(τ', S')·(τ, h := r; S)·Δ, σ, φ ∧ δ(e0)θ ∧ e0θ ≠ nil ∧ δ(ē)θ⟩
  void symbolic_method_call(const Statement& s) {
    Definedness definedness = arguments_definedness(s, translator_.receiver_definedness(*s.receiver));
    const Callable& callee = machine_.program_.callables[s.callee];
    std::vector<Term> bound{translator_.translate(*s.receiver)};
    for (Term argument : translate_arguments(s)) bound.push_back(argument);
    if (auto* c = successor(Rule::MethodCall, {definedness.defined}, "D")) {
      if (!call_bound_reached(*c, callee)) {
        if (s.target != nullptr)
          c->control.top_frame().awaiting_result = true;
        else
          c->control.advance();
        push_closure(*c, callee, bound);
      }
    }
    error_transitions(definedness);
  }

  // §4 symbolic method return: r := eθ, the body ends.
  //   ⟨(τ, return e)·Δ, σ, φ⟩ → ⟨(τ, ε)·Δ, σ[r := eθ], φ ∧ δ(e)θ⟩
  void symbolic_method_return(const Statement& s) {
    Definedness definedness = statement_definedness(s, translator_.definedness(*s.value));
    Term value = translator_.translate(*s.value);
    if (auto* c = successor(Rule::MethodReturn, {definedness.defined}, defined_letter(s))) {
      c->result = value;
      c->control.finish_closure();
    }
    error_transitions(s, definedness);
  }

  // §4, the caller's half of a method call: h := r.
  //   ⟨(τ, h := r; S)·Δ, σ, φ⟩ → ⟨(τ', S)·Δ, σ', φ ∧ δ(h)θ⟩   with (τ', σ') = (τ, σ)[h := r]
  void symbolic_method_result(const Statement& s) {
    Definedness definedness = translator_.location_definedness(*s.target);
    const bool checks = s.target->kind != ExpressionKind::Variable;
    if (auto* c = successor(Rule::MethodResult, {definedness.defined}, checks ? "D" : "")) {
      c->control.top_frame().awaiting_result = false;
      assign(*c, *s.target, before_.result);
      c->control.advance();
    }
    if (checks) error_transitions(definedness);
  }

  // §3 symbolic procedure return (procedures and methods): pop the finished closure.
  //   ⟨(τ, ε)·Δ, σ, φ⟩ → ⟨Δ, σ, φ⟩
  void symbolic_procedure_return() {
    if (before_.control.depth() == 1) {
      before_.outcome = Outcome::Normal;  // main's closure is ε: the path is complete
      return;
    }
    if (auto* c = successor(Rule::ProcedureReturn, {}, "")) {
      const std::uint32_t callee_base = c->locals_base();
      c->control.pop_frame();
      c->locals.resize(callee_base);
    }
  }

  SymbolicMachine& machine_;
  terms::TermManager& terms_;
  SymbolicConfiguration& before_;
  ConfigurationEnvironment environment_;
  ExpressionTranslator translator_;
  std::vector<SymbolicSuccessor>& out_;
};

void SymbolicMachine::successors(SymbolicConfiguration& configuration, std::vector<SymbolicSuccessor>& out) {
  Step(*this, configuration, out).run();
}

}  // namespace symref

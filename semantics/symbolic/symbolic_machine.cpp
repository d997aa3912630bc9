// The forward symbolic transition system: one function per rule of §2, §2.1, §3 and §4.1.
#include "semantics/symbolic/symbolic_machine.hpp"

#include "semantics/faults.hpp"

namespace symref {

using terms::Term;

namespace {

// θ = τ ∪ σ of a configuration: the top closure's locals and the global substitution.
class ConfigurationEnvironment final : public SymbolicEnvironment {
 public:
  explicit ConfigurationEnvironment(const SymbolicConfiguration& configuration, HeapModel* heap = nullptr)
      : configuration_(configuration), heap_(heap) {}
  Term read_field(terms::TermManager& terms, std::int32_t field, Term object) const override {
    if (heap_ == nullptr) [[likely]] return terms.select(configuration_.fields[field], object);
    return heap_->read_field(configuration_, field, object);
  }
  Term references_equal(terms::TermManager& terms, Term a, Term b) const override {
    if (heap_ == nullptr) [[likely]] return terms.equal(a, b);
    return heap_->references_equal(configuration_, a, b);
  }
  Term variable(const VariableSlot& slot) const override {
    return slot.scope == Scope::Global ? configuration_.globals[slot.index]
                                       : configuration_.locals[configuration_.locals_base() + slot.index];
  }
  Term field_array(std::int32_t field) const override { return configuration_.fields[field]; }

 private:
  const SymbolicConfiguration& configuration_;
  HeapModel* heap_;
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

SymbolicMachine::SymbolicMachine(const Program& program, terms::TermManager& terms, SymbolicLimits limits,
                                 EngineMode mode)
    : program_(program), terms_(terms), limits_(limits), mode_(mode) {}

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
        heap_(machine.mode_ == EngineMode::Forward ? machine.heap_ : nullptr),
        environment_(before, heap_),
        translator_(machine.terms_, environment_),
        out_(out) {}

  void run() {
    if (before_.outcome != Outcome::Running) return;
    const Statement* s = before_.control.current();
    // A heap model may first have to initialize what the statement reads (lazy initialization,
    // Summarize); the step itself is taken from the initialized configurations.
    if (heap_ != nullptr && heap_->initialize_reads(before_, s, out_)) return;
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
    for (Term conjunct : conjuncts)
      if (conjunct->is_false()) return nullptr;
    SymbolicSuccessor next{before_, rule, {}};
    for (Term conjunct : conjuncts) {
      if (conjunct->is_true()) continue;
      next.added.push_back(conjunct);
      if (tracing())
        next.configuration.trace = next.configuration.trace.then(TraceItem::test(conjunct));
      else
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
  bool tracing() const { return machine_.mode_ == EngineMode::Trace; }

  // The term of an expression that an item of ρ assigns or binds.  In trace mode it is built
  // without simplification: the concrete semantics of traces evaluates it, and a rewrite that
  // keeps the meaning of total terms can drop a read that fails (a[1] / 0 becomes 0), which would
  // let a trace run where path(ρ) says it cannot (Theorem 4.5).
  Term value_term(const Expression& e) {
    if (!tracing()) return translator_.translate(e);
    terms::WithoutSimplification raw(terms_);
    return translator_.translate(e);
  }
  void record(SymbolicConfiguration& c, TraceItem item) { c.trace = c.trace.then(std::move(item)); }
  // An assignment's own δ(h, e): a conjunct of φ in forward mode; in trace mode it travels with
  // the assignment item, where Definition 4.2 picks it up.  Its syntactic falsity still removes the
  // successor in both modes.
  Term assignment_condition(Term defined) const { return tracing() && !defined->is_false() ? terms_.true_term() : defined; }
  Definedness statement_definedness(const Statement& s, Definedness computed) {
    return s.checks_definedness ? computed : translator_.always_defined();
  }

  // h := v in configuration c, the location of h taken in the state before the step.  In trace
  // mode the assignment is recorded in ρ with its definedness instead.
  Rule assign(SymbolicConfiguration& c, const Expression& target, Term value, Term defined) {
    if (tracing()) {
      record(c, assignment_item(c, target, value, defined));
      return assignment_rule(target);
    }
    switch (target.kind) {
      case ExpressionKind::FieldRead: {
        Term object = translator_.translate(target.operand(0));
        if (heap_ != nullptr)
          heap_->write_field(c, target.field, object, value);
        else
          c.fields[target.field] = terms_.store(c.fields[target.field], object, value);
        return Rule::AssignmentField;
      }
      case ExpressionKind::ArrayRead: {
        const std::int32_t array = target.operand(0).variable.index;
        Term index = translator_.translate(target.operand(1));
        if (fault_active(Fault::StoreIndexNotSubstituted)) [[unlikely]] {
          UnsubstitutedGlobalsEnvironment unsubstituted(before_, terms_);
          index = ExpressionTranslator(terms_, unsubstituted).translate(target.operand(1));
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
          if (heap_ != nullptr) heap_->assigned_global(c, slot.index);
          return Rule::AssignmentGlobal;
        }
        c.locals[c.locals_base() + slot.index] = value;
        return Rule::AssignmentLocal;
      }
    }
  }

  TraceItem assignment_item(const SymbolicConfiguration& c, const Expression& target, Term value, Term defined) {
    switch (target.kind) {
      case ExpressionKind::FieldRead:
        return TraceItem::assign_field(value_term(target.operand(0)), target.field, value, defined);
      case ExpressionKind::ArrayRead:
        return TraceItem::assign_array_element(c.globals[target.operand(0).variable.index],
                                               value_term(target.operand(1)), value, defined);
      default:
        return TraceItem::assign_variable(target.variable.scope == Scope::Global
                                              ? c.globals[target.variable.index]
                                              : c.locals[c.locals_base() + target.variable.index],
                                          value, defined);
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
    Term value = value_term(*s.value);
    if (auto* c = successor(assignment_rule(*s.target), {assignment_condition(definedness.defined)}, defined_letter(s))) {
      if (s.target->type.kind == TypeKind::IntArray && tracing()) {
        // Whole-array assignment a := b: arrays are values, so this is a variable assignment.
        record(*c, TraceItem::assign_variable(c->globals[s.target->variable.index], value, definedness.defined));
      } else {
        assign(*c, *s.target, value, definedness.defined);
      }
      c->control.advance();
    }
    error_transitions(s, definedness);
  }

  // §4.1 object creation: h := x; x.f1 := default; …; x.fn := default with x a new object,
  // different from every object of the input and from every object created before on the path.
  void symbolic_object_creation(const Statement& s) {
    Definedness definedness = statement_definedness(s, translator_.location_definedness(*s.target));
    if (tracing()) {
      // §4: ρ · x := new C · h := x with x fresh.
      if (auto* c = successor(Rule::ObjectCreation, {assignment_condition(definedness.defined)}, defined_letter(s))) {
        Term fresh = terms_.fresh_symbol(terms::Sort::reference(s.class_index), "new");
        record(*c, TraceItem::create_object(fresh, s.class_index));
        assign(*c, *s.target, fresh, definedness.defined);
        c->control.advance();
      }
      error_transitions(s, definedness);
      return;
    }
    if (auto* c = successor(Rule::ObjectCreation, {definedness.defined}, defined_letter(s))) {
      std::int64_t serial = c->next_object++;
      if (fault_active(Fault::NewAliasesOldObject) && serial > 1) [[unlikely]]
        serial -= 1;  // planted bug: the object created before is handed out again
      Term object = terms_.new_object(serial, s.class_index);
      if (heap_ != nullptr) {
        heap_->created(*c, object, s.class_index);
      } else if (!fault_active(Fault::NewFieldsNotDefaulted)) {
        for (std::int32_t field : machine_.program_.classes[s.class_index].fields) {
          Term default_value = default_term(machine_.program_.fields[field].type);
          c->fields[field] = terms_.store(c->fields[field], object, default_value);
        }
      }
      assign(*c, *s.target, object, definedness.defined);
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
  // In trace mode every local of the callee is renamed to a fresh variable, and ρ records the
  // binding: ρ · ȳ := ē (and the defaults of the `var` locals); `this` too, by value, unless the
  // planted fault `this-by-name` substitutes the receiver expression as §4 prints it.
  void push_closure(SymbolicConfiguration& c, const Callable& callee, const std::vector<Term>& bound,
                    const std::vector<Term>& bound_definedness) {
    const std::uint32_t base = static_cast<std::uint32_t>(c.locals.size());
    for (std::size_t slot = 0; slot < callee.locals.size(); ++slot) {
      Term value = slot < bound.size() ? bound[slot] : default_term(callee.locals[slot].type);
      if (!tracing()) {
        c.locals.push_back(value);
        continue;
      }
      if (slot == 0 && callee.is_method && fault_active(Fault::ThisByName)) [[unlikely]] {
        c.locals.push_back(value);
        continue;
      }
      Term renamed = terms_.fresh_symbol(sort_of(callee.locals[slot].type), callee.locals[slot].name);
      c.locals.push_back(renamed);
      record(c, TraceItem::assign_variable(
                    renamed, value, slot < bound_definedness.size() ? bound_definedness[slot] : terms_.true_term()));
    }
    c.control.push_frame(callee, base);
  }

  // A call cut by a bound still took its transition, and the arguments were evaluated: in trace
  // mode their definedness, which the bindings would have carried into ρ, becomes a test.
  void record_cut_call(SymbolicConfiguration& c, Term arguments_defined) {
    if (tracing() && !arguments_defined->is_true()) record(c, TraceItem::test(arguments_defined));
  }

  std::vector<Term> arguments_definedness_terms(const Statement& s) {
    std::vector<Term> out;
    for (const auto& argument : s.arguments) out.push_back(translator_.definedness(*argument).defined);
    return out;
  }

  std::vector<Term> translate_arguments(const Statement& s) {
    std::vector<Term> values;
    if (fault_active(Fault::ParameterByName)) [[unlikely]] {
      UnsubstitutedGlobalsEnvironment unsubstituted(before_, terms_);
      ExpressionTranslator by_name(terms_, unsubstituted);
      for (const auto& argument : s.arguments) values.push_back(by_name.translate(*argument));
      return values;
    }
    for (const auto& argument : s.arguments) values.push_back(value_term(*argument));
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
    if (auto* c = successor(Rule::ProcedureCall, {assignment_condition(definedness.defined)}, defined_letter(s))) {
      if (!call_bound_reached(*c, callee)) {
        c->control.advance();
        push_closure(*c, callee, bound, arguments_definedness_terms(s));
      } else {
        record_cut_call(*c, definedness.defined);
      }
    }
    error_transitions(s, definedness);
  }

  // §4 method call with `this` and the parameters bound by value (docs/language.md), on the stack of
  // closures of §3 rather than by inlining.
  //   m(ū) :: S'   τ'(this, ū) = (e0, ē)(τ ∪ σ)
  //     ⟹  ⟨(τ, h := e0.m(ē); S)·Δ, σ, φ⟩ → ⟨(τ', S')·(τ, h := r; S)·Δ, σ, φ ∧ δ(e0)θ ∧ e0θ ≠ nil ∧ δ(ē)θ⟩
  void symbolic_method_call(const Statement& s) {
    Definedness definedness = arguments_definedness(s, translator_.receiver_definedness(*s.receiver));
    const Callable& callee = machine_.program_.callables[s.callee];
    std::vector<Term> bound{value_term(*s.receiver)};
    for (Term argument : translate_arguments(s)) bound.push_back(argument);
    // In trace mode the callee's non-nil receiver is a test of ρ (§4: ρ · e0 ≠ nil · ȳ := ē), the
    // arguments' definedness travels with their bindings.
    Definedness receiver = translator_.receiver_definedness(*s.receiver);
    Term condition = tracing() ? receiver.defined : definedness.defined;
    if (auto* c = successor(Rule::MethodCall, {condition}, "D")) {
      if (!call_bound_reached(*c, callee)) {
        if (s.target != nullptr)
          c->control.top_frame().awaiting_result = true;
        else
          c->control.advance();
        std::vector<Term> bound_definedness{terms_.true_term()};
        for (Term argument : arguments_definedness_terms(s)) bound_definedness.push_back(argument);
        push_closure(*c, callee, bound, bound_definedness);
      } else {
        record_cut_call(*c, definedness.defined);
      }
    }
    error_transitions(definedness);
  }

  // §4 symbolic method return: r := eθ, the body ends.
  //   ⟨(τ, return e)·Δ, σ, φ⟩ → ⟨(τ, ε)·Δ, σ[r := eθ], φ ∧ δ(e)θ⟩
  void symbolic_method_return(const Statement& s) {
    Definedness definedness = statement_definedness(s, translator_.definedness(*s.value));
    Term value = value_term(*s.value);
    if (auto* c = successor(Rule::MethodReturn, {assignment_condition(definedness.defined)}, defined_letter(s))) {
      if (tracing()) {
        // §4 symbolic method return: ρ · r := e, with r fresh for this call.
        Term result = terms_.fresh_symbol(value->sort(), "r");
        record(*c, TraceItem::assign_variable(result, value, definedness.defined));
        value = result;
      }
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
    if (auto* c = successor(Rule::MethodResult, {assignment_condition(definedness.defined)}, checks ? "D" : "")) {
      c->control.top_frame().awaiting_result = false;
      assign(*c, *s.target, before_.result, definedness.defined);
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
  HeapModel* heap_;
  ConfigurationEnvironment environment_;
  ExpressionTranslator translator_;
  std::vector<SymbolicSuccessor>& out_;
};

// A step that would fold constants into an integer beyond the size limit (integer_limit.hpp) is
// not taken: like the concrete machines, the path ends in `bound` in the configuration before it.
void SymbolicMachine::successors(SymbolicConfiguration& configuration, std::vector<SymbolicSuccessor>& out) {
  const std::size_t before = out.size();
  try {
    Step(*this, configuration, out).run();
  } catch (const IntegerTooLarge& error) {
    out.erase(out.begin() + static_cast<std::ptrdiff_t>(before), out.end());
    configuration.outcome = Outcome::Bound;
    configuration.bound_reason = error.what();
  }
}

}  // namespace symref

// The symbolic transition systems, one function per rule: forward (§2, §2.1, §3, §4.1) and the unfolding of §4 into traces, their difference behind RuleEffects.
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

// ------------------------------------------------------------------------------------------------
// Planted faults (semantics/faults.def): each is one hook, named after the fault, at the one place
// where its rule goes wrong; without the fault every hook is the rule as written.

// branch-not-negated: symbolic_choice_else adds b instead of ¬b.
Term else_condition(terms::TermManager& terms, Term b) {
  return fault_active(Fault::BranchNotNegated) ? b : terms.logical_not(b);
}
// loop-exit-not-negated: symbolic_iteration_exit adds b instead of ¬b.
Term exit_condition(terms::TermManager& terms, Term b) {
  return fault_active(Fault::LoopExitNotNegated) ? b : terms.logical_not(b);
}
// store-index-not-substituted: a[i] := e stores at i read without σ.
Term stored_index(terms::TermManager& terms, const SymbolicConfiguration& before, const Expression& index,
                  Term substituted) {
  if (!fault_active(Fault::StoreIndexNotSubstituted)) [[likely]] return substituted;
  UnsubstitutedGlobalsEnvironment unsubstituted(before, terms);
  return ExpressionTranslator(terms, unsubstituted).translate(index);
}
// symbolic-global-as-local: an assignment to a global writes the local slot of the same index
// (when the top closure has one of the same sort); true when it did.
bool global_written_as_local(SymbolicConfiguration& c, const VariableSlot& slot, Term value) {
  if (!fault_active(Fault::SymbolicGlobalAsLocal)) [[likely]] return false;
  const std::uint32_t frame_locals = static_cast<std::uint32_t>(c.locals.size()) - c.locals_base();
  if (static_cast<std::uint32_t>(slot.index) >= frame_locals || c.locals[c.locals_base() + slot.index]->sort() != value->sort())
    return false;
  c.locals[c.locals_base() + slot.index] = value;
  return true;
}
// new-aliases-old-object: `new` hands out the object created before it again.
std::int64_t new_object_serial(std::int64_t serial) {
  if (fault_active(Fault::NewAliasesOldObject) && serial > 1) [[unlikely]] return serial - 1;
  return serial;
}
// new-fields-not-defaulted: a new object's fields keep whatever the field arrays held.
bool new_fields_defaulted() { return !fault_active(Fault::NewFieldsNotDefaulted); }
// this-by-name: trace unfolding substitutes the receiver expression for `this`, as §4 prints it.
bool this_bound_by_name(const Callable& callee, std::size_t slot) {
  return slot == 0 && callee.is_method && fault_active(Fault::ThisByName);
}
// parameter-by-name: a call binds its parameters to the arguments read without σ.
bool parameters_bound_by_name() { return fault_active(Fault::ParameterByName); }

Term default_term(terms::TermManager& terms, const Type& type) {
  switch (type.kind) {
    case TypeKind::Bool: return terms.false_term();
    case TypeKind::Reference:
    case TypeKind::Nil: return terms.nil(type.class_index);
    default: return terms.integer(0);
  }
}

// ------------------------------------------------------------------------------------------------
// What a rule does to its successor that depends on the system the machine runs, chosen once by
// its mode: forward symbolic execution (§2–§3, §4.1) updates σ and φ; the unfolding of §4 appends
// tests and assignments to ρ and leaves them for path(ρ) (Definition 4.2) to apply.  Each rule
// function of the step states its transition once and calls these.
class RuleEffects {
 public:
  virtual ~RuleEffects() = default;
  // A premise b of the rule: forward φ ∧ b, trace ρ · b.
  virtual void add_condition(SymbolicConfiguration& c, Term b) const = 0;
  // What an assignment's own δ(h, e) adds as a premise: forward δ itself; trace true, since δ
  // travels with the item where Definition 4.2 picks it up — unless δ is syntactically false,
  // which removes the successor in both systems.
  virtual Term assignment_condition(Term defined) const = 0;
  // The premise of a method call: forward δ(e0) ∧ e0 ≠ nil ∧ δ(ē); trace only the receiver's
  // (§4: ρ · e0 ≠ nil · ȳ := ē), the arguments' δ travelling with their bindings.
  virtual Term method_call_condition(const Definedness& receiver, const Definedness& call) const = 0;
  // The term of an expression that is assigned or bound.
  virtual Term value_term(const Expression& e) const = 0;
  // h := v, the location of h taken in the state before the step.
  virtual void assign(SymbolicConfiguration& c, const Expression& target, Term value, Term defined) const = 0;
  // The object x := new C yields, its fields at their defaults.
  virtual Term create_object(SymbolicConfiguration& c, std::int32_t class_index) const = 0;
  // The term the callee's closure τ' holds for its local `slot`, bound to `value`.
  virtual Term bind_local(SymbolicConfiguration& c, const Callable& callee, std::size_t slot, Term value,
                          Term defined) const = 0;
  // A call that a bound cut after its arguments were evaluated.
  virtual void cut_call(SymbolicConfiguration& c, Term arguments_defined) const = 0;
  // r := v at a method's return: the term the caller's h := r reads.
  virtual Term method_result(SymbolicConfiguration& c, Term value, Term defined) const = 0;
};

// Forward: σ and φ (§2–§3), fields as arrays (§4.1) or through the heap model.
class ForwardEffects final : public RuleEffects {
 public:
  ForwardEffects(const Program& program, terms::TermManager& terms, const SymbolicConfiguration& before,
                 ExpressionTranslator& translator, HeapModel* heap)
      : program_(program), terms_(terms), before_(before), translator_(translator), heap_(heap) {}

  void add_condition(SymbolicConfiguration& c, Term b) const override { c.path_condition = c.path_condition.with(b); }
  Term assignment_condition(Term defined) const override { return defined; }
  Term method_call_condition(const Definedness&, const Definedness& call) const override { return call.defined; }
  Term value_term(const Expression& e) const override { return translator_.translate(e); }

  // (τ', σ') = (τ, σ)[h := v]; §2.1: a[e] := e' is a := (a[eσ] := e'σ); §4.1: o.f := v is
  // f := (f[oσ] := v).
  void assign(SymbolicConfiguration& c, const Expression& target, Term value, Term) const override {
    switch (target.kind) {
      case ExpressionKind::FieldRead: {
        Term object = translator_.translate(target.operand(0));
        if (heap_ != nullptr)
          heap_->write_field(c, target.field, object, value);
        else
          c.fields[target.field] = terms_.store(c.fields[target.field], object, value);
        return;
      }
      case ExpressionKind::ArrayRead: {
        const std::int32_t array = target.operand(0).variable.index;
        Term index = stored_index(terms_, before_, target.operand(1), translator_.translate(target.operand(1)));
        c.globals[array] = terms_.store(c.globals[array], index, value);
        return;
      }
      default: {
        const VariableSlot& slot = target.variable;
        if (slot.scope == Scope::Local) {
          c.locals[c.locals_base() + slot.index] = value;
        } else if (!global_written_as_local(c, slot, value)) {
          c.globals[slot.index] = value;
          if (heap_ != nullptr) heap_->assigned_global(c, slot.index);
        }
        return;
      }
    }
  }

  // §4.1: an object different from every object of the input and from every one created before on
  // the path, its fields stored at their defaults.
  Term create_object(SymbolicConfiguration& c, std::int32_t class_index) const override {
    Term object = terms_.new_object(new_object_serial(c.next_object++), class_index);
    if (heap_ != nullptr) {
      heap_->created(c, object, class_index);
    } else if (new_fields_defaulted()) {
      for (std::int32_t field : program_.classes[class_index].fields)
        c.fields[field] = terms_.store(c.fields[field], object, default_term(terms_, program_.fields[field].type));
    }
    return object;
  }

  Term bind_local(SymbolicConfiguration&, const Callable&, std::size_t, Term value, Term) const override { return value; }
  void cut_call(SymbolicConfiguration&, Term) const override {}
  Term method_result(SymbolicConfiguration&, Term value, Term) const override { return value; }

 private:
  const Program& program_;
  terms::TermManager& terms_;
  const SymbolicConfiguration& before_;
  ExpressionTranslator& translator_;
  HeapModel* heap_;
};

// Trace: the unfolding of §4 into ρ.
class TraceEffects final : public RuleEffects {
 public:
  TraceEffects(terms::TermManager& terms, ExpressionTranslator& translator) : terms_(terms), translator_(translator) {}

  void add_condition(SymbolicConfiguration& c, Term b) const override { record(c, TraceItem::test(b)); }
  Term assignment_condition(Term defined) const override { return defined->is_false() ? defined : terms_.true_term(); }
  Term method_call_condition(const Definedness& receiver, const Definedness&) const override { return receiver.defined; }

  // Built without simplification: the concrete semantics of traces evaluates it, and a rewrite
  // that keeps the meaning of total terms can drop a read that fails (a[1] / 0 becomes 0), which
  // would let a trace run where path(ρ) says it cannot (Theorem 4.5).
  Term value_term(const Expression& e) const override {
    terms::WithoutSimplification raw(terms_);
    return translator_.translate(e);
  }

  // ρ · h := v with its δ(h, v).
  void assign(SymbolicConfiguration& c, const Expression& target, Term value, Term defined) const override {
    switch (target.kind) {
      case ExpressionKind::FieldRead:
        record(c, TraceItem::assign_field(value_term(target.operand(0)), target.field, value, defined));
        return;
      case ExpressionKind::ArrayRead:
        record(c, TraceItem::assign_array_element(c.globals[target.operand(0).variable.index],
                                                  value_term(target.operand(1)), value, defined));
        return;
      default:
        record(c, TraceItem::assign_variable(target.variable.scope == Scope::Global
                                                 ? c.globals[target.variable.index]
                                                 : c.locals[c.locals_base() + target.variable.index],
                                             value, defined));
        return;
    }
  }

  // §4: ρ · x := new C with x fresh.
  Term create_object(SymbolicConfiguration& c, std::int32_t class_index) const override {
    Term fresh = terms_.fresh_symbol(terms::Sort::reference(class_index), "new");
    record(c, TraceItem::create_object(fresh, class_index));
    return fresh;
  }

  // Every local of the callee is renamed to a fresh variable and ρ records its binding, ȳ := ē
  // (the paper's inlining S[ū := ȳ], kept per closure).
  Term bind_local(SymbolicConfiguration& c, const Callable& callee, std::size_t slot, Term value,
                  Term defined) const override {
    if (this_bound_by_name(callee, slot)) [[unlikely]] return value;
    Term renamed = terms_.fresh_symbol(sort_of(callee.locals[slot].type), callee.locals[slot].name);
    record(c, TraceItem::assign_variable(renamed, value, defined));
    return renamed;
  }

  // The arguments' δ, which the bindings would have carried into ρ, becomes a test.
  void cut_call(SymbolicConfiguration& c, Term arguments_defined) const override {
    if (!arguments_defined->is_true()) record(c, TraceItem::test(arguments_defined));
  }

  // §4 symbolic method return: ρ · r := e, with r fresh for this call.
  Term method_result(SymbolicConfiguration& c, Term value, Term defined) const override {
    Term result = terms_.fresh_symbol(value->sort(), "r");
    record(c, TraceItem::assign_variable(result, value, defined));
    return result;
  }

 private:
  static void record(SymbolicConfiguration& c, TraceItem item) { c.trace = c.trace.then(std::move(item)); }
  terms::TermManager& terms_;
  ExpressionTranslator& translator_;
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
        forward_(machine.program_, machine.terms_, before, translator_, heap_),
        trace_(machine.terms_, translator_),
        effects_(machine.mode_ == EngineMode::Trace ? static_cast<const RuleEffects&>(trace_) : forward_),
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
      effects_.add_condition(next.configuration, conjunct);
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
    Term value = effects_.value_term(*s.value);
    if (auto* c = successor(assignment_rule(*s.target), {effects_.assignment_condition(definedness.defined)},
                            defined_letter(s))) {
      effects_.assign(*c, *s.target, value, definedness.defined);
      c->control.advance();
    }
    error_transitions(s, definedness);
  }

  // §4.1 object creation: h := x; x.f1 := default; …; x.fn := default with x a new object,
  // different from every object of the input and from every object created before on the path;
  // §4's unfolding records ρ · x := new C · h := x with x fresh.
  //   ⟨(τ, h := new C; S)·Δ, σ, φ⟩ → ⟨(τ', S)·Δ, σ', φ ∧ δ(h)θ⟩   with (τ', σ') = (τ, σ[x.f̄ := default])[h := x]
  void symbolic_object_creation(const Statement& s) {
    Definedness definedness = statement_definedness(s, translator_.location_definedness(*s.target));
    if (auto* c = successor(Rule::ObjectCreation, {effects_.assignment_condition(definedness.defined)}, defined_letter(s))) {
      Term object = effects_.create_object(*c, s.class_index);
      effects_.assign(*c, *s.target, object, definedness.defined);
      c->control.advance();
    }
    error_transitions(s, definedness);
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
    Term negated = else_condition(terms_, condition);
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
    Term negated = exit_condition(terms_, condition);
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
  // In trace mode every local is renamed to a fresh variable and its binding recorded in ρ
  // (RuleEffects::bind_local), `this` too, by value.
  void push_closure(SymbolicConfiguration& c, const Callable& callee, const std::vector<Term>& bound,
                    const std::vector<Term>& bound_definedness) {
    const std::uint32_t base = static_cast<std::uint32_t>(c.locals.size());
    for (std::size_t slot = 0; slot < callee.locals.size(); ++slot) {
      Term value = slot < bound.size() ? bound[slot] : default_term(terms_, callee.locals[slot].type);
      Term defined = slot < bound_definedness.size() ? bound_definedness[slot] : terms_.true_term();
      c.locals.push_back(effects_.bind_local(c, callee, slot, value, defined));
    }
    c.control.push_frame(callee, base);
  }

  std::vector<Term> arguments_definedness_terms(const Statement& s) {
    std::vector<Term> out;
    for (const auto& argument : s.arguments) out.push_back(translator_.definedness(*argument).defined);
    return out;
  }

  std::vector<Term> translate_arguments(const Statement& s) {
    std::vector<Term> values;
    if (parameters_bound_by_name()) [[unlikely]] {
      UnsubstitutedGlobalsEnvironment unsubstituted(before_, terms_);
      ExpressionTranslator by_name(terms_, unsubstituted);
      for (const auto& argument : s.arguments) values.push_back(by_name.translate(*argument));
      return values;
    }
    for (const auto& argument : s.arguments) values.push_back(effects_.value_term(*argument));
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
    if (auto* c = successor(Rule::ProcedureCall, {effects_.assignment_condition(definedness.defined)}, defined_letter(s))) {
      if (!call_bound_reached(*c, callee)) {
        c->control.advance();
        push_closure(*c, callee, bound, arguments_definedness_terms(s));
      } else {
        effects_.cut_call(*c, definedness.defined);
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
    std::vector<Term> bound{effects_.value_term(*s.receiver)};
    for (Term argument : translate_arguments(s)) bound.push_back(argument);
    Term condition = effects_.method_call_condition(translator_.receiver_definedness(*s.receiver), definedness);
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
        effects_.cut_call(*c, definedness.defined);
      }
    }
    error_transitions(definedness);
  }

  // §4 symbolic method return: r := eθ, the body ends.
  //   ⟨(τ, return e)·Δ, σ, φ⟩ → ⟨(τ, ε)·Δ, σ[r := eθ], φ ∧ δ(e)θ⟩
  void symbolic_method_return(const Statement& s) {
    Definedness definedness = statement_definedness(s, translator_.definedness(*s.value));
    Term value = effects_.value_term(*s.value);
    if (auto* c = successor(Rule::MethodReturn, {effects_.assignment_condition(definedness.defined)}, defined_letter(s))) {
      c->result = effects_.method_result(*c, value, definedness.defined);
      c->control.finish_closure();
    }
    error_transitions(s, definedness);
  }

  // §4, the caller's half of a method call: h := r.
  //   ⟨(τ, h := r; S)·Δ, σ, φ⟩ → ⟨(τ', S)·Δ, σ', φ ∧ δ(h)θ⟩   with (τ', σ') = (τ, σ)[h := r]
  void symbolic_method_result(const Statement& s) {
    Definedness definedness = translator_.location_definedness(*s.target);
    const bool checks = s.target->kind != ExpressionKind::Variable;
    if (auto* c = successor(Rule::MethodResult, {effects_.assignment_condition(definedness.defined)}, checks ? "D" : "")) {
      c->control.top_frame().awaiting_result = false;
      effects_.assign(*c, *s.target, before_.result, definedness.defined);
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
  ForwardEffects forward_;
  TraceEffects trace_;
  const RuleEffects& effects_;  // forward_ or trace_, by the machine's mode
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

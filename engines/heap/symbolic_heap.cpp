// The heap shared by lazy initialization and summaries (draft §3–§5): slots, points-to sets,
// the search for the first uninitialized read of a statement, reads (VS), writes (ST) and
// reference equality (Fig. 9).
#include "engines/heap/symbolic_heap.hpp"

#include <algorithm>

#include "engines/heap/heap_coverage.hpp"
#include "semantics/faults.hpp"
#include "semantics/symbolic/expression_translation.hpp"
#include "semantics/terms/printer.hpp"

namespace symref::heap {

using terms::Term;
using terms::TermKind;

namespace {

// A heap description's text of a term, cut after 20,000 characters: terms are DAGs and a field's
// value can print as a tree of exponential length, which random level-3 programs reach.
std::string shown_term(Term term, const Program& program) {
  terms::PrintOptions options;
  options.character_budget = 20'000;
  return terms::print_term(term, &program, options);
}

const MaterializedHeap& empty_heap() {
  static const MaterializedHeap heap;
  return heap;
}

// θ = τ ∪ σ of a configuration, with fields read through the heap model.
class HeapEnvironment final : public SymbolicEnvironment {
 public:
  HeapEnvironment(const SymbolicConfiguration& configuration, SymbolicHeap& heap) : configuration_(configuration), heap_(heap) {}
  Term variable(const VariableSlot& slot) const override {
    return slot.scope == Scope::Global ? configuration_.globals[slot.index]
                                       : configuration_.locals[configuration_.locals_base() + slot.index];
  }
  Term field_array(std::int32_t field) const override { return configuration_.fields[field]; }
  Term read_field(terms::TermManager&, std::int32_t field, Term object) const override {
    return heap_.read_field(configuration_, field, object);
  }
  Term references_equal(terms::TermManager&, Term a, Term b) const override {
    return heap_.references_equal(configuration_, a, b);
  }

 private:
  const SymbolicConfiguration& configuration_;
  SymbolicHeap& heap_;
};

}  // namespace

const MaterializedHeap& SymbolicHeap::heap_of(const SymbolicConfiguration& configuration) {
  if (configuration.heap == nullptr) return empty_heap();
  return static_cast<const MaterializedHeap&>(*configuration.heap);
}

MaterializedHeap& SymbolicHeap::mutable_heap(SymbolicConfiguration& configuration) const {
  // Copy on write: successors share the heap part until one of them changes it.
  auto copy = std::make_shared<MaterializedHeap>(heap_of(configuration));
  if (copy->global_initialized.size() < program_.globals.size()) copy->global_initialized.resize(program_.globals.size());
  MaterializedHeap& result = *copy;
  configuration.heap = std::move(copy);
  return result;
}

const InputLocation* SymbolicHeap::input_location(const MaterializedHeap& heap, Term term, std::size_t* rank) const {
  for (std::size_t k = 0; k < heap.inputs.size(); ++k)
    if (heap.inputs[k].term == term) {
      if (rank != nullptr) *rank = k;
      return &heap.inputs[k];
    }
  return nullptr;
}

const HeapSlot* SymbolicHeap::slot(const MaterializedHeap& heap, Term location, std::int32_t field) const {
  for (auto it = heap.slots.rbegin(); it != heap.slots.rend(); ++it)
    if (it->location == location && it->field == field) return &*it;
  return nullptr;
}

bool SymbolicHeap::is_location(const MaterializedHeap& heap, Term term) const {
  return term->kind() == TermKind::Nil || term->kind() == TermKind::NewObject || input_location(heap, term) != nullptr;
}

// ---------------------------------------------------------------------------------------------
// Points-to sets

void SymbolicHeap::collect_points_to(Term reference, Term guard, std::vector<GuardedLocation>& out) const {
  if (guard->is_false()) return;
  if (budget_ == 0) throw HeapSummaryTooLarge();
  --budget_;
  if (reference->kind() == TermKind::IfThenElse) {
    Term condition = reference->child(0);
    collect_points_to(reference->child(1), terms_.logical_and(guard, condition), out);
    // planted bug: the else branch keeps the outer guard, so its targets overlap the then branch's
    Term otherwise = fault_active(Fault::HeapElseGuardKept) ? guard : terms_.logical_and(guard, terms_.logical_not(condition));
    collect_points_to(reference->child(2), otherwise, out);
    return;
  }
  for (auto& target : out)
    if (target.location == reference) {
      target.guard = terms_.logical_or(target.guard, guard);
      return;
    }
  out.push_back(GuardedLocation{guard, reference});
}

std::vector<GuardedLocation> SymbolicHeap::points_to(Term reference) const {
  std::vector<GuardedLocation> out;
  budget_ = 4096;
  collect_points_to(reference, terms_.true_term(), out);
  return out;
}

void SymbolicHeap::note_points_to(Term reference) {
  if (reference->kind() != TermKind::IfThenElse) {
    statistics_.max_points_to = std::max<std::uint64_t>(statistics_.max_points_to, 1);
    return;
  }
  try {
    statistics_.max_points_to = std::max<std::uint64_t>(statistics_.max_points_to, points_to(reference).size());
  } catch (const HeapSummaryTooLarge&) {
    // only a statistic
  }
}

// ---------------------------------------------------------------------------------------------
// Reads, writes, `new`, equality

// VS (Fig. 9, decision 4): through every target (φ l) of the object, R(l, f) under φ.
// Shared subterms of the object are read once (memo `done`).
//
// The nil target (φ_n l_null) is not read at all (the nil rule of paper-notes/004): the access forks into E,
// which ends the run before the value is used, and D, whose φ_g holds ¬φ_n, so under D the
// value is the read through the other targets alone.  Reading it would put a term that names no
// location into L(r), and EQUALS would have to fall back on the integer encoding.
Term SymbolicHeap::read_field(const SymbolicConfiguration& configuration, std::int32_t field, Term object) {
  if (object->kind() == TermKind::IfThenElse) count_rule(coverage_, HeapRule::FieldAccessSeveralTargets);
  std::unordered_map<Term, Term> done;
  if (Term value = read_through(configuration, field, object, done)) return value;
  // Every target is nil: D is syntactically false, the value is never used.  A reference field
  // still gets a location (nil), so that no set built from it holds a non-location.
  const Type& type = program_.fields[field].type;
  if (type.kind == TypeKind::Reference) return terms_.nil(type.class_index);
  return terms_.select(configuration.fields[field], object);
}

Term SymbolicHeap::read_through(const SymbolicConfiguration& configuration, std::int32_t field, Term object,
                                std::unordered_map<Term, Term>& done) {
  if (object->kind() == TermKind::IfThenElse) {
    auto found = done.find(object);
    if (found != done.end()) return found->second;
    Term condition = object->child(0);
    Term value;
    // VS with pruning: a side whose condition φ refutes is not read.
    if (proved_unsat(configuration, condition)) value = read_through(configuration, field, object->child(2), done);
    else if (proved_unsat(configuration, terms_.logical_not(condition))) value = read_through(configuration, field, object->child(1), done);
    else {
      Term then_value = read_through(configuration, field, object->child(1), done);
      Term else_value = read_through(configuration, field, object->child(2), done);
      // A side whose targets are all nil is not read (the nil rule above): the other side is.
      value = then_value == nullptr   ? else_value
              : else_value == nullptr ? then_value
                                      : terms_.if_then_else(condition, then_value, else_value);
    }
    done.emplace(object, value);
    return value;
  }
  if (object->kind() == TermKind::Nil && !fault_active(Fault::HeapNilTargetRead)) {
    count_rule(coverage_, HeapRule::FieldAccessSkipsNil);
    return nullptr;
  }
  const MaterializedHeap& heap = heap_of(configuration);
  if (const HeapSlot* written = slot(heap, object, field)) return written->value;
  // An input location's unwritten slot holds its input value f[l] (for references: not read yet).
  if (input_location(heap, object) != nullptr) return terms_.select(terms_.field_symbol(field), object);
  // A term that is not a location (not met in the heap modes; the arrays view keeps its meaning).
  return terms_.select(configuration.fields[field], object);
}

// ST (Fig. 9, decision 3): each target (φ l) of the object gets a fresh R(l, f) that is the value
// under φ and the old R(l, f) under ¬φ; the old sets stay as they are for whoever shares them.
void SymbolicHeap::write_field(SymbolicConfiguration& configuration, std::int32_t field, Term object, Term value) {
  // The arrays view of §4.1 is kept beside the slots: the final state and the replay read it.
  configuration.fields[field] = terms_.store(configuration.fields[field], object, value);
  std::vector<GuardedLocation> targets;
  try {
    targets = points_to(object);
  } catch (const HeapSummaryTooLarge& error) {
    count_rule(coverage_, HeapRule::PointsToTooLarge);
    configuration.outcome = Outcome::Bound;
    configuration.bound_reason = error.what();
    return;
  }
  MaterializedHeap& heap = mutable_heap(configuration);
  for (const auto& [guard, location] : targets) {
    if (location->kind() == TermKind::Nil) continue;  // that case is the nil-dereference successor
    if (proved_unsat(configuration, guard)) continue;  // ST with pruning: φ refutes this target
    Term stored = value;
    count_rule(coverage_, guard->is_true() ? HeapRule::FieldWriteOneTarget : HeapRule::FieldWriteGuarded);
    if (!guard->is_true() && !fault_active(Fault::HeapStrongUpdate))
      stored = terms_.if_then_else(guard, value, read_field(configuration, field, location));
    heap.slots.push_back(HeapSlot{location, field, stored});
    note_points_to(stored);
  }
}

void SymbolicHeap::created(SymbolicConfiguration& configuration, Term object, std::int32_t class_index) {
  count_rule(coverage_, HeapRule::NewObject);
  MaterializedHeap& heap = mutable_heap(configuration);
  heap.created.emplace_back(object, class_index);
  for (std::int32_t field : program_.classes[class_index].fields) {
    const Type& type = program_.fields[field].type;
    Term value = type.kind == TypeKind::Bool        ? terms_.false_term()
                 : type.kind == TypeKind::Reference ? terms_.nil(type.class_index)
                                                    : terms_.integer(0);
    heap.slots.push_back(HeapSlot{object, field, value});
    configuration.fields[field] = terms_.store(configuration.fields[field], object, value);
  }
}

void SymbolicHeap::assigned_global(SymbolicConfiguration& configuration, std::int32_t global) {
  if (program_.globals[global].type.kind != TypeKind::Reference) return;
  if (heap_of(configuration).global_initialized.size() > static_cast<std::size_t>(global) &&
      heap_of(configuration).global_initialized[global])
    return;
  mutable_heap(configuration).global_initialized[global] = true;
}

// EQUALS (Fig. 9, decision 5): r0 == r1 iff they share a location under both guards,
// ⋁ over common l of φ0 ∧ φ1.  Distinct locations are distinct objects wherever they exist.
Term SymbolicHeap::references_equal(const SymbolicConfiguration& configuration, Term a, Term b) {
  const MaterializedHeap& heap = heap_of(configuration);
  auto by_terms = [&] {  // the same meaning, left to the solver
    count_rule(coverage_, HeapRule::ReferencesEqualByTerms);
    return terms_.equal(a, b);
  };
  std::vector<GuardedLocation> left, right;
  try {
    left = points_to(a);
    right = points_to(b);
  } catch (const HeapSummaryTooLarge&) {
    return by_terms();
  }
  count_rule(coverage_, HeapRule::ReferencesEqual);
  std::vector<Term> common;
  for (const auto& l : left) {
    if (!is_location(heap, l.location)) return by_terms();
    for (const auto& r : right) {
      if (!is_location(heap, r.location)) return by_terms();
      bool same = l.location == r.location ||
                  (l.location->kind() == TermKind::Nil && r.location->kind() == TermKind::Nil);
      if (same) common.push_back(terms_.logical_and(l.guard, r.guard));
    }
  }
  return terms_.logical_or(common);
}

// ---------------------------------------------------------------------------------------------
// The first uninitialized read of a statement

bool SymbolicHeap::find_uninitialized(const SymbolicConfiguration& configuration, const Expression& e,
                                      UninitializedRead& read) {
  const MaterializedHeap& heap = heap_of(configuration);
  const bool lazy_operator = e.kind == ExpressionKind::Conditional ||
                             (e.kind == ExpressionKind::Binary && (e.binary_operator == BinaryOperator::And ||
                                                                   e.binary_operator == BinaryOperator::Or ||
                                                                   e.binary_operator == BinaryOperator::Implies));
  if (lazy_operator && initializes_only_evaluated_reads()) return find_in_lazy_operands(configuration, e, read);
  switch (e.kind) {
    case ExpressionKind::Variable:
      if (e.variable.scope == Scope::Global && e.type.kind == TypeKind::Reference &&
          !(static_cast<std::size_t>(e.variable.index) < heap.global_initialized.size() &&
            heap.global_initialized[e.variable.index])) {
        read.global = e.variable.index;
        return true;
      }
      return false;
    case ExpressionKind::FieldRead: {
      if (find_uninitialized(configuration, e.operand(0), read)) return true;
      if (e.type.kind != TypeKind::Reference) return false;
      HeapEnvironment environment(configuration, *this);
      Term object = ExpressionTranslator(terms_, environment).translate(e.operand(0));
      // UN(L, R, r, f): the targets of r whose slot f is not initialized; the least location first.
      bool found = false;
      std::uint64_t uninitialized = 0;
      for (const auto& [guard, location] : points_to(object)) {
        std::size_t rank = 0;
        if (input_location(heap, location, &rank) == nullptr || slot(heap, location, e.field) != nullptr) continue;
        if (proved_unsat(configuration, guard)) continue;  // UN with pruning
        ++uninitialized;
        if (!found || rank < read.location_rank) read = UninitializedRead{-1, location, e.field, guard, rank};
        found = true;
      }
      statistics_.max_uninitialized = std::max(statistics_.max_uninitialized, uninitialized);
      return found;
    }
    default:
      if (continues_left_chain(e)) {  // a chain (a + b) + c, in a loop: its operands left to right
        std::vector<const Expression*> chain{&e};
        while (continues_left_chain(*chain.back())) chain.push_back(&chain.back()->operand(0));
        if (find_uninitialized(configuration, chain.back()->operand(0), read)) return true;
        for (std::size_t i = chain.size(); i-- > 0;)
          if (find_uninitialized(configuration, chain[i]->operand(1), read)) return true;
        return false;
      }
      for (const auto& operand : e.operands)
        if (operand != nullptr && find_uninitialized(configuration, *operand, read)) return true;
      return false;
  }
}

// The concrete evaluation reads the left operand, and the right one only when the left does not
// decide: a && b reads b when a holds, a || b when a fails, a ==> b when a holds; c ? a : b reads
// a when c holds and b when it fails.  Where φ decides the condition, the read happens or not;
// where it does not and the operand not read has an uninitialized read, the path splits first.
bool SymbolicHeap::find_in_lazy_operands(const SymbolicConfiguration& configuration, const Expression& e,
                                         UninitializedRead& read) {
  HeapEnvironment environment(configuration, *this);
  ExpressionTranslator translator(terms_, environment);
  // Reads the operand `operand` where `evaluated` holds (null: always).
  auto read_where = [&](const Expression& operand, Term evaluated) {
    const Decided decision = evaluated == nullptr ? Decided::True : decided(configuration, evaluated);
    if (decision == Decided::False) return false;
    if (decision == Decided::True) return find_uninitialized(configuration, operand, read);
    UninitializedRead inner;
    if (!find_uninitialized(configuration, operand, inner)) return false;
    read = UninitializedRead{};
    read.split = evaluated;
    return true;
  };
  if (e.kind == ExpressionKind::Conditional) {
    if (find_uninitialized(configuration, e.operand(0), read)) return true;
    Term condition = translator.translate(e.operand(0));
    return read_where(e.operand(1), condition) || read_where(e.operand(2), terms_.logical_not(condition));
  }
  // A chain (a && b) && c, from its innermost operator out.
  std::vector<const Expression*> chain{&e};
  while (continues_left_chain(*chain.back())) chain.push_back(&chain.back()->operand(0));
  const Expression& innermost = chain.back()->operand(0);
  if (find_uninitialized(configuration, innermost, read)) return true;
  Term left = translator.translate(innermost);
  for (std::size_t i = chain.size(); i-- > 0;) {
    const Expression& link = *chain[i];
    Term evaluated = link.binary_operator == BinaryOperator::Or ? terms_.logical_not(left) : left;
    if (read_where(link.operand(1), evaluated)) return true;
    if (i > 0) left = translator.binary_term(link, left, translator.translate(link.operand(1)));
  }
  return false;
}

SymbolicHeap::Decided SymbolicHeap::decided(const SymbolicConfiguration& configuration, Term condition) {
  if (condition->is_true()) return Decided::True;
  if (condition->is_false()) return Decided::False;
  const Term negation = terms_.logical_not(condition);
  for (const PathCondition::Node* node = configuration.path_condition.head(); node != nullptr; node = node->parent.get()) {
    if (node->conjunct == condition) return Decided::True;
    if (node->conjunct == negation) return Decided::False;
  }
  if (proved_unsat(configuration, negation)) return Decided::True;
  if (proved_unsat(configuration, condition)) return Decided::False;
  return Decided::Neither;
}

bool SymbolicHeap::find_in_statement(const SymbolicConfiguration& configuration, const Statement& s,
                                     UninitializedRead& read) {
  auto in = [&](const Expression* e) { return e != nullptr && find_uninitialized(configuration, *e, read); };
  // The written location's object is evaluated first, then the value (as the machine does).
  auto target = [&](const Expression* t) {
    if (t == nullptr || t->kind != ExpressionKind::FieldRead) return t != nullptr && t->kind == ExpressionKind::ArrayRead && in(&t->operand(1));
    if (in(&t->operand(0))) return true;
    if (!initializes_written_slots() || t->type.kind != TypeKind::Reference) return false;
    // Summary: every slot the write may hit is initialized first, so ST sees its old set.
    read.for_write = find_uninitialized(configuration, *t, read);
    return read.for_write;
  };
  switch (s.kind) {
    case StatementKind::LocalDeclaration:
    case StatementKind::Assignment: return target(s.target.get()) || in(s.value.get());
    case StatementKind::New: return target(s.target.get());
    case StatementKind::If:
    case StatementKind::While:
    case StatementKind::Assert:
    case StatementKind::Assume:
    case StatementKind::Return: return in(s.value.get());
    case StatementKind::ProcedureCall:
      for (const auto& argument : s.arguments)
        if (in(argument.get())) return true;
      return false;
    case StatementKind::MethodCall:
      if (configuration.control.top_frame().awaiting_result) return target(s.target.get());
      if (in(s.receiver.get())) return true;
      for (const auto& argument : s.arguments)
        if (in(argument.get())) return true;
      return false;
    case StatementKind::Skip: return false;
  }
  return false;
}

bool SymbolicHeap::initialize_reads(const SymbolicConfiguration& configuration, const Statement* statement,
                                    std::vector<SymbolicSuccessor>& out) {
  observe_step(configuration);
  if (statement == nullptr) return false;
  UninitializedRead read;
  // The search translates the statement's expressions ahead of its step: the reads and equalities
  // it builds are not the step's, so they are not counted.
  bool found = false;
  try {
    struct Uncounted {
      RuleTally*& coverage;
      RuleTally* const kept = coverage;
      ~Uncounted() { coverage = kept; }
    } uncounted{coverage_};
    coverage_ = nullptr;
    found = find_in_statement(configuration, *statement, read);
  } catch (const HeapSummaryTooLarge& error) {
    count_rule(coverage_, HeapRule::PointsToTooLarge);
    if (SymbolicConfiguration* cut = heap_successor(configuration, {}, out)) {
      cut->outcome = Outcome::Bound;
      cut->bound_reason = error.what();
    }
    return true;
  }
  if (!found) return false;
  if (read.split != nullptr) {  // lazy: whether the read happens, first
    count_rule(coverage_, HeapRule::LazyOperandSplit);
    heap_successor(configuration, {read.split}, out);
    heap_successor(configuration, {terms_.logical_not(read.split)}, out);
    return true;
  }
  // Even with no successor (every choice syntactically impossible) the step is not taken.
  count_rule(coverage_, read.global >= 0 ? HeapRule::InitializeGlobal : HeapRule::InitializeSlot);
  initialize(configuration, read, out);
  return true;
}

// ---------------------------------------------------------------------------------------------
// Helpers of the initializations

Term SymbolicHeap::input_reference(const UninitializedRead& read) const {
  if (read.global >= 0) return terms_.global_symbol(read.global);
  return terms_.select(terms_.field_symbol(read.field), read.location);
}

std::int32_t SymbolicHeap::class_of(const UninitializedRead& read) const {
  return read.global >= 0 ? program_.globals[read.global].type.class_index : program_.fields[read.field].type.class_index;
}

std::vector<const InputLocation*> SymbolicHeap::alias_candidates(const MaterializedHeap& heap,
                                                                 const UninitializedRead& read) const {
  std::vector<const InputLocation*> candidates;
  for (const auto& input : heap.inputs)
    if (input.class_index == class_of(read)) candidates.push_back(&input);
  return candidates;
}

std::string SymbolicHeap::read_name(const SymbolicConfiguration& configuration, const UninitializedRead& read) const {
  if (read.global >= 0) return program_.globals[read.global].name;
  return location_name(heap_of(configuration), read.location) + "." + program_.fields[read.field].name;
}

MaterializedHeap& SymbolicHeap::set_initialized(SymbolicConfiguration& configuration, const UninitializedRead& read,
                                                Term value) const {
  MaterializedHeap& heap = mutable_heap(configuration);
  if (read.global >= 0) {
    heap.global_initialized[read.global] = true;
    heap.global_inputs.emplace_back(read.global, value);
    configuration.globals[read.global] = value;
  } else {
    heap.slots.push_back(HeapSlot{read.location, read.field, value, true, read.for_write});
  }
  return heap;
}

bool SymbolicHeap::proved_unsat(const SymbolicConfiguration& configuration, Term guard) {
  if (guard->is_false()) return true;
  if (!guard_oracle_ || guard->is_true()) return false;
  ++statistics_.prune_queries;
  switch (guard_oracle_(configuration.path_condition.conjuncts(), guard)) {
    case GuardVerdict::Unsat: ++statistics_.pruned_targets; return true;
    case GuardVerdict::Unknown: ++statistics_.prune_unknown; return false;  // kept: only unsat prunes
    case GuardVerdict::Sat: return false;
  }
  return false;
}

void SymbolicHeap::observe_step(const SymbolicConfiguration& configuration) {
  const MaterializedHeap& heap = heap_of(configuration);
  auto single = [&](Term reference) { return reference->kind() != TermKind::IfThenElse; };
  bool guarded = false;
  for (const auto& [global, value] : heap.global_inputs) guarded |= !single(value);
  for (const auto& s : heap.slots) {
    if (guarded) break;
    guarded = s.input && program_.fields[s.field].type.kind == TypeKind::Reference && !single(s.value);
  }
  if (guarded) ++statistics_.guarded_states;
}

SymbolicConfiguration* SymbolicHeap::heap_successor(const SymbolicConfiguration& configuration, std::vector<Term> conjuncts,
                                                    std::vector<SymbolicSuccessor>& out) const {
  for (Term conjunct : conjuncts)
    if (conjunct->is_false()) return nullptr;
  SymbolicSuccessor next{configuration, Rule::HeapInitialization, {}};
  for (Term conjunct : conjuncts) {
    if (conjunct->is_true()) continue;
    next.added.push_back(conjunct);
    next.configuration.path_condition = next.configuration.path_condition.with(conjunct);
  }
  out.push_back(std::move(next));
  return &out.back().configuration;
}

std::string SymbolicHeap::location_name(const MaterializedHeap& heap, Term location) const {
  if (location->kind() == TermKind::Nil) return "null";
  if (location->kind() == TermKind::NewObject) return "n" + std::to_string(location->index());
  if (const InputLocation* input = input_location(heap, location)) return input->name;
  return shown_term(location, program_);
}

HeapDescription SymbolicHeap::describe(const SymbolicConfiguration& configuration) const {
  const MaterializedHeap& heap = heap_of(configuration);
  HeapDescription description;
  description.choices = heap.choices;
  auto single_target = [&](Term value) { return value->kind() != TermKind::IfThenElse && is_location(heap, value); };
  for (const auto& [global, value] : heap.global_inputs)
    if (single_target(value)) description.input_edges.push_back({"", global, location_name(heap, value)});
  for (const auto& s : heap.slots)
    if (s.input && !s.for_write && program_.fields[s.field].type.kind == TypeKind::Reference && single_target(s.value))
      description.input_edges.push_back({location_name(heap, s.location), s.field, location_name(heap, s.value)});
  auto render = [&](Term reference) {
    std::string text;
    try {
      for (const auto& [guard, location] : points_to(reference))
        text += (text.empty() ? "" : " | ") + location_name(heap, location);
    } catch (const HeapSummaryTooLarge&) {
      text = "(too large)";
    }
    return text;
  };
  auto targets_of = [&](Term reference) {
    std::vector<HeapDescription::Target> targets;
    try {
      for (const auto& [guard, location] : points_to(reference))
        targets.push_back({location_name(heap, location), guard, is_location(heap, location)});
    } catch (const HeapSummaryTooLarge&) {
      targets.clear();
    }
    return targets;
  };
  for (std::size_t g = 0; g < program_.globals.size(); ++g) {
    if (program_.globals[g].type.kind != TypeKind::Reference) continue;
    bool initialized = g < heap.global_initialized.size() && heap.global_initialized[g];
    Term value = configuration.globals[g];
    description.roots.emplace_back(program_.globals[g].name, initialized ? render(value) : "un");
    if (!initialized) continue;
    description.points_to.emplace_back(program_.globals[g].name, targets_of(value));
  }
  auto describe_location = [&](Term location, std::int32_t class_index, const std::string& kind) {
    HeapDescription::Location entry{location_name(heap, location), program_.classes[class_index].name, kind, {}};
    for (std::int32_t field : program_.classes[class_index].fields) {
      const HeapSlot* written = slot(heap, location, field);
      const bool reference = program_.fields[field].type.kind == TypeKind::Reference;
      std::string text = written == nullptr ? (reference ? "un" : shown_term(terms_.select(terms_.field_symbol(field), location), program_))
                         : reference        ? render(written->value)
                                            : shown_term(written->value, program_);
      entry.fields.emplace_back(program_.fields[field].name, text);
      if (written != nullptr && reference) {
        description.points_to.emplace_back(entry.name + "." + program_.fields[field].name, targets_of(written->value));
      }
    }
    description.locations.push_back(std::move(entry));
  };
  for (const auto& input : heap.inputs) describe_location(input.term, input.class_index, "input");
  for (const auto& [object, class_index] : heap.created) describe_location(object, class_index, "new");
  return description;
}

}  // namespace symref::heap

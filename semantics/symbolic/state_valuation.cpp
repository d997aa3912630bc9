// Input states as valuations of the initial symbols, and V0∘σ as a concrete state.
#include "semantics/symbolic/state_valuation.hpp"

#include <algorithm>
#include <map>
#include <stdexcept>

namespace symref {

using terms::SortKind;
using terms::SymbolKind;
using terms::Term;

Value InitialStateValuation::to_symbolic(const Value& concrete) {
  if (concrete.kind() != ValueKind::Reference || concrete.is_nil()) return concrete;
  return Value::reference(concrete.class_index(), -concrete.as_object());
}

Value InitialStateValuation::symbol_value(Term symbol) const {
  if (symbol->symbol_kind() == SymbolKind::Global) return to_symbolic(input_.globals[symbol->index()]);
  throw std::logic_error("an input state gives values only to the initial symbols of globals and fields");
}

Value InitialStateValuation::array_element(Term array_symbol, const Value& index) const {
  if (array_symbol->symbol_kind() == SymbolKind::Global) {
    const auto& elements = input_.arrays[array_symbol->index()];
    const Integer& i = index.as_integer();
    if (i.is_small() && i.small_value() >= 0 && static_cast<std::uint64_t>(i.small_value()) < elements.size())
      return Value::integer(elements[static_cast<std::size_t>(i.small_value())]);
    return Value::integer(0);
  }
  if (array_symbol->symbol_kind() == SymbolKind::Field) {
    const Field& field = program_.fields[array_symbol->index()];
    // Input objects are -1, -2, ...; any other object (nil, or one created later) reads the default.
    ObjectId object = index.as_object();
    if (object < 0 && static_cast<std::size_t>(-object) <= input_.heap.size()) {
      const HeapObject& heap_object = input_.object(-object);
      if (heap_object.class_index == field.class_index) return to_symbolic(heap_object.fields[field.position]);
    }
    return default_value(field.type);
  }
  throw std::logic_error("an input state gives values only to the initial symbols of globals and fields");
}

Integer InitialStateValuation::array_length(Term array_symbol) const {
  return Integer(static_cast<std::int64_t>(input_.arrays[array_symbol->index()].size()));
}

namespace {

// Builds V0∘σ, reaching objects through the terms that denote them.
class StateMaterializer {
 public:
  StateMaterializer(const Program& program, terms::TermManager& terms, const std::vector<Term>& fields,
                    terms::TermEvaluator& evaluator)
      : program_(program), terms_(terms), fields_(fields), evaluator_(evaluator) {}

  GlobalState run(const std::vector<Term>& globals, const std::vector<Term>& extra_roots, std::vector<Value>& extra_values) {
    GlobalState state = default_global_state(program_);
    extra_values.clear();
    for (Term root : extra_roots) extra_values.push_back(concrete(state, root));
    for (std::size_t g = 0; g < program_.globals.size(); ++g) {
      const Type& type = program_.globals[g].type;
      if (type.kind == TypeKind::IntArray) {
        Integer length = evaluator_.evaluate(terms_.length(globals[g])).as_integer();
        if (!length.is_small() || length.small_value() > 100'000'000)
          throw std::runtime_error("array " + program_.globals[g].name + " is too long to materialize");
        state.arrays[g].reserve(static_cast<std::size_t>(std::max<std::int64_t>(length.small_value(), 0)));
        for (std::int64_t k = 0; k < length.small_value(); ++k)
          state.arrays[g].push_back(evaluator_.element(globals[g], Value::integer(Integer(k))).as_integer());
      } else {
        state.globals[g] = concrete(state, globals[g]);
      }
    }
    for (std::size_t next = 0; next < pending_.size(); ++next) {
      auto [object, term] = pending_[next];
      const Class& cls = program_.classes[state.object(object).class_index];
      for (std::size_t f = 0; f < cls.fields.size(); ++f)
        state.object(object).fields[f] = concrete(state, terms_.select(fields_[cls.fields[f]], term));
    }
    return state;
  }

 private:
  // The value of `term`, with symbolic objects turned into objects of the state being built.
  Value concrete(GlobalState& state, Term term) {
    Value value = evaluator_.evaluate(term);
    if (value.kind() != ValueKind::Reference || value.is_nil()) return value;
    auto key = std::make_pair(value.class_index(), value.as_object());
    auto it = objects_.find(key);
    if (it == objects_.end()) {
      ObjectId object = allocate_object(program_, state, value.class_index());
      it = objects_.emplace(key, object).first;
      pending_.emplace_back(object, term);
    }
    return Value::reference(value.class_index(), it->second);
  }

  const Program& program_;
  terms::TermManager& terms_;
  const std::vector<Term>& fields_;
  terms::TermEvaluator& evaluator_;
  std::map<std::pair<std::int32_t, ObjectId>, ObjectId> objects_;
  std::vector<std::pair<ObjectId, Term>> pending_;
};

}  // namespace

GlobalState materialize_state(const Program& program, terms::TermManager& terms, const std::vector<Term>& globals,
                              const std::vector<Term>& fields, terms::TermEvaluator& evaluator) {
  std::vector<Value> none;
  return StateMaterializer(program, terms, fields, evaluator).run(globals, {}, none);
}

GlobalState materialize_state(const Program& program, terms::TermManager& terms, const std::vector<Term>& globals,
                              const std::vector<Term>& fields, terms::TermEvaluator& evaluator,
                              const std::vector<Term>& extra_roots, std::vector<Value>& extra_values) {
  return StateMaterializer(program, terms, fields, evaluator).run(globals, extra_roots, extra_values);
}

}  // namespace symref

// Readable views of concrete and symbolic configurations (interp/lockstep).
#include "interp/lockstep/configuration_view.hpp"

namespace symref {

std::string concrete_value_text(const GlobalState& state, const Value& value) {
  switch (value.kind()) {
    case ValueKind::Int: return value.as_integer().to_string();
    case ValueKind::Bool: return value.as_boolean() ? "true" : "false";
    case ValueKind::Reference: {
      if (value.is_nil()) return "nil";
      const HeapObject& object = state.object(value.as_object());
      return object.name.empty() ? "#" + std::to_string(value.as_object()) : object.name;
    }
  }
  return "?";
}

ConcreteView view_concrete(const Program& program, const ConcreteMachine& machine) {
  const GlobalState& state = machine.state();
  ConcreteView view;
  for (std::size_t g = 0; g < program.globals.size(); ++g) {
    const auto& global = program.globals[g];
    std::string text;
    if (global.type.kind == TypeKind::IntArray) {
      text = "[";
      for (std::size_t k = 0; k < state.arrays[g].size(); ++k) text += (k ? ", " : "") + state.arrays[g][k].to_string();
      text += "]";
    } else {
      text = concrete_value_text(state, state.globals[g]);
    }
    view.globals.push_back({global.name, std::move(text)});
  }
  const auto& frames = machine.control().frames();
  for (std::size_t f = frames.size(); f-- > 1;) {
    const Callable& callable = *frames[f].callable;
    const Value* locals = machine.frame_locals(f);
    ClosureView closure{callable.display_name(program), {}};
    for (std::size_t slot = 0; slot < callable.locals.size(); ++slot)
      closure.locals.push_back({callable.locals[slot].name, concrete_value_text(state, locals[slot])});
    view.closures.push_back(std::move(closure));
  }
  for (std::size_t o = 0; o < state.heap.size(); ++o) {
    const HeapObject& object = state.heap[o];
    const Class& cls = program.classes[object.class_index];
    ObjectView entry{concrete_value_text(state, Value::reference(object.class_index, static_cast<ObjectId>(o + 1))), cls.name, {}};
    for (std::size_t f = 0; f < cls.fields.size(); ++f)
      entry.fields.push_back({program.fields[cls.fields[f]].name, concrete_value_text(state, object.fields[f])});
    view.heap.push_back(std::move(entry));
  }
  return view;
}

SymbolicView view_symbolic(const Program& program, terms::TermManager& terms, const SymbolicConfiguration& c,
                           terms::PrintOptions budget, terms::PrintOptions formula_budget) {
  SymbolicView view;
  for (std::size_t g = 0; g < program.globals.size(); ++g)
    view.globals.push_back({program.globals[g].name, terms::print_term(c.globals[g], &program, budget)});
  const auto& frames = c.control.frames();
  for (std::size_t f = frames.size(); f-- > 1;) {
    const Callable& callable = *frames[f].callable;
    const terms::Term* locals = c.frame_locals(f);
    ClosureView closure{callable.display_name(program), {}};
    for (std::size_t slot = 0; slot < callable.locals.size(); ++slot)
      closure.locals.push_back({callable.locals[slot].name, terms::print_term(locals[slot], &program, budget)});
    view.closures.push_back(std::move(closure));
  }
  for (std::size_t f = 0; f < program.fields.size(); ++f) {
    if (c.fields[f] == terms.field_symbol(static_cast<std::int32_t>(f))) continue;
    const Field& field = program.fields[f];
    view.fields.push_back({program.classes[field.class_index].name + "." + field.name,
                           terms::print_term(c.fields[f], &program, budget)});
  }
  for (terms::Term conjunct : c.path_condition.conjuncts()) view.conjuncts.push_back(terms::print_term(conjunct, &program, budget));
  view.path_condition = terms::print_term(c.path_condition.conjunction(terms), &program, formula_budget);
  return view;
}

}  // namespace symref

// Symbols and uninterpreted functions of the summaries (§4.2).
#include "engines/compositional/summary_symbols.hpp"

#include "semantics/symbolic/expression_translation.hpp"

namespace symref::compositional {

terms::Sort slot_sort(const FunctionSlot& slot) {
  return slot.kind == FunctionSlot::Kind::Field ? terms::Sort::field_array(slot.index) : sort_of(slot.type);
}

SummarySymbols::SummarySymbols(const FunctionTable& table, terms::TermManager& terms,
                               const std::vector<terms::Term>& initial_globals) {
  symbols_.resize(table.size());
  symbols_[0].inputs = initial_globals;
  for (const FunctionSlot& input : table[main_function].inputs) symbols_[0].input_sorts.push_back(slot_sort(input));
  // C_main is never needed by Ψ (P_main are the inputs I themselves); it is declared for γ_main.
  symbols_[0].context = terms.declare_function("C_main", symbols_[0].input_sorts, terms::Sort::boolean());
  for (FunctionIndex f = 1; f < static_cast<FunctionIndex>(table.size()); ++f) {
    const FunctionInfo& info = table[f];
    if (!info.summarized) continue;
    FunctionSymbols& s = symbols_[static_cast<std::size_t>(f)];
    for (const FunctionSlot& input : info.inputs) {
      terms::Sort sort = slot_sort(input);
      s.inputs.push_back(terms.fresh_symbol(sort, info.name + "." + input.name));
      s.input_sorts.push_back(sort);
    }
    for (const FunctionSlot& output : info.outputs)
      s.outputs.push_back(terms.declare_function(info.name + "." + output.name, s.input_sorts, slot_sort(output)));
    s.definition = terms.declare_function("D_" + info.name, s.input_sorts, terms::Sort::boolean());
    s.context = terms.declare_function("C_" + info.name, s.input_sorts, terms::Sort::boolean());
  }
}

}  // namespace symref::compositional

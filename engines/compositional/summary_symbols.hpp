// The logical vocabulary of §4.2 for each function: the input symbols P_f, one uninterpreted
// function g.o(P_g) per output o of a summarized g, the definition predicate D_g and the
// calling-context predicate C_g.  main's inputs are the program's initial symbols I.
#pragma once

#include <vector>

#include "engines/compositional/function_table.hpp"
#include "semantics/terms/term_manager.hpp"

namespace symref::compositional {

struct FunctionSymbols {
  std::vector<terms::Term> inputs;               // P_f
  std::vector<terms::FunctionId> outputs;        // g.o, one per FunctionInfo::outputs
  terms::FunctionId definition{};             // D_g
  terms::FunctionId context{};                // C_g
  std::vector<terms::Sort> input_sorts;
};

// The sort of an input or output: its type's, or the field array's for a field.
terms::Sort slot_sort(const FunctionSlot& slot);

class SummarySymbols {
 public:
  // `initial_globals`: the symbols main's configuration starts from (I).
  SummarySymbols(const FunctionTable& table, terms::TermManager& terms, const std::vector<terms::Term>& initial_globals);
  const FunctionSymbols& operator[](FunctionIndex f) const { return symbols_[static_cast<std::size_t>(f)]; }

 private:
  std::vector<FunctionSymbols> symbols_;
};

}  // namespace symref::compositional

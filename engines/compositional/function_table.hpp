// The functions of the compositional engine (Anand et al. §2, §4): main, procedures and methods,
// with the inputs P_g and outputs each summarized function reads and writes, and why a callee is
// inlined instead (on a call-graph cycle, allocating, or touching fields).  int[] globals are
// inputs and outputs like scalars, passed whole (with their length); so are field arrays, once
// field-touching callees are summarized.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "semantics/syntax/program.hpp"

namespace symref::compositional {

// Function 0 is main; function k + 1 is Program::callables[k].
using FunctionIndex = std::int32_t;
constexpr FunctionIndex main_function = 0;

// One input of P_g or one output of g: a parameter (or `this`), a global, a field array, or the
// result.
struct FunctionSlot {
  enum class Kind : std::uint8_t { Local, Global, Field, Result } kind = Kind::Global;
  std::int32_t index = -1;  // local slot, global slot, field (Program::fields); unused for the result
  std::string name;
  Type type;  // a field's value type for a field array
  // The same global or field (an output and the input it starts from).
  bool same_variable(const FunctionSlot& other) const {
    return kind == other.kind && index == other.index && (kind == Kind::Global || kind == Kind::Field);
  }
};

struct FunctionInfo {
  std::string name;        // "main", "P", "Class.method"
  std::string kind;        // "main", "procedure", "method"
  const Callable* callable = nullptr;
  bool summarized = false;  // main is its own tree, but never a callee: not summarized
  std::string inlined_reason;  // "recursive", "allocates", "no-summaries"; empty otherwise
  // P_g: parameters, `this`, then the globals and field arrays g may read or write; main: I, every global.
  std::vector<FunctionSlot> inputs;
  std::vector<FunctionSlot> outputs;  // the result (methods), then the globals and field arrays g may write
  std::vector<FunctionIndex> direct_callees;
  std::vector<bool> reads_global, writes_global;  // transitively, through every callee
  std::vector<bool> reads_field, writes_field;    // the same for field arrays
};

class FunctionTable {
 public:
  // `summaries` false: every callee is inlined into main's tree (the paper's non-compositional run).
  FunctionTable(const Program& program, bool summaries);

  std::size_t size() const { return functions_.size(); }
  const FunctionInfo& operator[](FunctionIndex f) const { return functions_[static_cast<std::size_t>(f)]; }
  FunctionIndex of(const Callable* callable) const;  // main for null
  // The functions whose trees hold the calls of f: main and the summarized functions that call f
  // directly or through inlined callees.
  const std::vector<FunctionIndex>& callers(FunctionIndex f) const { return callers_[static_cast<std::size_t>(f)]; }

 private:
  const Program& program_;
  std::vector<FunctionInfo> functions_;
  std::vector<std::vector<FunctionIndex>> callers_;
};

}  // namespace symref::compositional

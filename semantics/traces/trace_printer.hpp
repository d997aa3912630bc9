// Readable symbolic traces ρ (§4): one item per line, `b`, `x := e`, `a[i] := e`, `o.f := e`,
// `x := new C`, in the language's own syntax.
#pragma once

#include <string>

#include "semantics/syntax/program.hpp"
#include "semantics/traces/trace.hpp"

namespace symref {

std::string print_trace_item(const Program& program, const TraceItem& item, std::size_t character_budget = 0);

}  // namespace symref

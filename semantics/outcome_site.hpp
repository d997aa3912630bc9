// Where a run or path ended other than normally (docs/language.md#where-a-run-stopped): the statement
// — or condition — whose δ failed, whose assert or assume failed, or at which a bound cut the run
// off, and the stack of closures (§3) that led there, each caller at its call.
#pragma once

#include <string>
#include <vector>

#include "semantics/control.hpp"
#include "semantics/syntax/program.hpp"

namespace symref {

struct SiteFrame {
  const Callable* callable = nullptr;  // null: main
  SourceLocation location;             // the innermost frame's statement, or this caller's call
};

struct OutcomeSite {
  // The statement the run stopped at; null when its closure's statement was ε (a step limit at
  // the end of a body).
  const Statement* statement = nullptr;
  bool awaiting_result = false;  // a method call's caller half `h := r`
  std::vector<SiteFrame> stack;  // innermost first; the last is main

  SourceLocation location() const { return stack.empty() ? SourceLocation{} : stack.front().location; }
  // `a[i] := 1`, `while i < n`, `h := r`, or "end of body".
  std::string statement_text(const Program& program) const;
};

std::string frame_name(const Program& program, const SiteFrame& frame);

// The site of a configuration whose next step is the one that failed or was cut off (the concrete
// machine's and the symbolic machines' configurations alike: an ending step does not move Γ/Δ).
// A caller's call is the statement before its resumption point, or the one it waits at (h := r).
OutcomeSite outcome_site(const Program& program, const ControlStack& control);

}  // namespace symref

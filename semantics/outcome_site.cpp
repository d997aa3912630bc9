// Where a run or path ended: the stopping statement and the call stack (outcome_site.hpp).
#include "semantics/outcome_site.hpp"

#include "semantics/syntax/printer.hpp"

namespace symref {

namespace {

// The statement control entry `entries[e]` resumes at, skipping finished blocks down to `base`.
const Statement* next_statement(const std::vector<ControlEntry>& entries, std::size_t base, std::size_t top) {
  for (std::size_t e = top; e > base; --e) {
    const ControlEntry& entry = entries[e - 1];
    if (entry.index < entry.block->statements.size()) return &entry.block->statements[entry.index];
  }
  return nullptr;
}

// A caller's call: `h := e0.m(..)` waits at its statement; any other call has been passed.
const Statement* call_of(const ControlEntry& entry, bool awaiting_result) {
  const std::uint32_t at = awaiting_result ? entry.index : entry.index - 1;
  if (at >= entry.block->statements.size()) return nullptr;
  return &entry.block->statements[at];
}

}  // namespace

std::string frame_name(const Program& program, const SiteFrame& frame) {
  return frame.callable == nullptr ? "main" : frame.callable->display_name(program);
}

std::string OutcomeSite::statement_text(const Program& program) const {
  if (statement == nullptr) return "end of body";
  if (awaiting_result && statement->target != nullptr) return print_expression(program, *statement->target) + " := r";
  return print_statement_head(program, *statement);
}

OutcomeSite outcome_site(const Program& program, const ControlStack& control) {
  OutcomeSite site;
  const auto& frames = control.frames();
  const auto& entries = control.entries();
  if (frames.empty()) return site;
  std::size_t top = entries.size();
  for (std::size_t f = frames.size(); f-- > 0;) {
    const FrameHeader& frame = frames[f];
    SiteFrame out{frame.callable, {}};
    if (f + 1 == frames.size()) {
      site.statement = next_statement(entries, frame.control_base, top);
      site.awaiting_result = frame.awaiting_result;
      out.location = site.statement != nullptr ? site.statement->location
                     : frame.callable != nullptr ? frame.callable->body.location
                                                 : program.main.location;
    } else if (top > frame.control_base) {
      if (const Statement* call = call_of(entries[top - 1], frame.awaiting_result)) out.location = call->location;
    }
    site.stack.push_back(out);
    top = frame.control_base;
  }
  return site;
}

}  // namespace symref

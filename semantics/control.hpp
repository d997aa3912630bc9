// The statement part of a configuration: the stack of closures (§3) without copying program text.
//
// The paper writes a closure as (τ, S) with S the rest of the body.  Here S is a stack of
// positions in the program's blocks: the top entry is the statement to execute next, and the
// entries below are the blocks to resume when it finishes.  Finishing a block is not a transition
// (it is the paper's `ε; S = S`).  A `while` keeps its entry at the loop while the body runs, so
// finishing the body returns to the test: that is `S; while b {S}; S'`.  Both the concrete and the
// symbolic machine use this; they differ only in what the locals hold (values or terms).
#pragma once

#include <cstdint>
#include <vector>

#include "semantics/syntax/program.hpp"

namespace symref {

struct ControlEntry {
  const Block* block = nullptr;
  std::uint32_t index = 0;            // the next statement of `block`
  std::uint32_t loop_iterations = 0;  // iterations of the loop at `index` since it was entered
};

// One closure of the stack.  Its locals are locals[locals_base ..] of the configuration and its
// control entries control[control_base ..] up to the next frame's bases.
struct FrameHeader {
  const Callable* callable = nullptr;  // null for main
  std::uint32_t locals_base = 0;
  std::uint32_t control_base = 0;
  bool awaiting_result = false;  // a method call `h := e0.m(..)` of this frame waits for h := r
};

class ControlStack {
 public:
  void start_main(const Program& program) {
    frames_.clear();
    control_.clear();
    frames_.push_back(FrameHeader{nullptr, 0, 0, false});
    control_.push_back(ControlEntry{&program.main, 0, 0});
  }

  // The next statement of the top closure, or null when its statement is ε.  Drops finished blocks.
  const Statement* current() {
    const std::uint32_t base = frames_.back().control_base;
    while (control_.size() > base) {
      ControlEntry& top = control_.back();
      if (top.index < top.block->statements.size()) return &top.block->statements[top.index];
      control_.pop_back();
    }
    return nullptr;
  }

  ControlEntry& top_entry() { return control_.back(); }
  const ControlEntry& top_entry() const { return control_.back(); }
  FrameHeader& top_frame() { return frames_.back(); }
  const FrameHeader& top_frame() const { return frames_.back(); }
  std::size_t depth() const { return frames_.size(); }
  const std::vector<FrameHeader>& frames() const { return frames_; }
  const std::vector<ControlEntry>& entries() const { return control_; }

  // Moves past the current statement (leaving a loop resets its iteration count).
  void advance() {
    ControlEntry& top = control_.back();
    ++top.index;
    top.loop_iterations = 0;
  }
  // Runs `block` next, then continues where the top entry points.
  void enter(const Block& block) {
    if (!block.statements.empty()) control_.push_back(ControlEntry{&block, 0, 0});
  }
  // Enters a loop body: the loop entry stays, so the test is evaluated again afterwards.
  void enter_loop_body(const Block& body) {
    ++control_.back().loop_iterations;
    control_.push_back(ControlEntry{&body, 0, 0});
  }
  // Ends the top closure's statement (after `return e`): the closure becomes (τ, ε).
  void finish_closure() { control_.resize(frames_.back().control_base); }

  void push_frame(const Callable& callable, std::uint32_t locals_base) {
    frames_.push_back(FrameHeader{&callable, locals_base, static_cast<std::uint32_t>(control_.size()), false});
    control_.push_back(ControlEntry{&callable.body, 0, 0});
  }
  void pop_frame() {
    control_.resize(frames_.back().control_base);
    frames_.pop_back();
  }
  // Compact symbolic execution (Trtík, Def. 2's Ξ ∘ (θ ∘ Ξ′)): keeps this stack below control
  // entry `entry` of the top frame and continues it with `source`'s entries from `source_entry` on
  // and its frames above `source_frame`, their bases moved onto this stack (locals by
  // `locals_shift`).  Used to jump to a template's exit recorded on a canonical stack.
  void graft(std::size_t entry, const ControlStack& source, std::size_t source_frame, std::size_t source_entry,
             std::int64_t locals_shift) {
    const std::int64_t control_shift = static_cast<std::int64_t>(entry) - static_cast<std::int64_t>(source_entry);
    control_.resize(entry);
    control_.insert(control_.end(), source.control_.begin() + static_cast<std::ptrdiff_t>(source_entry), source.control_.end());
    frames_.back().awaiting_result = source.frames_[source_frame].awaiting_result;
    for (std::size_t f = source_frame + 1; f < source.frames_.size(); ++f) {
      FrameHeader header = source.frames_[f];
      header.control_base = static_cast<std::uint32_t>(header.control_base + control_shift);
      header.locals_base = static_cast<std::uint32_t>(header.locals_base + locals_shift);
      frames_.push_back(header);
    }
  }
  // How many closures on the stack run `callable` (the recursion bound of `--loop-bound`).
  std::size_t active_calls(const Callable* callable) const {
    std::size_t count = 0;
    for (const auto& frame : frames_) count += frame.callable == callable;
    return count;
  }

 private:
  std::vector<FrameHeader> frames_;
  std::vector<ControlEntry> control_;
};

}  // namespace symref

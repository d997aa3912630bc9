// The search loop every tree-building engine shares (`explore`'s forward and trace engines and
// Trtík's Algorithm 1 in engines/compact): take a state from the queue Q, ask the solver about it
// when a fork made it, follow it while one rule applies, and end it as a leaf or put its fork's
// successors into Q; stop at the leaf limit.  What differs between engines is a hook.
#pragma once

#include <cstdint>
#include <deque>
#include <string>
#include <vector>

#include "interp/explore/search_queue.hpp"
#include "semantics/symbolic/symbolic_machine.hpp"

namespace symref {

struct WorklistLimits {
  SearchOrder order = SearchOrder::DepthFirst;
  std::uint64_t max_steps = 10'000;   // per path; a longer path ends in `bound`
  std::uint64_t max_paths = 100'000;  // leaves; then the search stops, truncated (0: no limit)
};

// `Item` has `configuration` (a SymbolicConfiguration) and `needs_check` (its last step added a
// conjunct the solver must judge).  `Engine` supplies, all called on the item being followed:
//   std::uint64_t leaves()               leaves recorded so far
//   void truncate()                      the leaf limit stopped the search
//   bool admit(Item&)                    a fork's successor taken from Q: ask the solver; false
//                                        when it became a leaf (pruned, or unknown)
//   void before_outcome(Item&)           after the step limit, before the outcome test
//   bool replace(Item&, vector<Item>&)   true when the engine puts other states in its place
//                                        (the children, enqueued as a fork's)
//   void finish(Item&)                   the path ended (an outcome, or the end of main)
//   void successors(Item&, vector<SymbolicSuccessor>&)   one transition's successors
//   void follow(Item&, SymbolicSuccessor&)               the only successor: the path goes on
//   void fork(Item&, vector<SymbolicSuccessor>&, vector<Item>&)   the successors as children
//   void enqueue(deque<Item>&, vector<Item>&, const Item& parent)  the children into Q
template <class Item, class Engine>
void run_worklist_search(Engine& engine, Item root, const WorklistLimits& limits) {
  std::deque<Item> work;
  work.push_back(std::move(root));
  std::vector<SymbolicSuccessor> successors;
  std::vector<Item> children;
  while (!work.empty()) {
    if (limits.max_paths != 0 && engine.leaves() >= limits.max_paths) {
      engine.truncate();
      break;
    }
    Item item = take_next(work, limits.order);
    if (item.needs_check && !engine.admit(item)) continue;
    // Follow the path while it does not fork.
    while (true) {
      SymbolicConfiguration& c = item.configuration;
      if (c.outcome == Outcome::Running && c.steps >= limits.max_steps) {
        c.outcome = Outcome::Bound;
        c.bound_reason = "step limit " + std::to_string(limits.max_steps) + " reached";
      }
      engine.before_outcome(item);
      if (c.outcome != Outcome::Running) {
        engine.finish(item);
        break;
      }
      children.clear();
      if (engine.replace(item, children)) {
        engine.enqueue(work, children, item);
        break;
      }
      successors.clear();
      engine.successors(item, successors);
      if (successors.empty()) {  // the end of main
        engine.finish(item);
        break;
      }
      if (successors.size() == 1) {
        // One rule applies: the others' conditions are syntactically false, so this one's holds
        // whenever φ does, and no query is needed.
        engine.follow(item, successors[0]);
        continue;
      }
      engine.fork(item, successors, children);
      engine.enqueue(work, children, item);
      break;
    }
  }
}

}  // namespace symref

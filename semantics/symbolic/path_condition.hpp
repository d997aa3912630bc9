// The path condition φ of a symbolic configuration (§2): a conjunction kept as a persistent list,
// newest conjunct first, so that the configurations forked at a branch share their common prefix
// and an incremental solver can follow a path by pushing only what is new.
#pragma once

#include <memory>
#include <vector>

#include "semantics/terms/term_manager.hpp"

namespace symref {

class PathCondition {
 public:
  struct Node {
    terms::Term conjunct;
    std::shared_ptr<const Node> parent;
    std::size_t length;  // conjuncts from the root to here
  };

  // φ ∧ c; a conjunct that is syntactically true is not recorded.
  PathCondition with(terms::Term conjunct) const {
    if (conjunct->is_true()) return *this;
    PathCondition extended;
    extended.head_ = std::make_shared<const Node>(Node{conjunct, head_, length() + 1});
    return extended;
  }
  std::size_t length() const { return head_ ? head_->length : 0; }
  const Node* head() const { return head_.get(); }
  const std::shared_ptr<const Node>& head_pointer() const { return head_; }
  // Oldest first.
  std::vector<terms::Term> conjuncts() const {
    std::vector<terms::Term> out(length());
    for (const Node* node = head_.get(); node != nullptr; node = node->parent.get()) out[node->length - 1] = node->conjunct;
    return out;
  }
  terms::Term conjunction(terms::TermManager& terms) const {
    auto all = conjuncts();
    return terms.logical_and(all);
  }

 private:
  std::shared_ptr<const Node> head_;
};

}  // namespace symref

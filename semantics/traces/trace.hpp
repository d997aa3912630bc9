// Symbolic execution traces ρ (§4): sequences of Boolean tests and assignments — to variables,
// to array elements (§2.1), to fields (h.f := e), and object creation x := new C — produced by
// unfolding a program, kept as a persistent list so that forked paths share their prefix.
//
// Every term in an item speaks about the state at that point of the trace: a Global symbol is the
// global's current value, a Fresh symbol a variable introduced by the unfolding (a renamed local,
// `this`, a parameter, a result r, a new object), and Select(Field symbol f, o) is o.f in the
// current heap.  Item terms are never simplified away from what the program wrote, except by the
// term manager's meaning-preserving rewrites.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "semantics/terms/term.hpp"

namespace symref {

enum class TraceItemKind : unsigned char {
  Test,                // b
  AssignVariable,      // x := e          (x a Global or Fresh symbol)
  AssignArrayElement,  // a[i] := e       (a the Global symbol of an int[] global)
  AssignField,         // o.f := e
  NewObject,           // x := new C      (x a Fresh symbol of sort Reference(C))
};

struct TraceItem {
  TraceItemKind kind = TraceItemKind::Test;
  terms::Term condition = nullptr;    // Test: b
  terms::Term variable = nullptr;     // AssignVariable, NewObject: x; AssignArrayElement: a
  terms::Term object = nullptr;       // AssignField: o
  terms::Term index = nullptr;        // AssignArrayElement: i
  std::int32_t field = -1;            // AssignField
  std::int32_t class_index = -1;      // NewObject
  terms::Term value = nullptr;        // assignments: e
  terms::Term definedness = nullptr;  // assignments: δ(h, e), the conjunct Definition 4.2 adds
};

class Trace {
 public:
  struct Node {
    TraceItem item;
    std::shared_ptr<const Node> previous;
    std::size_t length;
  };

  Trace then(TraceItem item) const {
    Trace extended;
    extended.last_ = std::make_shared<const Node>(Node{std::move(item), last_, length() + 1});
    return extended;
  }
  std::size_t length() const { return last_ ? last_->length : 0; }
  const Node* last() const { return last_.get(); }
  // First item first.
  std::vector<const TraceItem*> items() const {
    std::vector<const TraceItem*> out(length());
    for (const Node* node = last_.get(); node != nullptr; node = node->previous.get()) out[node->length - 1] = &node->item;
    return out;
  }

 private:
  std::shared_ptr<const Node> last_;
};

}  // namespace symref

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
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include "semantics/terms/term.hpp"

namespace symref {

// The five kinds of item.  An assignment carries its own δ(h, e), the conjunct Definition 4.2
// adds to path(ρ) in front of the substitution (null or true when nothing can fail).
struct TraceTest {  // b
  terms::Term condition;
};
struct TraceVariableAssignment {  // x := e   (x a Global or Fresh symbol)
  terms::Term variable;
  terms::Term value;
  terms::Term definedness;
};
struct TraceArrayElementAssignment {  // a[i] := e   (a the Global symbol of an int[] global)
  terms::Term array;
  terms::Term index;
  terms::Term value;
  terms::Term definedness;
};
struct TraceFieldAssignment {  // o.f := e
  terms::Term object;
  std::int32_t field;
  terms::Term value;
  terms::Term definedness;
};
struct TraceObjectCreation {  // x := new C   (x a Fresh symbol of sort Reference(C))
  terms::Term variable;
  std::int32_t class_index;
};

// One item of ρ: exactly one of the five kinds, made by its named constructor and read by an
// exhaustive visit (a new kind fails to compile wherever it is not handled).
class TraceItem {
 public:
  using Kind = std::variant<TraceTest, TraceVariableAssignment, TraceArrayElementAssignment, TraceFieldAssignment,
                            TraceObjectCreation>;

  static TraceItem test(terms::Term condition) { return TraceItem(TraceTest{condition}); }
  static TraceItem assign_variable(terms::Term variable, terms::Term value, terms::Term definedness) {
    return TraceItem(TraceVariableAssignment{variable, value, definedness});
  }
  static TraceItem assign_array_element(terms::Term array, terms::Term index, terms::Term value, terms::Term definedness) {
    return TraceItem(TraceArrayElementAssignment{array, index, value, definedness});
  }
  static TraceItem assign_field(terms::Term object, std::int32_t field, terms::Term value, terms::Term definedness) {
    return TraceItem(TraceFieldAssignment{object, field, value, definedness});
  }
  static TraceItem create_object(terms::Term variable, std::int32_t class_index) {
    return TraceItem(TraceObjectCreation{variable, class_index});
  }

  // visit(on_test, on_variable, on_array_element, on_field, on_creation) or any set of callables
  // that covers the five kinds together.
  template <class... Cases>
  decltype(auto) visit(Cases&&... cases) const {
    return std::visit(Overloaded<std::decay_t<Cases>...>{std::forward<Cases>(cases)...}, kind_);
  }
  // The item as one kind, or null.
  template <class Item>
  const Item* as() const {
    return std::get_if<Item>(&kind_);
  }

 private:
  template <class... Fs>
  struct Overloaded : Fs... {
    using Fs::operator()...;
  };
  explicit TraceItem(Kind kind) : kind_(kind) {}
  Kind kind_;
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

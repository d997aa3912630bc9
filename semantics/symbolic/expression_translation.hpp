// Program expressions as terms: e(τ ∪ σ) of §3, with arrays as functions (§2.1) and fields as
// arrays A(e.f) = f[A(e)] (§4.1) — and the definedness conditions δ of §2.1 and Definition 4.1,
// extended to the lazy operators of docs/language.md and split by the kind of the first failure.
//
// Both symbolic engines use this: the forward engine with the current substitutions as the
// environment, the trace engine with the (renamed) program variables themselves.
#pragma once

#include "semantics/syntax/program.hpp"
#include "semantics/terms/term_manager.hpp"

namespace symref {

// What variables and fields stand for: θ = τ ∪ σ, and the current field arrays.
class SymbolicEnvironment {
 public:
  virtual ~SymbolicEnvironment() = default;
  virtual terms::Term variable(const VariableSlot& slot) const = 0;  // globals incl. int[]; locals incl. this
  virtual terms::Term field_array(std::int32_t field) const = 0;
  // The heap hook (heap_model.hpp): by default §4.1's f[o] and plain equality of references.
  virtual terms::Term read_field(terms::TermManager& terms, std::int32_t field, terms::Term object) const {
    return terms.select(field_array(field), object);
  }
  virtual terms::Term references_equal(terms::TermManager& terms, terms::Term a, terms::Term b) const {
    return terms.equal(a, b);
  }
};

// δ of an expression or statement, as three mutually exclusive and exhaustive conditions:
// `defined`, or the first failure in evaluation order is a nil dereference, or an array bound.
struct Definedness {
  terms::Term defined;
  terms::Term nil_failure;
  terms::Term bounds_failure;
};

class ExpressionTranslator {
 public:
  ExpressionTranslator(terms::TermManager& terms, const SymbolicEnvironment& environment) : terms_(terms), environment_(environment) {}

  // eθ: the term that e denotes in the environment.
  terms::Term translate(const Expression& e);

  // δ(e)θ, split by failure kind (docs/language.md#definedness, with `&&`, `||`, `==>`, `?:` lazy).
  Definedness definedness(const Expression& e);
  // δ of the location an assignment writes: δ(p) ∧ p ≠ nil for p.f, δ(i) ∧ 0 ≤ i < len(a) for a[i].
  Definedness location_definedness(const Expression& target);
  // δ of a method call's callee: δ(e0) ∧ e0 ≠ nil.
  Definedness receiver_definedness(const Expression& receiver);
  // First d1 is evaluated, then d2 (only when d1 holds).
  Definedness sequence(const Definedness& first, const Definedness& second);
  // The term of the Binary `e` from its operands' terms (a chain's one operator at a time).
  terms::Term binary_term(const Expression& e, terms::Term left, terms::Term right);
  Definedness always_defined();

  terms::TermManager& terms() { return terms_; }

 private:
  terms::Term arithmetic(const Expression& e, terms::Term left, terms::Term right);
  Definedness null_check(const Definedness& operand, terms::Term object);
  Definedness bounds_check(const Definedness& index_definedness, terms::Term array, terms::Term index);

  terms::TermManager& terms_;
  const SymbolicEnvironment& environment_;
};

// The sort of terms that a program type's values have.
terms::Sort sort_of(const Type& type);

}  // namespace symref

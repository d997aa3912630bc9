// Translating program expressions to terms under an environment, and their definedness.
#include "semantics/symbolic/expression_translation.hpp"

#include <algorithm>
#include <stdexcept>
#include <vector>

#include "semantics/faults.hpp"

namespace symref {

using terms::Sort;
using terms::Term;

Sort sort_of(const Type& type) {
  switch (type.kind) {
    case TypeKind::Int: return Sort::integer();
    case TypeKind::Bool: return Sort::boolean();
    case TypeKind::IntArray: return Sort::int_array();
    case TypeKind::Reference:
    case TypeKind::Nil: return Sort::reference(type.class_index);
    case TypeKind::Void: break;
  }
  throw std::logic_error("a value of type void has no sort");
}

// + - * (which may fold two constants): a result beyond the integer size limit is reported at `e`.
Term ExpressionTranslator::arithmetic(const Expression& e, Term left, Term right) {
  try {
    switch (e.binary_operator) {
      case BinaryOperator::Add: return terms_.add(left, right);
      case BinaryOperator::Subtract: return terms_.subtract(left, right);
      default: return terms_.multiply(left, right);
    }
  } catch (const IntegerTooLarge& error) {
    if (error.where().known()) throw;
    throw IntegerTooLarge(error.max_bits(), e.location);
  }
}

Term ExpressionTranslator::translate(const Expression& e) {
  switch (e.kind) {
    case ExpressionKind::IntegerLiteral: return terms_.integer(e.integer);
    case ExpressionKind::BooleanLiteral: return terms_.boolean(e.boolean);
    case ExpressionKind::NilLiteral: return terms_.nil(e.type.class_index);
    case ExpressionKind::This:
    case ExpressionKind::Variable: return environment_.variable(e.variable);
    case ExpressionKind::ArrayLength: return terms_.length(environment_.variable(e.operand(0).variable));
    // §4.1: A(e.f) = f[A(e)]
    case ExpressionKind::FieldRead: return environment_.read_field(terms_, e.field, translate(e.operand(0)));
    // §2.1: a[e] applies the function a denotes
    case ExpressionKind::ArrayRead:
      return terms_.select(environment_.variable(e.operand(0).variable), translate(e.operand(1)));
    case ExpressionKind::Unary: {
      Term operand = translate(e.operand(0));
      return e.unary_operator == UnaryOperator::Not ? terms_.logical_not(operand) : terms_.negate(operand);
    }
    case ExpressionKind::Binary: {
      if (!continues_left_chain(e)) return binary_term(e, translate(e.operand(0)), translate(e.operand(1)));
      // A chain (a + b) + c is translated in a loop from its innermost operator out.
      std::vector<const Expression*> chain{&e};
      while (continues_left_chain(*chain.back())) chain.push_back(&chain.back()->operand(0));
      Term left = translate(chain.back()->operand(0));
      for (std::size_t i = chain.size(); i-- > 0;) left = binary_term(*chain[i], left, translate(chain[i]->operand(1)));
      return left;
    }
    case ExpressionKind::Conditional:
      return terms_.if_then_else(translate(e.operand(0)), translate(e.operand(1)), translate(e.operand(2)));
  }
  throw std::logic_error("unknown expression kind");
}

Term ExpressionTranslator::binary_term(const Expression& e, Term left, Term right) {
  switch (e.binary_operator) {
    case BinaryOperator::Add:
    case BinaryOperator::Subtract:
    case BinaryOperator::Multiply: return arithmetic(e, left, right);
    case BinaryOperator::Divide: return terms_.divide(left, right);
    case BinaryOperator::Remainder: return terms_.remainder(left, right);
    case BinaryOperator::Less: return terms_.less(left, right);
    case BinaryOperator::LessEqual: return terms_.less_equal(left, right);
    case BinaryOperator::Greater: return terms_.greater(left, right);
    case BinaryOperator::GreaterEqual: return terms_.greater_equal(left, right);
    case BinaryOperator::Equal:
      return left->sort().kind == terms::SortKind::Reference ? environment_.references_equal(terms_, left, right)
                                                             : terms_.equal(left, right);
    case BinaryOperator::NotEqual:
      return left->sort().kind == terms::SortKind::Reference
                 ? terms_.logical_not(environment_.references_equal(terms_, left, right))
                 : terms_.not_equal(left, right);
    // Terms are total, so the lazy operators become plain connectives: where the right operand
    // is not evaluated concretely its (arbitrary) value does not matter to the result.
    case BinaryOperator::And: return terms_.logical_and(left, right);
    case BinaryOperator::Or: return terms_.logical_or(left, right);
    case BinaryOperator::Implies: return terms_.implies(left, right);
  }
  throw std::logic_error("unknown binary operator");
}

Definedness ExpressionTranslator::always_defined() {
  return Definedness{terms_.true_term(), terms_.false_term(), terms_.false_term()};
}

// Evaluate `first`; only if it is defined, evaluate `second`.  A failure of either kind is the
// first one met: the failure of `first`, or `first` defined and `second` failing.
Definedness ExpressionTranslator::sequence(const Definedness& first, const Definedness& second) {
  return Definedness{
      terms_.logical_and(first.defined, second.defined),
      terms_.logical_or(first.nil_failure, terms_.logical_and(first.defined, second.nil_failure)),
      terms_.logical_or(first.bounds_failure, terms_.logical_and(first.defined, second.bounds_failure)),
  };
}

// Definition 4.1: δ(e.f) = δ(e) ∧ e ≠ nil.
Definedness ExpressionTranslator::null_check(const Definedness& operand, Term object) {
  Term is_nil = environment_.references_equal(terms_, object, terms_.nil(object->sort().detail));
  return Definedness{
      terms_.logical_and(operand.defined, terms_.logical_not(is_nil)),
      terms_.logical_or(operand.nil_failure, terms_.logical_and(operand.defined, is_nil)),
      operand.bounds_failure,
  };
}

// §2.1 with docs/language.md's bound: δ(a[i]) = δ(i) ∧ 0 ≤ i ∧ i < len(a).  The paper prints
// 0 ≤ i ≤ |a|, one too many; the planted fault `array-bound-off-by-one` restores that.
Definedness ExpressionTranslator::bounds_check(const Definedness& index_definedness, Term array, Term index) {
  Term length = terms_.length(array);
  Term upper = fault_active(Fault::ArrayBoundOffByOne) ? terms_.less_equal(index, length) : terms_.less(index, length);
  Term in_bounds = terms_.logical_and(terms_.less_equal(terms_.integer(0), index), upper);
  return Definedness{
      terms_.logical_and(index_definedness.defined, in_bounds),
      index_definedness.nil_failure,
      terms_.logical_or(index_definedness.bounds_failure,
                        terms_.logical_and(index_definedness.defined, terms_.logical_not(in_bounds))),
  };
}

Definedness ExpressionTranslator::definedness(const Expression& e) {
  switch (e.kind) {
    case ExpressionKind::IntegerLiteral:
    case ExpressionKind::BooleanLiteral:
    case ExpressionKind::NilLiteral:
    case ExpressionKind::This:
    case ExpressionKind::Variable:
    case ExpressionKind::ArrayLength: return always_defined();
    case ExpressionKind::FieldRead: return null_check(definedness(e.operand(0)), translate(e.operand(0)));
    case ExpressionKind::ArrayRead:
      return bounds_check(definedness(e.operand(1)), environment_.variable(e.operand(0).variable),
                          translate(e.operand(1)));
    case ExpressionKind::Unary: return definedness(e.operand(0));
    case ExpressionKind::Binary: {
      // A chain (a && b) && c is folded in a loop from its innermost operator out, carrying the
      // left operand's δ and, for the lazy operators, its term.
      std::vector<const Expression*> chain{&e};
      while (continues_left_chain(*chain.back())) chain.push_back(&chain.back()->operand(0));
      const bool lazy = std::any_of(chain.begin(), chain.end(), [](const Expression* link) {
        return link->binary_operator == BinaryOperator::And || link->binary_operator == BinaryOperator::Or ||
               link->binary_operator == BinaryOperator::Implies;
      });
      // The left operand's term is built one operator behind, after the right operand's δ, in
      // the order a recursion would build the terms.
      const Expression* left_operand = &chain.back()->operand(0);
      Definedness left = definedness(*left_operand);
      Term left_term = nullptr;
      const Expression* untranslated = left_operand;  // the innermost left operand, then each link
      for (std::size_t i = chain.size(); i-- > 0;) {
        const Expression& link = *chain[i];
        Definedness right = definedness(link.operand(1));
        if (!lazy) {
          left = sequence(left, right);
          continue;
        }
        left_term = left_term == nullptr ? translate(*untranslated)
                                         : binary_term(*untranslated, left_term, translate(untranslated->operand(1)));
        untranslated = &link;
        // The right operand of a lazy operator is evaluated only when the left one does not decide:
        // δ(a && b) = δ(a) ∧ (¬a ∨ δ(b)), δ(a || b) = δ(a) ∧ (a ∨ δ(b)), δ(a ==> b) like &&.
        Term evaluated_right =
            link.binary_operator == BinaryOperator::Or ? terms_.logical_not(left_term) : left_term;
        Definedness guarded{
            terms_.implies(evaluated_right, right.defined),
            terms_.logical_and(evaluated_right, right.nil_failure),
            terms_.logical_and(evaluated_right, right.bounds_failure),
        };
        left = sequence(left, guarded);
      }
      return left;
    }
    case ExpressionKind::Conditional: {
      // δ(c ? a : b) = δ(c) ∧ (c → δ(a)) ∧ (¬c → δ(b))
      Definedness condition = definedness(e.operand(0));
      Definedness then_branch = definedness(e.operand(1));
      Definedness else_branch = definedness(e.operand(2));
      Term c = translate(e.operand(0));
      Term not_c = terms_.logical_not(c);
      Definedness chosen{
          terms_.logical_and(terms_.implies(c, then_branch.defined), terms_.implies(not_c, else_branch.defined)),
          terms_.logical_or(terms_.logical_and(c, then_branch.nil_failure), terms_.logical_and(not_c, else_branch.nil_failure)),
          terms_.logical_or(terms_.logical_and(c, then_branch.bounds_failure),
                            terms_.logical_and(not_c, else_branch.bounds_failure)),
      };
      return sequence(condition, chosen);
    }
  }
  throw std::logic_error("unknown expression kind");
}

Definedness ExpressionTranslator::location_definedness(const Expression& target) {
  switch (target.kind) {
    case ExpressionKind::FieldRead: return null_check(definedness(target.operand(0)), translate(target.operand(0)));
    case ExpressionKind::ArrayRead:
      return bounds_check(definedness(target.operand(1)), environment_.variable(target.operand(0).variable),
                          translate(target.operand(1)));
    default: return always_defined();
  }
}

Definedness ExpressionTranslator::receiver_definedness(const Expression& receiver) {
  return null_check(definedness(receiver), translate(receiver));
}

}  // namespace symref

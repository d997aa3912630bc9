// The substitutions of §4 and path(ρ) by Definition 4.2, each pass bottom-up over the DAG with a
// cache and an explicit stack.
#include "semantics/traces/weakest_precondition.hpp"

#include <stdexcept>
#include <string>

#include "semantics/faults.hpp"
#include "semantics/terms/substitution.hpp"
#include "semantics/terms/term_map.hpp"
#include "semantics/terms/traversal.hpp"

namespace symref {

using terms::SortKind;
using terms::SymbolKind;
using terms::Term;
using terms::TermKind;
using terms::TermMap;

namespace {

bool is_field_symbol(Term term, std::int32_t field) {
  return term->kind() == TermKind::Symbol && term->symbol_kind() == SymbolKind::Field && term->index() == field;
}

}  // namespace

Term WeakestPrecondition::substitute_variable(Term formula, Term variable, Term value) {
  terms::Substitution substitution(terms_);
  substitution.set(variable, value);
  return substitution.apply(formula);
}

Term WeakestPrecondition::substitute_array_element(Term formula, Term array, Term index, Term value) {
  return substitute_variable(formula, array, terms_.store(array, index, value));
}

Term WeakestPrecondition::substitute_field(Term formula, Term object, std::int32_t field, Term value) {
  return terms::rewrite_bottom_up(formula, [&](Term node, const std::vector<Term>& children) -> Term {
    if (node->kind() == TermKind::Select && is_field_symbol(node->child(0), field)) {
      Term read_object = children[1];  // h'[o.f := e]
      Term unchanged = terms_.select(node->child(0), read_object);
      if (fault_active(Fault::MissingAliasCase)) [[unlikely]]
        return read_object == object ? value : unchanged;  // planted bug: aliasing only when syntactic
      return terms_.if_then_else(terms_.equal(read_object, object), value, unchanged);
    }
    return node->arity() == 0 ? node : terms_.rebuild(node, children);
  });
}

namespace {

// [x := new C]: references that mention x are kept as guarded cases (guard, leaf) whose leaves
// are x itself or references not mentioning x — the normal form §4 reduces to by pushing
// conditionals outwards through equations and dereferences.
class NewObjectSubstitution {
 public:
  NewObjectSubstitution(terms::TermManager& terms, const Program& program, Term variable)
      : terms_(terms), program_(program), variable_(variable) {}

  Term run(Term formula) {
    // Operands first, each subterm once: which nodes mention x (only they change), and their images.
    terms::for_each_subterm(formula, [&](Term node) { visit(node); });
    if (formula->sort().kind == SortKind::Reference) throw std::logic_error("[x := new C] applied to a reference");
    return image(formula);
  }

 private:
  using Cases = std::vector<std::pair<Term, Term>>;  // (guard, leaf)

  bool mentions(Term node) const {
    const bool* m = mentions_.find(node);
    return m != nullptr && *m;
  }
  Term image(Term node) const {
    const Term* i = images_.find(node);
    return i != nullptr ? *i : node;
  }
  Cases cases(Term node) const {
    if (!mentions(node)) return {{terms_.true_term(), node}};
    return *cases_.find(node);
  }
  // The value of field f of the new object: its default (0, false, nil).
  Term default_of_field(std::int32_t field) const {
    const Type& type = program_.fields[field].type;
    if (type.kind == TypeKind::Int) return terms_.integer(0);
    if (type.kind == TypeKind::Bool) return terms_.false_term();
    return terms_.nil(type.class_index);
  }

  void visit(Term node) {
    bool mention = node == variable_;
    for (Term child : *node) mention |= mentions(child);
    mentions_.insert_or_assign(node, mention);
    if (!mention) return;
    if (node == variable_) {
      cases_.insert_or_assign(node, Cases{{terms_.true_term(), variable_}});
      return;
    }
    switch (node->kind()) {
      case TermKind::IfThenElse:
        if (node->sort().kind == SortKind::Reference) {
          Term condition = image(node->child(0));
          Cases out;
          for (auto [guard, leaf] : cases(node->child(1))) out.emplace_back(terms_.logical_and(condition, guard), leaf);
          for (auto [guard, leaf] : cases(node->child(2)))
            out.emplace_back(terms_.logical_and(terms_.logical_not(condition), guard), leaf);
          spend(out.size());
          cases_.insert_or_assign(node, std::move(out));
          return;
        }
        break;
      case TermKind::Select:
        if (node->child(0)->kind() == TermKind::Symbol && node->child(0)->symbol_kind() == SymbolKind::Field &&
            node->child(1)->sort().kind == SortKind::Reference) {
          // (x.f)[x := new C] = default; (e.f)[x := new C] = e[x := new C].f
          const std::int32_t field = static_cast<std::int32_t>(node->child(0)->index());
          Cases reads;
          Cases object_cases = cases(node->child(1));
          spend(object_cases.size());
          for (auto [guard, leaf] : object_cases)
            reads.emplace_back(guard, leaf == variable_ ? default_of_field(field) : terms_.select(node->child(0), leaf));
          if (node->sort().kind == SortKind::Reference) {
            cases_.insert_or_assign(node, std::move(reads));
          } else {
            images_.insert_or_assign(node, fold(reads));
          }
          return;
        }
        break;
      case TermKind::Equal:
        if (node->child(0)->sort().kind == SortKind::Reference) {
          // (x = x)[x := new C] = true; (x = e)[x := new C] = (e = x)[x := new C] = false
          std::vector<Term> alternatives;
          const Cases left = cases(node->child(0));
          const Cases right = cases(node->child(1));
          spend(left.size() * right.size());
          for (auto [guard_a, leaf_a] : left)
            for (auto [guard_b, leaf_b] : right) {
              Term same = (leaf_a == variable_ || leaf_b == variable_)
                              ? terms_.boolean(leaf_a == leaf_b)
                              : terms_.equal(leaf_a, leaf_b);
              alternatives.push_back(terms_.logical_and(terms_.logical_and(guard_a, guard_b), same));
            }
          images_.insert_or_assign(node, terms_.logical_or(alternatives));
          return;
        }
        break;
      default: break;
    }
    if (node->sort().kind == SortKind::Reference)
      throw std::logic_error("[x := new C]: a new object in a position §4 does not allow");
    std::vector<Term> children;
    for (Term child : *node) {
      if (mentions(child) && child->sort().kind == SortKind::Reference)
        throw std::logic_error("[x := new C]: a new object in a position §4 does not allow");
      children.push_back(image(child));
    }
    images_.insert_or_assign(node, terms_.rebuild(node, children));
  }

  // Charges `count` new cases to the budget; past it, the normal form is given up.
  void spend(std::size_t count) {
    if (count > max_new_object_cases || (spent_ += count) > max_new_object_cases)
      throw PathConditionTooLarge("path(ρ): [x := new C] needs more than " + std::to_string(max_new_object_cases) +
                                  " guarded cases (§4 pushes conditionals outwards; the aliasing cases of the field "
                                  "writes before this `new` multiply)");
  }

  // The cases as one term: if g1 then l1 else if g2 then l2 ... (the guards partition).
  Term fold(const Cases& cases) const {
    Term result = cases.back().second;
    for (std::size_t k = cases.size() - 1; k-- > 0;) result = terms_.if_then_else(cases[k].first, cases[k].second, result);
    return result;
  }

  terms::TermManager& terms_;
  const Program& program_;
  Term variable_;
  TermMap<bool> mentions_;
  TermMap<Term> images_;
  TermMap<Cases> cases_;
  std::size_t spent_ = 0;
};

}  // namespace

Term WeakestPrecondition::substitute_new(Term formula, Term variable) {
  return NewObjectSubstitution(terms_, program_, variable).run(formula);
}

Term WeakestPrecondition::weakest_precondition(const std::vector<const TraceItem*>& items, Term postcondition) {
  Term condition = postcondition;
  for (std::size_t k = items.size(); k-- > 0;) {
    // Definition 4.2, from the last item back: path(b · ρ) = b ∧ path(ρ);
    // path(h := e · ρ) = δ(h, e) ∧ path(ρ)[h := e]; path(x := new C · ρ) = path(ρ)[x := new].
    auto with_definedness = [&](Term definedness, Term substituted) {
      if (definedness == nullptr || fault_active(Fault::WpDefinednessDropped)) return substituted;
      return terms_.logical_and(definedness, substituted);
    };
    condition = items[k]->visit(
        [&](const TraceTest& test) { return terms_.logical_and(test.condition, condition); },
        [&](const TraceVariableAssignment& a) {
          return with_definedness(a.definedness, substitute_variable(condition, a.variable, a.value));
        },
        [&](const TraceArrayElementAssignment& a) {
          return with_definedness(a.definedness, substitute_array_element(condition, a.array, a.index, a.value));
        },
        [&](const TraceFieldAssignment& a) {
          return with_definedness(a.definedness, substitute_field(condition, a.object, a.field, a.value));
        },
        [&](const TraceObjectCreation& creation) { return substitute_new(condition, creation.variable); });
  }
  return condition;
}

Term WeakestPrecondition::path_condition(const Trace& trace) {
  Term condition = weakest_precondition(trace.items(), terms_.true_term());
  for (Term symbol : terms::collect_symbols(condition))
    if (symbol->symbol_kind() == SymbolKind::Fresh)
      throw std::logic_error("path(ρ) mentions a variable the unfolding introduced but never assigned");
  return condition;
}

}  // namespace symref

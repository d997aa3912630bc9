// Spelling out bounded quantifiers over small constant ranges (quantifier_expansion.hpp).
#include "semantics/terms/quantifier_expansion.hpp"

#include <algorithm>
#include <optional>
#include <utility>
#include <vector>

#include "semantics/faults.hpp"
#include "semantics/terms/substitution.hpp"

namespace symref::terms {

namespace {

// Constants beyond this are left alone, so that bound arithmetic never overflows.
constexpr std::int64_t largest_bound = std::int64_t{1} << 40;

// The integer range a guard allows a variable, both ends included; unset ends are unbounded.
struct Range {
  std::optional<std::int64_t> low;
  std::optional<std::int64_t> high;

  void at_least(std::int64_t value) { low = low ? std::max(*low, value) : value; }
  void at_most(std::int64_t value) { high = high ? std::min(*high, value) : value; }
  bool bounded() const { return low && high; }
  std::uint64_t size() const { return *high < *low ? 0 : static_cast<std::uint64_t>(*high - *low) + 1; }
};

std::optional<std::int64_t> small_constant(Term term) {
  if (term->kind() != TermKind::IntegerConstant) return std::nullopt;
  std::optional<std::int64_t> value = term->integer().to_int64();
  if (!value || *value > largest_bound || *value < -largest_bound) return std::nullopt;
  return value;
}

// Narrows `range` to the values of `variable` where `atom` has the truth value `holds`.
void narrow(Term variable, Term atom, bool holds, Range& range) {
  while (atom->kind() == TermKind::Not) {
    atom = atom->child(0);
    holds = !holds;
  }
  const TermKind kind = atom->kind();
  if (kind != TermKind::Less && kind != TermKind::LessEqual && kind != TermKind::Equal) return;
  if (atom->child(0)->sort().kind != SortKind::Int) return;
  const bool variable_left = atom->child(0) == variable;
  if (!variable_left && atom->child(1) != variable) return;
  const std::optional<std::int64_t> constant = small_constant(atom->child(variable_left ? 1 : 0));
  if (!constant) return;
  const std::int64_t c = *constant;
  if (kind == TermKind::Equal) {
    if (holds) range.at_least(c), range.at_most(c);
    return;
  }
  // Written as x < c, x <= c, c < x or c <= x, and whether that holds or fails.
  const bool strict = kind == TermKind::Less;
  if (variable_left == holds) {
    // x < c, x <= c, or the failures of c < x (x <= c) and c <= x (x < c): an upper bound.
    const bool exclusive = holds ? strict : !strict;
    range.at_most(exclusive ? c - 1 : c);
  } else {
    // c < x, c <= x, or the failures of x < c (x >= c) and x <= c (x > c): a lower bound.
    const bool exclusive = holds ? strict : !strict;
    range.at_least(exclusive ? c + 1 : c);
  }
}

// Calls on_guard(atom, required) for each atom that must have the truth value `required` for the
// body to be other than the quantifier's neutral element (true for ∀, false for ∃): where the
// atom has the other value, the instance changes nothing.
template <class OnGuard>
void for_each_guard(Term body, bool universal, OnGuard&& on_guard) {
  auto each_conjunct = [&](Term conjunction, bool holds) {
    if (conjunction->kind() == TermKind::And)
      for (Term conjunct : *conjunction) on_guard(conjunct, holds);
    else
      on_guard(conjunction, holds);
  };
  if (!universal) {
    each_conjunct(body, true);  // ∃x. g ∧ …: false where g fails
    return;
  }
  switch (body->kind()) {
    case TermKind::Implies:  // ∀x. (g ∧ …) → B: true where g fails
      each_conjunct(body->child(0), true);
      break;
    case TermKind::Not:  // ∀x. ¬(g ∧ …): true where g fails
      each_conjunct(body->child(0), true);
      break;
    case TermKind::Or:  // ∀x. d ∨ …: true where d holds, so d must fail
      for (Term disjunct : *body) {
        if (disjunct->kind() == TermKind::Not)
          each_conjunct(disjunct->child(0), true);
        else
          on_guard(disjunct, false);
      }
      break;
    default:
      break;
  }
}

}  // namespace

Term BoundedQuantifierExpansion::apply(Term formula) {
  if (!formula->has_bound_variables()) return formula;
  if (const Term* known = cache_.find(formula)) return *known;
  // Operands first with an explicit stack; a quantifier is one step (expand_quantifier), whose
  // instances recurse into apply() once per level of quantifier nesting.
  std::vector<std::pair<Term, bool>> stack;
  std::vector<Term> operands;
  stack.emplace_back(formula, false);
  while (!stack.empty()) {
    auto [current, operands_pushed] = stack.back();
    if (!current->has_bound_variables() || cache_.contains(current)) {
      stack.pop_back();
      continue;
    }
    if (current->is_quantifier()) {
      stack.pop_back();
      const Term expanded = expand_quantifier(current);
      cache_.insert_or_assign(current, expanded);
      continue;
    }
    if (!operands_pushed) {
      stack.back().second = true;
      for (std::uint32_t i = current->arity(); i-- > 0;) {
        Term child = current->child(i);
        if (child->has_bound_variables() && !cache_.contains(child)) stack.emplace_back(child, false);
      }
      continue;
    }
    stack.pop_back();
    operands.clear();
    bool changed = false;
    for (Term child : *current) {
      Term image = child;
      if (child->has_bound_variables()) image = *cache_.find(child);
      changed |= image != child;
      operands.push_back(image);
    }
    cache_.insert_or_assign(current, changed ? manager_.rebuild(current, operands) : current);
  }
  return *cache_.find(formula);
}

Term BoundedQuantifierExpansion::expand_quantifier(Term quantifier) {
  const bool universal = quantifier->kind() == TermKind::Forall;
  std::span<const Term> variables = TermManager::quantified_variables(quantifier);
  const Term body = apply(TermManager::quantifier_body(quantifier));

  // Every variable's values, while their product stays within the limit; otherwise the whole
  // quantifier stays.  Spelling out only the bounded variables and keeping the others quantified
  // over the instances would break the shape of the compositional engine's definitions
  // ∀x̄. P(x̄) ⟺ body, which the solvers take as macros, and leave many of them undecided.
  std::vector<std::vector<Term>> values;
  std::uint64_t instances = 1;
  auto kept = [&] {
    if (body == TermManager::quantifier_body(quantifier)) return quantifier;  // no rebuild: it walks the body
    std::vector<Term> children(variables.begin(), variables.end());
    children.push_back(body);
    return manager_.rebuild(quantifier, children);
  };
  for (Term variable : variables) {
    std::vector<Term> choices;
    if (variable->sort().kind == SortKind::Bool) {
      choices = {manager_.false_term(), manager_.true_term()};
    } else if (variable->sort().kind == SortKind::Int) {
      Range range;
      for_each_guard(body, universal, [&](Term atom, bool holds) { narrow(variable, atom, holds, range); });
      if (!range.bounded() || range.size() > max_instances_) return kept();
      // An empty range: every instance is the neutral element, whatever the other variables are.
      if (range.size() == 0) {
        ++expanded_;
        return universal ? manager_.true_term() : manager_.false_term();
      }
      for (std::int64_t v = *range.low; v <= *range.high; ++v) choices.push_back(manager_.integer(v));
    } else {
      return kept();
    }
    instances *= choices.size();
    if (instances > max_instances_) return kept();
    values.push_back(std::move(choices));
  }
  ++expanded_;
  std::vector<Term> parts;
  parts.reserve(instances);
  std::vector<std::size_t> position(variables.size(), 0);
  Substitution substitution(manager_);
  for (;;) {
    for (std::size_t i = 0; i < variables.size(); ++i) substitution.set(variables[i], values[i][position[i]]);
    parts.push_back(apply(substitution.apply(body)));
    std::size_t i = 0;
    while (i < variables.size() && ++position[i] == values[i].size()) position[i++] = 0;
    if (i == variables.size()) break;
  }
  // Planted fault: the instance of the last values is left out (a ∀ too weak, an ∃ too strong).
  if (fault_active(Fault::QuantifierExpansionDropsLastInstance)) [[unlikely]]
    parts.pop_back();
  return universal ? manager_.logical_and(parts) : manager_.logical_or(parts);
}

}  // namespace symref::terms

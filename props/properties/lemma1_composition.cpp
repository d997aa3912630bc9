// Property `lemma1_composition`: Trtík's Lemma 1 (equivalent compositions) and Definition 2, on random states and valuations.
//
// States (θ, φ, Ξ, l) at the start of main with random memories and path conditions over Θ and two
// parameters κ1, κ2; the engine's s ∘ s′ (compact::compose), its θ⟨·⟩ (InitialMemory::bind) and
// s⟦ν⟧ (compact::substitute_parameters).  Each identity is decided by the solver for every
// variable and for φ (≡ of Definition 3: equal for all values of Θ and the parameters):
//   (1) s ∘ (s′ ∘ s″) ≡ (s ∘ s′) ∘ s″            (2) s⟦ν⟧ ∘ s′⟦ν⟧ ≡ (s ∘ s′)⟦ν⟧
//   (3) θ ∘ (θ′ ∘ θ″) ≡ (θ ∘ θ′) ∘ θ″            (4) (θ ∘ θ′)⟨φ⟩ ≡ θ⟨θ′⟨φ⟩⟩
//   (5) θ⟨ψ ∧ ψ′⟩ ≡ θ⟨ψ⟩ ∧ θ⟨ψ′⟩
// The identities are laws of the operations and hold for some wrong ones too (a composition that
// forgets θ⟨·⟩ everywhere satisfies all five), so (6) also checks s ∘ s′ against Definition 2:
// φ ∧ θ⟨φ′⟩ and (θ ∘ θ′)(a) = θ⟨θ′(a)⟩.
#include "engines/compact/compact_state.hpp"
#include "props/compact_checks.hpp"
#include "props/properties.hpp"
#include "props/random_source.hpp"
#include "semantics/symbolic/symbolic_machine.hpp"
#include "semantics/terms/printer.hpp"

namespace symref::props {

namespace {

using terms::Term;

constexpr int trials = 3;

class RandomStates {
 public:
  RandomStates(terms::TermManager& terms, const Program& program, RandomSource& random, std::vector<Term> parameters)
      : terms_(terms), random_(random), parameters_(std::move(parameters)) {
    for (std::size_t g = 0; g < program.globals.size(); ++g) {
      Term symbol = terms.global_symbol(static_cast<std::int32_t>(g));
      if (symbol->sort().kind == terms::SortKind::Int) integers_.push_back(symbol);
      if (symbol->sort().kind == terms::SortKind::Bool) booleans_.push_back(symbol);
    }
  }

  bool usable() const { return !integers_.empty(); }

  Term integer(int depth) {
    if (depth == 0 || random_.chance(1, 3)) {
      switch (random_.below(3)) {
        case 0: return integers_[random_.below(integers_.size())];
        case 1: return parameters_[random_.below(parameters_.size())];
        default: return terms_.integer(Integer(random_.between(-3, 3)));
      }
    }
    // Operands drawn right to left, one per statement (see props/generator.cpp: reproducible on every compiler).
    switch (random_.below(4)) {
      case 0: {
        Term right = integer(depth - 1), left = integer(depth - 1);
        return terms_.add(left, right);
      }
      case 1: {
        Term right = integer(depth - 1), left = integer(depth - 1);
        return terms_.subtract(left, right);
      }
      case 2: {
        Term factor = integer(depth - 1);
        return terms_.multiply(terms_.integer(Integer(random_.between(-2, 3))), factor);
      }
      default: {
        Term when_false = integer(depth - 1), when_true = integer(depth - 1), condition = boolean(depth - 1);
        return terms_.if_then_else(condition, when_true, when_false);
      }
    }
  }

  Term boolean(int depth) {
    if (!booleans_.empty() && random_.chance(1, 5)) return booleans_[random_.below(booleans_.size())];
    if (depth == 0 || random_.chance(1, 2)) {
      const std::uint64_t relation = random_.below(3);
      Term right = integer(1), left = integer(1);
      switch (relation) {
        case 0: return terms_.less(left, right);
        case 1: return terms_.less_equal(left, right);
        default: return terms_.equal(left, right);
      }
    }
    switch (random_.below(3)) {
      case 0: return terms_.logical_not(boolean(depth - 1));
      case 1: {
        Term right = boolean(depth - 1), left = boolean(depth - 1);
        return terms_.logical_and(left, right);
      }
      default: {
        Term right = boolean(depth - 1), left = boolean(depth - 1);
        return terms_.logical_or(left, right);
      }
    }
  }

  // A state at `base`'s location: each integer and boolean variable moved with probability 2/3.
  SymbolicConfiguration state(const SymbolicConfiguration& base) {
    SymbolicConfiguration s = base;
    for (Term& value : s.globals) {
      if (!random_.chance(2, 3)) continue;
      if (value->sort().kind == terms::SortKind::Int) value = integer(2);
      else if (value->sort().kind == terms::SortKind::Bool) value = boolean(1);
    }
    s.path_condition = PathCondition().with(boolean(2));
    return s;
  }

 private:
  terms::TermManager& terms_;
  RandomSource& random_;
  std::vector<Term> parameters_;
  std::vector<Term> integers_, booleans_;
};

class Lemma1Checker {
 public:
  Lemma1Checker(CaseWorkspace& workspace, PropertyVerdict& verdict)
      : program_(workspace.program()),
        terms_(workspace.terms()),
        solver_(terms_, workspace.settings().solver_options(), &workspace.solver_session()),
        verdict_(verdict),
        theta0_(terms_, program_, nullptr) {}

  // s ∘ s′ as the engine computes it (s′ relative to Θ at main's start, φ′ given apart).
  SymbolicConfiguration compose(const SymbolicConfiguration& s, const SymbolicConfiguration& relative) {
    return compact::compose(terms_, s, theta0_, relative, compact::Anchor{}, relative.path_condition.conjunction(terms_), {});
  }

  // θ⟨e⟩ as the engine computes it.
  Term rewrite(const SymbolicConfiguration& s, Term e) {
    terms::Substitution substitution(terms_);
    theta0_.bind(substitution, s);
    return substitution.apply(e);
  }

  Term condition(const SymbolicConfiguration& s) { return s.path_condition.conjunction(terms_); }

  // x ≡ y for all values of Θ and the parameters; false (and the verdict failed) when refuted.
  bool same(Term x, Term y, const std::string& identity, const std::string& what) {
    ++verdict_.checks;
    if (x == y) return true;
    Term differ = x->sort().kind == terms::SortKind::Bool ? terms::separating_condition(terms_, x, y) : terms_.not_equal(x, y);
    solver::SatResult status = solver_.decide(differ);
    if (status == solver::SatResult::Unknown) ++verdict_.unknown;
    if (status != solver::SatResult::Sat) return true;
    verdict_.fail("Lemma 1 (Trtík) fails: " + identity + " on " + what + ": " + terms::print_term(x, &program_, {300}) +
                  " is not equivalent to " + terms::print_term(y, &program_, {300}));
    return false;
  }

  bool same_memory(const SymbolicConfiguration& a, const SymbolicConfiguration& b, const std::string& identity) {
    for (std::size_t g = 0; g < program_.globals.size(); ++g)
      if (!same(a.globals[g], b.globals[g], identity, "variable " + program_.globals[g].name)) return false;
    return true;
  }

  bool same_state(const SymbolicConfiguration& a, const SymbolicConfiguration& b, const std::string& identity) {
    SymbolicConfiguration ca = a, cb = b;
    ++verdict_.checks;
    if (ca.control.current() != cb.control.current() || ca.control.depth() != cb.control.depth()) {
      verdict_.fail("Lemma 1 (Trtík) fails: " + identity + ": the two sides are at different locations");
      return false;
    }
    return same(condition(a), condition(b), identity, "the path condition");
  }

  bool trial(RandomStates& random, const SymbolicConfiguration& base, const compact::ParameterValuation& nu) {
    SymbolicConfiguration s = random.state(base), s1 = random.state(base), s2 = random.state(base);
    // (1) and (3): associativity, of states and of their memories.
    SymbolicConfiguration left = compose(s, compose(s1, s2)), right = compose(compose(s, s1), s2);
    if (!same_memory(left, right, "(3) θ∘(θ′∘θ″) ≡ (θ∘θ′)∘θ″")) return false;
    if (!same_state(left, right, "(1) s∘(s′∘s″) ≡ (s∘s′)∘s″")) return false;
    // (2): substitution distributes over composition.
    SymbolicConfiguration substituted = compose(compact::substitute_parameters(terms_, s, nu),
                                                compact::substitute_parameters(terms_, s1, nu));
    SymbolicConfiguration whole = compact::substitute_parameters(terms_, compose(s, s1), nu);
    if (!same_memory(substituted, whole, "(2) s⟦ν⟧∘s′⟦ν′⟧ ≡ (s∘s′)⟦ν∪ν′⟧")) return false;
    if (!same_state(substituted, whole, "(2) s⟦ν⟧∘s′⟦ν′⟧ ≡ (s∘s′)⟦ν∪ν′⟧")) return false;
    // (4): rewriting through a composed memory is rewriting twice.
    SymbolicConfiguration composed = compose(s, s1);
    if (!same(rewrite(composed, condition(s2)), rewrite(s, rewrite(s1, condition(s2))), "(4) (θ∘θ′)⟨φ⟩ ≡ θ⟨θ′⟨φ⟩⟩", "φ″"))
      return false;
    // (5): rewriting distributes over ∧.
    Term both = terms_.logical_and(condition(s1), condition(s2));
    if (!same(rewrite(s, both), terms_.logical_and(rewrite(s, condition(s1)), rewrite(s, condition(s2))),
              "(5) θ⟨ψ∧ψ′⟩ ≡ θ⟨ψ⟩∧θ⟨ψ′⟩", "φ′ ∧ φ″"))
      return false;
    // (6): the composition is Definition 2's.
    if (!same(condition(composed), terms_.logical_and(condition(s), rewrite(s, condition(s1))), "Definition 2 φ∧θ⟨φ′⟩",
              "the path condition of s∘s′"))
      return false;
    for (std::size_t g = 0; g < program_.globals.size(); ++g)
      if (!same(composed.globals[g], rewrite(s, s1.globals[g]), "Definition 2 (θ∘θ′)(a) = θ⟨θ′(a)⟩",
                "variable " + program_.globals[g].name))
        return false;
    return true;
  }

 private:
  const Program& program_;
  terms::TermManager& terms_;
  compact::OneShotSolver solver_;
  PropertyVerdict& verdict_;
  compact::InitialMemory theta0_;
};

}  // namespace

PropertyVerdict check_lemma1_composition(CaseWorkspace& workspace) {
  PropertyVerdict verdict;
  const Program& program = workspace.program();
  terms::TermManager& terms = workspace.terms();
  RandomSource random(workspace.test_case().choice_seed ^ 0x6c656d6d6131ULL);
  std::vector<Term> parameters{terms.fresh_symbol(terms::Sort::integer(), "k"), terms.fresh_symbol(terms::Sort::integer(), "k")};
  RandomStates states(terms, program, random, parameters);
  if (!states.usable()) {
    ++verdict.skipped;
    return verdict;
  }
  const SymbolicConfiguration base = SymbolicMachine(program, terms).initial();
  Lemma1Checker checker(workspace, verdict);
  for (int n = 0; n < trials; ++n) {
    compact::ParameterValuation nu{{parameters[0], Integer(random.between(0, 4))}, {parameters[1], Integer(random.between(0, 4))}};
    if (!checker.trial(states, base, nu)) break;
  }
  return verdict;
}

}  // namespace symref::props

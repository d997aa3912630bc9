// Counterexample-guided synthesis of Algorithm 2's dependency s = max(0, c₀ + Σ c_b·b)
// (Strejček & Trtík §3.3, line 24): fit the coefficients to sample points, then ask for a point
// of the condition the candidate gets wrong; stop when there is none.
#include "engines/apc/counter_dependency.hpp"

namespace symref::apc {

namespace {

using terms::Term;

// max(0, e) as a term.
Term at_least_zero(terms::TermManager& terms, Term e) {
  return terms.if_then_else(terms.less(terms.integer(0), e), e, terms.integer(0));
}

struct Sample {
  std::vector<Integer> basis;
  Integer count;
};

}  // namespace

Term infer_dependency(terms::TermManager& terms, solver::Solver& solver, const DependencyQuery& query, std::uint64_t& queries) {
  std::vector<Term> coefficients;
  for (std::size_t b = 0; b <= query.basis.size(); ++b) coefficients.push_back(terms.fresh_symbol(terms::Sort::integer(), "c"));
  std::vector<Sample> samples;
  for (unsigned round = 0; round < query.max_rounds; ++round) {
    // Fit: coefficients agreeing with every sample (s > 0: lin = s; s = 0: lin ≤ 0).
    solver.push();
    for (const Sample& sample : samples) {
      Term linear = coefficients.front();
      for (std::size_t b = 0; b < query.basis.size(); ++b)
        linear = terms.add(linear, terms.multiply(coefficients[b + 1], terms.integer(sample.basis[b])));
      solver.add(sample.count > 0 ? terms.equal(linear, terms.integer(sample.count))
                                  : terms.less_equal(linear, terms.integer(0)));
    }
    solver::SatResult fitted = solver.check();
    ++queries;
    if (fitted != solver::SatResult::Sat) {
      solver.pop();
      return nullptr;
    }
    std::vector<Integer> values;
    {
      auto model = solver.model();
      for (Term coefficient : coefficients) values.push_back(model->evaluate(coefficient).as_integer());
    }
    solver.pop();
    Term candidate = terms.integer(values.front());
    for (std::size_t b = 0; b < query.basis.size(); ++b)
      if (values[b + 1] != 0) candidate = terms.add(candidate, terms.multiply(terms.integer(values[b + 1]), query.basis[b]));
    Term dependency = at_least_zero(terms, candidate);
    // Check: a point of the condition where s differs from the candidate, or none.
    solver.push();
    solver.add(query.condition);
    solver.add(terms.not_equal(query.count, dependency));
    solver::SatResult wrong = solver.check();
    ++queries;
    if (wrong == solver::SatResult::Unsat) {
      solver.pop();
      return dependency;
    }
    if (wrong == solver::SatResult::Unknown) {
      solver.pop();
      return nullptr;
    }
    Sample sample;
    {
      auto model = solver.model();
      for (Term b : query.basis) sample.basis.push_back(model->evaluate(b).as_integer());
      sample.count = model->evaluate(query.count).as_integer();
    }
    solver.pop();
    samples.push_back(std::move(sample));
  }
  return nullptr;
}

}  // namespace symref::apc

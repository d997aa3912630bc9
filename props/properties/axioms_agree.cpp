// axioms_agree (Anand, Godefroid, Tillmann §4.2): the two encodings of Ψ_n — the paper's
// ∀-axioms δ_g and γ_f, and their instances at every application (finite, the summarized call
// graph being acyclic) — are the same formula up to satisfiability, and Z3 and cvc5 agree on it.
//
// Checked on the trees after the first execution (many nodes still dangling, the guards matter)
// and after Algorithm 1 ends, for both steps of Algorithm 2: lazy (every other open guard false)
// and relevant (guards free).  An unknown answer is counted and compared with nothing.
//
// Ψ is often the same term in several of these (hash-consed): lazy and relevant coincide when no
// other node is open, and both encodings when n's formula applies no summarized function.  Each
// backend is asked each term once per run; a repeated term's answer is counted again, so the
// tallies are those of asking every time (asking again the same solver adds no evidence).
#include <array>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>

#include "engines/compositional/compositional_report.hpp"
#include "props/properties.hpp"
#include "props/properties/compositional_run.hpp"

namespace symref::props {

namespace {

using compositional::AxiomBuilder;
using compositional::AxiomEncoding;
using compositional::NodeId;
using compositional::TreeNode;
using solver::SatResult;

constexpr std::size_t nodes_per_state = 4;  // the queries grow with the nodes: keep a case quick

// Ψ_n in `encoding`, with every other open guard false for the lazy step.
// The builder counts what it builds in `coverage` (the case's compositional tally, or null).
terms::Term psi_in(CompositionalRun& run, AxiomEncoding encoding, NodeId n, bool lazy, RuleTally* coverage) {
  const auto& trees = run.explorer->trees();
  AxiomBuilder builder(run.terms, run.explorer->functions(), run.explorer->symbols(), trees, encoding, coverage);
  std::vector<terms::Term> conjuncts{builder.psi(n)};
  if (lazy)
    for (const TreeNode& d : trees.nodes())
      if (d.id != n && trees.is_open(d)) conjuncts.push_back(run.terms.logical_not(d.guard));
  return run.terms.logical_and(conjuncts);
}

}  // namespace

PropertyVerdict check_axioms_agree(CaseWorkspace& workspace) {
  PropertyVerdict verdict;
  solver::SolverOptions solver_options = workspace.settings().solver_options();
  solver_options.syntactic_contradictions = false;  // every Ψ goes to both solvers, whose agreement is the point,
  solver_options.query_cache_models = false;         // and each answer is the solver's own
  std::optional<CompositionalRun> first_execution;
  for (bool after_first : {true, false}) {
    if (after_first) first_execution.emplace(workspace, 1);
    CompositionalRun& run = after_first ? *first_execution : workspace.compositional_run();  // then Algorithm 1's end
    // One solver per backend for the run, each query in its own scope: a solver costs more to set
    // up than most of these queries.
    const char* backends[] = {"z3", "cvc5"};
    std::unique_ptr<solver::Solver> solvers[] = {solver::make_solver(backends[0], run.terms, solver_options, &workspace.solver_session()),
                                                 solver::make_solver(backends[1], run.terms, solver_options, &workspace.solver_session())};
    std::unordered_map<terms::Term, SatResult> answered[2];  // per backend: each Ψ term asked once
    std::size_t asked = 0;
    for (const TreeNode& n : run.explorer->trees().nodes()) {
      if (n.guard == nullptr) continue;  // roots and nodes no run left dangling have no query
      if (++asked > nodes_per_state) break;
      for (bool lazy : {true, false}) {
        struct Answer {
          std::string how;
          SatResult status;
        };
        std::vector<Answer> answers;
        for (AxiomEncoding encoding : {AxiomEncoding::Quantified, AxiomEncoding::Unfolded}) {
          terms::Term psi = psi_in(run, encoding, n.id, lazy, workspace.rule_tally("compositional"));
          for (std::size_t b = 0; b < 2; ++b) {
            auto [known, first_time] = answered[b].try_emplace(psi, SatResult::Unknown);
            if (first_time) {
              solver::Solver& solver = *solvers[b];
              solver.push();
              solver.add(psi);
              known->second = solver.check();
              solver.pop();
            }
            const SatResult status = known->second;
            std::string how = std::string(encoding == AxiomEncoding::Quantified ? "quantified" : "unfolded") + " " + backends[b];
            if (status == SatResult::Unknown) {
              ++verdict.unknown;
              continue;
            }
            ++verdict.checks;
            for (const Answer& other : answers)
              if (other.status != status) {
                verdict.fail("Ψ of " + compositional::node_name(*run.explorer, n.id) + " (" + (lazy ? "lazy" : "relevant") +
                                 " step, after " + std::to_string(run.result.executions.size()) + " executions) is " +
                                 std::string(solver::to_string(other.status)) + " " + other.how + " but " +
                                 std::string(solver::to_string(status)) + " " + how,
                             workspace.state_json(workspace.inputs().front()));
                return verdict;
              }
            answers.push_back(Answer{std::move(how), status});
          }
        }
      }
    }
  }
  return verdict;
}

}  // namespace symref::props

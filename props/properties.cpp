// The catalogue of properties and the one entry point that runs any of them.
#include "props/properties.hpp"

#include <stdexcept>

#include "interp/property_failure.hpp"
#include "interp/solver/layers/cross_checking_solver.hpp"
#include "interp/solver/layers/model_checking_solver.hpp"
#include "semantics/traces/weakest_precondition.hpp"

namespace symref::props {

const std::vector<PropertyDescription>& all_properties() {
  static const std::vector<PropertyDescription> properties = {
      {"substitution", check_substitution, "Lemma 2.1, 3.3, 4.4",
       "V∘σ(e) = V(eσ); φ[h := e], φ[a[i] := e], φ[h.f := e], φ[x := new C] against executing the update"},
      {"definedness", check_definedness, "Lemma 4.3",
       "V(e) ≠ ⊥ iff V(δ(e)), with the kind of the first failure, against concrete evaluation"},
      {"correctness", check_correctness, "Theorem 2.3, 3.5",
       "every input satisfying a feasible path's φ (the model's and random ones) runs along it to V0∘σ"},
      {"completeness", check_completeness, "Theorem 2.4, 3.6",
       "every concrete run is simulated step by step with V0 ⊨ φ and V = V0∘σ (lockstep)"},
      {"traces", check_traces, "Theorem 4.5", "⟨V, ρ⟩ →* ε iff V(path(ρ)), for inputs on and off the path"},
      {"pc_equals_wp", check_pc_equals_wp, "§4 against §2–§3, §4.1",
       "forward φ ⇔ path(ρ) proved by the solver for every path; trace-engine tests replay"},
      {"solvers_agree", check_solvers_agree, "—",
       "Z3 and cvc5 give the same sat/unsat on every path condition; every model satisfies φ"},
      {"tests_replay", check_tests_replay, "—",
       "each generated test runs concretely along its own branch string to its outcome"},
      {"simplification_keeps_meaning", check_simplification_keeps_meaning, "—",
       "a term built with and without simplification evaluates to the same value"},
      {"paths_partition", check_paths_partition, "King 1976",
       "path conditions of the leaves are pairwise disjoint and together cover every input"},
      {"same_sequences", check_same_sequences, "heap draft Corollary 7",
       "lazy, summary and arrays reach the same feasible (branches, outcome)"},
      {"one_state_per_sequence", check_one_state_per_sequence, "heap draft Corollary 8",
       "summary has one feasible leaf per sequence; lazy at least as many leaves and forks"},
      {"compact_soundness", check_compact_soundness, "Trtík Theorem 1",
       "every feasible forward leaf is an instance of a compact leaf under some k: branches, outcome, φ and final state"},
      {"compositional_outcomes", check_compositional_outcomes, "Anand et al. §4, Relative Completeness",
       "with Algorithm 1 complete, the executions' outcomes are forward's and every forward test covers only covered nodes"},
      {"compositional_progress", check_compositional_progress, "Anand et al. §4.3, Progress",
       "every model-driven execution covers a dangling node; every lazy-step model covers its target", 3, 1, true, true},
      {"compositional_tests_replay", check_compositional_tests_replay, "—",
       "each compositional execution's input replays concretely to the same branch string and outcome"},
      {"apc_necessary", check_apc_necessary, "Strejček & Trtík Thm 1",
       "an input whose concrete run fails an assert satisfies apc and apc^K for that assert", 2, 1, true, true},
      {"apc_unsat_no_path", check_apc_unsat_no_path, "Strejček & Trtík Thm 1",
       "unsat apc or apc^K: no feasible forward leaf fails the first assert", 2},
      {"concrete_fast_path", check_concrete_fast_path, "§2–§4 concrete rules",
       "the fast path of `run` and the rule-by-rule machine agree on outcome, steps, branches and state"},
      {"compact_tests_replay", check_compact_tests_replay, "Trtík Theorem 2 (one valuation)",
       "each feasible compact leaf's test replays concretely along its branches expanded under the test's k, to its outcome"},
      {"mutual_exclusion", check_mutual_exclusion, "heap draft Theorem 1",
       "on every feasible summary leaf, each L(r) has pairwise exclusive guards that cover the path condition", 3, 3},
      {"lemma1_composition", check_lemma1_composition, "Trtík Lemma 1, Definition 2",
       "the five identities of composition, theta<.> and substitution on random states and valuations, and s o s' as defined", 1},
      {"compact_completeness", check_compact_completeness, "Trtík Theorem 2",
       "for each compact leaf and each k <= K with its condition satisfiable, the forward leaf along the expansion matches"},
      {"template_validity", check_template_validity, "Trtík Definition 5 (L2), (L3)",
       "every forward vertex at a templated loop reaches, or is reached by, the exits u o t_i[[k]] up to K", 1},
      {"heap_summary_exact", check_heap_summary_exact, "heap draft Theorem 6, Defs. 15-18",
       "per branch string, the input graphs of the summary leaf's concretizations are the lazy leaves' graphs, and each replays", 3, 3},
      {"lazy_single_uninitialized", check_lazy_single_uninitialized, "heap draft §4",
       "before every lazy step, |UN| <= 1 and every stored reference has one target under guard true", 3, 3},
      {"apc_summary_sound", check_apc_summary_sound, "Strejček & Trtík §3",
       "every sequence of up to 3 loop backbones meets pc -> phi_k[k(beta)] and theta(a) = theta_k(a)[k(beta)], light and heavy", 2, 1, true, true},
      {"guided_search_complete", check_guided_search_complete, "Strejček & Trtík §7",
       "the search pruned by apc finds a failing input for the first assert whenever the unpruned one does, same bound", 2},
      {"axioms_agree", check_axioms_agree, "Anand et al. §4.2",
       "Ψ_n of every compositional node, lazy and relevant, gets the same sat/unsat quantified and unfolded, from Z3 and cvc5", 3, 2},
      {"termination", check_termination, "Anand et al. §4.3, Termination",
       "with finitely many paths at K and every query answered, Algorithm 1 chooses no node twice and ends within 1 + (nodes created) executions", 3, 2},
      {"compositional_summaries_sound", check_compositional_summaries_sound, "Anand et al. §4.2, δ_g",
       "every concrete activation of a summarized g, with its arguments and outputs, satisfies δ_g's body with every open guard false", 3, 2},
      {"export_agrees", check_export_agrees, "§2–§4 concrete rules, in C",
       "the C export (exact integers), built with cc and GMP, runs every input like `symref run`: outcome, state, steps, branches",
       3, 1, false},
  };
  return properties;
}

const PropertyDescription& describe(PropertyId id) { return all_properties().at(id); }

std::optional<PropertyId> property_by_name(std::string_view name) {
  const auto& properties = all_properties();
  for (PropertyId id = 0; id < properties.size(); ++id)
    if (properties[id].name == name) return id;
  return std::nullopt;
}

PropertyId property_id(std::string_view name) {
  if (const auto id = property_by_name(name)) return *id;
  throw std::logic_error("no property named " + std::string(name));
}

PropertyVerdict check_property(PropertyId id, CaseWorkspace& workspace) {
  PropertyVerdict verdict;
  try {
    return describe(id).check(workspace);
  } catch (const GeneratedProgramRejected&) {
    throw;
  } catch (const PathConditionTooLarge&) {
    ++verdict.skipped;  // the trace engine's documented budget, like a solver's unknown: no verdict
  } catch (const solver::SolverDisagreement& error) {
    verdict.fail(std::string("the solvers disagree: ") + error.what());
  } catch (const solver::InvalidModel& error) {
    verdict.fail(std::string("a solver's model is invalid: ") + error.what());
  } catch (const PropertyFailure& error) {
    verdict.fail(std::string("an engine's own check failed: ") + error.what());
  } catch (const std::exception& error) {
    verdict.fail(std::string("an engine threw: ") + error.what());
  }
  return verdict;
}

}  // namespace symref::props

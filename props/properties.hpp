// The paper's lemmas and theorems (2.1–4.5) as properties of one test case, named after what they check.
//
// The catalogue, with the paper's result behind each property, is listed in
// docs/guide-campaigns.md#properties; each check is a file of props/properties/ and a row of
// all_properties().
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "props/case_workspace.hpp"

namespace symref::props {

// A property is its row in all_properties(); it is named by its position there.
using PropertyId = std::size_t;

struct PropertyVerdict;

// One row of the catalogue: a new property is its file (the check) and its row.
struct PropertyDescription {
  std::string_view name;    // on the command line: `--property substitution`
  PropertyVerdict (*check)(CaseWorkspace& workspace);
  std::string_view paper;   // "Lemma 2.1, 3.3, 4.4"
  std::string_view checks;  // one line
  int max_level = 3;        // the highest generator level whose programs it applies to (apc: no objects)
  int min_level = 1;        // the lowest level whose programs have what it checks (heap sets: objects)
  bool by_default = true;   // checked when no --property is named (export_agrees runs a C compiler: only when named)
  // Its undecided Z3 checks come in runs of variants that no budget decides, so after its
  // allowance of undecided checks a campaign gives it the reduced work budget (WorkBudget's
  // undecided allowance).  Elsewhere a run of hard checks can be a run of decidable ones.
  bool undecided_in_hopeless_runs = false;
};

const std::vector<PropertyDescription>& all_properties();
const PropertyDescription& describe(PropertyId id);
std::optional<PropertyId> property_by_name(std::string_view name);
PropertyId property_id(std::string_view name);  // throws std::logic_error for an unknown name

// What one property found on one test case.  A check a solver could not decide is counted in
// `unknown` and is neither a pass nor a failure; `skipped` counts checks the bounds made moot.
struct PropertyVerdict {
  std::uint64_t checks = 0;
  std::uint64_t unknown = 0;
  std::uint64_t skipped = 0;
  std::optional<std::string> failure;  // what failed and where
  // The program and the input state (JSON) that show the failure, when not the test case's own
  // program and first input (lemma-level properties use the probe program).
  std::optional<std::string> witness_program;
  std::optional<std::string> witness_input;

  void fail(std::string message, std::optional<std::string> input = std::nullopt,
            std::optional<std::string> program = std::nullopt) {
    failure = std::move(message);
    witness_input = std::move(input);
    witness_program = std::move(program);
  }
};

// Runs one property; an exception from an engine or a solver is that property's failure.
// GeneratedProgramRejected passes through: it is the generator's fault, not the property's.
PropertyVerdict check_property(PropertyId id, CaseWorkspace& workspace);

PropertyVerdict check_substitution(CaseWorkspace& workspace);
PropertyVerdict check_definedness(CaseWorkspace& workspace);
PropertyVerdict check_correctness(CaseWorkspace& workspace);
PropertyVerdict check_completeness(CaseWorkspace& workspace);
PropertyVerdict check_traces(CaseWorkspace& workspace);
PropertyVerdict check_pc_equals_wp(CaseWorkspace& workspace);
PropertyVerdict check_solvers_agree(CaseWorkspace& workspace);
PropertyVerdict check_tests_replay(CaseWorkspace& workspace);
PropertyVerdict check_simplification_keeps_meaning(CaseWorkspace& workspace);
PropertyVerdict check_paths_partition(CaseWorkspace& workspace);
PropertyVerdict check_same_sequences(CaseWorkspace& workspace);
PropertyVerdict check_one_state_per_sequence(CaseWorkspace& workspace);
PropertyVerdict check_compact_soundness(CaseWorkspace& workspace);
PropertyVerdict check_compositional_outcomes(CaseWorkspace& workspace);
PropertyVerdict check_compositional_progress(CaseWorkspace& workspace);
PropertyVerdict check_compositional_tests_replay(CaseWorkspace& workspace);
PropertyVerdict check_apc_necessary(CaseWorkspace& workspace);
PropertyVerdict check_apc_unsat_no_path(CaseWorkspace& workspace);
PropertyVerdict check_apc_summary_sound(CaseWorkspace& workspace);
PropertyVerdict check_guided_search_complete(CaseWorkspace& workspace);
PropertyVerdict check_concrete_fast_path(CaseWorkspace& workspace);
PropertyVerdict check_compact_tests_replay(CaseWorkspace& workspace);
PropertyVerdict check_mutual_exclusion(CaseWorkspace& workspace);
PropertyVerdict check_lemma1_composition(CaseWorkspace& workspace);
PropertyVerdict check_compact_completeness(CaseWorkspace& workspace);
PropertyVerdict check_template_validity(CaseWorkspace& workspace);
PropertyVerdict check_heap_summary_exact(CaseWorkspace& workspace);
PropertyVerdict check_lazy_single_uninitialized(CaseWorkspace& workspace);
PropertyVerdict check_axioms_agree(CaseWorkspace& workspace);
PropertyVerdict check_export_agrees(CaseWorkspace& workspace);
PropertyVerdict check_termination(CaseWorkspace& workspace);
PropertyVerdict check_compositional_summaries_sound(CaseWorkspace& workspace);

}  // namespace symref::props

// Property `heap_summary_exact` (heap draft, Theorem 6 with Defs. 15–18): per control-flow sequence, the
// concretizations of the summary leaf have, up to isomorphism, exactly the input graphs of the
// lazy leaves of that sequence, and each concretization replays along it.
//
// A lazy leaf's input graph is a rooted partial heap: its heap choices give each initialized
// reference (a global, or a slot l.f) one target, nil or an input location.  A concretization
// of the summary leaf is a model of φ_s, turned into a concrete input heap as a test is.  It has
// the leaf's graph when following the leaf's initialized references from the globals through that
// heap maps the leaf's locations one-to-one onto objects, nil onto nil (an isomorphism of the
// graph onto its image; the slots lazy never read are free).  The summary's own initialized slots
// are not the graph: θ_orig is empty here (paper-notes/004), so a read initializes the slot of
// every target, also of those the concretization does not reach, and their values are free there.
//
// Enumeration: models of φ_s, each blocked by the condition of the lazy leaf whose graph
// it has, at most 64 a case; a lazy leaf no model reached gets one model of φ_s ∧ φ_i, which must
// have its graph (or φ_s ∧ φ_i is unsat: the graph is no concretization's).
#include <algorithm>
#include <map>
#include <optional>
#include <set>

#include "interp/explore/replay.hpp"
#include "interp/explore/test_generation.hpp"
#include "interp/solver/solver.hpp"
#include "props/properties.hpp"
#include "props/satisfiability_check.hpp"
#include "props/value_text.hpp"
#include "semantics/concrete/machine.hpp"
#include "engines/heap/symbolic_heap.hpp"
#include "semantics/symbolic/heap_model.hpp"

namespace symref::props {

namespace {

constexpr std::size_t kConcretizations = 64;  // the cap on concretizations per case

using InputGraph = std::vector<HeapDescription::InputEdge>;

// Whether `input` has the graph: following its edges from the globals maps each location to one
// object of the heap, distinct locations to distinct objects, and every edge to the field's value.
bool has_graph(const Program& program, const InputGraph& graph, const GlobalState& input) {
  std::map<std::string, ObjectId> image;
  std::set<ObjectId> used;
  std::vector<bool> followed(graph.size(), false);
  std::size_t left = graph.size();
  for (bool progress = true; progress && left > 0;) {
    progress = false;
    for (std::size_t k = 0; k < graph.size(); ++k) {
      if (followed[k]) continue;
      const auto& edge = graph[k];
      Value value;
      if (edge.holder.empty()) {
        value = input.globals[static_cast<std::size_t>(edge.variable)];
      } else {
        auto holder = image.find(edge.holder);
        if (holder == image.end()) continue;  // its holder is reached by a later edge
        const HeapObject& object = input.object(holder->second);
        const auto& fields = program.classes[static_cast<std::size_t>(object.class_index)].fields;
        auto position = std::find(fields.begin(), fields.end(), edge.variable);
        if (position == fields.end()) return false;
        value = object.fields[static_cast<std::size_t>(position - fields.begin())];
      }
      followed[k] = true;
      --left;
      progress = true;
      if (value.kind() != ValueKind::Reference) return false;
      if (edge.target == "null") {
        if (!value.is_nil()) return false;
        continue;
      }
      if (value.is_nil() || value.as_object() > static_cast<ObjectId>(input.heap.size())) return false;
      auto known = image.find(edge.target);
      if (known != image.end()) {
        if (known->second != value.as_object()) return false;  // an alias that is another object
        continue;
      }
      if (!used.insert(value.as_object()).second) return false;  // two locations, one object
      image.emplace(edge.target, value.as_object());
    }
  }
  return left == 0;
}

}  // namespace

PropertyVerdict check_heap_summary_exact(CaseWorkspace& workspace) {
  PropertyVerdict verdict;
  const ExplorationResult& summary = workspace.heap_exploration("summary");
  const ExplorationResult& lazy = workspace.heap_exploration("lazy");
  auto cut = [](const ExplorationResult& result) {
    for (const auto& path : result.paths)
      if (path.final_configuration.bound_reason.starts_with("heap summary") || path.status == solver::SatResult::Unknown) return true;
    return result.statistics.truncated;
  };
  if (cut(summary) || cut(lazy)) {
    ++verdict.skipped;
    return verdict;
  }
  using Sequence = std::pair<std::string, Outcome>;
  // Corollary 8 (one summary leaf per sequence) is one_state_per_sequence's; here the leaves of a
  // sequence are taken together, so that this property speaks of exactness alone.
  std::map<Sequence, std::vector<const ExploredPath*>> summary_leaves, lazy_leaves;
  for (const auto& path : summary.paths)
    if (path.status == solver::SatResult::Sat && path.path_condition != nullptr) summary_leaves[{path.branches, path.outcome}].push_back(&path);
  for (const auto& path : lazy.paths)
    if (path.status == solver::SatResult::Sat && path.path_condition != nullptr) lazy_leaves[{path.branches, path.outcome}].push_back(&path);
  std::set<Sequence> sequences;
  for (const auto& [sequence, leaves] : summary_leaves) sequences.insert(sequence);
  for (const auto& [sequence, leaves] : lazy_leaves) sequences.insert(sequence);

  const Program& program = workspace.program();
  terms::TermManager& terms = workspace.terms();
  auto lazy_model = std::make_unique<heap::LazyInitializationHeap>(program, terms);  // describes the leaves' own heaps
  SatisfiabilityCheck check(workspace, verdict);  // for its solver: the questions here are asked directly
  solver::Solver& solver = check.solver();

  std::size_t concretizations = 0;
  for (const Sequence& sequence : sequences) {
    const std::string where = path_name(sequence.first) + " (" + std::string(outcome_name(sequence.second)) + ")";
    std::vector<terms::Term> summary_conditions;
    for (const ExploredPath* leaf : summary_leaves[sequence]) summary_conditions.push_back(leaf->path_condition);
    const terms::Term summary_condition = terms.logical_or(summary_conditions);
    const std::vector<const ExploredPath*>& leaves = lazy_leaves[sequence];
    std::vector<InputGraph> graphs;
    for (const ExploredPath* leaf : leaves) graphs.push_back(lazy_model->describe(leaf->final_configuration).input_edges);
    const SymbolicConfiguration* replay_leaf =
        summary_leaves[sequence].empty() ? nullptr : &summary_leaves[sequence].front()->final_configuration;

    // The concretization of the current model: its test, or none (too large for a test: no verdict).
    auto concretization = [&]() -> std::optional<GlobalState> {
      std::string reason;
      return input_from_model(program, terms, *solver.model(), TestGenerationLimits{}, reason);
    };
    // Def. 16: a concretization of the summary leaf runs along the sequence.
    auto replays = [&](const GlobalState& input) {
      ConcreteMachine machine(program, input);
      machine.run(replay_limits(replay_leaf != nullptr ? *replay_leaf : leaves.front()->final_configuration));
      if (machine.branches() == sequence.first && machine.outcome() == sequence.second) return true;
      verdict.fail("a concretization of the summary leaf of " + where + " runs along " + path_name(machine.branches()) + " to " +
                       std::string(outcome_name(machine.outcome())),
                   workspace.state_json(input));
      return false;
    };

    // Def. 18 ⟹: every concretization of the summary leaf has some lazy leaf's graph.
    std::vector<bool> reached(leaves.size(), false);
    solver.push();
    solver.add(summary_condition);
    for (;;) {
      if (++concretizations > kConcretizations) break;
      const solver::SatResult answer = solver.check();
      if (answer == solver::SatResult::Unknown) ++verdict.unknown;
      if (answer != solver::SatResult::Sat) break;
      std::optional<GlobalState> input = concretization();
      if (!input) break;
      std::size_t graph = 0;
      while (graph < graphs.size() && !has_graph(program, graphs[graph], *input)) ++graph;
      ++verdict.checks;
      if (graph == graphs.size()) {
        solver.pop();
        verdict.fail("a concretization of the summary leaf of " + where + " has an input graph that no lazy leaf of it has",
                     workspace.state_json(*input));
        return verdict;
      }
      if (!replays(*input)) {
        solver.pop();
        return verdict;
      }
      reached[graph] = true;
      solver.add(terms.logical_not(leaves[graph]->path_condition));  // the next model has another graph
    }
    solver.pop();

    // Def. 18 ⟸: every lazy leaf's graph is the graph of a concretization of the summary leaf.
    for (std::size_t k = 0; k < leaves.size(); ++k) {
      if (reached[k]) continue;
      if (++concretizations > kConcretizations) return verdict;
      solver.push();
      solver.add(summary_condition);
      solver.add(leaves[k]->path_condition);
      const solver::SatResult answer = solver.check();
      std::optional<GlobalState> input;
      if (answer == solver::SatResult::Sat) input = concretization();
      solver.pop();
      if (answer == solver::SatResult::Unknown) ++verdict.unknown;
      if (answer == solver::SatResult::Unsat) {
        verdict.fail("the input graph of a lazy leaf of " + where + " is no concretization's of the summary leaf");
        return verdict;
      }
      if (!input) continue;
      ++verdict.checks;
      if (!has_graph(program, graphs[k], *input)) {
        verdict.fail("a concretization of the summary leaf of " + where + " that meets a lazy leaf's condition lacks its graph",
                     workspace.state_json(*input));
        return verdict;
      }
      if (!replays(*input)) return verdict;
    }
  }
  return verdict;
}

}  // namespace symref::props

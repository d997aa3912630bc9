// The corpus/heap goldens: per program and loop bound, the sorted feasible (branches,
// outcome) of arrays, lazy and summary, the summary and lazy leaf counts — and each planted heap
// fault a golden names is caught by it.
#include <filesystem>
#include <fstream>
#include <set>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "engines/heap/symbolic_heap.hpp"
#include "interp/explore/explorer.hpp"
#include "semantics/faults.hpp"
#include "semantics/syntax/front_end.hpp"
#include "../../support/process.hpp"

namespace symref::heap {
namespace {

namespace fs = std::filesystem;
using Sequences = std::set<std::pair<std::string, std::string>>;

struct Exploration {
  Sequences sequences;
  std::uint64_t feasible = 0;
  bool replays = true;
};

Exploration explore(const Program& program, const std::string& heap, std::uint32_t loop_bound,
                    const std::string& solver = "z3", bool prune = false) {
  terms::TermManager terms(&program);
  ExploreOptions options;
  options.heap = find_heap_model(heap_models(), heap);
  options.solver = solver;
  options.heap_prune = prune;
  options.limits.loop_bound = loop_bound;
  options.solving.timeout_milliseconds = 10'000;
  ExplorationResult result = Explorer(program, terms, options).explore();
  Exploration out;
  for (const auto& path : result.paths) {
    if (path.status != solver::SatResult::Sat) continue;
    ++out.feasible;
    out.sequences.emplace(path.branches, std::string(outcome_name(path.outcome)));
    if (path.replay && !path.replay->agrees) out.replays = false;
  }
  return out;
}

// Empty when the program meets its golden run, else what differs.
std::string mismatch(const Program& program, const nlohmann::json& run, const std::string& solver = "z3") {
  Sequences expected;
  for (const auto& entry : run["sequences"]) expected.emplace(entry[0].get<std::string>(), entry[1].get<std::string>());
  const auto bound = run["loop_bound"].get<std::uint32_t>();
  for (const char* heap : {"arrays", "lazy", "summary"}) {
    Exploration e = explore(program, heap, bound, solver);
    if (e.sequences != expected) return std::string(heap) + ": other feasible sequences";
    if (!e.replays) return std::string(heap) + ": a test does not replay";
    if (std::string(heap) == "summary" && e.feasible != run["summary_leaves"].get<std::uint64_t>())
      return "summary: " + std::to_string(e.feasible) + " leaves";
    if (std::string(heap) == "lazy" && e.feasible != run["lazy_leaves"].get<std::uint64_t>())
      return "lazy: " + std::to_string(e.feasible) + " leaves";
  }
  // Pruning drops only refuted targets: the same sequences and leaves.  Its reads are
  // location-pure (no nil target), so EQUALS compares locations and not the integer encoding.
  Exploration pruned = explore(program, "summary", bound, solver, true);
  if (pruned.sequences != expected) return "summary --heap-prune: other feasible sequences";
  if (!pruned.replays) return "summary --heap-prune: a test does not replay";
  if (pruned.feasible != run["summary_leaves"].get<std::uint64_t>())
    return "summary --heap-prune: " + std::to_string(pruned.feasible) + " leaves";
  return "";
}

std::vector<fs::path> goldens() {
  std::vector<fs::path> out;
  for (const auto& entry : fs::directory_iterator(fs::path(SYMREF_SOURCE_DIR) / "corpus" / "heap"))
    if (entry.path().string().ends_with(".heap.json")) out.push_back(entry.path());
  std::sort(out.begin(), out.end());
  return out;
}

nlohmann::json read_json(const fs::path& path) {
  std::ifstream in(path);
  return nlohmann::json::parse(in);
}

TEST(HeapCorpus, GoldensHold) {
  auto files = goldens();
  ASSERT_GE(files.size(), 5u);
  for (const auto& file : files) {
    nlohmann::json golden = read_json(file);
    auto program = load_program((file.parent_path() / golden["program"].get<std::string>()).string());
    for (const auto& run : golden["runs"]) EXPECT_EQ(mismatch(*program, run), "") << file;
  }
}

// The same goldens with cvc5 deciding every path condition (the goldens hold with both).
TEST(HeapCorpus, GoldensHoldWithCvc5) {
  for (const auto& file : goldens()) {
    nlohmann::json golden = read_json(file);
    auto program = load_program((file.parent_path() / golden["program"].get<std::string>()).string());
    for (const auto& run : golden["runs"]) EXPECT_EQ(mismatch(*program, run, "cvc5"), "") << file;
  }
}

TEST(HeapCorpus, EachNamedFaultIsCaught) {
  std::size_t caught = 0;
  for (const auto& file : goldens()) {
    nlohmann::json golden = read_json(file);
    auto program = load_program((file.parent_path() / golden["program"].get<std::string>()).string());
    for (const auto& name : golden["catches"]) {
      auto fault = fault_by_name(name.get<std::string>());
      ASSERT_TRUE(fault.has_value()) << name;
      ScopedFault planted(*fault);
      EXPECT_NE(mismatch(*program, golden["runs"][0]), "") << name << " not caught by " << file;
      ++caught;
    }
  }
  EXPECT_GE(caught, 5u);
}

// A small program built here: the lazy choices, the summary's points-to set and its statistics.
TEST(HeapEngines, LazyForksAndSummaryDoesNot) {
  auto program = load_program((fs::path(SYMREF_SOURCE_DIR) / "corpus" / "heap" / "self_loop.sym").string());
  terms::TermManager terms(program.get());
  ExploreOptions options;
  options.heap = find_heap_model(heap_models(), "summary");
  ExplorationResult summary = Explorer(*program, terms, options).explore();
  EXPECT_EQ(summary.statistics.heap.heap_choices, 0u);
  EXPECT_EQ(summary.statistics.heap.summarize_steps, 2u);  // head, then head.next
  EXPECT_EQ(summary.statistics.heap.max_points_to, 3u);   // head.next: nil | head | a new location
  options.heap = find_heap_model(heap_models(), "lazy");
  ExplorationResult lazy = Explorer(*program, terms, options).explore();
  EXPECT_EQ(lazy.statistics.heap.summarize_steps, 0u);
  EXPECT_EQ(lazy.statistics.heap.heap_choices, 5u);  // head: nil, new; l1.next: nil, new, alias l1
}

TEST(HeapEngines, SummaryGuardsAreExclusive) {
  // Theorem 1 on the final heap of weak_update: the guards of distinct targets of every set.
  auto program = load_program((fs::path(SYMREF_SOURCE_DIR) / "corpus" / "heap" / "guarded_alias.sym").string());
  terms::TermManager terms(program.get());
  auto model = find_heap_model(heap_models(), "summary").make(*program, terms);
  ASSERT_NE(model, nullptr);
  ExploreOptions options;
  options.heap = find_heap_model(heap_models(), "summary");
  Explorer explorer(*program, terms, options);
  ExplorationResult result = explorer.explore();
  auto solver = solver::make_solver("z3", terms, {});
  std::size_t pairs = 0;
  for (const auto& path : result.paths) {
    if (path.status != solver::SatResult::Sat) continue;
    HeapDescription heap = explorer.heap_model()->describe(path.final_configuration);
    for (const auto& [reference, targets] : heap.points_to)
      for (std::size_t a = 0; a < targets.size(); ++a)
        for (std::size_t b = a + 1; b < targets.size(); ++b) {
          solver->push();
          solver->add(targets[a].guard);
          solver->add(targets[b].guard);
          EXPECT_EQ(solver->check(), solver::SatResult::Unsat) << reference << ": " << targets[a].location << ", " << targets[b].location;
          solver->pop();
          ++pairs;
        }
  }
  EXPECT_GT(pairs, 0u);
}

ExplorationResult explore_corpus(const std::string& name, const std::string& heap, bool prune = false) {
  static std::vector<std::unique_ptr<Program>> programs;  // kept alive with the results' terms
  static std::vector<std::unique_ptr<terms::TermManager>> managers;
  programs.push_back(load_program((fs::path(SYMREF_SOURCE_DIR) / "corpus" / "heap" / name).string()));
  managers.push_back(std::make_unique<terms::TermManager>(programs.back().get()));
  ExploreOptions options;
  options.heap = find_heap_model(heap_models(), heap);
  options.heap_prune = prune;
  options.limits.loop_bound = 2;
  return Explorer(*programs.back(), *managers.back(), options).explore();
}

Sequences feasible_sequences(const ExplorationResult& result) {
  Sequences out;
  for (const auto& path : result.paths)
    if (path.status == solver::SatResult::Sat) out.emplace(path.branches, std::string(outcome_name(path.outcome)));
  return out;
}

// The per-step observer: b.next is read through b, whose summary set has two input targets with
// next uninitialized (|UN| = 2); lazy never has more than one, and never a guarded reference.
TEST(HeapEngines, ObserverSeesUninitializedTargets) {
  ExplorationResult summary = explore_corpus("theta_orig.sym", "summary");
  EXPECT_EQ(summary.statistics.heap.max_uninitialized, 2u);
  EXPECT_GT(summary.statistics.heap.guarded_states, 0u);
  ExplorationResult lazy = explore_corpus("theta_orig.sym", "lazy");
  EXPECT_EQ(lazy.statistics.heap.max_uninitialized, 1u);
  EXPECT_EQ(lazy.statistics.heap.guarded_states, 0u);
  ScopedFault planted(Fault::HeapLazyMergesAliases);
  ExplorationResult merged = explore_corpus("theta_orig.sym", "lazy");
  EXPECT_GT(merged.statistics.heap.guarded_states, 0u);  // what lazy_single_uninitialized reports
}

// Solver pruning (--heap-prune): after `assume x.next == x`, x.next's own location l2 cannot exist,
// so w's Summarize leaves out θ_alias for l2; the leaves stay the same, the sets get smaller.
TEST(HeapEngines, PruningDropsRefutedTargets) {
  ExplorationResult plain = explore_corpus("guarded_alias.sym", "summary");
  ExplorationResult pruned = explore_corpus("guarded_alias.sym", "summary", true);
  EXPECT_EQ(feasible_sequences(plain), feasible_sequences(pruned));
  EXPECT_EQ(plain.statistics.heap.pruned_targets, 0u);
  EXPECT_EQ(plain.statistics.heap.prune_queries, 0u);
  EXPECT_GT(pruned.statistics.heap.pruned_targets, 0u);
  EXPECT_EQ(pruned.statistics.heap.prune_unknown, 0u);
  EXPECT_LT(pruned.statistics.heap.max_points_to, plain.statistics.heap.max_points_to);
}

TEST(HeapEngines, UnknownHeapNameIsRejected) {
  auto program = load_program_from_text("t.sym", "main { skip; }");
  terms::TermManager terms(program.get());
  EXPECT_THROW(find_heap_model(heap_models(), "graphs"), std::invalid_argument);
  EXPECT_EQ(find_heap_model(heap_models(), "arrays").make, nullptr);
  EXPECT_EQ(find_heap_model(heap_models(), "lazy").name, "lazy");
  EXPECT_THROW(find_heap_model({}, "lazy"), std::invalid_argument);  // offered only where handed in
}

TEST(HeapEngines, CommandLine) {
  const fs::path directory = fs::temp_directory_path() / "symref-heap-cli";
  fs::create_directories(directory);
  const std::string program = (fs::path(SYMREF_SOURCE_DIR) / "corpus" / "heap" / "self_loop.sym").string();
  // lazy and summary need the forward engine: a usage error
  auto usage = testing::run_process(directory, SYMREF_BINARY, {"explore", program, "--heap", "lazy", "--engine", "trace"});
  EXPECT_EQ(usage.code, 2) << usage.err;
  EXPECT_NE(usage.err.find("needs --engine forward"), std::string::npos) << usage.err;
  auto prune_arrays = testing::run_process(directory, SYMREF_BINARY, {"explore", program, "--heap-prune"});
  EXPECT_EQ(prune_arrays.code, 2) << prune_arrays.err;
  auto pruned = testing::run_process(directory, SYMREF_BINARY, {"explore", program, "--heap", "summary", "--heap-prune", "--format", "json"});
  ASSERT_EQ(pruned.code, 0) << pruned.err;
  EXPECT_TRUE(nlohmann::json::parse(pruned.out)["stats"].contains("pruned_targets"));
  auto json = testing::run_process(directory, SYMREF_BINARY, {"explore", program, "--heap", "lazy", "--format", "json"});
  ASSERT_EQ(json.code, 0) << json.err;
  auto out = nlohmann::json::parse(json.out);
  EXPECT_EQ(out["heap"], "lazy");
  EXPECT_EQ(out["stats"]["forks"], 3);  // 4 feasible leaves
  bool self_alias = false;
  for (const auto& path : out["paths"])
    for (const auto& choice : path["final"]["heap"]["choices"]) self_alias |= choice == "l1.next = alias l1";
  EXPECT_TRUE(self_alias);
  auto arrays = testing::run_process(directory, SYMREF_BINARY, {"explore", program, "--format", "json"});
  EXPECT_FALSE(nlohmann::json::parse(arrays.out).contains("heap"));  // arrays output as before
}

}  // namespace
}  // namespace symref::heap

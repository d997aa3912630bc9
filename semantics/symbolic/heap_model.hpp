// The heap-representation hook of the forward machine (draft "Exact Heap Summaries from Symbolic
// Execution", §3–§5): how field reads, field writes, `new`, reference equality and nil checks are
// built, and which heap choices a statement needs before its step.  Without a model the machine
// keeps the encoding of §4.1 (fields as arrays over objects, `arrays`); engines/heap adds the
// draft's lazy initialization (§4) and guarded points-to summaries (§5).
//
// This is the one extension point of the symbolic machine: an engine that represents the heap
// otherwise implements HeapModel and offers a factory by name (HeapModelChoice); the binary hands
// the engines' choices to the commands that explore (tool/command_table.cpp), where
// `explore --heap NAME` finds it; nothing else in semantics/ knows about engines.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "semantics/rule_coverage.hpp"
#include "semantics/syntax/program.hpp"
#include "semantics/terms/term_manager.hpp"

namespace symref {

struct SymbolicConfiguration;
struct SymbolicSuccessor;

// A heap model's own part of a configuration, shared between successors until one of them changes
// it (copy on write).
struct HeapState {
  virtual ~HeapState() = default;
};

// What a path's final heap looks like, for the reports (JSON `final.heap`).
struct HeapDescription {
  struct Target {
    std::string location;
    terms::Term guard;
    bool is_location = true;  // false: the target is a term that names no location (Def. 3 broken)
  };
  struct Location {
    std::string name;
    std::string class_name;
    std::string kind;                                         // "input" or "new"
    std::vector<std::pair<std::string, std::string>> fields;  // field -> reference or term
  };
  std::vector<std::pair<std::string, std::string>> roots;             // global -> reference
  std::vector<std::pair<std::string, std::vector<Target>>> points_to;  // reference -> L(r)
  std::vector<Location> locations;
  std::vector<std::string> choices;  // lazy only
  // The input graph the initializations built, where each initialized reference has one target
  // (lazy; a summary slot with a guarded set is left out): a reference global's input value
  // (holder empty, `variable` the global) or an input slot holder.field (`variable` the field),
  // and the location it denotes ("null" or an input location's name).
  struct InputEdge {
    std::string holder;
    std::int32_t variable;
    std::string target;
  };
  std::vector<InputEdge> input_edges;
};

// Counters a heap model keeps over one exploration (JSON `stats`).
struct HeapStatistics {
  std::uint64_t heap_choices = 0;     // lazy initializations (successors offered)
  std::uint64_t summarize_steps = 0;  // Summarize applications (Fig. 8)
  std::uint64_t max_points_to = 0;    // the largest |L(r)| built
  std::uint64_t locations = 0;        // input locations materialized, over all paths
  // The per-step observer (before every step): the largest |UN| of a read, and the states in
  // which a stored reference had several targets or a guard other than true (lazy: none).
  std::uint64_t max_uninitialized = 0;
  std::uint64_t guarded_states = 0;
  // Solver pruning in Summarize, UN, VS and ST (`--heap-prune`): targets dropped because
  // φ ∧ guard is unsat, the queries asked, and those answered unknown (kept).
  std::uint64_t pruned_targets = 0;
  std::uint64_t prune_queries = 0;
  std::uint64_t prune_unknown = 0;
};

// Asks whether φ ∧ guard is satisfiable (the explorer answers with its solver); only `Unsat`
// lets a heap model drop a target.
enum class GuardVerdict : std::uint8_t { Sat, Unsat, Unknown };
using GuardOracle = std::function<GuardVerdict(const std::vector<terms::Term>& path_condition, terms::Term guard)>;

class HeapModel {
 public:
  virtual ~HeapModel() = default;
  virtual std::string_view name() const = 0;

  // Called before the step of the configuration's current statement (null at the end of a
  // closure).  When a slot that the statement reads is not initialized yet, appends the
  // successors that initialize it — no step is taken, no branch letter added — and returns true.
  virtual bool initialize_reads(const SymbolicConfiguration& configuration, const Statement* statement,
                                std::vector<SymbolicSuccessor>& out) = 0;

  // object.field, object.field := value, a new object's fields at their defaults.
  virtual terms::Term read_field(const SymbolicConfiguration& configuration, std::int32_t field, terms::Term object) = 0;
  virtual void write_field(SymbolicConfiguration& configuration, std::int32_t field, terms::Term object,
                           terms::Term value) = 0;
  virtual void created(SymbolicConfiguration& configuration, terms::Term object, std::int32_t class_index) = 0;
  // A reference-typed global was assigned: it no longer holds its input value.
  virtual void assigned_global(SymbolicConfiguration& configuration, std::int32_t global) = 0;
  // a == b on references (also p == nil for the nil checks of Definition 4.1).
  virtual terms::Term references_equal(const SymbolicConfiguration& configuration, terms::Term a, terms::Term b) = 0;

  virtual HeapDescription describe(const SymbolicConfiguration& configuration) const = 0;
  virtual HeapStatistics statistics() const = 0;

  // With an oracle set, Summarize, UN, VS and ST drop the targets whose guard it proves unsat.
  void set_guard_oracle(GuardOracle oracle) { guard_oracle_ = std::move(oracle); }
  // Where the model counts the choices and cases it applies (a tally of its engine's coverage
  // table, `fuzz --coverage`); null: not counted.
  void count_choices_in(RuleTally* tally) { coverage_ = tally; }

 protected:
  GuardOracle guard_oracle_;
  RuleTally* coverage_ = nullptr;
};

// A heap model by name (`explore --heap NAME`), made afresh for each exploration.  `arrays`, the
// machine without a model, has no factory.
using HeapModelFactory = std::function<std::unique_ptr<HeapModel>(const Program&, terms::TermManager&)>;
struct HeapModelChoice {
  std::string name = "arrays";
  std::string description;  // a few words for --help
  HeapModelFactory make;    // null: arrays
};
// The heap models a command offers besides `arrays`.
using HeapModelCatalogue = std::vector<HeapModelChoice>;
// `name` in `catalogue` (`arrays`: the choice without a factory); throws std::invalid_argument
// for a name the catalogue does not hold.
HeapModelChoice find_heap_model(const HeapModelCatalogue& catalogue, const std::string& name);

}  // namespace symref

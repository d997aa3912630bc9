// The apc engine end to end: Theorem 1's verdict from apc and apc^K (§6), witnesses replayed
// concretely, and the guided search of §7 (the forward engine pruned by apc).
#include "engines/apc/apc_analysis.hpp"

#include <algorithm>
#include <exception>
#include <thread>

#include "engines/apc/apc_coverage.hpp"
#include "engines/apc/unfolding.hpp"
#include "interp/explore/explorer.hpp"
#include "interp/explore/test_generation.hpp"
#include "interp/solver/stopwatch.hpp"
#include "semantics/concrete/machine.hpp"
#include "semantics/faults.hpp"
#include "semantics/terms/traversal.hpp"

namespace symref::apc {

std::string_view to_string(Verdict verdict) {
  switch (verdict) {
    case Verdict::Unreachable: return "unreachable";
    case Verdict::Reachable: return "reachable";
    case Verdict::Unknown: break;
  }
  return "unknown";
}

bool fails_target(const Program& program, const GlobalState& input, SourceLocation target, Outcome* outcome, std::string* branches) {
  ConcreteMachine machine(program, input);
  machine.run(RunLimits{10'000'000, 100'000});
  if (outcome != nullptr) *outcome = machine.outcome();
  if (branches != nullptr) *branches = machine.branches();
  if (machine.outcome() != Outcome::AssertionFailure) return false;
  const Statement* failing = machine.next_statement();  // an assert failure does not advance
  return failing != nullptr && failing->location.offset == target.offset;
}

namespace {
// The apc queries' options for the dependency queries and the witness search, which write no SMT-LIB files.
solver::SolverOptions without_smt_directory(solver::SolverOptions options) {
  options.smt_directory.clear();
  return options;
}
}  // namespace

ApcAnalysis::ApcAnalysis(const Program& program, terms::TermManager& terms, ApcOptions options)
    : program_(program), terms_(terms), options_(std::move(options)), flowgraph_(build_flowgraph(program, terms, options_.target)),
      abstraction_(std::make_unique<PathAbstraction>(
          flowgraph_, terms, AbstractionOptions{.loop_processing = options_.loop_processing, .solver = options_.solver,
                                                .solving = without_smt_directory(options_.solving),
                                                .reuse_loop_summaries = options_.reuse_loop_summaries,
                                                .max_loop_summaries = options_.max_loop_summaries,
                                                .session = options_.session,
                                                .coverage = options_.coverage})) {}

void ApcAnalysis::build() {
  if (apc_ != nullptr) return;
  solver::Stopwatch clock;
  apc_ = abstraction_->compute();
  build_seconds_ = clock.seconds();
  if (options_.unfolded) {
    solver::Stopwatch unfolding;
    unfolded_ = unfold(terms_, apc_, options_.unfold);
    count_rule(options_.coverage, ApcRule::Unfolding);
    unfolded_answer_.unfold_seconds = unfolding.seconds();
  }
}

// One of the two queries of §6 on its own solver: the formula is translated on the calling
// thread (the term manager is not shared between threads); check() may then run on another.
struct ApcAnalysis::Query {
  std::unique_ptr<solver::Solver> solver;
  QueryAnswer answer;
  std::exception_ptr failure;

  void check() {
    try {
      solver::Stopwatch clock;
      answer.status = solver->check();
      answer.seconds = clock.seconds();
    } catch (...) {
      failure = std::current_exception();
    }
  }
};

std::unique_ptr<ApcAnalysis::Query> ApcAnalysis::prepare(terms::Term formula) {
  auto query = std::make_unique<Query>();
  query->solver = solver::make_solver(options_.solver, terms_, options_.solving, options_.session);
  query->answer.asked = true;
  query->solver->add(formula);
  return query;
}

QueryAnswer ApcAnalysis::finish(Query& query, std::optional<GlobalState>& model_input) {
  if (query.failure) std::rethrow_exception(query.failure);
  ++queries_;
  QueryAnswer answer = query.answer;
  if (answer.status == solver::SatResult::Unknown) answer.reason = query.solver->reason_unknown();
  if (answer.status == solver::SatResult::Sat && options_.witness) {
    std::string reason;
    model_input = input_from_model(program_, terms_, *query.solver->model(), TestGenerationLimits{}, reason);
  }
  return answer;
}

std::optional<WitnessRun> ApcAnalysis::witness_from(const std::optional<GlobalState>& input, const std::string& found_by) {
  if (!input) return std::nullopt;
  WitnessRun run{*input, Outcome::Running, "", found_by};
  if (!fails_target(program_, *input, flowgraph_.target_location, &run.outcome, &run.branches)) return std::nullopt;
  return run;
}

// §7: the forward engine keeps only states whose φ ∧ apc is satisfiable (apc^K when unfolded:
// it is quantifier-free and implied by apc, so the pruning stays sound).  The loop bound rises
// 0, 1, 2, 4, … up to `bound`, so that a short witness is not paid for with the whole tree at
// the full bound; the last bound tried is the full bound, so nothing within it is missed.  With `guided` off the same
// rounds run without the pruning: the plain exploration §7 is compared against.
std::optional<WitnessRun> ApcAnalysis::guided_search(std::uint32_t bound) {
  build();
  if (options_.guided) count_rule(options_.coverage, ApcRule::GuidedSearch);
  Term pruning = unfolded_ != nullptr ? unfolded_ : apc_;
  // The planted fault prunes by the first backbone's apc_π only.
  if (fault_active(Fault::ApcGuidedFirstBackbone) && !abstraction_->backbone_conditions().empty())
    pruning = abstraction_->backbone_conditions().front().apc;
  if (!options_.guided) pruning = nullptr;
  solver::Stopwatch clock;
  search_ = SearchStatistics{.ran = true};
  std::optional<WitnessRun> found;
  for (std::uint32_t round = 0;; round = round == 0 ? 1 : std::min(bound, 2 * round)) {
    round = std::min(round, bound);
    search_.bound = round;
    ExploreOptions explore_options;
    explore_options.limits.loop_bound = round;
    explore_options.solver = options_.solver;
    explore_options.session = options_.session;
    explore_options.solving = without_smt_directory(options_.solving).with_shortcuts();
    explore_options.restrict_to = pruning;
    explore_options.max_paths = 10'000;
    explore_options.on_leaf = options_.on_search_leaf;
    if (options_.on_phase) options_.on_phase("witness search with loop bound " + std::to_string(round));
    Explorer explorer(program_, terms_, explore_options);
    ExplorationResult result = explorer.explore();
    queries_ += result.statistics.queries;
    search_.leaves += result.paths.size();
    for (const ExploredPath& path : result.paths)
      if (path.status == solver::SatResult::Unknown) ++search_.unknown_leaves;
    for (const ExploredPath& path : result.paths) {
      if (path.outcome != Outcome::AssertionFailure || !path.test) continue;
      if ((found = witness_from(path.test, options_.guided ? "guided search" : "unguided search"))) break;
    }
    if (found || round >= bound) break;
  }
  search_.seconds = clock.seconds();
  return found;
}

void ApcAnalysis::run() {
  solver::Stopwatch clock;
  if (options_.on_phase) options_.on_phase("building the path abstraction and apc");
  build();
  std::optional<GlobalState> unfolded_input, direct_input;
  // §6: apc^K and apc solved in parallel, each under the time-out, both answers kept.  With
  // --smt-dir the two run one after the other, so that their query files do not interleave; so
  // they do with cvc5 (alone or in `both`): cvc5 1.0's solvers share one node manager, and two
  // checks at once aborted inside its type checker.
  std::unique_ptr<Query> unfolded_query = options_.unfolded ? prepare(unfolded_) : nullptr;
  std::unique_ptr<Query> direct_query = options_.direct ? prepare(apc_) : nullptr;
  bool parallel = options_.solving.smt_directory.empty() && options_.solver == "z3";
  if (options_.on_phase && (unfolded_query || direct_query))
    options_.on_phase(std::string("solving ") + (unfolded_query && direct_query ? "apc^K and apc" : unfolded_query ? "apc^K" : "apc"));
  if (unfolded_query && direct_query && parallel) {
    std::thread beside([&] { direct_query->check(); });
    unfolded_query->check();
    beside.join();
  } else {
    if (unfolded_query) unfolded_query->check();
    if (direct_query) direct_query->check();
  }
  if (unfolded_query) {
    double unfold_seconds = unfolded_answer_.unfold_seconds;
    unfolded_answer_ = finish(*unfolded_query, unfolded_input);
    unfolded_answer_.unfold_seconds = unfold_seconds;
  }
  if (direct_query) direct_ = finish(*direct_query, direct_input);
  bool refuted = (direct_.asked && direct_.status == solver::SatResult::Unsat) ||
                 (unfolded_answer_.asked && unfolded_answer_.status == solver::SatResult::Unsat);
  if (refuted) {
    verdict_ = Verdict::Unreachable;
  } else if (options_.witness) {
    if (options_.model_witness) {
      witness_ = witness_from(unfolded_input, "model");
      if (!witness_) witness_ = witness_from(direct_input, "model");
    }
    if (!witness_) witness_ = guided_search(options_.witness_bound);
    if (witness_) verdict_ = Verdict::Reachable;
  }
  total_seconds_ = clock.seconds();
}

}  // namespace symref::apc

namespace symref::apc {

terms::Term input_condition(terms::TermManager& terms, const Program& program, const GlobalState& input) {
  std::vector<terms::Term> equalities;
  for (std::size_t g = 0; g < program.globals.size(); ++g) {
    terms::Term symbol = terms.global_symbol(static_cast<std::int32_t>(g));
    switch (program.globals[g].type.kind) {
      case TypeKind::Int: equalities.push_back(terms.equal(symbol, terms.integer(input.globals[g].as_integer()))); break;
      case TypeKind::Bool: equalities.push_back(terms.equal(symbol, terms.boolean(input.globals[g].as_boolean()))); break;
      case TypeKind::IntArray: {
        const std::vector<Integer>& elements = input.arrays[g];
        equalities.push_back(terms.equal(terms.length(symbol), terms.integer(static_cast<std::int64_t>(elements.size()))));
        for (std::size_t j = 0; j < elements.size(); ++j)
          equalities.push_back(terms.equal(terms.select(symbol, terms.integer(static_cast<std::int64_t>(j))), terms.integer(elements[j])));
        break;
      }
      default: break;  // references lie outside the engine's programs
    }
  }
  return terms.logical_and(equalities);
}

namespace {

// Constants one read index may take before its array is pinned whole.
constexpr std::size_t max_index_values = 64;

// The constants `index` can take, when it is a constant or an if-then-else tree over constants
// (at most max_index_values of them); false when it can take other values.
bool index_values(terms::Term index, std::vector<Integer>& values) {
  std::vector<terms::Term> pending{index};
  while (!pending.empty()) {
    terms::Term term = pending.back();
    pending.pop_back();
    if (term->kind() == terms::TermKind::IntegerConstant) {
      if (values.size() == max_index_values) return false;
      values.push_back(term->integer());
    } else if (term->kind() == terms::TermKind::IfThenElse) {
      pending.push_back(term->child(1));
      pending.push_back(term->child(2));
    } else {
      return false;
    }
  }
  return true;
}

// An input array as the formula reads it: its global and its elements, and the indices read
// (nothing: every element may be read).
struct InputArray {
  std::size_t global = 0;
  const std::vector<Integer>* elements = nullptr;
  std::optional<std::vector<Integer>> read_indices = std::vector<Integer>{};
};

// The element of `array` at `index`, when the array is an input array and the index a constant
// inside it (an index outside reads no input element: input_condition pins none there either).
terms::Term input_element(terms::TermManager& terms, const terms::TermMap<std::size_t>& arrays,
                          const std::vector<InputArray>& inputs, terms::Term array, terms::Term index) {
  const std::size_t* which = arrays.find(array);
  if (which == nullptr || index->kind() != terms::TermKind::IntegerConstant) return nullptr;
  const std::vector<Integer>& elements = *inputs[*which].elements;
  std::optional<std::int64_t> position = index->integer().to_int64();
  if (!position || *position < 0 || static_cast<std::uint64_t>(*position) >= elements.size()) return nullptr;
  return terms.integer(elements[static_cast<std::size_t>(*position)]);
}

}  // namespace

terms::Term condition_under_input(terms::TermManager& terms, const Program& program, const GlobalState& input,
                                  terms::Term condition) {
  // The input's scalars and the input arrays' symbols.
  terms::TermMap<terms::Term> scalars;
  terms::TermMap<std::size_t> arrays;  // symbol -> position in `inputs`
  std::vector<InputArray> inputs;
  for (std::size_t g = 0; g < program.globals.size(); ++g) {
    terms::Term symbol = terms.global_symbol(static_cast<std::int32_t>(g));
    switch (program.globals[g].type.kind) {
      case TypeKind::Int: scalars.insert_or_assign(symbol, terms.integer(input.globals[g].as_integer())); break;
      case TypeKind::Bool: scalars.insert_or_assign(symbol, terms.boolean(input.globals[g].as_boolean())); break;
      case TypeKind::IntArray:
        arrays.insert_or_assign(symbol, inputs.size());
        inputs.push_back(InputArray{g, &input.arrays[g]});
        break;
      default: break;  // references lie outside the engine's programs
    }
  }
  // Scalars, lengths and reads at constant indices put in place, bottom-up so that an index that
  // becomes a constant (a[b[0]]) is read in turn.
  terms::Term placed = terms::rewrite_bottom_up(condition, [&](terms::Term node, const std::vector<terms::Term>& children) {
    if (const terms::Term* value = scalars.find(node)) return *value;
    if (node->kind() == terms::TermKind::Length && children.size() == 1)
      if (const std::size_t* which = arrays.find(children[0]))
        return terms.integer(static_cast<std::int64_t>(inputs[*which].elements->size()));
    if (node->kind() == terms::TermKind::Select)
      if (terms::Term element = input_element(terms, arrays, inputs, children[0], children[1])) return element;
    if (std::equal(children.begin(), children.end(), node->begin(), node->end())) return node;
    terms::Term rebuilt = terms.rebuild(node, children);
    if (rebuilt->kind() == terms::TermKind::Select)  // a read through stores the manager resolved
      if (terms::Term element = input_element(terms, arrays, inputs, rebuilt->child(0), rebuilt->child(1))) return element;
    return rebuilt;
  });
  // Where each input array is still read: through its stores, at the index of a select.  Any other
  // use (an argument of a function, an index set that is not a few constants) reads it whole.
  terms::TermMap<std::size_t> based_on;  // an input array or a store over one -> position in `inputs`
  terms::for_each_subterm(placed, [&](terms::Term node) {
    if (const std::size_t* which = arrays.find(node)) based_on.insert_or_assign(node, *which);
    for (std::uint32_t i = 0; i < node->arity(); ++i) {
      const std::size_t* which = based_on.find(node->child(i));
      if (which == nullptr) continue;
      InputArray& array = inputs[*which];
      if (i == 0 && node->kind() == terms::TermKind::Store) {
        based_on.insert_or_assign(node, *which);
      } else if (i == 0 && node->kind() == terms::TermKind::Length) {
        // the length reads no element (it is pinned below in any case)
      } else if (i == 0 && node->kind() == terms::TermKind::Select && array.read_indices) {
        if (!index_values(node->child(1), *array.read_indices)) array.read_indices.reset();
      } else {
        array.read_indices.reset();
      }
    }
  });
  std::vector<terms::Term> conjuncts{placed};
  for (const InputArray& array : inputs) {
    terms::Term symbol = terms.global_symbol(static_cast<std::int32_t>(array.global));
    const std::vector<Integer>& elements = *array.elements;
    conjuncts.push_back(terms.equal(terms.length(symbol), terms.integer(static_cast<std::int64_t>(elements.size()))));
    auto pin = [&](std::size_t j) {
      conjuncts.push_back(terms.equal(terms.select(symbol, terms.integer(static_cast<std::int64_t>(j))), terms.integer(elements[j])));
    };
    if (!array.read_indices) {
      for (std::size_t j = 0; j < elements.size(); ++j) pin(j);
      continue;
    }
    std::vector<std::size_t> positions;
    for (const Integer& index : *array.read_indices)
      if (std::optional<std::int64_t> j = index.to_int64(); j && *j >= 0 && static_cast<std::uint64_t>(*j) < elements.size())
        positions.push_back(static_cast<std::size_t>(*j));
    std::sort(positions.begin(), positions.end());
    positions.erase(std::unique(positions.begin(), positions.end()), positions.end());
    for (std::size_t j : positions) pin(j);
  }
  return terms.logical_and(conjuncts);
}

}  // namespace symref::apc

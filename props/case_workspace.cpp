// Loading, materializing and exploring a test case once for all its properties.
#include "props/case_workspace.hpp"

#include "engines/apc/apc_analysis.hpp"
#include "engines/compact/compact_explorer.hpp"
#include "engines/heap/symbolic_heap.hpp"

#include "interp/explore/test_generation.hpp"
#include "interp/state_json/state_format.hpp"
#include "props/compact_checks.hpp"
#include "props/engine_coverage.hpp"
#include "props/properties/compositional_run.hpp"
#include "props/shape_printer.hpp"
#include "semantics/syntax/diagnostics.hpp"
#include "semantics/syntax/front_end.hpp"

namespace symref::props {

CaseWorkspace::CaseWorkspace(const TestCase& test_case, const PropertySettings& settings, solver::SolverSession& solvers)
    : solvers_(solvers), test_case_(test_case), settings_(settings) {}

CaseWorkspace::CaseWorkspace(const TestCase& test_case, const PropertySettings& settings)
    : own_solvers_(std::make_unique<solver::SolverSession>()), solvers_(*own_solvers_), test_case_(test_case), settings_(settings) {}

CaseWorkspace::~CaseWorkspace() = default;

namespace {
// Runs `compute` (which fills a shared result) unless an earlier attempt threw: that exception is
// remembered and rethrown to every later caller; a rejected program is the generator's failure and
// is not remembered.
template <class Compute>
void compute_once(std::exception_ptr& error, Compute&& compute) {
  if (error) std::rethrow_exception(error);
  try {
    compute();
  } catch (const GeneratedProgramRejected&) {
    throw;
  } catch (...) {
    error = std::current_exception();
    throw;
  }
}
}  // namespace

const std::string& CaseWorkspace::program_text() {
  if (!text_) text_ = props::program_text(test_case_);
  return *text_;
}

namespace {

// A generated text as a checked program; a text the front end refuses is the generator's bug.
std::unique_ptr<Program> load_generated(const std::string& file, const std::string& text, const std::string& what) {
  try {
    return load_program_from_text(file, text);
  } catch (const InputError& error) {
    throw GeneratedProgramRejected("the generated " + what + " does not load:\n" + error.what() + text);
  }
}

std::vector<GlobalState> materialize_inputs(const Program& program, const TestCase& test_case) {
  std::vector<GlobalState> inputs;
  for (const auto& input : test_case.inputs) inputs.push_back(materialize_input(program, input));
  return inputs;
}

std::string named_state_json(const Program& program, const GlobalState& state) {
  GlobalState named = state;
  name_new_objects(named);
  return write_state(program, named).dump(2);
}

}  // namespace

const Program& CaseWorkspace::program() {
  if (!program_) {
    program_ = load_generated("generated.sym", program_text(), "program");
    terms_ = std::make_unique<terms::TermManager>(program_.get());
    terms_->set_max_int_bits(settings_.max_int_bits);
  }
  return *program_;
}

terms::TermManager& CaseWorkspace::terms() {
  program();
  return *terms_;
}

const std::vector<GlobalState>& CaseWorkspace::inputs() {
  if (!inputs_) inputs_ = materialize_inputs(program(), test_case_);
  return *inputs_;
}

const Program& CaseWorkspace::probe_program() {
  if (!probe_program_) probe_program_ = load_generated("probes.sym", probe_program_text(), "probe program");
  return *probe_program_;
}

const std::vector<GlobalState>& CaseWorkspace::probe_inputs() {
  if (!probe_inputs_) probe_inputs_ = materialize_inputs(probe_program(), test_case_);
  return *probe_inputs_;
}

const Statement& CaseWorkspace::probe_assignment(std::size_t probe) {
  return probe_program().main.statements.at(probe).then_block.statements.at(0);
}

const Statement& CaseWorkspace::update_statement(std::size_t update) {
  return probe_program().main.statements.at(test_case_.probes.size() + update).then_block.statements.at(0);
}

std::int32_t CaseWorkspace::probe_selector_slot() {
  auto found = probe_program().global_index.find(probe_selector_name);
  return found == probe_program().global_index.end() ? -1 : found->second;
}

RuleTally* CaseWorkspace::rule_tally(std::string_view engine) { return coverage_ == nullptr ? nullptr : &coverage_->of(engine); }

const ExplorationResult& CaseWorkspace::explore(EngineMode engine, std::optional<ExplorationResult>& result,
                                                std::exception_ptr& error, const std::string& heap) {
  if (result) return *result;
  ExploreOptions options;
  options.engine = engine;
  options.limits.loop_bound = settings_.loop_bound;
  options.max_steps = settings_.max_path_steps;
  options.max_paths = settings_.max_paths;
  options.solver = "z3";
  options.solving = settings_.solver_options().with_shortcuts();
  options.generate_tests = true;
  options.check_agreement = engine == EngineMode::Trace;
  options.heap = find_heap_model(heap::heap_models(), heap);
  options.session = &solvers_;
  // The core's rules are counted on the explorations over arrays (§4.1); a heap model's counts its choices.
  if (heap == "arrays")
    options.rule_tally = rule_tally(engine == EngineMode::Forward ? "forward" : "trace");
  else
    options.heap_tally = rule_tally("heap");
  compute_once(error, [&] {
    Explorer explorer(program(), terms(), options);
    result = explorer.explore();
  });
  return *result;
}

const ExplorationResult& CaseWorkspace::forward_exploration() { return explore(EngineMode::Forward, forward_, forward_error_); }

const ExplorationResult& CaseWorkspace::heap_exploration(const std::string& heap) {
  if (heap == "lazy") return explore(EngineMode::Forward, lazy_, lazy_error_, heap);
  return explore(EngineMode::Forward, summary_, summary_error_, heap);
}

const ExplorationResult& CaseWorkspace::trace_exploration() { return explore(EngineMode::Trace, trace_, trace_error_); }

const compact::CompactResult& CaseWorkspace::compact_exploration_with_tests() {
  if (compact_with_tests_) return *compact_with_tests_;
  compact::CompactOptions options = compact_options_for(settings_);
  options.session = &solvers_;
  options.generate_tests = true;
  options.coverage = rule_tally("compact");
  compute_once(compact_with_tests_error_, [&] {
    compact_with_tests_ = std::make_unique<compact::CompactResult>(compact::explore_compact(program(), terms(), options));
  });
  return *compact_with_tests_;
}

const compact::CompactResult& CaseWorkspace::compact_exploration() {
  if (compact_) return *compact_;
  if (!compact_with_tests_error_) {
    try {
      return compact_exploration_with_tests();
    } catch (const GeneratedProgramRejected&) {
      throw;
    } catch (...) {  // kept in compact_with_tests_error_ for compact_tests_replay
    }
  }
  // Models are validated (as in explore): an object identity beyond 64 bits counts as unevaluated.
  compact::CompactOptions options = compact_options_for(settings_);
  options.session = &solvers_;
  options.coverage = rule_tally("compact");
  compute_once(compact_error_, [&] {
    compact_ = std::make_unique<compact::CompactResult>(compact::explore_compact(program(), terms(), options));
  });
  return *compact_;
}

CompositionalRun& CaseWorkspace::compositional_run() {
  if (compositional_) return *compositional_;
  compute_once(compositional_error_, [&] { compositional_ = std::make_unique<CompositionalRun>(*this); });
  return *compositional_;
}

std::string CaseWorkspace::state_json(const GlobalState& state) { return named_state_json(program(), state); }

std::optional<std::string> CaseWorkspace::model_state_json(const solver::Model& model) {
  std::string reason;
  auto input = input_from_model(program(), terms(), model, TestGenerationLimits{}, reason);
  if (!input) return std::nullopt;
  return state_json(*input);
}

std::string CaseWorkspace::probe_state_json(const GlobalState& state) { return named_state_json(probe_program(), state); }

const std::string& CaseWorkspace::probe_program_text() {
  if (!probe_text_) probe_text_ = print_program_shape(props::probe_program(test_case_));
  return *probe_text_;
}

}  // namespace symref::props

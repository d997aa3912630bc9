// Algorithm 1 (Trtík §3), classic and □ lines, on the forward engine's rules; special records
// (t, κ) of recursion templates ride beside the forward engine's stack of closures.
#include "engines/compact/compact_explorer.hpp"

#include <chrono>
#include <deque>
#include <limits>
#include <map>
#include <random>
#include <unordered_map>

#include "engines/compact/bounded_forall.hpp"
#include "engines/compact/compact_coverage.hpp"
#include "interp/explore/test_generation.hpp"
#include "interp/explore/worklist_search.hpp"
#include "semantics/concrete/machine.hpp"
#include "semantics/faults.hpp"
#include "semantics/symbolic/state_valuation.hpp"

namespace symref::compact {

using solver::SatResult;

namespace {

// The branch string split at its instances: segments[k] are the letters before instance k.
std::vector<std::string> literal_segments(const std::string& branches) {
  std::vector<std::string> segments(1);
  for (std::size_t i = 0; i < branches.size(); ++i) {
    if (branches[i] == '{') {
      i = branches.find('}', i);
      segments.emplace_back();
    } else {
      segments.back() += branches[i];
    }
  }
  return segments;
}

// A special record (t, κ) of Algorithm 1 line 27: pushed where the recursive procedure was
// entered, i.e. it sits just above the closure of that frame's caller.  The forward engine's stack
// holds closures only, so the records are kept beside it, each with the depth of its frame.
struct SpecialRecord {
  std::size_t template_index = 0;
  Term parameter = nullptr;
  std::size_t depth = 0;
};

// What the solver said about a φ (with its reason when unknown).
struct Answer {
  SatResult status = SatResult::Unknown;
  std::string reason;
};

struct WorkItem {
  SymbolicConfiguration configuration;
  std::vector<Instance> instances;
  bool needs_check = false;
  bool undecided = false;  // a query on the way answered unknown: kept, never counted feasible
  std::vector<SpecialRecord> records;
  bool at_entry = false;  // a call has just pushed this frame: the procedure's entry location
  std::size_t vertex = 0;  // its vertex in the tree T
};

class CompactSearch {
 public:
  CompactSearch(const Program& program, terms::TermManager& terms, const CompactOptions& options)
      : program_(program), terms_(terms), options_(options), machine_(program, terms, options.limits), random_(options.seed) {
    solver::SolverOptions search = options.solving;
    if (!search.smt_directory.empty()) search.smt_directory += "/search";
    solver_ = solver::make_solver(options.solver, terms, search, options.session);
  }

  CompactResult run() {
    auto started = std::chrono::steady_clock::now();
    TemplateStatistics construction;
    if (options_.templates) {
      TemplateOptions template_options;
      template_options.solver = options_.solver;
      template_options.solving = options_.solving;
      template_options.solving.validate_models = true;
      template_options.quantifier_brackets = options_.quantifier_brackets;
      template_options.session = options_.session;
      template_options.coverage = options_.coverage;
      if (!options_.solving.smt_directory.empty()) template_options.solving.smt_directory += "/templates";
      result_.templates = detect_loop_templates(program_, terms_, template_options, &construction);
      for (std::size_t k = 0; k < result_.templates.size(); ++k) {
        const LoopTemplate& t = result_.templates[k];
        if (t.status != TemplateStatus::Ok) continue;
        if (t.kind == TemplateKind::Loop) usable_[t.site->loop].push_back(k);
        else usable_at_entry_[t.site->procedure].push_back(k);
      }
    }
    search();
    auto& statistics = result_.statistics;
    statistics.queries += construction.queries;
    statistics.quantified_queries += construction.quantified_queries;
    for (const auto& path : result_.paths) {
      ++statistics.paths;
      if (path.status == SatResult::Sat) ++statistics.feasible;
      else if (path.status == SatResult::Unsat) ++statistics.infeasible;
      else ++statistics.unknown;
      if (path.status != SatResult::Unsat && path.outcome == Outcome::Bound) result_.finite = false;
    }
    if (statistics.truncated) result_.finite = false;
    statistics.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    return std::move(result_);
  }

 private:
  SatResult check(Term formula) {
    SatResult status = SatResult::Unknown;
    const bool quantified = has_quantifier(formula);
    if (quantified && options_.quantifier_brackets)
      status = decide_by_brackets(*solver_, terms_, formula, true, result_.statistics.queries, options_.coverage);
    if (status != SatResult::Unknown) {
      ++result_.statistics.bracket_answers;
    } else {
      ++result_.statistics.queries;
      if (quantified) ++result_.statistics.quantified_queries;
      solver_->push();
      solver_->add(formula);
      status = solver_->check();
      if (status != SatResult::Sat) solver_->pop();  // a satisfiable scope stays until its model is read
    }
    answers_[formula] = Answer{status, status == SatResult::Unknown ? solver_->reason_unknown() : std::string()};
    return status;
  }

  // The answer for a φ this search asked before (terms are hash-consed: the same φ is the same
  // node): a leaf's φ is often the one its successor was checked with.  No scope stays open.
  const Answer* asked_before(Term formula) const {
    auto found = answers_.find(formula);
    return found == answers_.end() ? nullptr : &found->second;
  }

  // Satisfiability without a model: asked once per φ (an unknown is not asked again).
  SatResult decide(Term formula) {
    if (const Answer* answer = asked_before(formula)) return answer->status;
    SatResult status = check(formula);
    if (status == SatResult::Sat) solver_->pop();
    return status;
  }

  // Lines 42 and following of the *-variant: each successor becomes a child of the vertex u whose
  // label the expanded state had; the edge carries what the successor's branch string adds.
  void push_children(std::deque<WorkItem>& work, std::vector<WorkItem>& children, std::size_t parent) {
    result_.statistics.vertices += children.size();
    // A length, not a reference into the tree: push_back may move the parent's vertex.
    const std::size_t from = result_.tree[parent].branches.size();
    for (WorkItem& child : children) {
      child.vertex = result_.tree.size();
      const std::string& branches = child.configuration.branches;
      result_.tree.push_back(TreeVertex{parent, branches, branches.substr(std::min(from, branches.size()))});
    }
    put_children(work, children, options_.order);
  }

  // chooseTemplate (line 22): the first, or one drawn with the seeded generator.
  std::size_t choose_template(const std::vector<std::size_t>& candidates) {
    if (candidates.size() > 1) count_rule(options_.coverage, CompactRule::ChooseTemplate);
    if (!options_.choose_random || candidates.size() == 1) return candidates.front();
    return candidates[std::uniform_int_distribution<std::size_t>(0, candidates.size() - 1)(random_)];
  }

  // Lines 20–34: one successor s ∘ (θ_i, φ_i, Ξ_i, l_i)⟦κ⟧ per exit, κ fresh; for a recursion
  // template (line 27) the successor's stack is s.Ξ ∘ [(t, κ)] ∘ Ξ_i.
  void instantiate(const WorkItem& item, std::size_t index, std::vector<WorkItem>& children) {
    const LoopTemplate& t = result_.templates[index];
    ++result_.statistics.instantiations;
    count_rule(options_.coverage, t.kind == TemplateKind::Loop ? CompactRule::LoopInstance : CompactRule::RecursionInstance);
    Term kappa;
    if (fault_active(Fault::CompactKappaReused) && reused_parameter_ != nullptr) [[unlikely]]
      kappa = reused_parameter_;
    else
      kappa = terms_.fresh_symbol(terms::Sort::integer(), "k" + std::to_string(++parameters_));
    reused_parameter_ = kappa;
    for (std::size_t n = 0; n < t.exits.size(); ++n) {
      const TemplateExit& exit = t.exits[n];
      WorkItem child{compose(terms_, item.configuration, t.site->theta0, exit.state, t.site->anchor, exit.condition,
                             {{t.parameter, kappa}}),
                     item.instances, true, item.undecided, item.records};
      child.configuration.branches = item.configuration.branches + "{" + t.id + "#" + std::to_string(n + 1) + "}";
      child.instances.push_back(Instance{index, n, kappa});
      if (t.kind == TemplateKind::Recursion)
        child.records.push_back(SpecialRecord{index, kappa, item.configuration.control.depth()});
      children.push_back(std::move(child));
    }
  }

  // Lines 12–16, returning from recursion: at the exit of the frame whose special record (t, κ) is
  // on top, the globals become s.θ ∘ t.θ⟦κ⟧ with the stored κ and the record is popped; the frame
  // itself then returns classically.  Tested before the final-state test of line 7 (erratum).
  bool returning_from_recursion(WorkItem& item) {
    if (item.records.empty() || fault_active(Fault::CompactRecordNeverPopped)) return false;
    SymbolicConfiguration& c = item.configuration;
    const SpecialRecord record = item.records.back();
    if (c.outcome != Outcome::Running || c.control.depth() != record.depth || c.control.current() != nullptr) return false;
    const LoopTemplate& t = result_.templates[record.template_index];
    Term kappa = record.parameter;
    if (fault_active(Fault::CompactPopFreshParameter)) [[unlikely]]
      kappa = terms_.fresh_symbol(terms::Sort::integer(), "k" + std::to_string(++parameters_));
    terms::Substitution theta(terms_);
    for (std::size_t g = 0; g < c.globals.size(); ++g) theta.set(t.site->theta0.globals()[g], c.globals[g]);
    theta.set(t.parameter, kappa);
    std::vector<Term> globals = c.globals;
    for (const auto& [g, value] : t.return_theta) globals[g] = theta.apply(value);
    c.globals = std::move(globals);
    c.branches += "{" + t.id + "^}";
    item.instances.push_back(Instance{record.template_index, 0, record.parameter, true});
    item.records.pop_back();
    count_rule(options_.coverage, CompactRule::ReturnPhase);
    return true;
  }

  // The hooks of run_worklist_search for Algorithm 1: line 43's check of a successor, the return
  // phase (lines 12–16) before the outcome test, a usable template instantiated in place of a
  // classic step (lines 20–34), and the tree T of the *-variant.
  struct Search {
    CompactSearch& search;

    std::uint64_t leaves() const { return search.result_.paths.size(); }
    void truncate() { search.result_.statistics.truncated = true; }
    bool admit(WorkItem& item) {  // line 43: only satisfiable successors enter Q
      SatResult status = search.decide(item.configuration.path_condition.conjunction(search.terms_));
      if (status == SatResult::Unsat) {
        search.finish(item, SatResult::Unsat);
        return false;
      }
      if (status == SatResult::Unknown) item.undecided = true;
      return true;
    }
    void before_outcome(WorkItem& item) { search.returning_from_recursion(item); }
    // A template usable here is instantiated (its children replace the item), unless the path has
    // used up its instances: then it runs classically.
    bool replace(WorkItem& item, std::vector<WorkItem>& children) {
      auto instantiated = [&](const std::vector<std::size_t>& templates) {
        if (item.instances.size() >= search.options_.max_instances) {
          count_rule(search.options_.coverage, CompactRule::InstancesExhausted);
          return false;
        }
        search.instantiate(item, search.choose_template(templates), children);
        return true;
      };
      SymbolicConfiguration& c = item.configuration;
      if (item.at_entry) {  // line 21 at a procedure's entry
        item.at_entry = false;
        auto usable = search.usable_at_entry_.find(c.control.top_frame().callable);
        if (usable != search.usable_at_entry_.end() && instantiated(usable->second)) return true;
      }
      const Statement* at = c.control.current();
      if (at != nullptr && at->kind == StatementKind::While) {
        auto usable = search.usable_.find(at);
        if (usable != search.usable_.end() && instantiated(usable->second)) return true;
      }
      return false;
    }
    void finish(WorkItem& item) { search.finish(item, SatResult::Sat); }  // line 7, or the end of main
    void successors(WorkItem& item, std::vector<SymbolicSuccessor>& successors) {  // line 39: a classic step
      search.machine_.successors(item.configuration, successors);
    }
    void follow(WorkItem& item, SymbolicSuccessor& successor) {
      const std::size_t depth = item.configuration.control.depth();
      item.configuration = std::move(successor.configuration);
      item.at_entry = item.configuration.control.depth() > depth;
    }
    void fork(WorkItem& item, std::vector<SymbolicSuccessor>& successors, std::vector<WorkItem>& children) {
      const std::size_t depth = item.configuration.control.depth();
      for (auto& successor : successors) {
        const bool entered = successor.configuration.control.depth() > depth;
        children.push_back(WorkItem{std::move(successor.configuration), item.instances, true, item.undecided, item.records, entered});
      }
    }
    void enqueue(std::deque<WorkItem>& work, std::vector<WorkItem>& children, const WorkItem& parent) {
      search.push_children(work, children, parent.vertex);
    }
  };

  void search() {
    result_.statistics.vertices = 1;
    result_.tree.push_back(TreeVertex{});
    Search hooks{*this};
    run_worklist_search(hooks, WorkItem{machine_.initial(), {}, false, false, {}, false, 0},
                        WorklistLimits{options_.order, options_.max_steps, options_.max_paths});
  }

  // A leaf: its φ asked once more (for the model of its test); unknown anywhere stays unknown.
  void finish(WorkItem& item, SatResult pruned_or_sat) {
    result_.tree[item.vertex].leaf = result_.paths.size();
    CompactPath path;
    SymbolicConfiguration& c = item.configuration;
    path.branches = c.branches;
    path.outcome = c.outcome;
    path.instances = item.instances;
    path.path_condition = c.path_condition.conjunction(terms_);
    if (pruned_or_sat == SatResult::Unsat) {
      path.status = SatResult::Unsat;
      if (options_.on_leaf) options_.on_leaf(path);
      result_.paths.push_back(std::move(path));
      return;
    }
    // A test needs the model of a satisfiable φ: then φ is asked again (its scope left open).
    const Answer* before = asked_before(path.path_condition);
    const bool ask = before == nullptr || (options_.generate_tests && before->status == SatResult::Sat);
    SatResult status = ask ? check(path.path_condition) : before->status;
    path.status = status == SatResult::Sat && item.undecided ? SatResult::Unknown : status;
    if (status != SatResult::Sat) path.status_reason = ask ? solver_->reason_unknown() : before->reason;
    if (status == SatResult::Sat && ask) {
      if (options_.generate_tests) make_test(path);
      solver_->pop();
    }
    path.final_configuration = std::move(c);
    if (path.test && path.status == SatResult::Sat) replay(path);
    if (options_.on_leaf) options_.on_leaf(path);
    result_.paths.push_back(std::move(path));
  }

  // The test of a satisfiable leaf (its scope still open).  A model with an array too long for a
  // test is asked for again with every array at most that long.
  void make_test(CompactPath& path) {
    const TestGenerationLimits limits;
    auto model = solver_->model();
    std::string reason;
    path.test = input_from_model(program_, terms_, *model, limits, reason);
    if (!path.test) {
      std::vector<Term> short_arrays;
      for (std::size_t g = 0; g < program_.globals.size(); ++g)
        if (program_.globals[g].type.kind == TypeKind::IntArray)
          short_arrays.push_back(terms_.less_equal(terms_.length(terms_.global_symbol(static_cast<std::int32_t>(g))),
                                                   terms_.integer(limits.max_array_length)));
      if (!short_arrays.empty() && check(terms_.logical_and(short_arrays)) == SatResult::Sat) {
        model = solver_->model();
        path.test = input_from_model(program_, terms_, *model, limits, reason);
        solver_->pop();
      }
    }
    if (!path.test) path.test_note = reason;
    for (const Instance& instance : path.instances) path.kappa[instance.parameter] = model->symbol_value(instance.parameter).as_integer();
  }

  // Theorem 2 for the test's ν: the concrete run from the test follows the leaf's branches
  // expanded under ν to the leaf's outcome, and ends in V0∘(θ⟦ν⟧).
  void replay(CompactPath& path) {
    ReplayVerdict verdict;
    if (path.outcome == Outcome::Bound) return;
    std::uint64_t letters = expansion_length(path, result_.templates, path.kappa);
    if (letters > kMaxReplayLetters) {
      path.replay_note = "the test's parameters expand the branches to " +
                         (letters == std::numeric_limits<std::uint64_t>::max() ? std::string("more than 2^64") : std::to_string(letters)) +
                         " letters, more than " + std::to_string(kMaxReplayLetters);
      return;
    }
    ConcreteMachine machine(program_, *path.test);
    RunLimits limits;
    limits.max_steps = kMaxReplaySteps;
    limits.max_int_bits = terms_.max_int_bits();
    machine.run(limits);
    if (machine.outcome() == Outcome::Bound && path.outcome != Outcome::Bound) {
      path.replay_note = "the test's run did not end within " + std::to_string(kMaxReplaySteps) + " steps";
      return;
    }
    std::string expected = expand_branches(path, result_.templates, path.kappa);
    std::string differences;
    if (machine.outcome() != path.outcome)
      differences += "outcome " + std::string(outcome_name(machine.outcome())) + " instead of " +
                     std::string(outcome_name(path.outcome)) + "; ";
    if (machine.branches() != expected) differences += "branches " + machine.branches() + " instead of " + expected + "; ";
    if (differences.empty()) {
      SymbolicConfiguration instance = substitute_parameters(terms_, path.final_configuration, path.kappa);
      InitialStateValuation initial(program_, *path.test);
      terms::TermEvaluator evaluator(initial);
      GlobalState final_state = materialize_state(program_, terms_, instance.globals, instance.fields, evaluator);
      std::string where;
      if (!equivalent_states(program_, machine.state(), final_state, &where)) differences += "the final state differs: " + where + "; ";
    }
    verdict.agrees = differences.empty();
    if (!verdict.agrees) verdict.details = differences.substr(0, differences.size() - 2);
    path.replay = verdict;
  }

  const Program& program_;
  terms::TermManager& terms_;
  const CompactOptions& options_;
  SymbolicMachine machine_;
  std::unique_ptr<solver::Solver> solver_;
  CompactResult result_;
  // getTemplatesAt (line 20): the usable templates of each loop, in cycle order.
  std::map<const Statement*, std::vector<std::size_t>> usable_;
  std::map<const Callable*, std::vector<std::size_t>> usable_at_entry_;  // recursion templates by procedure
  std::mt19937_64 random_;
  std::uint64_t parameters_ = 0;
  Term reused_parameter_ = nullptr;  // planted fault compact-kappa-reused only
  std::unordered_map<Term, Answer> answers_;  // every φ this search asked, with its answer
};

bool match_from(const std::vector<std::string>& segments, const CompactPath& path, const std::vector<LoopTemplate>& templates,
                std::string_view classic, std::size_t position, std::size_t k, ParameterValuation& valuation,
                bool as_prefix) {
  const std::string& literal = segments[k];
  if (classic.substr(position, literal.size()) != literal) return false;
  position += literal.size();
  if (k == path.instances.size()) return as_prefix || position == classic.size();
  const Instance& instance = path.instances[k];
  const LoopTemplate& t = templates[instance.template_index];
  if (instance.return_phase) {  // κ returns, each adding the return path's letters; κ is the descent's
    const std::string& letters = t.return_letters;
    auto fixed = valuation.find(instance.parameter);
    if (letters.empty() || fixed == valuation.end())
      return letters.empty() && match_from(segments, path, templates, classic, position, k + 1, valuation, as_prefix);
    if (!fixed->second.is_small() || fixed->second.small_value() < 0) return false;
    for (std::int64_t n = 0; n < fixed->second.small_value(); ++n, position += letters.size())
      if (classic.substr(position, letters.size()) != letters) return false;
    return match_from(segments, path, templates, classic, position, k + 1, valuation, as_prefix);
  }
  const std::string& exit_letters = t.exits[instance.exit].letters;
  auto fixed = valuation.find(instance.parameter);
  for (std::size_t count = 0;; ++count) {
    if (fixed == valuation.end() || fixed->second == Integer(static_cast<std::int64_t>(count))) {
      if (classic.substr(position, exit_letters.size()) == exit_letters) {
        ParameterValuation extended = valuation;
        extended[instance.parameter] = Integer(static_cast<std::int64_t>(count));
        if (match_from(segments, path, templates, classic, position + exit_letters.size(), k + 1, extended, as_prefix)) {
          valuation = std::move(extended);
          return true;
        }
      }
    }
    if (t.cycle.empty() || classic.substr(position, t.cycle.size()) != t.cycle) return false;
    position += t.cycle.size();
  }
}

}  // namespace

CompactResult explore_compact(const Program& program, terms::TermManager& terms, const CompactOptions& options) {
  return CompactSearch(program, terms, options).run();
}

std::string expand_branches(const CompactPath& path, const std::vector<LoopTemplate>& templates,
                            const ParameterValuation& valuation) {
  std::vector<std::string> segments = literal_segments(path.branches);
  std::string expanded = segments[0];
  for (std::size_t k = 0; k < path.instances.size(); ++k) {
    const Instance& instance = path.instances[k];
    const LoopTemplate& t = templates[instance.template_index];
    auto value = valuation.find(instance.parameter);
    std::int64_t times = value == valuation.end() ? 0 : value->second.small_value();
    if (instance.return_phase) {  // {ID^}: κ returns, each with the return path's letters (its asserts)
      for (std::int64_t n = 0; n < times; ++n) expanded += t.return_letters;
      expanded += segments[k + 1];
      continue;
    }
    for (std::int64_t n = 0; n < times; ++n) expanded += t.cycle;
    expanded += t.exits[instance.exit].letters;
    expanded += segments[k + 1];
  }
  return expanded;
}

std::uint64_t expansion_length(const CompactPath& path, const std::vector<LoopTemplate>& templates,
                               const ParameterValuation& valuation) {
  constexpr std::uint64_t saturated = std::numeric_limits<std::uint64_t>::max();
  auto add = [](std::uint64_t a, std::uint64_t b) { return a > saturated - b ? saturated : a + b; };
  std::uint64_t length = path.branches.size();  // the literal letters, and at most the {…} marks
  for (const Instance& instance : path.instances) {
    const LoopTemplate& t = templates[instance.template_index];
    auto value = valuation.find(instance.parameter);
    if (value == valuation.end()) continue;
    if (!value->second.is_small() || value->second.small_value() < 0) return saturated;
    auto times = static_cast<std::uint64_t>(value->second.small_value());
    if (instance.return_phase) {
      const std::uint64_t letters = t.return_letters.size();
      if (letters != 0 && times > saturated / letters) return saturated;
      length = add(length, times * letters);
      continue;
    }
    std::uint64_t cycle = t.cycle.size();
    if (cycle != 0 && times > saturated / cycle) return saturated;
    length = add(length, add(times * cycle, t.exits[instance.exit].letters.size()));
  }
  return length;
}

std::optional<ParameterValuation> match_expansion(const CompactPath& path, const std::vector<LoopTemplate>& templates,
                                                  std::string_view classic, bool as_prefix) {
  std::vector<std::string> segments = literal_segments(path.branches);
  ParameterValuation valuation;
  if (!match_from(segments, path, templates, classic, 0, 0, valuation, as_prefix)) return std::nullopt;
  return valuation;
}

}  // namespace symref::compact

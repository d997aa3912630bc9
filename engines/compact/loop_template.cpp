// Loop template construction (Trtík §5.1): one pass of a loop body from Θ, its cycles and exits,
// θ⟦κ⟧ by the two rules of §5.1, the exit states, and the checks of Definition 5 (L1) at construction.
#include "engines/compact/loop_template.hpp"

#include <functional>
#include <optional>

#include "semantics/faults.hpp"
#include "semantics/terms/printer.hpp"

namespace symref::compact {

std::string_view to_string(TemplateStatus status) {
  switch (status) {
    case TemplateStatus::Ok: return "ok";
    case TemplateStatus::Failed: return "failed";
    case TemplateStatus::None: return "none";
  }
  return "none";
}

namespace {

// The way from a body's top block down to a statement: at each level the statement's index and
// which of its blocks holds the next level (0 then, 1 else, 2 loop body).
struct Step {
  std::uint32_t index;
  int child;
};

void find_loops(const Block& block, const Callable* callable, std::vector<Step>& way,
                const std::function<void(const Statement&, const Callable*, const std::vector<Step>&)>& found) {
  for (std::uint32_t i = 0; i < block.statements.size(); ++i) {
    const Statement& s = block.statements[i];
    if (s.kind == StatementKind::While) {
      way.push_back({i, -1});
      found(s, callable, way);
      way.back().child = 2;
      find_loops(s.body, callable, way, found);
      way.pop_back();
    } else if (s.kind == StatementKind::If) {
      way.push_back({i, 0});
      find_loops(s.then_block, callable, way, found);
      way.back().child = 1;
      find_loops(s.else_block, callable, way, found);
      way.pop_back();
    }
  }
}

// (Θ, true, Ξ, while): the stack of closures positioned at the loop, every variable at Θ.
std::shared_ptr<LoopSite> make_site(terms::TermManager& terms, const Program& program, const Statement& loop,
                                    const Callable* callable, const std::vector<Step>& way) {
  auto site = std::make_shared<LoopSite>();
  site->loop = &loop;
  site->procedure = callable;
  ControlStack& control = site->canonical.control;
  control.start_main(program);
  if (callable != nullptr) control.push_frame(*callable, 0);  // main has no locals: the frame's start at 0
  const Block* block = callable != nullptr ? &callable->body : &program.main;
  for (const Step& step : way) {
    while (control.top_entry().index < step.index) control.advance();
    if (step.child < 0) break;
    const Statement& s = block->statements[step.index];
    block = step.child == 0 ? &s.then_block : step.child == 1 ? &s.else_block : &s.body;
    if (step.child == 2) control.enter_loop_body(*block);
    else control.enter(*block);
  }
  site->theta0 = InitialMemory(terms, program, callable);
  site->theta0.install(site->canonical);
  site->anchor = Anchor{control.depth() - 1, control.entries().size() - 1, site->canonical.locals_base()};
  return site;
}

// One pass of the body from the canonical state: every path until it is back at the loop's test
// (a cycle) or has left the loop (an exit, kept as a sibling at the fork where it left).
class PassWalker {
 public:
  struct Fork {
    std::vector<SymbolicSuccessor> successors;
  };
  using ForkChoice = std::pair<std::shared_ptr<const Fork>, std::size_t>;
  struct Cycle {
    SymbolicConfiguration closing;
    std::vector<ForkChoice> forks;
  };

  PassWalker(SymbolicMachine& machine, const LoopSite& site, const TemplateOptions& options)
      : machine_(machine), site_(site), options_(options) {}

  void run() { walk(site_.canonical); }
  const std::vector<Cycle>& cycles() const { return cycles_; }
  const std::string& failure() const { return failure_; }

 private:
  bool inside_loop(const SymbolicConfiguration& c) const {
    const auto& entries = c.control.entries();
    if (entries.size() <= site_.anchor.entry) return false;
    const ControlEntry& canonical = site_.canonical.control.entries()[site_.anchor.entry];
    return entries[site_.anchor.entry].block == canonical.block && entries[site_.anchor.entry].index == canonical.index;
  }

  void walk(SymbolicConfiguration c) {
    std::vector<SymbolicSuccessor> successors;
    while (failure_.empty()) {
      if (c.outcome != Outcome::Running || !inside_loop(c)) return;  // a dead end or the loop left
      const Statement* next = c.control.current();
      const bool at_test = next == site_.loop;
      if (c.steps > 0 && at_test && c.control.depth() == site_.anchor.frame + 1 &&
          c.control.entries().size() == site_.anchor.entry + 1) {
        cycles_.push_back(Cycle{c, path_});
        if (cycles_.size() > options_.max_cycles)
          failure_ = "the body has more than " + std::to_string(options_.max_cycles) + " paths through one pass";
        return;
      }
      if (next != nullptr && next->kind == StatementKind::While && c.steps > 0) {
        failure_ = "one pass runs the loop at line " + std::to_string(next->location.line) +
                   " (nested loops and recursion inside a cycle get no template)";
        return;
      }
      if (c.steps > options_.max_pass_steps) {
        failure_ = "one pass takes more than " + std::to_string(options_.max_pass_steps) + " steps";
        return;
      }
      successors.clear();
      machine_.successors(c, successors);
      if (successors.empty()) return;
      if (successors.size() == 1) {
        c = std::move(successors[0].configuration);
        continue;
      }
      auto fork = std::make_shared<Fork>(Fork{std::move(successors)});
      for (std::size_t j = 0; j < fork->successors.size(); ++j) {
        path_.emplace_back(fork, j);
        walk(fork->successors[j].configuration);
        path_.pop_back();
      }
      return;
    }
  }

  SymbolicMachine& machine_;
  const LoopSite& site_;
  const TemplateOptions& options_;
  std::vector<ForkChoice> path_;
  std::vector<Cycle> cycles_;
  std::string failure_;
};

// c when `term` is `base` plus the constant c (sums and differences of constants around `base`).
std::optional<Integer> constant_offset(Term term, Term base) {
  if (term == base) return Integer(0);
  if (term->kind() == terms::TermKind::Add) {
    std::optional<Integer> offset;
    Integer constants(0);
    for (Term child : *term) {
      if (child->kind() == terms::TermKind::IntegerConstant) {
        constants = constants + child->integer();
      } else {
        if (offset) return std::nullopt;
        offset = constant_offset(child, base);
        if (!offset) return std::nullopt;
      }
    }
    if (!offset) return std::nullopt;
    return *offset + constants;
  }
  if (term->kind() == terms::TermKind::Subtract && term->arity() == 2 && term->child(1)->kind() == terms::TermKind::IntegerConstant) {
    std::optional<Integer> offset = constant_offset(term->child(0), base);
    if (!offset) return std::nullopt;
    return *offset - term->child(1)->integer();
  }
  return std::nullopt;
}

class TemplateBuilder {
 public:
  TemplateBuilder(const Program& program, terms::TermManager& terms, const TemplateOptions& options,
                  TemplateStatistics* statistics)
      : program_(program), terms_(terms), options_(options), statistics_(statistics) {
    solver::SolverOptions solver_options;
    solver_options.timeout_milliseconds = options.timeout_milliseconds;
    solver_options.smt_directory = options.smt_directory;
    solver_ = solver::make_solver(options.solver, terms, solver_options);
  }

  std::vector<LoopTemplate> detect() {
    std::vector<std::shared_ptr<LoopSite>> sites;
    auto collect = [&](const Statement& loop, const Callable* callable, const std::vector<Step>& way) {
      sites.push_back(make_site(terms_, program_, loop, callable, way));
    };
    std::vector<Step> way;
    find_loops(program_.main, nullptr, way, collect);
    for (const Callable& callable : program_.callables) find_loops(callable.body, &callable, way, collect);

    std::vector<LoopTemplate> templates;
    for (const auto& site : sites) build_site(site, templates);
    for (std::size_t k = 0; k < templates.size(); ++k) templates[k].id = "t" + std::to_string(k + 1);
    return templates;
  }

 private:
  solver::SatResult check(Term formula) {
    if (statistics_ != nullptr) {
      ++statistics_->queries;
      if (has_quantifier(formula)) ++statistics_->quantified_queries;
    }
    solver_->push();
    solver_->add(formula);
    solver::SatResult result = solver_->check();
    solver_->pop();
    return result;
  }

  void build_site(const std::shared_ptr<LoopSite>& site, std::vector<LoopTemplate>& out) {
    SymbolicLimits limits;  // no bound: a pass ends at the test, nested loops are refused above
    SymbolicMachine machine(program_, terms_, limits);
    PassWalker walker(machine, *site, options_);
    walker.run();
    if (!walker.failure().empty()) {
      out.push_back(LoopTemplate{"", site, TemplateStatus::Failed, walker.failure()});
      return;
    }
    std::size_t built = 0;
    for (const auto& cycle : walker.cycles()) {
      if (check(cycle.closing.path_condition.conjunction(terms_)) == solver::SatResult::Unsat) continue;
      out.push_back(build_cycle(site, cycle));
      ++built;
    }
    if (built == 0)
      out.push_back(LoopTemplate{"", site, TemplateStatus::None, "no feasible path runs once around the loop"});
  }

  std::string local_name(const LoopSite& site, std::size_t k) const { return site.procedure->locals[k].name; }

  // θ⟦κ⟧ for one variable by §5.1's two rules; false with `reason` set when neither applies.
  //   θ(a) = Θ(a) + c, a numeric, c a constant  ⟹  θ⟦κ⟧(a) = Θ(a) + c·κ
  //   θ(A) = Θ(A)                                ⟹  θ⟦κ⟧(A) = Θ(A)        (any other unchanged variable too)
  bool parametrise(LoopTemplate& t, const std::string& name, Term initial, Term after_pass, Term kappa, Term tau,
                   terms::Substitution& at_kappa, terms::Substitution& at_tau) {
    if (initial == after_pass) return true;
    if (initial->sort().kind != terms::SortKind::Int) {
      t.reason = "variable " + name + " is changed by the cycle and is not numeric (" +
                 terms::print_term(after_pass, &program_, {120}) + ")";
      return false;
    }
    std::optional<Integer> offset = constant_offset(after_pass, initial);
    if (!offset) {
      t.reason = "variable " + name + " is not its initial value plus a constant after one pass: " + name + " = " +
                 terms::print_term(after_pass, &program_, {120});
      return false;
    }
    const Integer c = *offset;
    Term step = terms_.integer(c);
    Term kappa_times = fault_active(Fault::CompactThetaOffByOne) ? terms_.add(kappa, terms_.integer(1)) : kappa;
    at_kappa.set(initial, terms_.add(initial, terms_.multiply(step, kappa_times)));
    at_tau.set(initial, terms_.add(initial, terms_.multiply(step, tau)));
    t.variables.push_back(name);
    t.increments.emplace_back(name, c);
    return true;
  }

  LoopTemplate build_cycle(const std::shared_ptr<LoopSite>& site, const PassWalker::Cycle& cycle) {
    LoopTemplate t;
    t.site = site;
    t.cycle = cycle.closing.branches;
    const SymbolicConfiguration& pass = cycle.closing;
    const InitialMemory& theta0 = site->theta0;
    Term kappa = terms_.fresh_symbol(terms::Sort::integer(), "k");
    Term tau = terms_.bound_variable(terms::Sort::integer(), "tau");
    t.parameter = kappa;
    terms::Substitution at_kappa(terms_), at_tau(terms_);

    auto fail = [&t]() {
      t.status = TemplateStatus::Failed;
      t.variables.clear();
      t.increments.clear();
      return t;
    };
    if (pass.next_object != site->canonical.next_object) {
      t.reason = "the cycle creates objects";
      return fail();
    }
    for (std::size_t g = 0; g < theta0.globals().size(); ++g)
      if (!parametrise(t, program_.globals[g].name, theta0.globals()[g], pass.globals[g], kappa, tau, at_kappa, at_tau)) return fail();
    for (std::size_t k = 0; k < theta0.locals().size(); ++k)
      if (!parametrise(t, local_name(*site, k), theta0.locals()[k], pass.locals[site->anchor.locals_base + k], kappa, tau,
                       at_kappa, at_tau))
        return fail();
    for (std::size_t f = 0; f < theta0.fields().size(); ++f)
      if (pass.fields[f] != theta0.fields()[f]) {
        t.reason = "field " + program_.fields[f].name + " is written by the cycle";
        return fail();
      }

    // ∀τ (0 ≤ τ < κ → θ⟦τ⟧⟨φ⟩): every earlier pass took the cycle.
    Term pass_condition = pass.path_condition.conjunction(terms_);
    Term zero = terms_.integer(0);
    Term earlier_passes = terms_.forall(
        tau, terms_.implies(terms_.logical_and(terms_.less_equal(zero, tau),
                                               fault_active(Fault::CompactForallUpToKappa) ? terms_.less_equal(tau, kappa)
                                                                                           : terms_.less(tau, kappa)),
                            at_tau.apply(pass_condition)));

    for (const auto& [fork, taken] : cycle.forks) {
      for (std::size_t k = 0; k < fork->successors.size(); ++k) {
        if (k == taken) continue;
        const SymbolicConfiguration& sibling = fork->successors[k].configuration;
        TemplateExit exit;
        exit.letters = sibling.branches;
        exit.exit_condition = sibling.path_condition.conjunction(terms_);
        if (check(exit.exit_condition) == solver::SatResult::Unsat) continue;  // cannot leave there from Θ
        std::vector<Term> conjuncts{terms_.less_equal(zero, kappa)};
        if (!fault_active(Fault::CompactForallDropped)) conjuncts.push_back(earlier_passes);
        conjuncts.push_back(at_kappa.apply(exit.exit_condition));
        exit.condition = terms_.logical_and(conjuncts);
        exit.state = sibling;
        exit.state.path_condition = PathCondition();
        for (Term& term : exit.state.globals) term = at_kappa.apply(term);
        for (Term& term : exit.state.fields) term = at_kappa.apply(term);
        for (std::size_t slot = site->anchor.locals_base; slot < exit.state.locals.size(); ++slot)
          exit.state.locals[slot] = at_kappa.apply(exit.state.locals[slot]);
        if (exit.state.result != nullptr) exit.state.result = at_kappa.apply(exit.state.result);
        t.exits.push_back(std::move(exit));
      }
    }
    check_exits(t);
    if (t.status != TemplateStatus::Failed) t.status = TemplateStatus::Ok;
    return t;
  }

  // Definition 5 at construction: each φ_i satisfiable with κ free, and φ_i ∧ φ_j unsatisfiable
  // (each with its own κ) for i ≠ j.  Undecided checks are noted, not failed.
  void check_exits(LoopTemplate& t) {
    std::vector<TemplateExit> kept;
    for (auto& exit : t.exits) {
      solver::SatResult result = check(exit.condition);
      if (result == solver::SatResult::Unsat) {
        t.notes.push_back("exit " + exit.letters + " dropped: its condition is unsatisfiable for every k");
        continue;
      }
      if (result == solver::SatResult::Unknown) t.notes.push_back("exit " + exit.letters + ": satisfiability unknown");
      kept.push_back(std::move(exit));
    }
    t.exits = std::move(kept);
    if (fault_active(Fault::CompactExitDropped) && !t.exits.empty()) [[unlikely]]
      t.exits.pop_back();
    Term other = terms_.fresh_symbol(terms::Sort::integer(), "k");
    terms::Substitution rename(terms_);
    rename.set(t.parameter, other);
    for (std::size_t i = 0; i < t.exits.size(); ++i)
      for (std::size_t j = i + 1; j < t.exits.size(); ++j) {
        solver::SatResult result = check(terms_.logical_and(t.exits[i].condition, rename.apply(t.exits[j].condition)));
        if (result == solver::SatResult::Sat) {
          t.status = TemplateStatus::Failed;
          t.reason = "exits " + t.exits[i].letters + " and " + t.exits[j].letters + " overlap";
          return;
        }
        if (result == solver::SatResult::Unknown)
          t.notes.push_back("exits " + t.exits[i].letters + " and " + t.exits[j].letters + ": disjointness unknown");
      }
  }

  const Program& program_;
  terms::TermManager& terms_;
  const TemplateOptions& options_;
  TemplateStatistics* statistics_;
  std::unique_ptr<solver::Solver> solver_;
};

}  // namespace

std::vector<LoopTemplate> detect_loop_templates(const Program& program, terms::TermManager& terms,
                                                const TemplateOptions& options, TemplateStatistics* statistics) {
  return TemplateBuilder(program, terms, options, statistics).detect();
}

}  // namespace symref::compact

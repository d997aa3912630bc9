// Template construction (Trtík §5.1, §5.2): one pass of a loop body from Θ, or one descent from a
// procedure's entry through a recursive call (P1), its cycles and exits, θ⟦κ⟧ by the two rules of
// §5.1, the exit states, the return phase of a recursion (P2), and the checks of Definition 5 at
// construction.
#include "engines/compact/loop_template.hpp"

#include "engines/compact/bounded_forall.hpp"
#include "engines/compact/compact_coverage.hpp"

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

std::string_view to_string(TemplateKind kind) { return kind == TemplateKind::Loop ? "loop" : "recursion"; }

namespace {

// A template that was not built: a failure with its reason, or no template at all.
LoopTemplate unbuilt_template(std::shared_ptr<const LoopSite> site, TemplateKind kind, TemplateStatus status,
                              std::string reason) {
  LoopTemplate t;
  t.site = std::move(site);
  t.kind = kind;
  t.status = status;
  t.reason = std::move(reason);
  return t;
}

// The way from a body's top block down to a statement: at each level the statement's index and
// which of its blocks holds the next level (0 then, 1 else, 2 loop body).
struct Step {
  std::uint32_t index;
  int child;
};

using StatementFound = std::function<void(const Statement&, const Callable*, const std::vector<Step>&)>;

// Every statement of kind `wanted` (a `while`, or a procedure call) with the way down to it.
void find_statements(const Block& block, const Callable* callable, StatementKind wanted, std::vector<Step>& way,
                     const StatementFound& found) {
  for (std::uint32_t i = 0; i < block.statements.size(); ++i) {
    const Statement& s = block.statements[i];
    if (s.kind == wanted) {
      way.push_back({i, -1});
      found(s, callable, way);
      way.pop_back();
    }
    if (s.kind == StatementKind::While) {
      way.push_back({i, 2});
      find_statements(s.body, callable, wanted, way, found);
      way.pop_back();
    } else if (s.kind == StatementKind::If) {
      way.push_back({i, 0});
      find_statements(s.then_block, callable, wanted, way, found);
      way.back().child = 1;
      find_statements(s.else_block, callable, wanted, way, found);
      way.pop_back();
    }
  }
}

// (Θ, true, Ξ, l): the stack of closures positioned at the statement `way` leads to (at the
// callable's entry for an empty way), every variable at Θ.
std::shared_ptr<LoopSite> make_site(terms::TermManager& terms, const Program& program, const Callable* callable,
                                    const std::vector<Step>& way) {
  auto site = std::make_shared<LoopSite>();
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
    if (step.child == 2) {
      control.enter_loop_body(*block);
    } else {  // as the machine takes a branch: past the `if`, into the block
      control.advance();
      control.enter(*block);
    }
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
  CompactRule failure_rule() const { return failure_rule_; }  // which way it failed, when it did

 private:
  bool inside_loop(const SymbolicConfiguration& c) const {
    const auto& entries = c.control.entries();
    if (entries.size() <= site_.anchor.entry) return false;
    const ControlEntry& canonical = site_.canonical.control.entries()[site_.anchor.entry];
    return entries[site_.anchor.entry].block == canonical.block && entries[site_.anchor.entry].index == canonical.index;
  }

  // P1 of §5.2: the cycle closes when the recursive call has pushed its frame (the artificial call
  // edge back to the entry); a path that reaches the procedure's exit, another call or a loop
  // first is no cycle (its forks' other sides are exits of the cycles that do go on).
  bool recursion_step_ends(SymbolicConfiguration& c) {
    if (c.control.depth() == site_.anchor.frame + 2) {
      cycles_.push_back(Cycle{c, path_});
      if (cycles_.size() > options_.max_cycles) {
        failure_ = "more than " + std::to_string(options_.max_cycles) + " paths lead from the entry to the call";
        failure_rule_ = CompactRule::FailsTooManyCycles;
      }
      return true;
    }
    if (c.outcome != Outcome::Running) return true;
    const Statement* next = c.control.current();
    if (next == nullptr) return true;
    if (next != site_.call && (next->kind == StatementKind::While || next->kind == StatementKind::ProcedureCall ||
                               next->kind == StatementKind::MethodCall))
      return true;
    if (c.steps > options_.max_pass_steps) {
      failure_ = "the way from the entry to the call takes more than " + std::to_string(options_.max_pass_steps) + " steps";
      failure_rule_ = CompactRule::FailsLongPass;
      return true;
    }
    return false;
  }

  void walk(SymbolicConfiguration c) {
    std::vector<SymbolicSuccessor> successors;
    while (failure_.empty()) {
      if (site_.call != nullptr) {
        if (recursion_step_ends(c)) return;
        successors.clear();
        machine_.successors(c, successors);
        if (!fork_or_continue(c, successors)) return;
        continue;
      }
      if (c.outcome != Outcome::Running || !inside_loop(c)) return;  // a dead end or the loop left
      const Statement* next = c.control.current();
      const bool at_test = next == site_.loop;
      if (c.steps > 0 && at_test && c.control.depth() == site_.anchor.frame + 1 &&
          c.control.entries().size() == site_.anchor.entry + 1) {
        cycles_.push_back(Cycle{c, path_});
        if (cycles_.size() > options_.max_cycles) {
          failure_ = "the body has more than " + std::to_string(options_.max_cycles) + " paths through one pass";
          failure_rule_ = CompactRule::FailsTooManyCycles;
        }
        return;
      }
      if (next != nullptr && next->kind == StatementKind::While && c.steps > 0) {
        failure_ = "one pass runs the loop at line " + std::to_string(next->location.line) +
                   " (nested loops and recursion inside a cycle get no template)";
        failure_rule_ = CompactRule::FailsNestedLoop;
        return;
      }
      if (c.steps > options_.max_pass_steps) {
        failure_ = "one pass takes more than " + std::to_string(options_.max_pass_steps) + " steps";
        failure_rule_ = CompactRule::FailsLongPass;
        return;
      }
      successors.clear();
      machine_.successors(c, successors);
      if (!fork_or_continue(c, successors)) return;
    }
  }

  // One successor: continue with it (true).  Several: walk each, remembering the fork (false).
  bool fork_or_continue(SymbolicConfiguration& c, std::vector<SymbolicSuccessor>& successors) {
    if (successors.empty()) return false;
    if (successors.size() == 1) {
      c = std::move(successors[0].configuration);
      return true;
    }
    auto fork = std::make_shared<Fork>(Fork{std::move(successors)});
    for (std::size_t j = 0; j < fork->successors.size(); ++j) {
      path_.emplace_back(fork, j);
      walk(fork->successors[j].configuration);
      path_.pop_back();
    }
    return false;
  }

  SymbolicMachine& machine_;
  const LoopSite& site_;
  const TemplateOptions& options_;
  std::vector<ForkChoice> path_;
  std::vector<Cycle> cycles_;
  std::string failure_;
  CompactRule failure_rule_ = CompactRule::FailsLongPass;
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
    solver_ = solver::make_solver(options.solver, terms, options.solving, options.session);
  }

  std::vector<LoopTemplate> detect() {
    std::vector<std::shared_ptr<LoopSite>> sites;
    auto collect = [&](const Statement& loop, const Callable* callable, const std::vector<Step>& way) {
      auto site = make_site(terms_, program_, callable, way);
      site->loop = &loop;
      sites.push_back(site);
    };
    std::vector<Step> way;
    find_statements(program_.main, nullptr, StatementKind::While, way, collect);
    for (const Callable& callable : program_.callables)
      find_statements(callable.body, &callable, StatementKind::While, way, collect);

    std::vector<LoopTemplate> templates;
    for (const auto& site : sites) build_site(site, TemplateKind::Loop, {}, templates);
    detect_recursions(templates);
    for (std::size_t k = 0; k < templates.size(); ++k) templates[k].id = "t" + std::to_string(k + 1);
    return templates;
  }

 private:
  solver::SatResult check(Term formula) {
    const bool quantified = has_quantifier(formula);
    if (quantified && options_.quantifier_brackets) {  // first through its brackets (bounded_forall.hpp)
      std::uint64_t bracket_checks = 0;
      solver::SatResult bracketed = decide_by_brackets(*solver_, terms_, formula, false, bracket_checks, options_.coverage);
      if (statistics_ != nullptr) statistics_->queries += bracket_checks;
      if (bracketed != solver::SatResult::Unknown) return bracketed;
    }
    if (statistics_ != nullptr) {
      ++statistics_->queries;
      if (quantified) ++statistics_->quantified_queries;
    }
    solver_->push();
    solver_->add(formula);
    solver::SatResult result = solver_->check();
    solver_->pop();
    return result;
  }

  // §5.2 for every procedure call of the program: a direct recursive call gets a recursion
  // template per feasible cycle from the entry through it (P1) with the return phase (P2); a call
  // that recurses only through other procedures fails with that reason.
  void detect_recursions(std::vector<LoopTemplate>& out) {
    std::vector<std::vector<bool>> reaches = call_closure();
    for (std::size_t f = 0; f < program_.callables.size(); ++f) {
      const Callable& callable = program_.callables[f];
      if (callable.is_method) continue;
      std::vector<Step> way;
      find_statements(callable.body, &callable, StatementKind::ProcedureCall, way,
                      [&](const Statement& call, const Callable*, const std::vector<Step>& to_call) {
                        const auto callee = static_cast<std::size_t>(call.callee);
                        if (callee != f && !reaches[callee][f]) return;
                        auto site = make_site(terms_, program_, &callable, {});
                        site->call = &call;
                        if (callee != f) {
                          count_rule(options_.coverage, CompactRule::FailsIndirectRecursion);
                          out.push_back(unbuilt_template(site, TemplateKind::Recursion, TemplateStatus::Failed,
                                                         "indirect recursion through " + program_.callables[callee].name +
                                                             " gets no template (only a procedure's calls of itself do)"));
                          return;
                        }
                        build_site(site, TemplateKind::Recursion, to_call, out);
                      });
    }
  }

  // reaches[g][f]: procedure g calls f, directly or through other procedures.
  std::vector<std::vector<bool>> call_closure() const {
    const std::size_t n = program_.callables.size();
    std::vector<std::vector<bool>> reaches(n, std::vector<bool>(n, false));
    for (std::size_t g = 0; g < n; ++g) {
      std::vector<Step> way;
      find_statements(program_.callables[g].body, nullptr, StatementKind::ProcedureCall, way,
                      [&](const Statement& call, const Callable*, const std::vector<Step>&) {
                        reaches[g][static_cast<std::size_t>(call.callee)] = true;
                      });
    }
    for (std::size_t k = 0; k < n; ++k)
      for (std::size_t i = 0; i < n; ++i)
        if (reaches[i][k])
          for (std::size_t j = 0; j < n; ++j) reaches[i][j] = reaches[i][j] || reaches[k][j];
    return reaches;
  }

  // The artificial call edge of P1: the memory after one descent is the caller's globals with the
  // new frame's parameters (bound by value) as the procedure's parameters; its other locals are
  // not yet declared at the entry, so they stay at Θ.
  PassWalker::Cycle called_frame_as_pass(const LoopSite& site, const PassWalker::Cycle& cycle) const {
    PassWalker::Cycle pass = cycle;
    SymbolicConfiguration& c = pass.closing;
    const std::uint32_t callee_base = c.locals_base();
    const std::vector<Term> callee_locals(c.locals.begin() + callee_base, c.locals.end());
    c.control.pop_frame();
    c.locals.resize(callee_base);
    const auto parameters = static_cast<std::size_t>(site.procedure->parameter_count);
    for (std::size_t k = 0; k < site.theta0.locals().size(); ++k)
      c.locals[site.anchor.locals_base + k] = k < parameters ? callee_locals[k] : site.theta0.locals()[k];
    return pass;
  }

  // P2 of §5.2: from just after the recursive call to the procedure's exit, one return.  The path
  // must not fork (no exit may leave it), call or loop; each global it changes must become its
  // value at the exit plus a constant c, so κ returns give Θ(g) + c·κ.
  void build_return_phase(LoopTemplate& t, const std::vector<Step>& to_call) {
    const LoopSite& site = *t.site;
    const std::string call_line = std::to_string(site.call->location.line);
    auto fail = [&t, this](std::string reason, CompactRule rule = CompactRule::ReturnPathOtherFailure) {
      count_rule(options_.coverage, rule);
      t.status = TemplateStatus::Failed;
      t.reason = std::move(reason);
      t.return_theta.clear();
    };
    SymbolicConfiguration c = make_site(terms_, program_, site.procedure, to_call)->canonical;
    site.theta0.install(c);
    c.control.advance();
    const std::size_t letters_before = c.branches.size();
    SymbolicMachine machine(program_, terms_, SymbolicLimits{});
    std::vector<SymbolicSuccessor> successors;
    for (const Statement* next = c.control.current(); next != nullptr; next = c.control.current()) {
      const std::string at = " at line " + std::to_string(next->location.line);
      if (next->kind == StatementKind::While || next->kind == StatementKind::ProcedureCall ||
          next->kind == StatementKind::MethodCall)
        return fail("the return path from the call at line " + call_line + " runs a loop or a call" + at,
                    CompactRule::ReturnPathRunsLoopOrCall);
      if (c.steps > options_.max_pass_steps) return fail("the return path from the call at line " + call_line + " is too long");
      successors.clear();
      machine.successors(c, successors);
      if (successors.size() != 1)
        return fail("the return path from the call at line " + call_line + " forks" + at + " (P2 of §5.2 must not branch)",
                    CompactRule::ReturnPathForks);
      c = std::move(successors[0].configuration);
      if (c.outcome != Outcome::Running)
        return fail("the return path from the call at line " + call_line + " ends in " + std::string(outcome_name(c.outcome)));
    }
    if (!c.path_condition.conjuncts().empty()) return fail("the return path from the call at line " + call_line + " adds a condition");
    t.return_letters = c.branches.substr(letters_before);
    if (c.next_object != site.canonical.next_object) return fail("the return path creates objects");
    for (std::size_t f = 0; f < site.theta0.fields().size(); ++f)
      if (c.fields[f] != site.theta0.fields()[f]) return fail("field " + program_.fields[f].name + " is written by the return path");
    for (std::size_t g = 0; g < site.theta0.globals().size(); ++g) {
      Term initial = site.theta0.globals()[g], after = c.globals[g];
      if (after == initial) continue;
      const std::string& name = program_.globals[g].name;
      std::optional<Integer> offset;
      if (initial->sort().kind == terms::SortKind::Int) offset = constant_offset(after, initial);
      if (!offset)
        return fail("variable " + name + " is not its value at the exit plus a constant after one return: " + name + " = " +
                        terms::print_term(after, &program_, {120}),
                    CompactRule::ReturnPathNotConstantOffset);
      count_rule(options_.coverage, CompactRule::ReturnPathOffset);
      t.return_theta.emplace_back(g, terms_.add(initial, terms_.multiply(terms_.integer(*offset), t.parameter)));
    }
  }

  // One template per feasible cycle of the site (one pass of a loop, or P1 of a recursion with its
  // return phase from the call `to_call` leads to), or the reason there is none.
  void build_site(const std::shared_ptr<LoopSite>& site, TemplateKind kind, const std::vector<Step>& to_call,
                  std::vector<LoopTemplate>& out) {
    SymbolicLimits limits;  // no bound: a pass ends at the test or the call, nested loops are refused above
    SymbolicMachine machine(program_, terms_, limits);
    PassWalker walker(machine, *site, options_);
    walker.run();
    if (!walker.failure().empty()) {
      count_rule(options_.coverage, walker.failure_rule());
      out.push_back(unbuilt_template(site, kind, TemplateStatus::Failed, walker.failure()));
      return;
    }
    std::size_t built = 0;
    for (const auto& cycle : walker.cycles()) {
      if (check(cycle.closing.path_condition.conjunction(terms_)) == solver::SatResult::Unsat) {
        count_rule(options_.coverage, CompactRule::CycleInfeasible);
        continue;
      }
      LoopTemplate t = build_cycle(site, kind == TemplateKind::Loop ? cycle : called_frame_as_pass(*site, cycle));
      t.kind = kind;
      if (kind == TemplateKind::Recursion && t.status == TemplateStatus::Ok) build_return_phase(t, to_call);
      if (t.status == TemplateStatus::Ok)
        count_rule(options_.coverage, kind == TemplateKind::Loop ? CompactRule::LoopTemplate : CompactRule::RecursionTemplate);
      out.push_back(std::move(t));
      ++built;
    }
    if (built == 0) {
      count_rule(options_.coverage,
                 kind == TemplateKind::Loop ? CompactRule::LoopWithoutTemplate : CompactRule::RecursionWithoutTemplate);
      out.push_back(unbuilt_template(site, kind, TemplateStatus::None,
                                 kind == TemplateKind::Loop ? "no feasible path runs once around the loop"
                                                            : "no feasible path leads from the entry of " + site->procedure->name +
                                                                  " to the call without running a loop or another call first"));
    }
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
      count_rule(options_.coverage, CompactRule::FailsVariableNotNumeric);
      return false;
    }
    std::optional<Integer> offset = constant_offset(after_pass, initial);
    if (!offset) {
      t.reason = "variable " + name + " is not its initial value plus a constant after one pass: " + name + " = " +
                 terms::print_term(after_pass, &program_, {120});
      count_rule(options_.coverage, CompactRule::FailsNotConstantOffset);
      return false;
    }
    count_rule(options_.coverage, CompactRule::ThetaOffset);
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
      count_rule(options_.coverage, CompactRule::FailsCreatesObjects);
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
        count_rule(options_.coverage, CompactRule::FailsFieldWritten);
        return fail();
      }

    // ∀τ (0 ≤ τ < κ → θ⟦τ⟧⟨φ⟩): every earlier pass took the cycle.
    Term pass_condition = pass.path_condition.conjunction(terms_);
    Term zero = terms_.integer(0);
    Term before_kappa = fault_active(Fault::CompactTauUpToKappa) ? terms_.less_equal(tau, kappa) : terms_.less(tau, kappa);
    Term earlier_passes =
        terms_.forall(tau, terms_.implies(terms_.logical_and(terms_.less_equal(zero, tau), before_kappa), at_tau.apply(pass_condition)));

    for (const auto& [fork, taken] : cycle.forks) {
      for (std::size_t k = 0; k < fork->successors.size(); ++k) {
        if (k == taken) continue;
        const SymbolicConfiguration& sibling = fork->successors[k].configuration;
        TemplateExit exit;
        exit.letters = sibling.branches;
        exit.exit_condition = sibling.path_condition.conjunction(terms_);
        if (check(exit.exit_condition) == solver::SatResult::Unsat) {  // cannot leave there from Θ
          count_rule(options_.coverage, CompactRule::ExitInfeasibleFromTheta);
          continue;
        }
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
        count_rule(options_.coverage, CompactRule::ExitUnsatForEveryKappa);
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
          count_rule(options_.coverage, CompactRule::FailsExitsOverlap);
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

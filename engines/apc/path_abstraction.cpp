// Algorithm 1 (executeBackbone), the lightweight processLoop of §3.1 and the heavyweight one of
// §3.3 (Algorithm 2) with the array rules of §4, and apc as the disjunction over the backbones
// (Strejček & Trtík §3).
#include "engines/apc/path_abstraction.hpp"

#include <algorithm>
#include <unordered_map>

#include "engines/apc/apc_coverage.hpp"
#include "engines/apc/counter_dependency.hpp"
#include "semantics/faults.hpp"
#include "semantics/terms/printer.hpp"
#include "semantics/terms/substitution.hpp"
#include "semantics/terms/traversal.hpp"

namespace symref::apc {

using terms::Sort;
using terms::SortKind;
using terms::TermKind;

PathAbstraction::PathAbstraction(const ProgramFlowgraph& flowgraph, terms::TermManager& terms, AbstractionOptions options)
    : flowgraph_(flowgraph), terms_(terms), options_(options), stars_(terms), next_node_(flowgraph.node_count) {}

std::string PathAbstraction::show(Term term) const {
  if (stars_.is_star(term)) return "*";
  return terms::print_term(term, terms_.program());
}

Term PathAbstraction::new_counter() {
  if (counters_made_.size() >= options_.max_loop_summaries) {
    count_rule(options_.coverage, ApcRule::TooManyLoopSummaries);
    throw TooManyLoopSummaries("more than " + std::to_string(options_.max_loop_summaries) + " loop summaries");
  }
  Term counter = terms_.fresh_symbol(Sort::integer(), "k" + std::to_string(counters_.size() + 1));
  counters_.insert(counter);
  counters_made_.push_back(counter);
  return counter;
}

LoopSummary PathAbstraction::summarize_loop(const Flowgraph& graph, const std::vector<NodeId>& nodes, NodeId entry) {
  if (!options_.reuse_loop_summaries) return process_loop(induced_program(graph, nodes, entry, next_node_++));
  // The induced program keeps the edges of `graph` between the loop's nodes, which are those of
  // the whole flowgraph (an enclosing loop's entry, whose edges were redirected, has no edge in
  // and so lies on no loop): the entry and the nodes determine it.
  std::vector<NodeId> key;
  key.reserve(nodes.size() + 1);
  key.push_back(entry);
  key.insert(key.end(), nodes.begin(), nodes.end());
  if (auto found = computed_loops_.find(key); found != computed_loops_.end()) {
    ++loop_summaries_reused_;
    count_rule(options_.coverage, ApcRule::LoopSummaryCopied);
    return copy_loop(found->second);
  }
  ComputedLoop computed;
  computed.first_loop = loops_.size();
  computed.first_counter = counters_made_.size();
  computed.first_fresh = terms_.next_fresh_index();
  computed.first_bound = terms_.next_bound_index();
  LoopSummary summary = process_loop(induced_program(graph, nodes, entry, next_node_++));
  computed.end_loop = loops_.size();
  computed.end_counter = counters_made_.size();
  computed_loops_.emplace(std::move(key), computed);
  return summary;
}

namespace {

// Every term a loop summary holds, for renaming it.
template <class Function>
void for_each_summary_term(LoopSummary& summary, Function&& function) {
  auto each_state = [&](SymbolicState& state) {
    for (std::size_t a = 0; a < state.variables().size(); ++a) state.set(a, function(state.value(a)));
  };
  for (Term& counter : summary.counters) counter = function(counter);
  each_state(summary.theta);
  summary.phi = function(summary.phi);
  for (Term& apc : summary.backbone_apcs) apc = function(apc);
  for (SymbolicState& state : summary.backbone_states) each_state(state);
  for (Term& apc : summary.backbone_open_apcs) apc = function(apc);
  for (Term& last : summary.backbone_last_iterations) last = function(last);
  for (auto& [name, count] : summary.dependencies) count = function(count);
}

}  // namespace

LoopSummary PathAbstraction::copy_loop(const ComputedLoop& computed) {
  std::vector<LoopSummary> copies(loops_.begin() + static_cast<std::ptrdiff_t>(computed.first_loop),
                                  loops_.begin() + static_cast<std::ptrdiff_t>(computed.end_loop));
  // What the first run made and its summaries mention: counters, ⋆s, s_{i,j}, bound variables.
  std::vector<Term> made;
  terms::TermSet visited;
  for (LoopSummary& copy : copies)
    for_each_summary_term(copy, [&](Term root) {
      if (root == nullptr) return root;
      terms::for_each_subterm(root, visited, [&](Term term) {
        const bool fresh = term->kind() == TermKind::Symbol && term->symbol_kind() == terms::SymbolKind::Fresh &&
                           term->index() >= computed.first_fresh;
        const bool bound = term->kind() == TermKind::BoundVariable && term->index() >= computed.first_bound;
        if ((fresh && !counters_.contains(term)) || bound) made.push_back(term);
      });
      return root;
    });
  std::sort(made.begin(), made.end(), [](Term a, Term b) {
    return a->kind() != b->kind() ? a->kind() < b->kind() : a->index() < b->index();
  });
  terms::Substitution renaming(terms_);
  // Counters first and all of them, in the order the first run made them, as a second run would.
  std::unordered_map<std::string, std::string> counter_numbers;  // "93" of κ93 ↦ the copy's number
  for (std::size_t c = computed.first_counter; c < computed.end_counter; ++c) {
    Term counter = new_counter();
    counter_numbers.emplace(counters_made_[c]->name().substr(1), counter->name().substr(1));
    renaming.set(counters_made_[c], counter);
  }
  // Bound variables named after a counter (κ's own in close_over_counters, τ in last_iteration
  // and the rules) take the copy's counter number, as in a recomputation; the rest keep theirs.
  auto bound_name = [&](const std::string& name) {
    if (name.size() < 2 || (name[0] != 'k' && name[0] != 't')) return name;
    auto number = counter_numbers.find(name.substr(1));
    return number == counter_numbers.end() ? name : name.substr(0, 1) + number->second;
  };
  for (Term term : made) {
    if (term->kind() == TermKind::BoundVariable) renaming.set(term, terms_.bound_variable(term->sort(), bound_name(term->name())));
    else if (stars_.is_star(term)) renaming.set(term, stars_.star(term->sort()));
    else renaming.set(term, terms_.fresh_symbol(term->sort(), term->name()));
  }
  for (LoopSummary& copy : copies) {
    for_each_summary_term(copy, [&](Term term) { return term == nullptr ? term : renaming.apply(term); });
    loops_.push_back(copy);
  }
  return copies.back();
}

bool PathAbstraction::mentions_counters(Term term, const std::unordered_set<Term>& allowed) const {
  for (Term symbol : terms::collect_symbols(term))
    if (counters_.contains(symbol) && !allowed.contains(symbol)) return true;
  return false;
}

// Algorithm 1, line 15: apc ← ∃κ̄′(κ̄′ ≥ 0̄ ∧ apc) for the counters κ̄′ free in apc.
Term PathAbstraction::close_over_counters(Term apc) {
  std::vector<Term> bound;
  std::vector<Term> bounds;
  terms::Substitution to_bound(terms_);
  for (Term symbol : terms::collect_symbols(apc)) {
    if (!counters_.contains(symbol)) continue;
    Term variable = terms_.bound_variable(Sort::integer(), symbol->name());
    to_bound.set(symbol, variable);
    bound.push_back(variable);
    // The planted fault writes κ > 0, as the paper prints foo's apc.
    bounds.push_back(fault_active(Fault::ApcClosurePositive) ? terms_.less(terms_.integer(0), variable)
                                                             : terms_.less_equal(terms_.integer(0), variable));
  }
  if (bound.empty()) return apc;
  count_rule(options_.coverage, ApcRule::ClosureOverCounters);
  bounds.push_back(to_bound.apply(apc));
  return terms_.exists(bound, terms_.logical_and(bounds));
}

Term PathAbstraction::last_iteration(const LoopSummary& inner, const SymbolicState& at_entry) {
  Term iteration = at_entry.apply_formula(inner.theta.apply_formula(terms_.logical_or(inner.backbone_apcs), stars_), stars_);
  terms::Substitution to_before(terms_);
  std::vector<Term> before, conjuncts;
  Term total = terms_.integer(0), done = terms_.integer(0);
  for (Term counter : inner.counters) {
    Term tau = terms_.bound_variable(Sort::integer(), "t" + counter->name().substr(1));
    to_before.set(counter, tau);
    before.push_back(tau);
    conjuncts.push_back(terms_.less_equal(terms_.integer(0), tau));
    conjuncts.push_back(terms_.less_equal(tau, counter));
    total = terms_.add(total, counter);
    done = terms_.add(done, tau);
  }
  conjuncts.push_back(terms_.equal(done, terms_.subtract(total, terms_.integer(1))));
  conjuncts.push_back(to_before.apply(iteration));
  return terms_.implies(terms_.less(terms_.integer(0), total), terms_.exists(before, terms_.logical_and(conjuncts)));
}

PathAbstraction::Execution PathAbstraction::execute_backbone(const Backbone& backbone, const Flowgraph& graph) {
  Execution run{SymbolicState::initial(flowgraph_.variables), terms_.true_term(), {}, {}, nullptr, terms_.true_term()};
  for (std::size_t i = 1; i < backbone.nodes.size(); ++i) {
    const Instruction& instruction = graph.edges[static_cast<std::size_t>(backbone.edges[i - 1])].instruction;
    if (instruction.kind == Instruction::Kind::Assume) {  // line 6: apc ← apc ∧ θ(γ)
      Term condition = run.theta.apply_formula(instruction.value, stars_);
      run.apc = terms_.logical_and(run.apc, condition);
      // Algorithm 2 collects the conditions of αx, from an inner entry to its exit x.
      for (InnerLoop& inner : run.inner)
        if (!inner.left) inner.exit_condition = terms_.logical_and(inner.exit_condition, condition);
    } else {  // line 8: θ ← θ[v → θ(e)]
      run.theta.set_variable(instruction.variable, run.theta.apply(instruction.value, stars_));
    }
    NodeId node = backbone.nodes[i];
    for (InnerLoop& inner : run.inner)
      if (std::find(inner.nodes.begin(), inner.nodes.end(), node) == inner.nodes.end()) inner.left = true;
    if (node == graph.target) continue;
    auto loop = entered_loop(graph, backbone, i);
    if (!loop) continue;
    // Lines 10–14: summarise the loop and put the summary into apc and θ.
    count_rule(options_.coverage, &graph == &flowgraph_.graph ? ApcRule::LoopEntry : ApcRule::InnerLoop);
    LoopSummary summary = summarize_loop(graph, *loop, node);
    SymbolicState at_entry = run.theta;
    if (summary.counters.size() > 1) run.last_iterations = terms_.logical_and(run.last_iterations, last_iteration(summary, at_entry));
    run.apc = terms_.logical_and(run.apc, run.theta.apply_formula(summary.phi, stars_));
    run.theta = run.theta.compose(summary.theta, stars_);
    run.entries.push_back(summary.location);
    run.inner.push_back(InnerLoop{std::move(summary), std::move(*loop), std::move(at_entry), terms_.true_term(), false});
  }
  run.open_apc = run.apc;
  run.apc = close_over_counters(run.apc);
  return run;
}

Term PathAbstraction::compute() {
  std::vector<Backbone> all = backbones(flowgraph_.graph, options_.max_backbones);
  // The planted fault forgets the last backbone of the disjunction.
  if (fault_active(Fault::ApcBackboneLeftOut) && all.size() > 1) all.pop_back();
  count_rule(options_.coverage, ApcRule::Backbone, all.size());
  if (all.size() > 1) count_rule(options_.coverage, ApcRule::SeveralBackbones);
  std::vector<Term> disjuncts;
  for (const Backbone& backbone : all) {
    Execution run = execute_backbone(backbone, flowgraph_.graph);
    backbone_conditions_.push_back(BackboneCondition{backbone.nodes, run.entries, run.apc});
    disjuncts.push_back(run.apc);
  }
  // The dependency solver goes now, not with the analysis: a fuzz case keeps its analyses to the
  // case's end, and a Z3 solver alive that long makes every later solver of the case take a
  // context of its own (interp/solver/session/context_pool.hpp).  A later query makes a new one.
  solver_.reset();
  return terms_.logical_or(disjuncts);
}

LoopSummary PathAbstraction::process_loop(const Flowgraph& induced) {
  LoopSummary summary;
  summary.entry = induced.start;
  summary.location = flowgraph_.node_locations[static_cast<std::size_t>(induced.start)];
  std::vector<Backbone> loop_backbones = backbones(induced, options_.max_backbones);
  std::vector<Execution> executions;
  for (const Backbone& backbone : loop_backbones) executions.push_back(execute_backbone(backbone, induced));
  for (std::size_t i = 0; i < executions.size(); ++i) summary.counters.push_back(new_counter());
  for (const Execution& execution : executions) {
    summary.backbone_apcs.push_back(execution.apc);
    summary.backbone_states.push_back(execution.theta);
    summary.backbone_open_apcs.push_back(execution.open_apc);
    summary.backbone_last_iterations.push_back(execution.last_iterations);
  }
  summary.backbones = executions.size();

  SymbolicState theta;
  if (options_.loop_processing == LoopProcessing::Heavy) {
    count_rule(options_.coverage, ApcRule::ProcessLoopHeavy);
    theta = heavyweight_state(executions, summary);
  } else {
    count_rule(options_.coverage, ApcRule::ProcessLoopLight);
    // θ_κ starts at θ_⋆; rules 1–4 (and §4's for arrays) refine it until nothing changes.
    theta = SymbolicState::unknown(flowgraph_.variables, stars_);
    while (refine_by_rules(theta, flowgraph_.variables.size(), executions, summary.counters)) {}
  }
  if (options_.coverage != nullptr) count_stars(theta, flowgraph_.variables.size(), executions, summary.counters);
  summary.phi = looping_condition(executions, summary.counters, theta);
  summary.theta = theta;
  loops_.push_back(summary);
  return summary;
}

// One pass of rules 1–4 (§4's for arrays) over the first `variables` entries of θ_κ that are
// still ⋆; true when one of them changed.  Passes repeat until none does, so the result does not
// depend on the order the variables are visited in (rule 4 on y may need x from rule 2).
bool PathAbstraction::refine_by_rules(SymbolicState& theta, std::size_t variables, const std::vector<Execution>& executions,
                                      const std::vector<Term>& counters) {
  bool changed = false;
  for (std::size_t a = 0; a < variables; ++a) {
    if (!stars_.is_star(theta.value(a))) continue;
    Term inferred = theta.variables()[a]->sort().kind == SortKind::IntArray ? infer_array(a, executions, counters, theta)
                                                                            : infer(a, executions, counters, theta);
    if (inferred == nullptr || stars_.contains_star(inferred)) continue;
    theta.set(a, inferred);
    changed = true;
  }
  return changed;
}

namespace {

// The artificial variable s_{i,j} of one inner loop entered on backbone π_i, with σ_{i,j} ∧ δ_{i,j}.
struct Artificial {
  std::string name;
  Term count = nullptr;
  Term condition = nullptr;
};

}  // namespace

solver::Solver& PathAbstraction::dependency_solver() {
  if (solver_ == nullptr) {
    solver_ = solver::make_solver(options_.solver, terms_, options_.solving, options_.session);
  }
  return *solver_;
}

Term PathAbstraction::in_terms_of_sum(Term term, const std::vector<Term>& counters, Term sum) {
  terms::Substitution through_first(terms_);  // κ_1 ↦ sum, the other κ ↦ 0
  through_first.set(counters.front(), sum);
  for (std::size_t c = 1; c < counters.size(); ++c) through_first.set(counters[c], terms_.integer(0));
  // One counter is its own sum; the planted fault treats several as if they were one.
  if (counters.size() == 1 || fault_active(Fault::ApcInnerSumFirstCounter)) return through_first.apply(term);
  std::unordered_set<Term> mine(counters.begin(), counters.end());
  bool mentioned = false;
  for (Term symbol : terms::collect_symbols(term)) mentioned = mentioned || mine.contains(symbol);
  if (!mentioned) return term;
  switch (term->kind()) {
    case TermKind::And:
    case TermKind::Or:
    case TermKind::Not:
    case TermKind::Implies: {  // each part on its own, so one part that is no function of the sum costs only itself
      std::vector<Term> parts;
      for (Term child : *term) parts.push_back(in_terms_of_sum(child, counters, sum));
      return terms_.rebuild(term, parts);
    }
    default: break;
  }
  const Sort sort = term->sort();
  if ((sort.kind != SortKind::Int && sort.kind != SortKind::Bool) || term->has_bound_variables() || stars_.contains_star(term)) {
    count_rule(options_.coverage, ApcRule::InnerSumNotProved);
    return stars_.star(sort);
  }
  // term = term[κ_1 ↦ Σκ̄, κ_2… ↦ 0] for every κ̄ ≥ 0 and every value of the other symbols?
  terms::Substitution through_sum(terms_);
  Term total = counters.front();
  for (std::size_t c = 1; c < counters.size(); ++c) total = terms_.add(total, counters[c]);
  through_sum.set(counters.front(), total);
  for (std::size_t c = 1; c < counters.size(); ++c) through_sum.set(counters[c], terms_.integer(0));
  std::vector<Term> differs{terms_.not_equal(term, through_sum.apply(term))};
  for (Term counter : counters) differs.push_back(terms_.less_equal(terms_.integer(0), counter));
  solver::Solver& solver = dependency_solver();
  solver.push();
  solver.add(terms_.logical_and(differs));
  solver::SatResult answer = solver.check();
  solver.pop();
  ++dependency_queries_;
  count_rule(options_.coverage,
             answer == solver::SatResult::Unsat ? ApcRule::InnerSumSeveralCounters : ApcRule::InnerSumNotProved);
  return answer == solver::SatResult::Unsat ? through_first.apply(term) : stars_.star(sort);
}

// Algorithm 2, lines 4–29.  Each inner loop entered on a backbone gets s_{i,j}, the sum of its
// counters; θ_i, σ_{i,j} and δ_{i,j} are rewritten over it (in_terms_of_sum), and what is no
// function of the sum becomes ⋆.
SymbolicState PathAbstraction::heavyweight_state(const std::vector<Execution>& executions, LoopSummary& summary) {
  const std::size_t variables = flowgraph_.variables.size();
  std::vector<Term> extended = flowgraph_.variables;  // V ∪ V_s
  std::vector<Artificial> artificial;
  std::vector<Execution> rewritten;
  Term zero = terms_.integer(0), one = terms_.integer(1);
  for (std::size_t i = 0; i < executions.size(); ++i) {
    const Execution& execution = executions[i];
    std::vector<std::pair<const std::vector<Term>*, Term>> sums;  // line 9: Σκ̄_j ↦ s_{i,j}, per inner loop
    // Σκ̄_j ↦ s_{i,j} for every inner loop of this backbone, the rest of κ̄_j ↦ ⋆.
    auto to_counts = [&](Term term) {
      for (const auto& [counters, count] : sums) term = in_terms_of_sum(term, *counters, count);
      return term;
    };
    std::size_t first = artificial.size();
    for (std::size_t j = 0; j < execution.inner.size(); ++j) {
      const InnerLoop& inner = execution.inner[j];
      const std::vector<Term>& inner_counters = inner.summary.counters;
      Artificial entry;
      entry.name = "s_" + std::to_string(i + 1) + "_" + std::to_string(j + 1);
      entry.count = terms_.fresh_symbol(Sort::integer(), entry.name);
      sums.emplace_back(&inner_counters, entry.count);
      count_rule(options_.coverage, ApcRule::InnerLoopSum);
      // Line 10: σ_{i,j} ≡ 0 ≤ s − 1 → θ_κ′⟨apc′_1 ∨ … ∨ apc′_k′⟩[Σκ̄′/s − 1][κ̄′/⋆]: the inner loop
      // path's condition on its last iteration, read at the inner entry through the backbone's θ.
      Term last = terms_.subtract(entry.count, one);
      SymbolicState before_last = inner.summary.theta;
      for (std::size_t a = 0; a < variables; ++a)
        before_last.set(a, stars_.absorb(in_terms_of_sum(inner.summary.theta.value(a), inner_counters, last)));
      Term iteration = before_last.apply_formula(terms_.logical_or(inner.summary.backbone_apcs), stars_);
      Term sigma = inner.at_entry.apply_formula(terms_.implies(terms_.less_equal(zero, last), iteration), stars_);
      // Line 13: δ_{i,j}, the conditions of αx after all s inner iterations, so Σκ̄′ becomes s (the
      // paper prints s − 1, which the planted fault copies; paper-notes/002 erratum).
      Term after = fault_active(Fault::ApcDeltaShiftedByOne) ? last : entry.count;
      Term delta = stars_.weaken(in_terms_of_sum(inner.exit_condition, inner_counters, after));
      entry.condition = terms_.logical_and(sigma, delta);
      artificial.push_back(entry);
      extended.push_back(entry.count);
    }
    // The other loops' counters in σ and δ, and in θ_i, become their s as well.
    for (std::size_t m = first; m < artificial.size(); ++m) artificial[m].condition = stars_.weaken(to_counts(artificial[m].condition));
    rewritten.push_back(Execution{SymbolicState::initial(extended), execution.apc, execution.entries, {}, execution.open_apc, execution.last_iterations});
    for (std::size_t a = 0; a < variables; ++a) rewritten.back().theta.set(a, stars_.absorb(to_counts(execution.theta.value(a))));
  }
  // Every θ_i over the same V ∪ V_s (s_{i,j} ↦ s_{i,j}), θ_κ starting at θ_⋆ (lines 14–15).
  for (Execution& execution : rewritten) {
    SymbolicState full = SymbolicState::initial(extended);
    for (std::size_t a = 0; a < variables; ++a) full.set(a, execution.theta.value(a));
    execution.theta = full;
  }
  SymbolicState theta = SymbolicState::unknown(extended, stars_);
  std::vector<Term> asked(artificial.size(), nullptr);  // the last condition asked for each s
  for (bool changed = true; changed;) {
    changed = refine_by_rules(theta, variables, rewritten, summary.counters);  // lines 18–22
    for (std::size_t m = 0; m < artificial.size(); ++m) {  // lines 23–27
      std::size_t index = variables + m;
      if (!stars_.is_star(theta.value(index))) continue;
      // θ_κ⟨σ ∧ δ⟩ with s itself left free: the query is about s.
      SymbolicState reading = theta;
      reading.set(index, artificial[m].count);
      DependencyQuery query;
      std::vector<Term> conditions{terms_.less_equal(zero, artificial[m].count), reading.apply_formula(artificial[m].condition, stars_)};
      for (Term counter : summary.counters) conditions.push_back(terms_.less_equal(zero, counter));
      query.condition = terms_.logical_and(conditions);
      if (query.condition == asked[m]) continue;  // θ_κ has not changed what the query sees
      asked[m] = query.condition;
      query.count = artificial[m].count;
      for (Term symbol : terms::collect_symbols(query.condition))
        if (symbol->sort().kind == SortKind::Int && symbol != query.count && !stars_.is_star(symbol) &&
            (!counters_.contains(symbol) ||
             std::find(summary.counters.begin(), summary.counters.end(), symbol) != summary.counters.end()) &&
            std::find(extended.begin() + static_cast<std::ptrdiff_t>(variables), extended.end(), symbol) == extended.end())
          query.basis.push_back(symbol);
      Term dependency = infer_dependency(terms_, dependency_solver(), query, dependency_queries_);
      if (dependency != nullptr) count_rule(options_.coverage, ApcRule::DependencyLinear);
      // The printed form (κ̄·M + w̄)·(ā, 1)ᵀ also has the products κ·a: asked only when the linear
      // part has none, since they make the check non-linear (an unknown leaves s at ⋆).
      if (dependency == nullptr) {
        std::size_t linear = query.basis.size();
        for (std::size_t c = 0; c < linear; ++c) {
          if (std::find(summary.counters.begin(), summary.counters.end(), query.basis[c]) == summary.counters.end()) continue;
          for (std::size_t a = 0; a < linear; ++a)
            if (!counters_.contains(query.basis[a])) query.basis.push_back(terms_.multiply(query.basis[c], query.basis[a]));
        }
        if (query.basis.size() > linear) dependency = infer_dependency(terms_, dependency_solver(), query, dependency_queries_);
        if (dependency != nullptr) count_rule(options_.coverage, ApcRule::DependencyBilinear);
      }
      if (dependency == nullptr) {
        count_rule(options_.coverage, ApcRule::DependencyNotFound);
        continue;
      }
      theta.set(index, dependency);
      changed = true;
    }
  }
  for (std::size_t m = 0; m < artificial.size(); ++m)
    summary.dependencies.emplace_back(artificial[m].name, theta.value(variables + m));
  SymbolicState restricted = SymbolicState::initial(flowgraph_.variables);  // line 29: θ_κ|_V
  for (std::size_t a = 0; a < variables; ++a) restricted.set(a, theta.value(a));
  return restricted;
}

// d with value = a + d read off the sums and differences around a, or nullptr when a is not a
// summand of value.  (The simplifier does not cancel a in (a + d) − a.)
Term PathAbstraction::offset_from(Term value, Term a) {
  if (value == a) return terms_.integer(0);
  if (value->kind() == TermKind::Add) {
    if (Term left = offset_from(value->child(0), a)) return terms_.add(left, value->child(1));
    if (Term right = offset_from(value->child(1), a)) return terms_.add(value->child(0), right);
  }
  if (value->kind() == TermKind::Subtract)
    if (Term left = offset_from(value->child(0), a)) return terms_.subtract(left, value->child(1));
  return nullptr;
}

// The backbones i of the loop with θ_i(v) ≠ v for the variable v at `index`.
std::vector<std::size_t> PathAbstraction::changing_backbones(std::size_t index, const std::vector<Execution>& executions) const {
  std::vector<std::size_t> changing;
  for (std::size_t i = 0; i < executions.size(); ++i)
    if (executions[i].theta.value(index) != executions[i].theta.variables()[index]) changing.push_back(i);
  return changing;
}

Term PathAbstraction::infer(std::size_t index, const std::vector<Execution>& executions, const std::vector<Term>& counters,
                            const SymbolicState& theta) {
  Term a = theta.variables()[index];
  std::vector<std::size_t> changing = changing_backbones(index, executions);
  // Rule 1: ∀i θ_i(a) = a  ⟹  θ_κ(a) = a.
  if (changing.empty()) {
    count_rule(options_.coverage, ApcRule::Rule1);
    return a;
  }
  // Counters a premise tolerates: none.  The planted fault tolerates those of the inner loops (all
  // but this loop's own), so θ_i(a) mentioning them is summarised instead of giving ⋆.
  std::unordered_set<Term> tolerated;
  if (fault_active(Fault::ApcInnerCountersKept))
    for (Term counter : counters_)
      if (std::find(counters.begin(), counters.end(), counter) == counters.end()) tolerated.insert(counter);
  auto invariant = [&](Term t) { return !stars_.contains_star(t) && !mentions_counters(t, tolerated); };

  // Rule 2: ∀i θ_i(a) ∈ {a, a + d_i}, θ_κ⟨d_i⟩ free of ⋆ and counters  ⟹  θ_κ(a) = a + Σ θ_κ⟨d_i⟩·κ_i.
  if (a->sort().kind == SortKind::Int) {
    Term sum = a;
    bool applies = true;
    for (std::size_t i : changing) {
      Term d = offset_from(executions[i].theta.value(index), a);
      if (d == nullptr) { applies = false; break; }
      Term step = theta.apply(d, stars_);
      if (fault_active(Fault::ApcRule2WithoutInvariance)) {
        step = d;  // the planted fault skips the test
      } else if (!invariant(step)) {
        count_rule(options_.coverage, ApcRule::Rule2StepNotInvariant);
        applies = false;
        break;
      }
      sum = terms_.add(sum, terms_.multiply(step, counters[i]));
    }
    if (applies) {
      count_rule(options_.coverage, ApcRule::Rule2);
      return sum;
    }
  }

  // Rule 3: ∀i θ_i(a) ∈ {a, d}, θ_κ⟨d⟩ free of ⋆ and counters  ⟹  θ_κ(a) = ite(Σ_{i changing} κ_i > 0, θ_κ⟨d⟩, a).
  Term d = executions[changing.front()].theta.value(index);
  bool same = true;
  for (std::size_t i : changing) same = same && executions[i].theta.value(index) == d;
  if (!same) count_rule(options_.coverage, ApcRule::Rule3DifferingValues);
  if (fault_active(Fault::ApcRule3DifferingValues)) same = true;  // the planted fault takes the first value
  if (same) {
    Term value = theta.apply(d, stars_);
    if (invariant(value)) {
      Term iterations = terms_.integer(0);
      for (std::size_t i : changing) iterations = terms_.add(iterations, counters[i]);
      count_rule(options_.coverage, ApcRule::Rule3);
      return terms_.if_then_else(terms_.less(terms_.integer(0), iterations), value, a);
    }
  }

  // Rule 4: only π_i changes a, θ_i(a) = d, θ_κ⟨d⟩ free of ⋆ and of counters but κ_i
  //   ⟹  θ_κ(a) = ite(κ_i > 0, θ_κ⟨d⟩[κ_i/κ_i − 1], a).
  if (changing.size() == 1) {
    std::size_t i = changing.front();
    Term value = theta.apply(d, stars_);
    std::unordered_set<Term> own = tolerated;
    own.insert(counters[i]);
    if (!stars_.contains_star(value) && !mentions_counters(value, own)) {
      count_rule(options_.coverage, ApcRule::Rule4);
      if (options_.coverage != nullptr && mentions_counters(value, tolerated)) options_.coverage->count(ApcRule::Rule4Shifted);
      if (!fault_active(Fault::ApcRule4WithoutShift)) {  // the planted fault keeps κ_i
        terms::Substitution shift(terms_);
        shift.set(counters[i], terms_.subtract(counters[i], terms_.integer(1)));
        value = shift.apply(value);
      }
      return terms_.if_then_else(terms_.less(terms_.integer(0), counters[i]), value, a);
    }
  }
  return nullptr;
}

Term PathAbstraction::infer_array(std::size_t index, const std::vector<Execution>& executions, const std::vector<Term>& counters,
                                  const SymbolicState& theta) {
  Term array = theta.variables()[index];
  std::vector<std::size_t> changing = changing_backbones(index, executions);
  // Unchanged rule: ∀i θ_i(A) = λχ.A(χ)  ⟹  θ_κ(A) = λχ.A(χ).
  if (changing.empty()) {
    count_rule(options_.coverage, ApcRule::ArrayUnchanged);
    return array;
  }
  if (changing.size() != 1) {
    count_rule(options_.coverage, ApcRule::ArraySeveralWriters);
    return nullptr;
  }
  // Single-writer rule: only π_w writes, θ_w(A) = A[i_1 := v_1]…[i_n := v_n] with every θ_κ⟨i_j⟩
  // and θ_κ⟨v_j⟩ free of ⋆ and counters (the invariance test §4 does not print)
  //   ⟹  θ_κ(A) = A[θ_κ⟨i_j⟩ := ite(κ_w = 0, A(θ_κ⟨i_j⟩), θ_κ⟨v_j⟩)]_j.
  std::size_t w = changing.front();
  std::vector<std::pair<Term, Term>> writes;  // innermost first after the reverse below
  Term base = executions[w].theta.value(index);
  while (base->kind() == TermKind::Store) {
    writes.emplace_back(base->child(1), base->child(2));
    base = base->child(0);
  }
  if (base != array) return nullptr;
  std::reverse(writes.begin(), writes.end());
  const std::unordered_set<Term> none;
  bool printed_rule = fault_active(Fault::ApcPrintedArrayRule);  // the planted fault: §4 as printed
  Term none_yet = terms_.equal(counters[w], terms_.integer(0));
  Term result = array;
  for (auto [position, value] : writes) {
    Term at = printed_rule ? position : theta.apply(position, stars_);
    Term stored = printed_rule ? value : theta.apply(value, stars_);
    if (!printed_rule && (stars_.contains_star(at) || stars_.contains_star(stored) || mentions_counters(at, none) ||
                          mentions_counters(stored, none))) {
      count_rule(options_.coverage, ApcRule::ArrayWriterNotInvariant);
      return nullptr;
    }
    result = terms_.store(result, at, terms_.if_then_else(none_yet, terms_.select(array, at), stored));
  }
  count_rule(options_.coverage, ApcRule::ArraySingleWriter);
  return result;
}

void PathAbstraction::count_stars(const SymbolicState& theta, std::size_t variables, const std::vector<Execution>& executions,
                                  const std::vector<Term>& counters) {
  const std::unordered_set<Term> own(counters.begin(), counters.end());
  for (std::size_t a = 0; a < variables; ++a) {
    if (theta.variables()[a]->sort().kind == SortKind::IntArray || !stars_.is_star(theta.value(a))) continue;
    options_.coverage->count(ApcRule::NoRuleStar);
    for (std::size_t i : changing_backbones(a, executions))
      if (mentions_counters(executions[i].theta.value(a), own)) {
        options_.coverage->count(ApcRule::InnerCounterStar);
        break;
      }
  }
}

// φ_κ = ⋀_i ∀τ_i(0 ≤ τ_i < κ_i → ∃τ̄_i(0̄ ≤ τ̄_i ≤ κ̄_i ∧ θ_κ⟨apc_i⟩[κ̄/τ̄])).
Term PathAbstraction::looping_condition(const std::vector<Execution>& executions, const std::vector<Term>& counters,
                                        const SymbolicState& theta) {
  std::vector<Term> conjuncts;
  Term zero = terms_.integer(0);
  for (std::size_t i = 0; i < executions.size(); ++i) {
    Term body = theta.apply_formula(executions[i].apc, stars_);
    std::vector<Term> taus;
    terms::Substitution to_tau(terms_);
    for (std::size_t j = 0; j < counters.size(); ++j) {
      taus.push_back(terms_.bound_variable(Sort::integer(), "t" + counters[j]->name().substr(1)));
      to_tau.set(counters[j], taus.back());
    }
    body = to_tau.apply(body);
    std::vector<Term> others, ranges;
    for (std::size_t j = 0; j < counters.size(); ++j) {
      if (j == i) continue;
      others.push_back(taus[j]);
      ranges.push_back(terms_.less_equal(zero, taus[j]));
      ranges.push_back(terms_.less_equal(taus[j], counters[j]));
    }
    ranges.push_back(body);
    Term inner = others.empty() ? body : terms_.exists(others, terms_.logical_and(ranges));
    // The planted fault asks the loop path's condition once more, at τ_i = κ_i.
    Term below = fault_active(Fault::ApcPhiTauUpToKappa) ? terms_.less_equal(taus[i], counters[i]) : terms_.less(taus[i], counters[i]);
    Term range = terms_.logical_and(terms_.less_equal(zero, taus[i]), below);
    conjuncts.push_back(terms_.forall(taus[i], terms_.implies(range, inner)));
  }
  return terms_.logical_and(conjuncts);
}

}  // namespace symref::apc

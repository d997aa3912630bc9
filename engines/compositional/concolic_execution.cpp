// Execute (Algorithm 1, §4.1): the forward machine follows the concrete input; activations of
// summarized functions run in their own symbolic frame over P_g (§4.2 "Definition predicate").
#include "engines/compositional/concolic_execution.hpp"

#include <memory>
#include <stdexcept>
#include <unordered_map>

#include "engines/compositional/compositional_coverage.hpp"
#include "semantics/faults.hpp"
#include "semantics/symbolic/state_valuation.hpp"
#include "semantics/terms/evaluator.hpp"
#include "semantics/terms/substitution.hpp"

namespace symref::compositional {

namespace {

using terms::Term;

// V0 of the initial symbols, extended by the concrete values of the symbols this run introduced:
// the inputs P_g of the running activations and the call results standing for g.o(a).  An
// array-sorted one (an int[] or a field array) holds a snapshot of the array it stands for (the
// caller's at the call, the callee's at its return), taken then: P_g's symbols are shared by all
// activations of g, so a later activation must not change what an earlier snapshot reads.
class RunValuation final : public terms::Valuation {
 public:
  RunValuation(const Program& program, const GlobalState& input) : initial_(program, input) {}
  void set(Term symbol, Value value) { extra_[symbol] = std::move(value); }
  // The concrete contents of `array` now: its updates, latest first, over an initial array.
  void define_array(Term symbol, Term array) {
    Snapshot snapshot;
    for (; array->kind() == terms::TermKind::Store; array = array->child(0))
      snapshot.updates.emplace_back(terms::evaluate(array->child(1), *this), terms::evaluate(array->child(2), *this));
    auto below = arrays_.find(array);
    if (below == arrays_.end()) {
      snapshot.base = array;
    } else {
      snapshot.base = below->second.base;
      snapshot.updates.insert(snapshot.updates.end(), below->second.updates.begin(), below->second.updates.end());
    }
    arrays_[symbol] = std::move(snapshot);
  }
  Value symbol_value(Term symbol) const override {
    auto it = extra_.find(symbol);
    return it != extra_.end() ? it->second : initial_.symbol_value(symbol);
  }
  Value array_element(Term array_symbol, const Value& index) const override {
    auto it = arrays_.find(array_symbol);
    if (it == arrays_.end()) return initial_.array_element(array_symbol, index);
    for (const auto& [at, value] : it->second.updates)
      if (at == index) return value;
    return initial_.array_element(it->second.base, index);
  }
  Integer array_length(Term array_symbol) const override {
    auto it = arrays_.find(array_symbol);
    return initial_.array_length(it == arrays_.end() ? array_symbol : it->second.base);
  }

 private:
  struct Snapshot {
    Term base = nullptr;  // an array of the initial state
    std::vector<std::pair<Value, Value>> updates;
  };
  InitialStateValuation initial_;
  std::unordered_map<Term, Value> extra_;
  std::unordered_map<Term, Snapshot> arrays_;
};

// One activation of main or of a summarized function, and what its caller had before it.
struct Activation {
  FunctionIndex function = main_function;
  std::size_t depth = 1;      // frames on the stack while its body runs
  NodeId node = -1;           // where it is in its tree
  std::string letters;
  std::int32_t calls_since_node = 0;
  std::vector<CallFact> calls;                      // summarized calls made so far
  std::unique_ptr<terms::Substitution> summaries;  // call-result symbol -> g.o(a)
  std::vector<Term> arguments;                      // over the caller's P, summaries applied
  std::vector<Value> input_values;                  // the concrete values of P_g at the call (arrays: none)
  // The caller's state at the call, restored at the return.
  PathCondition caller_path_condition;
  std::string caller_letters;
  std::vector<Term> caller_globals, caller_fields;
};

}  // namespace

ConcolicExecutor::ConcolicExecutor(const Program& program, terms::TermManager& terms, const FunctionTable& table,
                                   const SummarySymbols& symbols, ExecutionTrees& trees, ExecuteOptions options)
    : program_(program), terms_(terms), table_(table), symbols_(symbols), trees_(trees), options_(options),
      machine_(program, terms, options.limits) {}

void ConcolicExecutor::execute(Execution& execution) {
  RunValuation valuation(program_, execution.input);
  auto holds = [&](Term condition) { return terms::evaluate(condition, valuation).as_boolean(); };
  auto note_covered = [&](NodeId id) {
    TreeNode& n = trees_.node(id);
    if (n.covered_by >= 0) return;
    n.covered_by = execution.index;
    execution.covered.push_back(id);
    if (n.state == NodeState::Unreachable) execution.unreachable_covered.push_back(id);
    if (n.state != NodeState::Explored) {
      // The planted fault: the node is recorded as covered but stays dangling.
      if (!fault_active(Fault::CompositionalCoveredStaysDangling)) n.state = NodeState::Explored;
      ++execution.dangling_covered;
    }
  };
  auto local_of = [&](Activation& a, const PathCondition& pc) {
    return LocalPathCondition{a.summaries->apply(pc.conjunction(terms_)), a.calls};
  };

  SymbolicConfiguration current = machine_.initial();
  std::vector<Activation> activations;
  activations.push_back(Activation{});
  activations.back().summaries = std::make_unique<terms::Substitution>(terms_);
  activations.back().node = trees_.add(terms_, main_function, "", "", {terms_.true_term(), {}}, program_.main_location, true);
  note_covered(activations.back().node);

  std::vector<SymbolicSuccessor> successors;
  while (current.outcome == Outcome::Running) {
    if (current.steps >= options_.max_steps) {
      current.outcome = Outcome::Bound;
      break;
    }
    const std::size_t depth_before = current.control.depth();
    const Statement* statement = current.control.current();
    successors.clear();
    machine_.successors(current, successors);  // at the end of main: none, and outcome Normal
    if (successors.empty()) break;

    // The successor the input takes: the one whose added conditions it satisfies.
    SymbolicSuccessor* chosen = nullptr;
    for (auto& successor : successors) {
      bool all = true;
      for (Term condition : successor.added) all = all && holds(condition);
      if (all) {
        chosen = &successor;
        break;
      }
    }
    if (chosen == nullptr) throw std::logic_error("no successor agrees with the concrete run after " + execution.branches);

    // A fork: every side with letters is a node of the running activation's tree.
    Activation& active = activations.back();
    const std::string chosen_letters = chosen->configuration.branches.substr(current.branches.size());
    NodeId chosen_node = -1;
    for (auto& successor : successors) {
      std::string letters = successor.configuration.branches.substr(current.branches.size());
      if (letters.empty()) continue;
      const bool taken = &successor == chosen;
      const Outcome ends = successor.configuration.outcome;
      NodeId id = trees_.add(terms_, active.function, active.letters + letters, letters,
                             local_of(active, successor.configuration.path_condition),
                             statement ? statement->location : SourceLocation{}, taken,
                             letters.back() == 'E' && is_error_outcome(ends) ? std::string(outcome_name(ends)) : "");
      TreeNode& n = trees_.node(id);
      if (const Statement* next = successor.configuration.control.current();
          next != nullptr && successor.configuration.outcome == Outcome::Running)
        n.next_line = static_cast<std::int32_t>(next->location.line);
      if (options_.target_line > 0) {
        const bool assert_fails = statement && statement->kind == StatementKind::Assert &&
                                  static_cast<std::int32_t>(statement->location.line) == options_.target_line && letters == "F";
        const bool opens_block = n.next_line == options_.target_line && (letters == "T" || letters == "F") &&
                                 !(statement && static_cast<std::int32_t>(statement->location.line) == options_.target_line);
        n.target = n.target || assert_fails || opens_block;
      }
      if (taken) {
        note_covered(id);
        chosen_node = id;
      }
    }
    if (options_.target_line > 0 && statement && static_cast<std::int32_t>(statement->location.line) == options_.target_line) {
      if (statement->kind != StatementKind::Assert || chosen->configuration.outcome == Outcome::AssertionFailure)
        execution.reached_target_line = true;
    }

    const std::string caller_letters_before = current.branches;
    current = std::move(chosen->configuration);
    execution.branches += chosen_letters;
    if (chosen_node >= 0) {
      active.letters += chosen_letters;
      active.node = chosen_node;
      active.calls_since_node = 0;
    }
    (void)caller_letters_before;

    const std::size_t depth_after = current.control.depth();
    if (depth_after > depth_before) {
      // Entering a callee: a summarized one gets its own frame over P_g.
      const FunctionIndex f = table_.of(current.control.top_frame().callable);
      if (!table_[f].summarized) continue;
      const FunctionInfo& info = table_[f];
      const FunctionSymbols& symbols = symbols_[f];
      Activation& caller = activations.back();
      Activation callee;
      callee.function = f;
      callee.depth = depth_after;
      callee.summaries = std::make_unique<terms::Substitution>(terms_);
      callee.caller_globals = current.globals;
      callee.caller_fields = current.fields;
      const std::uint32_t base = current.locals_base();
      for (std::size_t k = 0; k < info.inputs.size(); ++k) {
        const FunctionSlot& input = info.inputs[k];
        Term& slot = input.kind == FunctionSlot::Kind::Local   ? current.locals[base + static_cast<std::size_t>(input.index)]
                     : input.kind == FunctionSlot::Kind::Field ? current.fields[static_cast<std::size_t>(input.index)]
                                                               : current.globals[static_cast<std::size_t>(input.index)];
        callee.arguments.push_back(caller.summaries->apply(slot));
        if (terms::TermManager::is_array(slot->sort())) {
          callee.input_values.emplace_back();
          valuation.define_array(symbols.inputs[k], slot);
        } else {
          callee.input_values.push_back(terms::evaluate(slot, valuation));
          valuation.set(symbols.inputs[k], callee.input_values.back());
        }
        slot = symbols.inputs[k];
      }
      trees_.add_call_site(caller.function, CallSite{f, caller.node, caller.calls_since_node, callee.arguments,
                                                     local_of(caller, current.path_condition)});
      // The caller's tree gets a node R for "the call returned": dangling until some activation
      // of the callee returns here, so that the caller's continuation is a target (the paper's
      // trees have no such node, and Algorithm 1 can then end with reachable code unexplored).
      LocalPathCondition returned = local_of(caller, current.path_condition);
      returned.calls.push_back(CallFact{f, callee.arguments});
      trees_.add(terms_, caller.function, caller.letters + "R", "R", std::move(returned),
                 statement ? statement->location : SourceLocation{}, false);
      callee.caller_path_condition = std::move(current.path_condition);
      current.path_condition = PathCondition{};
      callee.caller_letters = std::move(current.branches);
      current.branches.clear();
      callee.node = trees_.add(terms_, f, "", "", {terms_.true_term(), {}}, info.callable->location, true);
      note_covered(callee.node);
      activations.push_back(std::move(callee));
      count_rule(options_.coverage, CompositionalRule::Activation);
    } else if (depth_after < depth_before && activations.size() > 1 && depth_before == activations.back().depth) {
      // A summarized activation returns: its leaf records Ret_o(l); the caller sees g.o(a).
      Activation finished = std::move(activations.back());
      activations.pop_back();
      const FunctionInfo& info = table_[finished.function];
      const FunctionSymbols& symbols = symbols_[finished.function];
      TreeNode& leaf = trees_.node(finished.node);
      std::vector<Value> values;
      std::vector<Term> exits;
      std::vector<Term> unapplied_exits;  // over the symbols the valuation knows
      for (const FunctionSlot& output : info.outputs) {
        Term exit = output.kind == FunctionSlot::Kind::Result  ? current.result
                    : output.kind == FunctionSlot::Kind::Field ? current.fields[static_cast<std::size_t>(output.index)]
                                                               : current.globals[static_cast<std::size_t>(output.index)];
        exits.push_back(finished.summaries->apply(exit));
        unapplied_exits.push_back(exit);
        values.push_back(terms::TermManager::is_array(exit->sort()) ? Value() : terms::evaluate(exit, valuation));
      }
      leaf.returns = true;
      leaf.outcome = Outcome::Normal;
      leaf.returned = exits;
      execution.returned.push_back(ReturnedActivation{finished.function, finished.input_values, values, finished.node});
      Activation& caller = activations.back();
      current.path_condition = std::move(finished.caller_path_condition);
      current.branches = std::move(finished.caller_letters);
      current.globals = std::move(finished.caller_globals);
      current.fields = std::move(finished.caller_fields);
      for (std::size_t k = 0; k < info.outputs.size(); ++k) {
        const FunctionSlot& output = info.outputs[k];
        Term applied = terms_.apply(symbols.outputs[k], finished.arguments);
        Term result = terms_.fresh_symbol(applied->sort(), info.name + "." + output.name);
        if (terms::TermManager::is_array(result->sort())) valuation.define_array(result, unapplied_exits[k]);
        else valuation.set(result, values[k]);
        caller.summaries->set(result, applied);
        if (output.kind == FunctionSlot::Kind::Result) current.result = result;
        else if (output.kind == FunctionSlot::Kind::Field) current.fields[static_cast<std::size_t>(output.index)] = result;
        else current.globals[static_cast<std::size_t>(output.index)] = result;
      }
      caller.calls.push_back(CallFact{finished.function, finished.arguments});
      caller.letters += "R";
      caller.node = trees_.find(caller.function, caller.letters);
      note_covered(caller.node);
      count_rule(options_.coverage, CompositionalRule::ActivationReturns);
      count_rule(options_.coverage, CompositionalRule::CallReturnedNode);
      caller.calls_since_node = 0;
    }
  }
  execution.outcome = current.outcome;
  execution.steps = current.steps;
  if (activations.size() > 1) count_rule(options_.coverage, CompositionalRule::ActivationEndsRun);
  TreeNode& last = trees_.node(activations.back().node);
  if (!last.returns) last.outcome = current.outcome;
}

}  // namespace symref::compositional

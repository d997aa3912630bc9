// Execute (Algorithm 1, §4.1): the forward machine follows the concrete input; activations of
// summarized functions run in their own symbolic frame over P_g (§4.2 "Definition predicate").
#include "engines/compositional/concolic_execution.hpp"

#include <memory>
#include <stdexcept>
#include <unordered_map>

#include "semantics/faults.hpp"
#include "semantics/symbolic/state_valuation.hpp"
#include "semantics/terms/evaluator.hpp"
#include "semantics/terms/substitution.hpp"

namespace symref::compositional {

namespace {

using terms::Term;

// V0 of the initial symbols, extended by the concrete values of the symbols this run introduced:
// the inputs P_g of the running activations and the call results standing for g.o(a).
class RunValuation final : public terms::Valuation {
 public:
  RunValuation(const Program& program, const GlobalState& input) : initial_(program, input) {}
  void set(Term symbol, Value value) { extra_[symbol] = std::move(value); }
  Value symbol_value(Term symbol) const override {
    auto it = extra_.find(symbol);
    return it != extra_.end() ? it->second : initial_.symbol_value(symbol);
  }
  Value array_element(Term array_symbol, const Value& index) const override { return initial_.array_element(array_symbol, index); }
  Integer array_length(Term array_symbol) const override { return initial_.array_length(array_symbol); }

 private:
  InitialStateValuation initial_;
  std::unordered_map<Term, Value> extra_;
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
  std::vector<Value> input_values;                  // the concrete values of P_g at the call
  // The caller's state at the call, restored at the return.
  PathCondition caller_path_condition;
  std::string caller_letters;
  std::vector<Term> caller_globals;
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
      const std::uint32_t base = current.locals_base();
      for (std::size_t k = 0; k < info.inputs.size(); ++k) {
        const FunctionSlot& input = info.inputs[k];
        Term& slot = input.kind == FunctionSlot::Kind::Local ? current.locals[base + static_cast<std::size_t>(input.index)]
                                                            : current.globals[static_cast<std::size_t>(input.index)];
        callee.arguments.push_back(caller.summaries->apply(slot));
        callee.input_values.push_back(terms::evaluate(slot, valuation));
        valuation.set(symbols.inputs[k], callee.input_values.back());
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
    } else if (depth_after < depth_before && activations.size() > 1 && depth_before == activations.back().depth) {
      // A summarized activation returns: its leaf records Ret_o(l); the caller sees g.o(a).
      Activation finished = std::move(activations.back());
      activations.pop_back();
      const FunctionInfo& info = table_[finished.function];
      const FunctionSymbols& symbols = symbols_[finished.function];
      TreeNode& leaf = trees_.node(finished.node);
      std::vector<Value> values;
      std::vector<Term> exits;
      for (const FunctionSlot& output : info.outputs) {
        Term exit = output.kind == FunctionSlot::Kind::Result ? current.result : current.globals[static_cast<std::size_t>(output.index)];
        exits.push_back(finished.summaries->apply(exit));
        values.push_back(terms::evaluate(exit, valuation));
      }
      leaf.returns = true;
      leaf.outcome = Outcome::Normal;
      leaf.returned = exits;
      execution.returned.push_back(ReturnedActivation{finished.function, finished.input_values, values, finished.node});
      Activation& caller = activations.back();
      current.path_condition = std::move(finished.caller_path_condition);
      current.branches = std::move(finished.caller_letters);
      current.globals = std::move(finished.caller_globals);
      for (std::size_t k = 0; k < info.outputs.size(); ++k) {
        const FunctionSlot& output = info.outputs[k];
        Term applied = terms_.apply(symbols.outputs[k], finished.arguments);
        Term result = terms_.fresh_symbol(applied->sort(), info.name + "." + output.name);
        valuation.set(result, values[k]);
        caller.summaries->set(result, applied);
        if (output.kind == FunctionSlot::Kind::Result) current.result = result;
        else current.globals[static_cast<std::size_t>(output.index)] = result;
      }
      caller.calls.push_back(CallFact{finished.function, finished.arguments});
      caller.letters += "R";
      caller.node = trees_.find(caller.function, caller.letters);
      note_covered(caller.node);
      caller.calls_since_node = 0;
    }
  }
  execution.outcome = current.outcome;
  execution.steps = current.steps;
  TreeNode& last = trees_.node(activations.back().node);
  if (!last.returns) last.outcome = current.outcome;
}

}  // namespace symref::compositional

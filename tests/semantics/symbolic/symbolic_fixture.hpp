// Test helpers for the symbolic transition systems (forward §2–§4.1, trace §4): a program from
// text, a current configuration driven step by step, and successors shown as one exact line each:
//   "<rule> [<added conditions, printed, joined by ' ; '>] <branch string, ε when empty> <outcome>"
// plus, in trace mode, the items each successor appended to ρ.
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "semantics/symbolic/symbolic_machine.hpp"
#include "semantics/syntax/front_end.hpp"
#include "semantics/terms/printer.hpp"
#include "semantics/traces/trace_printer.hpp"

namespace symref::testing {

class SymbolicRun {
 public:
  explicit SymbolicRun(const std::string& text, EngineMode mode = EngineMode::Forward, SymbolicLimits limits = {})
      : program_(load_program_from_text("test.sym", text)),
        terms_(program_.get()),
        machine_(*program_, terms_, limits, mode),
        current_(machine_.initial()) {}

  const Program& program() const { return *program_; }
  terms::TermManager& terms() { return terms_; }
  SymbolicConfiguration& current() { return current_; }

  std::string print(terms::Term term) const { return terms::print_term(term, program_.get()); }

  // The successors of the current configuration.
  std::vector<SymbolicSuccessor>& successors() {
    successors_.clear();
    machine_.successors(current_, successors_);
    return successors_;
  }

  std::string describe(const SymbolicSuccessor& successor) const {
    std::string conditions;
    for (terms::Term added : successor.added) conditions += (conditions.empty() ? "" : " ; ") + print(added);
    const std::string& branches = successor.configuration.branches;
    return std::string(rule_base_name(successor.rule)) + " [" + conditions + "] " + (branches.empty() ? "ε" : branches) + " " +
           std::string(outcome_name(successor.configuration.outcome));
  }
  // Every successor of the current configuration, described.
  std::vector<std::string> step_all() {
    std::vector<std::string> out;
    for (const auto& successor : successors()) out.push_back(describe(successor));
    return out;
  }
  // The trace items successor `k` (of the last step_all/successors call) appended to ρ.
  std::vector<std::string> new_items(std::size_t k) const {
    const auto items = successors_.at(k).configuration.trace.items();
    std::vector<std::string> out;
    for (std::size_t i = current_.trace.length(); i < items.size(); ++i) out.push_back(print_trace_item(*program_, *items[i]));
    return out;
  }
  std::vector<std::string> trace() const {
    std::vector<std::string> out;
    for (const TraceItem* item : current_.trace.items()) out.push_back(print_trace_item(*program_, *item));
    return out;
  }

  // Moves to successor `k` of the current configuration; returns its description.
  std::string take(std::size_t k) {
    successors();
    EXPECT_LT(k, successors_.size());
    if (k >= successors_.size()) return "none";
    std::string description = describe(successors_[k]);
    current_ = std::move(successors_[k].configuration);
    return description;
  }
  // Moves along the only successor, `count` times; the rules taken.
  std::vector<std::string> advance(std::size_t count = 1) {
    std::vector<std::string> rules;
    for (std::size_t i = 0; i < count; ++i) {
      successors();
      EXPECT_EQ(successors_.size(), 1u) << "at step " << i << " of advance(" << count << ")";
      if (successors_.size() != 1) break;
      rules.push_back(std::string(rule_base_name(successors_[0].rule)));
      current_ = std::move(successors_[0].configuration);
    }
    return rules;
  }

  // σ of a global, printed.
  std::string global(const std::string& name) const {
    return print(current_.globals[program_->global_index.at(name)]);
  }
  // σ of a field (the whole array over objects), printed; `Class.field`.
  std::string field(const std::string& class_name, const std::string& field_name) const {
    const Field* field = program_->find_field(program_->class_index.at(class_name), field_name);
    for (std::size_t f = 0; f < program_->fields.size(); ++f)
      if (&program_->fields[f] == field) return print(current_.fields[f]);
    return "?";
  }
  // τ of closure `frame`, as "name=term" joined by ", ".
  std::string locals(std::size_t frame) const {
    const auto& frames = current_.control.frames();
    const Callable& callable = *frames.at(frame).callable;
    const terms::Term* values = current_.frame_locals(frame);
    std::string out;
    for (std::size_t k = 0; k < callable.locals.size(); ++k)
      out += (k ? ", " : "") + callable.locals[k].name + "=" + print(values[k]);
    return out;
  }
  std::string path_condition() const {
    std::string out;
    for (terms::Term conjunct : current_.path_condition.conjuncts()) out += (out.empty() ? "" : " ; ") + print(conjunct);
    return out;
  }
  std::size_t depth() const { return current_.control.depth(); }
  std::string outcome() const { return std::string(outcome_name(current_.outcome)); }

 private:
  std::unique_ptr<Program> program_;
  terms::TermManager terms_;
  SymbolicMachine machine_;
  SymbolicConfiguration current_;
  std::vector<SymbolicSuccessor> successors_;
};

}  // namespace symref::testing

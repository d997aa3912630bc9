// A scripted stand-in for a solver backend, playing a wrong or unsure solver in layer tests (§2).
#pragma once

#include <gtest/gtest.h>

#include <deque>
#include <memory>
#include <optional>
#include <ostream>

#include "interp/solver/backends/encoding.hpp"
#include "interp/solver/snapshot_model.hpp"
#include "interp/solver/solver.hpp"
#include "semantics/terms/evaluator.hpp"

namespace symref::solver {

inline void PrintTo(SatResult result, std::ostream* out) { *out << to_string(result); }

namespace testing {

// A model giving one symbol an object identity beyond 64 bits, as Z3 can (encoding.hpp), and the
// fake's values to everything else.
class WideObjectModel final : public Model {
 public:
  WideObjectModel(const terms::MapValuation& values, Term wide) : values_(values), wide_(wide) {}
  Value symbol_value(Term symbol) const override {
    if (symbol == wide_) return decode_numeral("fake", "-123456789012345678901234567890", symbol->sort());
    return values_.symbol_value(symbol);
  }
  Value array_element(Term array_symbol, const Value& index) const override { return values_.array_element(array_symbol, index); }
  Integer array_length(Term array_symbol) const override { return values_.array_length(array_symbol); }

 private:
  SnapshotModel values_;
  Term wide_;
};

class FakeSolver final : public Solver {
 public:
  FakeSolver(std::string name, SatResult answer, const terms::TermManager& manager)
      : name_(std::move(name)), answer_(answer), values_(manager) {}

  void set_answer(SatResult answer) { answer_ = answer; }
  terms::MapValuation& model_values() { return values_; }
  void give_wide_object(Term symbol) { wide_object_ = symbol; }  // its models are WideObjectModels
  void set_own_value(std::optional<bool> value) { own_value_ = value; }  // what backend_value says of every formula
  unsigned scopes() const { return scopes_; }

  std::string name() const override { return name_; }
  void push() override { ++scopes_; }
  void pop(unsigned n) override {
    if (n > scopes_) throw std::logic_error("fake: pop of more scopes than were pushed");
    scopes_ -= n;
  }
  void add(Term formula) override { require_formula(formula); }
  SatResult check() override {
    statistics_.record(answer_, 0);
    last_ = answer_;
    return answer_;
  }
  std::string reason_unknown() const override { return last_ == SatResult::Unknown ? unknown_reason_ : ""; }
  void set_unknown_reason(std::string reason) { unknown_reason_ = std::move(reason); }
  void set_timeout_milliseconds(unsigned) override {}
  void set_resource_limit(std::uint64_t) override {}
  std::unique_ptr<Model> model() override {
    if (last_ != SatResult::Sat) throw std::logic_error("fake: model() without a sat answer");
    if (wide_object_ != nullptr) return std::make_unique<WideObjectModel>(values_, wide_object_);
    return std::make_unique<SnapshotModel>(values_);
  }
  std::optional<bool> backend_value(Term) override { return last_ == SatResult::Sat ? own_value_ : std::nullopt; }
  SolverStatistics statistics() const override { return statistics_; }

 private:
  std::string name_;
  SatResult answer_;
  SatResult last_ = SatResult::Unknown;
  terms::MapValuation values_;
  Term wide_object_ = nullptr;
  std::optional<bool> own_value_;
  unsigned scopes_ = 0;
  SolverStatistics statistics_;
  std::string unknown_reason_ = "fake reason";
};

}  // namespace testing
}  // namespace symref::solver

// Narrowing a model to a small input: fewer objects, shorter arrays, smaller numbers (interp/explore).
#include "interp/explore/small_input.hpp"

#include <algorithm>
#include <functional>

#include "semantics/terms/traversal.hpp"

namespace symref {

namespace {

using solver::SatResult;
using terms::SortKind;
using terms::Term;
using terms::TermKind;

class Narrowing {
 public:
  Narrowing(const Program& program, terms::TermManager& terms, solver::Solver& solver, const SmallInputLimits& limits,
            SmallInputStatistics& statistics)
      : program_(program), terms_(terms), solver_(solver), limits_(limits), statistics_(statistics) {}

  std::optional<GlobalState> run(Term formula, std::string& reason) {
    best_ = input_from_model(program_, terms_, *solver_.model(), limits_.generation, reason);
    collect(formula);
    fewer_objects();
    shorter_arrays();
    smaller_numbers();
    if (kept_scopes_ > 0) solver_.pop(kept_scopes_);
    solver_.set_timeout_milliseconds(limits_.timeout_milliseconds);
    if (best_) {
      reason.clear();
      // The objects named o1, o2, ... in the order they are reached, not by the model's numbers.
      for (std::size_t k = 0; k < best_->heap.size(); ++k) best_->heap[k].name = "o" + std::to_string(k + 1);
    }
    return std::move(best_);
  }

 private:
  bool stopped() const {
    return statistics_.queries >= limits_.max_queries || std::chrono::steady_clock::now() >= limits_.deadline;
  }

  // Whether the formulas in scope and `bound` are satisfiable by a model that is an input; if so
  // that input is the best so far.  Unknown, a time-out or a model beyond the limits count as no.
  bool satisfiable_with(Term bound) {
    if (stopped()) return false;
    unsigned timeout = limits_.timeout_milliseconds;
    if (limits_.deadline != std::chrono::steady_clock::time_point::max()) {
      auto left = std::chrono::duration_cast<std::chrono::milliseconds>(limits_.deadline - std::chrono::steady_clock::now()).count();
      left = std::max<decltype(left)>(left, 1);
      if (timeout == 0 || static_cast<std::uint64_t>(left) < timeout) timeout = static_cast<unsigned>(left);
    }
    solver_.set_timeout_milliseconds(timeout);
    ++statistics_.queries;
    solver_.push();
    solver_.add(bound);
    bool found = false;
    if (solver_.check() == SatResult::Sat) {
      std::string reason;
      if (auto input = input_from_model(program_, terms_, *solver_.model(), limits_.generation, reason)) {
        best_ = std::move(input);
        found = true;
      }
    }
    solver_.pop();
    return found;
  }

  // Keeps `bound` (known satisfiable with the best input) for the later steps.
  void keep(Term bound) {
    solver_.push();
    solver_.add(bound);
    ++kept_scopes_;
  }

  // The least bound from 0 to `widest` for which `bound_at` is satisfiable: 0, 1, 2, 4, ... until
  // one is, then halving the gap to the last one that was not.
  std::optional<std::int64_t> narrowest(std::int64_t widest, const std::function<Term(std::int64_t)>& bound_at) {
    std::int64_t failed = -1;
    std::optional<std::int64_t> works;
    for (std::int64_t bound = 0;; bound = bound == 0 ? 1 : bound * 2) {
      bound = std::min(bound, widest);
      if (satisfiable_with(bound_at(bound))) {
        works = bound;
        break;
      }
      if (stopped() || bound == widest) return std::nullopt;
      failed = bound;
    }
    while (*works - failed > 1 && !stopped()) {
      const std::int64_t middle = failed + (*works - failed) / 2;
      if (satisfiable_with(bound_at(middle)))
        works = middle;
      else
        failed = middle;
    }
    // The best input is the model of the last satisfiable query, which was at `works`.
    return works;
  }

  bool is_field_symbol(Term term) const {
    return term->kind() == TermKind::Symbol && term->symbol_kind() == terms::SymbolKind::Field;
  }

  // What an input holds that the query may speak of: the scalar globals, the arrays, the objects
  // the formula reads fields of, and their fields (two levels of fields never read, so that an
  // unread field points nowhere rather than at an object of the solver's fancy).
  void collect(Term formula) {
    for (std::size_t g = 0; g < program_.globals.size(); ++g) {
      const Type& type = program_.globals[g].type;
      Term symbol = terms_.global_symbol(static_cast<std::int32_t>(g));
      if (type.kind == TypeKind::Int) numbers_.push_back(symbol);
      if (type.kind == TypeKind::IntArray) arrays_.push_back(symbol);
      if (type.kind == TypeKind::Reference) add_reference(symbol);
    }
    terms::for_each_subterm(formula, [&](Term term) {
      if (term->kind() != TermKind::Select || term->has_bound_variables()) return;
      Term base = terms_.array_base(term->child(0));
      if (!is_field_symbol(base) || term->child(1)->kind() == TermKind::NewObject) return;
      Term read = terms_.select(base, term->child(1));
      if (read->sort().kind == SortKind::Int) add_number(read);
      if (read->sort().kind == SortKind::Reference) add_reference(read);
    });
    for (int level = 0; level < 2; ++level) {
      const std::vector<Term> objects = references_;
      for (Term reference : objects) {
        const std::int32_t class_index = reference->sort().detail;
        if (class_index < 0) continue;
        for (std::int32_t field : program_.classes[static_cast<std::size_t>(class_index)].fields) {
          Term read = terms_.select(terms_.field_symbol(field), reference);
          if (read->sort().kind == SortKind::Int) add_number(read);
          if (read->sort().kind == SortKind::Reference) add_reference(read);
        }
      }
    }
  }

  void add_number(Term term) {
    if (std::find(numbers_.begin(), numbers_.end(), term) == numbers_.end()) numbers_.push_back(term);
  }
  void add_reference(Term term) {
    if (std::find(references_.begin(), references_.end(), term) == references_.end()) references_.push_back(term);
  }

  // Fewest objects: each reference, in turn, nil if it can be, else the same object as an earlier
  // one of its class if it can be.
  void fewer_objects() {
    std::vector<Term> objects;  // the references kept non-nil so far
    for (Term reference : references_) {
      if (stopped()) return;
      Term nil = terms_.nil(reference->sort().detail);
      if (satisfiable_with(terms_.equal(reference, nil))) {
        keep(terms_.equal(reference, nil));
        continue;
      }
      bool shared = false;
      for (Term other : objects) {
        if (other->sort() != reference->sort()) continue;
        if (satisfiable_with(terms_.equal(reference, other))) {
          keep(terms_.equal(reference, other));
          shared = true;
          break;
        }
      }
      if (!shared) objects.push_back(reference);
    }
    if (!references_.empty()) statistics_.objects = static_cast<std::int64_t>(objects.size());
  }

  void shorter_arrays() {
    if (arrays_.empty()) return;
    auto bound_at = [&](std::int64_t length) {
      std::vector<Term> bounds;
      for (Term array : arrays_) bounds.push_back(terms_.less_equal(terms_.length(array), terms_.integer(Integer(length))));
      return terms_.logical_and(bounds);
    };
    if (auto length = narrowest(limits_.generation.max_array_length, bound_at)) {
      keep(bound_at(*length));
      statistics_.length = *length;
    }
  }

  // Smallest numbers: one bound on the absolute value of every scalar, every field read, and the
  // elements of arrays as short as the last step made them.
  void smaller_numbers() {
    std::vector<Term> numbers = numbers_;
    if (statistics_.length && *statistics_.length <= max_bounded_elements)
      for (Term array : arrays_)
        for (std::int64_t k = 0; k < *statistics_.length; ++k) numbers.push_back(terms_.select(array, terms_.integer(Integer(k))));
    if (numbers.empty()) return;
    auto bound_at = [&](std::int64_t magnitude) {
      std::vector<Term> bounds;
      for (Term number : numbers) {
        bounds.push_back(terms_.less_equal(terms_.integer(Integer(-magnitude)), number));
        bounds.push_back(terms_.less_equal(number, terms_.integer(Integer(magnitude))));
      }
      return terms_.logical_and(bounds);
    };
    if (auto magnitude = narrowest(widest_magnitude, bound_at)) {
      keep(bound_at(*magnitude));
      statistics_.magnitude = *magnitude;
    }
  }

  static constexpr std::int64_t max_bounded_elements = 64;
  static constexpr std::int64_t widest_magnitude = std::int64_t{1} << 40;

  const Program& program_;
  terms::TermManager& terms_;
  solver::Solver& solver_;
  const SmallInputLimits& limits_;
  SmallInputStatistics& statistics_;
  std::optional<GlobalState> best_;
  unsigned kept_scopes_ = 0;
  std::vector<Term> numbers_, arrays_, references_;
};

}  // namespace

std::optional<GlobalState> small_input(const Program& program, terms::TermManager& terms, solver::Solver& solver, Term formula,
                                       const SmallInputLimits& limits, std::string& reason, SmallInputStatistics* statistics) {
  SmallInputStatistics local;
  return Narrowing(program, terms, solver, limits, statistics ? *statistics : local).run(formula, reason);
}

}  // namespace symref

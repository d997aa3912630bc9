// The one owner and factory of terms (term.hpp): hash-consing, so that equal terms are one
// pointer, and the simplifications that keep meaning, applied as terms are built.
//
// Simplification is an option (`set_simplify(false)` builds every term as asked) so that the
// property "simplification keeps meaning" can compare both, and benchmarks can measure it.
#pragma once

#include <cstdint>
#include <deque>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

#include "semantics/terms/term.hpp"

namespace symref {
struct Program;
}

namespace symref::terms {

class TermManager {
 public:
  // `program` (may be null) gives the sorts and names of globals and fields.
  explicit TermManager(const Program* program = nullptr);
  TermManager(const TermManager&) = delete;
  TermManager& operator=(const TermManager&) = delete;
  ~TermManager();

  const Program* program() const { return program_; }
  void set_simplify(bool on) { simplify_ = on; }
  bool simplify() const { return simplify_; }
  std::size_t size() const { return nodes_.size(); }  // number of distinct terms built

  // Leaves.
  Term integer(const Integer& value);
  Term boolean(bool value);
  Term true_term() { return true_; }
  Term false_term() { return false_; }
  Term nil(std::int32_t class_index);
  Term new_object(std::int64_t serial, std::int32_t class_index);  // serial >= 1
  // The symbol of global `slot` (its sort from the program, or given for program-less tests).
  Term global_symbol(std::int32_t slot);
  Term global_symbol(std::int32_t slot, Sort sort, std::string_view name);
  Term field_symbol(std::int32_t field);
  Term field_symbol(std::int32_t field, Sort value_sort, std::string_view name);
  // A symbol that no term built so far contains; `base_name` is used for printing only.
  Term fresh_symbol(Sort sort, std::string_view base_name);
  // The value sort of a field array (Int, Bool or Reference(class)).
  Sort field_value_sort(std::int32_t field) const;

  // Integer operations.
  Term negate(Term a);
  Term add(Term a, Term b);
  Term subtract(Term a, Term b);
  Term multiply(Term a, Term b);
  Term divide(Term a, Term b);
  Term remainder(Term a, Term b);
  Term less(Term a, Term b);
  Term less_equal(Term a, Term b);
  Term greater(Term a, Term b) { return less(b, a); }
  Term greater_equal(Term a, Term b) { return less_equal(b, a); }

  // Any sort but arrays.
  Term equal(Term a, Term b);
  Term not_equal(Term a, Term b) { return logical_not(equal(a, b)); }
  Term if_then_else(Term condition, Term then_term, Term else_term);

  // Boolean connectives.
  Term logical_not(Term a);
  Term logical_and(Term a, Term b);
  Term logical_and(std::span<const Term> conjuncts);
  Term logical_or(Term a, Term b);
  Term logical_or(std::span<const Term> disjuncts);
  Term implies(Term a, Term b);

  // Arrays and fields as arrays.
  Term select(Term array, Term index);
  Term store(Term array, Term index, Term value);
  Term length(Term array);

  // Builds exactly the node asked for, with no simplification (children must have the right sorts).
  Term make(TermKind kind, Sort sort, std::span<const Term> children);

 private:
  struct NodeHash {
    std::size_t operator()(const TermNode* node) const { return node->hash(); }
  };
  struct NodeEqual {
    bool operator()(const TermNode* a, const TermNode* b) const;
  };

  Term intern(TermNode&& candidate, std::span<const Term> children);

  const Program* program_;
  bool simplify_ = true;
  std::deque<TermNode> nodes_;
  std::deque<std::vector<Term>> child_storage_;
  std::deque<std::string> names_;
  std::unordered_set<const TermNode*, NodeHash, NodeEqual> table_;
  std::int64_t next_fresh_ = 1;
  Term true_ = nullptr;
  Term false_ = nullptr;
};

}  // namespace symref::terms

// Hash-consed, meaning-preserving construction of terms (§2 operators, §2.1 (a[e] := e'), §4.1 `new`).
//
// Every simplification below is an identity of the term semantics documented in evaluator.hpp
// (total operators, Euclidean division with a/0 = 0 and a%0 = a, arrays as total functions); the
// property "simplification keeps meaning" (tests/semantics/terms) evaluates both sides.
#include "semantics/terms/term_manager.hpp"

#include <algorithm>
#include <atomic>
#include <limits>
#include <stdexcept>

#include "semantics/faults.hpp"
#include "semantics/syntax/program.hpp"
#include "semantics/terms/term_map.hpp"
#include "semantics/terms/traversal.hpp"

namespace symref::terms {

namespace {

const std::string empty_name;

// A read over updates looks past at most this many of them (each with a known different index),
// so that reads of long update chains cost a bounded time; the rest stays a read over updates.
constexpr std::size_t maximum_peeled_updates = 256;

// Conjunctions and disjunctions absorb nested ones only up to this arity.  A path condition grown
// one conjunct at a time then costs a bounded copy per step instead of one growing with the path.
constexpr std::size_t maximum_flattened_arity = 32;

std::uint64_t combine(std::uint64_t seed, std::uint64_t value) {
  return seed ^ (value + 0x9E3779B97F4A7C15ULL + (seed << 6) + (seed >> 2));
}

// The MurmurHash3 finaliser: every input bit affects every output bit.
std::uint64_t finalise(std::uint64_t h) {
  h ^= h >> 33;
  h *= 0xFF51AFD7ED558CCDULL;
  h ^= h >> 33;
  h *= 0xC4CEB93FE53B4CA9ULL;
  h ^= h >> 33;
  return h;
}

[[noreturn]] void sort_error(TermKind kind, const std::string& detail) {
  throw std::logic_error("ill-sorted " + std::string(to_string(kind)) + ": " + detail);
}

bool is_scalar(Sort sort) {
  return sort.kind == SortKind::Int || sort.kind == SortKind::Bool || sort.kind == SortKind::Reference;
}

// Sorts whose values can be compared or merged: equal, or references of which one is class-free nil.
bool compatible(Sort a, Sort b) {
  if (a.kind != b.kind) return false;
  if (a.kind != SortKind::Reference) return a == b;
  return a.detail == b.detail || a.detail == -1 || b.detail == -1;
}

Sort merged(Sort a, Sort b) { return (a.kind == SortKind::Reference && a.detail == -1) ? b : a; }

Sort sort_of_type(const Type& type, TermKind context) {
  switch (type.kind) {
    case TypeKind::Int: return Sort::integer();
    case TypeKind::Bool: return Sort::boolean();
    case TypeKind::IntArray: return Sort::int_array();
    case TypeKind::Reference: return Sort::reference(type.class_index);
    case TypeKind::Nil: return Sort::reference(-1);
    case TypeKind::Void: break;
  }
  sort_error(context, "a variable of type void");
}

bool is_integer_constant(Term t, std::int64_t value) {
  return t->kind() == TermKind::IntegerConstant && t->integer().is_small() && t->integer().small_value() == value;
}

bool both_integer_constants(Term a, Term b) {
  return a->kind() == TermKind::IntegerConstant && b->kind() == TermKind::IntegerConstant;
}

// Value equality of two constants (is_constant()).  Hash-consing makes equal Int and Bool constants
// one node, but nil and new objects carry their class, so compare by meaning.
bool constants_equal(Term a, Term b) {
  if (a == b) return true;
  if (a->kind() == TermKind::IntegerConstant && b->kind() == TermKind::IntegerConstant)
    return a->integer() == b->integer();
  if (a->kind() == TermKind::BooleanConstant && b->kind() == TermKind::BooleanConstant)
    return a->boolean() == b->boolean();
  if (a->kind() == TermKind::Nil && b->kind() == TermKind::Nil) return true;
  if (a->kind() == TermKind::NewObject && b->kind() == TermKind::NewObject) return a->index() == b->index();
  return false;  // nil and a new object
}

bool is_field_symbol(Term t) { return t->kind() == TermKind::Symbol && t->symbol_kind() == SymbolKind::Field; }

// Domain fact of the object encoding (interp/solver/backends/encoding.hpp): input objects are the
// non-positive identities and the forward engine's new objects the positive ones, because a `new`
// object is "not equal to any existing object" (docs/language.md).  A Global symbol of reference sort
// denotes an input object (its initial value), and so does a field read directly from a Field
// symbol (the field as it was in the input heap).  Fresh symbols are not inputs: §4.1 binds one to
// every `new`.  True when `term` provably is nil, an input object or a new object other than
// `new_object`; false when unsure.  Follows stored values and branches, within a small budget.
bool cannot_be_new_object(Term term, Term new_object) {
  constexpr std::size_t capacity = 32;
  Term pending[capacity];
  std::size_t count = 0, budget = 4 * capacity;
  pending[count++] = term;
  while (count > 0) {
    if (budget-- == 0) return false;
    Term t = pending[--count];
    switch (t->kind()) {
      case TermKind::Nil: break;
      case TermKind::NewObject:
        if (t->index() == new_object->index()) return false;
        break;
      case TermKind::Symbol:
        if (t->symbol_kind() != SymbolKind::Global) return false;
        break;
      case TermKind::Select: {
        Term array = t->child(0);
        for (; array->kind() == TermKind::Store; array = array->child(0)) {
          if (count == capacity) return false;
          pending[count++] = array->child(2);  // the read may yield this stored value
        }
        if (!is_field_symbol(array)) return false;
        break;
      }
      case TermKind::IfThenElse:
        if (count + 2 > capacity) return false;
        pending[count++] = t->child(1);
        pending[count++] = t->child(2);
        break;
      default: return false;
    }
  }
  return true;
}

// True when `a` and `b` denote different values under every valuation that respects the domain fact.
bool known_distinct(Term a, Term b) {
  if (a->is_constant() && b->is_constant()) return !constants_equal(a, b);
  if (a->kind() == TermKind::NewObject) return cannot_be_new_object(b, a);
  if (b->kind() == TermKind::NewObject) return cannot_be_new_object(a, b);
  return false;
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// Construction and interning

namespace {
std::atomic<std::uint64_t> managers_made{0};
}  // namespace

TermManager::TermManager(const Program* program) : program_(program), serial_(++managers_made) {
  TermNode false_node;
  false_node.kind_ = TermKind::BooleanConstant;
  false_node.sort_ = Sort::boolean();
  false_node.index_ = 0;
  false_ = leaf(std::move(false_node));
  TermNode true_node;
  true_node.kind_ = TermKind::BooleanConstant;
  true_node.sort_ = Sort::boolean();
  true_node.index_ = 1;
  true_ = leaf(std::move(true_node));
}

TermManager::~TermManager() = default;

void TermManager::grow_table() {
  std::size_t capacity = table_.empty() ? 1024 : table_.size() * 2;
  std::vector<const TermNode*> table(capacity, nullptr);
  std::size_t mask = capacity - 1;
  for (const TermNode* node : table_) {
    if (node == nullptr) continue;
    std::size_t slot = node->hash() & mask;
    while (table[slot] != nullptr) slot = (slot + 1) & mask;
    table[slot] = node;
  }
  table_ = std::move(table);
  table_mask_ = mask;
}

Term TermManager::intern(TermNode&& candidate, std::span<const Term> children, std::string_view symbol_name) {
  candidate.arity_ = static_cast<std::uint32_t>(children.size());
  candidate.children_ = children.data();

  std::uint64_t h = combine(static_cast<std::uint64_t>(candidate.kind_),
                            static_cast<std::uint64_t>(candidate.sort_.kind) << 8 |
                                static_cast<std::uint64_t>(candidate.symbol_kind_));
  h = combine(h, static_cast<std::uint64_t>(static_cast<std::int64_t>(candidate.sort_.detail)));
  h = combine(h, static_cast<std::uint64_t>(candidate.index_));
  if (candidate.kind_ == TermKind::IntegerConstant) h = combine(h, candidate.integer_.hash());
  for (Term child : children) h = combine(h, child->id());
  candidate.hash_ = static_cast<std::size_t>(finalise(h));

  if ((nodes_.size() + 1) * 2 > table_.size()) grow_table();
  std::size_t slot = candidate.hash_ & table_mask_;
  for (; table_[slot] != nullptr; slot = (slot + 1) & table_mask_) {
    const TermNode& existing = *table_[slot];
    if (existing.hash_ == candidate.hash_ && existing.kind_ == candidate.kind_ && existing.sort_ == candidate.sort_ &&
        existing.arity_ == candidate.arity_ && existing.symbol_kind_ == candidate.symbol_kind_ &&
        existing.index_ == candidate.index_ && existing.integer_ == candidate.integer_ &&
        std::equal(children.begin(), children.end(), existing.children_))
      return table_[slot];
  }

  if (!children.empty()) {
    if (child_room_ < children.size()) {
      std::size_t block = std::max<std::size_t>(8192, children.size());
      child_blocks_.push_back(std::make_unique<Term[]>(block));
      child_cursor_ = child_blocks_.back().get();
      child_room_ = block;
    }
    std::copy(children.begin(), children.end(), child_cursor_);
    candidate.children_ = child_cursor_;
    child_cursor_ += children.size();
    child_room_ -= children.size();
  }
  // Only a new node pays for its name: looking up an existing symbol allocates nothing.
  switch (candidate.kind_) {
    case TermKind::Symbol:
    case TermKind::BoundVariable: candidate.name_ = pooled_name(symbol_name); break;
    case TermKind::Apply: candidate.name_ = function_names_[static_cast<std::size_t>(candidate.index_)]; break;
    default: candidate.name_ = &empty_name; break;
  }
  bool has_bound_variables = candidate.kind_ == TermKind::BoundVariable;
  for (Term child : children) has_bound_variables |= child->has_bound_variables();
  candidate.has_bound_variables_ = has_bound_variables;
  candidate.id_ = static_cast<std::uint32_t>(nodes_.size());
  nodes_.push_back(std::move(candidate));
  table_[slot] = &nodes_.back();
  return &nodes_.back();
}

Term TermManager::leaf(TermNode&& candidate) { return intern(std::move(candidate), {}); }

Term TermManager::node(TermKind kind, Sort sort, std::span<const Term> children) {
  TermNode candidate;
  candidate.kind_ = kind;
  candidate.sort_ = sort;
  const std::size_t known = nodes_.size();
  Term result = intern(std::move(candidate), children);
  // A Store built anew records its base once; one that already existed has it recorded.
  if (kind == TermKind::Store && nodes_.size() != known) store_bases_.try_emplace(result, array_base(children[0]));
  return result;
}

Term TermManager::array_base(Term array) const {
  if (array->kind() != TermKind::Store) return array;
  if (const Term* base = store_bases_.find(array)) return *base;
  while (array->kind() == TermKind::Store) array = array->child(0);
  return array;
}

const std::string* TermManager::pooled_name(std::string_view name) {
  return &*names_.emplace(name).first;
}

// ---------------------------------------------------------------------------------------------
// Sorts

Sort TermManager::field_value_sort(std::int32_t field) const {
  if (program_ != nullptr && field >= 0 && static_cast<std::size_t>(field) < program_->fields.size())
    return sort_of_type(program_->fields[field].type, TermKind::Select);
  if (field >= 0 && static_cast<std::size_t>(field) < field_value_sorts_.size() && field_value_sorts_[field])
    return *field_value_sorts_[field];
  throw std::logic_error("unknown field " + std::to_string(field) + ": no program and no field symbol built for it");
}

Sort TermManager::element_sort(Sort array_sort) const {
  if (array_sort.kind == SortKind::IntArray) return Sort::integer();
  if (array_sort.kind == SortKind::FieldArray) return field_value_sort(array_sort.detail);
  throw std::logic_error("element_sort of the non-array sort " + to_string(array_sort));
}

Sort TermManager::checked_sort(TermKind kind, std::span<const Term> children) const {
  auto expect_arity = [&](std::size_t arity) {
    if (children.size() != arity)
      sort_error(kind, "expected " + std::to_string(arity) + " operands, got " + std::to_string(children.size()));
  };
  auto expect = [&](std::size_t i, SortKind sort_kind) {
    if (children[i]->sort().kind != sort_kind)
      sort_error(kind, "operand " + std::to_string(i) + " has sort " + to_string(children[i]->sort()));
  };
  // The index sort of array operand 0 and, for fields of a known program, the declaring class.
  auto expect_index = [&](std::size_t i) {
    Sort array = children[0]->sort();
    if (array.kind == SortKind::IntArray) return expect(i, SortKind::Int);
    if (array.kind != SortKind::FieldArray) sort_error(kind, "operand 0 is not an array but " + to_string(array));
    expect(i, SortKind::Reference);
    if (program_ != nullptr && array.detail >= 0 && static_cast<std::size_t>(array.detail) < program_->fields.size()) {
      std::int32_t owner = program_->fields[array.detail].class_index;
      std::int32_t index_class = children[i]->sort().detail;
      if (index_class != -1 && owner != -1 && index_class != owner)
        sort_error(kind, "field of class " + std::to_string(owner) + " read on an object of class " +
                             std::to_string(index_class));
    }
  };
  switch (kind) {
    case TermKind::IntegerConstant:
    case TermKind::BooleanConstant:
    case TermKind::Nil:
    case TermKind::NewObject:
    case TermKind::Symbol:
    case TermKind::BoundVariable: sort_error(kind, "leaves are built by their own factories");
    case TermKind::Apply: sort_error(kind, "applications are built by apply()");
    case TermKind::Forall:
    case TermKind::Exists:
      if (children.size() < 2) sort_error(kind, "expected bound variables and a body");
      for (std::size_t i = 0; i + 1 < children.size(); ++i) {
        if (children[i]->kind() != TermKind::BoundVariable)
          sort_error(kind, "operand " + std::to_string(i) + " is no bound variable but a " +
                               std::string(to_string(children[i]->kind())));
        for (std::size_t j = 0; j < i; ++j)
          if (children[j] == children[i]) sort_error(kind, "a variable bound twice: " + children[i]->name());
      }
      expect(children.size() - 1, SortKind::Bool);
      return Sort::boolean();
    case TermKind::Negate:
      expect_arity(1);
      expect(0, SortKind::Int);
      return Sort::integer();
    case TermKind::Add:
    case TermKind::Subtract:
    case TermKind::Multiply:
    case TermKind::Divide:
    case TermKind::Remainder:
      expect_arity(2);
      expect(0, SortKind::Int);
      expect(1, SortKind::Int);
      return Sort::integer();
    case TermKind::Less:
    case TermKind::LessEqual:
      expect_arity(2);
      expect(0, SortKind::Int);
      expect(1, SortKind::Int);
      return Sort::boolean();
    case TermKind::Equal:
      expect_arity(2);
      // Arrays of one sort compare as wholes (an int[] with its length): the compositional
      // engine's summaries take and give whole arrays.
      if (!compatible(children[0]->sort(), children[1]->sort()))
        sort_error(kind, "operands of sorts " + to_string(children[0]->sort()) + " and " + to_string(children[1]->sort()));
      return Sort::boolean();
    case TermKind::IfThenElse:
      expect_arity(3);
      expect(0, SortKind::Bool);
      if (!is_scalar(children[1]->sort()) || !compatible(children[1]->sort(), children[2]->sort()))
        sort_error(kind, "branches of sorts " + to_string(children[1]->sort()) + " and " + to_string(children[2]->sort()));
      return merged(children[1]->sort(), children[2]->sort());
    case TermKind::Not:
      expect_arity(1);
      expect(0, SortKind::Bool);
      return Sort::boolean();
    case TermKind::And:
    case TermKind::Or:
      for (std::size_t i = 0; i < children.size(); ++i) expect(i, SortKind::Bool);
      return Sort::boolean();
    case TermKind::Implies:
      expect_arity(2);
      expect(0, SortKind::Bool);
      expect(1, SortKind::Bool);
      return Sort::boolean();
    case TermKind::Select:
      expect_arity(2);
      expect_index(1);
      return element_sort(children[0]->sort());
    case TermKind::Store: {
      expect_arity(3);
      expect_index(1);
      Sort element = element_sort(children[0]->sort());
      if (!compatible(element, children[2]->sort()))
        sort_error(kind, "stored value of sort " + to_string(children[2]->sort()) + " in an array of " + to_string(element));
      return children[0]->sort();
    }
    case TermKind::Length:
      expect_arity(1);
      expect(0, SortKind::IntArray);
      return Sort::integer();
    case TermKind::InputObject:
      expect_arity(1);
      expect(0, SortKind::Reference);
      return Sort::boolean();
  }
  sort_error(kind, "unknown kind");
}

// ---------------------------------------------------------------------------------------------
// Leaves

Term TermManager::integer(const Integer& value) {
  TermNode candidate;
  candidate.kind_ = TermKind::IntegerConstant;
  candidate.sort_ = Sort::integer();
  candidate.integer_ = value;
  return leaf(std::move(candidate));
}

Term TermManager::boolean(bool value) { return value ? true_ : false_; }

Term TermManager::nil(std::int32_t class_index) {
  TermNode candidate;
  candidate.kind_ = TermKind::Nil;
  candidate.sort_ = Sort::reference(class_index);
  return leaf(std::move(candidate));
}

Term TermManager::new_object(std::int64_t serial, std::int32_t class_index) {
  if (serial < 1) throw std::logic_error("new objects are numbered from 1, got " + std::to_string(serial));
  TermNode candidate;
  candidate.kind_ = TermKind::NewObject;
  candidate.sort_ = Sort::reference(class_index);
  candidate.index_ = serial;
  return leaf(std::move(candidate));
}

Term TermManager::symbol(SymbolKind kind, std::int64_t index, Sort sort, std::string_view name) {
  TermNode candidate;
  candidate.kind_ = TermKind::Symbol;
  candidate.symbol_kind_ = kind;
  candidate.index_ = index;
  candidate.sort_ = sort;
  return intern(std::move(candidate), {}, name);  // the first name given is kept
}

Term TermManager::global_symbol(std::int32_t slot) {
  if (program_ == nullptr || slot < 0 || static_cast<std::size_t>(slot) >= program_->globals.size())
    throw std::logic_error("global_symbol(" + std::to_string(slot) + ") without a program that declares it");
  const VariableDeclaration& global = program_->globals[slot];
  return global_symbol(slot, sort_of_type(global.type, TermKind::Symbol), global.name);
}

Term TermManager::global_symbol(std::int32_t slot, Sort sort, std::string_view name) {
  if (sort.kind == SortKind::FieldArray) throw std::logic_error("a global cannot have a field sort");
  return symbol(SymbolKind::Global, slot, sort, name);
}

Term TermManager::field_symbol(std::int32_t field) {
  if (program_ == nullptr || field < 0 || static_cast<std::size_t>(field) >= program_->fields.size())
    throw std::logic_error("field_symbol(" + std::to_string(field) + ") without a program that declares it");
  const Field& declaration = program_->fields[field];
  return field_symbol(field, sort_of_type(declaration.type, TermKind::Symbol), declaration.name);
}

Term TermManager::field_symbol(std::int32_t field, Sort value_sort, std::string_view name) {
  if (field < 0 || !is_scalar(value_sort))
    throw std::logic_error("field " + std::to_string(field) + " with value sort " + to_string(value_sort));
  if (static_cast<std::size_t>(field) >= field_value_sorts_.size()) field_value_sorts_.resize(field + 1);
  std::optional<Sort>& known = field_value_sorts_[field];
  if (known && !(*known == value_sort))
    throw std::logic_error("field " + std::to_string(field) + " given two value sorts");
  known = value_sort;
  return symbol(SymbolKind::Field, field, Sort::field_array(field), name);
}

Term TermManager::fresh_symbol(Sort sort, std::string_view base_name) {
  if (sort.kind == SortKind::FieldArray) (void)field_value_sort(sort.detail);  // must be known
  return symbol(SymbolKind::Fresh, next_fresh_++, sort, base_name);
}

Term TermManager::bound_variable(Sort sort, std::string_view name) {
  // Any sort: an array-sorted variable stands for a whole array (an int[] with its length).
  if (!is_scalar(sort) && !is_array(sort)) throw std::logic_error("a bound variable of sort " + to_string(sort));
  TermNode candidate;
  candidate.kind_ = TermKind::BoundVariable;
  candidate.sort_ = sort;
  candidate.index_ = next_bound_++;
  return intern(std::move(candidate), {}, name);
}

// ---------------------------------------------------------------------------------------------
// Quantifiers

Term TermManager::forall(std::span<const Term> variables, Term body) { return quantifier(TermKind::Forall, variables, body); }

Term TermManager::exists(std::span<const Term> variables, Term body) { return quantifier(TermKind::Exists, variables, body); }

// ∀ over no variables is its body.  Simplified: ∀x̄. c = c for a constant c (sorts are never empty),
// and ∀x̄ ȳ. P = ∀x̄. P when no y occurs in P; the same for ∃.  Also rejects a body that binds one
// of the variables again (the discipline of term.hpp), found by the same walk.
Term TermManager::quantifier(TermKind kind, std::span<const Term> variables, Term body) {
  std::vector<Term> children(variables.begin(), variables.end());
  children.push_back(body);
  if (variables.empty()) {
    if (body->sort().kind != SortKind::Bool) sort_error(kind, "a body of sort " + to_string(body->sort()));
    return body;
  }
  Sort sort = checked_sort(kind, children);
  TermSet occurring;  // the bound variables occurring in the body
  for_each_subterm_with_bound_variables(body, [&](Term t) {
    if (t->kind() == TermKind::BoundVariable) occurring.insert(t);
    if (t->is_quantifier())
      for (Term nested : quantified_variables(t))
        if (std::find(variables.begin(), variables.end(), nested) != variables.end())
          sort_error(kind, "the body binds the variable " + nested->name() + " again");
  });
  if (simplify_) {
    if (body->kind() == TermKind::BooleanConstant) return body;
    children.erase(std::remove_if(children.begin(), children.end() - 1,
                                  [&](Term variable) { return !occurring.contains(variable); }),
                   children.end() - 1);
    if (children.size() == 1) return body;
  }
  return node(kind, sort, children);
}

// ---------------------------------------------------------------------------------------------
// Uninterpreted functions

FunctionId TermManager::declare_function(std::string_view name, std::vector<Sort> domain, Sort range) {
  const std::string* pooled = pooled_name(name);
  for (const std::string* declared : function_names_)
    if (declared == pooled) throw std::logic_error("the function " + std::string(name) + " is declared twice");
  for (Sort sort : domain) {
    if (!is_scalar(sort) && !is_array(sort))
      throw std::logic_error("function " + std::string(name) + " with an argument of sort " + to_string(sort));
    if (sort.kind == SortKind::FieldArray) (void)field_value_sort(sort.detail);  // must be known
  }
  if (range.kind == SortKind::FieldArray) (void)field_value_sort(range.detail);  // must be known
  functions_.push_back({std::string(name), std::move(domain), range});
  function_names_.push_back(pooled);
  return static_cast<FunctionId>(functions_.size() - 1);
}

const FunctionDeclaration& TermManager::function(FunctionId id) const {
  auto index = static_cast<std::size_t>(id);
  if (index >= functions_.size()) throw std::logic_error("unknown function " + std::to_string(index));
  return functions_[index];
}

Term TermManager::apply(FunctionId id, std::span<const Term> arguments) {
  const FunctionDeclaration& declaration = function(id);
  if (arguments.size() != declaration.domain.size())
    sort_error(TermKind::Apply, declaration.name + " expects " + std::to_string(declaration.domain.size()) +
                                    " arguments, got " + std::to_string(arguments.size()));
  for (std::size_t i = 0; i < arguments.size(); ++i)
    if (!compatible(declaration.domain[i], arguments[i]->sort()))
      sort_error(TermKind::Apply, "argument " + std::to_string(i) + " of " + declaration.name + " has sort " +
                                      to_string(arguments[i]->sort()) + ", expected " + to_string(declaration.domain[i]));
  TermNode candidate;
  candidate.kind_ = TermKind::Apply;
  candidate.sort_ = declaration.range;
  candidate.index_ = static_cast<std::int64_t>(id);
  return intern(std::move(candidate), arguments);
}

// ---------------------------------------------------------------------------------------------
// Integer operations

// a op b on two integer constants, within the size limit (or IntegerTooLarge).
Integer TermManager::folded(bool (*operation)(const Integer&, const Integer&, std::uint64_t, Integer&), Term a,
                            Term b) const {
  Integer result;
  if (!operation(a->integer(), b->integer(), max_int_bits_, result)) throw IntegerTooLarge(max_int_bits_);
  return result;
}

Term TermManager::negate(Term a) {
  const Term children[] = {a};
  Sort sort = checked_sort(TermKind::Negate, children);
  if (simplify_) {
    if (a->kind() == TermKind::IntegerConstant) return integer(-a->integer());
    if (a->kind() == TermKind::Negate) return a->child(0);  // - -x = x
  }
  return node(TermKind::Negate, sort, children);
}

Term TermManager::add(Term a, Term b) {
  const Term children[] = {a, b};
  Sort sort = checked_sort(TermKind::Add, children);
  if (simplify_) {
    if (both_integer_constants(a, b)) return integer(folded(&bounded_add, a, b));
    if (is_integer_constant(a, 0)) return b;
    if (is_integer_constant(b, 0)) return a;
    // Constants to the right, and gathered: (x + c1) + c2 = x + (c1 + c2), so that a counter
    // incremented k times reads `count + k`, not `count + 1 + … + 1`.
    if (a->kind() == TermKind::IntegerConstant) return add(b, a);
    if (b->kind() == TermKind::IntegerConstant && a->kind() == TermKind::Add &&
        a->child(1)->kind() == TermKind::IntegerConstant)
      return add(a->child(0), integer(folded(&bounded_add, a->child(1), b)));
  }
  return node(TermKind::Add, sort, children);
}

Term TermManager::subtract(Term a, Term b) {
  const Term children[] = {a, b};
  Sort sort = checked_sort(TermKind::Subtract, children);
  if (simplify_) {
    if (both_integer_constants(a, b)) return integer(folded(&bounded_subtract, a, b));
    if (is_integer_constant(b, 0)) return a;
    if (a == b) return integer(0);
    if (is_integer_constant(a, 0)) return negate(b);
  }
  return node(TermKind::Subtract, sort, children);
}

Term TermManager::multiply(Term a, Term b) {
  const Term children[] = {a, b};
  Sort sort = checked_sort(TermKind::Multiply, children);
  if (simplify_) {
    if (both_integer_constants(a, b)) return integer(folded(&bounded_multiply, a, b));
    if (is_integer_constant(a, 0) || is_integer_constant(b, 0)) return integer(0);
    if (is_integer_constant(a, 1)) return b;
    if (is_integer_constant(b, 1)) return a;
    if (is_integer_constant(a, -1)) return negate(b);
    if (is_integer_constant(b, -1)) return negate(a);
  }
  return node(TermKind::Multiply, sort, children);
}

// Folding uses the Euclidean operations of integer.hpp, which operators.hpp's `/` and `%` are when
// no fault is planted.  The planted fault TruncatingDivision is concrete only (faults.hpp): terms
// keep SMT-LIB's div and mod, so that a truncating concrete run disagrees with the symbolic one.
Term TermManager::divide(Term a, Term b) {
  const Term children[] = {a, b};
  Sort sort = checked_sort(TermKind::Divide, children);
  if (simplify_) {
    if (both_integer_constants(a, b)) return integer(euclidean_quotient(a->integer(), b->integer()));
    if (is_integer_constant(b, 0)) return integer(0);  // total: a / 0 = 0
    if (is_integer_constant(a, 0)) return integer(0);  // 0 = b*0 + 0
    if (is_integer_constant(b, 1)) return a;
    if (is_integer_constant(b, -1)) return negate(a);  // a = (-1)*(-a) + 0
  }
  return node(TermKind::Divide, sort, children);
}

Term TermManager::remainder(Term a, Term b) {
  const Term children[] = {a, b};
  Sort sort = checked_sort(TermKind::Remainder, children);
  if (simplify_) {
    if (both_integer_constants(a, b)) return integer(euclidean_remainder(a->integer(), b->integer()));
    if (is_integer_constant(b, 0)) return a;  // total: a % 0 = a
    if (is_integer_constant(a, 0) || is_integer_constant(b, 1) || is_integer_constant(b, -1)) return integer(0);
  }
  return node(TermKind::Remainder, sort, children);
}

Term TermManager::less(Term a, Term b) {
  const Term children[] = {a, b};
  Sort sort = checked_sort(TermKind::Less, children);
  if (simplify_) {
    if (both_integer_constants(a, b)) return boolean(a->integer() < b->integer());
    if (a == b) return false_;
  }
  return node(TermKind::Less, sort, children);
}

Term TermManager::less_equal(Term a, Term b) {
  const Term children[] = {a, b};
  Sort sort = checked_sort(TermKind::LessEqual, children);
  if (simplify_) {
    if (both_integer_constants(a, b)) return boolean(a->integer() <= b->integer());
    if (a == b) return true_;
  }
  return node(TermKind::LessEqual, sort, children);
}

// ---------------------------------------------------------------------------------------------
// Equality and conditionals

Term TermManager::equal(Term a, Term b) {
  const Term children[] = {a, b};
  Sort sort = checked_sort(TermKind::Equal, children);
  if (!simplify_) return node(TermKind::Equal, sort, children);
  return simplify_equal(a, b);
}

Term TermManager::simplify_equal(Term a, Term b) {
  if (a == b) return true_;
  if (a->is_constant() && b->is_constant()) return boolean(constants_equal(a, b));
  if (a->sort().kind == SortKind::Bool) {
    if (b->kind() == TermKind::BooleanConstant) return b->boolean() ? a : logical_not(a);
    if (a->kind() == TermKind::BooleanConstant) return a->boolean() ? b : logical_not(b);
  }
  if (known_distinct(a, b)) return false_;
  if (a->is_constant()) std::swap(a, b);  // the constant on the right: `x == 3`, `p == nil`
  const Term children[] = {a, b};
  return node(TermKind::Equal, Sort::boolean(), children);
}

Term TermManager::if_then_else(Term condition, Term then_term, Term else_term) {
  const Term children[] = {condition, then_term, else_term};
  Sort sort = checked_sort(TermKind::IfThenElse, children);
  if (simplify_) {
    if (condition->is_true()) return then_term;
    if (condition->is_false()) return else_term;
    if (then_term == else_term) return then_term;
    if (then_term->is_true() && else_term->is_false()) return condition;
    if (then_term->is_false() && else_term->is_true()) return logical_not(condition);
  }
  return node(TermKind::IfThenElse, sort, children);
}

// ---------------------------------------------------------------------------------------------
// Boolean connectives

Term TermManager::logical_not(Term a) {
  const Term children[] = {a};
  Sort sort = checked_sort(TermKind::Not, children);
  if (simplify_) {
    if (a->kind() == TermKind::BooleanConstant) return boolean(!a->boolean());
    if (a->kind() == TermKind::Not) return a->child(0);
    // On the integers ¬(x < y) is y <= x and ¬(x <= y) is y < x.
    if (a->kind() == TermKind::Less) return less_equal(a->child(1), a->child(0));
    if (a->kind() == TermKind::LessEqual) return less(a->child(1), a->child(0));
  }
  return node(TermKind::Not, sort, children);
}

Term TermManager::logical_and(Term a, Term b) {
  const Term children[] = {a, b};
  return logical_and(children);
}

Term TermManager::logical_or(Term a, Term b) {
  const Term children[] = {a, b};
  return logical_or(children);
}

Term TermManager::logical_and(std::span<const Term> conjuncts) {
  checked_sort(TermKind::And, conjuncts);
  if (simplify_) return simplify_junction(TermKind::And, conjuncts);
  if (conjuncts.empty()) return true_;
  if (conjuncts.size() == 1) return conjuncts[0];
  return node(TermKind::And, Sort::boolean(), conjuncts);
}

Term TermManager::logical_or(std::span<const Term> disjuncts) {
  checked_sort(TermKind::Or, disjuncts);
  if (simplify_) return simplify_junction(TermKind::Or, disjuncts);
  if (disjuncts.empty()) return false_;
  if (disjuncts.size() == 1) return disjuncts[0];
  return node(TermKind::Or, Sort::boolean(), disjuncts);
}

// And/Or: flattened (within maximum_flattened_arity), units dropped, the absorbing constant
// absorbing, duplicates removed keeping the first occurrence, and a complementary pair x, !x
// absorbing.  The order of the remaining operands is the order given, for readable output.
Term TermManager::simplify_junction(TermKind kind, std::span<const Term> operands) {
  if (Term decided = reduce_junction(kind, operands)) return decided;
  return node(kind, Sort::boolean(), junction_scratch_);
}

TransientTerm TermManager::transient_conjunction(std::span<const Term> conjuncts) {
  checked_sort(TermKind::And, conjuncts);
  TransientTerm out;
  if (simplify_) {
    out.term_ = reduce_junction(TermKind::And, conjuncts);
    if (out.term_ != nullptr) return out;
    out.children_ = junction_scratch_;
  } else {
    if (conjuncts.empty()) out.term_ = true_;
    else if (conjuncts.size() == 1) out.term_ = conjuncts[0];
    if (out.term_ != nullptr) return out;
    out.children_.assign(conjuncts.begin(), conjuncts.end());
  }
  out.root_.reset(new TermNode());
  TermNode& root = *out.root_;
  root.kind_ = TermKind::And;
  root.sort_ = Sort::boolean();
  root.arity_ = static_cast<std::uint32_t>(out.children_.size());
  root.children_ = out.children_.data();
  root.id_ = std::numeric_limits<std::uint32_t>::max();  // above every child's, as for any parent
  std::uint64_t h = combine(static_cast<std::uint64_t>(root.kind_), static_cast<std::uint64_t>(root.sort_.kind) << 8);
  for (Term child : out.children_) {
    h = combine(h, child->id());
    root.has_bound_variables_ |= child->has_bound_variables();
  }
  root.hash_ = static_cast<std::size_t>(finalise(h));
  root.name_ = &empty_name;
  out.term_ = &root;
  return out;
}

Term TermManager::reduce_junction(TermKind kind, std::span<const Term> operands) {
  const bool is_and = kind == TermKind::And;
  const Term unit = is_and ? true_ : false_;
  const Term absorbing = is_and ? false_ : true_;
  std::vector<Term>& flat = junction_scratch_;
  flat.clear();
  for (Term operand : operands) {
    if (operand->kind() == kind && flat.size() + operand->arity() <= maximum_flattened_arity) {
      for (Term nested : *operand) {
        if (nested == absorbing) return absorbing;
        if (nested != unit) flat.push_back(nested);
      }
    } else {
      if (operand == absorbing) return absorbing;
      if (operand != unit) flat.push_back(operand);
    }
  }

  std::size_t kept = 0;
  if (flat.size() <= 16) {
    for (std::size_t i = 0; i < flat.size(); ++i)
      if (std::find(flat.begin(), flat.begin() + kept, flat[i]) == flat.begin() + kept) flat[kept++] = flat[i];
    flat.resize(kept);
    for (Term t : flat)
      if (t->kind() == TermKind::Not && std::find(flat.begin(), flat.end(), t->child(0)) != flat.end())
        return absorbing;
  } else {
    TermSet seen;
    for (std::size_t i = 0; i < flat.size(); ++i)
      if (seen.insert(flat[i])) flat[kept++] = flat[i];
    flat.resize(kept);
    for (Term t : flat)
      if (t->kind() == TermKind::Not && seen.contains(t->child(0))) return absorbing;
  }
  if (flat.empty()) return unit;
  if (flat.size() == 1) return flat[0];
  return nullptr;
}

Term TermManager::implies(Term a, Term b) {
  const Term children[] = {a, b};
  Sort sort = checked_sort(TermKind::Implies, children);
  if (simplify_) {
    if (a->is_true()) return b;
    if (a->is_false() || b->is_true() || a == b) return true_;
    if (b->is_false()) return logical_not(a);
  }
  return node(TermKind::Implies, sort, children);
}

// ---------------------------------------------------------------------------------------------
// Arrays (§2.1) and fields as arrays (§4.1)

Term TermManager::select(Term array, Term index) {
  const Term children[] = {array, index};
  Sort sort = checked_sort(TermKind::Select, children);
  if (!simplify_) return node(TermKind::Select, sort, children);
  return simplify_select(array, index);
}

// (a[i := v])[j] = (i = j ? v : a[j]) (§2.1): v when i and j are one term, a[j] when they are known
// to differ; otherwise the read stays over the update.
Term TermManager::simplify_select(Term array, Term index) {
  if (fault_active(Fault::SelectOverStoreUnchecked) && array->kind() == TermKind::Store) [[unlikely]]
    return array->child(2);
  for (std::size_t peeled = 0; array->kind() == TermKind::Store && peeled < maximum_peeled_updates; ++peeled) {
    Term stored_index = array->child(1);
    if (stored_index == index) return array->child(2);
    if (!known_distinct(stored_index, index)) break;
    array = array->child(0);
  }
  const Term children[] = {array, index};
  return node(TermKind::Select, element_sort(array->sort()), children);
}

Term TermManager::store(Term array, Term index, Term value) {
  const Term children[] = {array, index, value};
  Sort sort = checked_sort(TermKind::Store, children);
  if (simplify_ && array->kind() == TermKind::Store && array->child(1) == index) {
    // The later update at the same index hides the earlier one.
    const Term replaced[] = {array->child(0), index, value};
    return node(TermKind::Store, sort, replaced);
  }
  return node(TermKind::Store, sort, children);
}

Term TermManager::length(Term array) {
  const Term children[] = {array};
  Sort sort = checked_sort(TermKind::Length, children);
  if (simplify_) {
    // Updates keep the length (§2.1: "the bound of an array is not affected by its assignments").
    const Term base[] = {array_base(array)};
    return node(TermKind::Length, sort, base);
  }
  return node(TermKind::Length, sort, children);
}

// Input objects are the heap the run starts from; nil counts with them, a NewObject never does
// (docs/language.md `new`: a new object equals no existing one).
Term TermManager::input_object(Term reference) {
  const Term children[] = {reference};
  Sort sort = checked_sort(TermKind::InputObject, children);
  if (simplify_ && reference->kind() == TermKind::Nil) return true_;
  if (simplify_ && reference->kind() == TermKind::NewObject) return false_;
  return node(TermKind::InputObject, sort, children);
}

// ---------------------------------------------------------------------------------------------
// Generic construction

Term TermManager::make(TermKind kind, Sort sort, std::span<const Term> children) {
  Sort expected = checked_sort(kind, children);
  if (is_array(expected) ? !(expected == sort) : !compatible(expected, sort))
    throw std::logic_error("make(" + std::string(to_string(kind)) + ") asked for sort " + to_string(sort) +
                           ", operands give " + to_string(expected));
  return node(kind, sort, children);
}

Term TermManager::rebuild(Term original, std::span<const Term> c) {
  switch (original->kind()) {
    case TermKind::IntegerConstant:
    case TermKind::BooleanConstant:
    case TermKind::Nil:
    case TermKind::NewObject:
    case TermKind::Symbol:
    case TermKind::BoundVariable: return original;
    case TermKind::Forall: return forall(c.first(c.size() - 1), c.back());
    case TermKind::Exists: return exists(c.first(c.size() - 1), c.back());
    case TermKind::Apply: return apply(original->function(), c);
    case TermKind::Negate: return negate(c[0]);
    case TermKind::Add: return add(c[0], c[1]);
    case TermKind::Subtract: return subtract(c[0], c[1]);
    case TermKind::Multiply: return multiply(c[0], c[1]);
    case TermKind::Divide: return divide(c[0], c[1]);
    case TermKind::Remainder: return remainder(c[0], c[1]);
    case TermKind::Less: return less(c[0], c[1]);
    case TermKind::LessEqual: return less_equal(c[0], c[1]);
    case TermKind::Equal: return equal(c[0], c[1]);
    case TermKind::IfThenElse: return if_then_else(c[0], c[1], c[2]);
    case TermKind::Not: return logical_not(c[0]);
    case TermKind::And: return logical_and(c);
    case TermKind::Or: return logical_or(c);
    case TermKind::Implies: return implies(c[0], c[1]);
    case TermKind::Select: return select(c[0], c[1]);
    case TermKind::Store: return store(c[0], c[1], c[2]);
    case TermKind::Length: return length(c[0]);
    case TermKind::InputObject: return input_object(c[0]);
  }
  throw std::logic_error("rebuild of an unknown kind");
}

}  // namespace symref::terms

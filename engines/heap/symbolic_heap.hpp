// The heap of the draft "Exact Heap Summaries from Symbolic Execution" (§3–§5) on the forward
// machine: input locations materialized at their first read, a map R(l, f) of written or
// initialized slots, and references as guarded points-to sets L(r) (Defs. 2–6).  Lazy
// initialization (§4) and Summarize (§5) differ only in what happens at an uninitialized slot.
//
// Encoding (paper-notes/004): a reference is a term whose leaves are locations — nil, a `new` object, or
// an input location, which is named by the input reference it was first read from (Def. 5's
// min_r: a reference global's symbol or f[l] for a slot of an earlier location).  An if-then-else
// over locations is a points-to set, its conditions the guards.  Guards are (in)equalities over
// input references, so test inputs come from models of φ as for `arrays`.
#pragma once

#include <stdexcept>
#include <string>
#include <unordered_map>
#include <vector>

#include "semantics/symbolic/heap_model.hpp"
#include "semantics/symbolic/symbolic_machine.hpp"

namespace symref::heap {

// A materialized input location: its reference term, class, and the guard under which it is an
// object of its own (true in lazy; θ_new's guard and its holder's in summary).
struct InputLocation {
  terms::Term term;
  std::int32_t class_index;
  terms::Term exists;
  std::string name;
};

struct HeapSlot {
  terms::Term location;
  std::int32_t field;
  terms::Term value;  // R(l, f)
  // Set by an initialization (the slot's input value), not by a write or `new`; summary also
  // initializes a slot that a write may hit (for_write), whose input value no read observed.
  bool input = false;
  bool for_write = false;
};

struct MaterializedHeap final : HeapState {
  std::vector<bool> global_initialized;  // reference globals: read or assigned already
  std::vector<InputLocation> inputs;     // in order of materialization (min_l order)
  std::vector<HeapSlot> slots;           // initialized or written slots, the newest last
  std::vector<std::pair<terms::Term, std::int32_t>> created;  // `new` objects and their classes
  std::vector<std::string> choices;      // lazy: the heap choices of the path, in order
  std::vector<std::pair<std::int32_t, terms::Term>> global_inputs;  // each reference global's initialization
};

// One guarded target (φ l) of a points-to set.
struct GuardedLocation {
  terms::Term guard;
  terms::Term location;
};

// An uninitialized reference read: a reference global, or slot `field` of input location
// `location` (reached under `guard`).
struct UninitializedRead {
  std::int32_t global = -1;
  terms::Term location = nullptr;
  std::int32_t field = -1;
  terms::Term guard = nullptr;
  std::size_t location_rank = 0;  // index in MaterializedHeap::inputs (min_l)
  bool for_write = false;         // summary: the slot is initialized because a write may hit it
  // Lazy: no read yet, but a split.  The next read lies in the right operand of `&&`, `||` or
  // `==>` (or a branch of `?:`) that is evaluated exactly when `split` holds, and φ decides
  // neither way: the successors are φ ∧ split and φ ∧ ¬split, and each then knows whether the
  // read happens.
  terms::Term split = nullptr;
};

// A points-to set whose if-then-else DAG unfolds beyond the budget: the path ends in `bound`
// (guards are kept per target, so sets of shared subterms can grow exponentially).
struct HeapSummaryTooLarge : std::runtime_error {
  HeapSummaryTooLarge() : std::runtime_error("heap summary too large (points-to set beyond 4096 unfolded nodes)") {}
};

class SymbolicHeap : public HeapModel {
 public:
  SymbolicHeap(const Program& program, terms::TermManager& terms) : program_(program), terms_(terms) {}

  bool initialize_reads(const SymbolicConfiguration& configuration, const Statement* statement,
                        std::vector<SymbolicSuccessor>& out) final;
  terms::Term read_field(const SymbolicConfiguration& configuration, std::int32_t field, terms::Term object) final;
  void write_field(SymbolicConfiguration& configuration, std::int32_t field, terms::Term object, terms::Term value) final;
  void created(SymbolicConfiguration& configuration, terms::Term object, std::int32_t class_index) final;
  void assigned_global(SymbolicConfiguration& configuration, std::int32_t global) final;
  terms::Term references_equal(const SymbolicConfiguration& configuration, terms::Term a, terms::Term b) final;
  HeapDescription describe(const SymbolicConfiguration& configuration) const final;
  HeapStatistics statistics() const final { return statistics_; }

  // L(r): the guarded locations a reference term denotes, with the guards of one location merged
  // by disjunction (decision 4).
  std::vector<GuardedLocation> points_to(terms::Term reference) const;

 protected:
  // Appends the successors that initialize `read` (lazy: one per choice; summary: one).
  virtual void initialize(const SymbolicConfiguration& configuration, const UninitializedRead& read,
                          std::vector<SymbolicSuccessor>& out) = 0;
  // Summary initializes every slot a write may hit before the write (ST needs the old set).
  virtual bool initializes_written_slots() const = 0;
  // Lazy initializes only what the concrete evaluation reads: not the right operand of `&&`,
  // `||` and `==>` when the left one decides, nor the branch of `?:` that is not taken.  Summary
  // initializes every slot an expression mentions (it never forks, so the extra slots cost no path).
  virtual bool initializes_only_evaluated_reads() const = 0;

  static const MaterializedHeap& heap_of(const SymbolicConfiguration& configuration);
  MaterializedHeap& mutable_heap(SymbolicConfiguration& configuration) const;
  // The input reference an uninitialized read stands for: the global's symbol or f[l].
  terms::Term input_reference(const UninitializedRead& read) const;
  std::int32_t class_of(const UninitializedRead& read) const;
  // ρ of Fig. 8: the input locations of the read's class, oldest first.
  std::vector<const InputLocation*> alias_candidates(const MaterializedHeap& heap, const UninitializedRead& read) const;
  std::string read_name(const SymbolicConfiguration& configuration, const UninitializedRead& read) const;
  // The configuration with the read's global or slot set to `value`.
  MaterializedHeap& set_initialized(SymbolicConfiguration& configuration, const UninitializedRead& read, terms::Term value) const;
  // A successor of `configuration` that takes no program step, with φ ∧ conjuncts; null when a
  // conjunct is syntactically false.
  SymbolicConfiguration* heap_successor(const SymbolicConfiguration& configuration, std::vector<terms::Term> conjuncts,
                                        std::vector<SymbolicSuccessor>& out) const;
  std::string location_name(const MaterializedHeap& heap, terms::Term location) const;
  void note_points_to(terms::Term reference);
  // Only `unsat` prunes (--heap-prune): true when the oracle proves φ ∧ guard unsatisfiable;
  // without an oracle, for sat and for unknown (counted) false.
  bool proved_unsat(const SymbolicConfiguration& configuration, terms::Term guard);

  const Program& program_;
  terms::TermManager& terms_;
  HeapStatistics statistics_;

 private:
  bool find_uninitialized(const SymbolicConfiguration& configuration, const Expression& e, UninitializedRead& read);
  // The first uninitialized read of a lazy operator's chain (a && b) && c or of a `?:`, in the
  // order and only where the concrete evaluation reads.
  bool find_in_lazy_operands(const SymbolicConfiguration& configuration, const Expression& e, UninitializedRead& read);
  // Does φ decide `condition`: true or false syntactically, as a conjunct of φ (or its negation),
  // or, with the guard oracle, φ ∧ ¬condition or φ ∧ condition unsat?
  enum class Decided : std::uint8_t { True, False, Neither };
  Decided decided(const SymbolicConfiguration& configuration, terms::Term condition);
  bool find_in_statement(const SymbolicConfiguration& configuration, const Statement& s, UninitializedRead& read);
  const InputLocation* input_location(const MaterializedHeap& heap, terms::Term term, std::size_t* rank = nullptr) const;
  const HeapSlot* slot(const MaterializedHeap& heap, terms::Term location, std::int32_t field) const;
  bool is_location(const MaterializedHeap& heap, terms::Term term) const;
  void collect_points_to(terms::Term reference, terms::Term guard, std::vector<GuardedLocation>& out) const;
  terms::Term read_through(const SymbolicConfiguration& configuration, std::int32_t field, terms::Term object,
                           std::unordered_map<terms::Term, terms::Term>& done);
  // The per-step observer of lazy_single_uninitialized: counts a state in which a value stored by
  // an initialization (a global's or a slot's input reference) has several targets or a guard
  // other than true.  Values the program builds with `?:` may have several; they are not counted.
  void observe_step(const SymbolicConfiguration& configuration);
  mutable std::size_t budget_ = 0;
};

// §4, Figs. 6–7: at the first read of an uninitialized slot, one successor each for nil, a new
// input object of the slot's class, and an alias to every input object of that class so far.
class LazyInitializationHeap final : public SymbolicHeap {
 public:
  using SymbolicHeap::SymbolicHeap;
  std::string_view name() const override { return "lazy"; }

 protected:
  void initialize(const SymbolicConfiguration& configuration, const UninitializedRead& read,
                  std::vector<SymbolicSuccessor>& out) override;
  bool initializes_written_slots() const override { return false; }
  bool initializes_only_evaluated_reads() const override { return true; }
};

// §5, Figs. 8–9: Summarize an uninitialized slot into one guarded points-to set (θ_null, θ_new,
// θ_alias) without forking; reads merge sets (VS), writes guard them (ST).
class SummaryHeap final : public SymbolicHeap {
 public:
  using SymbolicHeap::SymbolicHeap;
  std::string_view name() const override { return "summary"; }

 protected:
  void initialize(const SymbolicConfiguration& configuration, const UninitializedRead& read,
                  std::vector<SymbolicSuccessor>& out) override;
  bool initializes_written_slots() const override { return true; }
  bool initializes_only_evaluated_reads() const override { return false; }
};

// The heap models of this engine, `lazy` and `summary`, for `explore --heap` (handed to the
// commands by the binary) and for whoever explores with them.
HeapModelCatalogue heap_models();

}  // namespace symref::heap

// The program bounded at K as `explore --loop-bound K` bounds it, for the verifier exports (Dafny,
// ACSL, WhyML): every loop unrolled, every call inlined, every definedness condition an explicit
// check in evaluation order, every run ending in one outcome (docs/language.md "Outcomes of a run").
//
// The bound follows the forward engine's rules (semantics/symbolic/symbolic_machine.cpp): a loop
// may run K iterations per entry, and entering it once more with its condition true ends in
// `bound`; a call to a procedure or method that already has K active frames ends in `bound`
// after its receiver and arguments were evaluated and checked.  What is left is a tree of
// checks, branches and assignments with no loop and no call, which each exporter prints in its
// own language; the expressions in it are the source program's, read in the naming of the
// activation they belong to.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "semantics/outcome.hpp"
#include "semantics/syntax/program.hpp"

namespace symref::interop {

// The names of one activation's locals (slot -> name), `this` at slot 0 of a method.
struct ActivationNaming {
  std::vector<std::string> locals;
};

// A value in the bounded program: a source expression in one activation's naming, or a variable
// the lowering introduced (a method's result, a new object), named by `name`.
struct BoundedOperand {
  const Expression* expression = nullptr;
  const ActivationNaming* naming = nullptr;
  std::string name;  // when expression is null
};

enum class BoundedNodeKind : unsigned char {
  Stop,           // the run ends with `outcome`
  StopIfNil,      // subject == nil  ==>  the run ends in nil-dereference
  StopIfOutside,  // !(0 <= subject < len(array))  ==>  the run ends in out-of-bounds
  StopUnless,     // !subject  ==>  the run ends in `outcome` (assertion-failure, blocked, bound)
  Branch,         // if subject then then_nodes else else_nodes
  Assign,         // target := value; target a source location (variable, a[i], p.f) or a name
  Create,         // name := new C, every field at its default
};

struct BoundedNode {
  BoundedNodeKind kind = BoundedNodeKind::Stop;
  Outcome outcome = Outcome::Normal;  // Stop, StopUnless
  BoundedOperand subject;             // StopIfNil, StopIfOutside, StopUnless, Branch
  std::int32_t array = -1;            // StopIfOutside: the global int[] indexed
  BoundedOperand target;              // Assign
  BoundedOperand value;               // Assign
  std::int32_t class_index = -1;      // Create
  std::string name;                   // Create
  std::vector<BoundedNode> then_nodes;
  std::vector<BoundedNode> else_nodes;
};

// A variable the lowering introduced: a local of one activation, a method's result, a new object.
struct BoundedVariable {
  std::string name;
  Type type;
  bool created = false;  // holds the object of one `new` (one per `new` of the bounded program)
};

struct BoundedProgram {
  std::uint32_t loop_bound = 0;
  std::vector<BoundedVariable> variables;  // declared before the body, each at its default
  std::vector<BoundedNode> body;           // every path through it ends in a Stop
  std::uint64_t node_count = 0;
  std::vector<std::unique_ptr<ActivationNaming>> namings;  // owned; operands point into them
  const ActivationNaming* main_naming = nullptr;
};

// The name a global gets in every export (prefixed so that no target's keyword is hit).
std::string global_name(const Program& program, std::int32_t global);
std::string field_name(const Program& program, std::int32_t field);
std::string class_name(const Program& program, std::int32_t class_index);

// The fault `export-loop-unrolled-one-short` makes every loop's unrolling one iteration shorter
// (K-1 copies of the body before the `bound` check), as a translation bug would.
struct BoundingOptions {
  std::uint32_t loop_bound = 10;
  std::uint64_t max_nodes = 400'000;  // beyond: InputError, the export would be too large to prove
};

// Throws InputError ("PATH: error: ...") when the bounded program would exceed max_nodes.
BoundedProgram bound_program(const Program& program, const BoundingOptions& options);

}  // namespace symref::interop

namespace symref::interop {

// The name a variable or `this` of the source program has in the bounded program.
std::string variable_name(const Program& program, const Expression& variable, const ActivationNaming* naming);

// The outcomes a verifier export asks about, each as a number its code returns (1 normal, 2
// nil-dereference, 3 out-of-bounds, 4 assertion-failure, 5 blocked, 6 bound).
inline constexpr Outcome exported_outcomes[] = {Outcome::Normal,           Outcome::NilDereference, Outcome::OutOfBounds,
                                                Outcome::AssertionFailure, Outcome::Blocked,        Outcome::Bound};
int outcome_code(Outcome outcome);

}  // namespace symref::interop

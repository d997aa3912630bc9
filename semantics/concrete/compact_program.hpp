// The resolved compact form of a checked program for the concrete fast path (§2–§4 statements and
// expressions): every body flattened into one instruction array with jump targets, every variable
// a slot, every operator pre-decoded, every literal a ready Value, so that a step looks nothing up.
//
// Nothing here is a rule: compact_program.cpp only translates; fast_machine.cpp applies the rules
// of concrete/machine.cpp (the definition) to this form.  Finishing a block, the paper's `ε; S = S`,
// is a Jump, which is not a transition; every other instruction is exactly one transition.
#pragma once

#include <cstdint>
#include <vector>

#include "semantics/syntax/program.hpp"
#include "semantics/values/value.hpp"

namespace symref {

// Where an operand's value is: a global or local slot, a constant, or a node to evaluate.  The
// first three index the fast path's table of slot bases (FastMachine::slots_).
enum class OperandKind : std::uint8_t { Global = 0, Local = 1, Constant = 2, Node = 3 };
struct CompactOperand {
  OperandKind kind = OperandKind::Constant;
  std::int32_t index = 0;
};

enum class NodeOp : std::uint8_t {
  ArrayLength,   // len(a): slot = a's global index
  FieldRead,     // a.f: a = object, slot = the field's position
  ArrayRead,     // a[i]: a = i, slot = a's global index
  Not, Negate,   // a
  Add, Subtract, Multiply, Less, LessEqual, Greater, GreaterEqual, Equal, NotEqual,  // a, b
  Divide, Remainder,                                                                  // a, b
  And, Or, Implies,                                                                   // lazy in b
  Conditional,                                                                        // a ? b : c
};

struct CompactNode {
  NodeOp op = NodeOp::Not;
  std::int32_t slot = 0;
  CompactOperand a, b, c;
};

// The location h of an assignment, object creation or method result.
enum class LocationKind : std::uint8_t { Global, Local, Array, Field };
struct CompactLocation {
  LocationKind kind = LocationKind::Global;
  std::int32_t slot = 0;  // global or local slot, array global index, or field position
  CompactOperand base;    // Array: the index; Field: the object
};

enum class InstructionOp : std::uint8_t {
  AssignGlobal, AssignLocal, AssignArray, AssignField,  // location := value
  AssignWholeArray,  // location.slot := the array at value.index (a := b)
  New,               // location := new C (number = C)
  If,                // value ? next : jump
  While,             // value ? next : jump (the body ends with a Jump back here)
  Assert, Assume, Skip,
  CallProcedure,     // number = callee; arguments
  CallMethod,        // number = callee; value = receiver; arguments; has_result: a MethodResult follows
  MethodResult,      // location := r
  Return,            // r := value; then the body's End
  End,               // the procedure return of a callable whose statement is ε
  MainEnd,           // main's closure is ε: the run is over (no transition)
  Jump,              // to jump (not a transition)
};

struct CompactInstruction {
  InstructionOp op = InstructionOp::Skip;
  bool checks_definedness = false;  // δ not syntactically true: a D letter (Statement::checks_definedness)
  bool has_result = false;          // CallMethod with a target
  bool result_needs_definedness = false;  // MethodResult whose h is not a variable (its D letter)
  bool int_valued = false;                // `value` has type int (so a small result may be stored as one)
  CompactLocation location;
  CompactOperand value;
  std::int32_t next = 0;  // the instruction after this one, with Jumps followed (so none is executed)
  std::int32_t jump = 0;  // If, While: where a false condition goes (Jumps followed too)
  std::int32_t number = 0;
  std::int32_t first_argument = 0, argument_count = 0;  // into CompactProgram::arguments
  // When `value` is a strict binary node whose operands are both slots or constants (x + 1,
  // i < n): the node's operator and operands, copied here so that a step on small integers
  // reads them without going through the node.
  bool leaf_binary = false;
  NodeOp binary = NodeOp::Add;
  CompactOperand left, right;
};

struct CompactCallable {
  std::int32_t entry = 0;           // its first instruction
  std::int32_t parameter_slots = 0; // `this` and the parameters
  std::vector<Value> local_defaults;  // the `var` locals at their defaults, in slot order
  bool is_main = false;
};

struct CompactProgram {
  std::vector<CompactInstruction> code;  // main's body first (entry 0)
  std::vector<CompactNode> nodes;
  std::vector<Value> constants;
  std::vector<CompactOperand> arguments;
  std::vector<CompactCallable> callables;  // by Program::callables index
};

CompactProgram compile_compact(const Program& program);

}  // namespace symref

// The resolved flat form of a checked program for the concrete fast path (§2–§4 statements and
// expressions): every body flattened into one instruction array with jump targets, every variable
// a slot, every operator pre-decoded, every literal a ready Value, so that a step looks nothing up.
//
// Nothing here is a rule: flat_program.cpp only translates; fast_machine.cpp applies the rules
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
struct FlatOperand {
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

struct FlatNode {
  NodeOp op = NodeOp::Not;
  std::int32_t slot = 0;
  FlatOperand a, b, c;
  SourceLocation location;  // the expression's (a bound on integer size names it)
};

// The location h of an assignment, object creation or method result.
enum class LocationKind : std::uint8_t { Global, Local, Array, Field };
struct FlatLocation {
  LocationKind kind = LocationKind::Global;
  std::int32_t slot = 0;  // global or local slot, array global index, or field position
  FlatOperand base;    // Array: the index; Field: the object
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

// The register form of an int- or Bool-valued expression: straight-line code over 64-bit
// registers, with no value stack, no Value temporaries and no calls.  Each expression has its own
// registers; every small literal has a register of its own, set once (FlatProgram::registers).
// A register form only ever computes what the expression's value would be while everything stays
// in 64 bits; when something does not (a big operand or element, an overflow) it gives up and the
// general evaluation runs from the start (expressions have no side effects, so that is safe).
enum class MicroOp : std::uint8_t {
  LoadGlobal, LoadLocal,  // d := the slot a (gives up on a big integer)
  ArrayLength,            // d := len(the array in global a)
  ArrayRead,              // d := (the array in global a)[register b]; out of bounds: E
  FieldRead,              // d := field a of the object in register b; nil: E
  Add, Subtract, Multiply,                                  // d := a op b (gives up on overflow)
  Less, LessEqual, Greater, GreaterEqual, Equal, NotEqual,  // d := a op b
  Not, Negate,            // d := op a
  Move,                   // d := a
  SkipIfFalse,            // && : if register d is false, go to a (d is the result)
  SkipIfTrue,             // || : if register d is true, go to a
  SkipIfFalseImplies,     // ==> : if register d is false, d := true and go to a
  BranchIfFalse,          // ?: : if register b is false, go to a
  Jump,                   // go to a
  ArrayReadGlobal, ArrayReadLocal,  // ArrayRead with the index read from the slot b
  End,                    // the end of a register form: its value is in the result register
};
struct MicroInstruction {
  MicroOp op = MicroOp::Move;
  std::int32_t d = 0, a = 0, b = 0;
};
// Where an expression's register form is: micro-instructions [first, first + count) of
// FlatProgram::micro, the last an End, leaving the value in register `result`.  first < 0: it
// has none (its type is a class, or it divides, or it uses a literal beyond 64 bits), and the
// general evaluation runs.
struct MicroRange {
  std::int32_t first = -1, count = 0, result = 0;
  bool exists() const { return first >= 0; }
};

// Which code of the fast path runs an instruction, chosen at compile time so that a step is one
// indirect jump: the instruction's kind, and for assignments and tests how its expressions are
// evaluated (the leaf binary below, the register form, or the general evaluation).
enum class FastHandler : std::uint8_t {
  AssignSlotLeaf, AssignSlotRegisters, AssignSlotGeneral, AssignArrayRegisters, AssignGeneral,
  AssignWholeArray, New, TestLeaf, TestRegisters, TestGeneral, Skip, Call, MethodResult, Return, End,
  MainEnd, Jump,
  AssignGlobalLeafDirect, TestLeafDirect,  // the leaf binary on globals and literals, by address
};

struct FlatInstruction {
  InstructionOp op = InstructionOp::Skip;
  const Statement* statement = nullptr;  // the statement it runs (none for Jump, End, MainEnd)
  bool checks_definedness = false;  // δ not syntactically true: a D letter (Statement::checks_definedness)
  bool has_result = false;          // CallMethod with a target
  bool result_needs_definedness = false;  // MethodResult whose h is not a variable (its D letter)
  bool int_valued = false;                // `value` has type int (so a small result may be stored as one)
  FlatLocation location;
  FlatOperand value;
  std::int32_t next = 0;  // the instruction after this one, with Jumps followed (so none is executed)
  std::int32_t jump = 0;  // If, While: where a false condition goes (Jumps followed too)
  std::int32_t number = 0;
  std::int32_t first_argument = 0, argument_count = 0;  // into FlatProgram::arguments
  // When `value` is a strict binary node whose operands are both slots or constants (x + 1,
  // i < n): the node's operator and operands, copied here so that a step on small integers
  // reads them without going through the node.
  bool leaf_binary = false;
  NodeOp binary = NodeOp::Add;
  FlatOperand left, right;
  FastHandler handler = FastHandler::Skip;
  bool bool_valued = false;  // `value` has type bool
  MicroRange index_registers;  // AssignArray: the index, evaluated (and bounds-checked) before the value
  MicroRange value_registers;  // the assigned value or the tested condition
  // Set by FastMachine for the *Direct handlers: the addresses of the leaf binary's operands and of
  // the assigned variable, all globals or literals, whose places do not move during a run (locals
  // do, at every call), so that a step reads them without going through the slot table.
  const Value* left_value = nullptr;
  const Value* right_value = nullptr;
  Value* target_value = nullptr;
};

struct FlatCallable {
  std::int32_t entry = 0;           // its first instruction
  std::int32_t parameter_slots = 0; // `this` and the parameters
  std::vector<Value> local_defaults;  // the `var` locals at their defaults, in slot order
  bool is_main = false;
};

struct FlatProgram {
  std::vector<FlatInstruction> code;  // main's body first (entry 0)
  std::vector<FlatNode> nodes;
  std::vector<Value> constants;
  std::vector<FlatOperand> arguments;
  std::vector<TypeKind> argument_types;      // beside each argument: its type
  std::vector<MicroRange> argument_registers;  // beside each argument: its register form, if any
  std::vector<FlatCallable> callables;  // by Program::callables index
  std::vector<MicroInstruction> micro;     // every register form, one after another
  std::vector<std::int64_t> registers;     // the registers' initial contents: literals, the rest 0
};

FlatProgram compile_flat(const Program& program);

}  // namespace symref

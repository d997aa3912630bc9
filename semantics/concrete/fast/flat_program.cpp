// Translation of a checked program into the flat form of the concrete fast path (§2–§4).
#include "semantics/concrete/fast/flat_program.hpp"

#include "semantics/concrete/state.hpp"

namespace symref {

namespace {

class Compiler {
 public:
  explicit Compiler(FlatProgram& out) : out_(out) {}

  FlatOperand operand(const Expression& e) {
    switch (e.kind) {
      case ExpressionKind::IntegerLiteral: return constant(Value::integer(e.integer));
      case ExpressionKind::BooleanLiteral: return constant(Value::boolean(e.boolean));
      case ExpressionKind::NilLiteral: return constant(Value::nil(e.type.class_index));
      case ExpressionKind::This:
      case ExpressionKind::Variable: return slot(e.variable);
      case ExpressionKind::ArrayLength: return node({NodeOp::ArrayLength, e.operand(0).variable.index, {}, {}, {}, e.location});
      case ExpressionKind::FieldRead: {
        FlatOperand object = operand(e.operand(0));
        return node({NodeOp::FieldRead, field_position_[e.field], object, {}, {}, e.location});
      }
      case ExpressionKind::ArrayRead: {
        FlatOperand index = operand(e.operand(1));
        return node({NodeOp::ArrayRead, e.operand(0).variable.index, index, {}, {}, e.location});
      }
      case ExpressionKind::Unary: {
        FlatOperand a = operand(e.operand(0));
        return node({e.unary_operator == UnaryOperator::Not ? NodeOp::Not : NodeOp::Negate, 0, a, {}, {}, e.location});
      }
      case ExpressionKind::Binary: {
        // A chain (a + b) + c compiles in a loop from its innermost operator out.
        std::vector<const Expression*> chain{&e};
        while (continues_left_chain(*chain.back())) chain.push_back(&chain.back()->operand(0));
        FlatOperand a = operand(chain.back()->operand(0));
        for (std::size_t i = chain.size(); i-- > 0;) {
          FlatOperand b = operand(chain[i]->operand(1));
          a = node({binary_op(chain[i]->binary_operator), 0, a, b, {}, chain[i]->location});
        }
        return a;
      }
      case ExpressionKind::Conditional: {
        FlatOperand a = operand(e.operand(0));
        FlatOperand b = operand(e.operand(1));
        FlatOperand c = operand(e.operand(2));
        return node({NodeOp::Conditional, 0, a, b, c, e.location});
      }
    }
    return constant(Value());
  }

  FlatLocation location(const Expression& target) {
    switch (target.kind) {
      case ExpressionKind::FieldRead:
        return {LocationKind::Field, field_position_[target.field], operand(target.operand(0))};
      case ExpressionKind::ArrayRead:
        return {LocationKind::Array, target.operand(0).variable.index, operand(target.operand(1))};
      default:
        return {target.variable.scope == Scope::Global ? LocationKind::Global : LocationKind::Local,
                target.variable.index, {}};
    }
  }

  void block(const Block& b) {
    for (const auto& s : b.statements) statement(s);
  }

  void statement(const Statement& s) {
    FlatInstruction in;
    in.statement = &s;
    in.checks_definedness = s.checks_definedness;
    switch (s.kind) {
      case StatementKind::LocalDeclaration:
      case StatementKind::Assignment:
        in.location = location(*s.target);
        if (s.target->type.kind == TypeKind::IntArray) {
          in.op = InstructionOp::AssignWholeArray;
          in.value = {OperandKind::Global, s.value->variable.index};
        } else {
          in.value = operand(*s.value);
          in.int_valued = s.value->type.kind == TypeKind::Int;
          in.bool_valued = s.value->type.kind == TypeKind::Bool;
          static constexpr InstructionOp by_location[] = {InstructionOp::AssignGlobal, InstructionOp::AssignLocal,
                                                          InstructionOp::AssignArray, InstructionOp::AssignField};
          in.op = by_location[static_cast<int>(in.location.kind)];
        }
        emit(in);
        return;
      case StatementKind::New:
        in.op = InstructionOp::New;
        in.location = location(*s.target);
        in.number = s.class_index;
        emit(in);
        return;
      case StatementKind::If: {
        // An `else if` chain compiles in a loop: each test jumps to the next one, and the end of
        // each then block jumps past the whole chain.
        std::vector<std::size_t> skips;
        const Statement* branch = &s;
        while (true) {
          FlatInstruction test_in;
          test_in.statement = branch;  // the site of an outcome its condition ends the run in
          test_in.checks_definedness = branch->checks_definedness;
          test_in.op = InstructionOp::If;
          test_in.value = operand(*branch->value);
          const std::size_t test = emit(test_in);
          block(branch->then_block);
          if (branch->else_block.statements.empty()) {
            out_.code[test].jump = here();
            break;
          }
          skips.push_back(emit(jump_to(0)));
          out_.code[test].jump = here();
          if (const Statement* next = else_if(*branch)) {
            branch = next;
            continue;
          }
          block(branch->else_block);
          break;
        }
        for (std::size_t skip : skips) out_.code[skip].jump = here();
        return;
      }
      case StatementKind::While: {
        in.op = InstructionOp::While;
        in.value = operand(*s.value);
        const std::size_t test = emit(in);
        block(s.body);
        emit(jump_to(static_cast<std::int32_t>(test)));
        out_.code[test].jump = here();
        return;
      }
      case StatementKind::Assert:
      case StatementKind::Assume:
        in.op = s.kind == StatementKind::Assert ? InstructionOp::Assert : InstructionOp::Assume;
        in.value = operand(*s.value);
        emit(in);
        return;
      case StatementKind::Skip:
        in.op = InstructionOp::Skip;
        emit(in);
        return;
      case StatementKind::ProcedureCall:
      case StatementKind::MethodCall: {
        const bool method = s.kind == StatementKind::MethodCall;
        in.op = method ? InstructionOp::CallMethod : InstructionOp::CallProcedure;
        in.number = s.callee;
        if (method) in.value = operand(*s.receiver);
        std::vector<FlatOperand> arguments;
        for (const auto& argument : s.arguments) {
          arguments.push_back(operand(*argument));
          out_.argument_types.push_back(argument->type.kind);
        }
        in.first_argument = static_cast<std::int32_t>(out_.arguments.size());
        in.argument_count = static_cast<std::int32_t>(arguments.size());
        out_.arguments.insert(out_.arguments.end(), arguments.begin(), arguments.end());
        in.has_result = method && s.target != nullptr;
        emit(in);
        if (in.has_result) {
          FlatInstruction result;
          result.op = InstructionOp::MethodResult;
          result.statement = &s;
          result.location = location(*s.target);
          result.result_needs_definedness = s.target->kind != ExpressionKind::Variable;
          emit(result);
        }
        return;
      }
      case StatementKind::Return:
        in.op = InstructionOp::Return;
        in.value = operand(*s.value);
        emit(in);
        return;
    }
  }

  void set_field_positions(const Program& program) {
    for (const auto& field : program.fields) field_position_.push_back(field.position);
  }

  // Copies a strict binary node over leaves into the instruction (FlatInstruction::leaf_binary).
  void mark_leaf_binary(FlatInstruction& in) const {
    if (in.value.kind != OperandKind::Node) return;
    const FlatNode& node = out_.nodes[static_cast<std::size_t>(in.value.index)];
    const bool strict = node.op >= NodeOp::Add && node.op <= NodeOp::NotEqual;
    if (!strict || node.a.kind == OperandKind::Node || node.b.kind == OperandKind::Node) return;
    in.leaf_binary = true;
    in.binary = node.op;
    in.left = node.a;
    in.right = node.b;
  }

  std::int32_t here() const { return static_cast<std::int32_t>(out_.code.size()); }
  std::size_t emit(FlatInstruction in) {
    mark_leaf_binary(in);
    out_.code.push_back(in);
    return out_.code.size() - 1;
  }
  static FlatInstruction jump_to(std::int32_t target) {
    FlatInstruction in;
    in.op = InstructionOp::Jump;
    in.jump = target;
    return in;
  }

 private:
  FlatOperand constant(Value value) {
    out_.constants.push_back(std::move(value));
    return {OperandKind::Constant, static_cast<std::int32_t>(out_.constants.size() - 1)};
  }
  static FlatOperand slot(const VariableSlot& variable) {
    return {variable.scope == Scope::Global ? OperandKind::Global : OperandKind::Local, variable.index};
  }
  FlatOperand node(FlatNode n) {
    out_.nodes.push_back(n);
    return {OperandKind::Node, static_cast<std::int32_t>(out_.nodes.size() - 1)};
  }
  static NodeOp binary_op(BinaryOperator op) {
    switch (op) {
      case BinaryOperator::Add: return NodeOp::Add;
      case BinaryOperator::Subtract: return NodeOp::Subtract;
      case BinaryOperator::Multiply: return NodeOp::Multiply;
      case BinaryOperator::Divide: return NodeOp::Divide;
      case BinaryOperator::Remainder: return NodeOp::Remainder;
      case BinaryOperator::Less: return NodeOp::Less;
      case BinaryOperator::LessEqual: return NodeOp::LessEqual;
      case BinaryOperator::Greater: return NodeOp::Greater;
      case BinaryOperator::GreaterEqual: return NodeOp::GreaterEqual;
      case BinaryOperator::Equal: return NodeOp::Equal;
      case BinaryOperator::NotEqual: return NodeOp::NotEqual;
      case BinaryOperator::And: return NodeOp::And;
      case BinaryOperator::Or: return NodeOp::Or;
      case BinaryOperator::Implies: return NodeOp::Implies;
    }
    return NodeOp::Add;
  }

  FlatProgram& out_;
  std::vector<std::int32_t> field_position_;
};

// Builds the register forms (MicroRange) of expressions from their flat nodes.
class RegisterCompiler {
 public:
  explicit RegisterCompiler(FlatProgram& out) : out_(out) {}

  MicroRange compile(const FlatOperand& operand) {
    depth_ = 0;
    const auto first = static_cast<std::int32_t>(out_.micro.size());
    const std::size_t registers = out_.registers.size();
    std::int32_t result = 0;
    if (!value(operand, -1, result)) {  // no register form: take back what was emitted
      out_.micro.resize(static_cast<std::size_t>(first));
      out_.registers.resize(registers);
      return {};
    }
    emit({MicroOp::End, 0, 0, 0});
    return {first, static_cast<std::int32_t>(out_.micro.size()) - first, result};
  }

 private:
  // Emits code leaving the operand's value in a register, `into` when it is not -1; false when the
  // operand has no register form.
  bool value(const FlatOperand& operand, std::int32_t into, std::int32_t& result) {
    switch (operand.kind) {
      case OperandKind::Constant: {
        const Integer& number = out_.constants[static_cast<std::size_t>(operand.index)].as_integer();
        if (!number.is_small()) return false;
        result = fresh(number.small_value());
        if (into != -1) {
          emit({MicroOp::Move, into, result, 0});
          result = into;
        }
        return true;
      }
      case OperandKind::Global:
      case OperandKind::Local:
        result = into != -1 ? into : fresh(0);
        emit({operand.kind == OperandKind::Global ? MicroOp::LoadGlobal : MicroOp::LoadLocal, result, operand.index, 0});
        return true;
      case OperandKind::Node: return node(out_.nodes[static_cast<std::size_t>(operand.index)], into, result);
    }
    return false;
  }

  bool node(const FlatNode& n, std::int32_t into, std::int32_t& result) {
    // Deeper nodes (a long chain a + b + ... + z) have no register form; the general evaluation
    // folds them in a loop.
    if (depth_ >= max_depth) return false;
    ++depth_;
    const bool compiled = node_at_depth(n, into, result);
    --depth_;
    return compiled;
  }

  bool node_at_depth(const FlatNode& n, std::int32_t into, std::int32_t& result) {
    const std::int32_t d = into != -1 ? into : fresh(0);
    std::int32_t a = 0, b = 0;
    switch (n.op) {
      case NodeOp::ArrayLength: emit({MicroOp::ArrayLength, d, n.slot, 0}); break;
      case NodeOp::ArrayRead:
        if (n.a.kind == OperandKind::Global || n.a.kind == OperandKind::Local) {  // a[i]: one instruction
          emit({n.a.kind == OperandKind::Global ? MicroOp::ArrayReadGlobal : MicroOp::ArrayReadLocal, d, n.slot,
                n.a.index});
          break;
        }
        [[fallthrough]];
      case NodeOp::FieldRead:
        if (!value(n.a, -1, a)) return false;
        emit({n.op == NodeOp::ArrayRead ? MicroOp::ArrayRead : MicroOp::FieldRead, d, n.slot, a});
        break;
      case NodeOp::Not:
      case NodeOp::Negate:
        if (!value(n.a, -1, a)) return false;
        emit({n.op == NodeOp::Not ? MicroOp::Not : MicroOp::Negate, d, a, 0});
        break;
      case NodeOp::Divide:
      case NodeOp::Remainder: return false;  // rare in loops; the general evaluation has the faults' variants
      case NodeOp::And:
      case NodeOp::Or:
      case NodeOp::Implies: {  // the left operand into d, then skip the right one when it decides
        if (!value(n.a, d, a)) return false;
        const MicroOp skip = n.op == NodeOp::And  ? MicroOp::SkipIfFalse
                             : n.op == NodeOp::Or ? MicroOp::SkipIfTrue
                                                  : MicroOp::SkipIfFalseImplies;
        const std::size_t at = emit({skip, d, 0, 0});
        if (!value(n.b, d, b)) return false;
        out_.micro[at].a = here();
        break;
      }
      case NodeOp::Conditional: {
        if (!value(n.a, -1, a)) return false;
        const std::size_t branch = emit({MicroOp::BranchIfFalse, 0, 0, a});
        if (!value(n.b, d, b)) return false;
        const std::size_t jump = emit({MicroOp::Jump, 0, 0, 0});
        out_.micro[branch].a = here();
        if (!value(n.c, d, b)) return false;
        out_.micro[jump].a = here();
        break;
      }
      default: {  // + - * and the comparisons
        if (!value(n.a, -1, a) || !value(n.b, -1, b)) return false;
        static constexpr MicroOp by_node[] = {MicroOp::Add, MicroOp::Subtract, MicroOp::Multiply, MicroOp::Less,
                                              MicroOp::LessEqual, MicroOp::Greater, MicroOp::GreaterEqual,
                                              MicroOp::Equal, MicroOp::NotEqual};
        emit({by_node[static_cast<int>(n.op) - static_cast<int>(NodeOp::Add)], d, a, b});
        break;
      }
    }
    result = d;
    return true;
  }

  std::int32_t fresh(std::int64_t initial) {
    out_.registers.push_back(initial);
    return static_cast<std::int32_t>(out_.registers.size() - 1);
  }
  std::size_t emit(MicroInstruction m) {
    out_.micro.push_back(m);
    return out_.micro.size() - 1;
  }
  std::int32_t here() const { return static_cast<std::int32_t>(out_.micro.size()); }

  static constexpr int max_depth = 256;
  FlatProgram& out_;
  int depth_ = 0;
};

bool is_comparison(NodeOp op) { return op >= NodeOp::Less && op <= NodeOp::NotEqual; }

// Chooses the fast path's code for each instruction (FlatInstruction::handler).
void choose_fast_handlers(FlatProgram& out) {
  RegisterCompiler registers(out);
  // An int or Bool argument that is not a variable or literal (fib(k - 1)) is computed in registers.
  for (std::size_t k = 0; k < out.arguments.size(); ++k) {
    const bool small_type = out.argument_types[k] == TypeKind::Int || out.argument_types[k] == TypeKind::Bool;
    out.argument_registers.push_back(small_type && out.arguments[k].kind == OperandKind::Node
                                         ? registers.compile(out.arguments[k])
                                         : MicroRange{});
  }
  for (auto& in : out.code) {
    switch (in.op) {
      case InstructionOp::AssignGlobal:
      case InstructionOp::AssignLocal:
        in.handler = FastHandler::AssignSlotGeneral;
        if (!in.int_valued && !in.bool_valued) break;  // references keep their class: the general path
        if (in.leaf_binary) {
          in.handler = FastHandler::AssignSlotLeaf;
          break;
        }
        in.value_registers = registers.compile(in.value);
        if (in.value_registers.exists()) in.handler = FastHandler::AssignSlotRegisters;
        break;
      case InstructionOp::AssignArray:
        in.handler = FastHandler::AssignGeneral;
        in.index_registers = registers.compile(in.location.base);
        if (!in.index_registers.exists()) break;
        in.value_registers = registers.compile(in.value);
        if (in.value_registers.exists()) in.handler = FastHandler::AssignArrayRegisters;
        break;
      case InstructionOp::AssignField: in.handler = FastHandler::AssignGeneral; break;
      case InstructionOp::AssignWholeArray: in.handler = FastHandler::AssignWholeArray; break;
      case InstructionOp::New: in.handler = FastHandler::New; break;
      case InstructionOp::If:
      case InstructionOp::While:
      case InstructionOp::Assert:
      case InstructionOp::Assume:
        in.handler = FastHandler::TestGeneral;
        if (in.leaf_binary && is_comparison(in.binary)) {
          in.handler = FastHandler::TestLeaf;
          break;
        }
        in.value_registers = registers.compile(in.value);
        if (in.value_registers.exists()) in.handler = FastHandler::TestRegisters;
        break;
      case InstructionOp::Skip: in.handler = FastHandler::Skip; break;
      case InstructionOp::CallProcedure:
      case InstructionOp::CallMethod: in.handler = FastHandler::Call; break;
      case InstructionOp::MethodResult: in.handler = FastHandler::MethodResult; break;
      case InstructionOp::Return: in.handler = FastHandler::Return; break;
      case InstructionOp::End: in.handler = FastHandler::End; break;
      case InstructionOp::MainEnd: in.handler = FastHandler::MainEnd; break;
      case InstructionOp::Jump: in.handler = FastHandler::Jump; break;
    }
  }
}

}  // namespace

FlatProgram compile_flat(const Program& program) {
  FlatProgram out;
  Compiler compiler(out);
  compiler.set_field_positions(program);
  compiler.block(program.main);
  FlatInstruction main_end;
  main_end.op = InstructionOp::MainEnd;
  compiler.emit(main_end);
  for (const auto& callable : program.callables) {
    FlatCallable flat;
    flat.entry = compiler.here();
    flat.parameter_slots = callable.first_parameter_slot() + callable.parameter_count;
    for (std::size_t slot = static_cast<std::size_t>(flat.parameter_slots); slot < callable.locals.size(); ++slot)
      flat.local_defaults.push_back(default_value(callable.locals[slot].type));
    compiler.block(callable.body);
    FlatInstruction end;
    end.op = InstructionOp::End;
    compiler.emit(end);
    out.callables.push_back(std::move(flat));
  }
  // Follow every Jump at compile time: the end of a block costs nothing at run time.
  auto follow = [&out](std::int32_t target) {
    while (out.code[static_cast<std::size_t>(target)].op == InstructionOp::Jump) target = out.code[static_cast<std::size_t>(target)].jump;
    return target;
  };
  for (std::size_t pc = 0; pc < out.code.size(); ++pc) {
    FlatInstruction& in = out.code[pc];
    if (in.op == InstructionOp::MainEnd || in.op == InstructionOp::End || in.op == InstructionOp::Jump) continue;
    in.next = follow(static_cast<std::int32_t>(pc + 1));
    if (in.op == InstructionOp::If || in.op == InstructionOp::While) in.jump = follow(in.jump);
  }
  for (auto& callable : out.callables) callable.entry = follow(callable.entry);
  choose_fast_handlers(out);
  return out;
}

}  // namespace symref

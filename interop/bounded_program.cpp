// The program bounded at K for the verifier exports: loops unrolled, calls inlined, definedness
// checks made explicit in evaluation order (docs/language.md "Definedness", "Statements").
#include "interop/bounded_program.hpp"

#include <algorithm>

#include "semantics/faults.hpp"
#include "semantics/syntax/diagnostics.hpp"

namespace symref::interop {

std::string global_name(const Program& program, std::int32_t global) { return "g_" + program.globals[global].name; }
std::string field_name(const Program& program, std::int32_t field) { return "f_" + program.fields[field].name; }
std::string class_name(const Program& program, std::int32_t class_index) {
  return "C_" + program.classes[class_index].name;
}

namespace {

class Lowering {
 public:
  Lowering(const Program& program, const BoundingOptions& options, BoundedProgram& out)
      : program_(program), options_(options), out_(out) {}

  void run() {
    auto naming = std::make_unique<ActivationNaming>();
    out_.main_naming = naming.get();
    out_.namings.push_back(std::move(naming));
    block(program_.main, out_.main_naming, out_.body);
    push(out_.body, stop(Outcome::Normal));
  }

 private:
  // The loop's copies of the body before the `bound` check: K, or K-1 under the planted fault.
  std::uint32_t unrolled_iterations() const {
    if (fault_active(Fault::ExportLoopUnrolledOneShort) && options_.loop_bound > 0) return options_.loop_bound - 1;
    return options_.loop_bound;
  }

  void push(std::vector<BoundedNode>& nodes, BoundedNode node) {
    if (++out_.node_count > options_.max_nodes) {
      const std::string path = program_.source ? program_.source->path() : std::string("program");
      throw InputError(format_diagnostic(
          nullptr, path,
          Diagnostic{{}, "the program bounded at loop bound " + std::to_string(options_.loop_bound) + " has more than " +
                             std::to_string(options_.max_nodes) + " statements; lower --loop-bound"}));
    }
    nodes.push_back(std::move(node));
  }

  static BoundedOperand operand(const Expression& e, const ActivationNaming* naming) { return {&e, naming, {}}; }
  static BoundedOperand named(std::string name) { return {nullptr, nullptr, std::move(name)}; }

  static BoundedNode stop(Outcome outcome) {
    BoundedNode node;
    node.kind = BoundedNodeKind::Stop;
    node.outcome = outcome;
    return node;
  }

  // δ(e) as checks, in evaluation order; the right operand of a lazy operator (and the branch of
  // `?:` not taken) is checked only where it is evaluated.
  void checks(const Expression& e, const ActivationNaming* naming, std::vector<BoundedNode>& out) {
    switch (e.kind) {
      case ExpressionKind::IntegerLiteral:
      case ExpressionKind::BooleanLiteral:
      case ExpressionKind::NilLiteral:
      case ExpressionKind::This:
      case ExpressionKind::Variable:
      case ExpressionKind::ArrayLength: return;
      case ExpressionKind::FieldRead: nil_check(e.operand(0), naming, out); return;
      case ExpressionKind::ArrayRead: bounds_check(e, naming, out); return;
      case ExpressionKind::Unary: checks(e.operand(0), naming, out); return;
      case ExpressionKind::Binary: {
        checks(e.operand(0), naming, out);
        const bool lazy_on_true =
            e.binary_operator == BinaryOperator::And || e.binary_operator == BinaryOperator::Implies;
        const bool lazy_on_false = e.binary_operator == BinaryOperator::Or;
        if (!lazy_on_true && !lazy_on_false) {
          checks(e.operand(1), naming, out);
          return;
        }
        std::vector<BoundedNode> right;
        checks(e.operand(1), naming, right);
        if (right.empty()) return;
        BoundedNode branch;
        branch.kind = BoundedNodeKind::Branch;
        branch.subject = operand(e.operand(0), naming);
        (lazy_on_true ? branch.then_nodes : branch.else_nodes) = std::move(right);
        push(out, std::move(branch));
        return;
      }
      case ExpressionKind::Conditional: {
        checks(e.operand(0), naming, out);
        std::vector<BoundedNode> when_true, when_false;
        checks(e.operand(1), naming, when_true);
        checks(e.operand(2), naming, when_false);
        if (when_true.empty() && when_false.empty()) return;
        BoundedNode branch;
        branch.kind = BoundedNodeKind::Branch;
        branch.subject = operand(e.operand(0), naming);
        branch.then_nodes = std::move(when_true);
        branch.else_nodes = std::move(when_false);
        push(out, std::move(branch));
        return;
      }
    }
  }

  // δ(e) ∧ e ≠ nil, for e.f and a method's receiver.
  void nil_check(const Expression& object, const ActivationNaming* naming, std::vector<BoundedNode>& out) {
    checks(object, naming, out);
    BoundedNode node;
    node.kind = BoundedNodeKind::StopIfNil;
    node.subject = operand(object, naming);
    push(out, std::move(node));
  }

  // δ(i) ∧ 0 ≤ i ∧ i < len(a), for a[i].
  void bounds_check(const Expression& element, const ActivationNaming* naming, std::vector<BoundedNode>& out) {
    checks(element.operand(1), naming, out);
    BoundedNode node;
    node.kind = BoundedNodeKind::StopIfOutside;
    node.subject = operand(element.operand(1), naming);
    node.array = element.operand(0).variable.index;
    push(out, std::move(node));
  }

  // δ of the location an assignment writes (docs/language.md: the location is evaluated first).
  void location_checks(const Expression& target, const ActivationNaming* naming, std::vector<BoundedNode>& out) {
    if (target.kind == ExpressionKind::FieldRead) nil_check(target.operand(0), naming, out);
    if (target.kind == ExpressionKind::ArrayRead) bounds_check(target, naming, out);
  }

  void assign(BoundedOperand target, BoundedOperand value, std::vector<BoundedNode>& out) {
    BoundedNode node;
    node.kind = BoundedNodeKind::Assign;
    node.target = std::move(target);
    node.value = std::move(value);
    push(out, std::move(node));
  }

  std::string introduce(const std::string& name, Type type, bool created = false) {
    out_.variables.push_back({name, type, created});
    return name;
  }

  void block(const Block& b, const ActivationNaming* naming, std::vector<BoundedNode>& out) {
    for (const Statement& s : b.statements) statement(s, naming, out);
  }

  void statement(const Statement& s, const ActivationNaming* naming, std::vector<BoundedNode>& out) {
    switch (s.kind) {
      case StatementKind::LocalDeclaration:
      case StatementKind::Assignment:
        location_checks(*s.target, naming, out);
        checks(*s.value, naming, out);
        assign(operand(*s.target, naming), operand(*s.value, naming), out);
        return;
      case StatementKind::New: {
        location_checks(*s.target, naming, out);
        std::string object = introduce("n" + std::to_string(++fresh_), Type::reference(s.class_index), true);
        BoundedNode create;
        create.kind = BoundedNodeKind::Create;
        create.class_index = s.class_index;
        create.name = object;
        push(out, std::move(create));
        assign(operand(*s.target, naming), named(object), out);
        return;
      }
      case StatementKind::If: {
        checks(*s.value, naming, out);
        BoundedNode branch;
        branch.kind = BoundedNodeKind::Branch;
        branch.subject = operand(*s.value, naming);
        block(s.then_block, naming, branch.then_nodes);
        block(s.else_block, naming, branch.else_nodes);
        push(out, std::move(branch));
        return;
      }
      case StatementKind::While: loop(s, naming, 0, out); return;
      case StatementKind::Assert:
      case StatementKind::Assume: {
        checks(*s.value, naming, out);
        BoundedNode node;
        node.kind = BoundedNodeKind::StopUnless;
        node.subject = operand(*s.value, naming);
        node.outcome = s.kind == StatementKind::Assert ? Outcome::AssertionFailure : Outcome::Blocked;
        push(out, std::move(node));
        return;
      }
      case StatementKind::Skip: return;
      case StatementKind::ProcedureCall: call(s, naming, nullptr, out); return;
      case StatementKind::MethodCall: call(s, naming, s.receiver.get(), out); return;
      case StatementKind::Return:
        checks(*s.value, naming, out);
        assign(named(result_names_.back()), operand(*s.value, naming), out);
        return;
    }
  }

  // Iteration `done` of a loop entry: the condition checked, then either the body and the next
  // iteration, or, when K iterations have run, `bound` (the (K+1)-th entry of the body).
  void loop(const Statement& s, const ActivationNaming* naming, std::uint32_t done, std::vector<BoundedNode>& out) {
    checks(*s.value, naming, out);
    BoundedNode branch;
    branch.kind = BoundedNodeKind::Branch;
    branch.subject = operand(*s.value, naming);
    if (done >= unrolled_iterations()) {
      push(branch.then_nodes, stop(Outcome::Bound));
    } else {
      block(s.body, naming, branch.then_nodes);
      loop(s, naming, done + 1, branch.then_nodes);
    }
    push(out, std::move(branch));
  }

  // §3/§4 calls by value, inlined: receiver and arguments evaluated and checked in the caller,
  // the recursion bound, the callee's locals renamed for this activation, its body, and for a
  // method with a target the target's location checked and assigned after the body.
  void call(const Statement& s, const ActivationNaming* naming, const Expression* receiver,
            std::vector<BoundedNode>& out) {
    if (receiver != nullptr) nil_check(*receiver, naming, out);
    for (const auto& argument : s.arguments) checks(*argument, naming, out);
    const Callable& callee = program_.callables[s.callee];
    const auto active = static_cast<std::uint32_t>(std::count(active_.begin(), active_.end(), &callee));
    if (active >= options_.loop_bound) {
      push(out, stop(Outcome::Bound));
      return;
    }
    const std::string prefix = "l" + std::to_string(++fresh_) + "_";
    auto callee_naming = std::make_unique<ActivationNaming>();
    for (const VariableDeclaration& local : callee.locals)
      callee_naming->locals.push_back(introduce(prefix + (local.name == "this" ? "this" : local.name), local.type));
    const ActivationNaming* inner = callee_naming.get();
    out_.namings.push_back(std::move(callee_naming));
    std::size_t slot = 0;
    if (receiver != nullptr) assign(named(inner->locals[slot++]), operand(*receiver, naming), out);
    for (const auto& argument : s.arguments) assign(named(inner->locals[slot++]), operand(*argument, naming), out);
    std::string result;
    if (callee.is_method) result = introduce("r" + std::to_string(fresh_), callee.return_type);
    active_.push_back(&callee);
    result_names_.push_back(result);
    block(callee.body, inner, out);
    result_names_.pop_back();
    active_.pop_back();
    if (receiver != nullptr && s.target != nullptr) {
      location_checks(*s.target, naming, out);
      assign(operand(*s.target, naming), named(result), out);
    }
  }

  const Program& program_;
  const BoundingOptions& options_;
  BoundedProgram& out_;
  std::vector<const Callable*> active_;
  std::vector<std::string> result_names_;
  std::uint64_t fresh_ = 0;
};

}  // namespace

BoundedProgram bound_program(const Program& program, const BoundingOptions& options) {
  BoundedProgram out;
  out.loop_bound = options.loop_bound;
  Lowering(program, options, out).run();
  return out;
}

}  // namespace symref::interop

namespace symref::interop {

std::string variable_name(const Program& program, const Expression& variable, const ActivationNaming* naming) {
  if (variable.kind == ExpressionKind::This) return naming->locals.at(0);
  if (variable.variable.scope == Scope::Global) return global_name(program, variable.variable.index);
  return naming->locals.at(static_cast<std::size_t>(variable.variable.index));
}

int outcome_code(Outcome outcome) {
  switch (outcome) {
    case Outcome::Normal: return 1;
    case Outcome::NilDereference: return 2;
    case Outcome::OutOfBounds: return 3;
    case Outcome::AssertionFailure: return 4;
    case Outcome::Blocked: return 5;
    case Outcome::Bound: return 6;
    case Outcome::Running: break;
  }
  return 0;
}

}  // namespace symref::interop

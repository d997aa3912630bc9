// `symref export --to c`: the program as C99, statement by statement from symref's own syntax tree,
// with the concrete rules of §2–§4 as symref's concrete machine applies them
// (semantics/concrete/machine.cpp): the same evaluation order, the same definedness checks (δ of
// docs/language.md), the same branch letters, the same step count, the same outcome and final state.
//
// The shape of the C program:
//  - every int is an `sr_int` (GMP's mpz_t, or a 64-bit integer whose overflow ends the run as
//    `inconclusive`); / and % are Euclidean and total (the runtime's sr_div, sr_mod);
//  - globals are `g_NAME`, locals `l_NAME`, fields `f_NAME` of `struct c_CLASS`, procedures
//    `p_NAME`, methods `m_CLASS_NAME(this, parameters..., result)`; every call is a C call;
//  - an expression is evaluated into temporaries, operand by operand in symref's order, each field
//    read checked for nil and each element read for its bounds where it is evaluated; the lazy
//    operators are C `if`s;
//  - every transition starts with SR_STEP() (the step limit), failures append E and end the run,
//    definedness successes append D, tests T or F, exactly where the concrete machine does.
#include "interop/c/c_exporter.hpp"

#include <string>
#include <vector>

#include "interop/c/c_runtime.hpp"
#include "semantics/faults.hpp"

namespace symref::interop {

namespace {

// A value of an evaluated expression: C text that denotes it.  For an int, an lvalue of type
// sr_int (a temporary, a variable, a field, an element); for a bool, an int expression; for a
// reference, a pointer expression.  The text is pure: evaluating it twice gives the same value,
// since nothing changes the state while a statement's expressions are evaluated.
struct CValue {
  std::string text;
};

class CProgramWriter {
 public:
  CProgramWriter(const Program& program, const ExportOptions& options) : program_(program), options_(options) {}

  std::string write() {
    std::string out;
    out += header_comment();
    out += options_.integers == IntegerModel::Int64 ? "#define SYMREF_INT_I64 1\n" : "";
    out += std::string(c_runtime_source());
    out += fault_helpers();
    out += "\n/* ---- The program ---- */\n\n";
    out += class_declarations();
    out += global_declarations();
    for (std::size_t c = 0; c < program_.callables.size(); ++c) out += signature(program_.callables[c]) + ";\n";
    out += "\n";
    for (std::size_t c = 0; c < program_.callables.size(); ++c) out += callable_definition(program_.callables[c]);
    out += main_definition();
    out += input_reader();
    out += symbolic_input();
    out += result_writer();
    out += entry_point();
    return out;
  }

 private:
  // ---- Names ----------------------------------------------------------------------------------

  std::string class_type(std::int32_t class_index) const {
    if (class_index < 0) return "void*";
    return "struct c_" + program_.classes[class_index].name + "*";
  }
  std::string c_type(const Type& type) const {
    switch (type.kind) {
      case TypeKind::Int: return "sr_int";
      case TypeKind::Bool: return "int";
      case TypeKind::IntArray: return "sr_array";
      case TypeKind::Reference:
      case TypeKind::Nil: return class_type(type.class_index);
      case TypeKind::Void: return "void";
    }
    return "void";
  }
  std::string global_name(std::int32_t index) const { return "g_" + program_.globals[index].name; }
  std::string local_name(std::int32_t slot) const { return "l_" + callable_->locals[slot].name; }
  std::string variable_name(const VariableSlot& slot) const {
    return slot.scope == Scope::Global ? global_name(slot.index) : local_name(slot.index);
  }
  std::string callable_name(const Callable& callable) const {
    if (callable.is_method) return "m_" + program_.classes[callable.class_index].name + "_" + callable.name;
    return "p_" + callable.name;
  }
  std::string field_name(std::int32_t field) const { return "f_" + program_.fields[field].name; }

  // ---- Output with indentation -----------------------------------------------------------------

  void line(const std::string& text) { body_ += std::string(2 * indent_, ' ') + text + "\n"; }
  void open(const std::string& text) {
    line(text + " {");
    ++indent_;
  }
  void close(const std::string& text = "}") {
    --indent_;
    line(text);
  }

  std::string temporary(const Type& type) {
    std::string name = "t" + std::to_string(++temporary_count_);
    temporaries_.push_back({c_type(type), name});
    return name;
  }
  std::string index_temporary() {
    std::string name = "i" + std::to_string(++temporary_count_);
    temporaries_.push_back({"long long", name});
    return name;
  }
  // `destination := value` for a value of type `type`.
  std::string assignment(const Type& type, const std::string& destination, const std::string& value) const {
    if (type.kind == TypeKind::Int) return "sr_set(" + destination + ", " + value + ");";
    return destination + " = " + value + ";";
  }

  // ---- Expressions: V(e), failing with the error outcome where δ(e) fails -------------------

  CValue evaluate(const Expression& e) {
    switch (e.kind) {
      case ExpressionKind::IntegerLiteral: {
        std::string t = temporary(e.type);
        if (e.integer.is_small() && e.integer.small_value() >= -2147483647 && e.integer.small_value() <= 2147483647)
          line("sr_set_si(" + t + ", " + std::to_string(e.integer.small_value()) + ");");
        else
          line("sr_set_str(" + t + ", \"" + e.integer.to_string() + "\");");
        return {t};
      }
      case ExpressionKind::BooleanLiteral: return {e.boolean ? "1" : "0"};
      case ExpressionKind::NilLiteral: return {"0"};
      case ExpressionKind::This:
      case ExpressionKind::Variable: return {variable_name(e.variable)};
      case ExpressionKind::ArrayLength: {
        std::string t = temporary(e.type);
        line("sr_set_si(" + t + ", " + global_name(e.operand(0).variable.index) + ".length);");
        return {t};
      }
      case ExpressionKind::FieldRead: {
        std::string object = pointer(evaluate(e.operand(0)), e.operand(0).type);
        line("if (!" + object + ") sr_fail(\"nil-dereference\");");
        return {object + "->" + field_name(e.field)};
      }
      case ExpressionKind::ArrayRead: {
        std::string index = element_index(e);
        return {global_name(e.operand(0).variable.index) + ".elements[" + index + "]"};
      }
      case ExpressionKind::Unary: {
        CValue operand = evaluate(e.operand(0));
        if (e.unary_operator == UnaryOperator::Not) return {"(!" + operand.text + ")"};
        std::string t = temporary(e.type);
        line("sr_neg(" + t + ", " + operand.text + ");");
        return {t};
      }
      case ExpressionKind::Binary: return binary(e);
      case ExpressionKind::Conditional: {
        CValue condition = evaluate(e.operand(0));
        std::string t = temporary(e.type);
        open("if (" + condition.text + ")");
        line(assignment(e.type, t, evaluate(e.operand(1)).text));
        close("} else {");
        ++indent_;
        line(assignment(e.type, t, evaluate(e.operand(2)).text));
        close();
        return {t};
      }
    }
    return {"0"};
  }

  // A reference in a temporary (or a variable), so that a nil test and a field access can share it.
  std::string pointer(const CValue& value, const Type& type) {
    if (value.text != "0" && value.text.find_first_of("-()[]! ") == std::string::npos) return value.text;
    std::string t = temporary(type);
    line(t + " = " + value.text + ";");
    return t;
  }

  // The checked index of a[i] (ArrayRead as an expression or as an assigned location).
  std::string element_index(const Expression& access) {
    CValue index = evaluate(access.operand(1));
    std::string k = index_temporary();
    std::string length = global_name(access.operand(0).variable.index) + ".length";
    if (fault_active(Fault::ExportBoundInclusive)) length += " + 1";  // planted: δ(a[i]) as 0 <= i <= len(a)
    line("if (!sr_small_index(" + index.text + ", " + length + ", &" + k + ")) sr_fail(\"out-of-bounds\");");
    return k;
  }

  CValue binary(const Expression& e) {
    const BinaryOperator op = e.binary_operator;
    if (op == BinaryOperator::And || op == BinaryOperator::Or || op == BinaryOperator::Implies) {
      // Lazy in the right operand: evaluated (and checked) only when the left does not decide.
      CValue left = evaluate(e.operand(0));
      std::string t = temporary(e.type);
      line(t + " = " + (op == BinaryOperator::Implies ? "!" + left.text : left.text) + ";");
      open(op == BinaryOperator::And ? "if (" + t + ")" : "if (!" + t + ")");
      line(t + " = " + evaluate(e.operand(1)).text + ";");
      close();
      return {t};
    }
    CValue left = evaluate(e.operand(0));
    CValue right = evaluate(e.operand(1));
    const std::string& a = left.text;
    const std::string& b = right.text;
    auto arithmetic = [&](const char* function) {
      std::string t = temporary(e.type);
      line(std::string(function) + "(" + t + ", " + a + ", " + b + ");");
      return CValue{t};
    };
    switch (op) {
      case BinaryOperator::Add: return arithmetic("sr_add");
      case BinaryOperator::Subtract: return arithmetic("sr_sub");
      case BinaryOperator::Multiply: return arithmetic("sr_mul");
      case BinaryOperator::Divide:
        return arithmetic(fault_active(Fault::ExportTruncatingDivision) ? "sr_div_truncating" : "sr_div");
      case BinaryOperator::Remainder:
        return arithmetic(fault_active(Fault::ExportTruncatingDivision) ? "sr_mod_truncating" : "sr_mod");
      case BinaryOperator::Less: return {"(sr_cmp(" + a + ", " + b + ") < 0)"};
      case BinaryOperator::LessEqual: return {"(sr_cmp(" + a + ", " + b + ") <= 0)"};
      case BinaryOperator::Greater: return {"(sr_cmp(" + a + ", " + b + ") > 0)"};
      case BinaryOperator::GreaterEqual: return {"(sr_cmp(" + a + ", " + b + ") >= 0)"};
      case BinaryOperator::Equal:
      case BinaryOperator::NotEqual: {
        const char* relation = op == BinaryOperator::Equal ? " == " : " != ";
        switch (e.operand(0).type.kind) {
          case TypeKind::Int: return {"(sr_cmp(" + a + ", " + b + ")" + relation + "0)"};
          case TypeKind::Bool: return {"((" + a + ")" + relation + "(" + b + "))"};
          default: return {"((const void*)(" + a + ")" + relation + "(const void*)(" + b + "))"};
        }
      }
      default: break;
    }
    return {"0"};
  }

  // ---- Statements: one transition each (plus the closure's return), as machine.cpp ---------

  // A location h that an assignment writes, evaluated (and checked) before the assigned value.
  struct Location {
    std::string text;  // an lvalue
  };
  Location evaluate_location(const Expression& target) {
    switch (target.kind) {
      case ExpressionKind::FieldRead: {
        std::string object = pointer(evaluate(target.operand(0)), target.operand(0).type);
        line("if (!" + object + ") sr_fail(\"nil-dereference\");");
        return {object + "->" + field_name(target.field)};
      }
      case ExpressionKind::ArrayRead:
        return {global_name(target.operand(0).variable.index) + ".elements[" + element_index(target) + "]"};
      default: return {variable_name(target.variable)};
    }
  }

  void defined(const Statement& s) {
    if (s.checks_definedness) line("sr_branch('D');");
  }
  // The D letter of an assignment, which the planted fault drops.
  void defined_assignment(const Statement& s) {
    if (s.checks_definedness && !fault_active(Fault::ExportDefinedLetterDropped)) line("sr_branch('D');");
  }
  // The T/F letters of a test; returns the condition's text.
  std::string test(const Statement& s) {
    CValue condition = evaluate(*s.value);
    defined(s);
    return condition.text;
  }

  void statement(const Statement& s) {
    switch (s.kind) {
      case StatementKind::LocalDeclaration:
      case StatementKind::Assignment: {
        line("SR_STEP(); /* " + std::to_string(s.location.line) + ": assignment */");
        Location location = evaluate_location(*s.target);
        if (s.target->type.kind == TypeKind::IntArray) {
          defined_assignment(s);
          line("sr_array_assign(&" + location.text + ", &" + variable_name(s.value->variable) + ");");
          return;
        }
        CValue value = evaluate(*s.value);
        defined_assignment(s);
        line(assignment(s.target->type, location.text, value.text));
        return;
      }
      case StatementKind::New: {
        line("SR_STEP(); /* " + std::to_string(s.location.line) + ": new " + s.class_name + " */");
        Location location = evaluate_location(*s.target);
        defined(s);
        line(location.text + " = " + new_object(s.class_index) + ";");
        return;
      }
      case StatementKind::If: {
        line("SR_STEP(); /* " + std::to_string(s.location.line) + ": if */");
        std::string condition = test(s);
        open("if (" + condition + ")");
        line("sr_branch('T');");
        block(s.then_block);
        close("} else {");
        ++indent_;
        line("sr_branch('F');");
        block(s.else_block);
        close();
        return;
      }
      case StatementKind::While: {
        open("for (;;)");
        line("SR_STEP(); /* " + std::to_string(s.location.line) + ": while */");
        std::string condition = test(s);
        open("if (!" + condition + ")");
        line("sr_branch('F');");
        line("break;");
        close();
        line("sr_branch('T');");
        block(s.body);
        close();
        return;
      }
      case StatementKind::Assert:
      case StatementKind::Assume: {
        bool assert = s.kind == StatementKind::Assert;
        line("SR_STEP(); /* " + std::to_string(s.location.line) + (assert ? ": assert */" : ": assume */"));
        std::string condition = test(s);
        open("if (" + condition + ")");
        line("sr_branch('T');");
        close("} else {");
        ++indent_;
        line("sr_branch('F');");
        line(assert ? "sr_end(\"assertion-failure\");" : "sr_end(\"blocked\");");
        close();
        return;
      }
      case StatementKind::Skip: line("SR_STEP(); /* " + std::to_string(s.location.line) + ": skip */"); return;
      case StatementKind::ProcedureCall: {
        line("SR_STEP(); /* " + std::to_string(s.location.line) + ": call " + s.callee_name + " */");
        std::vector<std::string> arguments;
        for (const auto& argument : s.arguments) arguments.push_back(evaluate(*argument).text);
        line("SR_CALL_DEPTH();");
        defined(s);
        line("++sr_depth;");
        line(callable_name(program_.callables[s.callee]) + "(" + join(arguments) + ");");
        line("--sr_depth;");
        return;
      }
      case StatementKind::MethodCall: method_call(s); return;
      case StatementKind::Return: {
        line("SR_STEP(); /* " + std::to_string(s.location.line) + ": return */");
        CValue value = evaluate(*s.value);
        defined(s);
        if (callable_->return_type.kind == TypeKind::Int)
          line("sr_set(r_result, " + value.text + ");");
        else
          line("*r_result = " + value.text + ";");
        return;
      }
    }
  }

  // §4: the receiver (non-nil) and the arguments, the call, the body; then, as a transition of its
  // own, the location h and the store of the result.
  void method_call(const Statement& s) {
    const Callable& callee = program_.callables[s.callee];
    line("SR_STEP(); /* " + std::to_string(s.location.line) + ": call " + callee.display_name(program_) + " */");
    // Planted: the target's location evaluated (and its letter recorded) before the body runs.
    const bool target_first = s.target != nullptr && fault_active(Fault::ExportMethodTargetFirst);
    Location early;
    if (target_first) {
      early = evaluate_location(*s.target);
      if (s.target->kind != ExpressionKind::Variable) line("sr_branch('D');");
    }
    std::string receiver = pointer(evaluate(*s.receiver), s.receiver->type);
    line("if (!" + receiver + ") sr_fail(\"nil-dereference\");");
    std::vector<std::string> arguments{receiver};
    for (const auto& argument : s.arguments) arguments.push_back(evaluate(*argument).text);
    line("SR_CALL_DEPTH();");
    defined(s);
    std::string result = temporary(callee.return_type);
    arguments.push_back(callee.return_type.kind == TypeKind::Int ? result : "&" + result);
    line("++sr_depth;");
    line(callable_name(callee) + "(" + join(arguments) + ");");
    line("--sr_depth;");
    if (s.target == nullptr) return;
    line("SR_STEP(); /* " + std::to_string(s.location.line) + ": the method's result */");
    if (target_first) {
      line(assignment(s.target->type, early.text, result));
      return;
    }
    Location location = evaluate_location(*s.target);
    if (s.target->kind != ExpressionKind::Variable) line("sr_branch('D');");
    line(assignment(s.target->type, location.text, result));
  }

  void block(const Block& b) {
    for (const Statement& s : b.statements) statement(s);
  }

  std::string new_object(std::int32_t class_index) {
    const std::string name = program_.classes[class_index].name;
    if (fault_active(Fault::ExportNewAliasesInput))  // planted: an input object of the class, if any, reused
      return "sr_new_or_reuse_c_" + name + "()";
    return "sr_new_c_" + name + "()";
  }

  static std::string join(const std::vector<std::string>& parts) {
    std::string out;
    for (std::size_t k = 0; k < parts.size(); ++k) out += (k ? ", " : "") + parts[k];
    return out;
  }

  // ---- Declarations ----------------------------------------------------------------------------

  std::string header_comment() const {
    std::string source = program_.source ? program_.source->path() : std::string("the program");
    std::string model = options_.integers == IntegerModel::Int64 ? "64-bit integers; overflow ends the run as inconclusive"
                                                                 : "exact integers through GMP";
    return "/* " + source + " exported to C99 by symref (" + model + ").\n"
           " *\n"
           " * Build:  " + build_command() + "\n"
           " * Run:    ./program [--max-steps N] [--max-depth N] [INPUT.json]\n"
           " * It reads an input state (docs/language.md#input-and-output-states; without one every global\n"
           " * starts at its default) and prints what `symref run --json` prints on it: the outcome, the\n"
           " * final state, the step count and the branch string.\n"
           " *\n"
           " * A C-based engine (KLEE, CBMC, SymCC, ...) compiles it with -DSYMREF_SYMBOLIC_INPUT (and the\n"
           " * i64 model): the inputs are then made symbolic in sr_symbolic_input() below instead of read,\n"
           " * and -DSYMREF_REPORT_OUTCOME=f calls f(outcome) at the end of every run. */\n";
  }
  std::string build_command() const {
    return options_.integers == IntegerModel::Int64 ? "cc -std=c99 -o program program.c" : "cc -std=c99 -o program program.c -lgmp";
  }

  std::string fault_helpers() const {
    std::string out;
    if (fault_active(Fault::ExportTruncatingDivision)) {
      out += "\n/* Division rounding towards zero, as C's / and % do. */\n";
      if (options_.integers == IntegerModel::Int64)
        out += "static void sr_div_truncating(sr_int r, const sr_int a, const sr_int b) { r[0] = b[0] == 0 ? 0 : a[0] / b[0]; }\n"
               "static void sr_mod_truncating(sr_int r, const sr_int a, const sr_int b) { r[0] = b[0] == 0 ? a[0] : a[0] % b[0]; }\n";
      else
        out += "static void sr_div_truncating(sr_int r, const sr_int a, const sr_int b) {\n"
               "  if (mpz_sgn(b) == 0) mpz_set_ui(r, 0); else mpz_tdiv_q(r, a, b);\n}\n"
               "static void sr_mod_truncating(sr_int r, const sr_int a, const sr_int b) {\n"
               "  if (mpz_sgn(b) == 0) mpz_set(r, a); else mpz_tdiv_r(r, a, b);\n}\n";
    }
    return out;
  }

  std::string class_declarations() const {
    std::string out;
    for (std::size_t c = 0; c < program_.classes.size(); ++c) {
      const Class& cls = program_.classes[c];
      out += "struct c_" + cls.name + " {\n  sr_object header;\n";
      for (std::int32_t field : cls.fields) out += "  " + c_type(program_.fields[field].type) + " " + field_name(field) + ";\n";
      out += "};\n";
    }
    for (std::size_t c = 0; c < program_.classes.size(); ++c) {
      const Class& cls = program_.classes[c];
      const std::string type = "struct c_" + cls.name;
      out += "static " + type + "* sr_new_c_" + cls.name + "(void) {\n  " + type + "* o = (" + type +
             "*)sr_allocate_object(sizeof(" + type + "), " + std::to_string(c) + ");\n";
      for (std::int32_t field : cls.fields)
        if (program_.fields[field].type.kind == TypeKind::Int) out += "  sr_init(o->" + field_name(field) + ");\n";
      out += "  return o;\n}\n";
      if (fault_active(Fault::ExportNewAliasesInput)) {
        out += "static " + type + "* sr_new_or_reuse_c_" + cls.name + "(void) {\n"
               "  for (sr_object* o = sr_heap_first; o; o = o->next)\n"
               "    if (o->class_id == " + std::to_string(c) + " && o->name) return (" + type + "*)o;\n"
               "  return sr_new_c_" + cls.name + "();\n}\n";
      }
    }
    return out + (program_.classes.empty() ? "" : "\n");
  }

  std::string global_declarations() const {
    std::string out;
    for (std::size_t g = 0; g < program_.globals.size(); ++g)
      out += "static " + c_type(program_.globals[g].type) + " " + global_name(static_cast<std::int32_t>(g)) + ";\n";
    return out + "\n";
  }

  std::string signature(const Callable& callable) const {
    std::vector<std::string> parameters;
    const std::int32_t first = callable.first_parameter_slot();
    if (callable.is_method) parameters.push_back(class_type(callable.class_index) + " a_this");
    for (std::int32_t slot = first; slot < first + callable.parameter_count; ++slot) {
      const Type& type = callable.locals[slot].type;
      parameters.push_back((type.kind == TypeKind::Int ? "const sr_int" : c_type(type)) + " a_" + callable.locals[slot].name);
    }
    if (callable.is_method)
      parameters.push_back(callable.return_type.kind == TypeKind::Int ? "sr_int r_result" : c_type(callable.return_type) + "* r_result");
    return "static void " + callable_name(callable) + "(" + (parameters.empty() ? "void" : join(parameters)) + ")";
  }

  // The body of a function: temporaries declared (and, for GMP, initialised) first, cleared last.
  std::string function(const std::string& head, const std::string& prologue, const std::string& epilogue) {
    std::string out = head + " {\n";
    for (const auto& [type, name] : temporaries_) out += "  " + type + " " + name + ";\n";
    for (const auto& [type, name] : temporaries_)
      if (type == "sr_int") out += "  sr_init(" + name + ");\n";
    out += prologue + body_ + epilogue;
    for (const auto& [type, name] : temporaries_)
      if (type == "sr_int") out += "  sr_clear(" + name + ");\n";
    out += "}\n\n";
    return out;
  }
  void start_function(const Callable* callable) {
    callable_ = callable;
    body_.clear();
    temporaries_.clear();
    temporary_count_ = 0;
    indent_ = 1;
  }

  std::string callable_definition(const Callable& callable) {
    start_function(&callable);
    block(callable.body);
    // §3 return: the closure at ε is popped, a transition of its own.
    line("SR_STEP(); /* the end of " + callable.display_name(program_) + " */");
    std::string prologue, epilogue;
    const std::int32_t first = callable.first_parameter_slot();
    for (std::int32_t slot = 0; slot < static_cast<std::int32_t>(callable.locals.size()); ++slot) {
      const VariableDeclaration& local = callable.locals[slot];
      const bool parameter = (callable.is_method && slot == 0) || (slot >= first && slot < first + callable.parameter_count);
      const std::string name = local_name(slot), argument = "a_" + local.name;
      if (local.type.kind == TypeKind::Int) {
        prologue += "  sr_int " + name + ";\n  sr_init(" + name + ");\n";
        if (parameter) prologue += "  sr_set(" + name + ", " + argument + ");\n";
        epilogue += "  sr_clear(" + name + ");\n";
      } else {
        prologue += "  " + c_type(local.type) + " " + name + " = " + (parameter ? argument : "0") + ";\n";
      }
    }
    return "/* " + callable.display_name(program_) + " */\n" + function(signature(callable), prologue, epilogue);
  }

  std::string main_definition() {
    start_function(nullptr);
    block(program_.main);
    return "/* main */\n" + function("static void sr_main(void)", "", "");
  }

  // ---- Input and output ------------------------------------------------------------------------

  std::string input_reader() const {
    std::string out = "/* The input state: objects first (references may point forwards), then globals, then fields. */\n"
                      "static void sr_read_input(const sr_json* root) {\n"
                      "  const sr_json* heap = sr_json_get(root, \"heap\");\n"
                      "  const sr_json* globals = sr_json_get(root, \"globals\");\n"
                      "  const sr_json* v;\n"
                      "  (void)v;\n"
                      "  if (heap && heap->kind != SR_JSON_OBJECT) sr_fatal(\"input state: \\\"heap\\\" must be an object\", 0);\n"
                      "  for (size_t k = 0; heap && k < heap->count; ++k) {\n"
                      "    const sr_json* cls = sr_json_get(heap->items[k], \"class\");\n"
                      "    sr_object* o = 0;\n"
                      "    if (!cls || cls->kind != SR_JSON_STRING) sr_fatal(\"input state: an object without a class: \", heap->keys[k]);\n";
    for (std::size_t c = 0; c < program_.classes.size(); ++c)
      out += "    " + std::string(c ? "else " : "") + "if (!strcmp(cls->text, \"" + program_.classes[c].name +
             "\")) o = (sr_object*)sr_new_c_" + program_.classes[c].name + "();\n";
    out += "    if (!o) sr_fatal(\"input state: unknown class \", cls->text);\n"
           "    o->name = heap->keys[k];\n"
           "  }\n";
    for (std::size_t g = 0; g < program_.globals.size(); ++g) {
      const auto& global = program_.globals[g];
      const std::string name = global_name(static_cast<std::int32_t>(g));
      out += "  if ((v = sr_json_get(globals, \"" + global.name + "\"))) " + read_value(global.type, name, "v") + "\n";
    }
    out += "  sr_object* o = sr_heap_first;\n"
           "  for (size_t k = 0; heap && k < heap->count; ++k, o = o->next) {\n"
           "    const sr_json* object = heap->items[k];\n"
           "    (void)object;\n";
    for (std::size_t c = 0; c < program_.classes.size(); ++c) {
      const Class& cls = program_.classes[c];
      out += "    if (o->class_id == " + std::to_string(c) + ") {\n"
             "      struct c_" + cls.name + "* x = (struct c_" + cls.name + "*)o;\n"
             "      (void)x;\n";
      for (std::int32_t field : cls.fields)
        out += "      if ((v = sr_json_get(object, \"" + program_.fields[field].name + "\"))) " +
               read_value(program_.fields[field].type, "x->" + field_name(field), "v") + "\n";
      out += "    }\n";
    }
    out += "  }\n}\n\n";
    return out;
  }
  std::string read_value(const Type& type, const std::string& destination, const std::string& json) const {
    switch (type.kind) {
      case TypeKind::Int: return "sr_json_int(" + json + ", " + destination + ");";
      case TypeKind::Bool: return destination + " = sr_json_bool(" + json + ");";
      case TypeKind::IntArray: return "sr_json_array(" + json + ", &" + destination + ");";
      default:
        return destination + " = (" + c_type(type) + ")sr_json_object(" + json + ", " + std::to_string(type.class_index) + ");";
    }
  }

  // Where a C engine makes the inputs symbolic (compiled with -DSYMREF_SYMBOLIC_INPUT).
  std::string symbolic_input() const {
    std::string out =
        "#ifdef SYMREF_SYMBOLIC_INPUT\n"
        "#ifndef SYMREF_INT_I64\n"
        "#error \"symbolic inputs need 64-bit integers: export with `symref export --to c --int i64`\"\n"
        "#endif\n"
        "/* The engine's primitives; KLEE's by default.  CBMC: -DSYMREF_MAKE_SYMBOLIC(p,n,s)=... with\n"
        " * nondet values, and -DSYMREF_ASSUME=__CPROVER_assume. */\n"
        "#ifndef SYMREF_MAKE_SYMBOLIC\n"
        "void klee_make_symbolic(void* address, size_t bytes, const char* name);\n"
        "void klee_assume(uintptr_t condition);\n"
        "#define SYMREF_MAKE_SYMBOLIC(address, bytes, name) klee_make_symbolic(address, bytes, name)\n"
        "#define SYMREF_ASSUME(condition) klee_assume((uintptr_t)(condition))\n"
        "#endif\n"
        "#ifndef SYMREF_ARRAY_CAPACITY\n"
        "#define SYMREF_ARRAY_CAPACITY 4 /* the largest length of a symbolic int[] */\n"
        "#endif\n"
        "/* Every int and bool global symbolic; an int[] global gets a symbolic length of at most\n"
        " * SYMREF_ARRAY_CAPACITY and symbolic elements; references start nil (no symbolic heap). */\n"
        "static void sr_symbolic_input(void) {\n";
    for (std::size_t g = 0; g < program_.globals.size(); ++g) {
      const auto& global = program_.globals[g];
      const std::string name = global_name(static_cast<std::int32_t>(g));
      switch (global.type.kind) {
        case TypeKind::Int: out += "  SYMREF_MAKE_SYMBOLIC(" + name + ", sizeof " + name + ", \"" + global.name + "\");\n"; break;
        case TypeKind::Bool:
          out += "  SYMREF_MAKE_SYMBOLIC(&" + name + ", sizeof " + name + ", \"" + global.name + "\");\n"
                 "  SYMREF_ASSUME(" + name + " == 0 || " + name + " == 1);\n";
          break;
        case TypeKind::IntArray:
          out += "  {\n    long long length;\n"
                 "    SYMREF_MAKE_SYMBOLIC(&length, sizeof length, \"len(" + global.name + ")\");\n"
                 "    SYMREF_ASSUME(length >= 0 && length <= SYMREF_ARRAY_CAPACITY);\n"
                 "    sr_array_resize(&" + name + ", SYMREF_ARRAY_CAPACITY);\n"
                 "    for (int k = 0; k < SYMREF_ARRAY_CAPACITY; ++k)\n"
                 "      SYMREF_MAKE_SYMBOLIC(" + name + ".elements[k], sizeof(sr_int), \"" + global.name + "[k]\");\n"
                 "    " + name + ".length = length;\n  }\n";
          break;
        default: break;
      }
    }
    out += "}\n#endif\n\n";
    return out;
  }

  std::string result_writer() const {
    std::string out = "/* The end of the run as `symref run --json` prints it. */\n"
                      "static void sr_write_object(const sr_object* o) {\n"
                      "  sr_out_open('{');\n";
    for (std::size_t c = 0; c < program_.classes.size(); ++c) {
      const Class& cls = program_.classes[c];
      out += "  if (o->class_id == " + std::to_string(c) + ") {\n"
             "    const struct c_" + cls.name + "* x = (const struct c_" + cls.name + "*)o;\n"
             "    (void)x;\n"
             "    sr_out_key(\"class\");\n    sr_out_string(\"" + cls.name + "\");\n";
      for (std::int32_t field : cls.fields)
        out += "    sr_out_key(\"" + program_.fields[field].name + "\");\n    " +
               write_value(program_.fields[field].type, "x->" + field_name(field)) + "\n";
      out += "  }\n";
    }
    out += "  sr_out_close('}');\n}\n\n"
           "static void sr_write_result(void) {\n"
           "  sr_name_new_objects();\n"
           "  sr_out_open('{');\n"
           "  sr_out_key(\"version\");\n  fputs(\"1\", stdout);\n"
           "  sr_out_key(\"outcome\");\n  sr_out_string(sr_outcome);\n"
           "  if (sr_reason) {\n    sr_out_key(\"reason\");\n    sr_out_string(sr_reason);\n  }\n"
           "  sr_out_key(\"state\");\n  sr_out_open('{');\n"
           "  sr_out_key(\"globals\");\n  sr_out_open('{');\n";
    for (std::size_t g = 0; g < program_.globals.size(); ++g)
      out += "  sr_out_key(\"" + program_.globals[g].name + "\");\n  " +
             write_value(program_.globals[g].type, global_name(static_cast<std::int32_t>(g))) + "\n";
    out += "  sr_out_close('}');\n"
           "  sr_out_key(\"heap\");\n  sr_out_open('{');\n"
           "  for (const sr_object* o = sr_heap_first; o; o = o->next) {\n"
           "    sr_out_key(o->name);\n    sr_write_object(o);\n  }\n"
           "  sr_out_close('}');\n"
           "  sr_out_close('}');\n"
           "  sr_out_key(\"steps\");\n  printf(\"%llu\", sr_steps);\n"
           "  sr_out_key(\"branches\");\n  sr_out_string(sr_branches ? sr_branches : \"\");\n"
           "  if (sr_letters > SR_KEPT_LETTERS) {\n"
           "    sr_out_key(\"branches_truncated\");\n    fputs(\"true\", stdout);\n"
           "    sr_out_key(\"branch_count\");\n    printf(\"%llu\", sr_letters);\n  }\n"
           "  sr_out_close('}');\n  putchar('\\n');\n}\n\n";
    return out;
  }
  std::string write_value(const Type& type, const std::string& source) const {
    switch (type.kind) {
      case TypeKind::Int: return "sr_out_int(" + source + ");";
      case TypeKind::Bool: return "sr_out_bool(" + source + ");";
      case TypeKind::IntArray: return "sr_out_array(&" + source + ");";
      default: return "sr_out_reference(" + source + ");";
    }
  }

  std::string entry_point() const {
    std::string out = "int main(int argc, char** argv) {\n"
                      "  const char* input = 0;\n"
                      "  for (int k = 1; k < argc; ++k) {\n"
                      "    if (!strcmp(argv[k], \"--max-steps\") && k + 1 < argc) sr_max_steps = strtoull(argv[++k], 0, 10);\n"
                      "    else if (!strcmp(argv[k], \"--max-depth\") && k + 1 < argc) sr_max_depth = strtoul(argv[++k], 0, 10);\n"
                      "    else if (argv[k][0] == '-') sr_fatal(\"usage: program [--max-steps N] [--max-depth N] [INPUT.json]\", 0);\n"
                      "    else input = argv[k];\n"
                      "  }\n";
    for (std::size_t g = 0; g < program_.globals.size(); ++g)
      if (program_.globals[g].type.kind == TypeKind::Int)
        out += "  sr_init(" + global_name(static_cast<std::int32_t>(g)) + ");\n";
    out += "  if (setjmp(sr_finish) == 0) {\n"
           "#ifdef SYMREF_SYMBOLIC_INPUT\n"
           "    (void)input;\n"
           "    sr_symbolic_input();\n"
           "#else\n"
           "    if (input) sr_read_input(sr_json_read_file(input));\n"
           "#endif\n"
           "    sr_main();\n"
           "#ifdef SYMREF_REPORT_OUTCOME\n"
           "    SYMREF_REPORT_OUTCOME(\"normal\");\n"
           "#endif\n"
           "  }\n"
           "  sr_write_result();\n"
           "  return 0;\n"
           "}\n";
    return out;
  }

  const Program& program_;
  const ExportOptions& options_;
  const Callable* callable_ = nullptr;
  std::string body_;
  std::vector<std::pair<std::string, std::string>> temporaries_;
  int temporary_count_ = 0;
  int indent_ = 1;
};

}  // namespace

ExportResult export_c(const Program& program, const ExportOptions& options) {
  ExportResult result;
  result.files.push_back({"program.c", CProgramWriter(program, options).write()});
  result.build_hint = options.integers == IntegerModel::Int64 ? "cc -std=c99 -o program program.c"
                                                              : "cc -std=c99 -o program program.c -lgmp";
  return result;
}

}  // namespace symref::interop

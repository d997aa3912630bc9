// Generating programs, inputs, probes and updates from one RandomSource.
//
// Generating programs, inputs, probes and updates.  Every choice goes through one RandomSource, so
// a seed fixes the whole test case.
//
// Reproducible by seed on every compiler: C++ leaves the order in which a call's arguments (and
// most operands) are evaluated unspecified, so no call here has two arguments that draw.  Each
// drawing argument is first a named local, drawn right to left — the order GCC on x86-64 used when
// the draws sat inside the call, so that a seed keeps naming the same test case (checked
// on 3,600 cases, and by the golden files in tests/props/gen_golden/).
#include "props/generator.hpp"

#include <algorithm>
#include <optional>

#include "props/engine_shapes.hpp"

namespace symref::props {

namespace {

using Kind = ShapeType::Kind;

// Integers as inputs and literals: mostly small, sometimes negative (Euclidean / and %), now and
// then at the 64-bit boundary or beyond it (docs/language.md: integers are unbounded).
Integer random_integer(RandomSource& random) {
  switch (random.weighted({60, 20, 10, 4, 6})) {
    case 0: return Integer(random.between(-3, 5));
    case 1: return Integer(random.between(-20, 20));
    case 2: return Integer(random.between(-1000, 1000));
    case 3: {
      const std::int64_t edge = random.chance(1, 2) ? INT64_MAX : INT64_MIN;
      return Integer(edge) + Integer(random.between(-1, 1));
    }
    default: {
      Integer big = *Integer::from_decimal(random.chance(1, 2) ? "18446744073709551616" : "1180591620717411303424");
      big = big + Integer(random.between(-5, 5));
      return random.chance(1, 3) ? -big : big;
    }
  }
}

// The variables a piece of code may use.
struct Scope {
  const CallableShape* callable = nullptr;  // null: main (globals only)
  std::vector<VariableShape> variables;  // globals, parameters and locals: each readable and assignable
  bool has_fuel = false;  // the callable's first parameter u1: int bounds its recursion
};

class Generator {
 public:
  Generator(RandomSource& random, int level, int size) : random_(random), level_(level), size_(size) {}

  ProgramShape program() {
    program_.level = level_;
    if (level_ >= 3) declare_classes();
    declare_globals();
    if (level_ >= 2) declare_procedures();
    if (level_ >= 3) declare_methods();
    for (std::size_t p = 0; p < program_.procedures.size(); ++p) fill_callable(program_.procedures[p]);
    for (auto& cls : program_.classes)
      for (auto& method : cls.methods) fill_callable(method);
    Scope scope = main_scope();
    scope_ = &scope;
    remaining_ = 2 + size_ / 6;
    while (remaining_ > 0) statement(program_.main, 0);
    scope_ = nullptr;
    return std::move(program_);
  }

  // Probes and updates use the main scope of a finished program.
  void adopt(const ProgramShape& program) { program_ = program; }

  ExpressionShape probe() {
    Scope scope = main_scope();
    scope_ = &scope;
    std::vector<ShapeType> types{ShapeType::integer(), ShapeType::boolean(), ShapeType::boolean()};
    for (std::size_t c = 0; c < program_.classes.size(); ++c)
      if (!sources(static_cast<std::int32_t>(c)).empty()) types.push_back(ShapeType::object(static_cast<std::int32_t>(c)));
    ShapeType type = random_.pick(types);
    ExpressionShape e = type.is_object() ? object_expression(type.class_index, 2, true) : expression(type, 2);
    scope_ = nullptr;
    return e;
  }

  StatementShape update() {
    Scope scope = main_scope();
    scope_ = &scope;
    std::vector<StatementShape> out;
    const bool objects = !program_.classes.empty();
    switch (random_.weighted({3, arrays().empty() ? 0u : 3u, objects ? 4u : 0u, objects ? 3u : 0u})) {
      case 0: assign_variable(out, 1); break;
      case 1: assign_element(out, 1); break;
      case 2: assign_field(out, 1); break;
      default: create_object(out, 1); break;
    }
    scope_ = nullptr;
    if (out.empty()) out.push_back(StatementShape{});
    return out.front();
  }

 private:
  // ---- declarations -------------------------------------------------------------------------

  void declare_classes() {
    const int count = random_.chance(1, 2) ? 1 : 2;
    const char* names[] = {"Node", "Cell"};
    for (int c = 0; c < count; ++c) program_.classes.push_back(ClassShape{names[c], {}, {}});
    // Node: val, next, flag, link; Cell: key, owner, mark, peer — some of them, typed at random.
    const char* field_names[2][4] = {{"val", "next", "flag", "link"}, {"key", "owner", "mark", "peer"}};
    for (int c = 0; c < count; ++c) {
      auto& fields = program_.classes[c].fields;
      fields.push_back({field_names[c][0], ShapeType::integer()});
      if (random_.chance(4, 5))
        fields.push_back({field_names[c][1], ShapeType::object(random_.chance(3, 4) ? c : static_cast<std::int32_t>(random_.below(count)))});
      if (random_.chance(1, 2)) fields.push_back({field_names[c][2], ShapeType::boolean()});
      if (random_.chance(2, 5)) fields.push_back({field_names[c][3], ShapeType::object(static_cast<std::int32_t>(random_.below(count)))});
    }
  }

  void declare_globals() {
    const char* ints[] = {"x", "y", "z", "w"};
    const char* bools[] = {"b", "c"};
    const char* array_names[] = {"a", "d"};
    const int int_count = static_cast<int>(random_.between(1, 4));
    for (int k = 0; k < int_count; ++k) program_.globals.push_back({ints[k], ShapeType::integer()});
    const int bool_count = static_cast<int>(random_.between(level_ == 1 ? 1 : 0, 2));
    for (int k = 0; k < bool_count; ++k) program_.globals.push_back({bools[k], ShapeType::boolean()});
    const int array_count = static_cast<int>(random_.between(level_ == 1 ? 1 : 0, 2));
    for (int k = 0; k < array_count; ++k) program_.globals.push_back({array_names[k], ShapeType::int_array()});
    const char* references[2][3] = {{"p", "q", "r"}, {"s", "t", "e"}};
    for (std::size_t c = 0; c < program_.classes.size(); ++c) {
      const int count = static_cast<int>(random_.between(c == 0 ? 2 : 1, 3));
      for (int k = 0; k < count; ++k)
        program_.globals.push_back({references[c][k], ShapeType::object(static_cast<std::int32_t>(c))});
    }
  }

  ShapeType random_value_type() {
    std::vector<unsigned> weights{4, 2, static_cast<unsigned>(program_.classes.size() > 0 ? 3 : 0),
                                  static_cast<unsigned>(program_.classes.size() > 1 ? 2 : 0)};
    switch (random_.weighted(weights)) {
      case 0: return ShapeType::integer();
      case 1: return ShapeType::boolean();
      case 2: return ShapeType::object(0);
      default: return ShapeType::object(1);
    }
  }

  void declare_signature(CallableShape& c, bool fuel) {
    if (fuel) c.parameters.push_back({"u1", ShapeType::integer()});
    const int extra = static_cast<int>(random_.weighted({3, 3, 2}));
    for (int k = 0; k < extra; ++k)
      c.parameters.push_back({"u" + std::to_string(c.parameters.size() + 1), random_value_type()});
  }

  void declare_procedures() {
    const int count = 1 + static_cast<int>(random_.below(1 + std::min(2, size_ / 30)));
    for (int k = 0; k < count; ++k) {
      CallableShape procedure;
      procedure.name = "P" + std::to_string(k + 1);
      declare_signature(procedure, random_.chance(9, 10));
      program_.procedures.push_back(std::move(procedure));
    }
  }

  void declare_methods() {
    for (std::size_t c = 0; c < program_.classes.size(); ++c) {
      const int count = static_cast<int>(random_.weighted({1, 3, 2}));
      for (int k = 0; k < count; ++k) {
        CallableShape method;
        method.name = "m" + std::to_string(k + 1);
        method.is_method = true;
        method.class_index = static_cast<std::int32_t>(c);
        declare_signature(method, random_.chance(3, 5));
        method.return_type = random_value_type();
        program_.classes[c].methods.push_back(std::move(method));
      }
    }
  }

  Scope main_scope() const {
    Scope scope;
    for (const auto& global : program_.globals) {
      scope.variables.push_back(global);
    }
    return scope;
  }

  void fill_callable(CallableShape& c) {
    Scope scope = main_scope();
    scope.callable = &c;
    scope.has_fuel = has_fuel_parameter(c);
    for (const auto& parameter : c.parameters) {
      scope.variables.push_back(parameter);
    }
    scope_ = &scope;
    const int local_count = static_cast<int>(random_.weighted({3, 3, 2}));
    for (int k = 0; k < local_count; ++k) {
      LocalShape local;
      local.name = "v" + std::to_string(k + 1);
      local.type = random_value_type();
      local.initial = local.type.is_object() ? object_expression(local.type.class_index, 1, true) : expression(local.type, 1);
      scope.variables.push_back({local.name, local.type});
      c.locals.push_back(std::move(local));
    }
    remaining_ = 1 + static_cast<int>(random_.below(2 + size_ / 12));
    while (remaining_ > 0) statement(c.body, 0);
    if (c.is_method) {
      // The result often reads `this` after the body ran: what `this` denotes must not have moved.
      const ShapeType& type = c.return_type;
      std::optional<ExpressionShape> result;
      if (random_.chance(1, 2)) {
        for (const auto& field : program_.classes[c.class_index].fields)
          if (field.type == type && random_.chance(2, 3)) result = field_read(this_expression(c.class_index), field.name, type);
        if (!result && type == ShapeType::object(c.class_index)) result = this_expression(c.class_index);
      }
      if (!result) result = type.is_object() ? object_expression(type.class_index, 1, true) : expression(type, 2);
      c.result.push_back(std::move(*result));
    }
    scope_ = nullptr;
  }

  // ---- scope queries ------------------------------------------------------------------------

  std::vector<VariableShape> variables_of(const ShapeType& type) const {
    std::vector<VariableShape> out;
    for (const auto& v : scope_->variables)
      if (v.type == type) out.push_back(v);
    return out;
  }
  std::vector<std::string> arrays() const {
    std::vector<std::string> out;
    for (const auto& global : program_.globals)
      if (global.type.kind == Kind::IntArray) out.push_back(global.name);
    return out;
  }
  // Expressions that denote an object of class `c` directly: variables and `this`.
  std::vector<ExpressionShape> sources(std::int32_t c) const {
    std::vector<ExpressionShape> out;
    for (const auto& v : variables_of(ShapeType::object(c))) out.push_back(variable(v.name, v.type));
    if (scope_->callable != nullptr && scope_->callable->is_method && scope_->callable->class_index == c)
      out.push_back(this_expression(c));
    return out;
  }
  // Fields of type `type`, as (owner class, field) pairs whose owner has sources in scope.
  std::vector<std::pair<std::int32_t, VariableShape>> fields_of(const ShapeType& type) const {
    std::vector<std::pair<std::int32_t, VariableShape>> out;
    for (std::size_t c = 0; c < program_.classes.size(); ++c) {
      if (sources(static_cast<std::int32_t>(c)).empty()) continue;
      for (const auto& field : program_.classes[c].fields)
        if (field.type == type) out.emplace_back(static_cast<std::int32_t>(c), field);
    }
    return out;
  }

  // ---- expressions --------------------------------------------------------------------------

  ExpressionShape expression(const ShapeType& type, int depth) {
    switch (type.kind) {
      case Kind::Int: return int_expression(depth);
      case Kind::Bool: return bool_expression(depth);
      case Kind::Object: return object_expression(type.class_index, depth, true);
      case Kind::IntArray: break;
    }
    return int_expression(depth);
  }

  ExpressionShape small_literal() {
    return integer_literal(random_.chance(4, 5) ? Integer(random_.between(-2, 4)) : random_integer(random_));
  }

  ExpressionShape int_expression(int depth) {
    const auto ints = variables_of(ShapeType::integer());
    const auto array_names = arrays();
    const auto int_fields = fields_of(ShapeType::integer());
    const bool deep = depth > 0;
    std::vector<unsigned> weights{
        3,                                              // literal
        ints.empty() ? 0u : 5u,                         // variable
        array_names.empty() ? 0u : 1u,                  // len(a)
        deep && !array_names.empty() ? 2u : 0u,         // a[i]
        deep && !int_fields.empty() ? 3u : 0u,          // o.f
        deep ? 1u : 0u,                                 // -e
        deep ? 4u : 0u,                                 // e + e, e - e
        deep ? 1u : 0u,                                 // e * e
        deep ? 2u : 0u,                                 // e / e, e % e
        deep ? 1u : 0u,                                 // c ? e : e
    };
    switch (random_.weighted(weights)) {
      case 0: return small_literal();
      case 1: {
        const auto& v = random_.pick(ints);
        return variable(v.name, v.type);
      }
      case 2: return length_of(random_.pick(array_names));
      case 3: {
        ExpressionShape index = index_expression(depth - 1);
        return array_read(random_.pick(array_names), std::move(index));
      }
      case 4: {
        const auto& [owner, field] = random_.pick(int_fields);
        return field_read(object_expression(owner, depth - 1, false), field.name, field.type);
      }
      case 5: return unary(UnaryOperator::Negate, int_expression(depth - 1));
      case 6: {
        ExpressionShape right = int_expression(depth - 1);
        ExpressionShape left = int_expression(depth - 1);
        const BinaryOperator op = random_.chance(1, 2) ? BinaryOperator::Add : BinaryOperator::Subtract;
        return binary(op, std::move(left), std::move(right));
      }
      case 7: {
        ExpressionShape right = int_expression(depth - 1);
        ExpressionShape left = int_expression(depth - 1);
        return binary(BinaryOperator::Multiply, std::move(left), std::move(right));
      }
      case 8: {
        // Divisors of both signs, and now and then zero (a / 0 == 0, a % 0 == a).
        ExpressionShape divisor = random_.chance(3, 5) ? integer_literal(Integer(random_.pick(std::vector<std::int64_t>{-3, -2, 2, 3, 0})))
                                                      : int_expression(depth - 1);
        ExpressionShape dividend = int_expression(depth - 1);
        // Beside a constant divisor the dividend is shifted down, so that it is often negative:
        // there Euclidean division differs from C's truncating one (-7 / 2 == -4, -7 % 2 == 1).
        // Deterministic, so that the random stream, and every other program of a seed, stays as it was.
        if (divisor.kind == ExpressionShapeKind::IntegerLiteral)
          dividend = binary(BinaryOperator::Subtract, std::move(dividend), integer_literal(Integer(5)));
        const BinaryOperator op = random_.chance(1, 2) ? BinaryOperator::Divide : BinaryOperator::Remainder;
        return binary(op, std::move(dividend), std::move(divisor));
      }
      default: {
        ExpressionShape when_false = int_expression(depth - 1);
        ExpressionShape when_true = int_expression(depth - 1);
        ExpressionShape condition = bool_expression(depth - 1);
        return conditional(std::move(condition), std::move(when_true), std::move(when_false));
      }
    }
  }

  // Indices near the bounds of small arrays: in range most of the time, -1 or len(a) sometimes.
  ExpressionShape index_expression(int depth) {
    if (random_.chance(1, 2)) return integer_literal(Integer(random_.between(-1, 4)));
    return int_expression(std::max(depth, 0));
  }

  ExpressionShape comparison(int depth) {
    static const std::vector<BinaryOperator> operators{BinaryOperator::Less, BinaryOperator::LessEqual,
                                                       BinaryOperator::Greater, BinaryOperator::GreaterEqual,
                                                       BinaryOperator::Equal, BinaryOperator::NotEqual};
    ExpressionShape right = int_expression(depth);
    ExpressionShape left = int_expression(depth);
    return binary(random_.pick(operators), std::move(left), std::move(right));
  }

  std::vector<std::int32_t> classes_with_sources() const {
    std::vector<std::int32_t> out;
    for (std::size_t c = 0; c < program_.classes.size(); ++c)
      if (!sources(static_cast<std::int32_t>(c)).empty()) out.push_back(static_cast<std::int32_t>(c));
    return out;
  }

  ExpressionShape bool_expression(int depth) {
    const auto bools = variables_of(ShapeType::boolean());
    const auto classes = classes_with_sources();
    const auto bool_fields = fields_of(ShapeType::boolean());
    const bool deep = depth > 0;
    std::vector<unsigned> weights{
        1,                                                                   // literal
        bools.empty() ? 0u : 3u,                                             // variable
        deep ? 5u : 0u,                                                      // comparison of ints
        deep && !classes.empty() ? 3u : 0u,                                  // p == q, p != nil
        deep ? 1u : 0u,                                                      // !e
        deep ? 4u : 0u,                                                      // && || ==>
        deep && (!classes.empty() || !arrays().empty()) ? 3u : 0u,           // guarded read
        deep && !bool_fields.empty() ? 2u : 0u,                              // o.flag
        deep ? 1u : 0u,                                                      // c ? a : b
        deep ? 1u : 0u,                                                      // a == b on bools
    };
    switch (random_.weighted(weights)) {
      case 0: return boolean_literal(random_.chance(1, 2));
      case 1: {
        const auto& v = random_.pick(bools);
        return variable(v.name, v.type);
      }
      case 2: return comparison(depth - 1);
      case 3: {
        const std::int32_t c = random_.pick(classes);
        ExpressionShape left = object_expression(c, depth - 1, false);
        ExpressionShape right = random_.chance(2, 5) ? nil_literal(ShapeType::object(c)) : object_expression(c, depth - 1, true);
        return binary(random_.chance(1, 2) ? BinaryOperator::Equal : BinaryOperator::NotEqual, std::move(left), std::move(right));
      }
      case 4: return unary(UnaryOperator::Not, bool_expression(depth - 1));
      case 5: {
        static const std::vector<BinaryOperator> connectives{BinaryOperator::And, BinaryOperator::And,
                                                             BinaryOperator::Or, BinaryOperator::Implies};
        ExpressionShape right = bool_expression(depth - 1);
        ExpressionShape left = bool_expression(depth - 1);
        return binary(random_.pick(connectives), std::move(left), std::move(right));
      }
      case 6: return guarded_read(depth);
      case 7: {
        const auto& [owner, field] = random_.pick(bool_fields);
        return field_read(object_expression(owner, depth - 1, false), field.name, field.type);
      }
      case 8: {
        ExpressionShape when_false = bool_expression(depth - 1);
        ExpressionShape when_true = bool_expression(depth - 1);
        ExpressionShape condition = bool_expression(depth - 1);
        return conditional(std::move(condition), std::move(when_true), std::move(when_false));
      }
      default: {
        ExpressionShape right = bool_expression(depth - 1);
        ExpressionShape left = bool_expression(depth - 1);
        return binary(BinaryOperator::Equal, std::move(left), std::move(right));
      }
    }
  }

  // `p != nil && p.val > k`, `p == nil || p.next == q`, `0 <= i && i < len(a) && a[i] == k`: the
  // lazy operators guarding what would be undefined (docs/language.md#definedness).
  ExpressionShape guarded_read(int depth) {
    const auto classes = classes_with_sources();
    const auto array_names = arrays();
    if (!classes.empty() && (array_names.empty() || random_.chance(1, 2))) {
      const std::int32_t c = random_.pick(classes);
      ExpressionShape object = object_expression(c, depth - 1, false);
      const auto& fields = program_.classes[c].fields;
      const VariableShape& field = random_.pick(fields);
      ExpressionShape read = field_read(object, field.name, field.type);
      ExpressionShape test = field.type == ShapeType::integer()   ? binary(BinaryOperator::Greater, read, small_literal())
                             : field.type == ShapeType::boolean() ? read
                                                                  : binary(BinaryOperator::Equal, read, object_expression(field.type.class_index, 0, true));
      if (random_.chance(1, 2))
        return binary(BinaryOperator::And, binary(BinaryOperator::NotEqual, object, nil_literal(ShapeType::object(c))), test);
      return binary(BinaryOperator::Or, binary(BinaryOperator::Equal, object, nil_literal(ShapeType::object(c))), test);
    }
    const std::string& array = random_.pick(array_names);
    ExpressionShape index = int_expression(0);
    ExpressionShape in_range = binary(BinaryOperator::And, binary(BinaryOperator::LessEqual, integer_literal(Integer(0)), index),
                                      binary(BinaryOperator::Less, index, length_of(array)));
    ExpressionShape element_test = binary(BinaryOperator::Equal, array_read(array, index), small_literal());
    const BinaryOperator op = random_.chance(4, 5) ? BinaryOperator::And : BinaryOperator::Implies;
    return binary(op, std::move(in_range), std::move(element_test));
  }

  // An expression of class `c`; `allow_nil` admits nil itself (not where it is dereferenced).
  ExpressionShape object_expression(std::int32_t c, int depth, bool allow_nil) {
    const auto direct = sources(c);
    const auto chains = depth > 0 ? fields_of(ShapeType::object(c)) : std::vector<std::pair<std::int32_t, VariableShape>>{};
    std::vector<unsigned> weights{direct.empty() ? 0u : 6u, allow_nil ? 1u : 0u, chains.empty() ? 0u : 3u,
                                  depth > 0 && !direct.empty() ? 1u : 0u};
    if (weights[0] + weights[1] + weights[2] + weights[3] == 0) {
      if (!chains.empty()) weights[2] = 1;
      else return nil_literal(ShapeType::object(c));  // no object of c in scope: nil is all there is
    }
    switch (random_.weighted(weights)) {
      case 0: return random_.pick(direct);
      case 1: return nil_literal(ShapeType::object(c));
      case 2: {
        const auto& [owner, field] = random_.pick(chains);
        return field_read(object_expression(owner, depth - 1, false), field.name, field.type);
      }
      default: {
        ExpressionShape when_false = object_expression(c, depth - 1, true);
        ExpressionShape when_true = random_.pick(direct);
        ExpressionShape condition = bool_expression(depth - 1);
        return conditional(std::move(condition), std::move(when_true), std::move(when_false));
      }
    }
  }

  // ---- statements ---------------------------------------------------------------------------

  int expression_depth() const { return 1 + std::min(2, size_ / 35); }

  void statement(std::vector<StatementShape>& out, int nesting) {
    --remaining_;
    const bool objects = !program_.classes.empty();
    const bool methods = std::any_of(program_.classes.begin(), program_.classes.end(), [&](const ClassShape& cls) {
      return !cls.methods.empty();
    });
    std::vector<unsigned> weights{
        5,                                     // x := e
        arrays().empty() ? 0u : 3u,            // a[i] := e
        objects ? 3u : 0u,                     // o.f := e
        objects ? 2u : 0u,                     // h := new C
        nesting < 3 ? 3u : 0u,                 // if
        nesting < 2 ? 2u : 0u,                 // while
        2,                                     // assert
        1,                                     // assume
        program_.procedures.empty() ? 0u : 3u, // P(..)
        methods ? 3u : 0u,                     // [h :=] e.m(..)
        1,                                     // skip
    };
    const int depth = expression_depth();
    switch (random_.weighted(weights)) {
      case 0: assign_variable(out, depth); break;
      case 1: assign_element(out, depth); break;
      case 2: assign_field(out, depth); break;
      case 3: create_object(out, depth); break;
      case 4: choice(out, nesting); break;
      case 5: iteration(out, nesting); break;
      case 6: out.push_back(test(StatementShapeKind::Assert, bool_expression(depth))); break;
      case 7: out.push_back(test(StatementShapeKind::Assume, bool_expression(depth))); break;
      case 8: procedure_call(out); break;
      case 9: method_call(out); break;
      default: out.push_back(StatementShape{}); break;
    }
  }

  static StatementShape test(StatementShapeKind kind, ExpressionShape condition) {
    StatementShape s;
    s.kind = kind;
    s.value.push_back(std::move(condition));
    return s;
  }

  static StatementShape assignment(ExpressionShape target, ExpressionShape value) {
    StatementShape s;
    s.kind = StatementShapeKind::Assign;
    s.target.push_back(std::move(target));
    s.value.push_back(std::move(value));
    return s;
  }

  std::vector<StatementShape> block(int nesting) {
    std::vector<StatementShape> body;
    const int count = static_cast<int>(random_.between(1, std::max(1, std::min(3, remaining_))));
    for (int k = 0; k < count; ++k) statement(body, nesting + 1);
    return body;
  }

  void assign_variable(std::vector<StatementShape>& out, int depth) {
    std::vector<VariableShape> targets;
    for (const auto& v : scope_->variables)
      if (v.type.kind != Kind::IntArray || arrays().size() > 1) targets.push_back(v);
    // In a method, the globals of the receiver's class first: the body moves what `this` was.
    if (scope_->callable != nullptr && scope_->callable->is_method && random_.chance(1, 3)) {
      auto own = variables_of(ShapeType::object(scope_->callable->class_index));
      if (!own.empty()) targets = own;
    }
    if (targets.empty()) {
      out.push_back(StatementShape{});
      return;
    }
    const VariableShape target = random_.pick(targets);
    if (target.type.kind == Kind::IntArray) {
      // a := d: arrays are values.
      std::vector<std::string> others;
      for (const auto& name : arrays())
        if (name != target.name) others.push_back(name);
      out.push_back(assignment(variable(target.name, target.type), variable(random_.pick(others), target.type)));
      return;
    }
    out.push_back(assignment(variable(target.name, target.type), expression(target.type, depth)));
  }

  void assign_element(std::vector<StatementShape>& out, int depth) {
    const std::string array = random_.pick(arrays());
    ExpressionShape value = int_expression(depth);
    ExpressionShape index = index_expression(depth - 1);
    out.push_back(assignment(array_read(array, std::move(index)), std::move(value)));
  }

  void assign_field(std::vector<StatementShape>& out, int depth) {
    const auto classes = classes_with_sources();
    if (classes.empty()) {
      out.push_back(StatementShape{});
      return;
    }
    const std::int32_t c = random_.pick(classes);
    const VariableShape& field = random_.pick(program_.classes[c].fields);
    ExpressionShape target = field_read(object_expression(c, depth - 1, false), field.name, field.type);
    out.push_back(assignment(std::move(target), expression(field.type, depth)));
  }

  void create_object(std::vector<StatementShape>& out, int depth) {
    const std::int32_t c = static_cast<std::int32_t>(random_.below(program_.classes.size()));
    StatementShape s;
    s.kind = StatementShapeKind::New;
    s.class_index = c;
    const auto variables = variables_of(ShapeType::object(c));
    const auto fields = fields_of(ShapeType::object(c));
    if (!fields.empty() && (variables.empty() || random_.chance(1, 3))) {
      const auto& [owner, field] = random_.pick(fields);
      s.target.push_back(field_read(object_expression(owner, depth - 1, false), field.name, field.type));
    } else if (!variables.empty()) {
      const auto& v = random_.pick(variables);
      s.target.push_back(variable(v.name, v.type));
    } else {
      out.push_back(StatementShape{});
      return;
    }
    out.push_back(std::move(s));
  }

  void choice(std::vector<StatementShape>& out, int nesting) {
    StatementShape s;
    s.kind = StatementShapeKind::If;
    const auto classes = classes_with_sources();
    if (!classes.empty() && random_.chance(1, 4)) {
      const std::int32_t c = random_.pick(classes);
      s.value.push_back(binary(BinaryOperator::NotEqual, object_expression(c, 1, false), nil_literal(ShapeType::object(c))));
    } else {
      s.value.push_back(bool_expression(expression_depth()));
    }
    s.body = block(nesting);
    if (random_.chance(1, 2)) {
      s.has_else = true;
      s.else_body = block(nesting);
    }
    out.push_back(std::move(s));
  }

  void iteration(std::vector<StatementShape>& out, int nesting) {
    const auto counters = variables_of(ShapeType::integer());
    std::vector<std::pair<std::int32_t, VariableShape>> walks;  // (class, cursor) with a field of the same class
    for (std::size_t c = 0; c < program_.classes.size(); ++c) {
      bool linked = false;
      for (const auto& field : program_.classes[c].fields) linked |= field.type == ShapeType::object(static_cast<std::int32_t>(c));
      if (!linked) continue;
      for (const auto& v : variables_of(ShapeType::object(static_cast<std::int32_t>(c))))
        walks.emplace_back(static_cast<std::int32_t>(c), v);
    }
    StatementShape loop;
    loop.kind = StatementShapeKind::While;
    switch (random_.weighted({counters.empty() ? 0u : 5u, counters.empty() || arrays().empty() ? 0u : 3u,
                              walks.empty() ? 0u : 3u, 1, counters.empty() ? 0u : 3u})) {
      case 0: {  // c := e; while c < n { ...; c := c + 1; }
        const auto& counter = random_.pick(counters);
        ExpressionShape c = variable(counter.name, counter.type);
        out.push_back(assignment(c, random_.chance(3, 4) ? integer_literal(Integer(random_.between(-1, 1))) : int_expression(1)));
        ExpressionShape limit = random_.chance(2, 3) ? integer_literal(Integer(random_.between(0, 3))) : int_expression(1);
        loop.value.push_back(binary(BinaryOperator::Less, c, std::move(limit)));
        loop.body = block(nesting);
        loop.body.push_back(assignment(c, binary(BinaryOperator::Add, c, integer_literal(Integer(1)))));
        break;
      }
      case 1: {  // i := 0; while i < len(a) { ... a[i] ...; i := i + 1; }
        const auto& counter = random_.pick(counters);
        const std::string array = random_.pick(arrays());
        ExpressionShape c = variable(counter.name, counter.type);
        out.push_back(assignment(c, integer_literal(Integer(0))));
        loop.value.push_back(binary(BinaryOperator::Less, c, length_of(array)));
        ExpressionShape element = random_.chance(1, 4) ? binary(BinaryOperator::Add, c, integer_literal(Integer(1))) : c;
        loop.body.push_back(assignment(array_read(array, std::move(element)),
                                       binary(BinaryOperator::Add, array_read(array, c), int_expression(1))));
        auto rest = block(nesting);
        loop.body.insert(loop.body.end(), rest.begin(), rest.end());
        loop.body.push_back(assignment(c, binary(BinaryOperator::Add, c, integer_literal(Integer(1)))));
        break;
      }
      case 2: {  // cur := p; while cur != nil { ...; cur := cur.next; }
        const auto& [c, cursor] = random_.pick(walks);
        std::vector<VariableShape> links;
        for (const auto& field : program_.classes[c].fields)
          if (field.type == ShapeType::object(c)) links.push_back(field);
        ExpressionShape cur = variable(cursor.name, cursor.type);
        out.push_back(assignment(cur, object_expression(c, 1, false)));
        loop.value.push_back(binary(BinaryOperator::NotEqual, cur, nil_literal(ShapeType::object(c))));
        loop.body = block(nesting);
        loop.body.push_back(assignment(cur, field_read(cur, random_.pick(links).name, ShapeType::object(c))));
        break;
      }
      case 3:  // while b { ... }: often runs until a bound
        loop.value.push_back(bool_expression(expression_depth()));
        loop.body = block(nesting);
        break;
      default: {  // c := e; while c < n { if b { k := k + d; } c := c + 1; }: both cycles fold into templates (Trtík §5.1)
        const auto& counter = random_.pick(counters);
        ExpressionShape c = variable(counter.name, counter.type);
        out.push_back(assignment(c, integer_literal(Integer(random_.between(-1, 1)))));
        loop.value.push_back(binary(BinaryOperator::Less, c, integer_literal(Integer(random_.between(0, 3)))));
        std::vector<VariableShape> others;
        for (const auto& v : counters)
          if (v.name != counter.name) others.push_back(v);
        if (!others.empty()) {
          const auto& tally = random_.pick(others);
          ExpressionShape k = variable(tally.name, tally.type);
          StatementShape count;
          count.kind = StatementShapeKind::If;
          count.value.push_back(bool_expression(1));
          count.body.push_back(assignment(k, binary(BinaryOperator::Add, k, integer_literal(Integer(random_.between(1, 2))))));
          loop.body.push_back(std::move(count));
        }
        loop.body.push_back(assignment(c, binary(BinaryOperator::Add, c, integer_literal(Integer(1)))));
        break;
      }
    }
    out.push_back(std::move(loop));
  }

  // Whether `c` bounds its recursion by a first parameter u1: int (its fuel).
  static bool has_fuel_parameter(const CallableShape& c) {
    return !c.parameters.empty() && c.parameters[0].name == "u1" && c.parameters[0].type == ShapeType::integer();
  }

  // Arguments for `callee`: fuel one less than the caller's inside a body, small from main.
  std::vector<ExpressionShape> arguments_for(const CallableShape& callee) {
    std::vector<ExpressionShape> arguments;
    for (std::size_t k = 0; k < callee.parameters.size(); ++k) {
      const VariableShape& parameter = callee.parameters[k];
      if (k == 0 && has_fuel_parameter(callee)) {
        if (scope_->has_fuel && random_.chance(9, 10))
          arguments.push_back(binary(BinaryOperator::Subtract, variable("u1", ShapeType::integer()), integer_literal(Integer(1))));
        else if (random_.chance(4, 5))
          arguments.push_back(integer_literal(Integer(random_.between(0, 3))));
        else
          arguments.push_back(int_expression(1));
        continue;
      }
      arguments.push_back(expression(parameter.type, 1));
    }
    return arguments;
  }

  // A call inside a body with fuel usually waits for fuel: `if u1 > 0 { call }`.  A procedure's
  // guarded call of itself then counts its returns in the first int global (`g := g + 1` after the
  // call), a return path whose recursion template succeeds (Trtík §5.2); no random draw, so the
  // rest of the program is as before.
  void guarded(std::vector<StatementShape>& out, StatementShape call) {
    if (scope_->has_fuel && random_.chance(17, 20)) {
      StatementShape guard;
      guard.kind = StatementShapeKind::If;
      guard.value.push_back(binary(BinaryOperator::Greater, variable("u1", ShapeType::integer()), integer_literal(Integer(0))));
      const bool self_call = call.kind == StatementShapeKind::ProcedureCall && scope_->callable != nullptr &&
                             call.callee == scope_->callable->name;
      guard.body.push_back(std::move(call));
      if (self_call)
        for (const auto& global : program_.globals)
          if (global.type == ShapeType::integer()) {
            ExpressionShape counter = variable(global.name, global.type);
            guard.body.push_back(assignment(counter, binary(BinaryOperator::Add, counter, integer_literal(Integer(1)))));
            break;
          }
      out.push_back(std::move(guard));
      return;
    }
    out.push_back(std::move(call));
  }

  void procedure_call(std::vector<StatementShape>& out) {
    const CallableShape& callee = random_.pick(program_.procedures);
    StatementShape call;
    call.kind = StatementShapeKind::ProcedureCall;
    call.callee = callee.name;
    call.arguments = arguments_for(callee);
    guarded(out, std::move(call));
  }

  void method_call(std::vector<StatementShape>& out) {
    std::vector<std::int32_t> candidates;
    for (std::int32_t c : classes_with_sources())
      if (!program_.classes[c].methods.empty()) candidates.push_back(c);
    if (candidates.empty()) {
      out.push_back(StatementShape{});
      return;
    }
    const std::int32_t c = random_.pick(candidates);
    const CallableShape& callee = random_.pick(program_.classes[c].methods);
    StatementShape call;
    call.kind = StatementShapeKind::MethodCall;
    call.callee = callee.name;
    call.receiver.push_back(object_expression(c, 1, false));
    call.arguments = arguments_for(callee);
    if (random_.chance(2, 3)) {
      // The target: a variable, a field or an element of the result's type, evaluated after the body.
      const ShapeType& type = callee.return_type;
      const auto variables = variables_of(type);
      const auto fields = fields_of(type);
      const bool element = type == ShapeType::integer() && !arrays().empty();
      switch (random_.weighted({variables.empty() ? 0u : 4u, fields.empty() ? 0u : 2u, element ? 1u : 0u, 1})) {
        case 0: {
          const auto& v = random_.pick(variables);
          call.target.push_back(variable(v.name, v.type));
          break;
        }
        case 1: {
          const auto& [owner, field] = random_.pick(fields);
          call.target.push_back(field_read(object_expression(owner, 0, false), field.name, field.type));
          break;
        }
        case 2: {
          ExpressionShape index = index_expression(0);
          call.target.push_back(array_read(random_.pick(arrays()), std::move(index)));
          break;
        }
        default: break;
      }
    }
    guarded(out, std::move(call));
  }

  RandomSource& random_;
  int level_;
  int size_;
  ProgramShape program_;
  Scope* scope_ = nullptr;
  int remaining_ = 0;
};

}  // namespace

ProgramShape generate_program(RandomSource& random, int level, int size) {
  return Generator(random, level, size).program();
}

InputShape generate_input(RandomSource& random, const ProgramShape& program) {
  InputShape input;
  // Objects first: a few per class, fields pointing anywhere in the heap (sharing, cycles) or nil.
  std::vector<std::vector<std::int32_t>> objects_of(program.classes.size());
  for (std::size_t c = 0; c < program.classes.size(); ++c) {
    const int count = static_cast<int>(random.weighted({1, 3, 3, 2}));
    for (int k = 0; k < count; ++k) {
      objects_of[c].push_back(static_cast<std::int32_t>(input.objects.size()));
      input.objects.push_back(ObjectInput{program.classes[c].name, {}});
    }
  }
  auto value_of = [&](const ShapeType& type, unsigned nil_chance) {
    InputValue value;
    switch (type.kind) {
      case Kind::Int: value.kind = InputValue::Kind::Int; value.integer = random_integer(random); break;
      case Kind::Bool: value.kind = InputValue::Kind::Bool; value.boolean = random.chance(1, 2); break;
      case Kind::IntArray: {
        value.kind = InputValue::Kind::Array;
        const auto length = random.weighted({1, 2, 3, 3, 2, 1});
        for (std::size_t k = 0; k < length; ++k)
          value.elements.push_back(random.chance(9, 10) ? Integer(random.between(-3, 5)) : random_integer(random));
        break;
      }
      case Kind::Object: {
        value.kind = InputValue::Kind::Reference;
        const auto& candidates = objects_of[type.class_index];
        if (!candidates.empty() && !random.chance(nil_chance, 100)) value.object = random.pick(candidates);
        break;
      }
    }
    return value;
  };
  for (std::size_t c = 0; c < program.classes.size(); ++c)
    for (std::int32_t object : objects_of[c])
      for (const auto& field : program.classes[c].fields) input.objects[object].fields.emplace_back(field.name, value_of(field.type, 35));
  for (const auto& global : program.globals) input.globals.emplace_back(global.name, value_of(global.type, 25));
  // Aliasing: now and then two globals of one class refer to one object.
  if (random.chance(2, 5)) {
    for (std::size_t g = 0; g < input.globals.size(); ++g) {
      const VariableShape* first = program.find_global(input.globals[g].first);
      if (first == nullptr || !first->type.is_object() || input.globals[g].second.object < 0) continue;
      for (std::size_t h = g + 1; h < input.globals.size(); ++h) {
        const VariableShape* second = program.find_global(input.globals[h].first);
        if (second != nullptr && second->type == first->type && random.chance(1, 2)) {
          input.globals[h].second.object = input.globals[g].second.object;
          break;
        }
      }
      break;
    }
  }
  return input;
}

TestCase generate_test_case(std::uint64_t seed, int level, int size) {
  RandomSource random(seed);
  TestCase test_case;
  test_case.program = generate_program(random, level, size);
  const int input_count = static_cast<int>(random.between(2, 4));
  for (int k = 0; k < input_count; ++k) test_case.inputs.push_back(generate_input(random, test_case.program));
  Generator probes(random, level, size);
  probes.adopt(test_case.program);
  const int probe_count = static_cast<int>(random.between(2, 5));
  for (int k = 0; k < probe_count; ++k) test_case.probes.push_back(probes.probe());
  const int update_count = static_cast<int>(random.between(1, 3));
  for (int k = 0; k < update_count; ++k) test_case.updates.push_back(probes.update());
  test_case.choice_seed = random.next();
  // The engine shapes draw from a stream of their own: a case without one is what it was before.
  RandomSource shapes(RandomSource::mix(seed ^ 0x5348415045535f31ULL));
  add_engine_shape(shapes, level, test_case);
  return test_case;
}

}  // namespace symref::props

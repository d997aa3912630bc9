// The edits that shrink a test case: listed by one traversal, applied by the same traversal.
#include "props/shrinking.hpp"

#include <functional>

namespace symref::props {

namespace {

// Replacements of an expression by smaller ones of its type: operands of the same type, then the
// simplest literal, then lower constants.  `needs_object`: the place dereferences or calls it, so
// it must not become nil-like (the checker could not give it a class).
std::vector<ExpressionShape> replacements(const ExpressionShape& e, bool needs_object) {
  std::vector<ExpressionShape> out;
  auto admissible = [&](const ExpressionShape& candidate) {
    return candidate.type == e.type && !(needs_object && is_nil_like(candidate));
  };
  for (std::size_t k = e.kind == ExpressionShapeKind::Conditional ? 1 : 0; k < e.operands.size(); ++k)
    if (admissible(e.operands[k])) out.push_back(e.operands[k]);
  switch (e.type.kind) {
    case ShapeType::Kind::Int:
      if (e.kind != ExpressionShapeKind::IntegerLiteral) {
        out.push_back(integer_literal(Integer(0)));
      } else if (e.integer != Integer(0)) {
        out.push_back(integer_literal(Integer(0)));
        if (e.integer.sign() < 0) out.push_back(integer_literal(-e.integer));
        if (!e.integer.is_small()) out.push_back(integer_literal(Integer(e.integer.sign() < 0 ? -1 : 2)));
        Integer half = euclidean_quotient(e.integer, Integer(2));
        if (half != Integer(0) && half != e.integer && e.integer.sign() > 0) out.push_back(integer_literal(half));
        if (e.integer != Integer(1) && e.integer.sign() > 0) out.push_back(integer_literal(Integer(1)));
      }
      break;
    case ShapeType::Kind::Bool:
      if (e.kind != ExpressionShapeKind::BooleanLiteral) {
        out.push_back(boolean_literal(true));
        out.push_back(boolean_literal(false));
      }
      break;
    case ShapeType::Kind::Object:
      if (!needs_object && e.kind != ExpressionShapeKind::Nil) out.push_back(nil_literal(e.type));
      break;
    case ShapeType::Kind::IntArray: break;
  }
  return out;
}

// A pre-order walk over every statement list, statement and expression of a test case, calling
// back with the position of each; a callback returns true to stop the walk (an edit was made).
class Walk {
 public:
  std::function<bool(std::size_t, std::vector<StatementShape>&)> on_list;
  std::function<bool(std::size_t, std::vector<StatementShape>&, std::size_t)> on_statement;  // list, index
  std::function<bool(std::size_t, ExpressionShape&, bool, bool)> on_expression;  // replaceable, needs_object
  std::function<bool(std::size_t, CallableShape&)> on_callable;

  void run(TestCase& test_case) {
    stopped_ = false;
    list_count_ = statement_count_ = expression_count_ = callable_count_ = 0;
    statements(test_case.program.main);
    for (auto& procedure : test_case.program.procedures) callable(procedure);
    for (auto& cls : test_case.program.classes)
      for (auto& method : cls.methods) callable(method);
    for (auto& probe : test_case.probes) expression(probe, true, false);
    for (auto& update : test_case.updates) statement_parts(update);
  }

 private:
  void callable(CallableShape& c) {
    if (stopped_) return;
    if (on_callable && on_callable(callable_count_, c)) stopped_ = true;
    ++callable_count_;
    for (auto& local : c.locals) expression(local.initial, true, false);
    statements(c.body);
    for (auto& result : c.result) expression(result, true, false);
  }

  void statements(std::vector<StatementShape>& list) {
    if (stopped_) return;
    if (on_list && on_list(list_count_, list)) stopped_ = true;
    ++list_count_;
    for (std::size_t k = 0; k < list.size() && !stopped_; ++k) {
      if (on_statement && on_statement(statement_count_, list, k)) {
        stopped_ = true;
        return;
      }
      ++statement_count_;
      statement_parts(list[k]);
    }
  }

  void statement_parts(StatementShape& s) {
    for (auto& target : s.target) expression(target, false, false);
    for (auto& value : s.value) expression(value, true, false);
    for (auto& receiver : s.receiver) expression(receiver, true, true);
    for (auto& argument : s.arguments) expression(argument, true, false);
    if (s.kind == StatementShapeKind::If || s.kind == StatementShapeKind::While) {
      statements(s.body);
      if (s.kind == StatementShapeKind::If) statements(s.else_body);
    }
  }

  void expression(ExpressionShape& e, bool replaceable, bool needs_object) {
    if (stopped_) return;
    if (on_expression && on_expression(expression_count_, e, replaceable, needs_object)) {
      stopped_ = true;
      return;
    }
    ++expression_count_;
    for (std::size_t k = 0; k < e.operands.size() && !stopped_; ++k) {
      bool operand_needs_object = false;
      if (e.kind == ExpressionShapeKind::FieldRead) operand_needs_object = true;
      if (e.kind == ExpressionShapeKind::Conditional && k > 0)
        operand_needs_object = needs_object && is_nil_like(e.operands[k == 1 ? 2 : 1]);
      expression(e.operands[k], true, operand_needs_object);
    }
  }

  bool stopped_ = false;
  std::size_t list_count_ = 0, statement_count_ = 0, expression_count_ = 0, callable_count_ = 0;
};

bool mentions(const ExpressionShape& e, const std::string& name) {
  if ((e.kind == ExpressionShapeKind::Variable) && e.name == name) return true;
  for (const auto& operand : e.operands)
    if (mentions(operand, name)) return true;
  return false;
}

bool mentions(const std::vector<StatementShape>& list, const std::string& name) {
  for (const auto& s : list) {
    for (const auto* part : {&s.target, &s.value, &s.receiver, &s.arguments})
      for (const auto& e : *part)
        if (mentions(e, name)) return true;
    if (mentions(s.body, name) || mentions(s.else_body, name)) return true;
  }
  return false;
}

bool local_used(const CallableShape& c, std::size_t local) {
  const std::string& name = c.locals[local].name;
  for (std::size_t k = 0; k < c.locals.size(); ++k)
    if (k != local && mentions(c.locals[k].initial, name)) return true;
  for (const auto& result : c.result)
    if (mentions(result, name)) return true;
  return mentions(c.body, name);
}

// The simpler variants of one input value.
std::vector<InputValue> simpler_values(const InputValue& value) {
  std::vector<InputValue> out;
  InputValue v = value;
  switch (value.kind) {
    case InputValue::Kind::Int:
      if (value.integer != Integer(0)) {
        v.integer = Integer(0);
        out.push_back(v);
        Integer half = euclidean_quotient(value.integer, Integer(2));
        if (value.integer.sign() < 0) {
          v.integer = -value.integer;
          out.push_back(v);
        } else if (half != Integer(0)) {
          v.integer = half;
          out.push_back(v);
        }
      }
      break;
    case InputValue::Kind::Bool:
      if (value.boolean) {
        v.boolean = false;
        out.push_back(v);
      }
      break;
    case InputValue::Kind::Array:
      if (!value.elements.empty()) {
        v.elements.clear();
        out.push_back(v);
        v.elements = value.elements;
        v.elements.pop_back();
        out.push_back(v);
        for (std::size_t k = 0; k < value.elements.size(); ++k)
          if (value.elements[k] != Integer(0)) {
            v.elements = value.elements;
            v.elements[k] = Integer(0);
            out.push_back(v);
          }
      }
      break;
    case InputValue::Kind::Reference:
      if (value.object >= 0) {
        v.object = -1;
        out.push_back(v);
      }
      break;
  }
  return out;
}

// The input's values in a fixed order: globals, then each object's fields.
std::vector<InputValue*> input_values(InputShape& input) {
  std::vector<InputValue*> out;
  for (auto& [name, value] : input.globals) out.push_back(&value);
  for (auto& object : input.objects)
    for (auto& [name, value] : object.fields) out.push_back(&value);
  return out;
}

}  // namespace

std::vector<ShrinkEdit> shrink_edits(const TestCase& original) {
  using Kind = ShrinkEdit::Kind;
  TestCase test_case = original;  // the walk takes mutable references; nothing is changed
  std::vector<ShrinkEdit> removals, splices, others, expressions;
  Walk walk;
  walk.on_list = [&](std::size_t site, std::vector<StatementShape>& list) {
    // Chunks of halving size: the whole list, halves, quarters, ..., single statements.
    for (std::size_t chunk = list.size(); chunk >= 1; chunk /= 2) {
      for (std::size_t first = 0; first + chunk <= list.size(); first += chunk) removals.push_back({Kind::RemoveStatements, site, first, chunk});
      if (chunk == 1) break;
    }
    return false;
  };
  walk.on_statement = [&](std::size_t site, std::vector<StatementShape>& list, std::size_t index) {
    const StatementShape& s = list[index];
    if (s.kind == StatementShapeKind::If || s.kind == StatementShapeKind::While) {
      splices.push_back({Kind::SpliceBody, site, 0, 0});
      if (s.kind == StatementShapeKind::If && s.has_else) {
        splices.push_back({Kind::SpliceBody, site, 1, 0});
        others.push_back({Kind::DropElse, site, 0, 0});
      }
    }
    return false;
  };
  walk.on_expression = [&](std::size_t site, ExpressionShape& e, bool replaceable, bool needs_object) {
    if (!replaceable) return false;
    const std::size_t count = replacements(e, needs_object).size();
    for (std::size_t k = 0; k < count; ++k) expressions.push_back({Kind::ReplaceExpression, site, k, 0});
    return false;
  };
  walk.on_callable = [&](std::size_t site, CallableShape& c) {
    for (std::size_t k = 0; k < c.locals.size(); ++k)
      if (!local_used(c, k)) others.push_back({Kind::RemoveLocal, site, k, 0});
    return false;
  };
  walk.run(test_case);

  std::vector<ShrinkEdit> edits;
  edits.insert(edits.end(), removals.begin(), removals.end());
  edits.insert(edits.end(), splices.begin(), splices.end());
  for (std::size_t k = test_case.inputs.size(); k-- > 1;) edits.push_back({Kind::RemoveInput, k, 0, 0});
  for (std::size_t k = test_case.probes.size(); k-- > 0;) edits.push_back({Kind::RemoveProbe, k, 0, 0});
  for (std::size_t k = test_case.updates.size(); k-- > 0;) edits.push_back({Kind::RemoveUpdate, k, 0, 0});
  edits.insert(edits.end(), others.begin(), others.end());
  edits.insert(edits.end(), expressions.begin(), expressions.end());
  for (std::size_t i = 0; i < test_case.inputs.size(); ++i) {
    for (std::size_t o = test_case.inputs[i].objects.size(); o-- > 0;) edits.push_back({Kind::RemoveObject, i, o, 0});
    auto values = input_values(test_case.inputs[i]);
    for (std::size_t v = 0; v < values.size(); ++v) {
      const std::size_t variants = simpler_values(*values[v]).size();
      for (std::size_t k = 0; k < variants; ++k) edits.push_back({Kind::SimplifyValue, i, v, k});
    }
  }
  return edits;
}

TestCase apply_shrink_edit(const TestCase& original, const ShrinkEdit& edit) {
  using Kind = ShrinkEdit::Kind;
  TestCase test_case = original;
  Walk walk;
  switch (edit.kind) {
    case Kind::RemoveStatements:
      walk.on_list = [&](std::size_t site, std::vector<StatementShape>& list) {
        if (site != edit.site) return false;
        list.erase(list.begin() + static_cast<std::ptrdiff_t>(edit.first),
                   list.begin() + static_cast<std::ptrdiff_t>(edit.first + edit.count));
        return true;
      };
      break;
    case Kind::SpliceBody:
      walk.on_statement = [&](std::size_t site, std::vector<StatementShape>& list, std::size_t index) {
        if (site != edit.site) return false;
        std::vector<StatementShape> body = edit.first == 0 ? list[index].body : list[index].else_body;
        list.erase(list.begin() + static_cast<std::ptrdiff_t>(index));
        list.insert(list.begin() + static_cast<std::ptrdiff_t>(index), body.begin(), body.end());
        return true;
      };
      break;
    case Kind::DropElse:
      walk.on_statement = [&](std::size_t site, std::vector<StatementShape>& list, std::size_t index) {
        if (site != edit.site) return false;
        list[index].has_else = false;
        list[index].else_body.clear();
        return true;
      };
      break;
    case Kind::RemoveInput: test_case.inputs.erase(test_case.inputs.begin() + static_cast<std::ptrdiff_t>(edit.site)); return test_case;
    case Kind::RemoveProbe: test_case.probes.erase(test_case.probes.begin() + static_cast<std::ptrdiff_t>(edit.site)); return test_case;
    case Kind::RemoveUpdate:
      test_case.updates.erase(test_case.updates.begin() + static_cast<std::ptrdiff_t>(edit.site));
      return test_case;
    case Kind::RemoveLocal:
      walk.on_callable = [&](std::size_t site, CallableShape& c) {
        if (site != edit.site) return false;
        c.locals.erase(c.locals.begin() + static_cast<std::ptrdiff_t>(edit.first));
        return true;
      };
      break;
    case Kind::ReplaceExpression:
      walk.on_expression = [&](std::size_t site, ExpressionShape& e, bool, bool needs_object) {
        if (site != edit.site) return false;
        auto options = replacements(e, needs_object);
        if (edit.first < options.size()) e = options[edit.first];
        return true;
      };
      break;
    case Kind::RemoveObject: {
      InputShape& input = test_case.inputs[edit.site];
      const auto removed = static_cast<std::int32_t>(edit.first);
      input.objects.erase(input.objects.begin() + removed);
      for (InputValue* value : input_values(input)) {
        if (value->kind != InputValue::Kind::Reference) continue;
        if (value->object == removed) value->object = -1;
        else if (value->object > removed) --value->object;
      }
      return test_case;
    }
    case Kind::SimplifyValue: {
      auto values = input_values(test_case.inputs[edit.site]);
      auto variants = simpler_values(*values[edit.first]);
      if (edit.count < variants.size()) *values[edit.first] = variants[edit.count];
      return test_case;
    }
  }
  walk.run(test_case);
  return test_case;
}

}  // namespace symref::props

// The call graph and the read/write sets of §2 (inputs are values read, outputs values written).
#include "engines/compositional/function_table.hpp"

#include <algorithm>
#include <functional>

namespace symref::compositional {

namespace {

struct DirectEffects {
  std::vector<bool> reads, writes;              // globals (an int[] element write writes the array)
  std::vector<bool> field_reads, field_writes;  // field arrays
  std::vector<FunctionIndex> callees;
  bool allocates = false;
};

void scan_expression(const Expression& root, DirectEffects& effects) {
  any_subexpression(root, [&effects](const Expression& e) {
    if (e.kind == ExpressionKind::Variable && e.variable.scope == Scope::Global)
      effects.reads[static_cast<std::size_t>(e.variable.index)] = true;
    if (e.kind == ExpressionKind::FieldRead) effects.field_reads[static_cast<std::size_t>(e.field)] = true;
    return false;  // on to the next subexpression
  });
}

void scan_block(const Block& block, DirectEffects& effects) {
  for_each_statement(block, [&effects](const Statement& s) {
    if (const Expression* target = s.target.get()) {
      if (target->kind == ExpressionKind::Variable) {
        if (target->variable.scope == Scope::Global) effects.writes[static_cast<std::size_t>(target->variable.index)] = true;
      } else if (target->kind == ExpressionKind::ArrayRead) {  // a[i] := e writes a, reads i
        effects.writes[static_cast<std::size_t>(target->operands[0]->variable.index)] = true;
        scan_expression(*target->operands[1], effects);
      } else if (target->kind == ExpressionKind::FieldRead) {  // e.f := e' writes f, reads e
        effects.field_writes[static_cast<std::size_t>(target->field)] = true;
        scan_expression(*target->operands[0], effects);
      }
    }
    if (s.value) scan_expression(*s.value, effects);
    if (s.receiver) scan_expression(*s.receiver, effects);
    for (const auto& argument : s.arguments) scan_expression(*argument, effects);
    if (s.kind == StatementKind::New) effects.allocates = true;
    if (s.kind == StatementKind::MethodCall || s.kind == StatementKind::ProcedureCall) effects.callees.push_back(s.callee + 1);
  });
}

}  // namespace

FunctionTable::FunctionTable(const Program& program, bool summaries) : program_(program) {
  const std::size_t count = program.callables.size() + 1;
  const std::size_t globals = program.globals.size(), fields = program.fields.size();
  std::vector<DirectEffects> direct(count, DirectEffects{std::vector<bool>(globals), std::vector<bool>(globals),
                                                         std::vector<bool>(fields), std::vector<bool>(fields), {}, false});
  scan_block(program.main, direct[0]);
  for (std::size_t k = 0; k < program.callables.size(); ++k) scan_block(program.callables[k].body, direct[k + 1]);

  // Reachability in the call graph: g is recursive when it reaches itself.
  std::vector<std::vector<bool>> reaches(count, std::vector<bool>(count));
  for (std::size_t g = 0; g < count; ++g) {
    std::vector<FunctionIndex> stack(direct[g].callees.begin(), direct[g].callees.end());
    while (!stack.empty()) {
      auto h = static_cast<std::size_t>(stack.back());
      stack.pop_back();
      if (reaches[g][h]) continue;
      reaches[g][h] = true;
      for (FunctionIndex next : direct[h].callees) stack.push_back(next);
    }
  }

  functions_.resize(count);
  for (std::size_t g = 0; g < count; ++g) {
    FunctionInfo& info = functions_[g];
    info.direct_callees = direct[g].callees;
    info.reads_global = direct[g].reads;
    info.writes_global = direct[g].writes;
    info.reads_field = direct[g].field_reads;
    info.writes_field = direct[g].field_writes;
    bool allocates = direct[g].allocates;
    auto unite = [](std::vector<bool>& into, const std::vector<bool>& from) {
      for (std::size_t v = 0; v < into.size(); ++v) into[v] = into[v] || from[v];
    };
    for (std::size_t h = 0; h < count; ++h) {
      if (!reaches[g][h]) continue;
      allocates = allocates || direct[h].allocates;
      unite(info.reads_global, direct[h].reads);
      unite(info.writes_global, direct[h].writes);
      unite(info.reads_field, direct[h].field_reads);
      unite(info.writes_field, direct[h].field_writes);
    }
    if (g == 0) {
      info.name = "main";
      info.kind = "main";
      for (std::size_t v = 0; v < globals; ++v)  // I: the initial globals
        info.inputs.push_back(FunctionSlot{FunctionSlot::Kind::Global, static_cast<std::int32_t>(v), program.globals[v].name,
                                           program.globals[v].type});
      continue;
    }
    const Callable& callable = program.callables[g - 1];
    info.callable = &callable;
    info.name = callable.display_name(program);
    info.kind = callable.is_method ? "method" : "procedure";
    if (!summaries) info.inlined_reason = "no-summaries";
    else if (reaches[g][g]) info.inlined_reason = "recursive";  // §4 assumes no recursion
    else if (allocates) info.inlined_reason = "allocates";     // identities would depend on the allocation count
    info.summarized = info.inlined_reason.empty();
    const std::int32_t parameters = callable.first_parameter_slot() + callable.parameter_count;
    for (std::int32_t slot = 0; slot < parameters; ++slot) {
      const auto& local = callable.locals[static_cast<std::size_t>(slot)];
      info.inputs.push_back(FunctionSlot{FunctionSlot::Kind::Local, slot, local.name, local.type});
    }
    auto global_slot = [&](std::size_t v) {
      return FunctionSlot{FunctionSlot::Kind::Global, static_cast<std::int32_t>(v), program.globals[v].name, program.globals[v].type};
    };
    auto field_slot = [&](std::size_t f) {
      const Field& field = program.fields[f];
      return FunctionSlot{FunctionSlot::Kind::Field, static_cast<std::int32_t>(f),
                          program.classes[static_cast<std::size_t>(field.class_index)].name + "." + field.name, field.type};
    };
    // An output a path leaves unwritten equals its input, so written globals and fields are inputs too.
    for (std::size_t v = 0; v < globals; ++v)
      if (info.reads_global[v] || info.writes_global[v]) info.inputs.push_back(global_slot(v));
    for (std::size_t f = 0; f < fields; ++f)
      if (info.reads_field[f] || info.writes_field[f]) info.inputs.push_back(field_slot(f));
    if (callable.is_method) info.outputs.push_back(FunctionSlot{FunctionSlot::Kind::Result, -1, "result", callable.return_type});
    for (std::size_t v = 0; v < globals; ++v)
      if (info.writes_global[v]) info.outputs.push_back(global_slot(v));
    for (std::size_t f = 0; f < fields; ++f)
      if (info.writes_field[f]) info.outputs.push_back(field_slot(f));
  }

  // The trees that hold calls of f: walk from each tree owner through inlined callees.
  callers_.resize(count);
  for (std::size_t g = 0; g < count; ++g) {
    if (g != 0 && !functions_[g].summarized) continue;
    std::vector<bool> seen(count);
    std::function<void(std::size_t)> visit = [&](std::size_t h) {
      for (FunctionIndex callee : functions_[h].direct_callees) {
        auto c = static_cast<std::size_t>(callee);
        if (functions_[c].summarized) {
          auto& list = callers_[c];
          if (std::find(list.begin(), list.end(), static_cast<FunctionIndex>(g)) == list.end()) list.push_back(static_cast<FunctionIndex>(g));
        } else if (!seen[c]) {
          seen[c] = true;
          visit(c);
        }
      }
    };
    visit(g);
  }
}

FunctionIndex FunctionTable::of(const Callable* callable) const {
  if (callable == nullptr) return main_function;
  return static_cast<FunctionIndex>(callable - program_.callables.data()) + 1;
}

}  // namespace symref::compositional

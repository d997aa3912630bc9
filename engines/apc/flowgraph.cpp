// Flowgraph construction (Strejček & Trtík §2.1) from a checked program: statements become
// assignment and assume edges, calls are inlined, nodes that cannot reach the target are pruned.
#include "engines/apc/flowgraph.hpp"

#include <algorithm>
#include <stdexcept>

#include "semantics/symbolic/expression_translation.hpp"
#include "semantics/syntax/diagnostics.hpp"

namespace symref::apc {

using terms::Term;

namespace {

[[noreturn]] void fail_at(const Program& program, SourceLocation location, std::string message) {
  DiagnosticSink sink(*program.source);
  sink.error(location, std::move(message));
  sink.throw_if_any();
  throw std::logic_error("unreachable");
}

void collect_asserts(const Block& block, std::vector<SourceLocation>& out) {
  for_each_statement(block, [&out](const Statement& s) {
    if (s.kind == StatementKind::Assert) out.push_back(s.location);
  });
}

// Globals stand for themselves; locals for the symbols of the innermost inlined call.
class InliningEnvironment final : public SymbolicEnvironment {
 public:
  InliningEnvironment(terms::TermManager& terms, const std::vector<std::vector<Term>>& frames)
      : terms_(terms), frames_(frames) {}
  Term variable(const VariableSlot& slot) const override {
    if (slot.scope == Scope::Global) return terms_.global_symbol(slot.index);
    return frames_.back()[static_cast<std::size_t>(slot.index)];
  }
  Term field_array(std::int32_t) const override { throw std::logic_error("apc: fields are rejected before translation"); }

 private:
  terms::TermManager& terms_;
  const std::vector<std::vector<Term>>& frames_;
};

class FlowgraphBuilder {
 public:
  FlowgraphBuilder(const Program& program, terms::TermManager& terms, SourceLocation target)
      : program_(program), terms_(terms), target_(target), environment_(terms, frames_),
        translator_(terms, environment_) {}

  ProgramFlowgraph build() {
    for (const Class& c : program_.classes)
      fail_at(program_, c.location, "class '" + c.name + "' lies outside the apc engine (its §3 program model has no objects)");
    for (std::size_t g = 0; g < program_.globals.size(); ++g) {
      const VariableDeclaration& global = program_.globals[g];
      if (global.type.is_reference_like())
        fail_at(program_, global.location, "global '" + global.name + "' is a reference, outside the apc engine's program model");
      result_.variables.push_back(terms_.global_symbol(static_cast<std::int32_t>(g)));
    }
    frames_.emplace_back();  // main has no locals
    NodeId start = new_node(program_.main_location);
    target_node_ = new_node(target_);
    result_.graph.start = start;
    result_.graph.target = target_node_;
    block(program_.main, start);
    prune();
    result_.node_count = static_cast<std::int32_t>(result_.node_locations.size());
    result_.target_location = target_;
    return std::move(result_);
  }

 private:
  NodeId new_node(SourceLocation location) {
    result_.node_locations.push_back(location);
    return static_cast<NodeId>(result_.node_locations.size() - 1);
  }

  void edge(NodeId from, NodeId to, Instruction instruction) { result_.graph.edges.push_back(Edge{from, to, instruction}); }

  // A fresh node reached from `from` by assume(γ); `from` itself when γ is syntactically true.
  NodeId assume(NodeId from, Term condition, SourceLocation location) {
    if (condition->is_true()) return from;
    NodeId next = new_node(location);
    edge(from, next, Instruction{Instruction::Kind::Assume, nullptr, condition});
    return next;
  }

  NodeId assign(NodeId from, Term variable, Term value, SourceLocation location) {
    NodeId next = new_node(location);
    edge(from, next, Instruction{Instruction::Kind::Assign, variable, value});
    return next;
  }

  NodeId skip_to(NodeId from, NodeId to) {
    edge(from, to, Instruction{Instruction::Kind::Assume, nullptr, terms_.true_term()});
    return to;
  }

  NodeId block(const Block& b, NodeId at) {
    for (const Statement& s : b.statements) at = statement(s, at);
    return at;
  }

  bool is_target(const Statement& s) const { return s.location.line == target_.line && s.location.column == target_.column; }

  NodeId statement(const Statement& s, NodeId at) {
    switch (s.kind) {
      case StatementKind::Skip: return at;
      case StatementKind::LocalDeclaration:
      case StatementKind::Assignment: {
        const Expression& target = *s.target;
        if (target.kind == ExpressionKind::ArrayRead) {
          // a[i] := e is a ← store(a, i, e) (§4), after δ of the location and of e.
          Definedness defined = translator_.sequence(translator_.location_definedness(target), translator_.definedness(*s.value));
          at = assume(at, defined.defined, s.location);
          Term array = translator_.translate(target.operand(0));
          Term stored = terms_.store(array, translator_.translate(target.operand(1)), translator_.translate(*s.value));
          return assign(at, array, stored, s.location);
        }
        if (target.kind != ExpressionKind::Variable)
          fail_at(program_, s.location, "field assignment lies outside the apc engine's program model");
        at = assume(at, translator_.definedness(*s.value).defined, s.location);
        return assign(at, translator_.translate(target), translator_.translate(*s.value), s.location);
      }
      case StatementKind::ProcedureCall: return call(s, at);
      case StatementKind::If: {
        // An `else if` chain in a loop: each If joins at its own node, which leads to the join of
        // the If it is the else block of.
        std::vector<NodeId> joins;
        const Statement* branch = &s;
        while (true) {
          at = assume(at, translator_.definedness(*branch->value).defined, branch->location);
          Term condition = translator_.translate(*branch->value);
          joins.push_back(new_node(branch->location));
          NodeId then_end = block(branch->then_block, assume_always(at, condition, branch->location));
          skip_to(then_end, joins.back());
          at = assume_always(at, terms_.logical_not(condition), branch->location);
          const Statement* next = else_if(*branch);
          if (next == nullptr) break;
          branch = next;
        }
        skip_to(block(branch->else_block, at), joins.back());
        for (std::size_t k = joins.size() - 1; k > 0; --k) skip_to(joins[k], joins[k - 1]);
        return joins.front();
      }
      case StatementKind::While: {
        NodeId head = new_node(s.location);
        skip_to(at, head);
        NodeId tested = assume(head, translator_.definedness(*s.value).defined, s.location);
        Term condition = translator_.translate(*s.value);
        NodeId body_end = block(s.body, assume_always(tested, condition, s.location));
        skip_to(body_end, head);
        return assume_always(tested, terms_.logical_not(condition), s.location);
      }
      case StatementKind::Assert: {
        at = assume(at, translator_.definedness(*s.value).defined, s.location);
        Term condition = translator_.translate(*s.value);
        if (is_target(s)) edge(at, target_node_, Instruction{Instruction::Kind::Assume, nullptr, terms_.logical_not(condition)});
        return assume_always(at, condition, s.location);
      }
      case StatementKind::Assume:
        at = assume(at, translator_.definedness(*s.value).defined, s.location);
        return assume_always(at, translator_.translate(*s.value), s.location);
      case StatementKind::Return:
      case StatementKind::New:
      case StatementKind::MethodCall:
        fail_at(program_, s.location, "objects and methods lie outside the apc engine's program model");
    }
    return at;
  }

  // Like assume(), but always a fresh node: branch edges must not merge with their source.
  NodeId assume_always(NodeId from, Term condition, SourceLocation location) {
    NodeId next = new_node(location);
    edge(from, next, Instruction{Instruction::Kind::Assume, nullptr, condition});
    return next;
  }

  // A non-recursive call inlined: parameters and `var` locals get fresh symbols per call.
  NodeId call(const Statement& s, NodeId at) {
    const Callable& callee = program_.callables[static_cast<std::size_t>(s.callee)];
    if (std::find(active_.begin(), active_.end(), s.callee) != active_.end())
      fail_at(program_, s.location, "recursive call of '" + callee.name + "' cannot be inlined: recursion lies outside the apc engine's program model");
    Definedness arguments = translator_.always_defined();
    for (const auto& argument : s.arguments) arguments = translator_.sequence(arguments, translator_.definedness(*argument));
    at = assume(at, arguments.defined, s.location);
    std::vector<Term> values;
    for (const auto& argument : s.arguments) values.push_back(translator_.translate(*argument));
    std::vector<Term> locals;
    for (const VariableDeclaration& local : callee.locals) {
      locals.push_back(terms_.fresh_symbol(sort_of(local.type), callee.name + "." + local.name));
      result_.variables.push_back(locals.back());
    }
    for (std::size_t k = 0; k < values.size(); ++k) at = assign(at, locals[k + static_cast<std::size_t>(callee.first_parameter_slot())], values[k], s.location);
    frames_.push_back(std::move(locals));
    active_.push_back(s.callee);
    at = block(callee.body, at);
    active_.pop_back();
    frames_.pop_back();
    return at;
  }

  // Keeps the edges between nodes that l_s reaches and that reach l_t.
  void prune() {
    Flowgraph& g = result_.graph;
    std::size_t n = result_.node_locations.size();
    std::vector<char> reaches(n, 0), reached(n, 0);
    reaches[static_cast<std::size_t>(g.target)] = 1;
    reached[static_cast<std::size_t>(g.start)] = 1;
    for (bool changed = true; changed;) {
      changed = false;
      for (const Edge& e : g.edges) {
        if (reaches[static_cast<std::size_t>(e.to)] && !reaches[static_cast<std::size_t>(e.from)]) {
          reaches[static_cast<std::size_t>(e.from)] = 1;
          changed = true;
        }
        if (reached[static_cast<std::size_t>(e.from)] && !reached[static_cast<std::size_t>(e.to)]) {
          reached[static_cast<std::size_t>(e.to)] = 1;
          changed = true;
        }
      }
    }
    std::erase_if(g.edges, [&](const Edge& e) {
      return !(reaches[static_cast<std::size_t>(e.from)] && reaches[static_cast<std::size_t>(e.to)] &&
               reached[static_cast<std::size_t>(e.from)]);
    });
  }

  const Program& program_;
  terms::TermManager& terms_;
  SourceLocation target_;
  NodeId target_node_ = -1;
  std::vector<std::vector<Term>> frames_;
  std::vector<std::int32_t> active_;
  InliningEnvironment environment_;
  ExpressionTranslator translator_;
  ProgramFlowgraph result_;
};

std::string trimmed(std::string_view line) {
  std::size_t begin = line.find_first_not_of(" \t");
  if (begin == std::string_view::npos) return "";
  std::size_t end = line.find_last_not_of(" \t\r");
  return std::string(line.substr(begin, end - begin + 1));
}

}  // namespace

std::vector<SourceLocation> assert_locations(const Program& program) {
  std::vector<SourceLocation> out;
  for (const Callable& c : program.callables) collect_asserts(c.body, out);
  collect_asserts(program.main, out);
  std::sort(out.begin(), out.end(), [](SourceLocation a, SourceLocation b) { return a.offset < b.offset; });
  return out;
}

ProgramFlowgraph build_flowgraph(const Program& program, terms::TermManager& terms, const TargetChoice& choice) {
  std::vector<SourceLocation> asserts = assert_locations(program);
  SourceLocation target;
  if (choice.line == 0) {
    if (asserts.empty()) fail_at(program, program.main_location, "the program has no assert to take as the target");
    if (asserts.size() > 1)
      fail_at(program, asserts[1], "the program has " + std::to_string(asserts.size()) + " asserts: choose the target with --target LINE[:COL]");
    target = asserts.front();
  } else {
    std::vector<SourceLocation> matching;
    for (SourceLocation a : asserts)
      if (a.line == choice.line && (choice.column == 0 || a.column == choice.column)) matching.push_back(a);
    SourceLocation wanted{0, choice.line, choice.column == 0 ? 1 : choice.column};
    if (choice.line > static_cast<std::uint32_t>(std::count(program.source->text().begin(), program.source->text().end(), '\n')) + 1)
      wanted = SourceLocation{};
    if (matching.empty()) fail_at(program, wanted, "no assert at the target " + std::to_string(choice.line) + (choice.column ? ":" + std::to_string(choice.column) : ""));
    if (matching.size() > 1) fail_at(program, matching[1], "more than one assert on line " + std::to_string(choice.line) + ": give the column too");
    target = matching.front();
  }
  ProgramFlowgraph flowgraph = FlowgraphBuilder(program, terms, target).build();
  flowgraph.target_statement = trimmed(program.source->line_text(target.line));
  return flowgraph;
}

}  // namespace symref::apc

// SMT-LIB2 printing of terms and scripts through the shared encoding (§2.1 arrays, §4.1 fields).
#include "interp/solver/backends/smtlib.hpp"

#include <unordered_map>
#include <vector>

#include "interp/solver/backends/encoding.hpp"

namespace symref::solver {

namespace {

// A Builder for Lowering whose expressions are nodes of a small DAG of SMT-LIB text; equal nodes
// are one node, so sharing that the encoding introduces (the divisor in a guarded division) is
// seen too.
class TextBuilder {
 public:
  using Expression = std::uint32_t;

  struct Node {
    std::string head;                  // the operator, or the whole text of a leaf
    std::vector<std::uint32_t> operands;
    SmtSort sort = SmtSort::Int;
    bool leaf = true;
    bool open = false;  // a bound variable occurs in it: it cannot be named outside its binder
  };
  struct Declaration {
    std::string name;  // already quoted
    SmtSort sort;      // of a constant, or a function's range
    std::string domain;  // a function's "(Int Bool)"; empty for a constant
  };
  struct Function {
    std::string name;  // already quoted
    SmtSort range;
  };

  Expression integer(const Integer& value) {
    if (value.sign() < 0) return leaf("(- " + (-value).to_string() + ")", SmtSort::Int);
    return leaf(value.to_string(), SmtSort::Int);
  }
  Expression boolean(bool value) { return leaf(value ? "true" : "false", SmtSort::Bool); }
  Expression constant(const std::string& name, SmtSort sort) {
    std::string symbol = smtlib_symbol(name);
    declarations_.push_back({symbol, sort, {}});
    return leaf(std::move(symbol), sort);
  }
  Expression apply(SmtOperator op, std::span<const Expression> operands) {
    Node node;
    node.head = std::string(smtlib_operator(op));
    node.operands.assign(operands.begin(), operands.end());
    node.leaf = false;
    switch (op) {
      case SmtOperator::Ite: node.sort = nodes_[operands[1]].sort; break;
      case SmtOperator::Select: node.sort = element_smt_sort(nodes_[operands[0]].sort); break;
      case SmtOperator::Store: node.sort = nodes_[operands[0]].sort; break;
      case SmtOperator::Negate:
      case SmtOperator::Add:
      case SmtOperator::Subtract:
      case SmtOperator::Multiply:
      case SmtOperator::Divide:
      case SmtOperator::Modulo: node.sort = SmtSort::Int; break;
      default: node.sort = SmtSort::Bool; break;
    }
    return operation(std::move(node));
  }

  Function function(const std::string& name, std::span<const SmtSort> domain, SmtSort range) {
    std::string symbol = smtlib_symbol(name);
    std::string sorts = "(";
    for (SmtSort sort : domain) {
      if (sorts.size() > 1) sorts += ' ';
      sorts += smtlib_sort(sort);
    }
    sorts += ')';
    declarations_.push_back({symbol, range, std::move(sorts)});
    return {std::move(symbol), range};
  }
  Expression apply_function(const Function& function, std::span<const Expression> arguments) {
    if (arguments.empty()) return leaf(function.name, function.range);
    Node node;
    node.head = function.name;
    node.operands.assign(arguments.begin(), arguments.end());
    node.leaf = false;
    node.sort = function.range;
    return operation(std::move(node));
  }
  Expression bound_variable(const std::string& name, SmtSort sort) {
    Expression variable = leaf(smtlib_symbol(name), sort);
    nodes_[variable].open = true;
    return variable;
  }
  // (forall ((k Int) ...) body): the binder list is part of the head, the body the one operand.
  Expression quantifier(bool universal, std::span<const Expression> variables, const Expression& body) {
    Node node;
    node.head = universal ? "forall (" : "exists (";
    for (std::size_t i = 0; i < variables.size(); ++i) {
      if (i > 0) node.head += ' ';
      node.head += '(';
      node.head += nodes_[variables[i]].head;
      node.head += ' ';
      node.head += smtlib_sort(nodes_[variables[i]].sort);
      node.head += ')';
    }
    node.head += ')';
    node.operands = {body};
    node.leaf = false;
    node.sort = SmtSort::Bool;
    return operation(std::move(node));
  }

  const std::vector<Node>& nodes() const { return nodes_; }
  const std::vector<Declaration>& declarations() const { return declarations_; }

 private:
  Expression leaf(std::string text, SmtSort sort) {
    Node node;
    node.head = text;
    node.sort = sort;
    return intern("'" + text, std::move(node));
  }
  Expression operation(Node node) {
    std::string key = node.head;
    for (std::uint32_t operand : node.operands) {
      key += ' ' + std::to_string(operand);
      node.open |= nodes_[operand].open;
    }
    return intern(std::move(key), std::move(node));
  }
  Expression intern(std::string key, Node node) {
    auto [position, inserted] = index_.try_emplace(std::move(key), static_cast<std::uint32_t>(nodes_.size()));
    if (inserted) nodes_.push_back(std::move(node));
    return position->second;
  }

  std::vector<Node> nodes_;  // operands always precede the nodes using them
  std::unordered_map<std::string, std::uint32_t> index_;
  std::vector<Declaration> declarations_;
};

// Which nodes reachable from the roots are shared: non-leaves used at least twice.
std::vector<bool> shared_nodes(const std::vector<TextBuilder::Node>& nodes, std::span<const std::uint32_t> roots) {
  std::vector<std::uint32_t> uses(nodes.size(), 0);
  std::vector<bool> reachable(nodes.size(), false);
  for (std::uint32_t root : roots) {
    reachable[root] = true;
    ++uses[root];
  }
  for (std::size_t i = nodes.size(); i-- > 0;) {
    if (!reachable[i]) continue;
    for (std::uint32_t operand : nodes[i].operands) {
      reachable[operand] = true;
      ++uses[operand];
    }
  }
  std::vector<bool> shared(nodes.size(), false);
  // A node with bound variables is written in place: a name for it would be outside its binder.
  for (std::size_t i = 0; i < nodes.size(); ++i)
    shared[i] = reachable[i] && !nodes[i].leaf && !nodes[i].open && uses[i] >= 2;
  return shared;
}

// Writes node `root`, naming every operand that has a definition; iterative, as terms may be deep.
void write_node(std::string& out, const std::vector<TextBuilder::Node>& nodes,
                const std::vector<std::string>& definition_names, std::uint32_t root) {
  struct Frame {
    std::uint32_t node;
    std::uint32_t next_operand;
  };
  std::vector<Frame> stack = {{root, 0}};
  while (!stack.empty()) {
    Frame& frame = stack.back();
    const TextBuilder::Node& node = nodes[frame.node];
    if (frame.next_operand == 0) {
      bool named = frame.node != root || stack.size() > 1;
      if (named && !definition_names[frame.node].empty()) {
        out += definition_names[frame.node];
        stack.pop_back();
        continue;
      }
      if (node.leaf) {
        out += node.head;
        stack.pop_back();
        continue;
      }
      out += '(';
      out += node.head;
    }
    if (frame.next_operand < node.operands.size()) {
      std::uint32_t operand = node.operands[frame.next_operand++];
      out += ' ';
      stack.push_back({operand, 0});  // invalidates `frame`
      continue;
    }
    out += ')';
    stack.pop_back();
  }
}

}  // namespace

std::string smtlib_term(terms::TermManager& manager, terms::Term term) {
  NameTable names(manager);
  TextBuilder builder;
  Lowering<TextBuilder> lowering(manager, names, builder);
  std::uint32_t root = lowering.lower(term);
  const auto& nodes = builder.nodes();
  const std::uint32_t roots[] = {root};
  std::vector<bool> shared = shared_nodes(nodes, roots);
  shared[root] = false;

  // A shared node is bound in the let layer just outside everything it refers to.
  std::vector<std::uint32_t> layer_needed(nodes.size(), 0);  // layers that must be open to write the node
  std::uint32_t layers = 0;
  std::vector<std::string> definition_names(nodes.size());
  std::uint32_t count = 0;
  for (std::uint32_t i = 0; i <= root; ++i) {
    for (std::uint32_t operand : nodes[i].operands)
      layer_needed[i] = std::max(layer_needed[i], shared[operand] ? layer_needed[operand] + 1 : layer_needed[operand]);
    if (shared[i]) {
      definition_names[i] = "$e" + std::to_string(++count);
      layers = std::max(layers, layer_needed[i] + 1);
    }
  }
  std::string out;
  for (std::uint32_t layer = 1; layer <= layers; ++layer) {
    out += "(let (";
    bool first = true;
    for (std::uint32_t i = 0; i <= root; ++i) {
      if (!shared[i] || layer_needed[i] + 1 != layer) continue;
      if (!first) out += ' ';
      first = false;
      out += '(';
      out += definition_names[i];
      out += ' ';
      write_node(out, nodes, definition_names, i);
      out += ')';
    }
    out += ") ";
  }
  write_node(out, nodes, definition_names, root);
  out.append(layers, ')');
  return out;
}

std::string smtlib_script(terms::TermManager& manager, std::span<const terms::Term> assertions,
                          std::string_view comment) {
  NameTable names(manager);
  TextBuilder builder;
  Lowering<TextBuilder> lowering(manager, names, builder);
  SideConstraintCollector collector(manager);
  std::vector<SideConstraint> constraints;
  std::vector<std::uint32_t> constraint_roots, assertion_roots;
  for (terms::Term assertion : assertions) {
    collector.collect(assertion, constraints);
    assertion_roots.push_back(lowering.lower(assertion));
  }
  for (const SideConstraint& constraint : constraints) constraint_roots.push_back(lowering.lower(constraint));

  const auto& nodes = builder.nodes();
  std::vector<std::uint32_t> roots = constraint_roots;
  roots.insert(roots.end(), assertion_roots.begin(), assertion_roots.end());
  std::vector<bool> shared = shared_nodes(nodes, roots);

  std::string out;
  std::size_t line_start = 0;
  while (line_start < comment.size()) {
    std::size_t line_end = comment.find('\n', line_start);
    if (line_end == std::string_view::npos) line_end = comment.size();
    out += "; ";
    out += comment.substr(line_start, line_end - line_start);
    out += '\n';
    line_start = line_end + 1;
  }
  out += "(set-logic ALL)\n";
  for (const auto& declaration : builder.declarations()) {
    out += declaration.domain.empty() ? "(declare-const " : "(declare-fun ";
    out += declaration.name;
    out += ' ';
    if (!declaration.domain.empty()) {
      out += declaration.domain;
      out += ' ';
    }
    out += smtlib_sort(declaration.sort);
    out += ")\n";
  }
  std::vector<std::string> definition_names(nodes.size());
  std::uint32_t count = 0;
  for (std::uint32_t i = 0; i < nodes.size(); ++i) {
    if (!shared[i]) continue;
    definition_names[i] = "$e" + std::to_string(++count);
    out += "(define-fun ";
    out += definition_names[i];
    out += " () ";
    out += smtlib_sort(nodes[i].sort);
    out += ' ';
    write_node(out, nodes, definition_names, i);
    out += ")\n";
  }
  if (!constraint_roots.empty()) out += "; side constraints: input objects are <= 0, array lengths >= 0\n";
  for (std::uint32_t root : constraint_roots) {
    out += "(assert ";
    write_node(out, nodes, definition_names, root);
    out += ")\n";
  }
  for (std::uint32_t root : assertion_roots) {
    out += "(assert ";
    // A shared assertion is written by its name; the definition holds its text.
    if (!definition_names[root].empty())
      out += definition_names[root];
    else
      write_node(out, nodes, definition_names, root);
    out += ")\n";
  }
  out += "(check-sat)\n";
  return out;
}

}  // namespace symref::solver

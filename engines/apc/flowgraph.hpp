// The flowgraph P = (V, E, l_s, l_t, ι) of Strejček & Trtík §2.1, built from a checked level-1
// program for the failure of one `assert` (the target l_t), with non-recursive calls inlined.
//
// Program variables are terms: a global is its own symbol (the paper's symbol a for variable a),
// an inlined local a fresh symbol per inlined call.  An instruction's expressions are terms over
// these variable symbols, so θ(·) and θ⟨·⟩ of §2.2 are both one substitution of that symbol set.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "semantics/syntax/program.hpp"
#include "semantics/terms/term_manager.hpp"

namespace symref::apc {

using NodeId = std::int32_t;

// ι(e): an assignment v ← e (an array write a[i] := e is a ← store(a, i, e), §4) or assume(γ).
struct Instruction {
  enum class Kind { Assign, Assume } kind = Kind::Assume;
  terms::Term variable = nullptr;  // Assign: the variable's symbol
  terms::Term value = nullptr;     // Assign: the assigned term; Assume: γ
};

struct Edge {
  NodeId from = -1;
  NodeId to = -1;
  Instruction instruction;
};

// A program in the paper's sense, also the induced programs P(C, v): its node set is what its
// edges mention plus start and target.
struct Flowgraph {
  NodeId start = -1;
  NodeId target = -1;
  std::vector<Edge> edges;
};

// The whole program's flowgraph with what the engine reports about it.
struct ProgramFlowgraph {
  Flowgraph graph;
  std::vector<SourceLocation> node_locations;  // by node: the statement a node stands before
  std::int32_t node_count = 0;                 // ids are 0..node_count-1; induced targets use more
  std::vector<terms::Term> variables;          // V: globals (slot order), then inlined locals
  SourceLocation target_location;              // the target assert
  std::string target_statement;                // its source line, trimmed
};

// Where the target is: the assert at `line` (and `column` when non-zero), or the only assert.
struct TargetChoice {
  std::uint32_t line = 0;
  std::uint32_t column = 0;
};

// Builds the flowgraph and prunes every node that cannot reach l_t.  Programs outside the
// engine's scope (classes, methods, recursion) and a missing or ambiguous target are InputErrors
// with a positioned diagnostic.
ProgramFlowgraph build_flowgraph(const Program& program, terms::TermManager& terms, const TargetChoice& target);

// The source locations of every assert statement of the program, in textual order.
std::vector<SourceLocation> assert_locations(const Program& program);

}  // namespace symref::apc

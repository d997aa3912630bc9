// The verifier exports (Dafny, C with ACSL for Frama-C WP, WhyML for Why3): the program bounded
// at K (bounded_program.hpp) printed as one function per outcome, each with the single proof
// obligation "this outcome does not happen".  Integers are mathematical (Dafny, WhyML) or 64-bit
// with every overflow a proof goal (C); `/` and `%` are Euclidean and total, written out as
// functions; every definedness condition is an explicit check, so that the target's own terms
// stay total and a proof says nothing the program's checks did not.
#pragma once

#include <cstdint>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "interop/bounded_program.hpp"
#include "interop/exporter.hpp"
#include "semantics/outcome.hpp"
#include "semantics/syntax/program.hpp"

namespace symref::interop {

struct VerifierExportOptions {
  std::uint32_t loop_bound = 10;
  std::vector<Outcome> outcomes;  // the outcomes to ask about; empty: all six
};

// Each throws InputError (file:line:col) for a construct its target cannot express.
std::string export_dafny(const Program& program, const VerifierExportOptions& options);
std::string export_whyml(const Program& program, const VerifierExportOptions& options);  // no classes
std::string export_acsl(const Program& program, const VerifierExportOptions& options);

// The same as the exporter table's entries (exporter.hpp): one file, PROGRAM.dfy / .mlw / .c.
ExportResult export_dafny_files(const Program& program, const ExportOptions& options);
ExportResult export_whyml_files(const Program& program, const ExportOptions& options);
ExportResult export_acsl_files(const Program& program, const ExportOptions& options);

// The function (Dafny method, WhyML function, C function) that states "outcome does not happen".
std::string dafny_outcome_method(Outcome outcome);   // OutcomeNormal, OutcomeNilDereference, ...
std::string whyml_outcome_function(Outcome outcome); // outcome_normal, outcome_nil_dereference, ...
std::string acsl_outcome_function(Outcome outcome);  // outcome_normal, ... (never `main`: WP would
                                                     // assume zero-initialised globals there)

// The outcomes an export asks about: options.outcomes, or all six (exported_outcomes).
std::vector<Outcome> asked_outcomes(const VerifierExportOptions& options);

// The path the export's header names: the program's source file, or "program".
std::string source_path(const Program& program);

// The one file of a verifier export, as the exporter table wants it: NAME.EXTENSION (NAME from
// the program's file) holding text(program, K), and `check_command NAME.EXTENSION` as its build line.
ExportResult verifier_export_file(const Program& program, const ExportOptions& options, std::string_view extension,
                                  std::string (*text)(const Program&, const VerifierExportOptions&),
                                  std::string_view check_command);

// What the three verifier exports share: the walk over the bounded program and the proof
// obligations, one per outcome.  A language says, by overriding the pieces below, how each kind of
// node, each obligation's head and declarations read; the order and nesting are decided here.
class VerifierWriter {
 public:
  VerifierWriter(const Program& program, const BoundedProgram& bounded) : program_(program), bounded_(bounded) {}
  virtual ~VerifierWriter() = default;
  VerifierWriter(const VerifierWriter&) = delete;
  VerifierWriter& operator=(const VerifierWriter&) = delete;

 protected:
  // Per outcome: head (the function and its contract "the run does not end in OUTCOME"), a copy
  // of every global from its input, every variable of the bounded program at its default, the
  // body, the tail.  The body is printed once, first, so that a construct the target cannot
  // express is rejected before anything is written.
  void obligations(std::ostream& out, const std::vector<Outcome>& outcomes, const std::string& body_indent) const;
  // Each node in order; a branch's arms one step (two spaces) deeper.
  void nodes(std::ostream& out, const std::vector<BoundedNode>& list, const std::string& indent) const;
  std::string operand(const BoundedOperand& o) const;
  void assign(std::ostream& out, const std::string& indent, const BoundedNode& node) const;

  // An expression of the source program in one activation's naming.
  virtual std::string expression(const Expression& e, const ActivationNaming* naming) const = 0;
  // A variable the lowering introduced, read.
  virtual std::string introduced(const std::string& name) const { return name; }
  // The run ends with `outcome`; and: the run ends with `outcome` when `condition` holds.
  virtual void stop(std::ostream& out, const std::string& indent, Outcome outcome) const = 0;
  virtual void stop_if(std::ostream& out, const std::string& indent, const std::string& condition, Outcome outcome) const = 0;
  // The conditions of the checks: reference is nil; !(0 <= index < len(array)); !condition.
  virtual std::string nil_test(const std::string& reference) const = 0;
  virtual std::string outside_test(const std::string& index, std::int32_t array) const = 0;
  virtual std::string negation(const std::string& condition) const = 0;
  // if condition { then } else { else }: the opening, the end of an arm, the else, the end.
  virtual void open_branch(std::ostream& out, const std::string& indent, const std::string& condition) const = 0;
  virtual void close_arm(std::ostream& out, const std::string& arm_indent) const {}
  virtual void open_else(std::ostream& out, const std::string& indent) const = 0;
  virtual void close_branch(std::ostream& out, const std::string& indent) const = 0;
  // target := value, by the kind of target: a variable (or one the lowering introduced), an array
  // element, an object's field, a whole array (by default a variable's assignment).
  virtual void assign_variable(std::ostream& out, const std::string& indent, const std::string& variable,
                               const std::string& value) const = 0;
  virtual void assign_element(std::ostream& out, const std::string& indent, const std::string& array,
                              const std::string& index, const std::string& value) const = 0;
  virtual void assign_field(std::ostream& out, const std::string& indent, const std::string& object,
                            const std::string& field, const std::string& value) const = 0;
  virtual void assign_array(std::ostream& out, const std::string& indent, const BoundedNode& node) const;
  virtual void create(std::ostream& out, const std::string& indent, const BoundedNode& node) const = 0;
  // The pieces of one obligation, in the order obligations() prints them.
  virtual void obligation_head(std::ostream& out, Outcome outcome) const = 0;
  virtual void global_copy(std::ostream& out, std::int32_t global) const = 0;
  virtual void variable_declaration(std::ostream& out, const BoundedVariable& variable) const = 0;
  virtual void open_body(std::ostream& out) const {}
  virtual void obligation_tail(std::ostream& out) const = 0;

  const Program& program_;
  const BoundedProgram& bounded_;
};

}  // namespace symref::interop

// The verifier exports (Dafny, C with ACSL for Frama-C WP, WhyML for Why3): the program bounded
// at K (bounded_program.hpp) printed as one function per outcome, each with the single proof
// obligation "this outcome does not happen".  Integers are mathematical (Dafny, WhyML) or 64-bit
// with every overflow a proof goal (C); `/` and `%` are Euclidean and total, written out as
// functions; every definedness condition is an explicit check, so that the target's own terms
// stay total and a proof says nothing the program's checks did not.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

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

}  // namespace symref::interop

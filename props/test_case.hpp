// One test case: a program, inputs, probes and updates, for every lemma and theorem checked.
//
// One generated test case: a well-typed program with inputs, and the expressions and updates over
// its globals that the lemma-level properties use (Lemmas 2.1, 3.3, 4.3, 4.4); what the properties
// of every theorem are checked on.
#pragma once

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include "props/input_shape.hpp"
#include "props/program_shape.hpp"

namespace symref::props {

struct TestCase {
  ProgramShape program;
  std::vector<InputShape> inputs;        // at least one
  std::vector<ExpressionShape> probes;   // expressions over the globals, of every type
  std::vector<StatementShape> updates;   // `x := e`, `a[i] := e`, `p.f := e`, `h := new C` over the globals
  std::uint64_t choice_seed = 0;         // for the properties' own random choices (walks, substitutions)
};

// The source text of the test case's program.
std::string program_text(const TestCase& test_case);

// The probe program: the test case's declarations, a global `probe_selector`, one global
// `probe_<type>` per type, and a `main` of
//   if probe_selector == k { probe_T := probes[k]; }          for every probe k
//   if probe_selector == 1000 + j { updates[j] }              for every update j
// so that one concrete run evaluates one probe or executes one update.
ProgramShape probe_program(const TestCase& test_case);
constexpr std::int64_t first_update_selector = 1000;
inline const char* const probe_selector_name = "probe_selector";

// For RapidCheck's report of a counterexample: the program and the number of inputs.
std::ostream& operator<<(std::ostream& out, const TestCase& test_case);

}  // namespace symref::props

// The exit codes of every symref command (docs/cli.md).
#pragma once

namespace symref::cli {

enum ExitCode : int {
  exit_done = 0,              // the command did its job (whatever the program's outcome)
  exit_input_fault = 1,       // the input program or state is at fault; a diagnostic was printed
  exit_usage = 2,             // bad command line
  exit_property_failure = 3,  // a property or cross-check failed: a bug in symref or in a solver
  exit_answer_wrong = 4,      // `wp --check`, `grade`: a checked answer is not equivalent to symref's
  exit_answer_undecided = 5,  // `wp --check`: the solver could not decide whether the answer is equivalent
};

}  // namespace symref::cli

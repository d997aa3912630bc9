// The shared error handling of every command: diagnostics to stderr and the exit codes of docs/cli.md.
#include <iostream>
#include <new>

#include "interp/cli/command.hpp"
#include "interp/cli/exit_codes.hpp"
#include "interp/property_failure.hpp"
#include "interp/solver/backends/large_stack_thread.hpp"
#include "semantics/syntax/diagnostics.hpp"
#include "semantics/traces/weakest_precondition.hpp"
#include "semantics/values/integer_limit.hpp"

namespace symref::cli {

namespace {

int run_guarded(const Action& action) {
  try {
    return action();
  } catch (const InputError& error) {
    std::cerr << error.what();
    return exit_input_fault;
  } catch (const PropertyFailure& failure) {
    std::cerr << "symref: property failed: " << failure.what() << "\n";
    return exit_property_failure;
  } catch (const PathConditionTooLarge& error) {
    // A documented limit of the trace engine, not a bug: the program is beyond what §4's normal
    // form can represent within the budget.
    std::cerr << "symref: error: " << error.what() << "; the forward engine (--engine forward) or a smaller --loop-bound avoids it\n";
    return exit_input_fault;
  } catch (const IntegerTooLarge& error) {
    // The size limit hit where no path or run could end in `bound` instead (a formula's folding).
    std::cerr << "symref: error: " << error.what() << "; --max-int-bits raises the limit\n";
    return exit_input_fault;
  } catch (const std::bad_alloc&) {
    std::cerr << "symref: error: out of memory\n";
    return exit_property_failure;
  } catch (const std::exception& error) {
    std::cerr << "symref: internal error: " << error.what() << "\n";
    return exit_property_failure;
  }
}

}  // namespace

int run_action(const Action& action) {
  // Commands run on a thread with a large stack, so that solver libraries that recurse along a
  // term's depth (cvc5) can be called directly instead of through a hand-over to their own thread.
  solver::LargeStackThread command_thread;
  return command_thread.run([&] { return run_guarded(action); });
}

}  // namespace symref::cli

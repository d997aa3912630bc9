// libFuzzer target for the front end (docs/language.md, all of it): any bytes are parsed and checked.
//
// A diagnostic (InputError) is a normal outcome; a crash, a hang, a leak or a sanitizer report is
// a bug.  A program that is accepted must also print back to text that is accepted and prints
// the same (printer.hpp), so the printer is fuzzed along.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "semantics/syntax/diagnostics.hpp"
#include "semantics/syntax/front_end.hpp"
#include "semantics/syntax/printer.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::unique_ptr<symref::Program> program;
  try {
    program = symref::load_program_from_text("input.sym", std::string(reinterpret_cast<const char*>(data), size));
  } catch (const symref::InputError&) {
    return 0;
  }
  const std::string printed = symref::print_program(*program);
  try {
    if (symref::print_program(*symref::load_program_from_text("printed.sym", printed)) == printed) return 0;
    std::fprintf(stderr, "printing is not a fixed point for:\n%s", printed.c_str());
  } catch (const symref::InputError& error) {
    std::fprintf(stderr, "the printed program is refused:\n%s%s", printed.c_str(), error.what());
  }
  std::abort();
}

// The `symref` command: subcommands check, run, explore, step, wp, fuzz, gen (DESIGN.md "CLI").
#include <iostream>

int main(int argc, char** argv) {
  std::cerr << "symref: not yet built\n";
  return 2;
}

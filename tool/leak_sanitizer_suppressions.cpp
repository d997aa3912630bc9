// Leaks LeakSanitizer must not report in a SYMREF_SANITIZE build: allocations of third-party
// libraries made once per process and never freed (CMakeLists.txt links this into every target).
// LeakSanitizer calls these hooks at start-up; its runtime declares weak defaults that they replace.

extern "C" const char* __lsan_default_suppressions() {
  // CLN (cvc5's arbitrary-precision arithmetic) keeps a static allocation from its initialisers.
  return "leak:libcln.so\n";
}

// No "Suppressions used" table at exit: the CLI tests compare the binary's stderr exactly.
extern "C" const char* __lsan_default_options() { return "print_suppressions=0"; }

// Leaks LeakSanitizer must not report in a SYMREF_SANITIZE build: allocations of third-party
// libraries made once per process and never freed (CMakeLists.txt links this into every target).
// LeakSanitizer calls this hook at start-up; its runtime declares a weak default that this replaces.

extern "C" const char* __lsan_default_suppressions() {
  // CLN (cvc5's arbitrary-precision arithmetic) keeps a static allocation from its initialisers.
  return "leak:libcln.so\n";
}

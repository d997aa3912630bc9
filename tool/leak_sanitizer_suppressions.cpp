// Leaks LeakSanitizer must not report in a SYMREF_SANITIZE build: allocations of third-party
// libraries made once per process and never freed (CMakeLists.txt links this into every target).
// LeakSanitizer calls these hooks at start-up; its runtime declares weak defaults that they replace.

extern "C" const char* __lsan_default_suppressions() {
  // CLN (cvc5's arbitrary-precision arithmetic) keeps a static allocation from its initialisers.
  // Z3 (libz3 has no frame pointers, so LeakSanitizer's fast unwinder stops at its allocator and
  // the caller is never named): one apc property test leaves 16 + 3,800 bytes from Z3's own
  // allocator after quantified queries that run out of work; valgrind, which unwinds through
  // libz3, finds nothing definitely lost there.
  return "leak:libcln.so\nleak:libz3.so\n";
}

// No "Suppressions used" table at exit: the CLI tests compare the binary's stderr exactly.
extern "C" const char* __lsan_default_options() { return "print_suppressions=0"; }

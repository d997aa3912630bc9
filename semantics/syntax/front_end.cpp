// The front end: reading, parsing and checking a program (docs/language.md, all of it).
#include "semantics/syntax/front_end.hpp"

#include "semantics/syntax/checker.hpp"
#include "semantics/syntax/diagnostics.hpp"
#include "semantics/syntax/parser.hpp"

namespace symref {

namespace {

std::unique_ptr<Program> parse_and_check(std::shared_ptr<const SourceFile> source) {
  std::unique_ptr<Program> program = parse_program(std::move(source));
  check_program(*program);
  return program;
}

}  // namespace

std::unique_ptr<Program> load_program(const std::string& path) {
  std::string reason;
  std::shared_ptr<const SourceFile> source = SourceFile::read(path, reason);
  if (source == nullptr) throw InputError(format_diagnostic(nullptr, path, Diagnostic{{}, reason}));
  return parse_and_check(std::move(source));
}

std::unique_ptr<Program> load_program_from_text(std::string path, std::string text) {
  return parse_and_check(std::make_shared<const SourceFile>(std::move(path), std::move(text)));
}

ExpressionPointer load_condition(const Program& program, std::string name, std::string text) {
  auto source = std::make_shared<const SourceFile>(std::move(name), std::move(text));
  ExpressionPointer condition = parse_condition(source);
  check_condition(program, *condition, *source);
  return condition;
}

}  // namespace symref

// Reading lab exercises with every error at its position in exercise.json (interp/grading).
#include "interp/grading/lab.hpp"

#include <algorithm>
#include <cctype>
#include <filesystem>

#include "interp/grading/condition_in_json.hpp"
#include "semantics/syntax/diagnostics.hpp"
#include "semantics/syntax/front_end.hpp"

namespace symref {

namespace fs = std::filesystem;

const char* question_kind_name(QuestionKind kind) {
  switch (kind) {
    case QuestionKind::PathCondition: return "path-condition";
    case QuestionKind::OutcomeCondition: return "outcome-condition";
    case QuestionKind::WeakestPrecondition: return "weakest-precondition";
    case QuestionKind::FeasiblePaths: return "feasible-paths";
  }
  return "?";
}

namespace {

using json::JsonKind;
using json::JsonValue;

[[noreturn]] void fail_at(const SourceFile& source, std::size_t offset, const std::string& message) {
  throw InputError(format_diagnostic(&source, source.path(), Diagnostic{source.location_of(offset), message}));
}

const JsonValue& member(const SourceFile& source, const JsonValue& object, const std::string& key, JsonKind kind) {
  const JsonValue* value = object.find(key);
  if (value == nullptr) fail_at(source, object.offset, "missing \"" + key + "\"");
  if (value->kind != kind) {
    JsonValue expected;
    expected.kind = kind;
    fail_at(source, value->offset, "\"" + key + "\" must be " + expected.kind_name() + ", not " + value->kind_name());
  }
  return *value;
}

const JsonValue* optional_member(const SourceFile& source, const JsonValue& object, const std::string& key, JsonKind kind) {
  if (object.find(key) == nullptr) return nullptr;
  return &member(source, object, key, kind);
}

void only_known_keys(const SourceFile& source, const JsonValue& object, std::initializer_list<const char*> keys) {
  for (std::size_t k = 0; k < object.members.size(); ++k) {
    const std::string& name = object.members[k].first;
    if (std::none_of(keys.begin(), keys.end(), [&](const char* key) { return name == key; })) {
      std::string known;
      for (const char* key : keys) known += (known.empty() ? "" : ", ") + std::string(key);
      fail_at(source, object.key_offsets[k], "unknown key \"" + name + "\" (known: " + known + ")");
    }
  }
}

bool valid_id(const std::string& id) {
  if (id.empty() || id.size() > 64) return false;
  return std::all_of(id.begin(), id.end(), [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_'; });
}

LabQuestion read_question(const SourceFile& source, const JsonValue& value, const Program& program) {
  if (value.kind != JsonKind::Object) fail_at(source, value.offset, "a question must be an object, not " + value.kind_name());
  only_known_keys(source, value, {"id", "kind", "text", "branches", "outcome", "postcondition", "loop_bound", "unreachable", "comment"});
  LabQuestion question;
  question.offset = value.offset;
  const JsonValue& id = member(source, value, "id", JsonKind::String);
  if (!valid_id(id.text)) fail_at(source, id.offset, "a question id is 1 to 64 letters, digits, - or _");
  question.id = id.text;
  question.text = member(source, value, "text", JsonKind::String).text;
  const JsonValue& kind = member(source, value, "kind", JsonKind::String);
  bool known = false;
  for (QuestionKind candidate : {QuestionKind::PathCondition, QuestionKind::OutcomeCondition, QuestionKind::WeakestPrecondition,
                                 QuestionKind::FeasiblePaths}) {
    if (kind.text == question_kind_name(candidate)) {
      question.kind = candidate;
      known = true;
    }
  }
  if (!known)
    fail_at(source, kind.offset,
            "unknown question kind \"" + kind.text + "\" (path-condition, outcome-condition, weakest-precondition, feasible-paths)");
  if (const JsonValue* branches = optional_member(source, value, "branches", JsonKind::String)) {
    if (question.kind != QuestionKind::PathCondition) fail_at(source, branches->offset, "only a path-condition question names a path");
    if (branches->text.find_first_not_of("TFDE") != std::string::npos)
      fail_at(source, branches->offset, "a branch string is made of the letters T, F, D and E");
    question.branches = branches->text;
    question.branches_offset = branches->offset;
  } else if (question.kind == QuestionKind::PathCondition) {
    fail_at(source, value.offset, "a path-condition question needs \"branches\"");
  }
  if (const JsonValue* outcome = optional_member(source, value, "outcome", JsonKind::String)) {
    question.outcome = outcome_by_name(outcome->text);
    if (!question.outcome) fail_at(source, outcome->offset, "unknown outcome \"" + outcome->text + "\"");
    question.outcome_offset = outcome->offset;
  } else if (question.kind == QuestionKind::OutcomeCondition) {
    fail_at(source, value.offset, "an outcome-condition question needs \"outcome\"");
  }
  if (const JsonValue* post = optional_member(source, value, "postcondition", JsonKind::String)) {
    if (question.kind != QuestionKind::WeakestPrecondition)
      fail_at(source, post->offset, "only a weakest-precondition question has a postcondition");
    question.postcondition = post->text;
    question.postcondition_expression = load_condition_in_json(program, source, *post);
  } else if (question.kind == QuestionKind::WeakestPrecondition) {
    fail_at(source, value.offset, "a weakest-precondition question needs \"postcondition\"");
  }
  if (const JsonValue* unreachable = optional_member(source, value, "unreachable", JsonKind::Boolean)) {
    if (question.kind != QuestionKind::OutcomeCondition)
      fail_at(source, unreachable->offset, "only an outcome-condition question says its outcome is unreachable");
    question.unreachable = unreachable->boolean;
  }
  if (const JsonValue* bound = optional_member(source, value, "loop_bound", JsonKind::Number)) {
    if (bound->text.find_first_not_of("0123456789") != std::string::npos || bound->text.size() > 7 ||
        std::stoul(bound->text) > 1'000'000)
      fail_at(source, bound->offset, "\"loop_bound\" is a whole number from 0 to 1000000");
    question.loop_bound = static_cast<std::uint32_t>(std::stoul(bound->text));
  }
  return question;
}

Exercise load_exercise(const fs::path& directory, const std::string& name) {
  const std::string path = (directory / exercise_file_name).string();
  std::string error;
  auto source = SourceFile::read(path, error);
  if (source == nullptr) throw InputError(path + ": error: " + error + "\n");
  JsonValue document = json::parse_json(*source);
  if (document.kind != JsonKind::Object) fail_at(*source, document.offset, "an exercise is a JSON object");
  only_known_keys(*source, document, {"title", "tier", "program", "task", "questions", "comment"});
  Exercise exercise;
  exercise.name = name;
  exercise.directory = directory.string();
  exercise.title = member(*source, document, "title", JsonKind::String).text;
  if (const JsonValue* tier = optional_member(*source, document, "tier", JsonKind::String)) exercise.tier = tier->text;
  const JsonValue& program = member(*source, document, "program", JsonKind::String);
  if (program.text.empty() || program.text.find("..") != std::string::npos || program.text.front() == '/')
    fail_at(*source, program.offset, "\"program\" names a file in the exercise's directory");
  exercise.program_path = (directory / program.text).string();
  if (const JsonValue* task = optional_member(*source, document, "task", JsonKind::String)) {
    if (!fs::is_regular_file(directory / task->text)) fail_at(*source, task->offset, "no such file: " + task->text);
  }
  exercise.program = load_program(exercise.program_path);
  exercise.source = source;
  const JsonValue& questions = member(*source, document, "questions", JsonKind::Array);
  if (questions.items.empty()) fail_at(*source, questions.offset, "an exercise has at least one question");
  for (const JsonValue& item : questions.items) {
    LabQuestion question = read_question(*source, item, *exercise.program);
    for (const auto& other : exercise.questions)
      if (other.id == question.id) fail_at(*source, item.offset, "two questions are named \"" + question.id + "\"");
    exercise.questions.push_back(std::move(question));
  }
  return exercise;
}

}  // namespace

Lab load_lab(const std::string& directory) {
  std::error_code error;
  if (!fs::is_directory(directory, error)) throw InputError(directory + ": error: not a directory\n");
  Lab lab;
  lab.directory = directory;
  const fs::path root(directory);
  if (fs::is_regular_file(root / exercise_file_name)) {
    lab.single_exercise = true;
    std::string name = fs::path(directory).lexically_normal().filename().string();
    if (name.empty()) name = fs::path(directory).lexically_normal().parent_path().filename().string();
    lab.exercises.push_back(load_exercise(root, name));
    return lab;
  }
  std::vector<fs::path> found;
  for (fs::recursive_directory_iterator it(root, fs::directory_options::skip_permission_denied, error), end; it != end && !error;
       it.increment(error)) {
    if (it.depth() > 4) it.disable_recursion_pending();
    if (it->is_regular_file(error) && it->path().filename() == exercise_file_name) found.push_back(it->path().parent_path());
  }
  if (found.empty()) throw InputError(directory + ": error: no " + std::string(exercise_file_name) + " in this directory or below\n");
  std::sort(found.begin(), found.end());
  for (const auto& exercise : found)
    lab.exercises.push_back(load_exercise(exercise, exercise.lexically_relative(root).generic_string()));
  return lab;
}

}  // namespace symref

// Marking answers against conditions and counts computed from the programs (interp/grading).
#include "interp/grading/grader.hpp"

#include <chrono>
#include <map>
#include <sstream>

#include "interp/explore/explorer.hpp"
#include "interp/grading/condition_check.hpp"
#include "interp/grading/condition_in_json.hpp"
#include "interp/grading/question_truths.hpp"
#include "interp/state_json/state_format.hpp"
#include "semantics/syntax/diagnostics.hpp"
#include "semantics/traces/weakest_precondition.hpp"
#include "interp/version.hpp"

namespace symref {

namespace {

using json::JsonKind;
using json::JsonValue;
using Json = nlohmann::ordered_json;

constexpr std::size_t max_answers_file_size = 1 << 20;

std::string diagnostic_at(const SourceFile& file, std::size_t offset, const std::string& message) {
  return format_diagnostic(&file, file.path(), Diagnostic{file.location_of(offset), message});
}

Json answer_as_json(const JsonValue& value) {
  switch (value.kind) {
    case JsonKind::String: return value.text;
    case JsonKind::Number: return Json::parse(value.text, nullptr, false).is_discarded() ? Json(value.text) : Json::parse(value.text);
    case JsonKind::Boolean: return value.boolean;
    case JsonKind::Null: return nullptr;
    default: return value.kind_name();
  }
}

// What a condition question compares an answer with.
std::string truth_name(const LabQuestion& question) {
  switch (question.kind) {
    case QuestionKind::PathCondition: return "the path condition";
    case QuestionKind::OutcomeCondition: return "the condition for " + std::string(outcome_name(*question.outcome));
    case QuestionKind::WeakestPrecondition: return "the weakest precondition";
    case QuestionKind::FeasiblePaths: break;
  }
  return "the answer";
}

void grade_condition(const Exercise& exercise, const LabQuestion& question, const SourceFile& file, const JsonValue& value,
                     const GradingLimits& limits, QuestionTruths& truths, QuestionGrade& grade) {
  const auto started = std::chrono::steady_clock::now();
  if (value.kind != JsonKind::String) {
    grade.mark = Mark::Malformed;
    grade.diagnostic = diagnostic_at(file, value.offset, "the answer to a " + std::string(question_kind_name(question.kind)) +
                                                             " question is a condition in a string, not " + value.kind_name());
    return;
  }
  if (value.text.size() > limits.max_answer_length) {
    grade.mark = Mark::Malformed;
    grade.diagnostic = diagnostic_at(file, value.offset, "the answer is longer than " + std::to_string(limits.max_answer_length) + " characters");
    return;
  }
  const Program& program = *exercise.program;
  ExpressionPointer expression;
  try {
    expression = load_condition_in_json(program, file, value);
  } catch (const InputError& error) {
    grade.mark = Mark::Malformed;
    grade.diagnostic = error.what();
    return;
  }
  QuestionTruth& truth = truths.of(exercise, question);
  if (!truth.condition) {
    grade.mark = Mark::Undecided;
    grade.feedback = truth.failure;
    return;
  }
  terms::TermManager& terms = *truth.terms;
  ConditionQuery query = truth.query;
  query.deadline = started + std::chrono::milliseconds(limits.timeout_milliseconds);
  ConditionVerdict verdict = compare_condition(program, terms, condition_term(terms, *expression), *truth.condition, query);
  const std::string name = truth_name(question);
  switch (verdict.kind) {
    case VerdictKind::Equivalent:
      grade.mark = Mark::Correct;
      grade.feedback = "equivalent to " + name + (truth.condition->cut_paths > 0 ? " on every input whose run stays within the loop bound" : "");
      return;
    case VerdictKind::Unknown:
      grade.mark = Mark::Undecided;
      grade.feedback = verdict.reason;
      return;
    case VerdictKind::Different: break;
  }
  grade.mark = Mark::Wrong;
  if (!verdict.separating_input) {
    grade.feedback = "not equivalent to " + name + " (no input could be built from the solver's model: " + verdict.reason + ")";
    return;
  }
  grade.answer_value = verdict.claimed_value;
  grade.truth_value = verdict.expected_value;
  grade.run = "path " + (verdict.run_branches.empty() ? std::string("(no branches)") : verdict.run_branches) + ", " +
              std::string(outcome_name(verdict.run_outcome));
  grade.feedback = "on the input " + write_state(program, *verdict.separating_input).dump() + " your answer is " +
                   (verdict.claimed_value ? "true" : "false") + " but " + name + " is " + (verdict.expected_value ? "true" : "false") +
                   " (the program takes " + grade.run + " there)";
  grade.separating_input = std::move(verdict.separating_input);
}

void grade_count(const Exercise& exercise, const LabQuestion& question, const SourceFile& file, const JsonValue& value,
                 QuestionTruths& truths, QuestionGrade& grade) {
  if (value.kind != JsonKind::Number || value.text.find_first_not_of("0123456789") != std::string::npos || value.text.size() > 9) {
    grade.mark = Mark::Malformed;
    grade.diagnostic = diagnostic_at(file, value.offset, "the answer to a feasible-paths question is a whole number from 0 to 999999999");
    return;
  }
  const std::uint64_t answer = std::stoull(value.text);
  QuestionTruth& truth = truths.of(exercise, question);
  if (!truth.feasible) {
    grade.mark = Mark::Undecided;
    grade.feedback = truth.failure;
    return;
  }
  const std::uint64_t feasible = *truth.feasible;
  const std::string bound = "at loop bound " + std::to_string(truth.loop_bound);
  if (answer == feasible) {
    grade.mark = Mark::Correct;
    grade.feedback = "the tree has " + std::to_string(feasible) + " such feasible paths " + bound;
  } else {
    grade.mark = Mark::Wrong;
    grade.feedback = std::string("the tree has ") + (answer > feasible ? "fewer" : "more") + " feasible paths " + bound +
                     (question.outcome ? " ending in " + std::string(outcome_name(*question.outcome)) : "") + " than " +
                     std::to_string(answer);
  }
}

// The answers of one exercise: question id → value, with unknown ids reported.
std::map<std::string, const JsonValue*> answers_of(const Exercise& exercise, const SourceFile& file, const JsonValue& object,
                                                   bool top_level, std::vector<std::string>& file_errors) {
  std::map<std::string, const JsonValue*> out;
  for (std::size_t k = 0; k < object.members.size(); ++k) {
    const auto& [key, value] = object.members[k];
    if (top_level && (key == "student" || key == "comment")) continue;
    bool known = false;
    for (const auto& question : exercise.questions) known |= question.id == key;
    if (!known) {
      std::string ids;
      for (const auto& question : exercise.questions) ids += (ids.empty() ? "" : ", ") + question.id;
      file_errors.push_back(diagnostic_at(file, object.key_offsets[k], "exercise " + exercise.name + " has no question \"" + key + "\" (its questions: " + ids + ")"));
      continue;
    }
    if (out.count(key)) {
      file_errors.push_back(diagnostic_at(file, object.key_offsets[k], "a second answer to \"" + key + "\""));
      continue;
    }
    out[key] = &value;
  }
  return out;
}

}  // namespace

const char* mark_name(Mark mark) {
  switch (mark) {
    case Mark::Correct: return "correct";
    case Mark::Wrong: return "wrong";
    case Mark::Malformed: return "malformed";
    case Mark::Undecided: return "undecided";
    case Mark::Missing: return "missing";
  }
  return "?";
}

bool GradeReport::any_wrong() const {
  for (const auto& exercise : exercises)
    for (const auto& question : exercise.questions)
      if (question.mark == Mark::Wrong) return true;
  return false;
}

bool GradeReport::malformed() const {
  if (!file_errors.empty()) return true;
  for (const auto& exercise : exercises)
    for (const auto& question : exercise.questions)
      if (question.mark == Mark::Malformed) return true;
  return false;
}

namespace {

// Grades the file as answers to the whole lab, or, with `only`, as the answers to that exercise alone.
GradeReport grade_file(const Lab& lab, const Exercise* only, const std::string& answers_path, const GradingLimits& limits,
                       QuestionTruths* truths) {
  std::optional<QuestionTruths> own_truths;
  if (truths == nullptr) truths = &own_truths.emplace(limits);
  std::string error;
  auto file = SourceFile::read(answers_path, error);
  if (file == nullptr) throw InputError(answers_path + ": error: " + error + "\n");
  if (file->text().size() > max_answers_file_size)
    throw InputError(answers_path + ": error: an answers file is at most " + std::to_string(max_answers_file_size) + " bytes\n");
  JsonValue document = json::parse_json(*file);
  if (document.kind != JsonKind::Object)
    throw InputError(diagnostic_at(*file, document.offset, "an answers file is a JSON object, not " + document.kind_name()));

  GradeReport report;
  report.lab_directory = lab.directory;
  report.answers_path = answers_path;
  for (const char* key : {"student", "comment"}) {
    if (const JsonValue* value = document.find(key)) {
      if (value->kind != JsonKind::String)
        report.file_errors.push_back(diagnostic_at(*file, value->offset, "\"" + std::string(key) + "\" is a string"));
      else if (std::string(key) == "student")
        report.student = value->text;
    }
  }
  // Which object holds each exercise's answers.
  std::map<std::string, const JsonValue*> per_exercise;
  const bool one_exercise = only != nullptr || lab.single_exercise;
  if (one_exercise) {
    per_exercise[(only ? *only : lab.exercises.front()).name] = &document;
  } else {
    for (std::size_t k = 0; k < document.members.size(); ++k) {
      const auto& [key, value] = document.members[k];
      if (key == "student" || key == "comment") continue;
      bool known = false;
      for (const auto& exercise : lab.exercises) known |= exercise.name == key;
      if (!known) {
        report.file_errors.push_back(diagnostic_at(*file, document.key_offsets[k], "the lab has no exercise \"" + key + "\""));
        continue;
      }
      if (value.kind != JsonKind::Object) {
        report.file_errors.push_back(diagnostic_at(*file, value.offset, "the answers to an exercise are an object, not " + value.kind_name()));
        continue;
      }
      per_exercise[key] = &value;
    }
  }
  for (const Exercise& exercise : lab.exercises) {
    if (only != nullptr && &exercise != only) continue;
    ExerciseGrade exercise_grade;
    exercise_grade.exercise = &exercise;
    std::map<std::string, const JsonValue*> answers;
    if (auto it = per_exercise.find(exercise.name); it != per_exercise.end())
      answers = answers_of(exercise, *file, *it->second, one_exercise, report.file_errors);
    for (const LabQuestion& question : exercise.questions) {
      QuestionGrade grade;
      grade.question = &question;
      auto it = answers.find(question.id);
      if (it == answers.end()) {
        grade.mark = Mark::Missing;
        grade.answer = nullptr;
      } else {
        grade.answer = answer_as_json(*it->second);
        if (question.kind == QuestionKind::FeasiblePaths)
          grade_count(exercise, question, *file, *it->second, *truths, grade);
        else
          grade_condition(exercise, question, *file, *it->second, limits, *truths, grade);
      }
      exercise_grade.questions.push_back(std::move(grade));
    }
    report.exercises.push_back(std::move(exercise_grade));
  }
  return report;
}

}  // namespace

GradeReport grade_answers(const Lab& lab, const std::string& answers_path, const GradingLimits& limits, QuestionTruths* truths) {
  return grade_file(lab, nullptr, answers_path, limits, truths);
}

GradeReport grade_exercise_answers(const Lab& lab, const Exercise& exercise, const std::string& answers_path,
                                   const GradingLimits& limits, QuestionTruths* truths) {
  return grade_file(lab, &exercise, answers_path, limits, truths);
}

Json grade_report_to_json(const GradeReport& report) {
  Json out;
  out["version"] = json_format_version;
  out["lab"] = report.lab_directory;
  out["answers"] = report.answers_path;
  if (!report.student.empty()) out["student"] = report.student;
  std::map<std::string, std::size_t> totals;
  std::size_t questions = 0;
  Json exercises = Json::array();
  for (const auto& exercise : report.exercises) {
    Json entry;
    entry["exercise"] = exercise.exercise->name;
    entry["title"] = exercise.exercise->title;
    Json list = Json::array();
    for (const auto& grade : exercise.questions) {
      Json item;
      item["id"] = grade.question->id;
      item["kind"] = question_kind_name(grade.question->kind);
      item["mark"] = mark_name(grade.mark);
      item["answer"] = grade.answer;
      if (!grade.feedback.empty()) item["feedback"] = grade.feedback;
      if (!grade.diagnostic.empty()) item["diagnostic"] = grade.diagnostic;
      if (grade.separating_input) {
        item["separating_input"] = write_state(*exercise.exercise->program, *grade.separating_input);
        item["answer_value"] = grade.answer_value;
        item["truth_value"] = grade.truth_value;
        item["run"] = grade.run;
      }
      list.push_back(std::move(item));
      ++totals[mark_name(grade.mark)];
      ++questions;
    }
    entry["questions"] = std::move(list);
    exercises.push_back(std::move(entry));
  }
  out["exercises"] = std::move(exercises);
  Json summary;
  summary["questions"] = questions;
  for (Mark mark : {Mark::Correct, Mark::Wrong, Mark::Malformed, Mark::Undecided, Mark::Missing})
    summary[mark_name(mark)] = totals[mark_name(mark)];
  out["summary"] = std::move(summary);
  Json errors = Json::array();
  for (const auto& error : report.file_errors) errors.push_back(error);
  out["file_errors"] = std::move(errors);
  return out;
}

std::string grade_report_to_text(const GradeReport& report) {
  std::ostringstream out;
  std::size_t questions = 0;
  for (const auto& exercise : report.exercises) questions += exercise.questions.size();
  out << "grading " << report.answers_path << " against " << report.lab_directory << " (" << report.exercises.size()
      << (report.exercises.size() == 1 ? " exercise, " : " exercises, ") << questions << " questions)";
  if (!report.student.empty()) out << " — " << report.student;
  out << "\n";
  std::map<Mark, std::size_t> totals;
  for (const auto& exercise : report.exercises) {
    out << exercise.exercise->name << "  " << exercise.exercise->title << "\n";
    std::size_t width = 0;
    for (const auto& grade : exercise.questions) width = std::max(width, grade.question->id.size());
    for (const auto& grade : exercise.questions) {
      static const char* const symbols[] = {"✓", "✗", "!", "?", "·"};
      out << "  " << symbols[static_cast<int>(grade.mark)] << " " << grade.question->id
          << std::string(width - grade.question->id.size() + 2, ' ') << mark_name(grade.mark);
      if (!grade.feedback.empty()) out << ": " << grade.feedback;
      out << "\n";
      if (!grade.diagnostic.empty()) {
        std::istringstream lines(grade.diagnostic);
        std::string line;
        while (std::getline(lines, line)) out << "      " << line << "\n";
      }
      ++totals[grade.mark];
    }
  }
  out << "score: " << totals[Mark::Correct] << " of " << questions << " correct · " << totals[Mark::Wrong] << " wrong · "
      << totals[Mark::Malformed] << " malformed · " << totals[Mark::Undecided] << " undecided · " << totals[Mark::Missing]
      << " missing\n";
  return out.str();
}

}  // namespace symref

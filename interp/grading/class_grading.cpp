// Grading many answers files in parallel, and the gradebook's formats (interp/grading).
#include "interp/grading/class_grading.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <filesystem>
#include <map>
#include <sstream>
#include <thread>

#include "interp/grading/question_truths.hpp"
#include "interp/solver/backends/large_stack_thread.hpp"
#include "interp/version.hpp"
#include "semantics/syntax/diagnostics.hpp"

namespace symref {

namespace fs = std::filesystem;
using Json = nlohmann::ordered_json;

bool StudentRow::failed() const { return !errors.empty() || (report && report->malformed()); }

std::size_t StudentRow::score() const {
  std::size_t correct = 0;
  if (report)
    for (const auto& exercise : report->exercises)
      for (const auto& grade : exercise.questions) correct += grade.mark == Mark::Correct;
  return correct;
}

std::size_t Gradebook::questions() const {
  std::size_t count = 0;
  for (const auto& exercise : lab->exercises) count += exercise.questions.size();
  return count;
}

bool Gradebook::any_wrong() const {
  return std::any_of(rows.begin(), rows.end(), [](const StudentRow& row) { return row.report && row.report->any_wrong(); });
}

bool Gradebook::any_failed() const {
  return std::any_of(rows.begin(), rows.end(), [](const StudentRow& row) { return row.failed(); });
}

std::vector<std::string> answers_files(const std::vector<std::string>& arguments) {
  std::vector<std::string> files;
  for (const std::string& argument : arguments) {
    std::error_code error;
    if (fs::is_directory(argument, error)) {
      std::vector<std::string> found;
      for (const auto& entry : fs::directory_iterator(argument, fs::directory_options::skip_permission_denied, error))
        if (entry.path().extension() == ".json" && entry.is_regular_file(error)) found.push_back(entry.path().string());
      if (found.empty()) throw InputError(argument + ": error: no .json answers file in this directory\n");
      std::sort(found.begin(), found.end());
      files.insert(files.end(), found.begin(), found.end());
    } else if (fs::is_regular_file(argument, error)) {
      files.push_back(argument);
    } else {
      throw InputError(argument + ": error: no such answers file or directory\n");
    }
  }
  return files;
}

namespace {

StudentRow grade_one(const Lab& lab, const std::string& file, const GradingLimits& limits, QuestionTruths& truths) {
  StudentRow row;
  row.answers_path = file;
  row.student = fs::path(file).stem().string();
  try {
    row.report = grade_answers(lab, file, limits, &truths);
    if (!row.report->student.empty()) row.student = row.report->student;
    row.errors = row.report->file_errors;
  } catch (const InputError& error) {
    row.errors.push_back(error.what());
  }
  return row;
}

std::string first_line(const std::string& text) { return text.substr(0, text.find('\n')); }

std::string csv_field(const std::string& text) {
  if (text.find_first_of(",\"\n\r") == std::string::npos) return text;
  std::string quoted = "\"";
  for (char c : text) quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
  return quoted + "\"";
}

std::string errors_in_one_line(const StudentRow& row) {
  std::string joined;
  for (const auto& error : row.errors) joined += (joined.empty() ? "" : "; ") + first_line(error);
  if (row.report)
    for (const auto& exercise : row.report->exercises)
      for (const auto& grade : exercise.questions)
        if (grade.mark == Mark::Malformed) joined += (joined.empty() ? "" : "; ") + first_line(grade.diagnostic);
  return joined;
}

std::size_t count_of(const StudentRow& row, Mark mark) {
  std::size_t count = 0;
  if (row.report)
    for (const auto& exercise : row.report->exercises)
      for (const auto& grade : exercise.questions) count += grade.mark == mark;
  return count;
}

}  // namespace

Gradebook grade_class(const Lab& lab, const std::vector<std::string>& files, const GradingLimits& limits, unsigned jobs) {
  const auto started = std::chrono::steady_clock::now();
  Gradebook gradebook;
  gradebook.lab = &lab;
  gradebook.jobs = std::max(1u, std::min<unsigned>(jobs, static_cast<unsigned>(std::max<std::size_t>(files.size(), 1))));
  gradebook.rows.resize(files.size());
  std::atomic<std::size_t> next{0};
  // Each worker takes the next file until none is left; its truths serve every file it grades.
  auto work = [&] {
    QuestionTruths truths(limits);
    for (std::size_t k = next++; k < files.size(); k = next++) gradebook.rows[k] = grade_one(lab, files[k], limits, truths);
  };
  std::vector<std::thread> threads;
  for (unsigned j = 0; j < gradebook.jobs; ++j)
    threads.emplace_back([&] {
      // Solver libraries recurse along a formula's depth: the work runs on a large stack.
      solver::LargeStackThread worker;
      worker.run(work);
    });
  for (auto& thread : threads) thread.join();
  // Two files that name the same student: both rows say so, and neither is silently dropped.
  std::map<std::string, std::vector<std::size_t>> by_student;
  for (std::size_t k = 0; k < gradebook.rows.size(); ++k) by_student[gradebook.rows[k].student].push_back(k);
  for (const auto& [student, rows] : by_student) {
    if (rows.size() < 2) continue;
    for (std::size_t k : rows)
      gradebook.rows[k].errors.push_back(gradebook.rows[k].answers_path + ": error: " + std::to_string(rows.size()) +
                                         " answers files name the student \"" + student + "\"\n");
  }
  gradebook.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  return gradebook;
}

std::string gradebook_to_csv(const Gradebook& gradebook) {
  std::ostringstream out;
  const bool one_exercise = gradebook.lab->single_exercise;
  out << "student,file";
  for (const auto& exercise : gradebook.lab->exercises)
    for (const auto& question : exercise.questions) out << "," << csv_field(one_exercise ? question.id : exercise.name + ":" + question.id);
  out << ",total,questions,undecided,error\n";
  for (const StudentRow& row : gradebook.rows) {
    out << csv_field(row.student) << "," << csv_field(row.answers_path);
    for (std::size_t e = 0; e < gradebook.lab->exercises.size(); ++e)
      for (std::size_t q = 0; q < gradebook.lab->exercises[e].questions.size(); ++q) {
        out << ",";
        if (!row.report) continue;
        switch (row.report->exercises[e].questions[q].mark) {
          case Mark::Correct: out << "1"; break;
          case Mark::Wrong: out << "0"; break;
          case Mark::Malformed: out << "malformed"; break;
          case Mark::Undecided: out << "undecided"; break;
          case Mark::Missing: out << "missing"; break;
        }
      }
    out << "," << (row.report ? std::to_string(row.score()) : std::string()) << "," << gradebook.questions() << ","
        << count_of(row, Mark::Undecided) << "," << csv_field(errors_in_one_line(row)) << "\n";
  }
  return out.str();
}

Json gradebook_to_json(const Gradebook& gradebook) {
  Json out;
  out["version"] = json_format_version;
  out["lab"] = gradebook.lab->directory;
  out["questions"] = gradebook.questions();
  Json students = Json::array();
  for (const StudentRow& row : gradebook.rows) {
    Json entry;
    entry["student"] = row.student;
    entry["answers"] = row.answers_path;
    entry["score"] = row.report ? Json(row.score()) : Json(nullptr);
    entry["failed"] = row.failed();
    Json errors = Json::array();
    for (const auto& error : row.errors) errors.push_back(error);
    entry["errors"] = std::move(errors);
    if (row.report) {
      Json report = grade_report_to_json(*row.report);
      entry["summary"] = report["summary"];
      entry["exercises"] = report["exercises"];
    }
    students.push_back(std::move(entry));
  }
  out["students"] = std::move(students);
  return out;
}

std::string gradebook_to_text(const Gradebook& gradebook) {
  std::ostringstream out;
  std::size_t width = 7;
  for (const StudentRow& row : gradebook.rows) width = std::max(width, row.student.size());
  out << "student" << std::string(width - 7 + 2, ' ') << "score  wrong  malformed  undecided  missing\n";
  for (const StudentRow& row : gradebook.rows) {
    out << row.student << std::string(width - row.student.size() + 2, ' ');
    if (!row.report) {
      out << "—      error: " << first_line(row.errors.front()) << "\n";
      continue;
    }
    std::string score = std::to_string(row.score()) + "/" + std::to_string(gradebook.questions());
    auto column = [&](const std::string& text, std::size_t wide) { out << text << std::string(text.size() < wide ? wide - text.size() : 1, ' '); };
    column(score, 7);
    column(std::to_string(count_of(row, Mark::Wrong)), 7);
    column(std::to_string(count_of(row, Mark::Malformed)), 11);
    column(std::to_string(count_of(row, Mark::Undecided)), 11);
    out << count_of(row, Mark::Missing);
    const std::string errors = errors_in_one_line(row);
    if (!errors.empty()) out << "  error: " << errors;
    out << "\n";
  }
  return out.str();
}

}  // namespace symref

// Grading a whole class (`symref grade LAB ANSWERS...`): one answers file per student, graded in
// parallel against the same lab, into a gradebook — one row per student with a score per question
// and a total — as text, CSV or JSON.  A file that cannot be read fails its own row only.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "interp/grading/grader.hpp"

namespace symref {

struct StudentRow {
  std::string student;                // the file's "student", else the file's name without .json
  std::string answers_path;
  std::optional<GradeReport> report;  // nothing when the file could not be read at all
  std::vector<std::string> errors;    // diagnostics of the file (unreadable, not JSON, unknown names, ...)
  bool failed() const;                // an error, or a malformed answer
  std::size_t score() const;          // answers marked correct
};

struct Gradebook {
  const Lab* lab = nullptr;
  std::vector<StudentRow> rows;  // in the order of the files
  unsigned jobs = 1;
  double seconds = 0;            // wall-clock time of the grading
  std::size_t questions() const;  // in the whole lab
  bool any_failed() const;
  bool any_wrong() const;  // an answer of some row marked wrong
};

// The answers files named by `arguments`: each file as it is, each directory's *.json files (not
// recursing), sorted.  Throws InputError for a path that is neither, or a directory without one.
std::vector<std::string> answers_files(const std::vector<std::string>& arguments);

// Grades every file with `jobs` threads, each computing a question's truth once for all the files
// it grades (question_truths.hpp).
Gradebook grade_class(const Lab& lab, const std::vector<std::string>& files, const GradingLimits& limits, unsigned jobs);

// The CSV gradebook: a header, then one row per student — student, file, one column per question
// (1 correct, 0 wrong, or missing, malformed, undecided), total, questions, undecided, error.
std::string gradebook_to_csv(const Gradebook& gradebook);
// Every student's whole report (grade_report_to_json) with its score and errors.
nlohmann::ordered_json gradebook_to_json(const Gradebook& gradebook);
// One line per student.
std::string gradebook_to_text(const Gradebook& gradebook);

}  // namespace symref

// Lab exercises for course use (corpus/labs): a directory with the task text, the program, and
// exercise.json naming the questions — the path condition of a named path, the condition for an
// outcome, the weakest precondition of main for a postcondition (all answered by a condition on
// the input), and the number of feasible paths at a loop bound (answered by a number).  A lab is
// one exercise directory or a directory tree of them.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "interp/state_json/json_document.hpp"
#include "semantics/outcome.hpp"
#include "semantics/syntax/program.hpp"
#include "semantics/syntax/source.hpp"

namespace symref {

enum class QuestionKind { PathCondition, OutcomeCondition, WeakestPrecondition, FeasiblePaths };

// "path-condition", "outcome-condition", "weakest-precondition", "feasible-paths".
const char* question_kind_name(QuestionKind kind);

struct LabQuestion {
  std::string id;                       // unique in its exercise: letters, digits and - _
  QuestionKind kind = QuestionKind::PathCondition;
  std::string text;                     // the question as the student reads it
  std::string branches;                 // PathCondition
  std::optional<Outcome> outcome;       // PathCondition (to choose), OutcomeCondition, FeasiblePaths (to filter)
  std::string postcondition;            // WeakestPrecondition, as written
  ExpressionPointer postcondition_expression;
  std::optional<std::uint32_t> loop_bound;
  bool unreachable = false;             // OutcomeCondition: the lab expects no input to reach the outcome (answer false)
  std::size_t offset = 0;               // of the question's object in exercise.json
  std::size_t branches_offset = 0, outcome_offset = 0;  // of those values, when given
};

struct Exercise {
  std::string name;       // its directory relative to the lab ("basic/01-absolute-value"), or its own name
  std::string directory;
  std::string title;
  std::string tier;       // e.g. "§2 basic statements and arrays"
  std::string program_path;
  std::unique_ptr<Program> program;
  std::vector<LabQuestion> questions;
  std::shared_ptr<const SourceFile> source;  // exercise.json, for diagnostics at a question's position
};

struct Lab {
  std::string directory;
  bool single_exercise = false;  // the directory is itself an exercise
  std::vector<Exercise> exercises;
};

// Reads a lab; throws InputError (file:line:col) on a missing directory, a malformed
// exercise.json, or a program or postcondition that does not parse and check.
Lab load_lab(const std::string& directory);

// The name of an exercise.json file in an exercise directory.
inline constexpr const char* exercise_file_name = "exercise.json";

}  // namespace symref

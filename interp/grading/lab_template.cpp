// The files of a new lab exercise (interp/grading).
#include "interp/grading/lab_template.hpp"

#include <filesystem>
#include <fstream>
#include <utility>

#include "semantics/syntax/diagnostics.hpp"

namespace symref {

namespace {

namespace fs = std::filesystem;

constexpr const char* task_text = R"(# Sign and magnitude (§2: assignment, choice, assert)

<!-- task.md: what the students read.  Say what the program does, which rules of the paper they
     apply, and ask the questions of exercise.json by their ids. -->

`program.sym` puts the magnitude of `x` into `y` and asserts that it is not 3.  Execute it
symbolically by hand from ⟨S, id, true⟩ with the rules *symbolic choice* and *symbolic assignment*,
and treat `assert b` as a test that forks into `T` (b holds) and `F` (b fails).

1. **pc-then** — the path condition of the path `TT`, over the initial `x`.
2. **fails** — the inputs on which the assertion fails.
3. **feasible** — how many feasible paths the tree has (loop bound 10; the program has no loop).
4. **wp** — the weakest precondition of the program for `y == 1`.

Write each condition in the language's syntax over the globals, e.g. `x > 0 && x != 3`.
)";

constexpr const char* program_text = R"(// program.sym: the program of the exercise.  Its globals are the input: the conditions students
// write speak of their initial values.
var x: int;
var y: int;

main {
  if x > 0 {
    y := x;
  } else {
    y := -x;
  }
  assert y != 3;
}
)";

constexpr const char* exercise_text = R"({
  "comment": "exercise.json: the questions symref grades. kind is path-condition (names a path by its branch string, which must be feasible), outcome-condition (an outcome some input reaches; say \"unreachable\": true when the answer is false), weakest-precondition (a postcondition) or feasible-paths (a count, at the loop_bound it names). Check the lab with: symref lab check DIR",
  "title": "Sign and magnitude",
  "tier": "§2 basic statements",
  "program": "program.sym",
  "task": "task.md",
  "questions": [
    {"id": "pc-then", "kind": "path-condition", "branches": "TT",
     "text": "The path condition of the path TT."},
    {"id": "fails", "kind": "outcome-condition", "outcome": "assertion-failure",
     "text": "For which inputs does the assertion fail?"},
    {"id": "feasible", "kind": "feasible-paths", "loop_bound": 10,
     "text": "How many feasible paths has the tree?"},
    {"id": "wp", "kind": "weakest-precondition", "postcondition": "y == 1",
     "text": "The weakest precondition for y == 1."}
  ]
}
)";

constexpr const char* golden_text = R"({
  "comment": "golden.json: the expected answers, derived by hand (say how here); symref lab check confirms each against the program. TT: x > 0 and then y = x != 3. The assertion fails when y == 3: x == 3 on the then-branch, x == -3 on the else-branch. Four feasible leaves: TT, TF, FT, FF. wp for y == 1: x == 1 or x == -1 (both pass the assert).",
  "pc-then": "x > 0 && x != 3",
  "fails": "x == 3 || x == -3",
  "feasible": 4,
  "wp": "x == 1 || x == -1"
}
)";

constexpr const char* wrong_text = R"({
  "comment": "wrong.json: a typical wrong answer (say which slip it is); symref lab check makes sure the grader rejects it with a separating input. Here: only the then-branch is considered, so x == -3 is missed.",
  "fails": "x == 3"
}
)";

}  // namespace

std::vector<std::string> write_lab_template(const std::string& directory) {
  const std::pair<const char*, const char*> files[] = {{"task.md", task_text},
                                                       {"program.sym", program_text},
                                                       {"exercise.json", exercise_text},
                                                       {"golden.json", golden_text},
                                                       {"wrong.json", wrong_text}};
  const fs::path root(directory);
  std::error_code error;
  for (const auto& [name, text] : files)
    if (fs::exists(root / name, error))
      throw InputError((root / name).string() + ": error: already exists; lab new writes only into a directory without the exercise's files\n");
  fs::create_directories(root, error);
  if (error) throw InputError(directory + ": error: cannot create the directory: " + error.message() + "\n");
  std::vector<std::string> written;
  for (const auto& [name, text] : files) {
    std::ofstream out(root / name);
    out << text;
    if (!out) throw InputError((root / name).string() + ": error: cannot write the file\n");
    written.push_back((root / name).string());
  }
  return written;
}

}  // namespace symref

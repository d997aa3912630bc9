// A new lab exercise to start from (`symref lab new DIR`): the five files of an exercise — the
// task, the program, the questions, the golden answers and a wrong one — each saying in comments
// what it is for, and together a lab that `symref lab check` accepts.
#pragma once

#include <string>
#include <vector>

namespace symref {

// Writes the files into `directory` (created if need be) and returns their paths.  Throws
// InputError when the directory already holds any of them: nothing is overwritten.
std::vector<std::string> write_lab_template(const std::string& directory);

}  // namespace symref

// Where a run or path ended other than normally (semantics/outcome_site.hpp), as the text of
// `run` and `explore` and as the JSON object "at" (docs/json.md).
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "semantics/outcome_site.hpp"

namespace symref {

// {"line": 4, "column": 3, "statement": "a[i] := 1", "stack": [{"procedure": "p", "line": 4,
// "column": 3}, {"procedure": "main", "line": 9, "column": 5}]}: the stack innermost first, each
// caller at its call.
nlohmann::ordered_json site_to_json(const Program& program, const OutcomeSite& site);

// "FILE:4:3 in p: a[i] := 1" (FILE the program's source path).
std::string site_heading(const Program& program, const OutcomeSite& site);

// The heading, then each caller on the same line: "FILE:4:3 in p: a[i] := 1, called from
// FILE:9:5 in main" (a path of `explore`'s text).
std::string site_line(const Program& program, const OutcomeSite& site);

// The source line with a caret under the column, then one line per caller
// ("called from FILE:9:5 in main"), each line starting with `indent`.
std::string site_details(const Program& program, const OutcomeSite& site, const std::string& indent);

}  // namespace symref

// Output without timings (`--no-timings` on every command that measures time): the same input
// then gives the same bytes, for golden files and for comparing runs, --jobs and --shard splits.
// In JSON a timing is any member whose name ends in "seconds"; the text outputs leave out their
// timing phrases themselves.
#pragma once

#include <string>
#include <vector>

namespace symref {

// Removes every member whose name ends in "seconds", at any depth (nlohmann::json or ordered_json).
template <class Json>
void strip_timings(Json& document) {
  if (document.is_object()) {
    std::vector<std::string> timings;
    for (auto it = document.begin(); it != document.end(); ++it) {
      const std::string& name = it.key();
      if (name.size() >= 7 && name.compare(name.size() - 7, 7, "seconds") == 0) timings.push_back(name);
      else strip_timings(it.value());
    }
    for (const auto& name : timings) document.erase(name);
  } else if (document.is_array()) {
    for (auto& element : document) strip_timings(element);
  }
}

}  // namespace symref

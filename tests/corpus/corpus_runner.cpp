// The golden-corpus runner: checks a corpus program against the expectations stored beside it.
//
//   corpus_runner run corpus/classic/factorial.sym
//
// reads corpus/classic/factorial.run.json, a list of runs, each with an input state (LANGUAGE.md
// JSON), the expected outcome, and optionally the expected final state (compared up to renaming
// of objects), branch string and step count:
//   { "runs": [ { "input": {...}, "outcome": "normal", "final": {...}, "branches": "TTF",
//                 "steps": 12, "max_steps": 1000 } ] }
#include <filesystem>
#include <iostream>
#include <string>

#include "interp/state_json/json_document.hpp"
#include "interp/state_json/state_format.hpp"
#include "semantics/concrete/machine.hpp"
#include "semantics/syntax/diagnostics.hpp"
#include "semantics/syntax/front_end.hpp"

namespace symref {
namespace {

using json::JsonKind;
using json::JsonValue;

std::string sibling(const std::string& program_path, const std::string& suffix) {
  std::filesystem::path path(program_path);
  return (path.parent_path() / path.stem()).string() + suffix;
}

int check_runs(const std::string& program_path) {
  auto program = load_program(program_path);
  std::string expectations_path = sibling(program_path, ".run.json");
  std::string error;
  auto source = SourceFile::read(expectations_path, error);
  if (source == nullptr) {
    std::cerr << expectations_path << ": error: " << error << "\n";
    return 1;
  }
  JsonValue document = json::parse_json(*source);
  const JsonValue* runs = document.find("runs");
  if (runs == nullptr || runs->kind != JsonKind::Array || runs->items.empty()) {
    std::cerr << expectations_path << ": error: expected {\"runs\": [...]} with at least one run\n";
    return 1;
  }
  int failures = 0;
  for (std::size_t k = 0; k < runs->items.size(); ++k) {
    const JsonValue& run = runs->items[k];
    std::string label = expectations_path + " run " + std::to_string(k);
    std::vector<std::string> notes;
    GlobalState input = default_global_state(*program);
    if (const JsonValue* value = run.find("input")) input = read_state_value(*program, *source, *value, notes);
    RunLimits limits;
    if (const JsonValue* value = run.find("max_steps")) limits.max_steps = std::stoull(value->text);
    ConcreteMachine machine(*program, input);
    machine.run(limits);

    const JsonValue* outcome = run.find("outcome");
    if (outcome == nullptr) {
      std::cerr << label << ": no expected \"outcome\"\n";
      ++failures;
      continue;
    }
    if (outcome->text != outcome_name(machine.outcome())) {
      std::cerr << label << ": outcome " << outcome_name(machine.outcome()) << ", expected " << outcome->text << "\n";
      ++failures;
    }
    if (const JsonValue* branches = run.find("branches"); branches && branches->text != machine.branches()) {
      std::cerr << label << ": branches " << machine.branches() << ", expected " << branches->text << "\n";
      ++failures;
    }
    if (const JsonValue* steps = run.find("steps"); steps && steps->text != std::to_string(machine.steps())) {
      std::cerr << label << ": " << machine.steps() << " steps, expected " << steps->text << "\n";
      ++failures;
    }
    if (const JsonValue* final_state = run.find("final")) {
      GlobalState expected = read_state_value(*program, *source, *final_state, notes);
      std::string difference;
      if (!equivalent_states(*program, machine.state(), expected, &difference)) {
        GlobalState actual = machine.state();
        name_new_objects(actual);
        std::cerr << label << ": final state differs (" << difference << "); actual:\n"
                  << write_state(*program, actual).dump(2) << "\n";
        ++failures;
      }
    }
  }
  if (failures == 0) std::cout << program_path << ": " << runs->items.size() << " runs as expected\n";
  return failures == 0 ? 0 : 1;
}

}  // namespace
}  // namespace symref

int main(int argc, char** argv) {
  if (argc != 3 || std::string(argv[1]) != "run") {
    std::cerr << "usage: corpus_runner run FILE.sym\n";
    return 2;
  }
  try {
    return symref::check_runs(argv[2]);
  } catch (const symref::InputError& error) {
    std::cerr << error.what();
    return 1;
  }
}

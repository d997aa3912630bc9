// The `symref` command line (docs/cli.md, docs/json.md, docs/language.md#branch-letters), run as a process:
// exit codes 0/1/2 with their diagnostics, never a crash, `run --json` and `explore --format json`
// shapes, DOT rendered by Graphviz, `--tests DIR` replayed by `run --input`, and `step`.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "support/command_test.hpp"

namespace {

namespace fs = std::filesystem;
using Json = nlohmann::ordered_json;

using Result = symref::testing::ProcessResult;
using symref::testing::read_file;

std::string corpus(const std::string& relative) { return symref::testing::corpus_file(relative); }

class CliTest : public symref::testing::CommandTest {
 protected:
  Result symref(const std::vector<std::string>& args) { return run_command(SYMREF_BINARY, args); }
};

// ---------------------------------------------------------------------------------------------
// Exit code 0

TEST_F(CliTest, CheckAWellFormedProgram) {
  Result r = symref({"check", corpus("classic/factorial.sym")});
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out, corpus("classic/factorial.sym") + ": ok (3 globals, 0 classes, 0 procedures and methods)\n");
  EXPECT_EQ(r.err, "");
}

TEST_F(CliTest, HelpAndVersion) {
  for (const std::vector<std::string>& args : std::vector<std::vector<std::string>>{
           {"--help"}, {"--version"}, {"check", "--help"}, {"run", "--help"}, {"explore", "--help"}, {"step", "--help"}}) {
    Result r = symref(args);
    EXPECT_EQ(r.code, 0) << args[0];
    EXPECT_FALSE(r.out.empty()) << args[0];
  }
}

// ---------------------------------------------------------------------------------------------
// Exit code 1: the program or the input state is at fault, with `file:line:col: error: message`,
// the source line and a caret

TEST_F(CliTest, MalformedProgram) {
  std::string file = write("syntax.sym", "var x: int;\nmain {\n  x := 1 +;\n}\n");
  for (const char* command : {"check", "run", "explore"}) {
    Result r = symref({command, file});
    EXPECT_EQ(r.code, 1) << command;
    EXPECT_EQ(r.err, file + ":3:11: error: expected expression\n  x := 1 +;\n          ^\n") << command;
    EXPECT_EQ(r.out, "") << command;
  }
}

TEST_F(CliTest, IllTypedProgram) {
  std::string file = write("types.sym", "var x: int;\nmain {\n  x := true;\n}\n");
  Result r = symref({"check", file});
  EXPECT_EQ(r.code, 1);
  EXPECT_EQ(r.err, file + ":3:8: error: `:=` needs a value of type int, not bool\n  x := true;\n       ^\n");
}

TEST_F(CliTest, EveryDiagnosticHasTheFormat) {
  const std::regex format("^[^\n]*\\.sym:[0-9]+:[0-9]+: error: [a-z`'\"][^\n]*[^.\n]\n[^\n]*\n[ \t]*\\^\n$");
  const std::vector<std::string> programs = {
      "var x: int;\nmain { y := 1; }\n",                             // undeclared
      "var x: int;\nvar x: bool;\nmain { skip; }\n",                 // declared twice
      "main { if 1 { skip; } }\n",                                   // condition not bool
      "proc p(k: int) { skip; }\nmain { p(true); }\n",              // argument type
      "proc p(k: int) { skip; }\nmain { p(1, 2); }\n",              // arity
      "class C { method m(): int { skip; } }\nmain { skip; }\n",    // no return
      "var a: int[];\nmain { a := 3; }\n",                           // array from int
      "var x: int;\nmain { x := 1 }\n",                              // missing semicolon
      "var while: int;\nmain { skip; }\n",                           // keyword
      "main { var u: int := 1; }\n",                                 // local in main
      "main { skip; } main { skip; }\n",                             // two mains
  };
  for (std::size_t k = 0; k < programs.size(); ++k) {
    std::string file = write("bad" + std::to_string(k) + ".sym", programs[k]);
    Result r = symref({"check", file});
    EXPECT_EQ(r.code, 1) << programs[k];
    EXPECT_TRUE(std::regex_match(r.err, format)) << programs[k] << "\n" << r.err;
  }
}

TEST_F(CliTest, MissingFiles) {
  Result r = symref({"check", (directory_ / "nowhere.sym").string()});
  EXPECT_EQ(r.code, 1);
  EXPECT_EQ(r.err, (directory_ / "nowhere.sym").string() + ": error: cannot open file\n");
  r = symref({"run", corpus("classic/factorial.sym"), "--input", (directory_ / "nowhere.json").string()});
  EXPECT_EQ(r.code, 1);
  EXPECT_EQ(r.err, (directory_ / "nowhere.json").string() + ": error: cannot open file\n");
}

TEST_F(CliTest, BadInputState) {
  std::string input = write("in.json", "{\n  \"globals\": { \"n\": 2.5 }\n}\n");
  for (const char* command : {"run", "step"}) {
    Result r = symref({command, corpus("classic/factorial.sym"), "--input", input});
    EXPECT_EQ(r.code, 1) << command;
    EXPECT_EQ(r.err, input + ":2:21: error: global 'n' must be an integer, found 2.5\n  \"globals\": { \"n\": 2.5 }\n                    ^\n")
        << command;
  }
  input = write("unknown.json", R"({"globals": {"m": 1}})");
  Result r = symref({"run", corpus("classic/factorial.sym"), "--input", input});
  EXPECT_EQ(r.code, 1);
  EXPECT_EQ(r.err, input + ":1:14: error: unknown global 'm'\n{\"globals\": {\"m\": 1}}\n             ^\n");
}

TEST_F(CliTest, TestsDirectoryThatCannotBeCreated) {
  std::string blocker = write("file", "");
  Result r = symref({"explore", corpus("basic/nested_if.sym"), "--tests", blocker + "/sub"});
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(r.err.find(blocker + "/sub: error: cannot create the directory"), std::string::npos) << r.err;
}

// ---------------------------------------------------------------------------------------------
// Exit code 2: usage

TEST_F(CliTest, UsageErrors) {
  const std::string program = corpus("classic/factorial.sym");
  const std::vector<std::vector<std::string>> cases = {
      {},
      {"frobnicate", program},
      {"run"},
      {"run", program, "--frobnicate"},
      {"run", program, "--max-steps", "-5"},
      {"run", program, "--max-steps", "0"},
      {"run", program, "--max-steps", "abc"},
      {"run", program, "--max-steps", "99999999999999999999999"},
      {"run", program, "--max-depth", "0"},
      {"run", program, "--input"},
      {"explore", program, "--loop-bound", "abc"},
      {"explore", program, "--loop-bound", "-1"},
      {"explore", program, "--loop-bound", "1e3"},
      {"explore", program, "--loop-bound", "99999999999"},
      {"explore", program, "--max-steps", "-5"},
      {"explore", program, "--max-paths", "-1"},  // 0 is no limit
      {"explore", program, "--format", "xml"},
      {"explore", program, "--engine", "backward"},
      {"explore", program, "--solver", "yices"},
      {"explore", program, "--order", "random"},
      {"explore", program, "--timeout", "-1"},
      {"step", program},
      {"step", program, "--input", "x.json", "--max-steps", "-1"},
      {"check"},
      {"check", program, program},
  };
  for (const auto& args : cases) {
    Result r = symref(args);
    std::string shown;
    for (const auto& arg : args) shown += " " + arg;
    EXPECT_EQ(r.code, 2) << "symref" << shown << "\n" << r.err;
    // The diagnostics' style: "symref COMMAND: error: message", lower-case, no final period.
    std::string first_line = r.err.substr(0, r.err.find('\n'));
    bool command_known = !args.empty() && args[0] != "frobnicate";
    std::string prefix = command_known ? "symref " + args[0] + ": error: " : "symref: error: ";
    EXPECT_EQ(first_line.rfind(prefix, 0), 0u) << "symref" << shown << "\n" << r.err;
    EXPECT_NE(first_line.back(), '.') << first_line;
    std::string message = first_line.substr(first_line.find(": error: ") + 9);
    EXPECT_FALSE(message.empty() || (message[0] >= 'A' && message[0] <= 'Z')) << first_line;
  }
}

// ---------------------------------------------------------------------------------------------
// Exit code 3: a property failed (here a planted fault, caught by the property checks)

TEST_F(CliTest, PropertyFailureExitsWith3) {
  Result r = symref({"fuzz", "--inject-fault", "local-frame-not-restored", "--seed", "1", "--count", "30", "--quiet"});
  EXPECT_EQ(r.code, 3) << r.out << r.err;
  Result clean = symref({"fuzz", "--seed", "1", "--count", "5", "--quiet"});
  EXPECT_EQ(clean.code, 0) << clean.out << clean.err;
}

// ---------------------------------------------------------------------------------------------
// Never a crash, on any input

TEST_F(CliTest, NeverACrash) {
  std::string garbage;
  for (int k = 0; k < 4096; ++k) garbage += static_cast<char>((k * 7919 + 13) % 256);
  const std::vector<std::pair<std::string, std::string>> inputs = {
      {"garbage.sym", garbage},
      {"empty.sym", ""},
      {"nul.sym", std::string("var x: int;\nmain {\0 skip; }\n", 28)},
      {"parens.sym", "var x: int; main { x := " + std::string(100000, '(') + "1" + std::string(100000, ')') + "; }"},
      {"minus.sym", "var x: int; main { x := " + std::string(100000, '-') + "1; }"},
      {"blocks.sym", "var x: int; main { " + std::string(50000, '{') + std::string(50000, '}') + " }"},
      {"ifs.sym", [] {
         std::string text = "var x: int; main { ";
         for (int k = 0; k < 20000; ++k) text += "if x > 0 { ";
         return text + std::string(20000, '}') + " }";
       }()},
      {"literal.sym", "var x: int; main { x := " + std::string(100000, '9') + "; }"},
      {"identifier.sym", "var " + std::string(100000, 'x') + ": int; main { skip; }"},
      {"unterminated.sym", "var x: int; /* main { skip; }"},
      {"utf8.sym", "var é: int; main { skip; }"},
  };
  for (const auto& [name, text] : inputs) {
    std::string file = write(name, text);
    for (const char* command : {"check", "run", "explore"}) {
      Result r = symref({command, file});
      EXPECT_TRUE(r.code == 0 || r.code == 1) << command << " " << name << ": exit " << r.code << "\n" << r.err.substr(0, 500);
    }
  }
  // Garbage as an input state.
  for (const std::string& state : {garbage, std::string(100000, '['), std::string("{\"globals\": {\"n\": \"") + std::string(100000, '7') + "\"}}"}) {
    std::string file = write("state.json", state);
    Result r = symref({"run", corpus("classic/factorial.sym"), "--input", file, "--max-steps", "100"});
    EXPECT_TRUE(r.code == 0 || r.code == 1) << "exit " << r.code << "\n" << r.err.substr(0, 500);
  }
  // A directory where a file is expected.
  Result r = symref({"check", directory_.string()});
  EXPECT_EQ(r.code, 1) << r.err;
}

// ---------------------------------------------------------------------------------------------
// run

TEST_F(CliTest, RunJsonShape) {
  Result r = symref({"run", corpus("classic/factorial.sym"), "--input", corpus("classic/factorial.input.json"), "--json"});
  ASSERT_EQ(r.code, 0) << r.err;
  Json json = Json::parse(r.out);
  std::vector<std::string> keys;
  for (const auto& item : json.items()) keys.push_back(item.key());
  EXPECT_EQ(keys, (std::vector<std::string>{"version", "outcome", "state", "steps", "branches"}));
  EXPECT_EQ(json["version"], 1);  // docs/json.md: the format version
  // n = 10: assume, r := 1, i := 1, ten iterations of (test, r, i), the last test, the assert.
  EXPECT_EQ(json["outcome"], "normal");
  EXPECT_EQ(json["steps"], 35);
  EXPECT_EQ(json["branches"], "TTTTTTTTTTTFT");
  EXPECT_EQ(json["state"].dump(), R"({"globals":{"n":10,"r":3628800,"i":11},"heap":{}})");
  // The globals missing from the input are noted on stderr.
  EXPECT_EQ(r.err, "note: global 'r' is not in the input; it starts as 0\nnote: global 'i' is not in the input; it starts as 0\n");
}

TEST_F(CliTest, RunJsonOfEveryOutcome) {
  struct Case {
    std::string program, input, outcome, branches;
  };
  const std::vector<Case> cases = {
      {"classic/factorial.sym", R"({"globals": {"n": -1}})", "blocked", "F"},
      {"aliasing/field_alias.sym", R"({"globals": {"p": "o1", "q": "o1"}, "heap": {"o1": {"class": "C", "f": 0}}})",
       "assertion-failure", "DDDF"},
      {"aliasing/field_alias.sym", R"({"globals": {"p": "o1", "q": null}, "heap": {"o1": {"class": "C", "f": 0}}})",
       "nil-dereference", "DE"},
      {"errors/array_bounds.sym", R"({"globals": {"a": [1], "i": 1}})", "out-of-bounds", "E"},
      {"errors/infinite_loop.sym", R"({"globals": {"x": -1}})", "bound", "FTTTT"},
  };
  for (const auto& c : cases) {
    std::string input = write("input.json", c.input);
    Result r = symref({"run", corpus(c.program), "--input", input, "--json", "--max-steps", "8"});
    ASSERT_EQ(r.code, 0) << c.program << "\n" << r.err;
    Json json = Json::parse(r.out);
    EXPECT_EQ(json["outcome"], c.outcome) << c.program;
    EXPECT_EQ(json["branches"], c.branches) << c.program;
  }
}

TEST_F(CliTest, RunTextAndTrace) {
  Result r = symref({"run", corpus("basic/nested_if.sym"), "--input", write("in.json", R"({"globals": {"x": -5}})"), "--trace"});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("#1 concrete_choice_then"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("#3 concrete_choice_else"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("outcome: normal\nsteps: 3\nbranches: TF\n"), std::string::npos) << r.out;
}

// ---------------------------------------------------------------------------------------------
// explore

TEST_F(CliTest, ExploreJsonContract) {
  for (const char* engine : {"forward", "trace"}) {
    Result r = symref({"explore", corpus("aliasing/field_alias.sym"), "--format", "json", "--engine", engine});
    ASSERT_EQ(r.code, 0) << r.err;
    Json json = Json::parse(r.out);
    std::vector<std::string> keys;
    for (const auto& item : json.items()) keys.push_back(item.key());
    EXPECT_EQ(keys, (std::vector<std::string>{"version", "program", "engine", "solver", "paths", "stats"})) << engine;
    EXPECT_EQ(json["program"], corpus("aliasing/field_alias.sym"));
    EXPECT_EQ(json["engine"], engine);
    EXPECT_EQ(json["solver"], "z3");
    ASSERT_TRUE(json["paths"].is_array());
    std::vector<std::string> feasible;
    for (const auto& path : json["paths"]) {
      for (const char* key : {"branches", "outcome", "status", "pc", "pc_smt2"}) EXPECT_TRUE(path.contains(key)) << key;
      EXPECT_TRUE(path["pc_smt2"].get<std::string>().find("(check-sat)") != std::string::npos);
      if (path["status"] != "sat") continue;
      for (const char* key : {"final", "test", "replay"}) EXPECT_TRUE(path.contains(key)) << key;
      EXPECT_EQ(path["replay"], "agrees");
      EXPECT_TRUE(path["test"].contains("globals") && path["test"].contains("heap"));
      if (std::string(engine) == "trace") {
        EXPECT_EQ(path["agreement"], "proved");
      }
      feasible.push_back(path["branches"].get<std::string>() + " " + path["outcome"].get<std::string>());
    }
    std::sort(feasible.begin(), feasible.end());
    EXPECT_EQ(feasible, (std::vector<std::string>{"DDDF assertion-failure", "DDDT normal", "DE nil-dereference",
                                                  "E nil-dereference"}));
    for (const char* key : {"paths", "feasible", "queries", "seconds"}) EXPECT_TRUE(json["stats"].contains(key)) << key;
    EXPECT_EQ(json["stats"]["feasible"], 4);
  }
}

TEST_F(CliTest, ExploreDotRendersWithGraphviz) {
  const std::string dot = SYMREF_DOT_PROGRAM;
  if (dot.empty() || dot.find("NOTFOUND") != std::string::npos) GTEST_SKIP() << "Graphviz dot not found";
  for (const char* program : {"classic/factorial.sym", "aliasing/field_alias.sym", "objects/list_methods.sym",
                              "basic/lazy_operators.sym"}) {
    Result r = symref({"explore", corpus(program), "--format", "dot", "--loop-bound", "2"});
    ASSERT_EQ(r.code, 0) << program << "\n" << r.err;
    EXPECT_EQ(r.out.rfind("digraph", 0), 0u) << program;
    std::string file = write("tree.dot", r.out);
    Result rendered = run_command(dot, {"-Tsvg", file});
    EXPECT_EQ(rendered.code, 0) << program << "\n" << rendered.err;
    EXPECT_EQ(rendered.err, "") << program;
    EXPECT_NE(rendered.out.find("<svg"), std::string::npos) << program;
  }
}

TEST_F(CliTest, ExploreTextNamesEveryPath) {
  Result r = symref({"explore", corpus("basic/nested_if.sym")});
  ASSERT_EQ(r.code, 0) << r.err;
  for (const char* line : {"path 1  TT  normal  sat", "path 2  TF  normal  sat", "path 3  FT  normal  sat",
                           "path 4  FFT  normal  sat", "path 5  FFF  normal  sat"})
    EXPECT_NE(r.out.find(line), std::string::npos) << line << "\n" << r.out;
  EXPECT_NE(r.out.find("stats: 5 paths, 5 feasible, 0 infeasible, 0 unknown"), std::string::npos) << r.out;
}

// Every test written by --tests replays through `symref run --input` along its path's branch
// string (a path cut by the loop bound: the run continues past it, its branch string starts with
// the path's) to the path's outcome.
TEST_F(CliTest, ExploreTestsReplayThroughRun) {
  struct Case {
    std::string program;
    std::string loop_bound;
  };
  const std::vector<Case> cases = {{"classic/factorial.sym", "3"},       {"errors/evaluation_order.sym", "1"},
                                   {"aliasing/field_alias.sym", "1"},    {"objects/list_methods.sym", "2"},
                                   {"procedures/mutual_recursion.sym", "2"}, {"aliasing/alias_branches.sym", "1"}};
  for (const auto& c : cases) {
    const fs::path tests = directory_ / ("tests_" + fs::path(c.program).stem().string());
    Result r = symref({"explore", corpus(c.program), "--loop-bound", c.loop_bound, "--format", "json", "--tests", tests.string()});
    ASSERT_EQ(r.code, 0) << c.program << "\n" << r.err;
    Json json = Json::parse(r.out);
    std::size_t replayed = 0;
    for (std::size_t k = 0; k < json["paths"].size(); ++k) {
      const Json& path = json["paths"][k];
      if (!path.contains("test")) continue;
      const std::string branches = path["branches"];
      const fs::path file = tests / ("path-" + std::to_string(k + 1) + (branches.empty() ? "" : "-" + branches.substr(0, 64)) + ".json");
      ASSERT_TRUE(fs::exists(file)) << file;
      EXPECT_EQ(Json::parse(read_file(file)), path["test"]) << file;
      Result run = symref({"run", corpus(c.program), "--input", file.string(), "--json", "--max-steps", "100000"});
      ASSERT_EQ(run.code, 0) << file << "\n" << run.err;
      Json result = Json::parse(run.out);
      const std::string ran = result["branches"];
      if (path["outcome"] == "bound") {
        EXPECT_EQ(ran.substr(0, branches.size()), branches) << file;
      } else {
        EXPECT_EQ(ran, branches) << file;
        EXPECT_EQ(result["outcome"], path["outcome"]) << file;
      }
      ++replayed;
    }
    std::size_t files = std::distance(fs::directory_iterator(tests), fs::directory_iterator());
    EXPECT_EQ(files, replayed) << c.program;
    EXPECT_GT(replayed, 2u) << c.program;
  }
}

// ---------------------------------------------------------------------------------------------
// step

TEST_F(CliTest, StepOnSeveralPrograms) {
  struct Case {
    std::string program, input, summary;
  };
  const std::vector<Case> cases = {
      {"classic/factorial.sym", R"({"globals": {"n": 4}})", "outcome: normal  steps: 17  branches: TTTTTFT"},
      {"aliasing/field_alias.sym", R"({"globals": {"p": "o1", "q": "o1"}, "heap": {"o1": {"class": "C", "f": 0}}})",
       "outcome: assertion-failure  steps: 3  branches: DDDF"},
      {"objects/this_by_value.sym",
       R"({"globals": {"cur": "a"}, "heap": {"a": {"class": "Node", "val": 1, "next": "b"}, "b": {"class": "Node", "val": 2, "next": null}}})",
       "outcome: normal  steps: 8  branches: DDDDDT"},
      {"procedures/call_by_value.sym", R"({"globals": {"g": 5}})", "outcome: normal  steps: 11  branches: T"},
      {"errors/nil_in_return.sym", R"({"globals": {"p": "n"}, "heap": {"n": {"class": "Node", "val": 0, "next": null}}})",
       "outcome: nil-dereference  steps: 3  branches: DDE"},
  };
  for (const auto& c : cases) {
    std::string input = write("input.json", c.input);
    Result r = symref({"step", corpus(c.program), "--input", input});
    EXPECT_EQ(r.code, 0) << c.program << "\n" << r.err;
    EXPECT_NE(r.out.find(c.summary + "\n"), std::string::npos) << c.program << "\n" << r.out.substr(r.out.size() > 400 ? r.out.size() - 400 : 0);
    EXPECT_NE(r.out.find("concrete_"), std::string::npos);
    EXPECT_NE(r.out.find("symbolic_"), std::string::npos);
    EXPECT_EQ(r.out.find("✗"), std::string::npos) << c.program;
  }
}

// A step limit equal to the run's length ends it normally, in `step` as in `run`; one less cuts it.
TEST_F(CliTest, StepAndRunAgreeAtTheStepLimit) {
  std::string program = write("two.sym", "var x: int;\nmain { x := 1; x := 2; }\n");
  std::string input = write("input.json", R"({"globals": {"x": 0}})");
  for (const auto& [limit, outcome] : std::vector<std::pair<std::string, std::string>>{
           {"2", "outcome: normal  steps: 2"}, {"1", "outcome: bound (step limit 1 reached)  steps: 1"}}) {
    Result stepped = symref({"step", program, "--input", input, "--max-steps", limit});
    EXPECT_EQ(stepped.code, 0) << stepped.err;
    EXPECT_NE(stepped.out.find(outcome), std::string::npos) << stepped.out;
    Result ran = symref({"run", program, "--input", input, "--max-steps", limit, "--json"});
    EXPECT_NE(ran.out.find(limit == "2" ? "\"outcome\": \"normal\"" : "\"outcome\": \"bound\""), std::string::npos) << ran.out;
  }
}

// ---------------------------------------------------------------------------------------------
// symref wp: a path's trace and path(ρ); --check against a hand-computed condition

TEST_F(CliTest, WpPrintsTheTraceAndPathCondition) {
  Result r = symref({"wp", corpus("classic/factorial.sym"), "--branches", "TTTFT"});
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("  5. r := r * i\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("path(ρ):\n  0 <= n && 1 <= n && 2 <= n && n < 3 && (n < 2 || 2 % n == 0)\n"), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("(check-sat)"), std::string::npos);
}

TEST_F(CliTest, WpCheckSaysEquivalentOrGivesASeparatingInput) {
  Result same = symref({"wp", corpus("classic/factorial.sym"), "--branches", "TTTFT", "--check", "n == 2"});
  EXPECT_EQ(same.code, 0) << same.err;
  EXPECT_NE(same.out.find("check: equivalent"), std::string::npos) << same.out;
  Result different = symref({"wp", corpus("classic/factorial.sym"), "--branches", "TTTFT", "--check", "n >= 2"});
  EXPECT_EQ(different.code, 4) << different.err;  // the checked answer is wrong
  EXPECT_NE(different.out.find("check: NOT equivalent"), std::string::npos) << different.out;
  // n >= 2 is weaker than the path's condition n == 2: the separating input has n >= 3.
  EXPECT_NE(different.out.find("your condition is true but path(ρ) is false"), std::string::npos) << different.out;
}

TEST_F(CliTest, WpJsonGivesTheTraceConditionAndVerdict) {
  Result r = symref({"wp", corpus("classic/factorial.sym"), "--branches", "TTTFT", "--check", "n >= 2", "--format", "json"});
  ASSERT_EQ(r.code, 4) << r.err;  // not equivalent
  Json json = Json::parse(r.out);
  EXPECT_EQ(json["version"], 1);
  EXPECT_EQ(json["question"], "path");
  EXPECT_EQ(json["branches"], "TTTFT");
  EXPECT_EQ(json["path_outcome"], "normal");
  EXPECT_EQ(json["trace"][4], "r := r * i");
  EXPECT_EQ(json["condition"], "0 <= n && 1 <= n && 2 <= n && n < 3 && (n < 2 || 2 % n == 0)");
  EXPECT_NE(json["condition_smt2"].get<std::string>().find("(check-sat)"), std::string::npos);
  EXPECT_EQ(json["check"]["verdict"], "different");
  // n >= 2 is weaker than the path's n == 2: true on the separating input, where path(ρ) is false.
  EXPECT_EQ(json["check"]["claimed_value"], true);
  EXPECT_EQ(json["check"]["expected_value"], false);
  EXPECT_GE(json["check"]["separating_input"]["globals"]["n"].get<int>(), 3);
  // Blocked runs (n < 0) satisfy every postcondition: wp(assume b, Q) = b ==> Q.
  Result post = symref({"wp", corpus("classic/factorial.sym"), "--post", "r == 2", "--check", "n == 2 || n < 0", "--format", "json"});
  ASSERT_EQ(post.code, 0) << post.err;
  Json post_json = Json::parse(post.out);
  EXPECT_EQ(post_json["question"], "weakest-precondition");
  EXPECT_EQ(post_json["check"]["verdict"], "equivalent");
}

TEST_F(CliTest, WpCheckErrorsAndUnknownPaths) {
  Result ill_typed = symref({"wp", corpus("classic/factorial.sym"), "--branches", "TTTFT", "--check", "n + 1"});
  EXPECT_EQ(ill_typed.code, 1);
  EXPECT_EQ(ill_typed.err, "--check:1:3: error: a condition must be bool, not int\nn + 1\n  ^\n");
  EXPECT_EQ(ill_typed.out, "");
  Result undeclared = symref({"wp", corpus("classic/factorial.sym"), "--branches", "TTTFT", "--check", "m > 0"});
  EXPECT_EQ(undeclared.code, 1);
  EXPECT_NE(undeclared.err.find("--check:1:1: error:"), std::string::npos) << undeclared.err;
  Result no_path = symref({"wp", corpus("classic/factorial.sym"), "--branches", "TTX"});
  EXPECT_EQ(no_path.code, 1);
  EXPECT_NE(no_path.err.find("no path has branch string TTX; after TT it can continue with T F"), std::string::npos)
      << no_path.err;
}

TEST_F(CliTest, UnknownCommandAndDirectoryAsFile) {
  Result unknown = symref({"frobnicate", "x.sym"});
  EXPECT_EQ(unknown.code, 2);
  EXPECT_NE(unknown.err.find("unknown command 'frobnicate'"), std::string::npos) << unknown.err;
  Result directory = symref({"check", directory_.string()});
  EXPECT_EQ(directory.code, 1);
  EXPECT_EQ(directory.err, directory_.string() + ": error: is a directory, not a file\n");
}

}  // namespace

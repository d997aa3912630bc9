// Tests of the generators and the shrinker: well typed, deterministic, covering every construct.
//
// The generators and the shrinker: every generated program, probe program and shrink candidate is
// well typed; one seed gives one program; every construct, error outcome and aliasing occurs.
#include <algorithm>
#include <map>
#include <set>

#include <gtest/gtest.h>
#include <rapidcheck.h>

#include "props/case_workspace.hpp"
#include "props/generator.hpp"
#include "props/shape_printer.hpp"
#include "props/shrinking.hpp"
#include "props/test_case_gen.hpp"
#include "semantics/concrete/machine.hpp"
#include "semantics/syntax/front_end.hpp"

namespace symref::props {
namespace {

// Loads the program and the probe program of a test case; fails the test with the text if not.
void expect_loads(const TestCase& test_case, const std::string& what) {
  PropertySettings settings;
  CaseWorkspace workspace(test_case, settings);
  try {
    workspace.program();
    workspace.probe_program();
  } catch (const std::exception& error) {
    ADD_FAILURE() << what << ": " << error.what();
  }
}

TEST(Generator, ProgramsOfEveryLevelAndSizeLoad) {
  for (int level = 1; level <= 3; ++level)
    for (std::uint64_t seed = 1; seed <= 150; ++seed) {
      const int size = static_cast<int>((seed * 7) % 101);
      expect_loads(generate_test_case(seed, level, size), "level " + std::to_string(level) + " seed " + std::to_string(seed));
    }
}

TEST(Generator, OneSeedGivesOneTestCase) {
  for (int level = 1; level <= 3; ++level) {
    const TestCase first = generate_test_case(42, level, 80);
    const TestCase second = generate_test_case(42, level, 80);
    EXPECT_EQ(program_text(first), program_text(second));
    EXPECT_EQ(first.inputs.size(), second.inputs.size());
    EXPECT_EQ(first.choice_seed, second.choice_seed);
    EXPECT_NE(program_text(first), program_text(generate_test_case(43, level, 80)));
  }
}

TEST(Shrinking, EveryCandidateLoadsAndIsSmaller) {
  for (int level = 1; level <= 3; ++level)
    for (std::uint64_t seed = 1; seed <= 12; ++seed) {
      const TestCase test_case = generate_test_case(seed, level, 70);
      const std::size_t weight = program_weight(test_case.program);
      const auto edits = shrink_edits(test_case);
      ASSERT_FALSE(edits.empty());
      // Every candidate of small cases, a spread of them for larger ones.
      const std::size_t stride = 1 + edits.size() / 150;
      for (std::size_t k = 0; k < edits.size(); k += stride) {
        const TestCase candidate = apply_shrink_edit(test_case, edits[k]);
        expect_loads(candidate, "level " + std::to_string(level) + " seed " + std::to_string(seed) + " edit " +
                                    std::to_string(k) + " of kind " + std::to_string(static_cast<int>(edits[k].kind)));
        EXPECT_LE(program_weight(candidate.program), weight);
      }
    }
}

// Which engine shape main is, told apart by the variables only the shapes use: a loop on i
// (counting loop, its condition perhaps `i < N && f`) with a loop on j inside (nested loops) or
// five ifs or more (branchy loop), an if-chain before `assert v != K` (backbones), a call of Q1
// or Q2 (calls), the class Item otherwise (heap); empty for a random main.
std::string engine_shape_of(const ProgramShape& program) {
  auto on = [](const StatementShape& s, const char* counter) {
    if (s.kind != StatementShapeKind::While) return false;
    const ExpressionShape& condition = s.value[0].binary_operator == BinaryOperator::And ? s.value[0].operands[0] : s.value[0];
    return condition.kind == ExpressionShapeKind::Binary && condition.operands[0].kind == ExpressionShapeKind::Variable &&
           condition.operands[0].name == counter;
  };
  auto ifs = [](const StatementShape& s) {
    return std::count_if(s.body.begin(), s.body.end(), [](const StatementShape& t) { return t.kind == StatementShapeKind::If; });
  };
  for (const StatementShape& s : program.main) {
    if (s.kind == StatementShapeKind::ProcedureCall && (s.callee == "Q1" || s.callee == "Q2")) return "calls";
    if (s.kind == StatementShapeKind::If && !s.body.empty() && s.body[0].kind == StatementShapeKind::ProcedureCall &&
        (s.body[0].callee == "Q1" || s.body[0].callee == "Q2"))
      return "calls";
    if (s.value.empty() || s.value[0].kind != ExpressionShapeKind::Binary) continue;
    if (!on(s, "i")) continue;
    if (std::any_of(s.body.begin(), s.body.end(), [&](const StatementShape& t) { return on(t, "j"); })) return "nested loops";
    return ifs(s) >= 5 ? "branchy loop" : "counting loop";
  }
  if (!program.classes.empty() && program.classes.back().name == "Item") return "heap";
  const StatementShape& last = program.main.empty() ? StatementShape{} : program.main.back();
  if (last.kind == StatementShapeKind::Assert && program.main.front().kind == StatementShapeKind::If &&
      last.value[0].kind == ExpressionShapeKind::Binary && last.value[0].operands[0].kind == ExpressionShapeKind::Variable &&
      last.value[0].operands[0].name == "v")
    return "backbones";
  return "";
}

// The engine shapes (props/engine_shapes.hpp): each occurs within 200 seeds of its level, loads,
// ends in an assert, and has a value for each of its globals in every input.
TEST(Generator, EngineShapesOccurAtTheirLevelsWithTheirInputs) {
  for (int level = 1; level <= 3; ++level) {
    std::map<std::string, int> seen;
    for (std::uint64_t seed = 1; seed <= 200; ++seed) {
      const TestCase test_case = generate_test_case(seed, level, static_cast<int>(seed % 101));
      const ProgramShape& program = test_case.program;
      const std::string shape = engine_shape_of(program);
      if (shape.empty()) continue;
      ++seen[shape];
      const std::string what = shape + ", level " + std::to_string(level) + " seed " + std::to_string(seed);
      expect_loads(test_case, what);
      EXPECT_EQ(program.main.back().kind, StatementShapeKind::Assert) << what;
      for (const InputShape& input : test_case.inputs)
        for (const VariableShape& global : program.globals) {
          const bool given = std::any_of(input.globals.begin(), input.globals.end(),
                                         [&](const auto& value) { return value.first == global.name; });
          EXPECT_TRUE(given) << what << ": no input value for " << global.name;
        }
    }
    const std::vector<std::string> expected = level == 1   ? std::vector<std::string>{"counting loop", "nested loops", "backbones"}
                                              : level == 2 ? std::vector<std::string>{"calls"}
                                                           : std::vector<std::string>{"heap", "branchy loop"};
    for (const std::string& shape : expected) EXPECT_GE(seen[shape], 2) << shape << " at level " << level;
    EXPECT_EQ(seen.size(), expected.size()) << "a shape of another level at level " << level;
  }
}

// Shrinking a test case that "fails" whenever main has a loop ends in a program that is little
// more than the loop: RapidCheck drives our edits to a local minimum.
TEST(Shrinking, ReachesASmallCounterexample) {
  rc::detail::TestParams params;
  params.seed = 7;
  params.maxSuccess = 100;
  std::string smallest;
  const auto result = rc::detail::checkProperty(rc::detail::toProperty([&] {
                                                  const TestCase test_case = *arbitrary_test_case(1);
                                                  for (const auto& s : test_case.program.main)
                                                    if (s.kind == StatementShapeKind::While) {
                                                      smallest = program_text(test_case);
                                                      RC_FAIL("main has a loop");
                                                    }
                                                }),
                                                rc::detail::TestMetadata{}, params);
  ASSERT_TRUE(result.template is<rc::detail::FailureResult>());
  // var declarations, `main {`, the loop, its closing brace and main's.
  EXPECT_LE(std::count(smallest.begin(), smallest.end(), '\n'), 9) << smallest;
  EXPECT_NE(smallest.find("while"), std::string::npos);
}

// What runs of generated programs on generated inputs reach, over a sample of each level.
struct Coverage {
  std::set<std::string> constructs;
  std::map<Outcome, int> outcomes;
  int aliased_inputs = 0;
  int big_integers = 0;
};

void collect(const std::vector<StatementShape>& statements, Coverage& coverage) {
  static const char* names[] = {"assign", "new", "method call", "procedure call", "if", "while", "assert", "assume", "skip"};
  for (const auto& s : statements) {
    coverage.constructs.insert(names[static_cast<int>(s.kind)]);
    if (s.kind == StatementShapeKind::Assign && s.target[0].kind == ExpressionShapeKind::FieldRead) coverage.constructs.insert("field write");
    if (s.kind == StatementShapeKind::Assign && s.target[0].kind == ExpressionShapeKind::ArrayRead) coverage.constructs.insert("element write");
    if (s.kind == StatementShapeKind::MethodCall && !s.target.empty()) coverage.constructs.insert("method result");
    collect(s.body, coverage);
    collect(s.else_body, coverage);
  }
}

Coverage sample(int level) {
  Coverage coverage;
  for (std::uint64_t seed = 1; seed <= 120; ++seed) {
    const TestCase test_case = generate_test_case(seed, level, static_cast<int>(seed % 101));
    collect(test_case.program.main, coverage);
    for (const auto& procedure : test_case.program.procedures) {
      coverage.constructs.insert("procedure");
      if (!procedure.locals.empty()) coverage.constructs.insert("var local");
      collect(procedure.body, coverage);
    }
    for (const auto& cls : test_case.program.classes)
      for (const auto& method : cls.methods) {
        coverage.constructs.insert("method");
        collect(method.body, coverage);
      }
    auto program = load_program_from_text("generated.sym", program_text(test_case));
    for (const auto& input : test_case.inputs) {
      GlobalState state = materialize_input(*program, input);
      std::set<ObjectId> seen;
      bool aliased = false;
      for (const Value& value : state.globals) {
        if (value.kind() == ValueKind::Reference && !value.is_nil() && !seen.insert(value.as_object()).second) aliased = true;
        if (value.kind() == ValueKind::Int && !value.as_integer().is_small()) ++coverage.big_integers;
      }
      coverage.aliased_inputs += aliased;
      ConcreteMachine machine(*program, state);
      coverage.outcomes[machine.run(RunLimits{2000, 1000})]++;
    }
  }
  return coverage;
}

TEST(Generator, LevelOneReachesEveryOutcomeItCan) {
  Coverage coverage = sample(1);
  for (const char* construct : {"assign", "element write", "if", "while", "assert", "assume"})
    EXPECT_TRUE(coverage.constructs.contains(construct)) << construct;
  for (Outcome outcome : {Outcome::Normal, Outcome::OutOfBounds, Outcome::AssertionFailure, Outcome::Blocked})
    EXPECT_GE(coverage.outcomes[outcome], 5) << outcome_name(outcome);
  EXPECT_GE(coverage.big_integers, 5);
}

TEST(Generator, LevelTwoHasRecursiveProceduresWithLocals) {
  Coverage coverage = sample(2);
  for (const char* construct : {"procedure", "procedure call", "var local"}) EXPECT_TRUE(coverage.constructs.contains(construct)) << construct;
  EXPECT_GE(coverage.outcomes[Outcome::Bound], 1);
}

TEST(Generator, LevelThreeHasObjectsMethodsNilAndAliasing) {
  Coverage coverage = sample(3);
  for (const char* construct : {"new", "field write", "method", "method call", "method result"})
    EXPECT_TRUE(coverage.constructs.contains(construct)) << construct;
  for (Outcome outcome : {Outcome::Normal, Outcome::NilDereference, Outcome::OutOfBounds, Outcome::AssertionFailure,
                          Outcome::Blocked})
    EXPECT_GE(coverage.outcomes[outcome], 5) << outcome_name(outcome);
  EXPECT_GE(coverage.aliased_inputs, 10);
}

}  // namespace
}  // namespace symref::props

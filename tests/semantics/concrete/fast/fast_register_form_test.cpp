// Unit tests of the concrete fast path's register form (concrete/fast/flat_program.hpp, §2–§4
// expressions on 64-bit registers): which instructions get it, and that where it has to give up
// (a value leaving 64 bits) or fails (δ false inside it) the fast path still does exactly what the
// rule functions do (ConcreteMachine, the definition).
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "semantics/concrete/fast/fast_machine.hpp"
#include "tests/semantics/concrete/concrete_fixture.hpp"

namespace symref::testing {
namespace {

// The handler of the first instruction of main whose op is `op`.
FastHandler handler_of(const FlatProgram& flat, InstructionOp op, int occurrence = 0) {
  for (const auto& in : flat.code)
    if (in.op == op && occurrence-- == 0) return in.handler;
  ADD_FAILURE() << "no such instruction";
  return FastHandler::Skip;
}

TEST(FastRegisterForm, ChosenForNestedIntAndBoolExpressionsOnly) {
  ConcreteRun run(R"(
    class C { field next: C; }
    var a: int[];
    var j: int;
    var key: int;
    var q: int;
    var c: C;
    main {
      while j >= 0 && a[j] > key {
        a[j + 1] := a[j];
        j := j - 1;
      }
      q := j / 2;
      c := c.next;
    }
  )");
  const FlatProgram flat = compile_flat(run.program());
  EXPECT_EQ(handler_of(flat, InstructionOp::While), FastHandler::TestRegisters);
  EXPECT_EQ(handler_of(flat, InstructionOp::AssignArray), FastHandler::AssignArrayRegisters);
  EXPECT_EQ(handler_of(flat, InstructionOp::AssignGlobal, 0), FastHandler::AssignSlotLeaf);     // j - 1
  EXPECT_EQ(handler_of(flat, InstructionOp::AssignGlobal, 1), FastHandler::AssignSlotGeneral);  // division
  EXPECT_EQ(handler_of(flat, InstructionOp::AssignGlobal, 2), FastHandler::AssignSlotGeneral);  // a reference
  // The while's condition: j, j >= 0, the skip of &&, a[j] with the index read directly, key, >, End.
  const MicroRange& test = flat.code[0].value_registers;
  ASSERT_TRUE(test.exists());
  EXPECT_EQ(flat.micro[static_cast<std::size_t>(test.first + test.count - 1)].op, MicroOp::End);
  EXPECT_EQ(flat.micro[static_cast<std::size_t>(test.first + 3)].op, MicroOp::ArrayReadGlobal);
}

// Runs the program on the input with both machines, checks that outcome, steps, branch string and
// every global and array agree, and returns the fast path's globals as "name=value" lines.
class FastAgainstRules : public ::testing::Test {
 protected:
  std::string compare(const std::string& text, const std::vector<std::pair<std::string, Value>>& globals,
                      const std::vector<std::pair<std::string, std::vector<Integer>>>& arrays = {}) {
    ConcreteRun run(text);
    for (const auto& [name, value] : globals) run.set(name, value);
    for (const auto& [name, elements] : arrays) run.set_array(name, elements);
    GlobalState input = default_global_state(run.program());
    for (const auto& [name, value] : globals) input.globals[run.slot(name)] = value;
    for (const auto& [name, elements] : arrays) input.arrays[run.slot(name)] = elements;
    ConcreteMachine& reference = run.start();
    reference.run(RunLimits{});
    FastMachine fast(run.program(), input);
    fast.run(RunLimits{});
    EXPECT_EQ(outcome_name(fast.outcome()), outcome_name(reference.outcome()));
    EXPECT_EQ(fast.steps(), reference.steps());
    EXPECT_EQ(fast.branches(), reference.branches());
    if (reference.outcome() != Outcome::Normal) {  // where the run stopped, and the callers
      EXPECT_EQ(fast.site().statement_text(run.program()), reference.site().statement_text(run.program()));
      EXPECT_EQ(fast.site().location().line, reference.site().location().line);
      EXPECT_EQ(fast.site().stack.size(), reference.site().stack.size());
      site_ = fast.site().statement_text(run.program());
    }
    std::string shown;
    for (std::size_t g = 0; g < run.program().globals.size(); ++g) {
      const std::string& name = run.program().globals[g].name;
      EXPECT_EQ(show(fast.state().globals[g]), show(reference.state().globals[g])) << name;
      EXPECT_EQ(show_array(fast.state().arrays[g]), show_array(reference.state().arrays[g])) << name;
      shown += name + "=" + (run.program().globals[g].type.kind == TypeKind::IntArray ? show_array(fast.state().arrays[g])
                                                                                       : show(fast.state().globals[g])) + "\n";
    }
    outcome_ = std::string(outcome_name(fast.outcome()));
    return shown;
  }
  std::string outcome_;
  std::string site_;  // the fast path's statement where the run stopped, when not normal
};

TEST_F(FastAgainstRules, OverflowGivesUpToTheGeneralEvaluation) {
  // (x + 1) * 3 leaves 64 bits; the comparison after it reads the big x.
  const std::string globals = compare(R"(
    var x: int;
    var y: int;
    var b: bool;
    main {
      x := (x + 1) * 3;
      b := x * 2 > x + 1 && x > 0;
      y := -(x - x - 9223372036854775807 - 1);
    }
  )", {{"x", Value::integer(Integer(INT64_MAX - 1))}});
  EXPECT_EQ(outcome_, "normal");
  EXPECT_EQ(globals, "x=27670116110564327421\ny=9223372036854775808\nb=true\n");
}

TEST_F(FastAgainstRules, BigArrayElementGivesUp) {
  const std::string globals = compare(R"(
    var a: int[];
    var y: int;
    main {
      y := a[0] + a[1];
      a[1] := a[1] * 2 + 1;
    }
  )", {}, {{"a", {*Integer::from_decimal("1180591620717411303424"), Integer(5)}}});
  EXPECT_EQ(globals, "a=[1180591620717411303424, 11]\ny=1180591620717411303429\n");
}

TEST_F(FastAgainstRules, ShortCircuitKeepsAnOutOfBoundsReadUndone) {
  const std::string globals = compare(R"(
    var a: int[];
    var i: int;
    var b: bool;
    main {
      b := i >= len(a) || a[i] > 0;
      b := (i < len(a) && a[i] > 0) || ((i < 0 ==> a[i] > 0) && (b ? false : true));
    }
  )", {{"i", Value::integer(Integer(3))}}, {{"a", {Integer(1), Integer(2)}}});
  EXPECT_EQ(outcome_, "normal");
  EXPECT_EQ(globals, "a=[1, 2]\ni=3\nb=false\n");
}

TEST_F(FastAgainstRules, AnErrorInsideTheRegisterFormIsTheRulesError) {
  compare(R"(
    var a: int[];
    var i: int;
    main {
      a[i - 1] := a[i] + 1;
    }
  )", {{"i", Value::integer(Integer(1))}}, {{"a", {Integer(1)}}});
  EXPECT_EQ(outcome_, "out-of-bounds");  // a[i] is read after the location a[i - 1] is checked
  compare(R"(
    class C { field f: int; }
    var c: C;
    var x: int;
    main {
      if x > 0 || c.f > 0 { x := 1; }
    }
  )", {});
  EXPECT_EQ(outcome_, "nil-dereference");
}

// The conditions of an if and of each `else if` after it are where a run stops when one fails:
// the chain is compiled flat, and each test carries its own statement.
TEST_F(FastAgainstRules, AFailingConditionInAnElseIfChainIsTheSite) {
  const std::string chain = R"(
    var a: int[];
    var x: int;
    main {
      if x == 0 {
        x := 1;
      } else if x == 1 {
        x := 2;
      } else if a[x] > 0 {
        x := 3;
      } else {
        x := 4;
      }
    }
  )";
  compare(chain, {{"x", Value::integer(Integer(2))}});
  EXPECT_EQ(outcome_, "out-of-bounds");
  EXPECT_EQ(site_, "if a[x] > 0");
  compare(R"(
    var d: int[];
    main {
      if 0 > d[0] {
        skip;
      }
    }
  )", {});
  EXPECT_EQ(site_, "if 0 > d[0]");
}

}  // namespace
}  // namespace symref::testing

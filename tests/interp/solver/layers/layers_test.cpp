// Tests of the solver layers: cross-checking, model validation, logging, the chain (§2 Thm 2.3).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "interp/solver/layers/cross_checking_solver.hpp"
#include "interp/solver/backends/cvc5_solver.hpp"
#include "interp/solver/layers/logging_solver.hpp"
#include "interp/solver/layers/model_checking_solver.hpp"
#include "interp/solver/snapshot_model.hpp"
#include "interp/solver/backends/z3_solver.hpp"
#include "interp/solver/solver_chain.hpp"
#include "semantics/terms/printer.hpp"
#include "tests/interp/solver/fake_solver.hpp"
#include "tests/semantics/terms/term_fixture.hpp"

namespace symref::solver::testing {
namespace {

using terms::Sort;
using terms::testing::TermFixture;

using CrossChecking = TermFixture;
using ModelChecking = TermFixture;
using Logging = TermFixture;
using Factory = TermFixture;

std::unique_ptr<FakeSolver> fake(const terms::TermManager& m, SatResult answer) {
  return std::make_unique<FakeSolver>("fake", answer, m);
}

std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// ---------------------------------------------------------------------------------------------
// CrossCheckingSolver

TEST_F(CrossChecking, DisagreementThrowsWithBothAnswersAndTheQuery) {
  CrossCheckingSolver solver(make_z3_solver(m), fake(m, SatResult::Unsat), m);
  EXPECT_EQ(solver.name(), "z3+fake");
  solver.add(m.less(x, n(3)));
  solver.push();
  solver.add(m.equal(m.select(val, p), x));
  try {
    solver.check();
    FAIL() << "no SolverDisagreement";
  } catch (const SolverDisagreement& disagreement) {
    EXPECT_EQ(disagreement.first_solver(), "z3");
    EXPECT_EQ(disagreement.first_result(), SatResult::Sat);
    EXPECT_EQ(disagreement.second_solver(), "fake");
    EXPECT_EQ(disagreement.second_result(), SatResult::Unsat);
    EXPECT_STREQ(disagreement.what(), "solvers disagree: z3 says sat, fake says unsat");
    EXPECT_NE(disagreement.query_smtlib().find("(assert (< x 3))"), std::string::npos);
    EXPECT_NE(disagreement.query_smtlib().find("(assert (= (select val p) x))"), std::string::npos);
    EXPECT_EQ(z3_check_script(disagreement.query_smtlib()), SatResult::Sat);
  }
  solver.pop();  // still usable
  EXPECT_THROW(solver.check(), SolverDisagreement);
}

TEST_F(CrossChecking, ADefiniteAnswerWinsOverUnknown) {
  auto unsure = fake(m, SatResult::Unknown);
  CrossCheckingSolver solver(std::move(unsure), make_z3_solver(m), m);
  solver.add(m.equal(x, n(12)));
  EXPECT_EQ(solver.check(), SatResult::Sat);
  EXPECT_EQ(solver.first_result(), SatResult::Unknown);
  EXPECT_EQ(solver.second_result(), SatResult::Sat);
  EXPECT_EQ(solver.model()->evaluate(x).as_integer(), Integer(12));  // from the side that knew

  CrossCheckingSolver both_unsure(fake(m, SatResult::Unknown), fake(m, SatResult::Unknown), m);
  EXPECT_EQ(both_unsure.check(), SatResult::Unknown);
  EXPECT_EQ(both_unsure.reason_unknown(), "fake: fake reason; fake: fake reason");
  EXPECT_THROW(both_unsure.model(), std::logic_error);
}

TEST_F(CrossChecking, Z3AndCvc5AgreeAndScopesStayInStep) {
  CrossCheckingSolver solver(make_z3_solver(m), make_cvc5_solver(m), m);
  solver.add(m.less(n(0), x));
  solver.push();
  solver.add(m.less(x, n(1)));
  EXPECT_EQ(solver.check(), SatResult::Unsat);
  solver.pop();
  solver.add(m.equal(m.select(a, x), n(4)));
  EXPECT_EQ(solver.check(), SatResult::Sat);
  auto model = solver.model();
  EXPECT_EQ(model->evaluate(m.select(a, x)).as_integer(), Integer(4));
  EXPECT_EQ(solver.statistics().queries, 2u);
  EXPECT_THROW(solver.pop(), std::logic_error);
}

// ---------------------------------------------------------------------------------------------
// ModelCheckingSolver

TEST_F(ModelChecking, ABadModelIsCaught) {
  auto liar = fake(m, SatResult::Sat);
  liar->model_values().set_symbol(x, Value::integer(0));
  ModelCheckingSolver solver(std::move(liar), m);
  solver.add(m.less(n(-5), x));
  solver.add(m.greater(x, n(3)));
  try {
    solver.check();
    FAIL() << "no InvalidModel";
  } catch (const InvalidModel& invalid) {
    EXPECT_EQ(invalid.solver(), "fake");
    EXPECT_EQ(invalid.formula(), "3 < x");
    EXPECT_STREQ(invalid.what(), "invalid model from fake: the model falsifies 3 < x (with x = 0)");
  }
}

// A backend whose own evaluation also falsifies the formula contradicts its sat answer: its fault,
// reported as unknown with the reason; a backend that evaluates the formula true (or cannot say)
// leaves the disagreement with symref's evaluation, and that stays an InvalidModel.
TEST_F(ModelChecking, ABackendContradictingItselfAnswersUnknown) {
  for (std::optional<bool> own : {std::optional<bool>(false), std::optional<bool>(true), std::optional<bool>()}) {
    auto liar = fake(m, SatResult::Sat);
    liar->model_values().set_symbol(x, Value::integer(0));
    liar->set_own_value(own);
    ModelCheckingSolver solver(std::move(liar), m);
    solver.add(m.greater(x, n(3)));
    if (own == false) {
      EXPECT_EQ(solver.check(), SatResult::Unknown);
      EXPECT_EQ(solver.reason_unknown(), "fake answered sat with a model that falsifies 3 < x by fake's own evaluation too (a fault of the solver)");
      EXPECT_EQ(solver.self_contradicting_models(), 1u);
      EXPECT_EQ(solver.statistics().sat, 0u);
      EXPECT_EQ(solver.statistics().unknown, 1u);
    } else {
      EXPECT_THROW(solver.check(), InvalidModel);
      EXPECT_EQ(solver.self_contradicting_models(), 0u);
    }
  }
}

TEST_F(ModelChecking, AModelThatIsNoConsistentInputIsCaught) {
  auto liar = fake(m, SatResult::Sat);
  liar->model_values().set_symbol(p, Value::reference(0, 4));  // an input object must be <= 0
  ModelCheckingSolver solver(std::move(liar), m);
  solver.add(m.logical_not(m.equal(p, m.nil(0))));
  EXPECT_THROW(solver.check(), InvalidModel);
}

// Z3 gave such models in compact's quantified queries; the check used to throw out of the search
// ("object identity out of range"), so compact_soundness ran with validation off.  An identity the
// state cannot hold is no verdict: the formula and the side constraint are counted unevaluated.
TEST_F(ModelChecking, AnObjectIdentityBeyond64BitsIsUnevaluatedNotAnError) {
  EXPECT_THROW(decode_numeral("z3", "99999999999999999999", Sort::reference(0)), terms::NotEvaluable);
  EXPECT_EQ(decode_numeral("z3", "-7", Sort::reference(0)).as_object(), -7);
  auto wide = fake(m, SatResult::Sat);
  wide->give_wide_object(p);
  ModelCheckingSolver solver(std::move(wide), m);
  solver.add(m.logical_not(m.equal(p, m.nil(0))));
  EXPECT_EQ(solver.check(), SatResult::Sat);
  EXPECT_EQ(solver.unevaluated_formulas(), 2u);
  solver.add(m.less(n(0), x));  // false under the fake's x = 0: still caught beside it
  EXPECT_THROW(solver.check(), InvalidModel);
}

TEST_F(ModelChecking, GoodModelsPassAndScopesAreKept) {
  ModelCheckingSolver solver(make_z3_solver(m), m);
  solver.add(m.less(n(0), x));
  solver.push();
  solver.add(m.equal(m.select(next, p), q));
  solver.add(m.logical_not(m.equal(q, m.nil(0))));
  EXPECT_EQ(solver.check(), SatResult::Sat);
  EXPECT_LE(solver.model()->symbol_value(q).as_object(), 0);
  solver.pop();
  EXPECT_EQ(solver.check(), SatResult::Sat);
  EXPECT_THROW(solver.pop(), std::logic_error);
}

TEST_F(ModelChecking, QuantifiedFormulasAreCheckedWhenBoundedAndCountedWhenNot) {
  Term k = m.bound_variable(Sort::integer(), "k");
  Term guarded = m.forall(k, m.implies(m.logical_and(m.less_equal(n(0), k), m.less(k, x)), m.less(n(0), m.select(a, k))));
  // A model with x = 3 and a[1] = 0 falsifies the guarded formula: caught.
  auto liar = fake(m, SatResult::Sat);
  liar->model_values().set_symbol(x, Value::integer(3));
  liar->model_values().set_element(a, Value::integer(0), Value::integer(1));
  liar->model_values().set_element(a, Value::integer(2), Value::integer(1));
  ModelCheckingSolver checking(std::move(liar), m);
  checking.add(guarded);
  EXPECT_THROW(checking.check(), InvalidModel);
  EXPECT_EQ(checking.unevaluated_formulas(), 0u);
  // An unguarded one cannot be evaluated: skipped and counted, never taken as true or false.
  auto unsure = fake(m, SatResult::Sat);
  ModelCheckingSolver skipping(std::move(unsure), m);
  Term j = m.bound_variable(Sort::integer(), "j");
  skipping.add(m.forall(j, m.less(j, m.add(j, y))));
  skipping.add(m.less(n(0), y));  // false under the fake's y = 0: still caught
  EXPECT_THROW(skipping.check(), InvalidModel);
  EXPECT_EQ(skipping.unevaluated_formulas(), 1u);
  // A range beyond the validation limit is skipped too.
  auto big_range = fake(m, SatResult::Sat);
  big_range->model_values().set_symbol(x, Value::integer(ModelCheckingSolver::enumeration_limit + 1));
  big_range->model_values().set_default_element(a, Value::integer(1));
  ModelCheckingSolver limited(std::move(big_range), m);
  limited.add(guarded);
  EXPECT_EQ(limited.check(), SatResult::Sat);
  EXPECT_EQ(limited.unevaluated_formulas(), 1u);
}

TEST_F(ModelChecking, FunctionValuesAreChecked) {
  terms::FunctionId f = m.declare_function("f", {Sort::integer()}, Sort::integer());
  const Term at_x[] = {x};
  auto liar = fake(m, SatResult::Sat);
  liar->model_values().set_function_value(f, {Value::integer(0)}, Value::integer(7));
  ModelCheckingSolver solver(std::move(liar), m);
  solver.add(m.equal(m.apply(f, at_x), n(7)));
  EXPECT_EQ(solver.check(), SatResult::Sat);
  solver.add(m.equal(m.apply(f, at_x), n(8)));
  EXPECT_THROW(solver.check(), InvalidModel);
}

TEST_F(ModelChecking, SnapshotsKeepWhatQuantifiedFormulasAndApplicationsRead) {
  Term k = m.bound_variable(Sort::integer(), "k");
  terms::FunctionId f = m.declare_function("f", {Sort::integer()}, Sort::integer());
  terms::FunctionId row = m.declare_function("row", {Sort::integer()}, Sort::int_array());
  const Term at_k[] = {k}, at_x[] = {x};
  Term guard = m.logical_and(m.less_equal(n(0), k), m.less(k, n(4)));
  std::vector<Term> formulas = {m.forall(k, m.implies(guard, m.equal(m.apply(f, at_k), m.add(k, y)))), m.equal(y, n(10)),
                                m.equal(m.select(m.apply(row, at_x), n(2)), n(7)), m.equal(m.length(m.apply(row, at_x)), n(3))};
  auto z3 = make_z3_solver(m);
  for (Term formula : formulas) z3->add(formula);
  ASSERT_EQ(z3->check(), SatResult::Sat);
  auto snapshot = SnapshotModel::capture(*z3->model(), formulas, m);
  z3.reset();  // the snapshot outlives its solver
  for (Term formula : formulas) EXPECT_TRUE(snapshot->evaluate(formula).as_boolean()) << terms::print_term(formula);
  const Value at_two[] = {Value::integer(2)};
  EXPECT_EQ(snapshot->function_value(f, at_two).as_integer(), Integer(12));  // read under the binder
}

TEST_F(ModelChecking, PlantedFaultHandsOutTheStaleModelUnchecked) {
  auto query = [&](ModelCheckingSolver& solver, std::int64_t value) {
    solver.push();
    solver.add(m.equal(x, n(value)));
    EXPECT_EQ(solver.check(), SatResult::Sat);
    Integer seen = solver.model()->evaluate(x).as_integer();
    solver.pop();
    return seen;
  };
  {
    ModelCheckingSolver solver(make_z3_solver(m), m);
    EXPECT_EQ(query(solver, 1), Integer(1));
    EXPECT_EQ(query(solver, 2), Integer(2));
  }
  {
    ScopedFault fault(Fault::ModelNotValidated);
    ModelCheckingSolver solver(make_z3_solver(m), m);
    EXPECT_EQ(query(solver, 1), Integer(1));  // no previous model yet
    EXPECT_EQ(query(solver, 2), Integer(1));  // stale: x = 2 is false under it
    EXPECT_EQ(query(solver, 3), Integer(2));
  }
  {
    ScopedFault fault(Fault::ModelNotValidated);  // and nothing is checked: a liar goes through
    auto liar = fake(m, SatResult::Sat);
    ModelCheckingSolver solver(std::move(liar), m);
    solver.add(m.less(n(0), x));
    EXPECT_EQ(solver.check(), SatResult::Sat);
  }
}

// ---------------------------------------------------------------------------------------------
// LoggingSolver

class TemporaryDirectory {
 public:
  TemporaryDirectory() {
    path_ = std::filesystem::temp_directory_path() /
            ("symref-solver-test-" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) + "-" +
             std::to_string(reinterpret_cast<std::uintptr_t>(this)));
    std::filesystem::remove_all(path_);
  }
  ~TemporaryDirectory() { std::filesystem::remove_all(path_); }
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

TEST_F(Logging, EveryQueryIsAStandaloneScriptThatZ3SolvesAlike) {
  TemporaryDirectory directory;
  LoggingSolver solver(make_cvc5_solver(m), m, directory.path() / "smt");
  m.set_simplify(false);
  std::vector<SatResult> answers;
  solver.add(m.less(n(0), m.length(a)));
  solver.push();
  solver.add(m.equal(m.select(m.store(a, x, n(3)), y), n(4)));
  solver.add(m.equal(x, y));
  answers.push_back(solver.check());  // unsat
  solver.pop();
  solver.push();
  solver.add(m.equal(m.select(val, m.select(next, p)), m.divide(x, y)));
  solver.add(m.logical_not(m.equal(m.select(next, p), m.nil(0))));
  answers.push_back(solver.check());  // sat
  solver.add(m.equal(m.select(next, p), m.new_object(1, 0)));
  answers.push_back(solver.check());  // unsat: an input field holds no new object
  solver.pop();
  answers.push_back(solver.check());  // sat
  EXPECT_EQ(answers, (std::vector<SatResult>{SatResult::Unsat, SatResult::Sat, SatResult::Unsat, SatResult::Sat}));
  EXPECT_EQ(solver.files_written(), 4u);
  EXPECT_EQ(solver.last_file().filename(), "query-000004.smt2");
  for (unsigned i = 1; i <= 4; ++i) {
    char name[32];
    std::snprintf(name, sizeof name, "query-%06u.smt2", i);
    std::string script = read_file(directory.path() / "smt" / name);
    ASSERT_FALSE(script.empty()) << name;
    EXPECT_EQ(script.rfind("; symref query " + std::to_string(i) + " for cvc5\n(set-logic ALL)\n", 0), 0u);
    EXPECT_NE(script.find("(check-sat)\n; result: " + std::string(to_string(answers[i - 1])) + "\n"),
              std::string::npos);
    EXPECT_EQ(z3_check_script(script), answers[i - 1]) << script;
  }
  std::string second = read_file(directory.path() / "smt" / "query-000002.smt2");
  EXPECT_NE(second.find("(define-fun $e1 () Int (select next p))"), std::string::npos) << second;
  EXPECT_NE(second.find("(assert (<= $e1 0))"), std::string::npos) << second;
  EXPECT_NE(second.find("(assert (<= p 0))"), std::string::npos);
  EXPECT_NE(second.find("(assert (<= 0 |len(a)|))"), std::string::npos);
  EXPECT_EQ(second.find("store"), std::string::npos);  // the popped scope is gone
}

TEST_F(Logging, UnknownIsLoggedWithItsReason) {
  TemporaryDirectory directory;
  LoggingSolver solver(fake(m, SatResult::Unknown), m, directory.path());
  solver.add(b);
  EXPECT_EQ(solver.check(), SatResult::Unknown);
  std::string script = read_file(solver.last_file());
  EXPECT_NE(script.find("; result: unknown (fake reason)\n"), std::string::npos) << script;
}

TEST_F(Logging, ADisagreementBelowIsLoggedAndPassedOn) {
  TemporaryDirectory directory;
  auto disagreeing = std::make_unique<CrossCheckingSolver>(make_z3_solver(m), fake(m, SatResult::Unsat), m);
  LoggingSolver solver(std::move(disagreeing), m, directory.path());
  solver.add(m.less(x, n(3)));
  EXPECT_THROW(solver.check(), SolverDisagreement);
  std::string script = read_file(solver.last_file());
  EXPECT_NE(script.find("; result: error (solvers disagree: z3 says sat, fake says unsat)\n"), std::string::npos)
      << script;
}

TEST_F(Logging, AnUnusableDirectoryIsReported) {
  TemporaryDirectory directory;
  std::filesystem::create_directories(directory.path());
  std::ofstream(directory.path() / "file") << "x";
  EXPECT_THROW(LoggingSolver(fake(m, SatResult::Sat), m, directory.path() / "file" / "smt"), std::runtime_error);
}

// ---------------------------------------------------------------------------------------------
// make_solver

TEST_F(Factory, NamesAndLayers) {
  EXPECT_EQ(make_solver("z3", m)->name(), "z3");
  EXPECT_EQ(make_solver("cvc5", m)->name(), "cvc5");
  EXPECT_EQ(make_solver("both", m)->name(), "z3+cvc5");
  EXPECT_THROW(make_solver("yices", m), std::invalid_argument);
  EXPECT_NE(dynamic_cast<ModelCheckingSolver*>(make_solver("z3", m).get()), nullptr);
  SolverOptions options;
  options.validate_models = false;  // and no other layer asked for: the cross-check is the top
  EXPECT_NE(dynamic_cast<CrossCheckingSolver*>(make_solver("both", m, options).get()), nullptr);
  auto solver = make_solver("both", m);
  solver->add(m.equal(m.multiply(x, x), n(49)));
  solver->add(m.less(x, n(0)));
  ASSERT_EQ(solver->check(), SatResult::Sat);
  EXPECT_EQ(solver->model()->evaluate(x).as_integer(), Integer(-7));
}

// Quantified and UF queries through `--solver both` with model validation: the two solvers agree,
// every model that the evaluator can check passes, and what it cannot is counted.
TEST_F(Factory, BothSolversOnQuantifiedAndFunctionQueries) {
  Term k = m.bound_variable(Sort::integer(), "k");
  Term z = m.bound_variable(Sort::integer(), "z");
  Term bound = m.bound_variable(Sort::integer(), "m");
  terms::FunctionId f = m.declare_function("f", {Sort::integer()}, Sort::integer());
  auto in_range = [&](Term v, Term high) { return m.logical_and(m.less_equal(n(0), v), m.less(v, high)); };
  auto f_of = [&](Term argument) { return m.apply(f, std::span<const Term>(&argument, 1)); };
  struct Query {
    std::vector<Term> formulas;
    SatResult expected;
    std::uint64_t unevaluated;
  };
  const Query queries[] = {
      {{m.forall(k, m.implies(in_range(k, x), m.less_equal(n(0), m.select(a, k)))), m.less(n(2), x), m.less(x, n(10))},
       SatResult::Sat, 0},
      {{m.forall(k, m.implies(in_range(k, x), m.less(k, m.select(a, k)))), m.less(m.select(a, n(0)), n(0)), m.less(n(0), x)},
       SatResult::Unsat, 0},
      {{m.exists(bound, m.forall(k, m.implies(in_range(k, x), m.less(k, bound))))}, SatResult::Sat, 1},
      {{m.equal(f_of(x), n(1)), m.equal(f_of(y), n(2)), m.equal(x, y)}, SatResult::Unsat, 0},
      {{m.equal(f_of(x), n(1)), m.equal(f_of(y), n(2))}, SatResult::Sat, 0},
      {{m.forall(z, m.less(z, f_of(z))), m.less(f_of(n(3)), n(2))}, SatResult::Unsat, 0},
  };
  auto solver = make_solver("both", m);
  auto* checking = dynamic_cast<ModelCheckingSolver*>(solver.get());
  ASSERT_NE(checking, nullptr);
  for (const Query& query : queries) {
    std::uint64_t before = checking->unevaluated_formulas();
    solver->push();
    for (Term formula : query.formulas) solver->add(formula);
    EXPECT_EQ(solver->check(), query.expected) << terms::print_term(query.formulas[0]);
    EXPECT_EQ(checking->unevaluated_formulas() - before, query.unevaluated) << terms::print_term(query.formulas[0]);
    solver->pop();
  }
}

}  // namespace
}  // namespace symref::solver::testing

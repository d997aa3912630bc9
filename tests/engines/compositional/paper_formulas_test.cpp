// The formulas of Anand, Godefroid, Tillmann §4.2 on Fig. 1, each proved equivalent to the one the
// paper prints: γ_testAbs, Ψ_11 and Ψ_2, at the trees of Fig. 2(b) and (c) (abs run at x = 1, 0,
// −1, so fully explored; testAbs run at p = q = 1 only, so node 11 is dangling).  The paper's
// formulas are built here by hand, over our symbols: abs(e) is Util.abs.result(this, e) with the
// receiver of the call, and testAbs's inputs are every global of the program (the paper's p, q
// and the globals m, n, u it writes), so C_testAbs takes five arguments.
#include <gtest/gtest.h>

#include "engines/compositional/compositional_explorer.hpp"
#include "engines/compositional/compositional_report.hpp"
#include "semantics/syntax/front_end.hpp"
#include "semantics/terms/printer.hpp"

namespace symref::compositional {
namespace {

using solver::SatResult;
using terms::Term;

const std::string corpus = std::string(SYMREF_SOURCE_DIR) + "/corpus/compositional/";

struct Fig2 {
  std::unique_ptr<Program> program;
  terms::TermManager terms;
  std::unique_ptr<CompositionalExplorer> explorer;
  FunctionIndex abs = 1;
  Term receiver = nullptr;  // the Util object both calls go to

  explicit Fig2(AxiomEncoding axioms) : program(load_program(corpus + "fig1-abs-method.sym")), terms(program.get()) {
    CompositionalOptions options;
    options.axioms = axioms;
    options.max_executions = 1;  // Fig. 2(c): testAbs after p = q = 1
    options.initial = input(1, 1);
    explorer = std::make_unique<CompositionalExplorer>(*program, terms, options);
    explorer->explore();
    for (std::int64_t v : {0, -1}) {  // Fig. 2(b): abs after x = 1, 0, -1; testAbs stays at node 10
      Execution e;
      e.index = v == 0 ? 2 : 3;
      e.input = input(v, v);
      explorer->execute(e);
    }
    receiver = explorer->trees().call_sites(main_function).at(0).arguments.at(0);
  }
  GlobalState input(std::int64_t p, std::int64_t q) const {
    GlobalState state = default_global_state(*program);
    state.globals[static_cast<std::size_t>(program->global_index.at("p"))] = Value::integer(Integer(p));
    state.globals[static_cast<std::size_t>(program->global_index.at("q"))] = Value::integer(Integer(q));
    return state;
  }
  NodeId node(const std::string& name) const {
    for (const TreeNode& n : explorer->trees().nodes())
      if (node_name(*explorer, n.id) == name) return n.id;
    ADD_FAILURE() << "no node " << name;
    return -1;
  }
  const std::vector<Term>& inputs() const { return explorer->symbols()[main_function].inputs; }  // I
  Term I(const std::string& global) const { return inputs()[static_cast<std::size_t>(program->global_index.at(global))]; }
  Term abs_of(Term self, Term x) {
    std::vector<Term> arguments{self, x};
    return terms.apply(explorer->symbols()[abs].outputs[0], arguments);
  }
  Term D(Term self, Term x) {
    std::vector<Term> arguments{self, x};
    return terms.apply(explorer->symbols()[abs].definition, arguments);
  }
  Term C_abs(Term self, Term x) {
    std::vector<Term> arguments{self, x};
    return terms.apply(explorer->symbols()[abs].context, arguments);
  }
  Term C_testAbs(std::span<const Term> arguments) { return terms.apply(explorer->symbols()[main_function].context, arguments); }
  std::vector<Term> testAbs_variables() {
    std::vector<Term> variables;
    for (std::size_t k = 0; k < program->globals.size(); ++k)
      variables.push_back(terms.bound_variable(explorer->symbols()[main_function].input_sorts[k], program->globals[k].name));
    return variables;
  }
  // ITE(x ≤ 0, ITE(x = 0, abs(x) = 100, abs(x) = −x), abs(x) = x): abs fully explored.
  Term abs_body(Term self, Term x) {
    Term zero = terms.integer(Integer(0)), result = abs_of(self, x);
    return terms.if_then_else(terms.less_equal(x, zero),
                              terms.if_then_else(terms.equal(x, zero), terms.equal(result, terms.integer(Integer(100))),
                                                 terms.equal(result, terms.negate(x))),
                              terms.equal(result, x));
  }
  // The paper's δ_abs: ∀x. D_abs(x) ⟺ abs_body(x).
  Term paper_delta_abs() {
    Term self = terms.bound_variable(explorer->symbols()[abs].input_sorts[0], "this");
    Term x = terms.bound_variable(terms::Sort::integer(), "x");
    std::vector<Term> variables{self, x};
    return terms.forall(variables, terms.equal(D(self, x), abs_body(self, x)));
  }
  // The paper's γ_testAbs: ∀p, q. C_testAbs(p, q) ⟺ p = I(0) ∧ q = I(1) (and so for m, n, u).
  Term paper_gamma_testAbs() {
    std::vector<Term> variables = testAbs_variables(), equalities;
    for (std::size_t k = 0; k < variables.size(); ++k) equalities.push_back(terms.equal(variables[k], inputs()[k]));
    return terms.forall(variables, terms.equal(C_testAbs(variables), terms.logical_and(equalities)));
  }
  // localpc(11) = abs(p) > abs(q) ∧ p > 0 ∧ D_abs(p) ∧ D_abs(q), over `p` and `q`.
  Term localpc_11(Term p, Term q) {
    return terms.logical_and(std::vector<Term>{terms.less(abs_of(receiver, q), abs_of(receiver, p)), terms.less(terms.integer(Integer(0)), p),
                              D(receiver, p), D(receiver, q)});
  }
  // Are a and b equivalent?  (Unknown fails the test.)
  bool equivalent(Term a, Term b, const std::string& solver = "z3") {
    auto s = solver::make_solver(solver, terms);
    s->add(terms::separating_condition(terms, a, b));
    SatResult answer = s->check();
    EXPECT_NE(answer, SatResult::Unknown) << solver << ": " << s->reason_unknown();
    return answer == SatResult::Unsat;
  }
};

TEST(PaperFormulas, GammaTestAbs) {
  Fig2 fig(AxiomEncoding::Quantified);
  Term ours = fig.explorer->axioms().gamma(main_function);
  EXPECT_TRUE(fig.equivalent(ours, fig.paper_gamma_testAbs()));
  EXPECT_TRUE(fig.equivalent(ours, fig.paper_gamma_testAbs(), "cvc5"));
  // A wrong entry context (q not fixed) is told apart: the check can fail.
  std::vector<Term> variables = fig.testAbs_variables();
  Term wrong = fig.terms.forall(variables, fig.terms.equal(fig.C_testAbs(variables), fig.terms.equal(variables[0], fig.inputs()[0])));
  EXPECT_FALSE(fig.equivalent(ours, wrong));
}

// Ψ_11 = abs(p) > abs(q) ∧ p > 0 ∧ D_abs(p) ∧ D_abs(q) ∧ p > 0 ∧ C_testAbs(p, q) ∧ δ_abs ∧ γ_testAbs.
// Our Ψ_11 has main's inputs I in place of p, q (C_testAbs(p, q) with γ_testAbs forces p = I(0),
// q = I(1)); with γ_testAbs conjoined, the two are the same formula.
TEST(PaperFormulas, Psi11) {
  Fig2 fig(AxiomEncoding::Quantified);
  NodeId node11 = fig.node("main:DRDRT");
  ASSERT_TRUE(fig.explorer->trees().is_open(fig.explorer->trees().node(node11)));
  Term p = fig.I("p"), q = fig.I("q");
  Term paper = fig.terms.logical_and(std::vector<Term>{fig.localpc_11(p, q), fig.terms.less(fig.terms.integer(Integer(0)), p),
                                      fig.C_testAbs(fig.inputs()), fig.paper_delta_abs(), fig.paper_gamma_testAbs()});
  Term ours = fig.terms.logical_and(fig.explorer->axioms().psi(node11), fig.explorer->axioms().gamma(main_function));
  EXPECT_TRUE(fig.equivalent(ours, paper));
  // The unfolded encoding is the paper's Ψ_11 with δ_abs instantiated at p and q (no quantifier).
  Fig2 unfolded(AxiomEncoding::Unfolded);
  Term up = unfolded.I("p"), uq = unfolded.I("q");
  Term instantiated = unfolded.terms.logical_and(std::vector<Term>{
      unfolded.terms.less(unfolded.abs_of(unfolded.receiver, uq), unfolded.abs_of(unfolded.receiver, up)),
       unfolded.terms.less(unfolded.terms.integer(Integer(0)), up), unfolded.abs_body(unfolded.receiver, up),
       unfolded.abs_body(unfolded.receiver, uq)});
  Term psi = unfolded.explorer->axioms().psi(unfolded.node("main:DRDRT"));
  EXPECT_TRUE(unfolded.equivalent(psi, instantiated));
  EXPECT_TRUE(unfolded.equivalent(psi, instantiated, "cvc5"));
  // Dropping p > 0 gives a different formula, and the solver says so.
  Term weaker = unfolded.terms.logical_and(std::vector<Term>{unfolded.terms.less(unfolded.abs_of(unfolded.receiver, uq), unfolded.abs_of(unfolded.receiver, up)),
                                            unfolded.abs_body(unfolded.receiver, up), unfolded.abs_body(unfolded.receiver, uq)});
  EXPECT_FALSE(unfolded.equivalent(psi, weaker));
}

// Ψ_2 = x ≤ 0 ∧ C_abs(x) ∧ δ_abs ∧ γ_abs ∧ γ_testAbs, with
// γ_abs = ∀a. C_abs(a) ⟺ ∃p, q. C_testAbs(p, q) ∧ (a = p ∨ a = q ∨ (localpc(11) ∧ G_11)).
TEST(PaperFormulas, Psi2) {
  Fig2 fig(AxiomEncoding::Quantified);
  NodeId node2 = fig.node("Util.abs:F");
  const TreeNode& node11 = fig.explorer->trees().node(fig.node("main:DRDRT"));
  const FunctionSymbols& abs = fig.explorer->symbols()[fig.abs];
  Term self = abs.inputs[0], x = abs.inputs[1];
  Term zero = fig.terms.integer(Integer(0));
  Term a_self = fig.terms.bound_variable(abs.input_sorts[0], "this"), a = fig.terms.bound_variable(terms::Sort::integer(), "a");
  std::vector<Term> caller = fig.testAbs_variables();
  Term p = caller[static_cast<std::size_t>(fig.program->global_index.at("p"))];
  Term q = caller[static_cast<std::size_t>(fig.program->global_index.at("q"))];
  // localpc of the second call site is D_abs(p) by the paper's own definition (the first call
  // comes before it); the paper calls it `true` (paper-notes/001: equisatisfiable, not equivalent).
  auto paper_psi2 = [&](Term second_site_localpc) {
    Term sites = fig.terms.logical_or(std::vector<Term>{
        fig.terms.logical_and(fig.terms.equal(a_self, fig.receiver), fig.terms.equal(a, p)),
        fig.terms.logical_and(std::vector<Term>{fig.terms.equal(a_self, fig.receiver), fig.terms.equal(a, q), second_site_localpc}),
        fig.terms.logical_and(fig.localpc_11(p, q), node11.guard)});
    std::vector<Term> abs_variables{a_self, a};
    Term gamma_abs = fig.terms.forall(
        abs_variables, fig.terms.equal(fig.C_abs(a_self, a), fig.terms.exists(caller, fig.terms.logical_and(fig.C_testAbs(caller), sites))));
    return fig.terms.logical_and(std::vector<Term>{fig.terms.less_equal(x, zero), fig.C_abs(self, x), fig.paper_delta_abs(), gamma_abs,
                                                   fig.paper_gamma_testAbs()});
  };
  Term ours = fig.terms.logical_and(fig.explorer->axioms().psi(node2), fig.explorer->axioms().gamma(main_function));
  EXPECT_TRUE(fig.equivalent(ours, paper_psi2(fig.D(fig.receiver, p))));
  Term as_printed = paper_psi2(fig.terms.true_term());
  EXPECT_FALSE(fig.equivalent(ours, as_printed));
  auto s = solver::make_solver("z3", fig.terms);
  s->add(as_printed);
  EXPECT_EQ(s->check(), SatResult::Sat);  // both satisfiable: node 2 is reachable either way
  // Without the unknown call site under node 11, the paper's γ_abs is another formula.
  std::vector<Term> abs_variables{a_self, a};
  Term known_only = fig.terms.forall(
      abs_variables,
      fig.terms.equal(fig.C_abs(a_self, a),
                      fig.terms.exists(caller, fig.terms.logical_and(
                                                   fig.C_testAbs(caller),
                                                   fig.terms.logical_and(fig.terms.equal(a_self, fig.receiver),
                                                                         fig.terms.logical_or(fig.terms.equal(a, p),
                                                                                              fig.terms.logical_and(fig.terms.equal(a, q),
                                                                                                                    fig.D(fig.receiver, p))))))));
  EXPECT_FALSE(fig.equivalent(ours, fig.terms.logical_and(std::vector<Term>{fig.terms.less_equal(x, zero), fig.C_abs(self, x), fig.paper_delta_abs(),
                                                           known_only, fig.paper_gamma_testAbs()})));
}

}  // namespace
}  // namespace symref::compositional

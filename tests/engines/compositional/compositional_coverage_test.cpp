// The compositional engine's rule coverage (engines/compositional/compositional_rules.def): the
// summary cases, steps of Algorithm 2 and cases of δ and γ that Fig. 1's programs apply.
#include <gtest/gtest.h>

#include <string>

#include "engines/compositional/compositional_coverage.hpp"
#include "engines/compositional/compositional_explorer.hpp"
#include "semantics/syntax/front_end.hpp"
#include "support/tally_counts.hpp"

namespace symref::compositional {
namespace {

// The tally of Algorithm 1 to its end on corpus/compositional/NAME.sym from the default input.
RuleTally tally_of(const std::string& name, AxiomEncoding axioms = AxiomEncoding::Quantified) {
  auto program = load_program(std::string(SYMREF_SOURCE_DIR) + "/corpus/compositional/" + name + ".sym");
  terms::TermManager terms(program.get());
  RuleTally tally(compositional_rule_table());
  CompositionalOptions options;
  options.execute.limits.loop_bound = 4;
  options.axioms = axioms;
  options.coverage = &tally;
  CompositionalExplorer(*program, terms, options).explore();
  return tally;
}

using testing::count;

// Fig. 1 with abs a procedure: abs summarized, each call an activation that returns; Ψ of main's
// nodes closed under δ_abs, and abs's own nodes under γ_abs with its two known call sites.
TEST(CompositionalCoverage, FigureOneSummarizesAbs) {
  RuleTally tally = tally_of("fig1-abs-procedure");
  EXPECT_EQ(count(tally, CompositionalRule::SummarizedProcedure), 1u);
  EXPECT_EQ(count(tally, CompositionalRule::SummarizedMethod), 0u);
  EXPECT_GE(count(tally, CompositionalRule::Activation), 2u);
  EXPECT_EQ(count(tally, CompositionalRule::ActivationReturns), count(tally, CompositionalRule::Activation));
  EXPECT_EQ(count(tally, CompositionalRule::ActivationEndsRun), 0u);  // abs always returns
  EXPECT_GE(count(tally, CompositionalRule::LazyStepSat), 1u);
  EXPECT_GE(count(tally, CompositionalRule::DeltaReturningLeaf), 1u);
  EXPECT_GE(count(tally, CompositionalRule::PsiDeltaAxiom), 1u);
  EXPECT_GE(count(tally, CompositionalRule::GammaKnownCallSite), 1u);
  for (CompositionalRule none :
       {CompositionalRule::InlinedRecursive, CompositionalRule::InlinedAllocates, CompositionalRule::FieldInput,
        CompositionalRule::FieldOutput, CompositionalRule::UnfoldedDefinition, CompositionalRule::InputObjectHint})
    EXPECT_EQ(count(tally, none), 0u) << compositional_rule_table().rules[static_cast<std::size_t>(none)].name;
}

// The unfolded encoding puts δ's and γ's bodies in place of D and C: no ∀-axioms.
TEST(CompositionalCoverage, UnfoldedEncodingReplacesTheAxioms) {
  RuleTally tally = tally_of("fig1-abs-procedure", AxiomEncoding::Unfolded);
  EXPECT_GE(count(tally, CompositionalRule::UnfoldedDefinition), 1u);
  EXPECT_GE(count(tally, CompositionalRule::UnfoldedContext), 1u);
  EXPECT_EQ(count(tally, CompositionalRule::PsiDeltaAxiom), 0u);
  EXPECT_EQ(count(tally, CompositionalRule::PsiGammaAxiom), 0u);
}

// Fig. 1 with abs a method of Util: the method is summarized, not the procedure kind.
TEST(CompositionalCoverage, FigureOneSummarizesTheMethod) {
  RuleTally tally = tally_of("fig1-abs-method");
  EXPECT_EQ(count(tally, CompositionalRule::SummarizedMethod), 1u);
  EXPECT_EQ(count(tally, CompositionalRule::SummarizedProcedure), 0u);
  EXPECT_GE(count(tally, CompositionalRule::Activation), 2u);
}

// A callee that writes a reference field: the field array is among its inputs and outputs.
TEST(CompositionalCoverage, FieldWriterPassesTheFieldArray) {
  RuleTally tally = tally_of("field-write-callee");
  EXPECT_GE(count(tally, CompositionalRule::FieldInput), 1u);
  EXPECT_GE(count(tally, CompositionalRule::FieldOutput), 1u);
}

}  // namespace
}  // namespace symref::compositional

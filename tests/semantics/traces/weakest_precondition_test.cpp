// One test per clause of the substitutions of §4 (e[x := e'], e[h.f := e'], e[x := new C]), of
// arrays as functions (§2.1) and of Definition 4.2's path(ρ): each fails if its clause is wrong.
#include "semantics/traces/weakest_precondition.hpp"

#include <gtest/gtest.h>

#include "semantics/faults.hpp"
#include "semantics/syntax/front_end.hpp"
#include "semantics/terms/printer.hpp"

namespace symref {
namespace {

using terms::Term;

class WeakestPreconditionTest : public ::testing::Test {
 protected:
  WeakestPreconditionTest()
      : program_(load_program_from_text("wp.sym", R"(
          class Node { field val: int; field next: Node; field flag: bool; }
          var p: Node;
          var q: Node;
          var x: int;
          var y: int;
          var a: int[];
          main { skip; })")),
        terms_(program_.get()),
        calculus_(terms_, *program_) {}
  ~WeakestPreconditionTest() override { set_active_fault(Fault::None); }

  Term global(const char* name) { return terms_.global_symbol(program_->global_index.at(name)); }
  std::int32_t field(const char* name) { return program_->find_field(0, name) - program_->fields.data(); }
  Term read(Term object, const char* name) { return terms_.select(terms_.field_symbol(field(name)), object); }
  Term nil() { return terms_.nil(0); }
  std::string show(Term t) { return terms::print_term(t, program_.get()); }

  std::unique_ptr<Program> program_;
  terms::TermManager terms_;
  WeakestPrecondition calculus_;
};

TEST_F(WeakestPreconditionTest, VariableSubstitutionReplacesEveryOccurrence) {
  Term phi = terms_.less(global("x"), terms_.add(global("x"), global("y")));
  Term result = calculus_.substitute_variable(phi, global("x"), terms_.integer(3));
  EXPECT_EQ(result, terms_.less(terms_.integer(3), terms_.add(terms_.integer(3), global("y"))));
  EXPECT_EQ(calculus_.substitute_variable(global("y"), global("x"), terms_.integer(3)), global("y"));
}

TEST_F(WeakestPreconditionTest, ArrayElementSubstitutionIsAnUpdateOfTheFunction) {
  Term element = terms_.select(global("a"), global("y"));
  Term phi = terms_.less(terms_.integer(0), element);
  Term result = calculus_.substitute_array_element(phi, global("a"), global("x"), terms_.integer(7));
  Term updated = terms_.store(global("a"), global("x"), terms_.integer(7));
  EXPECT_EQ(result, terms_.less(terms_.integer(0), terms_.select(updated, global("y"))));
  // |a| is not affected by an element assignment (§2.1).
  EXPECT_EQ(calculus_.substitute_array_element(terms_.length(global("a")), global("a"), global("x"), terms_.integer(7)),
            terms_.length(global("a")));
}

TEST_F(WeakestPreconditionTest, FieldSubstitutionKeepsNil) {
  Term phi = terms_.equal(global("q"), nil());
  EXPECT_EQ(calculus_.substitute_field(phi, global("p"), field("next"), nil()), phi);
}

TEST_F(WeakestPreconditionTest, FieldSubstitutionKeepsVariables) {
  EXPECT_EQ(calculus_.substitute_field(global("x"), global("p"), field("val"), terms_.integer(1)), global("x"));
}

TEST_F(WeakestPreconditionTest, FieldSubstitutionPassesThroughAnotherField) {
  // (h'.f')[h.f := e] = h'[h.f := e].f'
  Term phi = terms_.less(terms_.integer(0), read(global("q"), "val"));
  Term result = calculus_.substitute_field(phi, global("p"), field("next"), nil());
  EXPECT_EQ(result, phi);
  // ... but substitutes inside h': (q.next.val)[p.next := nil] = (q = p ? nil : q.next).val
  Term nested = read(read(global("q"), "next"), "val");
  Term expected = read(terms_.if_then_else(terms_.equal(global("q"), global("p")), nil(), read(global("q"), "next")), "val");
  EXPECT_EQ(calculus_.substitute_field(nested, global("p"), field("next"), nil()), expected);
}

TEST_F(WeakestPreconditionTest, FieldSubstitutionAddsTheAliasingConditional) {
  // (h'.f)[h.f := e] = if h'[h.f := e] = h then e else h'[h.f := e].f fi
  Term phi = terms_.equal(read(global("q"), "val"), terms_.integer(5));
  Term result = calculus_.substitute_field(phi, global("p"), field("val"), terms_.integer(1));
  Term expected = terms_.equal(
      terms_.if_then_else(terms_.equal(global("q"), global("p")), terms_.integer(1), read(global("q"), "val")),
      terms_.integer(5));
  EXPECT_EQ(result, expected) << show(result);
  // Without the conditional (the planted fault) the alias is lost.
  set_active_fault(Fault::MissingAliasCase);
  EXPECT_EQ(calculus_.substitute_field(phi, global("p"), field("val"), terms_.integer(1)), phi);
}

TEST_F(WeakestPreconditionTest, FieldSubstitutionGoesThroughOperators) {
  Term phi = terms_.add(read(global("p"), "val"), global("x"));
  Term result = calculus_.substitute_field(phi, global("p"), field("val"), terms_.integer(4));
  EXPECT_EQ(result, terms_.add(terms_.integer(4), global("x"))) << show(result);
}

TEST_F(WeakestPreconditionTest, NewObjectSubstitutionClauses) {
  Term fresh = terms_.fresh_symbol(terms::Sort::reference(0), "n");
  // nil[x := new C] = nil, y[x := new C] = y
  EXPECT_EQ(calculus_.substitute_new(terms_.equal(global("p"), nil()), fresh), terms_.equal(global("p"), nil()));
  // (x.f)[x := new C] = the default of f
  EXPECT_EQ(calculus_.substitute_new(terms_.equal(read(fresh, "val"), global("x")), fresh),
            terms_.equal(terms_.integer(0), global("x")));
  EXPECT_EQ(calculus_.substitute_new(terms_.equal(read(fresh, "next"), nil()), fresh), terms_.true_term());
  EXPECT_EQ(calculus_.substitute_new(read(fresh, "flag"), fresh), terms_.false_term());
  // (e.f)[x := new C] = e[x := new C].f for e other than x
  Term old_read = terms_.less(terms_.integer(0), read(global("p"), "val"));
  EXPECT_EQ(calculus_.substitute_new(old_read, fresh), old_read);
  // (x = e) and (e = x) are false, (x = x) true
  EXPECT_EQ(calculus_.substitute_new(terms_.equal(fresh, global("p")), fresh), terms_.false_term());
  EXPECT_EQ(calculus_.substitute_new(terms_.equal(global("p"), fresh), fresh), terms_.false_term());
  EXPECT_EQ(calculus_.substitute_new(terms_.equal(read(global("q"), "next"), fresh), fresh), terms_.false_term());
  // op(e1..en)[x := new C] = op(e1[..]..en[..])
  Term both = terms_.logical_and(terms_.equal(fresh, global("p")), terms_.less(global("x"), global("y")));
  EXPECT_EQ(calculus_.substitute_new(both, fresh), terms_.false_term());
}

TEST_F(WeakestPreconditionTest, NewObjectSubstitutionPushesConditionalsOutwards) {
  Term fresh = terms_.fresh_symbol(terms::Sort::reference(0), "n");
  Term c = terms_.less(global("x"), global("y"));
  // (if c then x else p).val = 3  becomes  if c then 0 = 3 else p.val = 3
  Term phi = terms_.equal(read(terms_.if_then_else(c, fresh, global("p")), "val"), terms_.integer(3));
  Term result = calculus_.substitute_new(phi, fresh);
  Term expected = terms_.equal(terms_.if_then_else(c, terms_.integer(0), read(global("p"), "val")), terms_.integer(3));
  EXPECT_EQ(result, expected) << show(result);
  // (if c then x else p) = q  becomes  (c && false) || (!c && p = q)
  Term equation = terms_.equal(terms_.if_then_else(c, fresh, global("p")), global("q"));
  Term simplified = calculus_.substitute_new(equation, fresh);
  EXPECT_EQ(simplified, terms_.logical_and(terms_.logical_not(c), terms_.equal(global("p"), global("q")))) << show(simplified);
}

TEST_F(WeakestPreconditionTest, PathOfTheEmptyTraceIsTrue) {
  EXPECT_EQ(calculus_.path_condition(Trace{}), terms_.true_term());
}

TEST_F(WeakestPreconditionTest, PathOfATestConjoinsIt) {
  Term b = terms_.less(global("x"), global("y"));
  Trace trace = Trace{}.then(TraceItem::test(b));
  EXPECT_EQ(calculus_.path_condition(trace), b);
}

TEST_F(WeakestPreconditionTest, PathOfAnAssignmentSubstitutesAndAddsDefinedness) {
  // path(p.val := x · q.val > 0) = (q = p ? x : q.val) > 0 ∧ δ(p.val, x)
  Term definedness = terms_.not_equal(global("p"), nil());
  TraceItem assignment = TraceItem::assign_field(global("p"), field("val"), global("x"), definedness);
  Term later = terms_.less(terms_.integer(0), read(global("q"), "val"));
  Trace trace = Trace{}.then(assignment).then(TraceItem::test(later));
  Term substituted = calculus_.substitute_field(later, global("p"), field("val"), global("x"));
  EXPECT_EQ(calculus_.path_condition(trace), terms_.logical_and(definedness, substituted));
  set_active_fault(Fault::WpDefinednessDropped);
  EXPECT_EQ(calculus_.path_condition(trace), substituted);
}

TEST_F(WeakestPreconditionTest, PathOfObjectCreationAppliesTheNewSubstitution) {
  // path(n := new Node · p := n · p != q) = true: a new object differs from every old one.
  Term fresh = terms_.fresh_symbol(terms::Sort::reference(0), "n");
  TraceItem creation = TraceItem::create_object(fresh, 0);
  TraceItem assignment = TraceItem::assign_variable(global("p"), fresh, terms_.true_term());
  Trace trace = Trace{}.then(creation).then(assignment).then(TraceItem::test(terms_.not_equal(global("p"), global("q"))));
  EXPECT_EQ(calculus_.path_condition(trace), terms_.true_term());
}

TEST_F(WeakestPreconditionTest, AFreshVariableLeftOverIsReported) {
  Term fresh = terms_.fresh_symbol(terms::Sort::integer(), "u");
  Trace trace = Trace{}.then(TraceItem::test(terms_.less(fresh, global("x"))));
  EXPECT_THROW(calculus_.path_condition(trace), std::logic_error);
}

}  // namespace
}  // namespace symref

// The shapes that reach the engines' rules (engine_shapes.hpp).
//
// As in generator.cpp, no call has two arguments that draw: C++ leaves their order unspecified,
// and a seed must name the same test case on every compiler.
#include "props/engine_shapes.hpp"

#include <string>
#include <utility>
#include <vector>

namespace symref::props {

namespace {

StatementShape assign(ExpressionShape target, ExpressionShape value) {
  StatementShape s;
  s.kind = StatementShapeKind::Assign;
  s.target.push_back(std::move(target));
  s.value.push_back(std::move(value));
  return s;
}

StatementShape assertion(ExpressionShape condition) {
  StatementShape s;
  s.kind = StatementShapeKind::Assert;
  s.value.push_back(std::move(condition));
  return s;
}

StatementShape loop(ExpressionShape condition, std::vector<StatementShape> body) {
  StatementShape s;
  s.kind = StatementShapeKind::While;
  s.value.push_back(std::move(condition));
  s.body = std::move(body);
  return s;
}

StatementShape choice(ExpressionShape condition, std::vector<StatementShape> then_body, std::vector<StatementShape> else_body) {
  StatementShape s;
  s.kind = StatementShapeKind::If;
  s.value.push_back(std::move(condition));
  s.body = std::move(then_body);
  s.has_else = !else_body.empty();
  s.else_body = std::move(else_body);
  return s;
}

ExpressionShape literal(std::int64_t value) { return integer_literal(Integer(value)); }
ExpressionShape plus(ExpressionShape left, ExpressionShape right) {
  return binary(BinaryOperator::Add, std::move(left), std::move(right));
}
ExpressionShape less(ExpressionShape left, ExpressionShape right) {
  return binary(BinaryOperator::Less, std::move(left), std::move(right));
}
ExpressionShape differs(ExpressionShape left, ExpressionShape right) {
  return binary(BinaryOperator::NotEqual, std::move(left), std::move(right));
}

class ShapeBuilder {
 public:
  ShapeBuilder(RandomSource& random, TestCase& test_case) : random_(random), case_(test_case) {}

  void counting_loop() {
    declare_globals(true);
    const ExpressionShape i = integer_global("i");
    // A third of these loops move every variable by an invariant amount per pass, so that each
    // cycle gets a compact loop template (Trtík §5.1: initial value plus a constant); the others
    // mix in what only the apc engine's rules summarise.
    const bool templated = random_.chance(1, 3);
    // Half the templated loops also test a flag, i < N && f, which main switches off before the
    // loop: the template, built with f free, has a pass condition whose instance here keeps
    // nothing but its ∀τ's guard, ∀τ ¬(0 ≤ τ < κ), which is no counted ∀τ for the compact
    // engine's brackets (the solver gets it as it is).
    const bool switched_off = templated && random_.chance(1, 2);
    // The effects on the loop's paths, each on the first path, the second or both.
    const bool two_paths = random_.chance(1, 2);
    std::vector<StatementShape> first, second;
    enum Effect { InvariantSum, VariantSum, LastValue, Constant, MovingWrite, InvariantWrite };
    std::vector<Effect> effects;
    const int count = static_cast<int>(random_.between(1, 3));
    const unsigned arrays = arrays_allowed() && !templated ? 1 : 0;
    for (int e = 0; e < count; ++e)
      effects.push_back(static_cast<Effect>(templated ? 0 : random_.weighted({4, 4, 3, 3, 3 * arrays, arrays})));
    bool sweeps = false;                  // a[i] := c: the loop runs over the array
    std::vector<std::int64_t> constants;  // what v is set to
    std::vector<std::int64_t> written;    // what is written into a
    Effect last_effect = effects.back();
    for (Effect effect : effects) {
      // First path, second or both; a constant mostly on both, where the two may differ.
      const std::size_t where = !two_paths ? 0 : effect == Constant ? random_.weighted({1, 1, 3}) : random_.weighted({1, 1, 1});
      for (std::size_t path = 0; path < 2; ++path) {
        if (path == 0 && where == 1) continue;
        if (path == 1 && where != 1 && where != 2) continue;
        std::vector<StatementShape>& body = path == 0 ? first : second;
        switch (effect) {
          case InvariantSum: body.push_back(increment(integer_global("k"), invariant_amount())); break;
          case VariantSum: body.push_back(increment(integer_global("k"), i)); break;
          case LastValue: {
            ExpressionShape value = random_.chance(1, 2) ? i : plus(i, literal(random_.between(-1, 2)));
            body.push_back(assign(integer_global("v"), std::move(value)));
            break;
          }
          case Constant: {
            // Both paths: the same constant half the time (rule 3 holds), another one otherwise.
            const std::int64_t value = !constants.empty() && random_.chance(1, 2) ? constants.back() : random_.between(0, 7);
            constants.push_back(value);
            body.push_back(assign(integer_global("v"), literal(value)));
            break;
          }
          case MovingWrite:
            sweeps = true;
            written.push_back(random_.between(1, 7));
            body.push_back(assign(array_read("a", i), literal(written.back())));
            break;
          case InvariantWrite: {
            ExpressionShape index = random_.chance(1, 2) ? integer_global("m") : literal(random_.between(0, 1));
            written.push_back(random_.between(1, 7));
            body.push_back(assign(array_read("a", std::move(index)), literal(written.back())));
            break;
          }
        }
      }
    }
    // The counter: from 0, or from a literal (negative: the remainder below sees negative numbers).
    const std::int64_t start = sweeps || random_.chance(2, 3) ? 0 : random_.between(-1, 2);
    out_.push_back(assign(i, literal(start)));
    if (random_.chance(1, 2)) out_.push_back(assign(integer_global("k"), literal(random_.between(0, 2))));
    ExpressionShape bound;
    if (sweeps) {
      bound = length_of("a");
    } else {
      // Up to k, which the loop's paths may move as well: then the condition holds on later
      // passes but not on the first when k gains on i (the loop does not end once entered).
      switch (random_.weighted({2, 2, templated ? 4u : 2u, templated ? 2u : 0u})) {
        case 0: bound = integer_global("n"); break;
        case 1: bound = literal(random_.between(0, 3)); break;
        case 2: bound = literal(random_.between(4, 6)); break;  // κ ≥ 5 passes: the compact ∀τ's instances
        default: bound = integer_global("k"); break;
      }
    }
    const std::int64_t step = sweeps || random_.chance(4, 5) ? 1 : 2;
    ExpressionShape looping = less(i, std::move(bound));
    if (switched_off) {
      out_.push_back(assign(bool_global(), boolean_literal(false)));
      looping = binary(BinaryOperator::And, std::move(looping), bool_global());
    }
    std::vector<StatementShape> body;
    if (two_paths) {
      ExpressionShape condition = path_condition(i);
      body.push_back(choice(std::move(condition), std::move(first), std::move(second)));
    } else {
      body = std::move(first);
    }
    body.push_back(increment(i, literal(step)));
    out_.push_back(loop(std::move(looping), std::move(body)));
    // The target: about what the last effect wrote, or about the counter.
    ExpressionShape target;
    switch (random_.chance(1, 5) ? -1 : static_cast<int>(last_effect)) {
      case InvariantSum:
      case VariantSum: target = differs(integer_global("k"), literal(random_.between(0, 6))); break;
      case LastValue: target = differs(integer_global("v"), literal(random_.between(0, 4))); break;
      case Constant: target = differs(integer_global("v"), literal(constants.empty() ? 0 : random_.pick(constants))); break;
      case MovingWrite:
      case InvariantWrite: target = element_differs(random_.pick(written)); break;
      default: target = differs(i, literal(random_.between(0, 4))); break;
    }
    out_.push_back(assertion(std::move(target)));
  }

  void nested_loops() {
    declare_globals(false);
    const ExpressionShape i = integer_global("i");
    const ExpressionShape j = integer_global("j");
    out_.push_back(assign(i, literal(0)));
    if (random_.chance(1, 2)) out_.push_back(assign(integer_global("v"), literal(0)));
    if (random_.chance(1, 2)) out_.push_back(assign(integer_global("k"), literal(0)));
    ExpressionShape outer_bound = random_.chance(1, 2) ? integer_global("m") : literal(random_.between(1, 3));
    // The inner loop runs up to the outer counter (i times in pass i), to an input or to a literal,
    // from 0 or, towards an input or a literal, from i (Fig. 3); or from 0 up to k, which every
    // outer pass raises by the input m: its trip count in pass κ is max(0, k + κ·m), which only
    // the bilinear form of Algorithm 2's line 24 (products κ·a) expresses.
    enum InnerKind { UpToOuter, UpToInput, UpToLiteral, UpToRaised };
    const auto inner_kind = static_cast<InnerKind>(random_.weighted({2, 2, 1, 3}));
    ExpressionShape inner_bound = inner_kind == UpToOuter     ? i
                                  : inner_kind == UpToInput   ? integer_global("n")
                                  : inner_kind == UpToRaised  ? integer_global("k")
                                                              : literal(random_.between(1, 3));
    ExpressionShape inner_start =
        (inner_kind == UpToInput || inner_kind == UpToLiteral) && random_.chance(1, 2) ? i : literal(0);
    std::vector<StatementShape> inner;
    // Two inner paths, both moving j, one also v: θ′(j) is a function of the counters' sum, θ′(v)
    // is not.  In one nested loop in three (not with the raised bound, whose single path keeps it
    // cheap): apc_summary_sound's queries then carry the inner looping condition's ∀∃, which Z3
    // mostly leaves undecided after spending its work budget (a quarter of a second a program).
    if (inner_kind != UpToRaised && random_.chance(1, 3)) {
      ExpressionShape condition = random_.chance(1, 2) ? less(j, integer_global("m")) : bool_global();
      std::vector<StatementShape> counted{increment(integer_global("v"), literal(1)), increment(j, literal(1))};
      inner.push_back(choice(std::move(condition), {increment(j, literal(1))}, std::move(counted)));
    } else {
      inner.push_back(increment(j, literal(1)));
    }
    std::vector<StatementShape> outer{assign(j, std::move(inner_start)), loop(less(j, std::move(inner_bound)), std::move(inner))};
    // The outer path reads the inner count, k += j, or raises the inner bound, k += m.
    const bool sums = inner_kind != UpToRaised && random_.chance(1, 2);
    if (sums) outer.push_back(increment(integer_global("k"), j));
    if (inner_kind == UpToRaised) outer.push_back(increment(integer_global("k"), integer_global("m")));
    outer.push_back(increment(i, literal(1)));
    out_.push_back(loop(less(i, std::move(outer_bound)), std::move(outer)));
    ExpressionShape target;
    const bool raised = inner_kind == UpToRaised;
    switch (random_.weighted({3, sums || raised ? 2u : 0u, raised ? 0u : 1u})) {
      case 0: target = differs(j, integer_global("n")); break;
      case 1: target = differs(integer_global("k"), literal(random_.between(0, 6))); break;
      default: target = differs(integer_global("v"), literal(random_.between(0, 3))); break;
    }
    out_.push_back(assertion(std::move(target)));
  }

  void backbones() {
    declare_globals(false);
    const ExpressionShape v = integer_global("v");
    std::vector<std::int64_t> constants;
    const int paths = static_cast<int>(random_.between(2, 3));
    for (int p = 0; p < paths; ++p) constants.push_back(random_.between(1, 3));  // often equal
    // if C1 { v := K1 } else if C2 { v := K2 } else { v := K3 }, built from the last branch up.
    std::vector<StatementShape> rest{assign(v, literal(constants.back()))};
    for (int p = paths - 2; p >= 0; --p) {
      ExpressionShape condition = input_condition();
      StatementShape set = assign(v, literal(constants[static_cast<std::size_t>(p)]));
      StatementShape branch = choice(std::move(condition), {std::move(set)}, std::move(rest));
      rest = {std::move(branch)};
    }
    out_.push_back(std::move(rest.front()));
    out_.push_back(assertion(differs(v, literal(random_.pick(constants)))));
  }

  // i := 0; while i < N { if C1 { .. } .. if C5 { .. } i := i + 1; }: five or six ifs in a row
  // in one pass, 32 or 64 paths through it from a free i, more than the compact engine builds
  // templates for (16).  The conditions test the counter, which main starts at 0, so a run takes
  // one path per pass; at most one of them reads an input (f or m) and forks it.  The target
  // reads an Item, h == nil || k != K: a program with a class is one the apc engine refuses,
  // which would summarise every loop path, at a cost of seconds and with its queries unknown.
  void branchy_loop() {
    declare_globals(false);
    const std::int32_t item = item_class();
    const ExpressionShape h = declared_object("h", item);
    const ExpressionShape i = integer_global("i");
    out_.push_back(assign(i, literal(0)));
    if (random_.chance(1, 2)) out_.push_back(assign(integer_global("k"), literal(0)));
    std::vector<StatementShape> body;
    bool input_read = false;
    const int ifs = static_cast<int>(random_.between(5, 6));
    for (int c = 0; c < ifs; ++c) {
      ExpressionShape condition;
      switch (random_.weighted({3, 2, 2, input_read ? 0u : 1u})) {
        case 0: condition = binary(BinaryOperator::Equal, i, literal(random_.between(0, 2))); break;
        case 1: condition = less(i, literal(random_.between(1, 2))); break;
        case 2: condition = binary(BinaryOperator::Equal, binary(BinaryOperator::Remainder, i, literal(2)), literal(0)); break;
        default:
          input_read = true;
          condition = random_.chance(1, 2) ? bool_global() : less(i, integer_global("m"));
          break;
      }
      const ExpressionShape moved = random_.chance(2, 3) ? integer_global("k") : integer_global("v");
      body.push_back(choice(std::move(condition), {increment(moved, literal(random_.between(1, 3)))}, {}));
    }
    body.push_back(increment(i, literal(1)));
    out_.push_back(loop(less(i, literal(random_.between(1, 3))), std::move(body)));
    const ExpressionShape about = random_.chance(2, 3) ? integer_global("k") : integer_global("v");
    ExpressionShape unset = binary(BinaryOperator::Equal, h, nil_literal(ShapeType::object(item)));
    ExpressionShape differing = differs(about, literal(random_.between(0, 6)));
    out_.push_back(assertion(binary(BinaryOperator::Or, std::move(unset), std::move(differing))));
  }

  // A counting recursion and a callee with several leaves, called from main (level 2).
  void calls() {
    declare_globals(true);
    const ExpressionShape u1 = variable("u1", ShapeType::integer());
    const ExpressionShape k = integer_global("k");
    const ExpressionShape v = integer_global("v");
    // Q1(u1): if u1 < n { [k := k + d;] Q1(u1 + 1); R } [else { v := 0; }] — a recursion template
    // (Trtík §5.2), the parameter moving up to an input, whose return phase R counts in v,
    // v := v + c, as §5.2 asks, in one case of three; otherwise it is one the template must refuse:
    // v := v + u1 (no constant offset, one of three), v := v + c; Q2(u1, m) (a call on the way
    // back) or v := v + c; assert false (the return ends the run).
    CallableShape count;
    count.name = "Q1";
    count.parameters.push_back({"u1", ShapeType::integer()});
    std::vector<StatementShape> deeper;
    if (random_.chance(1, 2)) deeper.push_back(increment(k, invariant_amount()));
    deeper.push_back(call("Q1", {plus(u1, literal(1))}));
    enum ReturnPhase { CountsUp, AddsDepth, CallsOut, CannotReturn };
    const auto returning = static_cast<ReturnPhase>(random_.weighted({2, 2, 1, 1}));
    deeper.push_back(increment(v, returning == AddsDepth ? u1 : literal(random_.between(1, 2))));
    if (returning == CallsOut) deeper.push_back(call("Q2", {u1, integer_global("m")}));
    if (returning == CannotReturn) deeper.push_back(assertion(boolean_literal(false)));
    std::vector<StatementShape> last;
    if (random_.chance(1, 2)) last.push_back(assign(v, literal(0)));
    count.body.push_back(choice(less(u1, integer_global("n")), std::move(deeper), std::move(last)));
    // Q2(u1, u2): reads and writes globals and, at level 2 with no classes, an element of a,
    // with a leaf per branch, one of them an error when u2 is out of a's bounds.
    CallableShape update;
    update.name = "Q2";
    update.parameters = {{"u1", ShapeType::integer()}, {"u2", ShapeType::integer()}};
    const ExpressionShape u2 = variable("u2", ShapeType::integer());
    std::vector<StatementShape> above{assign(k, plus(u1, integer_global("m")))};
    if (arrays_allowed() && random_.chance(2, 3)) above.push_back(assign(array_read("a", u2), u1));
    std::vector<StatementShape> below;
    if (random_.chance(1, 2)) {
      below.push_back(choice(bool_global(), {assign(v, u2)}, {}));
    } else {
      below.push_back(assign(v, binary(BinaryOperator::Remainder, u2, literal(random_.chance(1, 2) ? 2 : -3))));
    }
    update.body.push_back(choice(less(u2, u1), std::move(above), std::move(below)));
    // The random procedures go: main no longer calls them, and shrinking would spend its
    // candidates on their bodies, which the printed program leaves out.
    case_.program.procedures.clear();
    case_.program.procedures.push_back(std::move(count));
    case_.program.procedures.push_back(std::move(update));
    // main: one to three calls, one of them now and then under a condition (a call site with a path
    // condition of its own), then the target.
    const int calls = static_cast<int>(random_.between(1, 3));
    for (int c = 0; c < calls; ++c) {
      StatementShape made;
      if (random_.chance(1, 2)) {
        made = call("Q1", {literal(random_.between(-1, 1))});
      } else {
        ExpressionShape second = random_.chance(1, 2) ? integer_global("m") : literal(random_.between(-1, 2));
        const std::size_t from = random_.weighted({2, 1, 1});
        ExpressionShape first = from == 0 ? integer_global("n") : from == 1 ? k : literal(random_.between(0, 4));
        made = call("Q2", {std::move(first), std::move(second)});
      }
      if (random_.chance(1, 3)) made = choice(input_condition(), {std::move(made)}, {});
      out_.push_back(std::move(made));
    }
    const ExpressionShape& about = random_.chance(1, 2) ? v : k;
    ExpressionShape target = differs(about, literal(random_.between(0, 3)));
    out_.push_back(assertion(std::move(target)));
  }

  // Lists, trees and shared nodes of a class of its own, Item { key, next, other } (level 3):
  // a walk along next, a node put in front, a node shared by two fields, writes through two
  // children, and an alias test; the inputs' Items point anywhere (sharing, cycles) or nil.
  void heap() {
    declare_globals(false);
    const std::int32_t item = item_class();
    const ShapeType node = ShapeType::object(item);
    const ExpressionShape h = declared_object("h", item);
    const ExpressionShape g = declared_object("g", item);
    auto key = [&](ExpressionShape of) { return field_read(std::move(of), "key", ShapeType::integer()); };
    auto next = [&](ExpressionShape of) { return field_read(std::move(of), "next", node); };
    auto other = [&](ExpressionShape of) { return field_read(std::move(of), "other", node); };
    auto present = [&](ExpressionShape of) { return differs(std::move(of), nil_literal(node)); };
    auto both = [](ExpressionShape left, ExpressionShape right) {
      return binary(BinaryOperator::And, std::move(left), std::move(right));
    };
    const int pieces = static_cast<int>(random_.between(2, 4));
    for (int p = 0; p < pieces; ++p) {
      switch (random_.weighted({3, 2, 2, 2, 2, 2})) {
        case 0: {  // g := h; while g != nil { g.key := g.key + 1; g := g.next; }
          out_.push_back(assign(g, h));
          std::vector<StatementShape> body{assign(key(g), plus(key(g), literal(1))), assign(g, next(g))};
          out_.push_back(loop(present(g), std::move(body)));
          break;
        }
        case 1: {  // g := new Item; g.next := h; h := g;
          StatementShape made;
          made.kind = StatementShapeKind::New;
          made.class_index = item;
          made.target.push_back(g);
          out_.push_back(std::move(made));
          out_.push_back(assign(next(g), h));
          if (random_.chance(1, 2)) out_.push_back(assign(key(g), integer_global("n")));
          out_.push_back(assign(h, g));
          break;
        }
        case 2:  // if h != nil { h.other := h.next; }: one node behind two fields
          out_.push_back(choice(present(h), {assign(other(h), next(h))}, {}));
          break;
        case 3: {  // if h != nil && h.next != nil && h.other != nil { h.next.key := h.other.key + 1; }
          ExpressionShape guard = both(both(present(h), present(next(h))), present(other(h)));
          out_.push_back(choice(std::move(guard), {assign(key(next(h)), plus(key(other(h)), literal(1)))}, {}));
          break;
        }
        case 4: {  // g := new Item; if h != nil && h.next == g { v := 3; }: never, g being new
          StatementShape made;
          made.kind = StatementShapeKind::New;
          made.class_index = item;
          made.target.push_back(g);
          out_.push_back(std::move(made));
          ExpressionShape same = binary(BinaryOperator::Equal, next(h), g);
          out_.push_back(choice(both(present(h), std::move(same)), {assign(integer_global("v"), literal(3))}, {}));
          break;
        }
        default: {  // if h != nil && h.next == h.other { v := 1; } else { v := 2; }
          ExpressionShape same = binary(BinaryOperator::Equal, next(h), other(h));
          out_.push_back(choice(both(present(h), std::move(same)), {assign(integer_global("v"), literal(1))},
                                {assign(integer_global("v"), literal(2))}));
          break;
        }
      }
    }
    ExpressionShape target = random_.chance(1, 2)
                                 ? binary(BinaryOperator::Or, binary(BinaryOperator::Equal, h, nil_literal(node)),
                                          differs(key(h), literal(random_.between(0, 3))))
                                 : differs(integer_global("v"), literal(random_.between(1, 2)));
    out_.push_back(assertion(std::move(target)));
  }

  // The class Item { key, next, other }, added to the program; its index.
  std::int32_t item_class() {
    const auto item = static_cast<std::int32_t>(case_.program.classes.size());
    const ShapeType node = ShapeType::object(item);
    case_.program.classes.push_back(ClassShape{"Item", {{"key", ShapeType::integer()}, {"next", node}, {"other", node}}, {}});
    return item;
  }

  // The shape's statements as main.
  void finish() { case_.program.main = std::move(out_); }

 private:
  bool arrays_allowed() const { return case_.program.classes.empty(); }

  StatementShape increment(ExpressionShape target, ExpressionShape amount) {
    ExpressionShape sum = plus(target, std::move(amount));
    return assign(std::move(target), std::move(sum));
  }

  // An amount the loop does not change: a literal, or the input m, also divided or reduced with
  // negative numbers about (Euclidean / and %).
  ExpressionShape invariant_amount() {
    switch (random_.weighted({3, 2, 1, 1})) {
      case 0: return literal(random_.between(1, 3));
      case 1: return integer_global("m");
      case 2: return binary(BinaryOperator::Divide, integer_global("m"), literal(random_.chance(1, 2) ? 2 : -2));
      default: return binary(BinaryOperator::Remainder, integer_global("m"), literal(3));
    }
  }

  // Which of a loop's two paths a pass takes: by the counter, by an input, or by the parity of
  // the counter (which starts at -1 now and then).
  ExpressionShape path_condition(const ExpressionShape& i) {
    switch (random_.weighted({3, 2, 2, 1})) {
      case 0: return less(i, integer_global("m"));
      case 1: return bool_global();
      case 2: return binary(BinaryOperator::Equal, binary(BinaryOperator::Remainder, i, literal(2)), literal(0));
      default: return binary(BinaryOperator::Equal, i, literal(0));
    }
  }

  // A condition on the inputs alone.
  ExpressionShape input_condition() {
    switch (random_.weighted({2, 2, 1})) {
      case 0: return bool_global();
      case 1: return less(integer_global("n"), literal(random_.between(0, 3)));
      default: return less(integer_global("m"), integer_global("n"));
    }
  }

  // len(a) <= c || a[c] != value: an element after the loop, guarded; c is 1 or 2, so that a
  // writer whose index moves from 0 reaches it only on a later pass.
  ExpressionShape element_differs(std::int64_t value) {
    const std::int64_t index = random_.between(1, 2);
    ExpressionShape outside = binary(BinaryOperator::LessEqual, length_of("a"), literal(index));
    ExpressionShape element = differs(array_read("a", literal(index)), literal(value));
    return binary(BinaryOperator::Or, std::move(outside), std::move(element));
  }

  ExpressionShape integer_global(const std::string& name) const { return variable(name, ShapeType::integer()); }

  static StatementShape call(const std::string& callee, std::vector<ExpressionShape> arguments) {
    StatementShape s;
    s.kind = StatementShapeKind::ProcedureCall;
    s.callee = callee;
    s.arguments = std::move(arguments);
    return s;
  }

  // A global of class `item`, and in every input a few objects of that class (appended to the
  // input's heap) whose fields point at one another or are nil, the global at one of them or nil.
  ExpressionShape declared_object(const std::string& name, std::int32_t item) {
    const ShapeType type = ShapeType::object(item);
    const std::string& class_name = case_.program.classes[static_cast<std::size_t>(item)].name;
    case_.program.globals.push_back({name, type});
    for (InputShape& input : case_.inputs) {
      std::vector<std::int32_t> objects;
      for (const auto& object : input.objects)
        if (object.class_name == class_name) objects.push_back(static_cast<std::int32_t>(&object - input.objects.data()));
      if (objects.empty()) {  // the first global of the class makes its objects
        const auto count = random_.weighted({1, 2, 3, 2});
        for (std::size_t o = 0; o < count; ++o) {
          objects.push_back(static_cast<std::int32_t>(input.objects.size()));
          input.objects.push_back(ObjectInput{class_name, {}});
        }
        for (std::int32_t object : objects) {
          InputValue key;
          key.integer = Integer(random_.between(-2, 4));
          input.objects[static_cast<std::size_t>(object)].fields.emplace_back("key", std::move(key));
          for (const char* link : {"next", "other"}) {
            InputValue target;
            target.kind = InputValue::Kind::Reference;
            if (random_.chance(2, 3)) target.object = random_.pick(objects);
            input.objects[static_cast<std::size_t>(object)].fields.emplace_back(link, std::move(target));
          }
        }
      }
      InputValue value;
      value.kind = InputValue::Kind::Reference;
      if (!objects.empty() && random_.chance(4, 5)) value.object = random_.pick(objects);
      input.globals.emplace_back(name, std::move(value));
    }
    return variable(name, type);
  }
  ExpressionShape bool_global() const { return variable("f", ShapeType::boolean()); }

  // The shape's globals, those the program lacks, in one fixed order (the printer leaves out
  // the ones the shape does not use), with a value in every input.  Declared before any statement
  // is built, so that no expression's operands draw for a declaration.
  void declare_globals(bool with_array) {
    const std::pair<const char*, ShapeType> globals[] = {
        {"i", ShapeType::integer()}, {"j", ShapeType::integer()}, {"n", ShapeType::integer()}, {"m", ShapeType::integer()},
        {"k", ShapeType::integer()}, {"v", ShapeType::integer()}, {"f", ShapeType::boolean()}};
    for (const auto& [name, type] : globals) declare(name, type);
    if (with_array && arrays_allowed()) declare("a", ShapeType::int_array());
  }

  void declare(const std::string& name, ShapeType type) {
    if (case_.program.find_global(name) != nullptr) return;
    case_.program.globals.push_back({name, type});
    for (InputShape& input : case_.inputs) {
      InputValue value = input_value(name, type);
      input.globals.emplace_back(name, std::move(value));
    }
  }

  InputValue input_value(const std::string& name, ShapeType type) {
    InputValue value;
    switch (type.kind) {
      case ShapeType::Kind::Bool:
        value.kind = InputValue::Kind::Bool;
        value.boolean = random_.chance(1, 2);
        break;
      case ShapeType::Kind::IntArray: {
        value.kind = InputValue::Kind::Array;
        const auto length = random_.below(5);
        for (std::uint64_t e = 0; e < length; ++e) value.elements.push_back(Integer(random_.between(-3, 7)));
        break;
      }
      default:
        value.kind = InputValue::Kind::Int;
        // Bounds (n, m) small, so that concrete runs pass a loop a few times; now and then negative.
        value.integer = Integer(name == "n" || name == "m" ? random_.between(-2, 5) : random_.between(-3, 5));
        break;
    }
    return value;
  }

  RandomSource& random_;
  TestCase& case_;
  std::vector<StatementShape> out_;
};

}  // namespace

EngineShape add_engine_shape(RandomSource& random, int level, TestCase& test_case) {
  // The apc shapes at level 1 only: the apc engine takes neither recursion nor objects.  Nested
  // loops cost about four times an average random program to check (the apc properties'
  // summaries of them), the calls of level 2 about twice (the compositional properties' axioms),
  // the other shapes less than one.
  std::vector<unsigned> weights = level == 1   ? std::vector<unsigned>{69, 17, 3, 11, 0, 0, 0}
                                  : level == 2 ? std::vector<unsigned>{90, 0, 0, 0, 10, 0, 0}
                                               : std::vector<unsigned>{84, 0, 0, 0, 0, 10, 6};
  const auto shape = static_cast<EngineShape>(random.weighted(weights));
  ShapeBuilder builder(random, test_case);
  switch (shape) {
    case EngineShape::None: return shape;
    case EngineShape::CountingLoop: builder.counting_loop(); break;
    case EngineShape::NestedLoops: builder.nested_loops(); break;
    case EngineShape::Backbones: builder.backbones(); break;
    case EngineShape::Calls: builder.calls(); break;
    case EngineShape::Heap: builder.heap(); break;
    case EngineShape::BranchyLoop: builder.branchy_loop(); break;
  }
  builder.finish();
  return shape;
}

}  // namespace symref::props

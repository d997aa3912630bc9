// Randomized check that simplification keeps meaning under random valuations (§2 V(t), §2.1, §4.1).
//
// Each term is built once with and once without simplification from the same seed; valuations make
// input-derived references non-positive and new objects positive.  Fixed seeds.
#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "semantics/terms/evaluator.hpp"
#include "semantics/terms/printer.hpp"
#include "tests/semantics/terms/random_terms.hpp"
#include "tests/semantics/terms/term_fixture.hpp"

namespace symref::terms::testing {
namespace {

// Builds `count` random terms of each scalar sort twice and returns how many disagree under
// `valuations` valuations; reports the first few.
int disagreements(std::uint64_t seed, int count, int valuations, bool report) {
  TermManager m;
  Vocabulary vocabulary(m);
  int found = 0;
  for (int i = 0; i < count; ++i) {
    for (int sort = 0; sort < 3; ++sort) {
      auto build = [&](bool simplify) {
        m.set_simplify(simplify);
        RandomTerms random(m, vocabulary, seed * 1000003 + static_cast<std::uint64_t>(i) * 3 + sort);
        return sort == 0 ? random.boolean(5) : sort == 1 ? random.integer(5) : random.reference(5);
      };
      Term simplified = build(true);
      Term unsimplified = build(false);
      RandomTerms valuation_source(m, vocabulary, 0);
      for (int k = 0; k < valuations; ++k) {
        MapValuation v = valuation_source.valuation(seed * 7919 + static_cast<std::uint64_t>(i) * 31 + k);
        Value expected = evaluate(unsimplified, v), actual = evaluate(simplified, v);
        if (!(expected == actual)) {
          if (report && ++found <= 5)
            ADD_FAILURE() << "simplification changed meaning:\n  unsimplified: " << print_term(unsimplified)
                          << "\n  simplified:   " << print_term(simplified);
          else
            ++found;
          break;
        }
      }
    }
  }
  return found;
}

TEST(SimplificationKeepsMeaning, RandomTermsUnderRandomValuations) {
  for (std::uint64_t seed : {1u, 2u, 3u}) EXPECT_EQ(disagreements(seed, 1000, 8, true), 0) << "seed " << seed;
}

TEST(SimplificationKeepsMeaning, CatchesThePlantedSelectOverStoreFault) {
  ScopedFault fault(Fault::SelectOverStoreUnchecked);
  EXPECT_GT(disagreements(1, 1000, 8, false), 0);
}

TEST(SimplificationKeepsMeaning, SimplificationActuallyHappens) {
  TermManager m;
  Vocabulary vocabulary(m);
  std::size_t smaller = 0;
  for (int i = 0; i < 200; ++i) {
    m.set_simplify(true);
    Term simplified = RandomTerms(m, vocabulary, 77 + i).integer(5);
    m.set_simplify(false);
    Term unsimplified = RandomTerms(m, vocabulary, 77 + i).integer(5);
    smaller += simplified != unsimplified;
  }
  EXPECT_GT(smaller, 100u);
}

}  // namespace
}  // namespace symref::terms::testing

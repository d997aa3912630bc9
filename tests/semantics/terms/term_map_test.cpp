// Tests of the term-keyed hash map and set that every DAG pass caches in (§2 substitution, evaluation).
#include "semantics/terms/term_map.hpp"

#include <gtest/gtest.h>

#include <random>
#include <unordered_map>
#include <vector>

#include "semantics/terms/term_manager.hpp"

namespace symref::terms::testing {
namespace {

TEST(TermMap, AgreesWithAStandardMapUnderRandomInsertionsAndErasures) {
  TermManager m;
  std::vector<Term> keys;
  for (int i = 0; i < 500; ++i) keys.push_back(m.integer(i));
  TermMap<int> map;
  std::unordered_map<Term, int> reference;
  std::mt19937_64 random(7);
  for (int step = 0; step < 200000; ++step) {
    Term key = keys[random() % keys.size()];
    switch (random() % 3) {
      case 0: {
        int value = static_cast<int>(random() % 1000);
        map.insert_or_assign(key, value);
        reference[key] = value;
        break;
      }
      case 1: EXPECT_EQ(map.erase(key), reference.erase(key) == 1); break;
      default: {
        const int* found = map.find(key);
        auto expected = reference.find(key);
        ASSERT_EQ(found != nullptr, expected != reference.end());
        if (found != nullptr) {
          EXPECT_EQ(*found, expected->second);
        }
      }
    }
    ASSERT_EQ(map.size(), reference.size());
  }
  std::size_t visited = 0;
  map.for_each([&](Term key, int value) {
    ++visited;
    EXPECT_EQ(reference.at(key), value);
  });
  EXPECT_EQ(visited, reference.size());
  map.clear();
  EXPECT_TRUE(map.empty());
  EXPECT_EQ(map.find(keys[0]), nullptr);
}

TEST(TermSet, InsertReportsNewnessAndEraseRemoves) {
  TermManager m;
  Term x = m.global_symbol(0, Sort::integer(), "x");
  TermSet set;
  EXPECT_TRUE(set.insert(x));
  EXPECT_FALSE(set.insert(x));
  EXPECT_TRUE(set.contains(x));
  EXPECT_TRUE(set.erase(x));
  EXPECT_FALSE(set.contains(x));
  EXPECT_FALSE(set.erase(x));
  EXPECT_EQ(set.size(), 0u);
}

}  // namespace
}  // namespace symref::terms::testing

// Shared test vocabulary: a program-less manager with symbols of every sort (§2, §2.1, §4.1 terms).
#pragma once

#include <gtest/gtest.h>

#include "semantics/faults.hpp"
#include "semantics/terms/term_manager.hpp"

namespace symref::terms::testing {

class TermFixture : public ::testing::Test {
 protected:
  TermManager m;
  Term x = m.global_symbol(0, Sort::integer(), "x");
  Term y = m.global_symbol(1, Sort::integer(), "y");
  Term b = m.global_symbol(2, Sort::boolean(), "b");
  Term c = m.global_symbol(3, Sort::boolean(), "c");
  Term a = m.global_symbol(4, Sort::int_array(), "a");
  Term p = m.global_symbol(5, Sort::reference(0), "p");
  Term q = m.global_symbol(6, Sort::reference(0), "q");
  Term next = m.field_symbol(0, Sort::reference(0), "next");
  Term val = m.field_symbol(1, Sort::integer(), "val");
  Term flag = m.field_symbol(2, Sort::boolean(), "flag");

  Term n(std::int64_t value) { return m.integer(value); }
};


}  // namespace symref::terms::testing

// The RapidCheck generator of test cases, with our well-typed shrinking (no lemma).
//
// The RapidCheck generator of test cases (no lemma): generation seeded from RapidCheck's random
// stream and scaled by its size, shrinking by the well-typed edits of props/shrinking.hpp.
#pragma once

#include <rapidcheck.h>

#include "props/test_case.hpp"

namespace symref::props {

rc::Gen<TestCase> arbitrary_test_case(int level);

}  // namespace symref::props
